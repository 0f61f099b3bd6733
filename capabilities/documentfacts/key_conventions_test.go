package documentfacts

import (
	"strings"
	"testing"
)

// Round 18b (issue 29, session 20; docs/documents.md "round 18b, the
// rules follow conventions 19-26"): the rules follow the label
// conventions 19 to 26 of session 20. Each case is a document of our own
// (format "md", "html", "docx" or plain text) and the facts of one type
// it must give, as bondsParentDatesConventionCases: requirement and obligation "category
// mode anchor"; party "role name"; date, money and duration "key value";
// deadline the value alone. A case fails on a wanted fact missing and on
// any other fact of that type.

const (
	keyConventionsServices = "SERVICES AGREEMENT\n\nThis Agreement is made on 2 February 2026 between Nizwa Hospitality LLC (the \"Customer\") and Bahja Facility Services LLC (the \"Supplier\").\n\n"
	keyConventionsServAR   = "عقد خدمات\n\nأبرم هذا العقد بتاريخ ٢ فبراير ٢٠٢٦ بين شركة نزوى للضيافة ش.م.م (\"العميل\") وشركة بهجة لخدمات المرافق ش.م.م (\"المورد\").\n\n"
	keyConventionsLease    = "LEASE AGREEMENT\n\nThis Lease is made on 5 April 2026 between Salim Al Harthy (the \"Landlord\") and Qurum Bakery LLC (the \"Tenant\").\n\n"
	keyConventionsLeaseAR  = "عقد إيجار محل تجاري\n\nأبرم هذا العقد بتاريخ ٥ أبريل ٢٠٢٦ بين سالم بن علي الحارثي (\"المؤجر\") وشركة مخبز القرم ش.م.م (\"المستأجر\").\n\n"
	keyConventionsTender   = "INVITATION TO TENDER\n\nTender No. 44/2026: Cleaning of Office Buildings\n\nIssued by Sharqiya Ports SAOC (the \"Company\"). Bidders are invited to submit bids.\n\n"
	keyConventionsTenderAR = "مناقصة رقم ١٢/٢٠٢٦ لتنظيف المباني الإدارية\n\nتدعو شركة موانئ الشرقية ش.م.ع.ع الشركات المؤهلة لتقديم عطاءاتها.\n\n"
)

var keyConventionsCases = []struct {
	decision, name, format, typ, text string
	want                              []string
}{
	// Decision 19: rows of a fee, rate or charge table are price, its
	// total row total_amount; a fee in a sentence or a two-column table
	// of a document's terms stays fee; narrower keys stay.
	{"19", "monthly fee table with a total row", "md", "money",
		keyConventionsServices + "## 2. Fees\n\n| Service | Monthly fee (OMR) |\n|---|---|\n| Cleaning of common areas | 1,240.000 |\n| Security guarding | 2,380.000 |\n| **Total monthly fee** | **3,620.000** |\n",
		[]string{"price 1240 OMR", "price 2380 OMR", "total_amount 3620 OMR"}},
	{"19", "lump-sum fee rows among rates", "docx", "money",
		"CHARTER PARTY\n# Hire\nItem | Rate (KWD)\nHire, per day | 1,450.500\nMobilisation fee, lump sum | 3,200.000\nDemobilisation fee, lump sum | 2,750.000\n",
		[]string{"rent 1450.5 KWD", "price 3200 KWD", "price 2750 KWD"}}, // the hire row: rent since decision 64 (money_claims_caps.go)
	{"19", "Arabic fee table with a total row", "md", "money",
		keyConventionsServAR + "## ٢. الرسوم\n\n| الخدمة | الرسوم الشهرية (ر.ع.) |\n|---|---|\n| تنظيف المرافق العامة | ١٬٢٤٠٫٠٠٠ |\n| الحراسة الأمنية | ٢٬٣٨٠٫٠٠٠ |\n| إجمالي الرسوم الشهرية | ٣٬٦٢٠٫٠٠٠ |\n",
		[]string{"price 1240 OMR", "price 2380 OMR", "total_amount 3620 OMR"}},
	{"19", "annual fee column, a line total equal to its unit price", "html", "money",
		"<h1>Order Form</h1><p>Gulf Soft LLC (the Vendor) and Sohar Trading SAOC (the Customer).</p><table><tr><th>Product</th><th>Licences</th><th>Unit price (USD)</th><th>Annual fee (USD)</th></tr><tr><td>Premium support</td><td>1</td><td>9,800.00</td><td>9,800.00</td></tr><tr><td>User licence</td><td>40</td><td>185.50</td><td>7,420.00</td></tr><tr><td colspan=\"3\">Total annual fee</td><td>17,220.00</td></tr></table>",
		[]string{"price 9800 USD", "price 185.5 USD", "price 7420 USD", "total_amount 17220 USD"}},
	{"19 neg", "a fee in a sentence", "", "money",
		keyConventionsServices + "3. The Customer shall pay the Supplier a monthly fee of OMR 1,240.000.\n",
		[]string{"fee 1240 OMR"}},
	{"19 neg", "Arabic fee in a sentence", "", "money",
		keyConventionsServAR + "٣. يدفع العميل للمورد رسوماً شهرية قدرها ١٬٢٤٠٫٠٠٠ ر.ع.\n",
		[]string{"fee 1240 OMR"}},
	{"19 neg", "a fee in a two-column terms table", "md", "money",
		"FACILITY OFFER LETTER\n\nBank Dhofar SAOG offers Al Wusta Trading LLC the facility below.\n\n| Term | Detail |\n|---|---|\n| Tenor | 5 years |\n| Processing fee | OMR 6,000 |\n",
		[]string{"fee 6000 OMR"}},
	{"19 neg", "a deposit row keeps its key", "md", "money",
		keyConventionsLease + "## Charges\n\n| Item | Amount (OMR) |\n|---|---|\n| Monthly rent | 450.000 |\n| Security deposit | 900.000 |\n",
		[]string{"rent 450 OMR", "security_deposit 900 OMR"}},

	// Decision 22: a guarantee's or bond's "valid until" date stated in
	// a contract is its expiry_date; an offer's stays valid_until.
	{"22", "performance bond valid until, in a contract", "", "date",
		keyConventionsServices + "5. The Supplier has furnished a performance bond of ten per cent (10%) of the contract price, valid until 30 April 2028.\n",
		[]string{"agreement_date 2026-02-02", "expiry_date 2028-04-30"}},
	{"22", "guarantee shall remain valid until", "", "date",
		keyConventionsServices + "5. The performance guarantee shall remain valid until 31 May 2028.\n",
		[]string{"agreement_date 2026-02-02", "expiry_date 2028-05-31"}},
	{"22", "Arabic bond valid until", "", "date",
		keyConventionsServAR + "٥. يقدم المورد ضمان حسن تنفيذ بنسبة ١٠٪ من قيمة العقد ليظل سارياً حتى ٣١/١٢/٢٠٢٦م.\n",
		[]string{"agreement_date 2026-02-02", "expiry_date 2026-12-31"}},
	{"22 neg", "a quotation's validity stays valid_until", "", "date",
		"QUOTATION\n\nQuotation No. Q-310\nDate: 3 March 2026\n\nTo: Nizwa Hospitality LLC\n\nThis quotation is valid until 2 April 2026.\n",
		[]string{"issue_date 2026-03-03", "valid_until 2026-04-02"}},

	// Decision 24: a time limit to refund, return or repay a sum is a
	// deadline only, no payment_period.
	{"24", "deposit refunded within days", "", "duration",
		keyConventionsLease + "6. The Landlord shall refund the security deposit to the Tenant within thirty (30) days after the end of the Lease.\n",
		nil},
	{"24", "the refund's deadline stays", "", "deadline",
		keyConventionsLease + "6. The Landlord shall refund the security deposit to the Tenant within thirty (30) days after the end of the Lease.\n",
		[]string{"P30D"}},
	{"24", "Arabic deposit returned", "", "duration",
		keyConventionsLeaseAR + "٦. يرد المؤجر مبلغ التأمين إلى المستأجر خلال ثلاثين (٣٠) يوماً من انتهاء العقد.\n",
		nil},
	{"24", "Arabic refund's deadline", "", "deadline",
		keyConventionsLeaseAR + "٦. يرد المؤجر مبلغ التأمين إلى المستأجر خلال ثلاثين (٣٠) يوماً من انتهاء العقد.\n",
		[]string{"P30D"}},
	{"24", "an allowance repaid", "", "duration",
		"EMPLOYMENT CONTRACT\n\nThis Contract is made on 1 March 2026 between Sharqiya Ports SAOC (the \"Employer\") and Aisha Al Rawahi (the \"Employee\").\n\n7. If the Employee leaves within one year, the Employee shall repay the relocation allowance within thirty (30) days of leaving.\n",
		// The year the employee must stay is a duration (duration_notice_terms.go,
		// family RP); the thirty days to repay are not (decision 24).
		[]string{"duration P1Y"}},
	{"24", "sums paid in advance refunded", "", "duration",
		keyConventionsServices + "9. On termination the Supplier shall refund any fees paid in advance within fourteen (14) days.\n",
		nil},
	{"24", "a refund wrapped over two lines", "", "duration",
		keyConventionsServices + "5.1 If the Customer cancels the Event, it shall refund\nall amounts paid by the Supplier within thirty (30) days of the cancellation.\n",
		nil},
	{"24 neg", "a fee reimbursed, invoiced and payable", "", "duration",
		keyConventionsServices + "2.4 The Customer shall reimburse the Supplier a secondment fee of OMR 3,100.000 per month, invoiced quarterly and payable within thirty (30) days of the invoice date.\n",
		[]string{"payment_period P30D"}},
	{"24 neg", "a time to pay an invoice stays payment_period", "", "duration",
		keyConventionsServices + "4. The Customer shall pay each invoice within thirty (30) days of receipt.\n",
		[]string{"payment_period P30D"}},

	// Decision 25: a management-system certificate the bidder holds is
	// compliance, mandatory or preferred; as an item of a list of
	// documents to submit, documentation.
	{"25", "ISO certificate preferred", "", "requirement",
		keyConventionsTender + "## Qualification\n\n1. ISO 9001 certification is preferred.\n",
		[]string{"compliance optional iso 9001"}},
	{"25", "ISO certificate held, mandatory", "", "requirement",
		keyConventionsTender + "## Qualification\n\n1. The bidder must hold a valid ISO 14001 certificate.\n",
		[]string{"compliance mandatory iso 14001"}},
	{"25", "ISO 27001 among preferred qualifications", "", "requirement",
		keyConventionsTender + "## Preferred Qualifications\n\n- ISO 27001 certification.\n- Experience with government clients.\n",
		[]string{"compliance optional iso 27001", "experience optional government"}},
	{"25", "Arabic ISO certificate held", "", "requirement",
		keyConventionsTenderAR + "## شروط التأهيل\n\n١. يجب أن يكون المناقص حاصلاً على شهادة الأيزو ٩٠٠١ سارية المفعول.\n",
		[]string{"compliance mandatory الأيزو"}},
	{"25", "Arabic ISO certificate preferred", "", "requirement",
		keyConventionsTenderAR + "## شروط التأهيل\n\n١. يفضل حصول المناقص على شهادة ISO 45001.\n",
		[]string{"compliance optional iso 45001"}},
	{"25 neg", "a copy of the certificate in a list of documents", "", "requirement",
		keyConventionsTender + "## Documents to be Submitted\n\n(a) A copy of the Commercial Registration certificate.\n(b) A copy of the ISO 9001 certificate.\n",
		[]string{"documentation mandatory commercial registration", "documentation mandatory iso 9001"}},

	// Decision 26: an invoice's own date is invoice_date whatever its
	// caption; a credit note's, debit note's, proforma's or statement's
	// own date issue_date, the invoice it refers to invoice_date.
	{"26", "invoice, date of issue", "", "date",
		"INVOICE\nBayan Digital Services LLC\n\nInvoice number: BDS-2026-0142\nDate of issue: 3 February 2026\nPayment due: 5 March 2026\n\nBill to:\nSohar Aluminium Trading SAOC\n",
		[]string{"invoice_date 2026-02-03", "due_date 2026-03-05"}},
	{"26", "tax invoice, issue date", "", "date",
		"TAX INVOICE\nGulf Cables LLC\n\nInvoice No.: GC-88\nIssue date: 14 April 2026\n\nCustomer: Sohar Aluminium Trading SAOC\n",
		[]string{"invoice_date 2026-04-14"}},
	{"26", "Arabic tax invoice, تاريخ الإصدار", "", "date",
		"فاتورة ضريبية\nشركة الخليج للكابلات ش.م.م\n\nرقم الفاتورة: ٨٨\nتاريخ الإصدار: ١٤/٠٤/٢٠٢٦\n\nالعميل: شركة صحار للألمنيوم ش.م.ع.ع\n",
		[]string{"invoice_date 2026-04-14"}},
	{"26", "credit note, its own date and the invoice's", "", "date",
		"CREDIT NOTE\nGulf Cables LLC\n\nCredit Note No.: CN-12\nDate: 10 May 2026\nOriginal invoice: GC-88 dated 14 April 2026\n\nCustomer: Sohar Aluminium Trading SAOC\n",
		[]string{"issue_date 2026-05-10", "invoice_date 2026-04-14"}},
	{"26", "credit note, credit note date", "", "date",
		"CREDIT NOTE\nGulf Cables LLC\n\nCredit Note No.: CN-12\nCredit note date: 10 May 2026\nInvoice date: 14 April 2026\n\nCustomer: Sohar Aluminium Trading SAOC\n",
		[]string{"issue_date 2026-05-10", "invoice_date 2026-04-14"}},
	{"26", "Arabic debit note", "", "date",
		"إشعار مدين\nشركة الخليج للكابلات ش.م.م\n\nرقم الإشعار: ٧\nالتاريخ: ١٠/٠٥/٢٠٢٦\nالفاتورة الأصلية رقم ٨٨ بتاريخ ١٤/٠٤/٢٠٢٦\n\nالعميل: شركة صحار للألمنيوم ش.م.ع.ع\n",
		[]string{"issue_date 2026-05-10", "invoice_date 2026-04-14"}},
	{"26", "Arabic tax credit note under a letterhead", "", "date",
		"شركة سمائل للأغذية ش.م.م\nسمائل، ص.ب 90، سلطنة عمان\nالرقم الضريبي: OM1100987000\n\n      إشعار دائن ضريبي\n\nرقم الإشعار: CN-2026-0092\nتاريخ الإشعار: 17/11/2026\nمرجع الفاتورة الأصلية: INV-2026-4471 بتاريخ 30/10/2026\n\nإلى: هايبرماركت النهضة ش.م.م\n",
		[]string{"issue_date 2026-11-17", "invoice_date 2026-10-30"}},
	{"26", "proforma invoice date", "", "date",
		"PROFORMA INVOICE\nGulf Cables LLC\n\nProforma No.: PF-5\nInvoice date: 2 June 2026\n\nCustomer: Sohar Aluminium Trading SAOC\n",
		[]string{"issue_date 2026-06-02"}},
	{"26", "statement of account date", "", "date",
		"STATEMENT OF ACCOUNT\nGulf Cables LLC\n\nStatement date: 30 June 2026\n\nCustomer: Sohar Aluminium Trading SAOC\n",
		[]string{"issue_date 2026-06-30"}},

	// Decisions 20, 21 and 23 already hold: a company's representative
	// is a party of role -; a tender's documents fee and bid bond keep
	// their keys; an Arabic invoice's addressee is the customer.
	{"20", "signatory under For the Supplier", "", "party",
		keyConventionsServices + "Signed:\n\nFor the Supplier\nName: Ahmed Salim Al Balushi\nTitle: General Manager\n",
		[]string{"customer nizwa hospitality llc", "supplier bahja facility services llc", "- ahmed salim al balushi"}},
	{"20", "Arabic representative بصفته", "", "party",
		keyConventionsServAR + "ويمثل المورد في توقيع هذا العقد السيد أحمد بن سالم البلوشي بصفته المدير العام.\n",
		[]string{"customer شركة نزوى للضيافة ش.م.م", "supplier شركة بهجة لخدمات المرافق ش.م.م", "- أحمد بن سالم البلوشي"}},
	{"21", "tender fee and bid bond", "", "money",
		keyConventionsTender + "Tender documents may be obtained from the Company's office upon payment of a non-refundable fee of OMR 50.000. Each bid must be accompanied by a bid bond of OMR 2,000.000.\n",
		[]string{"tender_fee 50 OMR", "bid_bond 2000 OMR"}},
	{"21", "Arabic price of documents and initial guarantee", "", "money",
		keyConventionsTenderAR + "ثمن نسخة المناقصة ٧٥ ريالاً عمانياً غير مستردة، ويجب أن يرفق بالعطاء ضمان ابتدائي بمبلغ لا يقل عن ٢٬٥٠٠ ر.ع.\n",
		[]string{"tender_fee 75 OMR", "bid_bond 2500 OMR"}},
	{"21", "English price of the tender documents", "", "money",
		keyConventionsTender + "The price of a copy of the tender documents is OMR 40.000 (non-refundable).\n",
		[]string{"tender_fee 40 OMR"}},
	{"21", "Arabic value of the tender documents, labelled", "", "money",
		keyConventionsTenderAR + "قيمة وثائق المناقصة: ١٥٠ ر.ع.\n",
		[]string{"tender_fee 150 OMR"}},
	{"21", "Arabic copy of the tender documents", "", "money",
		keyConventionsTenderAR + "ثمن نسخة وثائق المناقصة ١٥٠٫٠٠٠ د.ك غير مستردة، تدفع نقداً.\n",
		[]string{"tender_fee 150 KWD"}},
	{"21", "Arabic bid bond row with a minimum sum", "md", "money",
		keyConventionsTenderAR + "| البند | التفاصيل |\n|---|---|\n| الضمان المصرفي المؤقت | ١٪ من قيمة العطاء، على ألا يقل عن ٢٬٥٠٠ ر.ع. |\n",
		[]string{"bid_bond 2500 OMR"}},
	{"21", "tender security of a minimum sum in a sentence", "", "money",
		keyConventionsTender + "Each bid shall be accompanied by a tender security of 1% of the bid value, and not less than OMR 1,500.000.\n",
		[]string{"bid_bond 1500 OMR"}},
	{"23", "Arabic tax invoice's addressee", "", "party",
		"فاتورة ضريبية\nشركة الخليج للكابلات ش.م.م\n\nرقم الفاتورة: ٨٨\nالتاريخ: ١٤/٠٤/٢٠٢٦\n\nالعميل: شركة صحار للألمنيوم ش.م.ع.ع\n",
		[]string{"supplier شركة الخليج للكابلات ش.م.م", "customer شركة صحار للألمنيوم ش.م.ع.ع"}},
}

// keyConventionsItems is every fact of type typ in out as bondsParentDatesConventionItems, party
// lines "role name", a date's document_date read as issue_date.
func keyConventionsItems(out Output, typ string) []string {
	if typ == "date" {
		// The scorer reads the service's document_date as the
		// Guideline's issue_date (eval_test.go, keySynonyms).
		got := bondsParentDatesConventionItems(out, typ)
		for i, g := range got {
			if k, v, _ := strings.Cut(g, " "); k == "document_date" {
				got[i] = "issue_date " + v
			}
		}
		return got
	}
	if typ != "party" {
		return bondsParentDatesConventionItems(out, typ)
	}
	var got []string
	for _, g := range evalItems(out) {
		if g.typ == "party" {
			got = append(got, g.key+" "+g.val)
		}
	}
	return got
}

// TestConv20bConventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv20bConventions -v
func TestConv20bConventions(t *testing.T) {
	for _, c := range keyConventionsCases {
		got := keyConventionsItems(extractAs(t, c.format, c.text), c.typ)
		checkConvention(t, c.decision, c.name, c.typ, got, c.want)
	}
}
