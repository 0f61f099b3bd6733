package documentfacts

import "testing"

// Round 22 of keys (issue 29, session 22): dates and durations by
// families (docs/documents.md, "Issue 29, session 22: keys of dates and
// durations"; keys22.go). Each case is a short text written for this test
// and the keys it must (want) or must not (not) hold.

func TestKeys22DateFamilies(t *testing.T) {
	body := "The Ministry invites registered companies to submit bids for the works described below.\n"
	bodyAR := "تدعو المديرية الشركات المسجلة إلى تقديم عطاءاتها وفق الشروط المرفقة.\n"
	cases := []dates20Case{
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
	}
	checkKeyed20(t, TypeDate, cases)
}
