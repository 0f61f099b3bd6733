package documentfacts

import (
	"context"
	"fmt"
	"strings"
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

// longLine is TestLongSingleLine's document: 190 KB on one line, with a
// sum, a date and an e-mail address every 57 bytes.
func longLine() string {
	var b strings.Builder
	for b.Len() < 190_000 {
		b.WriteString("Total: OMR 1,250.500 due 10 March 2026 mail a@b.example; ")
	}
	return b.String()
}

// BenchmarkExtractLongLine measures extracting the facts of a 190 KB
// document of one line (issue 34, docs/performance.md): the work per
// date or sum must not grow with the line's length.
func BenchmarkExtractLongLine(b *testing.B) {
	benchExtractText(b, longLine())
}

// benchExtractText measures Handle on one text: bytes, allocations and
// the facts found.
func benchExtractText(b *testing.B, text string) {
	in := Input{Text: text}
	b.SetBytes(int64(len(in.Text)))
	b.ReportAllocs()
	var facts int
	for b.Loop() {
		out, err := Handle(context.Background(), Deps{}, in)
		if err != nil {
			b.Fatal(err)
		}
		facts = len(out.Facts)
	}
	b.ReportMetric(float64(facts), "facts")
}

// BenchmarkExtractDev3 measures extracting the facts of the 29 documents
// of testdata/dev3 (contracts, leases, tenders and letters of ordinary
// size, in English and Arabic), rendered once; one op is the whole set.
func BenchmarkExtractDev3(b *testing.B) {
	var docs []*read.Document
	var size int64
	for _, d := range loadEvalCorpus(b, "testdata/dev3", 29) {
		doc := renderEval(b, d.dir, d.name)
		docs = append(docs, doc)
		for _, bl := range doc.Blocks {
			size += int64(len(bl.Text))
		}
	}
	b.SetBytes(size)
	b.ReportAllocs()
	var facts int
	for b.Loop() {
		facts = 0
		for _, doc := range docs {
			facts += len(extractAll(doc, source{kind: "text"}, Input{}).Facts)
		}
	}
	b.ReportMetric(float64(facts), "facts")
}

// bareRialStatement is an Arabic statement of account of 1,500 rows, each
// amount written with a bare ريال (about 89 KB): the shape that made the
// rial's family be read from the whole text once per amount (session 24:
// 153 s an extraction before, 1.5 s after).
func bareRialStatement() string {
	var b strings.Builder
	b.WriteString("كشف حساب\n\n")
	for i := range 1500 {
		fmt.Fprintf(&b, "| %d | دفعة رقم %d | %d٬٢٠٠٫٠٠٠ ريال |\n", i+1, i+1, i%9+1)
	}
	return b.String()
}

// BenchmarkExtractBareRialStatement measures extracting bareRialStatement.
func BenchmarkExtractBareRialStatement(b *testing.B) {
	benchExtractText(b, bareRialStatement())
}
