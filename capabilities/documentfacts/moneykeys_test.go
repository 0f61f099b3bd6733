package documentfacts

import (
	"slices"
	"testing"
)

// TestMoneyColumnsAndCues: the key of an amount from its table column
// (a line's tax under a tax column, a fee column, a payment schedule) and
// from the cue words of prose (a charge, a price, a liability cap, a
// subtotal before tax, a penalty per breach or capped "in total", a unit
// price that outweighs a cue words away), Gulf currencies written BD, KD
// and QR with three decimals, a three-decimal amount with a decimal comma,
// and a recurring sum in a contract (issue 29, classes 1 and 2). None of
// these wordings is a corpus document's.
func TestMoneyColumnsAndCues(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"tax column with currency in the cells", "Item | Qty | Price | VAT | Total\nGate valve | 2 | OMR 10.000 | OMR 1.000 | OMR 21.000",
			[]string{"price|10 OMR", "price|21 OMR", "tax_amount|1 OMR"}},
		{"tax column of a table in one currency", "Item | Unit price (EUR) | VAT | Total (EUR)\nLamp | 100,00 | 19,00 | 119,00",
			[]string{"price|100 EUR", "price|119 EUR", "tax_amount|19 EUR"}},
		{"a column of VAT rates is no money", "Item | Qty | Unit price (OMR) | VAT % | Total (OMR)\nPen | 10 | 1.000 | 5 | 10.500",
			[]string{"price|1 OMR", "price|10.5 OMR"}},
		// The rows of a fee table are line prices (the later label
		// specification, heldout4's README; round 8c).
		{"fee column", "Phase | Fee (USD)\nDesign | 12,000\nSupervision | 8,500",
			[]string{"price|12000 USD", "price|8500 USD"}},
		{"payment schedule", "Payment | Share | Amount (OMR)\nOn signature | 20% | 2,000.000\nOn handover | 80% | 8,000.000",
			[]string{"amount|2000 OMR", "amount|8000 OMR"}},
		{"negative discount row", "Item | Amount (OMR)\nDesk | 500.000\nDiscount | (50.000)\nTotal | 450.000",
			[]string{"discount|50 OMR", "price|500 OMR", "total_amount|450 OMR"}},
		{"subtotal before tax", "Amount before tax: OMR 1,000.000\nTotal excl. VAT: EUR 2.000,00", []string{"subtotal|1000 OMR", "subtotal|2000 EUR"}},
		{"penalty capped in total", "The Contractor shall pay a penalty of USD 500 per day, in total not more than USD 5,000.",
			[]string{"penalty_amount|500 USD", "penalty_amount|5000 USD"}},
		{"liability cap", "The Supplier's total liability under this Agreement shall not exceed USD 250,000.", []string{"liability_cap|250000 USD"}}, // the later specification's key (round 4)
		{"a charge is a fee", "The Customer pays a monthly maintenance charge of AED 4,500.", []string{"fee|4500 AED"}},
		{"a service charge has its key (round 4)", "The Customer pays a monthly service charge of AED 4,500.", []string{"service_charge|4500 AED"}},
		{"price alone", "Price: SAR 12,400 for the complete unit.", []string{"price|12400 SAR"}},
		{"a unit price outweighs a distant cue", "Storage above the monthly allowance is billed at USD 0.15 per GB.", []string{"price|0.15 USD"}},
		{"an attached cue stays", "Housing allowance of KWD 150.000 per month.", []string{"allowance|150 KWD"}},
		{"per breach", "The Recipient shall pay USD 10,000 for each breach of this clause.", []string{"penalty_amount|10000 USD"}},
		{"deduction per violation", "يحق للمالك خصم ٢٥ ريالاً عمانياً عن كل مخالفة.", []string{"penalty_amount|25 OMR"}},
		{"Gulf dinars and riyals", "Rent: BD 350.500 per month. Salary KD 1.250 monthly. Fee QR 1,200.", []string{"fee|1200 QAR", "rent|350.5 BHD", "salary|1.25 KWD"}},
		{"three decimals with a decimal comma", "Pumps at € 1.240,00 each and seals at € 4,125 each.", []string{"price|1240 EUR", "price|4.125 EUR"}},
		{"a recurring sum in a contract is a fee", "SERVICES AGREEMENT\nThe Client shall pay the Contractor OMR 950.000 every month for the services.", []string{"fee|950 OMR"}},
		{"a recurring sum in a lease is the rent", "TENANCY AGREEMENT\nThe Tenant shall pay the Landlord OMR 400.000 per month.", []string{"rent|400 OMR"}},
		{"a recurring bound to buy is a minimum purchase (round 4)", "DISTRIBUTION AGREEMENT\nThe Distributor shall purchase at least USD 10,000 per month.", []string{"minimum_purchase|10000 USD"}},
		{"a recurring bound stays an amount", "SERVICES AGREEMENT\nThe Client shall spend at least USD 10,000 per month.", []string{"amount|10000 USD"}},
	} {
		got := factSet(extractText(t, c.text), TypeMoney)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s: money %v, want %v", c.name, got, want)
		}
	}
}
