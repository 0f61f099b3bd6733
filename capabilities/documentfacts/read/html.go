package read

import "dalil/internal/htmltext"

// readHTML keeps the visible text of a page (internal/htmltext): scripts,
// styles, templates, navigation, form controls and hidden elements
// dropped (hidden ones reported), headings as headings, table rows with
// cells joined by " | ", block elements as blocks.
func readHTML(b *budget, data []byte, _ Limits) (*Document, error) {
	h := htmltext.Extract(data, htmltext.Options{Hidden: true, Lines: true, Check: b.check})
	doc := &Document{Format: FormatHTML, Title: h.Title}
	for _, bl := range h.Blocks {
		doc.Blocks = append(doc.Blocks, Block{Text: bl.Text, Heading: bl.Heading, Row: bl.Row, TableStart: bl.TableStart})
	}
	for _, x := range h.Hidden {
		doc.Hidden = append(doc.Hidden, Hidden{Text: x.Text, Reason: x.Reason})
	}
	if h.Active {
		doc.Notes = append(doc.Notes, "active_content_text")
	}
	return doc, nil
}
