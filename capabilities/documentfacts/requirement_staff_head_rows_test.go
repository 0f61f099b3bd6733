package documentfacts

import (
	"context"
	"strings"
	"testing"

	"dalil/capabilities/documentfacts/read"
)

// Session 23 (issue 29, docs/documents.md "Issue 29, session 23: left
// families on the development sets"): each case is a document of our own
// and the facts of one type it must give, exactly (compareObligationItems).

// extractHTMLStaffHeadRows reads an HTML document as the eval corpora's .html files.
func extractHTMLStaffHeadRows(t *testing.T, html string) Output {
	t.Helper()
	doc, err := read.Read(context.Background(), []byte(html), "", "case.html", read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out := extractAll(doc, source{kind: "text"}, Input{})
	checkEvidence(t, out)
	return out
}

// html is a page holding one table of two-cell rows (each row "EN | AR").
func html(title string, rows ...string) string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>" + title + "</title></head><body><table border=\"1\">\n")
	for _, r := range rows {
		cells := strings.Split(r, " | ")
		tag := "td"
		if strings.HasPrefix(r, "!") {
			tag, cells[0] = "th", cells[0][1:]
		}
		b.WriteString("<tr>")
		for _, c := range cells {
			b.WriteString("<" + tag + ">" + c + "</" + tag + ">")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table></body></html>\n")
	return b.String()
}

var staffHeadRowsHTMLCases = []struct {
	family, name, typ, html string
	want                    []string
}{
	// Family A: a bilingual side-by-side table whose head row names
	// its section in both languages opens that section.
	{"A", "a call's requirements, each row in two languages", "requirement",
		html("Call for Expressions of Interest - Laundry Services",
			"!Call for Expressions of Interest | دعوة لإبداء الاهتمام",
			"Nizwa Hospital Services SAOC invites laundry companies to express their interest in the laundry services of its wards for two (2) years. | تدعو شركة نزوى للخدمات الصحية ش.م.ع.م شركات الغسيل إلى إبداء اهتمامها بخدمات غسيل الأجنحة لمدة سنتين (٢).",
			"!Eligibility | الأهلية",
			"1. The applicant must hold a valid municipality health permit. | ١. يجب أن يكون المتقدم حاصلاً على تصريح صحي ساري من البلدية.",
			"2. ISO 9001 certification is preferred. | ٢. يفضل الحصول على شهادة ISO 9001.",
			"3. The applicant must currently operate at least three (3) hospital laundries. | ٣. يجب أن يكون المتقدم مشغلاً حالياً لثلاث (٣) مغاسل مستشفيات على الأقل.",
			"!General | أحكام عامة",
			"3. The Company is not bound to shortlist any applicant. | ٣. الشركة غير ملزمة بإدراج أي متقدم في القائمة المختصرة."),
		[]string{"eligibility mandatory health permit", "eligibility mandatory تصريح صحي", "compliance optional iso 9001", "compliance optional iso 9001", "experience mandatory hospital laundries", "experience mandatory مغاسل"}},
	{"A", "an invitation to bid's qualification rows", "requirement",
		html("Invitation to Bid - Road Marking",
			"!Invitation to Bid No. 4/2027 | الدعوة إلى تقديم العطاءات رقم ٤/٢٠٢٧",
			"Dhofar Roads Authority invites contractors to bid for the road marking of Salalah. | تدعو هيئة طرق ظفار المقاولين إلى تقديم عطاءاتهم لأعمال تخطيط طرق صلالة.",
			"!Qualification Requirements | شروط التأهيل",
			"1. The bidder must have completed at least two (2) road marking contracts since 2022. | ١. يجب أن يكون المناقص قد نفذ عقدين (٢) على الأقل لأعمال تخطيط الطرق منذ عام ٢٠٢٢."),
		[]string{"experience mandatory road marking contracts", "experience mandatory عقدين"}},
	{"A neg", "rows of a documents list are items, not head rows", "requirement",
		html("Call for Expressions of Interest - Catering",
			"!Call for Expressions of Interest | دعوة لإبداء الاهتمام",
			"Sur Catering Services LLC invites catering companies to express their interest in its staff canteen. | تدعو شركة صور لخدمات الإعاشة ش.م.م شركات الإعاشة إلى إبداء اهتمامها بمقصف موظفيها.",
			"!Documents to be submitted | المستندات المطلوبة",
			"Company registration certificate | شهادة تسجيل الشركة",
			"Reference letters from clients | خطابات مرجعية من العملاء"),
		[]string{"documentation mandatory company registration", "documentation mandatory شهادة تسجيل", "documentation mandatory reference letters", "documentation mandatory خطابات مرجعية"}},
}

func TestFam23HTMLFamilies(t *testing.T) {
	for _, c := range staffHeadRowsHTMLCases {
		got := firstSixConventionItems(extractHTMLStaffHeadRows(t, c.html), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}

// staffHeadRowsTextCases are plain-text documents.
var staffHeadRowsTextCases = []struct {
	family, name, typ, text string
	want                    []string
}{
	// Family B: the rows of a key-staff table are technical
	// requirements; its lead-in is neither requirement nor duty; a
	// preference under it is an optional technical requirement.
	{"B", "a staff table under a key-staff heading", "requirement",
		"REQUEST FOR PROPOSALS\nDesign of the Ibri Sports Complex\n\nIbri Municipality invites engineering consultancy firms to submit proposals.\n\n3. KEY STAFF\nThe Consultant shall propose the following key staff:\nPosition | Qualification | Minimum years\nTeam Leader | Master's degree in architecture | 15\nStructural Engineer | BSc in civil engineering | 10\nA LEED Accredited Professional in the team is preferred.\n\n4. GENERAL\nThe Municipality is not bound to accept any proposal.\n",
		[]string{"technical mandatory team leader", "technical mandatory structural engineer", "technical optional leed"}},
	{"B", "the lead-in is no duty", "obligation",
		"REQUEST FOR PROPOSALS\nDesign of the Ibri Sports Complex\n\nIbri Municipality invites engineering consultancy firms to submit proposals.\n\n3. KEY STAFF\nThe Consultant shall propose the following key staff:\nPosition | Qualification | Minimum years\nTeam Leader | Master's degree in architecture | 15\nStructural Engineer | BSc in civil engineering | 10\n",
		nil},
	{"B", "an Arabic staff table", "requirement",
		"طلب تقديم عروض\nتصميم المجمع الرياضي في عبري\n\nتدعو بلدية عبري المكاتب الاستشارية الهندسية إلى تقديم عروضها.\n\nالكادر الرئيسي\nيجب أن يضم فريق الاستشاري الوظائف التالية:\nالوظيفة | الحد الأدنى لسنوات الخبرة\nمدير المشروع | ١٥\nمهندس إنشائي | ١٠\n\nأحكام عامة\nالبلدية غير ملزمة بقبول أي عرض.\n",
		[]string{"technical mandatory مدير المشروع", "technical mandatory مهندس إنشائي"}},
	{"B neg", "a price table after the staff block is no staff", "requirement",
		"REQUEST FOR PROPOSALS\nDesign of the Ibri Sports Complex\n\nIbri Municipality invites engineering consultancy firms to submit proposals.\n\nKey staff\nThe Consultant shall propose the following key staff:\nTeam Leader | 15\n\nPayment schedule\nMilestone | Share\nConcept design | 20%\n",
		[]string{"technical mandatory team leader"}},

	// Family A, the fee of a call read as a tender: a fee to pay is
	// the obligation of no one named, no requirement.
	{"A fee", "a registration fee in a call's submission section", "obligation",
		"CALL FOR EXPRESSIONS OF INTEREST\nSupervision Consultancy for the Sur Corniche Works\n\nSur Municipality invites consultancy firms to express their interest.\n\nSUBMISSION REQUIREMENTS\nA non-refundable registration fee of OMR 50.000 must be paid at the Municipality's cashier before submission.\n",
		[]string{"- must paid"}},
	{"A fee", "an Arabic fee to pay", "obligation",
		"دعوة لإبداء الاهتمام\nخدمات الإشراف على أعمال كورنيش صور\n\nتدعو بلدية صور المكاتب الاستشارية إلى إبداء اهتمامها.\n\nمتطلبات التقديم\nيجب سداد رسم غير مسترد قدره ٥٠ ر.ع. لدى صندوق البلدية قبل التقديم.\n",
		[]string{"- must سداد"}},
}

func TestFam23TextFamilies(t *testing.T) {
	for _, c := range staffHeadRowsTextCases {
		got := firstSixConventionItems(extractText(t, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}

// staffHeadRowsDateCases: family D, a mandatory site visit or meeting in a
// tender's dates is an eligibility requirement; an optional one none.
var staffHeadRowsDateCases = []struct {
	name, text string
	want       []string
}{
	{"an Arabic dates list", "مناقصة رقم ٧/٢٠٢٧ لصيانة الحدائق\n\nتدعو بلدية صحار الشركات المؤهلة لتقديم عطاءاتها.\n\nالمواعيد\n- زيارة ميدانية للحدائق (إلزامية): ١٢/٠٣/٢٠٢٧م الساعة العاشرة صباحاً.\n- آخر موعد لتقديم العطاءات: ٢٥/٠٣/٢٠٢٧م\n",
		[]string{"eligibility mandatory زيارة ميدانية"}},
	{"an English timetable row", "TENDER No. 7/2027\nMaintenance of the Sohar Parks\n\nSohar Municipality invites qualified companies to bid.\n\nTimetable\n| Activity | Date |\n|---|---|\n| Pre-bid meeting (mandatory) | 12 March 2027, 10:00 |\n| Bid submission deadline | 25 March 2027 |\n",
		[]string{"eligibility mandatory pre-bid meeting"}},
	{"an optional visit is a date only", "TENDER No. 8/2027\nMaintenance of the Sohar Parks\n\nSohar Municipality invites qualified companies to bid.\n\nTimetable\n- Site visit (optional): 12 March 2027\n- Bid submission deadline: 25 March 2027\n",
		nil},
}

func TestFam23VisitDates(t *testing.T) {
	for _, c := range staffHeadRowsDateCases {
		got := firstSixConventionItems(extractText(t, c.text), "requirement")
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family D, %s:\n%s", c.name, msg)
		}
	}
}

// staffHeadRowsSubjectCases: family F, the contract a letter's subject line names
// with its date is that contract's agreement_date, whatever words come
// before it; a letter that has its own agreement_date keeps it.
var staffHeadRowsSubjectCases = []struct {
	name, text string
	want       []string
}{
	{"a demand about overdue invoices", "Batinah Cement Products LLC\nP.O. Box 44, Sohar\n\n3 March 2027\n\nTo: Al Khabourah Builders LLC\n\nRe: Unpaid invoices under Supply Agreement No. BCP-SA-09 dated 12/05/2026\n\nDear Sirs,\n\nInvoices Nos. 118 and 131 remain unpaid. Please settle them within seven (7) days.\n\nYours faithfully,\nBatinah Cement Products LLC\n",
		[]string{"agreement_date 2026-05-12"}},
	{"a notice about a lease", "Sur Property Management SAOC\n\n4 April 2027\n\nTo: Mr. Salim Al Araimi\n\nSubject: Expiry of Lease No. 14/2026 dated 1 June 2026\n\nDear Sir,\n\nWe remind you that the lease ends on 31 May 2027.\n",
		[]string{"agreement_date 2026-06-01"}},
}

func TestFam23SubjectDates(t *testing.T) {
	for _, c := range staffHeadRowsSubjectCases {
		var got []string
		for _, f := range extractText(t, c.text).Facts {
			if f.Type == TypeDate && f.Key == "agreement_date" {
				got = append(got, f.Key+" "+f.Normalized)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("family F, %s: got %q, want %q", c.name, got, c.want)
		}
	}
}
