package read

import (
	"bytes"
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxHTMLDepth bounds the element stack kept; deeper elements are read as
// text of the deepest kept element (a hostile page cannot grow memory by
// nesting, and nothing is recursive).
const maxHTMLDepth = 512

var (
	hiddenStyle  = regexp.MustCompile(`(?i)(?:^|;|\s)(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:;|$|!)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$|!)|(?:^|;)\s*color\s*:\s*(?:#fff(?:fff)?|white|rgb\(\s*255\s*,\s*255\s*,\s*255\s*\))\s*(?:;|$|!))`)
	styleRule    = regexp.MustCompile(`([^{}]+)\{([^{}]*)\}`)
	simpleSelect = regexp.MustCompile(`^\s*([.#])([A-Za-z0-9_-]+)\s*$`)
)

type htmlFrame struct {
	tag    atom.Atom
	hidden string // reason, when this element or an ancestor is hidden
	skip   bool   // script, style, ...: dropped without a warning
}

// readHTML keeps the visible text of a page: scripts, styles, templates,
// navigation and hidden elements dropped (hidden ones reported), headings
// as headings, table rows with cells joined by " | ", block elements as
// blocks.
func readHTML(b *budget, data []byte, lim Limits) (*Document, error) {
	doc := &Document{Format: FormatHTML}
	hiddenClasses, hiddenIDs := hiddenSelectors(b, data)
	z := html.NewTokenizer(bytes.NewReader(data))
	z.SetMaxBuf(len(data) + 1)
	stack := []htmlFrame{{}}
	overflow := 0 // open elements beyond maxHTMLDepth, not kept
	var cur strings.Builder
	var row []string
	inRow, heading, title := false, false, false
	var hiddenBuf strings.Builder
	hiddenReason := ""
	active := false
	flush := func() {
		t := strings.TrimSpace(cur.String())
		cur.Reset()
		if t == "" {
			return
		}
		if inRow {
			row = append(row, t)
			return
		}
		doc.Blocks = append(doc.Blocks, Block{Text: t, Heading: heading})
	}
	flushHidden := func() {
		if t := strings.TrimSpace(hiddenBuf.String()); t != "" {
			doc.Hidden = append(doc.Hidden, Hidden{Text: t, Reason: hiddenReason})
		}
		hiddenBuf.Reset()
		hiddenReason = ""
	}
	for {
		b.check()
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			flush()
			flushHidden()
			if inRow && len(row) > 0 {
				doc.Blocks = append(doc.Blocks, Block{Text: strings.Join(row, " | "), Row: true})
			}
			return doc, nil
		case html.TextToken:
			top := stack[len(stack)-1]
			text := string(z.Text())
			if title {
				doc.Title += strings.TrimSpace(text)
				continue
			}
			if top.skip {
				continue
			}
			if top.hidden != "" {
				if hiddenReason == "" {
					hiddenReason = top.hidden
				}
				hiddenBuf.WriteString(text)
				continue
			}
			cur.WriteString(text)
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			parent := stack[len(stack)-1]
			frame := htmlFrame{tag: a, hidden: parent.hidden, skip: parent.skip}
			var attrs [][2]string
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs = append(attrs, [2]string{string(k), string(v)})
			}
			if reason := elementHidden(attrs, hiddenClasses, hiddenIDs); reason != "" && frame.hidden == "" {
				frame.hidden = reason
			}
			switch a {
			case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg, atom.Iframe, atom.Object, atom.Head, atom.Nav, atom.Button, atom.Select, atom.Textarea:
				if a == atom.Script || a == atom.Iframe || a == atom.Object {
					active = true
				}
				frame.skip = true
			case atom.Title:
				title = doc.Title == ""
			case atom.Br:
				cur.WriteString(" ")
			}
			if isBlock(a) && !frame.skip {
				flush()
			}
			switch a {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				heading = true
			case atom.Tr:
				flush()
				inRow, row = true, row[:0]
			case atom.Td, atom.Th:
				flush()
			}
			if tt == html.SelfClosingTagToken || isVoid(a) {
				continue
			}
			if len(stack) < maxHTMLDepth {
				stack = append(stack, frame)
			} else {
				overflow++
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Title {
				title = false
			}
			if isBlock(a) {
				flush()
			}
			switch a {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				heading = false
			case atom.Td, atom.Th:
				flush()
			case atom.Tr:
				flush()
				if len(row) > 0 {
					doc.Blocks = append(doc.Blocks, Block{Text: strings.Join(row, " | "), Row: true})
				}
				inRow, row = false, row[:0]
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
		if active {
			doc.Notes = appendOnce(doc.Notes, "active_content_text")
		}
	}
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

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
func hiddenSelectors(b *budget, data []byte) (classes, ids map[string]bool) {
	classes, ids = map[string]bool{}, map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(data))
	inStyle := false
	for {
		b.check()
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
