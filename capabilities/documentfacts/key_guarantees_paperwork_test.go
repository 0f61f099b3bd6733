package documentfacts

import (
	"strings"
	"testing"
)

// Round 21 of keys (issue 29, session 21): dates and durations by
// families (docs/documents.md, "Issue 29, session 21: keys of dates and
// durations"; key_guarantees_paperwork.go). Each case is a short text written for this test
// and the keys it must (want) or must not (not) hold.

func TestKeys21DurationFamilies(t *testing.T) {
	body := strings.Repeat("The Parties shall act in good faith.\n", 6)
	bodyAR := strings.Repeat("يلتزم الطرفان بأحكام هذا العقد.\n", 4)
	cases := []datesWorkCompletionCase{
		// GW: a guarantee (a bank's, a person's, a bid bond) furnished
		// or returned within a window is no warranty.
		{name: "GW parent company guarantee within", text: "SUBCONTRACT\n\n" + body + "3.2 The Subcontractor shall deliver a parent company guarantee to the Contractor within twenty-one (21) days of the award.\n",
			not: []string{"warranty_period|P21D"}},
		{name: "GW personal guarantee within", text: "SETTLEMENT AGREEMENT\n\n" + body + "2.4 The Debtor shall provide a personal guarantee of its director for the Settlement Amount within seven (7) days of signing.\n",
			not: []string{"warranty_period|P7D"}},
		{name: "GW arabic bank guarantee within", text: "عقد صيانة\n\n" + bodyAR + "٥. يقدم المقاول ضماناً بنكياً بقيمة ٥٪ من قيمة العقد خلال خمسة عشر (١٥) يوماً من تاريخ التوقيع.\n",
			not: []string{"warranty_period|P15D"}},
		{name: "GW arabic bid guarantees returned within", text: "محضر لجنة المناقصات\n\n" + bodyAR + "٣. تعاد ضمانات العطاءات إلى المناقصين غير الفائزين خلال عشرين (٢٠) يوماً من تاريخ الترسية.\n",
			not: []string{"warranty_period|P20D"}},
		{name: "GW arabic bid bond valid for", text: "دعوة لتقديم العطاءات\n\n" + bodyAR + "٢. يجب أن يرفق بالعطاء ضمان عطاء بمبلغ ٥٠٠ ر.ع. ساري المفعول لمدة تسعين (٩٠) يوماً.\n",
			want: []string{"duration|P90D"}, not: []string{"warranty_period|P90D"}},
		{name: "GW a warranty stays", text: "SUPPLY AGREEMENT\n\n" + body + "6.1 The Supplier guarantees the pumps against defects for eighteen (18) months from delivery.\n",
			want: []string{"warranty_period|P18M"}},
		{name: "GW arabic warranty stays", text: "عقد توريد\n\n" + bodyAR + "٦. يضمن المورد الأجهزة ضد عيوب الصناعة لمدة سنتين من تاريخ التسليم.\n",
			want: []string{"warranty_period|P2Y"}},

		// NI: a duty to notify an incident (damage, an accident, a
		// fault of the premises, a loss, a disclosure) within a window
		// is a time limit only; a defect of what was bought reported
		// to its seller stays a claim period.
		{name: "NI tenant notifies damage", text: "LEASE AGREEMENT\n\n" + body + "5.4 The Tenant must notify the Landlord of any damage to the premises within twenty-four (24) hours.\n",
			not: []string{"claim_period|PT24H", "notice_period|PT24H"}},
		{name: "NI hirer reports an accident or damage", text: "VEHICLE HIRE AGREEMENT\n\n" + body + "7.2 The Hirer must report any accident or damage to the Owner within six (6) hours.\n",
			not: []string{"claim_period|PT6H"}},
		{name: "NI a loss reported to the police", text: "POLICY SCHEDULE\n\n" + body + "5. Any loss shall be reported to the police within 24 hours where a burglary is suspected.\n",
			not: []string{"claim_period|PT24H"}},
		{name: "NI arabic fault of the unit from discovery", text: "عقد إيجار\n\n" + bodyAR + "٦. يجب على المستأجر إخطار المؤجر بأي عطل في الوحدة خلال أربع وعشرين (24) ساعة من اكتشافه.\n",
			not: []string{"claim_period|PT24H"}},
		{name: "NI arabic unauthorised disclosure", text: "اتفاقية عدم إفصاح\n\n" + bodyAR + "٣. يجب على الطرف المتلقي إخطار الطرف المفصح بأي إفصاح غير مصرح به فور علمه به، وفي مدة لا تتجاوز اثنتين وسبعين (٧٢) ساعة.\n",
			not: []string{"term|PT72H", "claim_period|PT72H"}},
		{name: "NI a client's loss or damage stays a claim", text: "WAREHOUSING AGREEMENT\n\n" + body + "6.1 The Client shall notify the Operator of any loss or damage within five (5) days of collection.\n",
			want: []string{"claim_period|P5D"}},
		{name: "NI arabic customer's fault stays a claim", text: "شهادة ضمان\n\n" + bodyAR + "٣. يجب على العميل إخطار الشركة بأي عطل خلال سبعة (7) أيام من اكتشافه.\n",
			want: []string{"claim_period|P7D"}},
		{name: "NI notice of an event giving rise to a claim stays", text: "POLICY SCHEDULE\n\n" + body + "3. The Insured shall notify the Insurer of any accident that may give rise to a claim within ten (10) days of its occurrence.\n",
			want: []string{"claim_period|P10D"}},
		{name: "NI a buyer's defect stays a claim", text: "SALE AGREEMENT\n\n" + body + "4.3 The Buyer shall notify the Seller of any defect within twenty (20) days of delivery, and the Seller shall repair it at its cost.\n",
			want: []string{"claim_period|P20D"}},
		{name: "NI arabic customer's defect stays a claim", text: "سياسة الإرجاع\n\n" + bodyAR + "٤. يحق للعميل إبلاغ الشركة بأي عيب في المنتج خلال سبعة (7) أيام من تاريخ الاستلام.\n",
			want: []string{"claim_period|P7D"}},

		// SC: duties surviving the end of a confidentiality agreement.
		{name: "SC duties of confidentiality continue after its expiry", text: "CONFIDENTIALITY AGREEMENT\n\n" + body + "6. This Agreement remains in force for two (2) years from its date. The duties of confidentiality continue for four (4) years after its expiry.\n",
			want: []string{"term|P2Y", "confidentiality_period|P4Y"}, not: []string{"term|P4Y"}},
		{name: "SC an NDA's obligations in a clause continue", text: "MUTUAL NON-DISCLOSURE AGREEMENT\n\n" + body + "5.2 The obligations in clause 3 continue for three (3) years after expiry or termination of this Agreement.\n",
			want: []string{"confidentiality_period|P3Y"}, not: []string{"term|P3Y"}},
		{name: "SC a lease's surviving duty is no secret", text: "LEASE AGREEMENT\n\n" + body + "9.1 The Tenant's duty to repair continues for six (6) months after the end of the lease.\n",
			not: []string{"confidentiality_period|P6M"}},

		// DR: a period that measures a sum is no period.
		{name: "DR deposit of months' base rent", text: "SHOP LEASE\n\n" + body + "4.2 The Tenant shall pay a security deposit of OMR 2,400.000 (two months' base rent) on signing.\n",
			not: []string{"payment_period|P2M", "duration|P2M", "term|P2M"}},
		{name: "DR arabic deposit of rent of three months", text: "عقد إيجار\n\n" + bodyAR + "٤. يدفع المستأجر عند التوقيع تأميناً مسترداً قدره ٣٬٠٠٠ ر.ع. (ما يعادل إيجار ثلاثة أشهر).\n",
			not: []string{"payment_period|P3M", "duration|P3M", "term|P3M"}},
		{name: "DR arabic rent of months in brackets", text: "عقد إيجار\n\n" + bodyAR + "٤. يدفع المستأجر مبلغ ٢٬٠٠٠ ر.ع. تأميناً (أجرة شهرين) عند التوقيع.\n",
			not: []string{"payment_period|P2M", "duration|P2M"}},
		{name: "DR arabic the lease's own term stays", text: "عقد إيجار\n\n" + bodyAR + "١. مدة الإيجار ثلاث (٣) سنوات تبدأ من ١ مايو ٢٠٢٦.\n",
			want: []string{"term|P3Y"}},
		{name: "DR rent paid within a window stays", text: "SHOP LEASE\n\n" + body + "4.3 The Tenant shall pay the rent within seven (7) days of each invoice.\n",
			want: []string{"payment_period|P7D"}},
	}
	checkKeyed(t, TypeDuration, cases)
}

func TestKeys21DateFamilies(t *testing.T) {
	body := strings.Repeat("The Company reserves the right to cancel this process.\n", 5)
	bodyAR := strings.Repeat("تحتفظ الشركة بحقها في إلغاء المناقصة.\n", 4)
	cases := []datesWorkCompletionCase{
		// CQ: the day questions or requests for clarification are sent
		// by, in a tender, RFP or prequalification.
		{name: "CQ prequalification request for clarification", format: "md",
			text: "# PREQUALIFICATION NOTICE\n\n" + body + "\n4.2 Applicants shall send any request for clarification in writing by 14 September 2026.\n",
			want: []string{"clarification_deadline|2026-09-14"}, not: []string{"date|2026-09-14"}},
		{name: "CQ rfp timetable row with by", format: "md",
			text: "# REQUEST FOR PROPOSAL: INTERNAL AUDIT SERVICES\n\n" + body + "\n## Timetable\n\n| Step | Date |\n|---|---|\n| Written questions to the Bank | by 3 March 2027 |\n| Proposal submission deadline | 17 March 2027 |\n",
			want: []string{"clarification_deadline|2027-03-03", "submission_deadline|2027-03-17"}, not: []string{"date|2027-03-03"}},
		{name: "CQ arabic enquiries before", format: "",
			text: "إعلان مناقصة عامة\n\n" + bodyAR + "٤. يرسل المناقصون استفساراتهم كتابياً في موعد أقصاه 10 مايو 2026.\n",
			want: []string{"clarification_deadline|2026-05-10"}, not: []string{"date|2026-05-10"}},
		{name: "CQ the answers' date stays", format: "",
			text: "INVITATION TO TENDER\n\n" + body + "5.3 Answers to questions will be circulated to all bidders by 30 August 2026.\n",
			not:  []string{"clarification_deadline|2026-08-30"}},
		{name: "CQ bids after questions keep their key", format: "",
			text: "INVITATION TO TENDER\n\n" + body + "5.1 After the clarification questions are closed, bids must be submitted no later than 30 August 2026.\n",
			want: []string{"submission_deadline|2026-08-30"}, not: []string{"clarification_deadline|2026-08-30"}},
		{name: "CQ queries on an invoice are no tender's", format: "",
			text: "TAX INVOICE\n\nInvoice No. INV-2231\n" + "Queries on this invoice must be raised by 30 May 2026.\n",
			not:  []string{"clarification_deadline|2026-05-30"}},

		// PD: paperwork submitted by a day outside a tender: a plain date.
		{name: "PD copies of certificates to HR", format: "",
			text: "OFFER OF EMPLOYMENT\n\nDear Ms Al Habsi,\n" + body + "4.1 You must submit copies of your degree certificate and your passport to Human Resources no later than 20 November 2026.\n",
			want: []string{"date|2026-11-20"}, not: []string{"submission_deadline|2026-11-20"}},
		{name: "PD inspection certificates, bilingual", format: "",
			text: "MAINTENANCE CONTRACT\n\n" + body + "6.2 The Contractor shall submit the calibration certificates to the Client no later than 1 March 2027. | ٦-٢ يلتزم المقاول بتسليم شهادات المعايرة للعميل في موعد أقصاه 1 مارس 2027.\n",
			want: []string{"date|2027-03-01"}, not: []string{"submission_deadline|2027-03-01", "delivery_date|2027-03-01"}},
		{name: "PD arabic goods delivered to a town named Sur stay", format: "",
			text: "أمر شراء\n\n" + bodyAR + "٣. يلتزم المورد بتسليم جميع الأصناف إلى المستودع في صور في موعد أقصاه 10 يناير 2027.\n",
			want: []string{"delivery_date|2027-01-10"}},
		{name: "PD a tender's bid by a day stays", format: "",
			text: "INVITATION TO TENDER\n\n" + body + "3.1 Bidders shall submit their bids with copies of their certificates no later than 5 April 2027.\n",
			want: []string{"submission_deadline|2027-04-05"}},
		{name: "PD a report stays a delivery", format: "",
			text: "CONSULTANCY AGREEMENT\n\n" + body + "2.2 The Consultant shall submit the Inception Report no later than 2 March 2027.\n",
			not:  []string{"date|2027-03-02"}},

		// MD: minutes and resolutions are dated by their meeting.
		{name: "MD board minutes held at a place on", format: "",
			text: "# Gulf Fisheries SAOG\n# Minutes of the Board of Directors\nMeeting No. 5/2026, held at the Company's offices, Ghala, Muscat, on 9 June 2026 at 11:00 a.m.\nPresent | Capacity\nSaid Ali Al Rawahi | Chairman\n" + body,
			want: []string{"issue_date|2026-06-09"}, not: []string{"date|2026-06-09"}},
		{name: "MD arabic partners met on a day", format: "",
			text: "# قرار الشركاء رقم (٢) لسنة ٢٠٢٦\nشركة صحار للتجارة ش.م.م\nاجتمع الشركاء في مقر الشركة بصحار يوم الأحد ١٠ شوال ١٤٤٧هـ الموافق ٢٩ مارس ٢٠٢٦م بحضور جميع الشركاء:\n" + bodyAR,
			want: []string{"issue_date|2026-03-29"}, not: []string{"date|2026-03-29"}},
		{name: "MD a meeting later in the text stays a date", format: "",
			text: "# Gulf Fisheries SAOG\n# Minutes of the Board of Directors\nHeld on 9 June 2026.\n" + strings.Repeat("The Board noted the report of the Chief Executive.\n\n", 12) + "The next meeting will be held at the head office in Ghala on 10 September 2026.\n",
			not:  []string{"issue_date|2026-09-10"}},
	}
	checkKeyed(t, TypeDate, cases)
}
