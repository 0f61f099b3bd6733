// Package read turns the bytes of a business document (PDF with a text
// layer, DOCX, HTML, plain text, Markdown, CSV) into blocks of text with
// their page and heading, under a time and size budget. Every reader treats
// its input as hostile: a panic in a third-party parser is recovered, work
// stops at the budget, and every failure is an *Error with a Kind.
package read

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"
	"unicode/utf8"
)

// Format is a document format this package reads.
type Format string

const (
	FormatPDF      Format = "pdf"
	FormatDOCX     Format = "docx"
	FormatHTML     Format = "html"
	FormatText     Format = "text"
	FormatMarkdown Format = "markdown"
	FormatCSV      Format = "csv"
)

// Supported lists the formats read, for error details.
var Supported = []string{"pdf", "docx", "html", "text", "markdown", "csv"}

// Limits bound one read. Zero fields take the defaults.
type Limits struct {
	MaxPages int           // default 25
	MaxChars int           // characters of text kept; default 200,000
	Timeout  time.Duration // whole read; default 20 s
	// MaxUncompressed bounds the bytes a reader may inflate (a DOCX part,
	// all PDF streams together); default 20 MiB for a DOCX part and 64 MiB
	// for a PDF.
	MaxUncompressed int64
}

func (l Limits) withDefaults() Limits {
	if l.MaxPages <= 0 {
		l.MaxPages = 25
	}
	if l.MaxChars <= 0 {
		l.MaxChars = 200_000
	}
	if l.Timeout <= 0 {
		l.Timeout = 20 * time.Second
	}
	return l
}

// Block is one paragraph, heading, list item or table row.
type Block struct {
	Text    string
	Page    int  // 1-based; 0 when the format has no pages
	Heading bool // a heading (its text names the section of what follows)
	Row     bool // a table row, cells joined by " | "
	// TableStart: the first row of a table (HTML, DOCX): a table that
	// follows another at once is a table of its own.
	TableStart bool
}

// Hidden is text a human reader would not see (and which is therefore not
// in the blocks): HTML display:none, DOCX vanish or white text, PDF render
// mode 3, white fill, off-page or tiny text.
type Hidden struct {
	Text   string
	Page   int
	Reason string
}

// Document is what a reader found.
type Document struct {
	Format Format
	Pages  int // 0 when unknown (DOCX, HTML, text without form feeds)
	Title  string
	Blocks []Block
	Hidden []Hidden
	// PagesWithoutText counts PDF pages with no text layer.
	PagesWithoutText int
	// Notes are facts about the file worth a warning: "macros_present",
	// "active_content_text", "hidden_characters_removed".
	Notes []string
}

// Kind classifies a read failure.
type Kind string

const (
	KindUnreadable  Kind = "unreadable"  // corrupt, scanned (no text layer), hostile
	KindTooLarge    Kind = "too_large"   // pages, characters or inflated bytes over the limit
	KindUnsupported Kind = "unsupported" // a format this package does not read
	KindEmpty       Kind = "empty"       // no text at all
	KindTimeout     Kind = "timeout"     // the time budget ran out
)

// Error is every failure of Read.
type Error struct {
	Kind    Kind
	Message string
	// For KindTooLarge: what was over (pages, characters, bytes) and by how much.
	Limit       string
	Max, Actual int64
	// For KindUnsupported: what the bytes look like.
	Detected string
	Err      error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("read %s: %s: %v", e.Kind, e.Message, e.Err)
	}
	return fmt.Sprintf("read %s: %s", e.Kind, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

func unreadable(format string, args ...any) *Error {
	return &Error{Kind: KindUnreadable, Message: fmt.Sprintf(format, args...)}
}

func tooLarge(limit string, max, actual int64) *Error {
	return &Error{Kind: KindTooLarge, Limit: limit, Max: max, Actual: actual,
		Message: fmt.Sprintf("The document has more %s than the %d allowed.", limit, max)}
}

// budget is checked by readers in their loops: it stops work when the
// deadline passed or the context ended.
type budget struct {
	ctx      context.Context
	deadline time.Time
	n        int
}

var errBudget = errors.New("time budget exhausted")

// check panics with errBudget (recovered by Read) once time is up; it
// looks at the clock every 256 calls.
func (b *budget) check() {
	b.n++
	if b.n&255 != 0 {
		return
	}
	if b.ctx.Err() != nil || time.Now().After(b.deadline) {
		panic(errBudget)
	}
}

// Detect names the format of data from its bytes (the declared content type
// and file name only break ties between text formats). ok is false for
// formats not read; detected then says what the bytes look like.
func Detect(data []byte, declaredType, name string) (f Format, detected string, ok bool) {
	head := data
	if len(head) > 1024 {
		head = head[:1024]
	}
	lowerName := strings.ToLower(name)
	declared := strings.ToLower(declaredType)
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")) || bytes.Contains(head, []byte("%PDF-")):
		return FormatPDF, "pdf", true
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return zipKind(data)
	case bytes.HasPrefix(data, []byte{0xD0, 0xCF, 0x11, 0xE0}):
		return "", "legacy_office", false // .doc, .xls (OLE2)
	case bytes.HasPrefix(data, []byte("{\\rtf")):
		return "", "rtf", false
	case bytes.HasPrefix(data, []byte("\x89PNG")), bytes.HasPrefix(data, []byte("\xFF\xD8\xFF")),
		bytes.HasPrefix(data, []byte("GIF8")), bytes.HasPrefix(data, []byte("II*\x00")), bytes.HasPrefix(data, []byte("MM\x00*")),
		len(data) > 12 && string(data[8:12]) == "WEBP":
		return "", "image", false
	case bytes.HasPrefix(data, []byte("\x1F\x8B")), bytes.HasPrefix(data, []byte("7z\xBC\xAF")), bytes.HasPrefix(data, []byte("Rar!")):
		return "", "archive", false
	}
	if !utf8.Valid(head) && !utf8.Valid(trimPartialRune(head)) || bytes.IndexByte(head, 0) >= 0 {
		return "", "binary", false
	}
	trimmed := strings.ToLower(strings.TrimSpace(string(head)))
	switch {
	case strings.HasPrefix(trimmed, "<!doctype html"), strings.HasPrefix(trimmed, "<html"), strings.Contains(declared, "html"),
		strings.HasSuffix(lowerName, ".html"), strings.HasSuffix(lowerName, ".htm"),
		strings.Contains(trimmed, "<body"), strings.Contains(trimmed, "<head"):
		return FormatHTML, "html", true
	case strings.Contains(declared, "markdown"), strings.HasSuffix(lowerName, ".md"):
		return FormatMarkdown, "markdown", true
	case strings.Contains(declared, "csv"), strings.HasSuffix(lowerName, ".csv"):
		return FormatCSV, "csv", true
	}
	return FormatText, "text", true
}

// trimPartialRune drops an incomplete UTF-8 sequence cut at the end of head.
func trimPartialRune(b []byte) []byte {
	for i := 0; i < 3 && len(b) > 0; i++ {
		if utf8.Valid(b) {
			return b
		}
		b = b[:len(b)-1]
	}
	return b
}

// Read reads data (of the given declared content type and file name, both
// optional) within limits. It never panics and returns within about the
// time budget: a reader that overruns it is abandoned.
func Read(ctx context.Context, data []byte, declaredType, name string, lim Limits) (*Document, error) {
	lim = lim.withDefaults()
	f, detected, ok := Detect(data, declaredType, name)
	if !ok {
		return nil, &Error{Kind: KindUnsupported, Detected: detected,
			Message: fmt.Sprintf("The document looks like %s; supported formats are PDF with a text layer, DOCX, HTML, plain text, Markdown and CSV.", detected)}
	}
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	type result struct {
		doc *Document
		err error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if x := recover(); x != nil {
				if x == errBudget {
					r = result{err: &Error{Kind: KindTimeout, Message: fmt.Sprintf("Reading the document took longer than %s.", lim.Timeout)}}
				} else {
					r = result{err: &Error{Kind: KindUnreadable, Message: "The document could not be read (the parser failed on it).",
						Err: fmt.Errorf("panic: %v\n%s", x, debug.Stack())}}
				}
			}
			done <- r
		}()
		b := &budget{ctx: ctx, deadline: time.Now().Add(lim.Timeout)}
		var doc *Document
		var err error
		switch f {
		case FormatPDF:
			doc, err = readPDF(b, data, lim)
		case FormatDOCX:
			doc, err = readDOCX(b, data, lim)
		case FormatHTML:
			doc, err = readHTML(b, data, lim)
		default:
			doc, err = readText(b, string(data), f)
		}
		if err == nil {
			err = finish(doc, lim)
		}
		r = result{doc, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, r.err
		}
		return r.doc, nil
	case <-ctx.Done():
		return nil, &Error{Kind: KindTimeout, Message: fmt.Sprintf("Reading the document took longer than %s.", lim.Timeout), Err: ctx.Err()}
	}
}

// Text reads text a caller sent inline (form feeds are page breaks). Past
// the time budget it returns a KindTimeout error.
func Text(s string, lim Limits) (doc *Document, err error) {
	lim = lim.withDefaults()
	defer func() {
		if x := recover(); x != nil {
			if x != errBudget {
				panic(x)
			}
			doc, err = nil, &Error{Kind: KindTimeout, Message: fmt.Sprintf("Reading the text took longer than %s.", lim.Timeout)}
		}
	}()
	doc, err = readText(&budget{ctx: context.Background(), deadline: time.Now().Add(lim.Timeout)}, s, FormatText)
	if err != nil {
		return nil, err
	}
	return doc, finish(doc, lim)
}

// finish applies the limits every format shares and cleans block text.
func finish(doc *Document, lim Limits) error {
	if doc.Pages > lim.MaxPages {
		return tooLarge("pages", int64(lim.MaxPages), int64(doc.Pages))
	}
	chars := 0
	kept := doc.Blocks[:0]
	removed := false
	for _, b := range doc.Blocks {
		t, r := clean(b.Text)
		removed = removed || r
		if t == "" {
			continue
		}
		b.Text = t
		// The returned text is the blocks one line each: a separator
		// between two blocks, none after the last.
		if len(kept) > 0 {
			chars++
		}
		chars += utf8.RuneCountInString(t)
		kept = append(kept, b)
	}
	doc.Blocks = kept
	if removed {
		doc.Notes = append(doc.Notes, "hidden_characters_removed")
	}
	for i := range doc.Hidden {
		doc.Hidden[i].Text, _ = clean(doc.Hidden[i].Text)
	}
	if chars > lim.MaxChars {
		return tooLarge("characters", int64(lim.MaxChars), int64(chars))
	}
	if len(doc.Blocks) == 0 {
		if doc.Format == FormatPDF {
			return unreadable("The PDF has no text layer (scanned or image-only); OCR is not offered.")
		}
		return &Error{Kind: KindEmpty, Message: "The document contains no text."}
	}
	return nil
}

// clean normalises one block: invisible format characters (zero-width
// spaces and joiners, bidi controls, BOM, soft hyphens) are removed,
// other control characters and runs of spaces become one space. removed
// reports whether invisible characters were dropped.
func clean(s string) (out string, removed bool) {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			r = ' '
		case isInvisible(r):
			removed = true
			continue
		}
		if r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v' || r == 0xA0 || r == 0x2007 || r == 0x202F || (r < 0x20) || r == 0x7F || (r >= 0x80 && r < 0xA0) || r == 0x3000 || (r >= 0x2000 && r <= 0x200A) {
			r = ' '
		}
		if r == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String()), removed
}

func isInvisible(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069,
		r == 0xFEFF, r == 0x00AD, r == 0x061C, r == 0x180E:
		return true
	}
	return false
}
