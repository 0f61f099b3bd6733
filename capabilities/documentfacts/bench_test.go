package documentfacts

import (
	"context"
	"fmt"
	"testing"

	"dalil/capabilities/documentfacts/read"
	"dalil/capabilities/documentfacts/testdoc"
)

// benchPDF is a 25-page contract written by fpdf: 40 lines a page, each
// page with amounts, dates, durations, parties and contacts.
func benchPDF() []byte {
	pages := make([][]string, 25)
	for p := range pages {
		for l := 0; l < 40; l++ {
			var line string
			switch l % 8 {
			case 0:
				line = fmt.Sprintf("%d.%d Payment shall be made within thirty (30) days of receipt of a valid invoice.", p+1, l)
			case 1:
				line = fmt.Sprintf("The monthly fee for section %d is OMR %d,250.500 excluding VAT 5%%.", p, p+1)
			case 2:
				line = fmt.Sprintf("This schedule is effective from %d March 2026 and ends on 28 February 2027.", 1+p%28)
			case 3:
				line = "Gulf Steel Industries SAOG (the \"Supplier\") shall deliver within forty-five (45) days."
			case 4:
				line = fmt.Sprintf("Contact: ops%d@gulfsteel.example, Tel: +968 2470 %04d", p, 1000+l)
			case 5:
				line = "Either party may terminate this agreement by giving three (3) months written notice."
			case 6:
				line = "This Agreement shall be governed by the laws of the Sultanate of Oman."
			default:
				line = "The Supplier warrants that the goods are free from defects in material and workmanship."
			}
			pages[p] = append(pages[p], line)
		}
	}
	return testdoc.FPDF(pages)
}

// BenchmarkReadExtract25PagePDF measures reading a 25-page text PDF and
// extracting its facts (docs/performance.md).
func BenchmarkReadExtract25PagePDF(b *testing.B) {
	data := benchPDF()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var facts int
	for b.Loop() {
		doc, err := read.Read(context.Background(), data, "application/pdf", "", read.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		if doc.Pages != 25 {
			b.Fatalf("%d pages", doc.Pages)
		}
		out := extractAll(doc, source{kind: "url"}, Input{})
		facts = len(out.Facts)
	}
	b.ReportMetric(float64(facts), "facts")
}
