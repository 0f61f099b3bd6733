package read

import (
	"context"
	"errors"
	"testing"
	"time"
	"unicode/utf8"

	"dalil/capabilities/documentfacts/testdoc"
)

// fuzzRead: any bytes give a document or an *Error, never a panic; a
// document's blocks are clean, non-empty UTF-8 within the limits.
func fuzzRead(t *testing.T, data []byte, declared string) {
	doc, err := Read(context.Background(), data, declared, "", Limits{Timeout: 5 * time.Second, MaxUncompressed: 8 << 20})
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("untyped error %v", err)
		}
		return
	}
	if doc.Pages > 25 || len(doc.Blocks) == 0 {
		t.Fatalf("pages %d blocks %d", doc.Pages, len(doc.Blocks))
	}
	for _, b := range doc.Blocks {
		if b.Text == "" || !utf8.ValidString(b.Text) {
			t.Fatalf("bad block %q", b.Text)
		}
	}
}

func FuzzReadPDF(f *testing.F) {
	f.Add(testdoc.PDF([]testdoc.Page{testdoc.LinesPage("Invoice No: 1", "عقد")}, testdoc.Options{}))
	f.Add(testdoc.PDF([]testdoc.Page{testdoc.LinesPage("x")}, testdoc.Options{Compress: true}))
	f.Add(testdoc.PDF([]testdoc.Page{testdoc.LinesPage("x")}, testdoc.Options{LoopPageTree: true}))
	f.Add([]byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj trailer << /Root 1 0 R >>"))
	// Form XObjects: nested, drawing themselves, and a cycle.
	f.Add(testdoc.PDF([]testdoc.Page{{Forms: []testdoc.Form{
		{Name: "A", Runs: []testdoc.Run{{Text: "form text", X: 50, Y: 700, Size: 11}}, Draws: []string{"B", "A"}},
		{Name: "B", Runs: []testdoc.Run{{Text: "nested", X: 50, Y: 680, Size: 11}}, Draws: []string{"A"}, Hidden: true},
	}}}, testdoc.Options{}))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, "application/pdf") })
}

func FuzzReadDOCX(f *testing.F) {
	f.Add(testdoc.DOCX([]testdoc.Para{{Text: "Heading", Style: "Heading1"}, {Text: "body"}, {Table: [][]string{{"a", "b"}}}, {Text: "h", Vanish: true}}, nil))
	f.Add(testdoc.Zip(map[string][]byte{"word/document.xml": []byte("<w:document><w:body><w:p><w:r><w:t>x</w:t></w:r></w:p>")}))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, "") })
}

func FuzzReadHTML(f *testing.F) {
	f.Add([]byte(`<!doctype html><html><head><title>T</title><style>.h{display:none}</style></head><body><h1>A</h1><p class="h">x</p><table><tr><td>1</td></tr></table></body></html>`))
	f.Add([]byte(`<html><div style="display:none"><div><p>unclosed`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, "text/html") })
}

func FuzzReadText(f *testing.F) {
	f.Add([]byte("TITLE\nline one\f1. Heading\nline ٢"))
	f.Add([]byte("a\u200b\u202eb\r\n\f\f"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, "text/plain") })
}
