package documentfacts

import "testing"

// Round 12's rules (key_hire_sign_blocks.go), English and Arabic, negatives included.

func TestRound12Money(t *testing.T) {
	cases := []struct{ key, sent, want string }{
		{"amount", "The applicant must hold professional indemnity insurance with a cover of not less than ", "insurance_cover"},
		{"amount", "4.4 The Owners shall maintain protection and indemnity insurance with a limit of not less than ", "insurance_cover"},
		{"price", "The Contractor shall carry public liability insurance for ", "insurance_cover"},
		{"amount", "يحتفظ الاستشاري بتأمين المسؤولية المهنية بمبلغ لا يقل عن ", "insurance_cover"},
		{"amount", "7. For each day of delay in handover the Tenant will be charged ", "penalty_amount"},
		{"price", "يلتزم المقاول بدفع مبلغ عن كل يوم تأخير قدره ", "penalty_amount"},
		{"fee", "Pre-qualification documents may be obtained from the Company's Tender Office in Duqm against\na non-refundable fee of ", "tender_fee"},
		{"fee", "٣-٣ تقدر القيمة السنوية للعقد بمبلغ ", "contract_value"},
		{"amount", "وبقيمة تقديرية للعقد قدرها ", "contract_value"},
		{"total_amount", "١. قررت اللجنة بالإجماع ترسية المناقصة على شركة المسار للمعدات ش.م.م بقيمة إجمالية قدرها ", "contract_value"},
		{"total_amount", "The Committee awarded the tender to Al Masar LLC for a total of ", "contract_value"},
		{"amount", "٤. تعاد ضمانات العطاءات، وقيمة كل منها ", "bid_bond"},
		// negatives: a premium, an excess, a cap, a sum with no insurance
		{"amount", "The Supplier shall pay for each day it works on site ", ""},
		{"fee", "Tender documents may be obtained free of charge; the consultancy fee of ", ""},
		{"total_amount", "بلغت القيمة الإجمالية للفاتورة ", ""},
		{"total_amount", "The bids were opened; the lowest totalled ", ""},
		{"amount", "The Tenant shall maintain insurance and pay the annual premium of not less than ", ""},
		{"amount", "The Contractor shall maintain insurance; its liability shall not exceed ", ""},
		{"amount", "The Buyer shall pay not less than ", ""},
		{"amount", "يلتزم المستأجر بتأمين المبنى ويتحمل قسط التأمين بمبلغ ", ""},
		{"fee", "must hold insurance with a cover of not less than ", ""},
	}
	for _, c := range cases {
		if got := hireSignBlocksMoneyKeys(c.key, c.sent); got != c.want {
			t.Errorf("round12Money(%q, %q) = %q, want %q", c.key, c.sent, got, c.want)
		}
	}
}

func TestRound12Date(t *testing.T) {
	cases := []struct {
		key, ctx, clause string
		top, hire        bool
		want             string
	}{
		{"date", "MINUTES OF THE ANNUAL GENERAL MEETING\nHeld on ", "", true, false, "issue_date"},
		{"date", "عقدت لجنة المناقصات بالشركة اجتماعها يوم الثلاثاء الموافق ", "", true, false, "issue_date"},
		{"date", "Company X - Minutes of ", "", false, false, "issue_date"},
		{"date", "وفتحت المظاريف في ", "", false, false, "bid_opening_date"},
		{"date", "Sale of pre-qualification documents ends | ", "", false, false, "document_purchase_deadline"},
		{"date", "must be sent no later than ", "3.1 Clarification requests must be sent no later than ", false, false, "clarification_deadline"},
		{"date", "في موعد أقصاه ", "يجب إرسال طلبات الاستيضاح في موعد أقصاه ", false, false, "clarification_deadline"},
		{"valid_until", "no later than ", "Applications must be sent by post no later than ", false, false, "submission_deadline"},
		{"date", "on or before ", "The dividend shall be paid through the registrar on or before ", false, false, "due_date"},
		{"date", "Posted: ", "", true, false, "issue_date"},
		{"date", "Reference: X/1 · Posted on ", "", true, false, "issue_date"},
		{"effective_date", "- Start date: ", "", false, true, "start_date"},
		{"effective_date", "Start date / تاريخ المباشرة: ", "", false, true, "start_date"},
		{"valid_until", "quoting the reference, no later than ", "Applications must be sent by email to jobs@x.om, quoting the reference, no later than ", false, true, "submission_deadline"},
		// negatives
		{"effective_date", "- Start date: ", "", false, false, "effective_date"}, // a contract's start
		{"date", "the goods were posted on ", "", false, false, "date"},
		{"date", "Held on ", "", false, false, "date"},                                                 // not at the top: a meeting mentioned later
		{"date", "a site meeting held on ", "", true, false, "date"},                                   // not a line's start
		{"date", "no later than ", "The Works shall be finished no later than ", false, false, "date"}, // no payment, application or question
		{"submission_deadline", "no later than ", "Clarification requests must be sent no later than ", false, false, "submission_deadline"},
		{"date", "on ", "The dividend shall be paid on ", false, false, "date"}, // not a deadline's words
	}
	for _, c := range cases {
		f := Fact{Type: TypeDate, Key: c.key}
		hireSignBlocksDateKeys(&f, c.ctx, c.clause, c.top, c.hire)
		if f.Key != c.want {
			t.Errorf("round12Date(%q, %q, %q, %v) = %q, want %q", c.key, c.ctx, c.clause, c.top, f.Key, c.want)
		}
	}
}

func TestClause12(t *testing.T) {
	prev := "Applications must be sent by email to careers@x.om, quoting the reference, no later than"
	if got := clauseHireSignBlocks("16 February 2026.", 0, prev); got != prev+" " {
		t.Errorf("clause12 wrapped = %q", got)
	}
	if got := clauseHireSignBlocks("Company's registrar on or before 21 April 2026.", 33, "The dividend shall be paid through the"); got != "The dividend shall be paid through the Company's registrar on or before " {
		t.Errorf("clause12 continued = %q", got)
	}
	// a line after a finished sentence is its own clause
	if got := clauseHireSignBlocks("On or before 1 May 2026 the Buyer pays.", 13, "The Works are complete."); got != "On or before " {
		t.Errorf("clause12 after a stop = %q", got)
	}
}

func TestRound12TermNotAgreement(t *testing.T) {
	for _, c := range []struct {
		clause string
		want   bool
	}{
		{"The General Assembly elected the following directors for a term of ", true},
		{"وافقت الجمعية العامة على انتخاب أعضاء مجلس الإدارة لمدة ", true},
		{"3.4 The shortlist shall remain valid for ", true},
		{"٣-٤ تظل القائمة المختصرة سارية لمدة ", true},
		{"Pre-qualification shall remain valid for ", true},
		// negatives: the agreement's own term, an offer's validity
		{"This Agreement is made for a term of ", false},
		{"The Board was elected last year. This Agreement runs for ", false},
		{"يسري هذا العقد لمدة ", false},
	} {
		got := reElectTerm.MatchString(c.clause) || reListValid.MatchString(c.clause)
		if got != c.want {
			t.Errorf("%q: not the agreement's term = %v, want %v", c.clause, got, c.want)
		}
	}
}

func TestRound12AgreementDate(t *testing.T) {
	for _, c := range []struct {
		line, date string
		want       bool
	}{
		{"Agreement No. SMF/SUP/2026/03 - Sur, 20 February 2026", "20 February 2026", true},
		{"اتفاقية رقم SMF/SUP/2026/03 - صور، ٢٠ فبراير ٢٠٢٦", "٢٠ فبراير ٢٠٢٦", true},
		{"Ref. GBR/RA/2026/007 — Kuwait, 5 January 2026", "5 January 2026", true},
		// negative: a hyphen inside a sentence, the date not after a place
		{"Phase 2 - completion by 20 February 2026", "20 February 2026", false},
	} {
		ms := len(c.line) - len(c.date)
		if got := topPlaceDate(c.line, ms, len(c.line)); got != c.want {
			t.Errorf("topPlaceDate(%q) = %v, want %v", c.line, got, c.want)
		}
	}
	for _, c := range []struct {
		ctx  string
		want string
	}{
		{"This Charter Party is made in Kuwait City on ", "agreement_date"},
		{"This Agreement is made at Nizwa on ", "agreement_date"},
		{"The goods were made in China on ", "date"},
	} {
		f := Fact{Type: TypeDate, Key: "date"}
		hireSignBlocksDateKeys(&f, c.ctx, "", false, false)
		if f.Key != c.want {
			t.Errorf("round12Date(%q) = %q, want %q", c.ctx, f.Key, c.want)
		}
	}
}

func TestRound12SignBlockDate(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"For Al Dakhiliyah Private University SAOC\nDr. Mazin Al Rawahi, Vice Chancellor\nDate: ", true},
		{"For Green Oasis Catering LLC\nDate: ", true},
		{"عن الطرف الأول\nالاسم: سالم\nالتاريخ: ", true},
		// negatives: a blank line between, a sentence, no signing line
		{"For Green Oasis Catering LLC\n\nDate: ", false},
		{"For more details see clause 4.\nDate: ", false},
		{"Inspection report\nPrepared by the Engineer\nDate: ", false},
		{"For Green Oasis Catering LLC\nSultan Al Habsi\nThe Operator pays on ", false},
	} {
		ls := len(c.text)
		for ls > 0 && c.text[ls-1] != '\n' {
			ls--
		}
		if got := signBlockDate(c.text, ls, c.text[ls:]); got != c.want {
			t.Errorf("signBlockDate(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
