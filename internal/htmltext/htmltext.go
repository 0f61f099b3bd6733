// Package htmltext turns an HTML page into the text a reader sees: one
// tokenizer walk (golang.org/x/net/html, never a regular expression over
// markup) that drops scripts, styles and other non-text content, decodes
// entities, breaks the text into blocks at block elements, joins table
// cells with " | " and reads the first <title> apart. It is the one
// HTML-to-text of Dalil: documentfacts reads uploaded HTML documents with
// it, the supplier check's site check and the company intelligence
// website port (internal/intel/sitefetch) read fetched pages with it.
//
// Every input is hostile: malformed markup is read as a browser's
// tokenizer would, nesting is bounded (nothing is recursive), and the
// output is valid UTF-8.
package htmltext

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Options choose what Extract reads. The zero value reads the visible
// text of a page with hidden elements read as text and navigation and
// form controls dropped.
type Options struct {
	// Hidden sets elements the page hides (the hidden attribute, an inline
	// display:none, visibility:hidden, zero size or opacity, white text,
	// or a simple class or id rule of the page's own stylesheet) apart in
	// Doc.Hidden instead of reading them as text.
	Hidden bool
	// Chrome reads navigation and form controls (nav, button, select,
	// textarea) as text. A document reader drops them as noise; a
	// website's contact links and numbers are often there.
	Chrome bool
	// Words: every tag ends a word, as a page's links, labels and
	// numbers laid out side by side read apart ("Contact" and
	// "info@x.om" never become one address). Without it only block
	// elements and <br> do, as in a document whose words may be split
	// across inline elements.
	Words bool
	// Lines: a <br> outside a table ends its block, as the line break of
	// a document (a letter's signature: the company, the name, the title
	// on lines of their own). Without it a <br> is a space.
	Lines bool
	// MaxText stops reading once the blocks hold at least this many bytes
	// (0: no limit); Doc.Truncated then says so.
	MaxText int
	// Check, when set, is called once per token: a time budget may stop
	// the walk by panicking from it.
	Check func()
}

// Block is one paragraph, heading, list item or table row, its spaces
// collapsed.
type Block struct {
	Text    string
	Heading bool // inside h1 to h6
	Row     bool // a table row, cells joined by " | "
	// TableStart: the first row of a table (two tables one after the
	// other are two tables, not one).
	TableStart bool
}

// Hidden is the text of one element the page hides (Options.Hidden), with
// why it counts as hidden.
type Hidden struct {
	Text   string
	Reason string
}

// Doc is what Extract read.
type Doc struct {
	Title  string // the first <title>, spaces collapsed
	Blocks []Block
	Hidden []Hidden
	// Active: the page has scripts, frames or objects (their content is
	// never read as text).
	Active bool
	// Truncated: reading stopped at Options.MaxText.
	Truncated bool
}

// Text is the blocks one a line.
func (d Doc) Text() string {
	var b strings.Builder
	for i, bl := range d.Blocks {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(bl.Text)
	}
	return b.String()
}

// Page reads a fetched web page as the site check and the intel website
// port do: its title, and its title then its visible text on one line of
// at most max bytes. Navigation and buttons are kept (contact details are
// often there), every tag ends a word, hidden elements are read as text.
func Page(body []byte, max int) (title, text string) {
	d := Extract(body, Options{Chrome: true, Words: true, MaxText: max})
	return d.Title, Line(d.Title+" "+d.Text(), max)
}

// Line is s on one line: runs of white space (line breaks included) made
// one space, trimmed, and cut to at most max bytes (0: no limit) at a
// character boundary.
func Line(s string, max int) string {
	s = collapse(s)
	if max > 0 && len(s) > max {
		s = s[:max]
		for len(s) > 0 {
			if r, n := utf8.DecodeLastRuneInString(s); r != utf8.RuneError || n != 1 {
				break
			}
			s = s[:len(s)-1]
		}
		s = strings.TrimSpace(s)
	}
	return s
}

// maxDepth bounds the element stack kept; deeper elements are read as
// text of the deepest kept element (a hostile page cannot grow memory by
// nesting).
const maxDepth = 512

type frame struct {
	tag    atom.Atom
	hidden string // reason, when this element or an ancestor is hidden
	skip   bool   // script, style, ...: never text
	svg    bool   // inside <svg> (whose <title> names a picture)
}

// Extract reads data as HTML under opt. It never fails: bytes that are not
// HTML are read as text.
func Extract(data []byte, opt Options) Doc {
	check := opt.Check
	if check == nil {
		check = func() {}
	}
	var doc Doc
	var hiddenClasses, hiddenIDs map[string]bool
	if opt.Hidden {
		hiddenClasses, hiddenIDs = hiddenSelectors(check, data)
	}
	z := html.NewTokenizer(bytes.NewReader(data))
	z.SetMaxBuf(len(data) + 1)
	stack := []frame{{}}
	overflow := 0 // open elements beyond maxDepth, not kept
	var cur, hiddenBuf strings.Builder
	var row []string
	inRow, heading, title := false, false, false
	var titleBuf strings.Builder
	hiddenReason := ""
	size := 0
	add := func(b Block) {
		doc.Blocks = append(doc.Blocks, b)
		size += len(b.Text)
	}
	newTable := false // the next row flushed opens a table
	flush := func() {
		t := collapse(cur.String())
		cur.Reset()
		if t == "" {
			return
		}
		if inRow {
			row = append(row, t)
			return
		}
		add(Block{Text: t, Heading: heading})
	}
	flushRow := func() {
		if len(row) > 0 {
			add(Block{Text: strings.Join(row, " | "), Row: true, TableStart: newTable})
			newTable = false
		}
		inRow, row = false, row[:0]
	}
	flushHidden := func() {
		if t := collapse(hiddenBuf.String()); t != "" {
			doc.Hidden = append(doc.Hidden, Hidden{Text: t, Reason: hiddenReason})
		}
		hiddenBuf.Reset()
		hiddenReason = ""
	}
	for {
		check()
		if opt.MaxText > 0 && size >= opt.MaxText {
			doc.Truncated = true
			break
		}
		tt := z.Next()
		if opt.Words && (tt == html.StartTagToken || tt == html.EndTagToken || tt == html.SelfClosingTagToken) {
			cur.WriteByte(' ')
			hiddenBuf.WriteByte(' ')
		}
		if tt == html.ErrorToken {
			flush()
			flushHidden()
			if inRow {
				flushRow()
			}
			break
		}
		switch tt {
		case html.TextToken:
			top := stack[len(stack)-1]
			text := z.Text()
			if title {
				titleBuf.Write(text)
				continue
			}
			if top.skip {
				continue
			}
			if top.hidden != "" {
				if hiddenReason == "" {
					hiddenReason = top.hidden
				}
				hiddenBuf.Write(text)
				continue
			}
			cur.Write(text)
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			parent := stack[len(stack)-1]
			f := frame{tag: a, hidden: parent.hidden, skip: parent.skip, svg: parent.svg || a == atom.Svg}
			if opt.Hidden {
				var attrs [][2]string
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					attrs = append(attrs, [2]string{string(k), string(v)})
				}
				if reason := elementHidden(attrs, hiddenClasses, hiddenIDs); reason != "" && f.hidden == "" {
					f.hidden = reason
				}
			}
			switch a {
			case atom.Script, atom.Iframe, atom.Object:
				doc.Active = true
				f.skip = true
			case atom.Style, atom.Noscript, atom.Template, atom.Svg, atom.Head:
				f.skip = true
			case atom.Nav, atom.Button, atom.Select, atom.Textarea:
				f.skip = f.skip || !opt.Chrome
			case atom.Title:
				title = doc.Title == "" && !f.svg
				f.skip = true // a later title is not text either
			case atom.Br:
				if opt.Lines && !inRow && !f.skip {
					flush()
				} else {
					cur.WriteString(" ")
				}
			}
			if isBlock(a) && !f.skip {
				flush()
			}
			switch a {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				heading = true
			case atom.Tr:
				flush()
				if inRow {
					flushRow() // an unclosed row ends where the next begins
				}
				inRow = true
			case atom.Td, atom.Th:
				flush()
			case atom.Table:
				newTable = true
			}
			if tt == html.SelfClosingTagToken || isVoid(a) {
				continue
			}
			if len(stack) < maxDepth {
				stack = append(stack, f)
			} else {
				overflow++
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Title && title {
				title = false
				doc.Title = collapse(titleBuf.String())
				titleBuf.Reset()
			}
			if isBlock(a) {
				flush()
			}
			switch a {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				heading = false
			case atom.Td, atom.Th:
				flush()
			case atom.Tr, atom.Table:
				flush()
				flushRow()
			}
			if overflow > 0 {
				overflow-- // an element beyond the kept depth closes
				continue
			}
			// Pop to the matching open element; a stray end tag is ignored.
			for i := len(stack) - 1; i > 0; i-- {
				if stack[i].tag == a {
					wasHidden := stack[i].hidden != "" && stack[i-1].hidden == ""
					stack = stack[:i]
					if wasHidden {
						flushHidden()
					}
					break
				}
			}
		}
	}
	if title {
		doc.Title = collapse(titleBuf.String()) // an unclosed <title>
	}
	return doc
}

// collapse makes runs of white space one space, trims, and replaces
// invalid UTF-8 with U+FFFD.
func collapse(s string) string {
	return strings.ToValidUTF8(strings.Join(strings.Fields(s), " "), "\uFFFD")
}

var (
	hiddenStyle  = regexp.MustCompile(`(?i)(?:^|;|\s)(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:;|$|!)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$|!)|(?:^|;)\s*color\s*:\s*(?:#fff(?:fff)?|white|rgb\(\s*255\s*,\s*255\s*,\s*255\s*\))\s*(?:;|$|!))`)
	styleRule    = regexp.MustCompile(`([^{}]+)\{([^{}]*)\}`)
	simpleSelect = regexp.MustCompile(`^\s*([.#])([A-Za-z0-9_-]+)\s*$`)
)

func elementHidden(attrs [][2]string, classes, ids map[string]bool) string {
	for _, kv := range attrs {
		switch strings.ToLower(kv[0]) {
		case "hidden":
			return "html hidden attribute"
		case "style":
			if m := hiddenStyle.FindString(kv[1]); m != "" {
				return "html style " + strings.Trim(strings.TrimSpace(m), "; ")
			}
		case "class":
			for c := range strings.FieldsSeq(kv[1]) {
				if classes[c] {
					return "html class ." + c + " is hidden by the page's stylesheet"
				}
			}
		case "id":
			if ids[kv[1]] {
				return "html id #" + kv[1] + " is hidden by the page's stylesheet"
			}
		}
	}
	return ""
}

// hiddenSelectors reads the page's <style> blocks for simple class and id
// rules that hide content (".x { display: none }").
func hiddenSelectors(check func(), data []byte) (classes, ids map[string]bool) {
	classes, ids = map[string]bool{}, map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(data))
	inStyle := false
	for {
		check()
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken:
			n, _ := z.TagName()
			inStyle = atom.Lookup(n) == atom.Style
		case html.EndTagToken:
			inStyle = false
		case html.TextToken:
			if !inStyle {
				continue
			}
			for _, m := range styleRule.FindAllStringSubmatch(string(z.Text()), 200) {
				if !hiddenStyle.MatchString(m[2]) {
					continue
				}
				for sel := range strings.SplitSeq(m[1], ",") {
					if s := simpleSelect.FindStringSubmatch(sel); s != nil {
						if s[1] == "." {
							classes[s[2]] = true
						} else {
							ids[s[2]] = true
						}
					}
				}
			}
		}
	}
}

func isBlock(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Li, atom.Ul, atom.Ol, atom.Section, atom.Article, atom.Main, atom.Header, atom.Footer, atom.Aside,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Table, atom.Tr, atom.Blockquote, atom.Pre, atom.Address,
		atom.Dl, atom.Dt, atom.Dd, atom.Figure, atom.Figcaption, atom.Form, atom.Fieldset, atom.Body, atom.Hr, atom.Caption:
		return true
	}
	return false
}

func isVoid(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input, atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}
