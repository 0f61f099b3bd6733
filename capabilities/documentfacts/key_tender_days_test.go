package documentfacts

import (
	"strings"
	"testing"
)

// Round 22 of keys (issue 29, session 22): dates and durations by
// families (docs/documents.md, "Issue 29, session 22: keys of dates and
// durations"; key_tender_days.go). Each case is a short text written for this test
// and the keys it must (want) or must not (not) hold.

func TestKeys22DateFamilies(t *testing.T) {
	body := "The Ministry invites registered companies to submit bids for the works described below.\n"
	bodyAR := "تدعو المديرية الشركات المسجلة إلى تقديم عطاءاتها وفق الشروط المرفقة.\n"
	cases := []datesWorkCompletionCase{
		// PB: a pre-bid meeting is a plain date; with a site visit the
		// site visit's date.
		{name: "PB pre-bid meeting held at a place on", text: "INVITATION TO TENDER No. 14/2026\n\n" + body + "A pre-bid meeting will be held at the Ministry's offices on 10 May 2026 at 10:00.\nBids shall be submitted no later than 31 May 2026.\n",
			want: []string{"date|2026-05-10", "submission_deadline|2026-05-31"}, not: []string{"issue_date|2026-05-10", "document_date|2026-05-10"}},
		{name: "PB clarification meeting with bidders", text: "REQUEST FOR PROPOSALS - AUDIT SERVICES\n\n" + body + "A clarification meeting with bidders will take place at our head office on 6 May 2026.\n",
			want: []string{"date|2026-05-06"}, not: []string{"clarification_deadline|2026-05-06"}},
		{name: "PB pre-tender conference shall be held on", text: "TENDER No. 7/2026 - SUPPLY OF FURNITURE\n\n" + body + "1. A pre-tender conference shall be held on 14 May 2026 in the meeting room of the Directorate.\n",
			want: []string{"date|2026-05-14"}},
		{name: "PB arabic preliminary meeting for bidders", text: "مناقصة رقم ٩/٢٠٢٦ - توريد أثاث مدرسي\n\n" + bodyAR + "١. سيعقد اجتماع تمهيدي لمقدمي العطاءات يوم الأحد الموافق ١٠ مايو ٢٠٢٦ في مقر المديرية.\n",
			want: []string{"date|2026-05-10"}, not: []string{"issue_date|2026-05-10", "document_date|2026-05-10"}},
		{name: "PB pre-bid meeting and site visit", text: "INVITATION TO TENDER No. 3/2026\n\n" + body + "A pre-bid meeting and site visit will be held at the pumping station on 12 May 2026.\n",
			want: []string{"site_visit_date|2026-05-12"}},
		{name: "PB arabic preliminary meeting and site visit", text: "مناقصة رقم ١١/٢٠٢٦\n\n" + bodyAR + "يعقد الاجتماع التمهيدي وزيارة الموقع يوم الاثنين الموافق ١١ مايو ٢٠٢٦.\n",
			want: []string{"site_visit_date|2026-05-11"}},
		{name: "PB a deadline to register for the meeting stays", text: "INVITATION TO TENDER No. 5/2026\n\n" + body + "Bidders wishing to attend the pre-bid meeting shall register no later than 8 May 2026.\n",
			not: []string{"date|2026-05-08"}},
		{name: "PB minutes keep their meeting date", text: "MINUTES OF THE BOARD MEETING\n\nMeeting No. 3/2026, held at the Company's head office, Muscat, on 18 May 2026.\n\nPresent: the Chairman and four directors.\n",
			want: []string{"issue_date|2026-05-18"}},

		// BO: bids opened on a day in a sentence.
		{name: "BO tenders will be opened in public at a place on", text: "TENDER No. 7/2026 - SUPPLY OF FURNITURE\n\n" + body + "Tenders will be opened in public at the Directorate on 1 June 2026.\n",
			want: []string{"bid_opening_date|2026-06-01"}},
		{name: "BO opening of bids will take place on", text: "INVITATION TO BID No. 22/2026\n\n" + body + "The opening of bids will take place in the presence of the bidders on 2 June 2026.\n",
			want: []string{"bid_opening_date|2026-06-02"}},
		{name: "BO proposals shall be opened at an hour on", text: "REQUEST FOR PROPOSALS No. 8/2026\n\n" + body + "Proposals shall be opened at 12:00 noon at the Tender Board on 4 June 2026.\n",
			want: []string{"bid_opening_date|2026-06-04"}},
		{name: "BO no tender, no opening", text: "LETTER\n\nDear Sir,\n\nThe new branch will be opened on 3 June 2026 by the Minister.\n",
			not: []string{"bid_opening_date|2026-06-03"}},

		// PD: a key-dates row of the bids' due date.
		{name: "PD proposal due date row", format: "md", text: "# REQUEST FOR PROPOSALS - AUDIT SERVICES\n\n" + body + "\n| Event | Date |\n|---|---|\n| Deadline for questions | 10 May 2026 |\n| Proposal due date | 20 May 2026 |\n",
			want: []string{"submission_deadline|2026-05-20"}, not: []string{"due_date|2026-05-20"}},
		{name: "PD bid due date row", format: "md", text: "# INVITATION TO BID No. 4/2026\n\n" + body + "\n| Item | Date |\n|---|---|\n| Bid due date | 15 June 2026 |\n",
			want: []string{"submission_deadline|2026-06-15"}},

		// EC: an earlier or parent contract's date in an agreement with
		// a date of its own.
		{name: "EC deed names a development contract", text: "DEED OF ASSIGNMENT\n\nDate of this Deed: 3 March 2026\n\nThis Deed is made between Bright Code LLC (the \"Assignor\") and Oman Ports SAOG (the \"Assignee\").\n\nA. Under a development contract dated 10 January 2026, the Assignor designed and wrote the software.\n",
			want: []string{"agreement_date|2026-03-03", "date|2026-01-10"}, not: []string{"agreement_date|2026-01-10"}},
		{name: "EC recital of an agreement the parties entered into", text: "SUPPORT AGREEMENT\n\nThis Agreement is made on 3 March 2026 between Bright Code LLC and Oman Ports SAOG.\n\nB. The parties entered into a Framework Agreement dated 5 February 2025 for support services.\nC. This Agreement supplements the Services Agreement signed on 1 June 2024.\n",
			want: []string{"agreement_date|2026-03-03", "date|2025-02-05", "date|2024-06-01"}, not: []string{"signature_date|2024-06-01"}},
		{name: "EC arabic addendum and the supply contract it amends", text: "ملحق رقم (١) لعقد التوريد\n\nحرر هذا الملحق بتاريخ ١٥ أبريل ٢٠٢٦ بين كل من شركة النور للتجارة (الطرف الأول) وشركة الخليج للمقاولات (الطرف الثاني).\n\nتمهيد: بموجب عقد التوريد المؤرخ في ١ مايو ٢٠٢٥ يلتزم الطرف الأول بتوريد المواد.\n",
			want: []string{"agreement_date|2026-04-15", "date|2025-05-01"}},
		{name: "EC a letter about a contract keeps its agreement_date", text: "GULF BUILD LLC\n\nDate: 3 June 2026\n\nTo: Al Noor Trading LLC\n\nSubject: Extension of Time - Subcontract No. SC-22/2025 dated 12 October 2025\n\nDear Sir,\n\nWe refer to your letter dated 25 May 2026.\n",
			want: []string{"agreement_date|2025-10-12"}},

		// CD: in a letter about a contract, the contract named and dated
		// (Arabic "المؤرخ" without في, "المبرم بتاريخ") is its
		// agreement_date; a quotation's passing mention stays a date;
		// in an addendum the parent and the earlier addendum are dates.
		{name: "CD arabic notice to proceed, contract concluded on", text: "شركة نزوى للتطوير ش.م.ع.م\n\nالتاريخ: 20 مارس 2026م\n\nالسادة/ شركة الجبل للمقاولات المحترمين\n\nالموضوع: أمر المباشرة بالعمل\n\nتحية طيبة وبعد،\n\nبالإشارة إلى العقد رقم 14/2025 المبرم بتاريخ 2 مارس 2026م بين شركتنا وشركتكم، نفيدكم بأن تاريخ المباشرة هو 1 أبريل 2026م.\n",
			want: []string{"agreement_date|2026-03-02"}, not: []string{"date|2026-03-02"}},
		{name: "CD arabic warranty letter, subcontract dated", text: "خطاب ضمان أعمال العزل\n\nالتاريخ: 22/03/2026\n\nإلى: السادة/ شركة دانة العقارية المحترمين\n\nالمشروع: أبراج دانة – العقد الفرعي رقم DM/SC/61 المؤرخ 05/11/2024\n\nنضمن للمالك أن أعمال العزل قد نفذت وفق المواصفات.\n",
			want: []string{"agreement_date|2024-11-05"}, not: []string{"date|2024-11-05"}},
		{name: "CD a quotation's lease stays a date", format: "md", text: "# عرض سعر\n\nالتاريخ: ٢٠ مايو ٢٠٢٦\n\nبناءً على طلبكم، يسرنا تقديم عرض سعر لتأثيث مكتبكم الذي استأجرتموه بموجب عقد الإيجار المؤرخ ١ مايو ٢٠٢٦.\n\n| البند | السعر |\n|---|---|\n| مكتب | 120 ر.ع. |\n",
			not: []string{"agreement_date|2026-05-01"}},
		{name: "CD arabic addendum, parent concluded and earlier addendum dated", format: "md", text: "# ملحق رقم (٢) لعقد النقل المدرسي\n\nأبرم هذا الملحق في مسقط بتاريخ ١٥ يوليو ٢٠٢٦م بين كل من المدارس الحديثة ش.م.م وشركة الوادي للنقل ش.م.م.\n\n## تمهيد\n\nأبرم الطرفان عقد تقديم خدمات النقل المدرسي رقم ٣٣ بتاريخ ٢٠ أغسطس ٢٠٢٥م لمدة سنة تنتهي في ٣٠ يونيو ٢٠٢٦م، وقد عدل بالملحق رقم (١) المؤرخ ١٠ يناير ٢٠٢٦م.\n",
			want: []string{"agreement_date|2026-07-15", "date|2025-08-20", "date|2026-01-10"}, not: []string{"agreement_date|2025-08-20", "expiry_date|2026-01-10"}},

		// HO: premises, a site or keys handed over or vacated.
		{name: "HO hand over keys and access cards by", text: "NOTICE OF NON-RENEWAL\n\nDate: 3 May 2026\n\nTo: Pearl Technical Services W.L.L.\n\nDear Sir,\n\n4.1 The Contractor shall hand over all keys, access cards and the asset register to the Client's facilities manager by 25 July 2026.\n",
			want: []string{"delivery_date|2026-07-25"}, not: []string{"date|2026-07-25"}},
		{name: "HO vacate the kitchen by", text: "NOTICE OF TERMINATION\n\nDate: 18 May 2026\n\nTo: Desert Catering LLC\n\nDear Sirs,\n\n3. The Supplier shall continue to serve meals until the Termination Date and shall vacate the central kitchen on Al Reem Island by 7 June 2026.\n",
			want: []string{"delivery_date|2026-06-07"}},
		{name: "HO arabic the site handed over on", text: "شركة نزوى للتطوير ش.م.ع.م\n\nالتاريخ: 20 مارس 2026م\n\nالموضوع: أمر المباشرة بالعمل\n\nثانياً: يسلم صاحب العمل موقع المشروع للمقاول خالياً من العوائق في 29 مارس 2026م.\n",
			want: []string{"delivery_date|2026-03-29"}, not: []string{"date|2026-03-29"}},
		{name: "HO arabic vacate by", text: "إشعار إنهاء عقد\n\nالتاريخ: 18/05/2026\n\n٣. يلتزم المورد بإخلاء المطبخ المركزي في جزيرة الريم في موعد أقصاه 07/06/2026.\n",
			want: []string{"delivery_date|2026-06-07"}, not: []string{"submission_deadline|2026-06-07"}},
		{name: "HO an acknowledgement by stays", text: "NOTICE OF NON-RENEWAL\n\nDate: 3 May 2026\n\nDear Sir,\n\nThe keys of the plant room remain with the Client. Please acknowledge receipt of this notice by 10 May 2026.\n",
			not: []string{"delivery_date|2026-05-10"}},

		// WL: a deadline phrase wrapped before the date's line.
		{name: "WL complete them no later / than", text: "LETTER OF AWARD\n\nDate: 15th March 2026\n\nDear Sir,\n\n4. The Contractor shall commence the works on 1st April 2026 and shall complete them no later\nthan 31st March 2027.\n",
			want: []string{"completion_date|2027-03-31"}, not: []string{"date|2027-03-31"}},
		{name: "WL applications by noon / on", text: "PREQUALIFICATION OF CONTRACTORS\n\nThe Company invites applications from contractors.\n\nApplications shall be submitted to the Tender Committee by 12:00 noon\non 31 May 2026.\n",
			want: []string{"submission_deadline|2026-05-31"}, not: []string{"date|2026-05-31"}},

		// CO: a works' revised completion date and the one it replaces.
		{name: "CO revised completion date originally", text: "MINUTES OF PROGRESS MEETING No. 14\n\nProject: Construction of the Health Centre\n\n1.1 The Consultant has granted an extension of time of twenty-one (21) days. The revised completion date is 22 February 2027 (originally 1 February 2027).\n",
			want: []string{"completion_date|2027-02-22", "date|2027-02-01"}, not: []string{"delivery_date|2027-02-22", "delivery_date|2027-02-01"}},
		{name: "CO new completion date instead of", text: "EXTENSION OF TIME\n\nDate: 3 June 2026\n\nDear Sir,\n\nThe Employer grants an extension of time for the building works. The new completion date is 31 August 2026 instead of 30 June 2026.\n",
			want: []string{"completion_date|2026-08-31", "date|2026-06-30"}},

		// PW: a works' working papers by a day.
		{name: "PW revised programme by", text: "MINUTES OF PROGRESS MEETING No. 14\n\nProject: Construction of the Health Centre\n\n1.2 The Contractor shall submit a revised programme showing its recovery measures by 21 April 2026.\n",
			want: []string{"date|2026-04-21"}, not: []string{"delivery_date|2026-04-21"}},
		{name: "PW shop drawings returned no later than", text: "MINUTES OF PROGRESS MEETING No. 14\n\nProject: Construction of the Health Centre\n\n2.1 The Consultant shall return the MEP shop drawings for the ceiling services with its comments no later than 28 April 2026.\n",
			want: []string{"date|2026-04-28"}, not: []string{"delivery_date|2026-04-28"}},
		{name: "PW a consultant's report stays delivered", text: "CONSULTANCY AGREEMENT\n\nThis Agreement is made on 2 February 2026 between the Client and the Consultant.\n\n2.2 The Consultant shall submit the Inception Report no later than 2 March 2026.\n",
			want: []string{"delivery_date|2026-03-02"}},

		// BO (Arabic, any document), YB, VU: a bid's opening, the other
		// side's bid, a bid's validity ending.
		{name: "BO arabic its envelopes opened on", text: "طلب تمديد صلاحية العطاء\n\nالتاريخ: 2026/04/12م\n\nتشير الشركة إلى عطائكم المقدم في المنافسة المذكورة، والذي فتحت مظاريفه بتاريخ 2026/02/15م، وتفيدكم بأن دراسة العطاءات لم تكتمل بعد.\n",
			want: []string{"bid_opening_date|2026-02-15"}},
		{name: "YB your bid dated", text: "LETTER OF AWARD\n\nDate: 15th March 2026\n\nDear Sir,\n\n1. The Employer has accepted your bid dated 4th January 2026 and awards the works to you.\n",
			want: []string{"date|2026-01-04"}, not: []string{"document_date|2026-01-04"}},
		{name: "VU arabic the bid's validity ends on", text: "طلب تمديد صلاحية العطاء\n\nالتاريخ: 2026/04/12م\n\nوحيث إن صلاحية عطائكم البالغة تسعين (90) يوماً من تاريخ فتح المظاريف تنتهي في 2026/05/16م، فإن الجهة المالكة تطلب تمديد صلاحية العطاء لمدة ستين (60) يوماً إضافية لتنتهي في 2026/07/15م.\n",
			want: []string{"valid_until|2026-05-16", "valid_until|2026-07-15"}, not: []string{"expiry_date|2026-05-16", "expiry_date|2026-07-15"}},
		{name: "VU arabic the bid bond valid until stays", text: "طلب تمديد صلاحية العطاء\n\nيلتزم المناقص الذي يوافق على تمديد صلاحية العطاء بتمديد الضمان الابتدائي ليظل سارياً حتى 2026/08/14م.\n",
			want: []string{"expiry_date|2026-08-14"}, not: []string{"valid_until|2026-08-14"}},

		// LD: a letter's bilingual date label under a title naming the
		// contract it is about.
		{name: "LD notice of termination of a contract, bilingual label", text: "Notice of Termination / إشعار إنهاء عقد\n\nRef. / المرجع: EH/TN/2026/006\nDate / التاريخ: 18/05/2026\n\nTo / إلى: Desert Catering LLC\n\nSubject: Catering Services Contract No. CS-14 dated 03/03/2025\n\nDear Sirs,\n\nThe Client terminates the Contract for breach.\n",
			want: []string{"document_date|2026-05-18", "agreement_date|2025-03-03"}, not: []string{"agreement_date|2026-05-18"}},
		{name: "LD renewal reminder of a contract, table label row", format: "md", text: "# Renewal Reminder – Annual Maintenance Contract / تذكير بتجديد عقد الصيانة\n\n**Cool Air Engineering LLC**\n\n| Item / البند | Details / التفاصيل |\n|---|---|\n| Ref. / المرجع | CA/AMC/2026/054 |\n| Date / التاريخ | 01/09/2026 |\n| Contract / العقد | AMC No. 31 dated 20/10/2025 |\n\nDear Sir,\n\nYour maintenance contract expires on 31/10/2026.\n",
			want: []string{"document_date|2026-09-01", "agreement_date|2025-10-20"}, not: []string{"agreement_date|2026-09-01"}},

		// DA: an Arabic agreement drawn up on a day.
		{name: "DA arabic addendum drawn up on", text: "ملحق رقم (٢) لعقد النقل\n\nحرر هذا الملحق بتاريخ ٢٠ أبريل ٢٠٢٦ بين كل من شركة النور للتجارة وشركة الخليج للنقل.\n",
			want: []string{"agreement_date|2026-04-20"}},
		{name: "DA arabic memorandum concluded on", text: "مذكرة تفاهم (رقم ٤)\n\nأبرمت هذه المذكرة في يوم الأحد ٥ أبريل ٢٠٢٦ بين كل من شركة النور للتجارة وشركة الخليج للمقاولات.\n",
			want: []string{"agreement_date|2026-04-05"}},
	}
	checkKeyed(t, TypeDate, cases)
}

func TestKeys22DurationFamilies(t *testing.T) {
	cases := []datesWorkCompletionCase{
		// NP: the notice once probation is over.
		{name: "NP notice after probation label", text: "OFFER OF EMPLOYMENT\n\nDear Mr. Ahmed Salim,\n\nWe are pleased to offer you the position of Site Engineer.\n\nProbation: three (3) months.\nNotice after probation: one (1) month.\n",
			want: []string{"probation_period|P3M", "notice_period|P1M"}, not: []string{"probation_period|P1M"}},
		{name: "NP notice period following confirmation", text: "OFFER LETTER\n\nDear Ms. Rana,\n\nYour probation period is six (6) months. The notice period following confirmation is two (2) months.\n",
			want: []string{"probation_period|P6M", "notice_period|P2M"}},
		{name: "NP arabic notice after the end of probation", text: "عرض عمل\n\nالسيد/ خالد سعيد المحترم\n\nفترة التجربة: ثلاثة أشهر.\nمدة الإنذار بعد انتهاء فترة التجربة: شهر واحد.\n",
			want: []string{"probation_period|P3M", "notice_period|P1M"}},
		{name: "NP notice during probation stays", text: "OFFER OF EMPLOYMENT\n\nDear Mr. Ali,\n\nDuring probation either party may end the employment with seven (7) days' notice.\n",
			want: []string{"notice_period|P7D"}},

		// EW: an extension of time or of a validity; a window after an
		// extension word.
		{name: "EW extension of time of days", text: "MINUTES OF PROGRESS MEETING No. 14\n\nProject: Construction of the Health Centre\n\n1.1 The Consultant has granted an extension of time of twenty-one (21) days for the late approval of the samples.\n",
			want: []string{"duration|P21D"}, not: []string{"renewal_term|P21D"}},
		{name: "EW arabic extend the bid's validity for", text: "طلب تمديد صلاحية العطاء\n\nالسادة/ مؤسسة الرمال للمقاولات المحترمين\n\nتطلب الجهة المالكة تمديد صلاحية العطاء لمدة ستين (60) يوماً إضافية.\n",
			want: []string{"duration|P60D"}, not: []string{"renewal_term|P60D"}},
		{name: "EW arabic the bank's extension letter within", text: "طلب تمديد صلاحية العطاء\n\nيلتزم المناقص بتمديد الضمان الابتدائي وبتقديم خطاب التمديد الصادر من البنك خلال عشرة (10) أيام عمل من تاريخ رده.\n",
			not: []string{"renewal_term|P10D"}},
		{name: "EW a claim for extension of time within stays a claim", text: "CIVIL WORKS CONTRACT\n\nThe Contractor shall carry out the Works.\n\n4.3 The Contractor shall give the Employer notice of any claim for extension of time within twenty-eight (28) days of becoming aware of the event.\n",
			want: []string{"claim_period|P28D"}, not: []string{"renewal_term|P28D"}},
		{name: "EW a renewal of the lease stays", text: "OFFER TO RENEW THE LEASE\n\nDear Sir,\n\n2. The Landlord offers to renew the lease for a further period of two (2) years.\n",
			want: []string{"renewal_term|P2Y"}},

		// RC: a round-the-clock service.
		{name: "RC the 24-hour helpdesk", format: "md", text: "# Notice of Non-Renewal\n\nDear Sir,\n\n2. The Client hereby gives notice that the Agreement will not\n   be renewed and will expire on 31 July 2026.\n\n3. Until expiry the Contractor shall continue to perform all services in full, including the\n   24-hour helpdesk and the monthly fire-alarm tests.\n",
			not: []string{"renewal_term|PT24H", "term|PT24H", "duration|PT24H"}},
		{name: "RC a 24-hour breakdown call-out row", format: "md", text: "# Renewal Reminder – Annual Maintenance Contract / تذكير بتجديد عقد الصيانة\n\n2. We propose to renew it for a further twelve (12) months, from 01/11/2026 to 31/10/2027, at the charges below.\n\n| Service / الخدمة | Annual charge (OMR) / الرسوم السنوية (ر.ع.) |\n|---|---|\n| Preventive maintenance, 4 chillers / الصيانة الوقائية | 7,800.000 |\n| 24-hour breakdown call-out / الاستجابة للأعطال على مدار الساعة | 2,400.000 |\n",
			want: []string{"renewal_term|P12M"}, not: []string{"renewal_term|PT24H"}},
		{name: "RC restore within 24 hours stays no duration", text: "MAINTENANCE AGREEMENT\n\nThe Contractor shall restore operation within twenty-four (24) hours.\n",
			not: []string{"renewal_term|PT24H"}},

		// TN: payment terms written short.
		{name: "TN terms days net", text: "TAX INVOICE\n\nInvoice No.: INV-2026-0412\nInvoice Date: 02/04/2026\n\nTerms: 30 days net from invoice date.\n",
			want: []string{"payment_period|P30D"}},
		{name: "TN payment terms net days", text: "QUOTATION\n\nQuotation No.: Q-77\nValidity: 30 days\n\nPayment terms: net 45 days.\n",
			want: []string{"payment_period|P45D"}},
		{name: "TN credit terms days net", text: "PROFORMA INVOICE\n\nProforma No.: PF-19\n\nCredit terms: 60 days net.\n",
			want: []string{"payment_period|P60D"}},
		{name: "TN arabic payment terms", text: "عرض سعر\n\nرقم العرض: ٧٧\n\nشروط الدفع: 60 يوماً من تاريخ الفاتورة.\n",
			want: []string{"payment_period|P60D"}},
		{name: "TN a term with no payment stays", text: "SERVICES AGREEMENT\n\nThe Provider shall keep proper records.\n\nTerm: two (2) years from the Effective Date.\n",
			want: []string{"term|P2Y"}, not: []string{"payment_period|P2Y"}},
	}
	checkKeyed(t, TypeDuration, cases)
}

// TestKeys22OneDatePerKey: DD, a date written in each language of a
// bilingual letter and keyed alike after dedupe is one fact.
func TestKeys22OneDatePerKey(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{name: "DD reminder names its supply agreement in both languages", want: "agreement_date|2025-11-10",
			text: "GULF ROPES LLC                                    شركة حبال الخليج ش.م.م\n\nDate: 14 April 2026                              التاريخ: ١٤ أبريل ٢٠٢٦\n\nTo: Duqm Marine Services SAOC                    إلى: شركة الدقم للخدمات البحرية ش.م.ع.م\n\nPAYMENT REMINDER\n\nDear Sir,\n\nUnder clause 6 of our supply agreement dated 10 November 2025, the Customer is required to\npay each invoice within thirty (30) days of the invoice date.\n\nالسادة المحترمون،\n\nووفقاً للبند ٦ من اتفاقية التوريد المؤرخة ١٠ نوفمبر ٢٠٢٥، يلتزم العميل\nبسداد كل فاتورة خلال ثلاثين (٣٠) يوماً من تاريخها.\n"},
		{name: "DD notice names the lease in both languages", want: "agreement_date|2024-04-25",
			text: "AL QURUM PROPERTIES LLC                    شركة القرم للعقارات ش.م.م\n\nDate / التاريخ: 10 February 2026 / 10 فبراير 2026م\n\nTo: Oasis Pharma SAOC\n\nDear Sir,\n\n1. The lease agreement dated 25 April 2024 between us expires on 30 April 2026.\n١. ينتهي عقد الإيجار المؤرخ في 25 أبريل 2024م بيننا في 30 أبريل 2026م.\n"},
	}
	for _, c := range cases {
		n := 0
		for _, s := range factSet(extractAs(t, "", c.text), TypeDate) {
			if s == c.want {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d facts %s, want one; got %q", c.name, n, c.want, factSet(extractAs(t, "", c.text), TypeDate))
		}
	}
}

// TestKeys22LetterRoles: EL, a works' Employer beside its Contractor in
// a letter of award or a notice to proceed employs no one: the person at
// the addressee's "Attention:" line keeps no role; an offer of
// employment still gives its addressee the employee's.
func TestKeys22LetterRoles(t *testing.T) {
	cases := []struct {
		name, text string
		want, not  []string
	}{
		{name: "EL letter of award, attention line", text: "AL SAWADI PORT SERVICES SAOC\nP.O. Box 412, Barka\n\nDate: 15th March 2026\n\nM/s Jabal Shams Marine Engineering LLC\nP.O. Box 88, Seeb\nAttention: Mr. Pradeep Nair Menon, Managing Director\n\nLETTER OF AWARD\n\nDear Sir,\n\n1. We are pleased to inform you that Al Sawadi Port Services SAOC (the \"Employer\") has accepted your bid and awards the works to Jabal Shams Marine Engineering LLC (the \"Contractor\").\n",
			want: []string{"employer|Al Sawadi Port Services SAOC", "contractor|Jabal Shams Marine Engineering LLC"}, not: []string{"employee|Pradeep Nair Menon"}},
		{name: "EL notice to proceed, attention line", text: "GULF BUILD DEVELOPMENTS LLC\nP.O. Box 215, Nizwa\n\nDate: 20 March 2026\n\nM/s Green Mountain Contracting LLC\nAttention: Eng. Saeed Rashid Al Kindi, Projects Manager\n\nNOTICE TO PROCEED\n\nDear Sirs,\n\nGulf Build Developments LLC (the \"Employer\") instructs Green Mountain Contracting LLC (the \"Contractor\") to commence the works on 1 April 2026.\n",
			not: []string{"employee|Saeed Rashid Al Kindi"}},
		{name: "EL an offer of employment keeps its employee", text: "GULF HORIZON LOGISTICS SAOC\nP.O. Box 10, Muscat\n\nDate: 2 August 2026\n\nMs. Noura Al Shukaili\nMuscat\n\nOFFER OF EMPLOYMENT\n\nDear Ms. Noura,\n\nGulf Horizon Logistics SAOC (the \"Employer\") is pleased to offer you the position of Planner. The Employee shall report to the Operations Manager.\n",
			want: []string{"employee|Noura Al Shukaili"}},
	}
	for _, c := range cases {
		got := factSet(extractAs(t, "", c.text), TypeParty)
		if errs := keyedErrs(got, c.want, c.not, nil); len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
}
