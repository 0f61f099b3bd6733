package documentfacts

import (
	"slices"
	"testing"
)

// TestBilingualDocuments: what the third batch of dev3 (bilingual
// documents) asked for, each in wordings of its own: an items table right
// after a key/value table, header cells in two languages, a header's
// second row naming the currency, a translation of a name on the
// letterhead's next line, "Party A"/"الطرف ب", a sentence and its
// translation on one line (a cue of the English half does not reach the
// Arabic one), سرية without ال, "Validity: N days" of a quotation.
func TestBilingualDocuments(t *testing.T) {
	for _, c := range []struct {
		name, text, typ string
		format          string // "html", "md" or text
		want            []string
	}{
		{"two tables", `<table><tr><td>Invoice No.</td><td>17</td></tr><tr><td>Date</td><td>2 May 2026</td></tr></table>` +
			`<table><tr><th>Item<br>البند</th><th>Qty<br>الكمية</th><th>Price (OMR)<br>السعر</th><th>VAT (OMR)<br>الضريبة</th></tr>` +
			`<tr><td>Drill</td><td>3</td><td>40.000</td><td>6.000</td></tr></table>`, TypeMoney, "html",
			[]string{"price|40 OMR", "tax_amount|6 OMR"}},
		{"second header row", "| No. | Item | Qty | Rate | Amount |\n|---|---|---|---|---|\n| | | | (USD) | (USD) |\n| 1 | Cable | 100 | 2.50 | 250.00 |",
			TypeMoney, "md", []string{"price|2.5 USD", "price|250 USD"}},
		{"letterhead translation", "<p><b>Nour Trading LLC</b><br>شركة النور للتجارة ش.م.م</p><h1>Invoice</h1><p>Customer: Salalah Mills SAOG</p>",
			TypeParty, "html", []string{"customer|Salalah Mills SAOG", "supplier|Nour Trading LLC", "supplier|شركة النور للتجارة ش.م.م"}},
		{"party A and B", `Between Gulf Data LLC ("Party A") and شركة البيانات ش.م.م ("الطرف ب").`, TypeParty, "",
			[]string{"first_party|Gulf Data LLC", "second_party|شركة البيانات ش.م.م"}},
		{"sentence and translation", "The term runs from 1 May 2026 to 30 April 2027. / تبدأ المدة من ١ مايو ٢٠٢٦ وتنتهي في ٣٠ أبريل ٢٠٢٧.",
			TypeDate, "", []string{"effective_date|2026-05-01", "expiry_date|2027-04-30"}},
		{"سرية", "يلتزم كل طرف بالمحافظة على سرية المعلومات لمدة سنتين من تاريخ الإفصاح.", TypeDuration, "",
			[]string{"confidentiality_period|P2Y"}},
		{"validity label", "QUOTATION\nValidity: 45 days from the date of this quotation.", TypeDuration, "", []string{"duration|P45D"}},
	} {
		out := extractAs(t, c.format, c.text)
		got := factSet(out, c.typ)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s: %s %q, want %q", c.name, c.typ, got, want)
		}
	}
}
