package documentfacts

import (
	"slices"
	"strings"
	"testing"
)

// Round 23 of keys (issue 29, session 23): date families (key_other_documents.go). Each
// case is a short text written for this test and the keys it must (want)
// or must not (not) hold.

func TestKey23DateFamilies(t *testing.T) {
	body := strings.Repeat("The Supplier shall keep proper records of every delivery.\n", 3)
	cases := []datesWorkCompletionCase{
		// OD: another document's date.
		{name: "OD revision replaced", text: "GENERAL TERMS OF SALE\n\nIssue date: 2 February 2026\n\n" + body + "These Terms replace Edition 4 dated 3 March 2023.\n",
			want: []string{"date|2023-03-03"}, not: []string{"document_date|2023-03-03", "issue_date|2023-03-03"}},
		{name: "OD resolution of, after this resolution", text: "BOARD RESOLUTION\n\n" + body + "7. This resolution takes effect on 5 May 2026, and the powers granted by the resolution of 12 December 2023 are withdrawn.\n",
			want: []string{"date|2023-12-12"}, not: []string{"effective_date|2023-12-12"}},
		{name: "OD a bank's facility offer dated", text: "BOARD RESOLUTION\n\n" + body + "1. The Board accepts the loan offer of Gulf Union Bank (the \"Bank\") dated 9 January 2026.\n",
			want: []string{"date|2026-01-09"}, not: []string{"document_date|2026-01-09"}},
		{name: "OD arabic letter of award dated", text: "عقد تقديم خدمات\n\n" + strings.Repeat("يلتزم الطرف الثاني بتقديم الخدمات وفق الشروط.\n", 3) + "وقد أرسيت المناقصة على الطرف الثاني بموجب خطاب الترسية المؤرخ 14 يوليو 2026م.\n",
			want: []string{"date|2026-07-14"}, not: []string{"agreement_date|2026-07-14"}},
		{name: "OD a credit application of", text: "STATEMENT OF ACCOUNT\n\nStatement date: 4 May 2026\n\n" + body + "Our terms remain 45 days, as agreed in your credit application of 2 February 2025.\n",
			want: []string{"date|2025-02-02"}, not: []string{"invoice_date|2025-02-02"}},

		// PC: the period a statement or a valuation covers.
		{name: "PC statement period field", text: "STATEMENT OF ACCOUNT\n\nStatement date: 4 May 2026\nPeriod: from 01/04/2026 to 30/04/2026\n\n" + body,
			want: []string{"date|2026-04-01", "date|2026-04-30"}, not: []string{"effective_date|2026-04-01", "expiry_date|2026-04-30"}},
		{name: "PC valuation period row", format: "md", text: "# Payment Certificate No. 3\n\n| Item | Detail |\n|---|---|\n| Valuation period | from 1 May 2026 to 31 May 2026 |\n| Certificate date | 6 June 2026 |\n",
			want: []string{"date|2026-05-01", "date|2026-05-31"}, not: []string{"effective_date|2026-05-01", "expiry_date|2026-05-31"}},
		{name: "PC arabic invoices for a period", text: "اتفاقية تسوية\n\n" + strings.Repeat("يلتزم المدين بسداد المبلغ وفق الجدول.\n", 3) + "للدائن مبلغ 12,000 ريال عماني قيمة فواتير صيانة عن الفترة من 1 مارس 2026م حتى 31 أغسطس 2026م.\n",
			want: []string{"date|2026-03-01", "date|2026-08-31"}, not: []string{"effective_date|2026-03-01", "expiry_date|2026-08-31"}},
		{name: "PC a lease's term stays", text: "LEASE AGREEMENT\n\n" + body + "The lease is for the period from 1 June 2026 to 31 May 2027.\n",
			not: []string{"date|2026-06-01"}},

		// PA, OA, RB, SH, QA, OB, SB, MC, PY.
		{name: "PA an advance paid on", text: "PAYMENT CERTIFICATE No. 4\n\n" + body + "The advance payment of OMR 50,000 was paid on 12 January 2026 and is being recovered.\n",
			not: []string{"due_date|2026-01-12"}},
		{name: "OA terms apply to orders on or after", text: "TERMS OF PURCHASE\n\n" + body + "These Terms shall apply to all orders placed by the Buyer on or after 1 September 2026.\n",
			want: []string{"effective_date|2026-09-01"}},
		{name: "RB need-by date field", format: "md", text: "# PURCHASE ORDER\n\n| Field | Value |\n|---|---|\n| PO number | PO-771 |\n| Need by date | 14 October 2026 |\n",
			want: []string{"delivery_date|2026-10-14"}},
		{name: "SH latest date of shipment", text: "COMMERCIAL INVOICE\n\nInvoice date: 3 March 2026\nLatest date of shipment: 15.04.2026\n\n" + body,
			want: []string{"date|2026-04-15"}, not: []string{"submission_deadline|2026-04-15", "document_date|2026-04-15"}},
		{name: "QA questions submitted by", text: "PREQUALIFICATION QUESTIONNAIRE\n\n" + body + "Questions on this questionnaire must be sent by e-mail to Ms. R. Haddad, Buyer, no later than 8 May 2026.\n",
			want: []string{"clarification_deadline|2026-05-08"}},
		{name: "QA answers published row", format: "md", text: "# REQUEST FOR PROPOSALS\n\n| Event | Date |\n|---|---|\n| Deadline for questions | 4 May 2026 |\n| Responses to queries issued | 11 May 2026 |\n",
			want: []string{"clarification_deadline|2026-05-04", "date|2026-05-11"}, not: []string{"clarification_deadline|2026-05-11"}},
		{name: "OB open a branch by", text: "DISTRIBUTION AGREEMENT\n\n" + body + "The Distributor shall open a showroom in Sohar not later than 30 June 2026.\n",
			want: []string{"opening_date|2026-06-30"}},
		{name: "OB a licence before opening stays", text: "عقد إيجار محل تجاري\n\n" + strings.Repeat("يلتزم المستأجر بدفع الأجرة في موعدها.\n", 3) + "على المستأجر الحصول على ترخيص البلدية قبل افتتاح المحل، وفي موعد أقصاه ١٥ مايو ٢٠٢٦.\n",
			not: []string{"opening_date|2026-05-15"}},
		{name: "OD minutes of their own date stay", text: "MINUTES OF THE ANNUAL GENERAL MEETING\n\nHeld on 12 April 2026 at the head office.\n\n" + body + "Minutes of 12 April 2026 - page 2\n",
			not: []string{"date|2026-04-12"}},
		{name: "SB start the first batch", text: "مذكرة تفاهم\n\n" + strings.Repeat("يلتزم الطرف الأول بتوفير قاعات التدريب.\n", 3) + "يلتزم الطرف الثاني ببدء الدفعة الأولى من المتدربين في موعد أقصاه 2026/09/15م.\n",
			not: []string{"due_date|2026-09-15"}},
		{name: "MC main contract row in a subcontract", format: "md", text: "# SUBCONTRACT AGREEMENT\n\nThis Subcontract is made on 4 April 2026.\n\n| Item | Detail |\n|---|---|\n| Main Contract | Contract No. PW/77 dated 2 February 2026 |\n",
			want: []string{"date|2026-02-02"}, not: []string{"agreement_date|2026-02-02"}},
		{name: "PY shall pay ... on or before", text: "PAYMENT CERTIFICATE No. 9\n\n" + body + "The Employer shall pay the amount certified within 28 days, that is on or before 9 July 2026.\n",
			want: []string{"due_date|2026-07-09"}},

		// LG: a ledger's date and due-date columns.
		{name: "LG ledger columns", format: "md", text: "# STATEMENT OF ACCOUNT\n\n| Date | Ref. | Details | Due date | Debit | Credit |\n|---|---|---|---|---|---|\n| 03/02/2026 | INV-1107 | Spare parts | 05/03/2026 | 1,200.000 | |\n| 20/02/2026 | RV-88 | Receipt | | | 800.000 |\n",
			want: []string{"invoice_date|2026-02-03", "due_date|2026-03-05", "date|2026-02-20"}},

		// TD, CD, SG (otherDocumentsKeysFacts).
		{name: "TD this supply agreement is dated", text: "SUPPLY AGREEMENT\n\nThis Supply Agreement is dated 6 August 2026.\n\n" + body,
			want: []string{"agreement_date|2026-08-06"}},
		{name: "CD arabic guarantee names the contract dated", text: "خطاب ضمان حسن تنفيذ\n\nتاريخ الإصدار: 2026/05/02م\n\nنحيطكم علماً بأن عميلنا قد أبرم معكم العقد رقم 55/2026 لتوريد مضخات المياه إلى محطة بركاء، المؤرخ 2026/04/20م، بقيمة 90,000 ر.ع.\n",
			want: []string{"agreement_date|2026-04-20"}},
		{name: "SG same day as the certificate, a second line", text: "INTERIM CERTIFICATE No. 5\n\nCertificate date: 14 July 2026\n\n" + body + "Certified by the Engineer: Eng. Omar Said\nDate: 14 July 2026\n",
			want: []string{"signature_date|2026-07-14"}},
		{name: "SG a chairman's caption over the date", text: "BOARD RESOLUTION\n\n" + body + "Chairman: Ali Hamad | Secretary: Huda Salem\nDate: 9 March 2026\n",
			want: []string{"signature_date|2026-03-09"}, not: []string{"document_date|2026-03-09"}},
		{name: "OD a contractor's statement number dated", format: "md", text: "# Payment Certificate No. 4\n\n| Item | Detail |\n|---|---|\n| Contract No. | C-44 dated 2 January 2026 |\n| Contractor's statement | No. 04 dated 3 June 2026 |\n| Certificate date | 9 June 2026 |\n",
			want: []string{"date|2026-06-03"}, not: []string{"agreement_date|2026-06-03"}},
		{name: "SG date under a certifier", text: "INTERIM CERTIFICATE No. 2\n\nCertificate date: 10 June 2026\n\n" + body + "Certified by the Engineer: Eng. Sami Rahman\nDate: 11 June 2026\n",
			want: []string{"signature_date|2026-06-11"}},
	}
	checkKeyed(t, "date", cases)
}

func TestKey23Deadlines(t *testing.T) {
	out := extractText(t, "PACKING LIST\n\nCases 1-4: pumps, net 12.400 kg, gross 13.100 kg\nCases 5-6: valves, net 2,250 kg\n")
	for _, d := range out.Deadlines {
		if d.Key == "payment_deadline" {
			t.Errorf("NW: a net weight read as payment terms: %+v", d)
		}
	}
	out = extractDocxLines(t, "أمر شراء\nيلتزم المورد بالتسليم وفق الجدول الآتي:\nالدفعة | الكميات | آخر موعد للتسليم\nالتسليم الأول | 50% من الكمية | 12/05/2026\nالتسليم الثاني | باقي الكمية | 02/06/2026\n")
	got := map[string]bool{}
	for _, d := range out.Deadlines {
		got[d.NormalizedValue] = true
	}
	for _, v := range []string{"2026-05-12", "2026-06-02"} {
		if !got[v] {
			t.Errorf("DS: no delivery deadline %s; got %v", v, got)
		}
	}
	if dates := factSet(out, "date"); !slices.Contains(dates, "delivery_date|2026-05-12") {
		t.Errorf("RB: schedule row not a delivery_date: %v", dates)
	}
}

func TestKey23DurationFamilies(t *testing.T) {
	body := strings.Repeat("The Supplier shall keep proper records of every delivery.\n", 3)
	cases := []datesWorkCompletionCase{
		{name: "NC cancel an order by giving notice", text: "PURCHASE ORDER\n\n" + body + "9. The Buyer may cancel this Order for convenience by giving fourteen (14) days' written notice to the Supplier.\n",
			want: []string{"notice_period|P14D"}, not: []string{"duration|P14D"}},
		{name: "NC a policy cancelled by notice", text: "INSURANCE SCHEDULE\n\n" + body + "Either party may cancel this policy by giving forty-five (45) days' notice in writing.\n",
			want: []string{"notice_period|P45D"}, not: []string{"duration|P45D"}},
		{name: "a late fee after a late payment stays a duration", text: "عقد إيجار محل\n\n" + strings.Repeat("يلتزم المستأجر بدفع الأجرة في موعدها.\n", 3) + "في حال تأخر المستأجر عن سداد الأجرة أكثر من عشرة (10) أيام، يدفع غرامة تأخير قدرها 20.000 ر.ع.\n",
			not: []string{"cure_period|P10D"}},
		{name: "AG an ageing table is no period", format: "md", text: "# STATEMENT OF ACCOUNT\n\n| Not yet due | 1-30 days overdue | 31-90 days overdue | over 90 days |\n|---|---|---|---|\n| 1,200.000 | 300.000 | nil | nil |\n",
			not: []string{"duration|P90D"}},
		{name: "claim window for a disagreement", text: "INTERIM PAYMENT CERTIFICATE\n\n" + body + "Any disagreement with this valuation must be notified to the Engineer within seven (7) days of its receipt.\n",
			want: []string{"claim_period|P7D"}},
	}
	checkKeyed(t, "duration", cases)
}

func TestKey23DeadlineFamilies(t *testing.T) {
	out := extractText(t, "PREQUALIFICATION QUESTIONNAIRE\n\nApplications must be uploaded no later than 2 June 2026.\nShortlisted applicants will be notified by 20 June 2026 and invited to tender in July 2026.\n")
	for _, d := range out.Deadlines {
		if d.NormalizedValue == "2026-06-20" {
			t.Errorf("AN: an announcement read as a deadline: %+v", d)
		}
	}
	out = extractText(t, "BILL OF QUANTITIES - FORM OF BID\n\n1. We offer to execute the works for the sum stated above.\n   نعرض تنفيذ الأعمال بالمبلغ المذكور أعلاه.\n2. The rates of this bid are valid until 14 August 2026.\n   أسعار هذا العطاء سارية حتى ١٤ أغسطس ٢٠٢٦.\n")
	en, ar := false, false
	for _, d := range out.Deadlines {
		if d.NormalizedValue == "2026-08-14" {
			if hasArabic(d.Value) {
				ar = true
			} else {
				en = true
			}
		}
	}
	if !en || !ar {
		t.Errorf("VT: validity deadlines per language, got en %v ar %v: %+v", en, ar, out.Deadlines)
	}
}

func TestKey23ExpiryReference(t *testing.T) {
	out := extractText(t, "خطاب ضمان بنكي\n\nيظل هذا الضمان سارياً حتى تاريخ ٢٠٢٧/٠٣/٣١م، ويجب أن تصل إلينا أي مطالبة بموجبه في موعد أقصاه تاريخ انتهاء سريانه المذكور.\n")
	found := false
	for _, d := range out.Deadlines {
		found = found || d.NormalizedValue == "2027-03-31" && strings.Contains(d.Value, "انتهاء")
	}
	if !found {
		t.Errorf("ER: no deadline on the expiry written above: %+v", out.Deadlines)
	}
	out = extractText(t, "TENANCY AGREEMENT\n\nThe lease ends on 31 August 2027.\nThe Tenant shall give notice of renewal ninety (90) days before the expiry date.\n")
	for _, d := range out.Deadlines {
		if d.NormalizedValue == "2027-08-31" && strings.Contains(d.Value, "expiry") {
			t.Errorf("ER: a period before the expiry is no deadline on it: %+v", d)
		}
	}
	out = extractText(t, "NOTICE OF RENEWAL\n\nYour lease of Unit 4 expires on 30 June 2026. The renewed lease will run until 30 June 2028.\nIf you do not accept, you shall vacate the unit on the expiry of the current lease.\n")
	for _, d := range out.Deadlines {
		if d.NormalizedValue == "2028-06-30" && strings.Contains(d.Value, "expiry") {
			t.Errorf("ER: the current lease's expiry is the first: %+v", d)
		}
	}
}
