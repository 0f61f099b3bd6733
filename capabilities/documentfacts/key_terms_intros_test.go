package documentfacts

import (
	"strings"
	"testing"
)

// Round 13's rules (key_terms_intros.go and the widened keys11/12 regexps), English
// and Arabic, negatives included.

func TestRound13Money(t *testing.T) {
	cases := []struct{ key, text, mark, docType, want string }{
		{"price", "يتاح شراء الكراسة كالتالي:\n| آخر موعد لشراء كراسة الشروط (قيمتها 500 ريال سعودي) | 2026/05/05م |\n", "500", "tender", "tender_fee"},
		{"amount", "يمكن الحصول على وثائق المناقصة من مكتب الشركة بمبلغ 50 ر.ع.\n", "50", "tender", "tender_fee"},
		{"amount", "Annual limit per member / الحد السنوي للفرد: OMR 25,000.000\n", "OMR", "other", "insurance_cover"},
		{"amount", "الحد السنوي للفرد: ٢٥٬٠٠٠ ر.ع.\n", "٢٥", "other", "insurance_cover"},
		{"amount", "2. Milestones and price\nMilestone | Target date | Price (KWD)\nDesign approval | 15 May 2026 | 1,850.000\n", "1,850", "contract", "price"},
		{"fee", "The Employer shall pay the Intern a monthly stipend of AED 6,500 a month.\n", "AED", "contract", "salary"},
		{"price", "ثالثاً: المحلات المطروحة\nالمحل | المساحة (م²) | الحد الأدنى للإيجار السنوي (ريال سعودي)\nمحل رقم 1 | 85 | 96.000,00\n", "96.000", "tender", "rent"},
		{"rent", "Prices\nItem | Price (OMR)\nDispenser rental, per month | 2.5000\n", "2.5000", "contract", "price"},
		{"price", "3.1 The Company pays each travelling employee a daily allowance for meals:\n\nGrade | GCC (BHD per day) | Outside GCC\nG1 - G4 | 28.000 | 42.500\n", "28.000", "other", "allowance"},
		{"price", "٣-١ تصرف الشركة للموظف بدل سفر يومي كما يلي:\nالدرجة | داخل الخليج | خارجه\nالأولى | ٢٨٫٠٠٠ | ٤٢٫٥٠٠\n", "٢٨", "other", "allowance"},
		// negatives
		{"amount", "Total | | 7,500.000\n", "7,500", "contract", ""},
		{"amount", "Prices\nItem | Amount | Price (KWD)\nDesign | 2 | 1,850.000\n", "1,850", "contract", ""},
		{"amount", "The Insurer's liability is limited to an annual limit per member of OMR 25,000.000\n", "OMR", "other", ""},
		{"price", "Units\nUnit | Area | Rent\nTotal | | 96.000,00\n", "96.000", "lease", ""},
		{"rent", "Units\nUnit | Monthly rent (OMR)\nShop 1 | 450.000\n", "450", "lease", ""},
		{"price", "The prices below exclude VAT:\nItem | Qty | Price\nChairs | 10 | 28.000\n", "28.000", "quotation", ""},
		{"fee", "The trainee pays a registration fee of AED 500.\n", "AED", "other", ""},
		{"price", "قيمة العقد كالتالي بمبلغ 500 ريال سعودي\n", "500", "contract", ""},
	}
	for _, c := range cases {
		at := strings.Index(c.text, c.mark)
		got := termsIntrosMoneyKeys(c.key, moneySentence(c.text, at), lineAt(c.text, at), c.text, at, c.docType)
		if got != c.want {
			t.Errorf("round13Money(%q, %q) = %q, want %q", c.key, c.text, got, c.want)
		}
	}
}

func TestRound13Term(t *testing.T) {
	cases := []struct{ ctx, want string }{
		{"4. Maternity benefits are subject to a waiting period of ", "duration"},
		{"تخضع منافع الأمومة لفترة انتظار مدتها ", "duration"},
		{"ضمان بنكي مؤقت بمبلغ ٢٬٠٠٠ ر.ع. (ألفا ريال عماني) ساري المفعول لمدة ", "duration"},
		{"The bid shall be accompanied by a bank guarantee valid for ", "duration"},
		{"تدفع الشركة قيمة كل فاتورة معتمدة خلال ", "payment_period"},
		{"The Company shall pay each approved invoice within ", "payment_period"},
		// negatives: the agreement's own term, a duty to do something else
		{"This Agreement shall remain valid for ", ""},
		{"يسري هذا العقد لمدة ", ""},
		{"The Supplier shall deliver the goods within ", ""},
		{"يلتزم المورد بتسليم البضاعة خلال ", ""},
	}
	for _, c := range cases {
		got, ok := termsIntrosTermKeys(c.ctx, c.ctx)
		k := ""
		if ok {
			k = got.key
		}
		if k != c.want {
			t.Errorf("round13Term(%q) = %q, want %q", c.ctx, k, c.want)
		}
	}
}

func TestRound13DateRegexps(t *testing.T) {
	issued := []struct {
		line string
		want bool
	}{
		{`Issued by Oman Medical Emergency Services Company SAOC (the "Company"), Al Rusayl, Muscat, on `, true},
		{`Issued by Al Amerat Education Facilities Company SAOC (the "Company") on `, true},
		{`صادرة عن شركة عمان لخدمات الطوارئ الطبية ش.م.ع.م، الرسيل، مسقط، بتاريخ `, true},
		{`The guarantee shall be returned on `, false},
		{`The Contractor shall complete the works issued by the Engineer on `, false},
	}
	for _, c := range issued {
		if got := issuedByLine(c.line, len(c.line)); got != c.want {
			t.Errorf("issuedByLine(%q) = %v, want %v", c.line, got, c.want)
		}
	}
	opened := []struct {
		ctx  string
		want bool
	}{
		{"Opening of commercial envelopes | ", true},
		{"\nPublic opening of bids: ", true},
		{"وفتحت المظاريف في ", true},
		{"The opening of the new branch | ", false},
	}
	for _, c := range opened {
		if got := reBidsOpened.MatchString(c.ctx); got != c.want {
			t.Errorf("reBidsOpened12(%q) = %v, want %v", c.ctx, got, c.want)
		}
	}
	sale := []struct {
		ctx  string
		want bool
	}{
		{"Purchase of tender documents, fee OMR 75.000 / شراء وثائق المناقصة | until ", true},
		{"Sale of pre-qualification documents ends | ", true},
		{"Submission of tender documents | until ", false},
	}
	for _, c := range sale {
		if got := reDocSale.MatchString(c.ctx); got != c.want {
			t.Errorf("reDocSale12(%q) = %v, want %v", c.ctx, got, c.want)
		}
	}
}
