package invoiceanomaly

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// referenceBoundBody is the reference service's performance bound as a
// request body: one invoice of 500 lines against 1,000 history invoices
// (of 20 suppliers, historyLines lines each) and 1,000 payments, with an
// approval threshold. The reference requires it to finish within 3 s.
func referenceBoundBody(historyLines int) []byte {
	var b strings.Builder
	b.WriteString(`{"invoice":{"invoiceNumber":"INV-20000","supplierId":"SUP-3","supplierName":"Supplier 3 LLC","invoiceDate":"2026-09-21",` +
		`"dueDate":"2026-10-21","paymentTermsDays":30,"currency":"USD","subtotal":5250,"taxRate":5,"tax":262.5,"total":5512.5,"bankAccount":"ACCT0003","lineItems":[`)
	for j := range 500 {
		if j > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"description":"Component %d rev %d","sku":"C-%d","quantity":2,"unitPrice":5.25,"taxRate":5,"total":10.5}`, j, j%7, j)
	}
	b.WriteString(`]},"historicalInvoices":[`)
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		s := i % 20
		d := time.Date(2025, time.Month(i%8+1), i%27+1, 0, 0, 0, 0, time.UTC)
		fmt.Fprintf(&b, `{"invoiceNumber":"INV-%d","supplierId":"SUP-%d","supplierName":"Supplier %d LLC","invoiceDate":"%s","dueDate":"%s",`+
			`"paymentTermsDays":30,"currency":"USD","total":%d.%02d,"bankAccount":"ACCT%04d","status":"paid","lineItems":[`,
			10000+i, s, s, d.Format(time.DateOnly), d.AddDate(0, 0, 30).Format(time.DateOnly), 1000+i%97*13, i%4*25, s)
		for j := range historyLines {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"description":"Part %d batch %d","quantity":1,"unitPrice":10,"total":10}`, j, i%5)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`],"paymentHistory":[`)
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"invoiceNumber":"INV-%d","supplierId":"SUP-%d","paymentDate":"2026-09-01","amount":1000,"currency":"USD","bankAccount":"ACCT%04d"}`,
			10000+i, i%20, i%20)
	}
	b.WriteString(`],"approvalContext":{"approvalThreshold":10000},"options":{"asOfDate":"2026-09-23"}}`)
	return []byte(b.String())
}

// TestReferenceBoundInput: the bound's input is valid, is checked in
// context, and its size against the route's 1 MiB limit is what
// docs/invoice-anomaly.md says: with 20 lines per history invoice it is
// about 2 MB and does not fit; with 3 it does.
func TestReferenceBoundInput(t *testing.T) {
	e := Entry(Deps{})
	for _, tt := range []struct {
		lines int
		fits  bool
	}{{20, false}, {3, true}} {
		body := referenceBoundBody(tt.lines)
		if fits := int64(len(body)) <= e.MaxBody; fits != tt.fits {
			t.Errorf("%d lines per history invoice: %d bytes, fits in %d: %v, want %v", tt.lines, len(body), e.MaxBody, fits, tt.fits)
		}
		v, err := e.Decode(body)
		if err != nil {
			t.Fatalf("%d lines: %v", tt.lines, err)
		}
		out := Check(v.(Input), Options{Now: testNow})
		if out.Mode != "context_aware" || len(out.ChecksSkipped) > 3 || out.RiskLevel == "" {
			t.Errorf("%d lines: mode %s, skipped %v", tt.lines, out.Mode, out.ChecksSkipped)
		}
	}
}

// BenchmarkReferenceBound measures the reference's bound (500 lines x 1,000
// history invoices of 20 lines x 1,000 payments) as the paid call does it,
// without HTTP: Decode (parse, schema, typed decode, Validate), Check and
// the JSON of the output. The reference's limit is 3 s; Dalil's goal is
// under 300 ms (docs/performance.md).
func BenchmarkReferenceBound(b *testing.B) {
	for _, lines := range []int{20, 3} {
		body := referenceBoundBody(lines)
		e := Entry(Deps{})
		b.Run(fmt.Sprintf("decode+check+encode/historyLines=%d/%dKB", lines, len(body)>>10), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				v, err := e.Decode(body)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(Check(v.(Input), Options{Now: testNow})); err != nil {
					b.Fatal(err)
				}
			}
		})
		v, _ := e.Decode(body)
		in := v.(Input)
		b.Run(fmt.Sprintf("check/historyLines=%d", lines), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Check(in, Options{Now: testNow})
			}
		})
	}
}
