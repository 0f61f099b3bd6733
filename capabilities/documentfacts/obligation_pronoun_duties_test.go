package documentfacts

import "testing"

// Session 20 (issue 29, docs/documents.md "Issue 29, session 20:
// obligations and requirements by families"): each case is a document of
// our own and the facts of one type (obligation or requirement) it must
// give, as in firstSixConventionCases: "key value word", the word contained in the
// action or requirement. A case fails on a wanted fact missing and on any
// other fact of that type (none wanted: none found).

const (
	pronounDutiesObligationsRFQ      = "REQUEST FOR QUOTATION\n\nRFQ No. 12/2026: Supply of Laboratory Fridges\n\nSur Fisheries SAOC (the \"Company\") invites suppliers to submit quotations.\n\n"
	pronounDutiesObligationsSupplyAR = "عقد توريد\n\nأبرم هذا العقد بين شركة صور للأسماك ش.م.ع.ع (\"المشتري\") وشركة نزوى للتبريد ش.م.م (\"المورد\").\n\n"
	pronounDutiesObligationsRFQAR    = "طلب تقديم عروض أسعار رقم ١٢/٢٠٢٦ لتوريد ثلاجات المختبر\n\nتدعو شركة صور للأسماك ش.م.ع.ع الموردين المؤهلين لتقديم عروضهم.\n\n"
)

var pronounDutiesObligationsCases = []struct {
	family, name, typ, text string
	want                    []string
}{
	// A bid, a quotation or a bond that must stay valid is a state, not a
	// duty (session 20, decision 17; decision 15 for a bond's validity).
	{"17", "quotations must remain valid", "obligation",
		pronounDutiesObligationsRFQ + "## Conditions\n\n4. Quotations must remain valid for sixty (60) days from the closing date.\n",
		nil},
	{"17", "a bulleted proposal validity", "obligation",
		pronounDutiesObligationsRFQ + "## Submission\n\n- Each proposal must be valid for one hundred and twenty (120) days.\n",
		nil},
	{"17", "Arabic bids must stay valid", "obligation",
		pronounDutiesObligationsRFQAR + "٥. يجب أن تظل العروض سارية لمدة ستين (٦٠) يوماً من تاريخ الإغلاق.\n",
		nil},
	{"17", "Arabic bond must stay valid, then the winner's duty", "obligation",
		pronounDutiesObligationsRFQAR + "يجب أن يكون الضمان المؤقت سارياً لمدة تسعين (٩٠) يوماً من تاريخ الإغلاق، ويلتزم المورد الفائز بتقديم ضمان حسن التنفيذ خلال عشرة (١٠) أيام من إخطاره بالترسية.\n",
		[]string{"supplier must ضمان حسن التنفيذ"}},
	{"17", "shall remain valid is a state", "obligation",
		pronounDutiesObligationsRFQ + "## Conditions\n\n4. Quotations shall remain valid for sixty (60) days from the closing date.\n",
		nil},
	{"17", "Arabic validity without must is a state", "obligation",
		pronounDutiesObligationsRFQAR + "٥. تظل العروض سارية لمدة ستين (٦٠) يوماً من تاريخ الإغلاق.\n",
		nil},
	{"17", "a certificate that must be valid is a requirement", "obligation",
		pronounDutiesObligationsRFQAR + "## شروط التأهيل\n\n١. يجب أن يكون المتقدم حاصلاً على شهادة سارية من هيئة الضرائب.\n",
		nil},

	// Family 2: an Arabic present-tense verb of a duty, its party right
	// after it.
	{"2", "the buyer inspects", "obligation",
		pronounDutiesObligationsSupplyAR + "٣-٢ يفحص المشتري الثلاجات عند الاستلام خلال يومي عمل.\n",
		[]string{"buyer must يفحص"}},
	{"2", "the supplier keeps an insurance", "obligation",
		pronounDutiesObligationsSupplyAR + "٤-١ يحتفظ المورد بوثيقة تأمين ضد الحريق طوال مدة العقد.\n",
		[]string{"supplier must بوثيقة تأمين"}},
	{"2", "the supplier confirms the quantities", "obligation",
		pronounDutiesObligationsSupplyAR + "٥. يؤكد المورد مواعيد الشحن قبل أسبوع من كل شحنة.\n",
		[]string{"supplier must مواعيد الشحن"}},
	{"2 neg", "a right kept", "obligation",
		pronounDutiesObligationsSupplyAR + "٦. يحتفظ المشتري بحق رفض أي ثلاجة غير مطابقة للمواصفات.\n",
		nil},
	{"2 neg", "a retention kept, its return passive", "obligation",
		pronounDutiesObligationsSupplyAR + "٧. يحتفظ المشتري بنسبة ١٠٪ من كل دفعة، وترد إلى المورد خلال ثلاثين (٣٠) يوماً من انتهاء فترة الضمان.\n",
		[]string{"- must ترد"}},
	{"2 neg", "a statement confirmed", "obligation",
		pronounDutiesObligationsSupplyAR + "٨. يؤكد المورد عدم وجود أي تعارض في المصالح.\n",
		nil},
	{"2 neg", "an appointment is a grant", "obligation",
		pronounDutiesObligationsSupplyAR + "٢. يعين المورد المشتري موزعاً حصرياً في محافظة ظفار.\n",
		nil},

	// Family 3: a party's clause and then its pronoun.
	{"3", "a duty, then a prohibition of the same party", "obligation",
		pronounDutiesObligationsSupplyAR + "٩. يوفر المشتري الكهرباء في موقع التركيب، ولا يجوز له تشغيل الثلاجات قبل فحصها.\n",
		[]string{"buyer must_not تشغيل"}},
	{"3", "an undertaking, then a prohibition", "obligation",
		pronounDutiesObligationsSupplyAR + "١٠. يلتزم المورد بالمحافظة على سرية الأسعار، ولا يجوز لها الإفصاح عنها لأي طرف ثالث.\n",
		[]string{"supplier must_not الإفصاح"}},
	{"3", "a sentence opening with the pronoun", "obligation",
		pronounDutiesObligationsSupplyAR + "١١. يلتزم المورد بعدم استخدام بيانات المشتري. ويجب عليه حذفها خلال ثلاثين (٣٠) يوماً من انتهاء العقد.\n",
		[]string{"supplier must_not استخدام", "supplier must حذفها"}},
	{"3 neg", "a passive before the pronoun's sentence", "obligation",
		pronounDutiesObligationsSupplyAR + "١٢. ترسل الفواتير شهرياً إلى إدارة المشتريات. ويجب عليه سدادها خلال ثلاثين (٣٠) يوماً.\n",
		[]string{"- must ترسل الفواتير", "- must سدادها"}},

	// Family 4: the author names itself by its kind.
	{"4", "an offer letter's company registers the employee", "obligation",
		"OFFER OF EMPLOYMENT\n\nDate: 3 May 2026\n\nFrom: Nizwa Cement SAOG\nTo: Mr. Salim Khalfan Al Hinai\n\nDear Salim,\n\nWe are pleased to offer you the position of Plant Engineer.\n\n6. The Company shall register you with the Social Protection Fund from your start date.\n",
		[]string{"employer must register"}},
	{"4", "minutes: the company publishes", "obligation",
		"MINUTES OF THE ANNUAL GENERAL MEETING\n\nGulf Bottling Holding B.S.C. (c)\n\nThe meeting was held on 12 March 2026 in Manama.\n\nResolution 4: The Company shall publish these minutes on its website within ten (10) days of the meeting.\n",
		[]string{"issuer must publish"}},
	{"4 neg", "no party of the author's role: no one named", "obligation",
		"LETTER\n\nFrom: Nizwa Cement SAOG (the issuer of this letter)\n\nThe Company shall publish the results within ten (10) days.\n",
		[]string{"- must publish"}},
}

// TestObl20Families: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestObl20Families -v
func TestObl20Families(t *testing.T) {
	for _, c := range pronounDutiesObligationsCases {
		got := firstSixConventionItems(extractText(t, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}
