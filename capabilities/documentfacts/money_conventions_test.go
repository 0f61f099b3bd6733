package documentfacts

import "testing"

// Round 20 (issue 29, session 22; docs/documents.md "round 20, the rules
// follow conventions 45-48"): each case is a document of our own and the
// facts of one type it must give, read as in bondsParentDatesConventionCases (bondsParentDatesConventionItems):
// a case fails on a wanted fact missing and on any other fact of that
// type.

const (
	moneyConventionsLease     = "LEASE AGREEMENT\n\nThis Lease is made on 2 March 2026 between Ghala Properties LLC (the \"Landlord\") and Al Noor Trading LLC (the \"Tenant\").\n\n"
	moneyConventionsLeaseAR   = "عقد إيجار\n\nحرر هذا العقد بتاريخ ٢ مارس ٢٠٢٦ بين شركة غلا للعقارات ش.م.م (\"المؤجر\") وشركة النور للتجارة ش.م.م (\"المستأجر\").\n\n"
	moneyConventionsRFP       = "REQUEST FOR PROPOSALS No. RFP-11/2026\n\nExternal Audit Services\n\nIssuer: Oman Fisheries Development Company SAOC\n\n"
	moneyConventionsAward     = "LETTER OF AWARD\n\nDate: 15th March 2026\n\nTo: Al Batinah Marine Works LLC (the \"Contractor\")\n\nWe are pleased to award you the contract for the repair of the quay wall.\n\n"
	moneyConventionsQuotation = "QUOTATION No. Q-2026-118\n\nDate: 2 March 2026\n\nFrom: Sohar Office Supplies LLC\nTo: Batinah Schools Development Company SAOC\n\n"
)

var moneyConventionsCases = []convCase{
	// Decision 45: a validity written as a date is valid_until and a
	// deadline of the same date (the rules followed it already).
	{"45", "a quotation valid until a date: the date", "date",
		moneyConventionsQuotation + "1. Supply of 40 office chairs at OMR 45.000 each.\n2. This quotation is valid until 30 April 2026.\n",
		[]string{"document_date 2026-03-02", "valid_until 2026-04-30"}},
	{"45", "a quotation valid until a date: the deadline", "deadline",
		moneyConventionsQuotation + "1. Supply of 40 office chairs at OMR 45.000 each.\n2. This quotation is valid until 30 April 2026.\n",
		[]string{"2026-04-30"}},
	{"45", "an offer remains open until a date: the deadline", "deadline",
		moneyConventionsQuotation + "1. Supply of 40 office chairs at OMR 45.000 each.\n2. This offer remains open until 15 May 2026.\n",
		[]string{"2026-05-15"}},
	{"45", "Arabic: هذا العرض صالح حتى", "deadline",
		"عرض سعر رقم ٢٠٢٦/١١٨\n\nالتاريخ: ٢ مارس ٢٠٢٦\n\nمن: شركة صحار للوازم المكتبية ش.م.م\nإلى: شركة تطوير مدارس الباطنة ش.م.ع.م\n\n١. توريد ٤٠ كرسياً مكتبياً بسعر ٤٥ ريالاً عمانياً للكرسي.\n٢. هذا العرض صالح حتى ٣٠ أبريل ٢٠٢٦.\n",
		[]string{"2026-04-30"}},
	{"45 keep", "a quotation's validity over a line break keeps its deadline", "deadline",
		moneyConventionsQuotation + "1. Supply of 40 office chairs at OMR 45.000 each.\n2. The prices in this quotation shall\nremain valid until 30 April 2026.\n",
		[]string{"2026-04-30"}},
	{"45 guard", "a bond valid until a date over a line break: its expiry", "date",
		moneyConventionsAward + "3. The Contractor shall furnish a performance bond of OMR 12,500.000 within fourteen (14) days. The performance bond\nshall remain valid until 30th June 2028.\n",
		[]string{"document_date 2026-03-15", "expiry_date 2028-06-30"}},
	{"45 guard", "a bond valid until a date over a line break: no deadline", "deadline",
		moneyConventionsAward + "3. The Contractor shall furnish a performance bond of OMR 12,500.000. The performance bond\nshall remain valid until 30th June 2028.\n",
		nil},
	{"45 guard", "a guarantee wrapped before valid until: no deadline", "deadline",
		moneyConventionsAward + "4. An advance payment of OMR 20,000.000 will be paid against a bank guarantee. The advance payment guarantee\nis valid until 31 December 2026.\n",
		nil},
	{"45 keep", "a validity period is no deadline", "deadline",
		moneyConventionsQuotation + "1. Supply of 40 office chairs at OMR 45.000 each.\n2. This quotation is valid for ninety (90) days from its date.\n",
		nil},

	// Decision 46: the sum of one instalment of the rent is amount.
	{"46", "four quarterly instalments of", "money",
		moneyConventionsLease + "1. Rent. The annual rent is OMR 14,400.000, payable in four quarterly instalments of OMR 3,600.000 in advance.\n",
		[]string{"rent 14400 OMR", "amount 3600 OMR"}},
	{"46", "payable in two half-yearly instalments of", "money",
		moneyConventionsLease + "1. Rent. The rent is OMR 24,000.000 a year, payable in two half-yearly instalments of OMR 12,000.000.\n",
		[]string{"rent 24000 OMR", "amount 12000 OMR"}},
	{"46", "bilingual: أربعة أقساط ربع سنوية قيمة كل منها beside the English", "money",
		moneyConventionsLease + "1. Rent. The annual rent is OMR 14,400.000, payable in four quarterly instalments of OMR 3,600.000 in advance.\n١. الأجرة: الأجرة السنوية 14,400.000 ريال عماني، وتستحق على أربعة أقساط ربع سنوية مقدماً قيمة كل منها 3,600.000 ريال عماني.\n",
		[]string{"rent 14400 OMR", "amount 3600 OMR"}},
	{"46 keep", "a monthly rent stays rent", "money",
		moneyConventionsLease + "1. Rent. The monthly rent is OMR 1,200.000, payable in advance on the first day of each month.\n",
		[]string{"rent 1200 OMR"}},
	{"46 keep", "a rent per quarter not called an instalment stays rent", "money",
		moneyConventionsLease + "1. Rent. The Tenant shall pay a rent of OMR 3,600.000 per quarter, in advance.\n",
		[]string{"rent 3600 OMR"}},

	// Decision 47: a ceiling on what a bidder may quote is amount.
	{"47", "the audit fee is expected not to exceed", "money",
		moneyConventionsRFP + "## Budget\n\n- The audit fee for the first year is expected not to exceed OMR 42,000.000 (excluding VAT).\n",
		[]string{"amount 42000 OMR"}},
	{"47", "the total fees must not exceed", "money",
		moneyConventionsRFP + "## Budget\n\nThe total fees for the three years must not exceed OMR 96,000.000.\n",
		[]string{"amount 96000 OMR"}},
	{"47", "Arabic: يجب ألا تتجاوز الأتعاب الإجمالية المقدمة", "money",
		signingBondsConventionTenderAR + "## الميزانية\n\nيجب ألا تتجاوز الأتعاب الإجمالية المقدمة مبلغ ٩٦٬٠٠٠ ريال عماني.\n",
		[]string{"amount 96000 OMR"}},
	{"47 keep", "a contract's agreed fee stays fee", "money",
		"CONSULTANCY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Nizwa Heritage Foundation (the \"Client\") and Al Qalam Design Consultants LLC (the \"Consultant\").\n\n1. Fees. The Client shall pay the Consultant a fee of OMR 42,000.000 for the Services.\n",
		[]string{"fee 42000 OMR"}},

	{"47 keep", "Arabic: a cap on the winner's sale price stays price", "money",
		signingBondsConventionTenderAR + "## الأسعار\n\nلا يجوز للمشغل رفع أسعار البيع المعتمدة خلال العام الدراسي. ويجب ألا يتجاوز سعر الوجبة الرئيسية ٠٫٨٥٠ ر.ع.\n",
		[]string{"price 0.85 OMR"}},

	// Decision 48: late-payment interest stated as a sum is
	// penalty_amount, accrued, charged or waived.
	{"48", "late payment interest has accrued", "money",
		"FINAL DEMAND\n\nDate: 2 June 2026\n\nTo: Al Noor Trading LLC\n\nLate payment interest of OMR 1,356.545 has accrued at 1% per month under clause 9.3 of the Agreement.\n",
		[]string{"penalty_amount 1356.545 OMR"}},
	{"48", "the creditor waives late payment interest", "money",
		"SETTLEMENT AGREEMENT\n\nThis Agreement is made on 2 June 2026 between Sohar Steel LLC (the \"Creditor\") and Al Noor Trading LLC (the \"Debtor\").\n\n1. The Creditor agrees to waive late payment interest of OMR 4,210.300 and to accept the balance in full and final settlement.\n",
		[]string{"penalty_amount 4210.3 OMR"}},
	{"48", "Arabic: ترتبت عليكم فوائد تأخير في السداد", "money",
		"إنذار نهائي\n\nالتاريخ: ٢ يونيو ٢٠٢٦\n\nترتبت عليكم فوائد تأخير في السداد بمبلغ 1,356.545 ريال عماني.\n",
		[]string{"penalty_amount 1356.545 OMR"}},
	{"48 keep", "a late payment charge stays penalty_amount", "money",
		"FINAL DEMAND\n\nDate: 2 June 2026\n\nA late payment charge of OMR 250.000 has been added to your account.\n",
		[]string{"penalty_amount 250 OMR"}},
	{"48 keep", "the settled sum after the waiver stays amount", "money",
		"SETTLEMENT AGREEMENT\n\nThis Agreement is made on 2 June 2026 between Sohar Steel LLC (the \"Creditor\") and Al Noor Trading LLC (the \"Debtor\").\n\n1. The Debtor shall pay OMR 64,730.450 in full and final settlement of the balance.\n",
		[]string{"amount 64730.45 OMR"}},
}

// TestConv22Conventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv22Conventions -v
func TestConv22Conventions(t *testing.T) {
	checkConvCases(t, moneyConventionsCases)
}
