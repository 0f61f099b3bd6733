package documentfacts

import "testing"

// Round 15 (issue 29, session 17): keys from heldout12's misses (keys15.go;
// docs/documents.md, "Issue 29, session 17: round 15, keys from
// heldout12"). The sentences are written for these tests, in English and
// Arabic, with negatives.

func TestRound15RowGoesOn(t *testing.T) {
	cases := []struct {
		prev, cur string
		want      bool
	}{
		{"Fault | Attend | Fix", "Urgent | 3 hours | 12 hours", true},
		{"الأولوية | الاستجابة | الإصلاح", "عاجل | ٣ ساعات | ١٢ ساعة", true},
		{"Item | Qty | Price | Total", "Urgent | 3 hours | 12 hours", false},
		{"3. Service levels", "Fault | Attend | Fix", false},
	}
	for _, c := range cases {
		if got := rowGoesOn15(c.prev, c.cur); got != c.want {
			t.Errorf("rowGoesOn15(%q, %q) = %v, want %v", c.prev, c.cur, got, c.want)
		}
	}
}

func TestRound15ShortfallCharges(t *testing.T) {
	runRound11(t, []round11Case{
		{"per hour of delay, and its cap", "EVENT SERVICES CONTRACT\n\n4.2 If the hall is not ready on time, the Contractor shall pay OMR 300.000 for each hour of delay, up to a maximum of OMR 6,000.000.\n", TypeMoney,
			[]string{"penalty_amount|300 OMR", "penalty_amount|6000 OMR"}, []string{"amount|300 OMR", "amount|6000 OMR"}},
		{"per point below a target", "SUPPORT CONTRACT\n\n5.1 For each full percentage point below the 98% target, the Provider shall pay AED 1,000.00.\n", TypeMoney,
			[]string{"penalty_amount|1000 AED"}, nil},
		{"deducted per unstaffed shift", "SECURITY SERVICES CONTRACT\n\n6. For each unstaffed shift, BHD 15.000 is deducted from the monthly fee.\n", TypeMoney,
			[]string{"penalty_amount|15 BHD"}, []string{"discount|15 BHD"}},
		{"deducted per day of absence (ar)", "عقد خدمات نظافة\n\n٦. يخصم مبلغ ٣٠ ر.ع. من مستحقات المقاول عن كل يوم غياب لأي عامل.\n", TypeMoney,
			[]string{"penalty_amount|30 OMR"}, nil},
		// a rate and a discount stay
		{"an hourly rate stays", "CONSULTANCY AGREEMENT\n\n3.2 Additional work is charged at OMR 40.000 per hour.\n", TypeMoney,
			nil, []string{"penalty_amount|40 OMR"}},
		{"a volume discount stays", "SUPPLY AGREEMENT\n\n3.4 The Supplier grants a discount of OMR 200.000 on each order above 500 cartons.\n", TypeMoney,
			nil, []string{"penalty_amount|200 OMR"}},
	})
}

func TestRound15BareArabicCurrency(t *testing.T) {
	runRound11(t, []round11Case{
		{"a bare rial in a Saudi contract", "عقد صيانة\n\nقيمة العقد ١٥٠.٠٠٠,٠٠ ريال سعودي، تدفع على ستة أقساط قيمة كل منها ٢٥.٠٠٠,٠٠ ريال.\n", TypeMoney,
			[]string{"amount|25000 SAR"}, nil},
		{"a bare dinar in a Kuwaiti letter", "خطاب تكليف\n\nالأتعاب ٩٠٠٫٠٠٠ دينار كويتي، ويسدد العميل الرصيد البالغ ٤٥٠٫٠٠٠ دينار عند التسليم.\n", TypeMoney,
			[]string{"amount|450 KWD"}, nil},
		{"a bare rial under a column's currency", "عقد استشارات\n\nالمرحلة | المبلغ (ريال قطري)\nالتصميم | 80.000,00\n\nيحتفظ الاستشاري بتأمين المسؤولية المهنية بمبلغ لا يقل عن 500.000,00 ريال.\n", TypeMoney,
			[]string{"insurance_cover|500000 QAR"}, []string{"liability_cap|500000 QAR"}},
		{"dirhams", "اتفاقية خدمة\n\nيمنح المشترك خصماً قدره ٢٠ دراهم عن كل يوم توقف.\n", TypeMoney,
			[]string{"penalty_amount|20 AED"}, nil},
		// two rials named: a bare one is no currency
		{"two rials named", "عقد\n\nالقيمة ١٠٠٠ ريال سعودي أو ١٠٠٠ ريال قطري، والغرامة ٥٠ ريال.\n", TypeMoney,
			nil, []string{"amount|50 SAR", "amount|50 QAR", "penalty_amount|50 SAR", "penalty_amount|50 QAR"}},
	})
}
