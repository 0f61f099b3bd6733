package testdoc

import (
	"bytes"

	"github.com/go-pdf/fpdf"
)

// FPDF writes pages of lines with github.com/go-pdf/fpdf (core Helvetica,
// compressed streams, as a real generator does). Latin-1 text only.
func FPDF(pages [][]string) []byte {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCompression(true)
	p.SetCreationDate(fixedTime)
	p.SetModificationDate(fixedTime)
	tr := p.UnicodeTranslatorFromDescriptor("")
	for _, lines := range pages {
		p.AddPage()
		p.SetFont("Helvetica", "", 11)
		for _, l := range lines {
			p.CellFormat(0, 6, tr(l), "", 1, "L", false, 0, "")
		}
	}
	var b bytes.Buffer
	if err := p.Output(&b); err != nil {
		panic(err)
	}
	return b.Bytes()
}
