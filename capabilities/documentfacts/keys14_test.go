package documentfacts

import "testing"

// Round 14 (issue 29, session 16): keys from heldout11's misses and the key
// specification's rows added in session 16 (keys14.go; docs/documents.md,
// "Issue 29, session 16: round 14, keys from heldout11"). The sentences
// are written for these tests, in English and Arabic, with negatives.

func TestRound14TimeLimits(t *testing.T) {
	runRound11(t, []round11Case{
		{"deliver within, counted from an order", "SUPPLY AGREEMENT\n\nThe Vendor shall deliver each batch of pumps within twenty (20) days of the purchase order.\n", TypeDuration,
			nil, []string{"delivery_period|P20D"}},
		{"deliver within, counted from an order (ar)", "عقد توريد\n\nيلتزم البائع بتوريد الكراسي إلى المدرسة خلال خمسة عشر (١٥) يوماً من تاريخ أمر الشراء.\n", TypeDuration,
			nil, []string{"delivery_period|P15D"}},
		{"complete within, counted from handover", "WORKS CONTRACT\n\nThe Builder shall complete the remaining works within sixty (60) days of site handover.\n", TypeDuration,
			nil, []string{"term|P60D"}},
		{"a report within, after a period's end", "LICENCE AGREEMENT\n\nSales reports must be delivered within fifteen (15) days after the end of each month.\n", TypeDuration,
			nil, []string{"delivery_period|P15D"}},
		// the spans of their own stay
		{"a delivery period of its own", "SUPPLY AGREEMENT\n\nThe delivery period is eight (8) weeks.\n", TypeDuration,
			[]string{"delivery_period|P8W"}, nil},
		{"a term of its own", "SERVICES AGREEMENT\n\nThis Agreement is made for a term of two (2) years.\n", TypeDuration,
			[]string{"term|P2Y"}, nil},
		{"a payment window stays", "SUPPLY AGREEMENT\n\nThe Buyer shall pay each invoice within forty-five (45) days of receipt.\n", TypeDuration,
			[]string{"payment_period|P45D"}, nil},
	})
}

func TestRound14PipeTableRows(t *testing.T) {
	runRound11(t, []round11Case{
		{"a text table with edge pipes", "SUPPLY AGREEMENT\n\nThe Supplier supplies the items below.\n\n| Item | Monthly quantity | Price per tonne (OMR) |\n| Barley | 30 tonnes | 142.500 |\n| Maize | 55 tonnes | 131.750 |\n\nThe Buyer pays monthly.\n", TypeMoney,
			[]string{"price|142.5 OMR", "price|131.75 OMR"}, nil},
		{"edge pipes (ar)", "عقد توريد\n\n| الصنف | الكمية | سعر الطن (ر.ع.) |\n| شعير | ٣٠ طناً | ١٤٢٫٥٠٠ |\n", TypeMoney,
			[]string{"price|142.5 OMR"}, nil},
	})
}
