package documentfacts

import (
	"strings"
	"testing"
)

// Round 20 of keys (issue 29, session 20): durations by families
// (docs/documents.md, "Issue 29, session 20: durations and the remaining
// date families"; duration_notice_terms.go). Each case is a short text written for
// this test in a format ("md", "docx", "html" or plain text) and the
// duration lines (key|ISO) it must (want) or must not (not) hold.

func TestDurations20Families(t *testing.T) {
	body := strings.Repeat("The Company shall keep proper books of account.\n", 6)
	bodyAR := strings.Repeat("يلتزم الطرف الثاني بتنفيذ الأعمال وفق المواصفات.\n", 4)
	cases := []datesWorkCompletionCase{
		// NW: a notice word wrapped onto the next line.
		{name: "NW written notice on the next line", format: "",
			text: "SERVICES AGREEMENT\n\n" + body + "8.2 Either Party may terminate this Agreement for convenience by giving ninety (90) days' written\nnotice to the other Party.\n",
			want: []string{"notice_period|P90D"}},
		{name: "NW days' alone then written notice", format: "",
			text: "CLEANING CONTRACT\n\n" + body + "12.1 The Client may end this Contract at any time by giving forty (40) days'\n     written notice.\n",
			want: []string{"notice_period|P40D"}},
		{name: "NW a period then a new clause is no notice", format: "",
			text: "SUPPLY AGREEMENT\n\n" + body + "4.1 The Supplier shall deliver the goods within twenty (20) days\nNotice of any delay shall be given in writing.\n",
			not:  []string{"notice_period|P20D"}},

		// RD: the time to repair, replace or answer a reported fault.
		{name: "RD remedy a defect notified within", format: "",
			text: "SUBCONTRACT\n\n" + body + "7.1 The Maintenance Period is six (6) months from handover.\n7.2 The Subcontractor shall remedy any defect notified to it during the Maintenance Period within ten (10) days of the notice.\n",
			want: []string{"warranty_period|P6M"}, not: []string{"claim_period|P10D", "notice_period|P10D", "warranty_period|P10D"}},
		{name: "RD correct a defect reported by", format: "",
			text: "SOFTWARE DEED\n\n" + body + "5. Support. For sixty (60) days after go-live the Developer shall correct any defect reported\n   by the Customer within three (3) working days of the report.\n",
			not:  []string{"claim_period|P3D"}},
		{name: "RD warranty call response", format: "",
			text: "QUOTATION\n\n" + body + "Warranty: eighteen (18) months on all parts.\nResponse to a warranty call: within 6 working hours.\n",
			want: []string{"warranty_period|P18M"}, not: []string{"warranty_period|PT6H"}},
		{name: "RD arabic repair under warranty within", format: "",
			text: "سياسة الضمان\n\n" + bodyAR + "٥. تضمن الشركة الأجهزة لمدة سنة واحدة من تاريخ الشراء.\n٦. تقوم الشركة بإصلاح الأجهزة المشمولة بالضمان خلال سبعة (7) أيام.\n",
			want: []string{"warranty_period|P1Y"}, not: []string{"warranty_period|P7D"}},
		{name: "RD arabic we respond to fault reports", format: "",
			text: "عرض سعر\n\n" + bodyAR + "٤. الضمان: سنتان على الضواغط.\n٥. نلتزم بالاستجابة لبلاغات الأعطال خلال فترة الضمان خلال ست (6) ساعات من البلاغ.\n",
			want: []string{"warranty_period|P2Y"}, not: []string{"warranty_period|PT6H"}},
		{name: "RD a buyer's report window stays a claim period", format: "",
			text: "SALE AGREEMENT\n\n" + body + "4.3 The Buyer shall notify the Seller of any defect within twenty (20) days of delivery, and the Seller shall repair it at its cost.\n",
			want: []string{"claim_period|P20D"}},
		{name: "RD a correct invoice is no repair", format: "",
			text: "SUPPLY AGREEMENT\n\n" + body + "6.2 The Buyer shall pay each correct invoice within thirty (30) days of receipt.\n",
			want: []string{"payment_period|P30D"}},
		{name: "RD remedy of a breach stays a cure period", format: "",
			text: "SERVICES AGREEMENT\n\n" + body + "9.1 Either Party may terminate this Agreement if the other Party fails to remedy a material breach within twenty-one (21) days of being notified of it.\n",
			want: []string{"cure_period|P21D"}},

		// PC: notice of a change, not of ending the contract.
		{name: "PC notice of any price change", format: "",
			text: "AGENCY AGREEMENT\n\n" + body + "3.4 After the first contract year the Principal shall give the Agent at least ninety (90) days' notice of any change to the list prices.\n",
			want: []string{"duration|P90D"}, not: []string{"notice_period|P90D"}},
		{name: "PC notice wrapped, of a new subcontractor", format: "",
			text: "DATA PROCESSING AGREEMENT\n\n" + body + "4.1 The Processor shall give the Controller not less than twenty-one (21) days' written\nnotice of any new sub-processor it intends to appoint.\n",
			want: []string{"duration|P21D"}, not: []string{"notice_period|P21D"}},
		{name: "PC notify a change before it applies", format: "",
			text: "FUEL SUPPLY AGREEMENT\n\n" + body + "2. The Supplier shall notify the Buyer of any change in the price per litre at least\nten (10) days before it applies.\n",
			want: []string{"duration|P10D"}},
		{name: "PC arabic notify a price change before it applies", format: "",
			text: "اتفاقية توريد\n\n" + bodyAR + "٢. يلتزم المورد بإخطار المشتري بأي تغيير في سعر اللتر قبل سريانه بعشرة (١٠) أيام على الأقل.\n",
			want: []string{"duration|P10D"}, not: []string{"notice_period|P10D"}},
		{name: "PC notice of termination stays a notice period", format: "",
			text: "SERVICES AGREEMENT\n\n" + body + "11.2 The Client may end this Agreement by giving thirty (30) days' written notice of termination to the Contractor.\n",
			want: []string{"notice_period|P30D"}},
		{name: "PC notice of non-renewal stays a notice period", format: "",
			text: "LEASE\n\n" + body + "2.2 The lease renews for one year unless either party gives sixty (60) days' notice of its intention not to renew.\n",
			want: []string{"notice_period|P60D"}},

		// TV: the length of the engagement itself.
		{name: "TV this contract is for", format: "",
			text: "PEST CONTROL CONTRACT\n\n" + body + "2.1 This contract is for two (2) years from 1 March 2027 to 29 February 2029 and renews for further periods of one (1) year unless either party objects.\n",
			want: []string{"term|P2Y"}},
		{name: "TV the engagement is for", format: "",
			text: "REQUEST FOR PROPOSALS\n\n" + body + "- The engagement is for four (4) years, subject to annual confirmation by the board.\n",
			want: []string{"term|P4Y"}},
		{name: "TV under a contract of", format: "",
			text: "PREQUALIFICATION NOTICE\n\n" + body + "The Authority invites operators to prequalify for the running of the bus depot under a contract of seven (7) years.\n",
			want: []string{"term|P7Y"}},
		{name: "TV agreement runs for", format: "",
			text: "CANTEEN CONCESSION\n\n" + body + "1.2 This Agreement takes effect on 1 January 2027 and runs for three (3) years, ending on 31 December 2029.\n",
			want: []string{"term|P3Y"}},
		{name: "TV internship lasts", format: "",
			text: "INTERNSHIP LETTER\n\n" + body + "1. The internship lasts four (4) months, from 1 June 2027 to 30 September 2027.\n",
			want: []string{"term|P4M"}, not: []string{"duration|P4M"}},
		{name: "TV a glued framework", format: "",
			text: "EXPRESSION OF INTEREST\n\n" + body + "The Company intends to award a two-year framework for the supply of lubricants to its plants.\n",
			want: []string{"term|P2Y"}},
		{name: "TV arabic length of the training", format: "",
			text: "اتفاقية تدريب\n\n" + bodyAR + "١- مدة التدريب أربعة (٤) أشهر، من ١ يونيو ٢٠٢٧م حتى ٣٠ سبتمبر ٢٠٢٧م.\n",
			want: []string{"term|P4M"}, not: []string{"duration|P4M"}},
		{name: "TV experience under contracts is no term", format: "",
			text: "TENDER\n\n" + body + "1.3 Bidders must have at least eight (8) years' experience in similar contracts.\n",
			not:  []string{"term|P8Y"}},

		// LW: a like period wrapped between two lines.
		{name: "LW arabic renewal for a like period wrapped", format: "",
			text: "عقد صيانة\n\n" + bodyAR + "المادة (2): مدة العقد\nمدة هذا العقد سنتان تبدأ من 2027/01/01م وتنتهي في 2028/12/31م، ويجوز تجديده لمدة\nمماثلة باتفاق مكتوب بين الطرفين.\n",
			want: []string{"term|P2Y", "renewal_term|P2Y"}},
		{name: "LW english renewal for a like period wrapped", format: "",
			text: "SERVICES AGREEMENT\n\n" + body + "2.1 This Agreement has a term of three (3) years and may be renewed by agreement for a\nlike period on the same conditions.\n",
			want: []string{"term|P3Y", "renewal_term|P3Y"}},
		{name: "LW a next line with no like period", format: "",
			text: "عقد صيانة\n\n" + bodyAR + "مدة هذا العقد سنتان تبدأ من 2027/01/01م، ويجوز تجديده لمدة\nأخرى يتفق عليها الطرفان كتابة.\n",
			not:  []string{"renewal_term|P2Y"}},

		// FN: the first months of the term.
		{name: "FN first months rent-free", format: "",
			text: "LAND LEASE\n\n" + body + "2.1 The lease commences on 1 May 2027 for a term of ten (10) years.\n2.2 The first four (4) months from commencement are a rent-free fit-out period.\n",
			want: []string{"term|P10Y", "duration|P4M"}},
		{name: "FN notice after the first months", format: "",
			text: "EQUIPMENT HIRE AGREEMENT\n\n" + body + "6.1 Either party may terminate this Agreement on thirty (30) days' written notice after the first\nnine (9) months of the hire period.\n",
			want: []string{"notice_period|P30D", "duration|P9M"}, not: []string{"notice_period|P9M"}},
		{name: "FN the first months as probation stay probation", format: "",
			text: "OFFER LETTER\n\n" + body + "You will join on 1 March 2027. The first three (3) months are a probation period.\n",
			want: []string{"probation_period|P3M"}, not: []string{"duration|P3M"}},

		// RP: how long an employee must stay or repay.
		{name: "RP resign within years of joining repay", format: "",
			text: "OFFER LETTER\n\n" + body + "5.2 If you resign within three (3) years of joining, you shall repay the course fees paid on your behalf.\n",
			want: []string{"duration|P3Y"}},
		{name: "RP arabic end of service before years repay", format: "",
			text: "عرض عمل\n\n" + bodyAR + "٧- في حال انتهاء الخدمة بطلب من الموظف قبل مضي ثلاث (3) سنوات على تاريخ الالتحاق، يلتزم الموظف برد تكاليف الدورة.\n",
			want: []string{"duration|P3Y"}},
		{name: "RP serve the employer for years", format: "",
			text: "TRAINING BOND\n\n" + body + "3.4 The Employee shall serve the Company for two (2) years after completing the course (the \"Bond Period\").\n",
			want: []string{"duration|P2Y"}},
		{name: "RP leave within days with no repayment is no duration", format: "",
			text: "EMPLOYEE HANDBOOK\n\n" + body + "An employee who wishes to take leave within thirty (30) days of joining needs the manager's approval.\n",
			not:  []string{"duration|P30D"}},
	}
	checkKeyed(t, TypeDuration, cases)
	_ = bodyAR
}
