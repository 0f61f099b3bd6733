package documentfacts

import (
	"slices"
	"testing"
)

// TestMoneyInTables: amounts under a currency-named column, in Latin and
// Arabic, in pipe, HTML and space-aligned tables; quantities are never
// money; subtotal, tax and total rows (whose empty cells the readers
// drop) keep their cue and are read under the last column; unit prices
// with three or four decimals; a currency between a quantity and a unit
// price belongs to the price (issue 29, class 1).
func TestMoneyInTables(t *testing.T) {
	for _, c := range []struct {
		name, text string
		html       bool
		want       []string
	}{
		{"spaced", "No.  Description          Qty    Unit Price (OMR)    Amount (OMR)\n" +
			"1    Copy paper (box)     120            6.750          810.000\n" +
			"2    Pens (pack of 50)     30            2.125           63.750\n" +
			"                                   Subtotal             873.750\n" +
			"                                   VAT 5%                43.688\n" +
			"                                   Total                917.438",
			false, []string{"price|2.125 OMR", "price|6.75 OMR", "price|63.75 OMR", "price|810 OMR", "subtotal|873.75 OMR", "tax_amount|43.688 OMR", "total_amount|917.438 OMR"}},
		{"arabic pipe", "م | الصنف | الكمية | سعر الوحدة (ر.ع.) | المبلغ (ر.ع.)\n١ | مكتب | ٤ | ١٨٥٫٠٠٠ | ٧٤٠٫٠٠٠\nالمجموع الفرعي | ٧٤٠٫٠٠٠\nضريبة القيمة المضافة ٥٪ | ٣٧٫٠٠٠\nالإجمالي | ٧٧٧٫٠٠٠",
			false, []string{"price|185 OMR", "price|740 OMR", "subtotal|740 OMR", "tax_amount|37 OMR", "total_amount|777 OMR"}},
		{"html total row", "<table><tr><th>Description</th><th>Qty</th><th>Unit price (USD)</th><th>Total (USD)</th></tr>" +
			"<tr><td>Valve</td><td>40</td><td>12.5000</td><td>500.00</td></tr>" +
			"<tr><td colspan=3>Grand total</td><td>500.00</td></tr></table>",
			true, []string{"price|12.5 USD", "price|500 USD", "total_amount|500 USD"}},
		{"quantity then unit price", "Item | Description | Quantity (pcs) | Unit price | Line total\nA | Pouch, 200 ml | 400,000 | USD 0.0850 | USD 34,000.00",
			false, []string{"price|0.085 USD", "price|34000 USD"}},
		{"quantity then unit price in a line", "Laminated pouches 400,000 USD 0.0850 each, USD 34,000.00 in all.",
			false, []string{"amount|34000 USD", "price|0.085 USD"}},
		{"currency in the label", "Subtotal (OMR) 1,000.000\nVAT 5% (OMR): 50.000\nGrand Total (OMR): 1,050.000\nAmount in USD: 2,300.50\nالإجمالي (ر.ع.): ١٬٠٥٠٫٠٠٠",
			false, []string{"amount|2300.5 USD", "subtotal|1000 OMR", "tax_amount|50 OMR", "total_amount|1050 OMR"}},
		{"currency stated once", "All amounts are in Omani Rials.\nItem | Qty | Unit Price | Total\nPipes | 10 | 12.500 | 125.000\nTotal | 125.000",
			false, []string{"price|12.5 OMR", "price|125 OMR", "total_amount|125 OMR"}},
		{"no currency anywhere", "Item | Qty | Unit Price | Total\nPipes | 10 | 12.500 | 125.000", false, nil},
		{"four decimals", "Service | Rate (USD) | Hours\nData transfer per GB | 0.1275 | 10", false, []string{"price|0.1275 USD"}},
	} {
		var out Output
		if c.html {
			out = extractHTML(t, c.text)
		} else {
			out = extractText(t, c.text)
		}
		got := factSet(out, TypeMoney)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: money %v, want %v", c.name, got, c.want)
		}
	}
}

// TestDecimalCommas: a decimal comma is read from the amount's own digits
// ("€ 228,50") and, for an amount grouped by points alone ("€ 5.000"),
// from the document's other amounts (issue 29, class 2).
func TestDecimalCommas(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Spare kits cost € 228,50 per kit.", []string{"price|228.5 EUR"}},
		{"The contract value is € 24.900,00.", []string{"contract_value|24900 EUR"}},
		{"Pumps at € 1.240,00 each; the Buyer orders at least € 5.000 per call-off.", []string{"minimum_purchase|5000 EUR", "price|1240 EUR"}}, // decision 49: an order of at least a sum
		{"Fee: EUR 12,5 per page.", []string{"fee|12.5 EUR"}},
		// A document with decimal points: "48.000" is 48 (three decimals).
		{"Total: OMR 48.000. Deposit: OMR 100.500.", []string{"security_deposit|100.5 OMR", "total_amount|48 OMR"}},
		{"Unit price: USD 1,250.50. The minimum order is USD 5.000.", []string{"amount|5 USD", "price|1250.5 USD"}},
	} {
		got := factSet(extractText(t, c.text), TypeMoney)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: money %v, want %v", c.text, got, c.want)
		}
	}
}
