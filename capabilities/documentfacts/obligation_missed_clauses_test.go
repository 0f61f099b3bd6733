package documentfacts

import "testing"

// Session 27 (issue 29, docs/documents.md "Issue 29, session 27:
// obligations and requirements found (detect)"): invented documents and
// the facts of one type each must give, as "role modality word" (for a
// requirement "category mandatory|optional word"); a case fails on a
// wanted fact missing and on any other fact of that type.

const (
	detAddendum   = "ADDENDUM No. 1 AND REPLIES TO QUERIES\n\nTender No. 14/2026: Supply and Installation of Two Booster Pumps\n\nNizwa Water Company SAOC issues this Addendum to all bidders.\n\n3. Replies to queries\n\n"
	detAddendumAR = "الملحق رقم ١ والرد على الاستفسارات\n\nالمناقصة رقم ١٤/٢٠٢٦: توريد وتركيب مضختين\n\nتصدر شركة نزوى للمياه ش.م.ع.م هذا الملحق لجميع المناقصين.\n\n٣. الرد على الاستفسارات\n\n"
	detTenderAR   = "إعلان مناقصة\n\nتعلن بلدية صحار عن طرح المناقصة رقم ٧/٢٠٢٦ لتنظيف المباني.\n\n"
	detContract   = "SERVICES AGREEMENT\n\nThis Agreement is made between Nizwa Cement Co. SAOG (the \"Customer\") and Falcon Facility Services LLC (the \"Contractor\").\n\n"
)

var detectCases = []struct {
	class, name, format, typ, text string
	want                           []string
}{
	// Class C1: a bidder's condition stated outside a requirements section.
	{"C1", "a reply: the bidder's national staff share (decision 55)", "txt", "requirement",
		detAddendum + "Query 2: Is Omanisation a condition?\nReply: Yes. Tenderers must meet the Omanisation percentage prescribed for the sector.\n",
		[]string{"compliance mandatory omanisation percentage"}},
	{"C1", "Arabic: the share, then its certificate to submit", "txt", "requirement",
		detAddendumAR + "الاستفسار ٢: هل التعمين شرط؟\nالرد: نعم، يشترط أن تكون نسبة التعمين لدى المتقدم مطابقة للنسبة المقررة.\n",
		[]string{"compliance mandatory نسبة التعمين"}},
	{"C1", "Arabic: a site visit named by its noun (decision 32)", "txt", "requirement",
		detAddendumAR + "الاستفسار ١: هل الزيارة إلزامية؟\nالرد: نعم، يجب على المناقصين حضور الزيارة الميدانية يوم ١٠ مايو ٢٠٢٦م.\n",
		[]string{"eligibility mandatory حضور الزيارة الميدانية"}},
	{"C1", "... which is no obligation", "txt", "obligation",
		detAddendumAR + "الاستفسار ١: هل الزيارة إلزامية؟\nالرد: نعم، يجب على المناقصين حضور الزيارة الميدانية يوم ١٠ مايو ٢٠٢٦م.\n",
		nil},
	{"C1", "Arabic: a floor on the bidder's turnover", "txt", "requirement",
		detAddendumAR + "الاستفسار ٣: ما الحد الأدنى لحجم الأعمال؟\nالرد: يجب ألا يقل حجم الأعمال السنوي للمناقص عن ٥٠٠٬٠٠٠ ر.ع.\n",
		[]string{"financial mandatory حجم الأعمال"}},
	{"C1", "goods accepted if certified to a standard (decision 14), both languages", "txt", "requirement",
		detAddendum + "Query 4: May we offer another make?\nReply: Yes. Equivalent valves are acceptable only if they are certified to EN 1074.\n\nالرد: نعم، تقبل الصمامات المكافئة إذا كانت مطابقة للمواصفة EN 1074.\n",
		[]string{"compliance mandatory certified to en 1074", "compliance mandatory مطابقة للمواصفة"}},
	{"C1 neg", "an optional site visit, and a share's certificate", "txt", "requirement",
		detAddendumAR + "الرد: يمكن للمناقصين حضور الزيارة الميدانية إن رغبوا.\n\nReply: The Omanisation certificate must show the percentage of Omani staff.\n",
		nil},
	{"C1 neg", "a contract's Omanisation duty stays the contractor's", "txt", "requirement",
		detContract + "5. The Contractor shall maintain the Omanisation percentage set by the Ministry of Labour throughout the term.\n",
		nil},
	{"C1 neg", "... its obligation", "txt", "obligation",
		detContract + "5. The Contractor shall maintain the Omanisation percentage set by the Ministry of Labour throughout the term.\n",
		[]string{"contractor must maintain the omanisation percentage"}},
	{"C1 neg", "a contract's goods accepted if they meet a standard: no requirement", "txt", "requirement",
		detContract + "6. Replacement parts are accepted only if they are certified to ISO 9001 by the maker.\n",
		nil},
	// Class C2: one document to submit with the bid, in its own sentence.
	{"C2", "the bidder submits a document with its offer: a requirement", "txt", "requirement",
		detAddendum + "Query 4: May we offer another make?\nReply: The bidder shall submit the manufacturer's type test reports with its technical offer.\n",
		[]string{"documentation mandatory type test reports"}},
	{"C2", "... and still its duty", "txt", "obligation",
		detAddendum + "Query 4: May we offer another make?\nReply: The bidder shall submit the manufacturer's type test reports with its technical offer.\n",
		[]string{"bidder must submit the manufacturer's type test reports"}},
	{"C2", "a passive: a certificate submitted with the bid", "txt", "requirement",
		detAddendum + "Reply: A valid social insurance certificate shall be submitted with the bid.\n",
		[]string{"documentation mandatory social insurance certificate"}},
	{"C2", "Arabic: the bidder's document with its offer, and a passive one", "txt", "requirement",
		detAddendumAR + "الرد: يقدم المناقص كتالوجات الشركة المصنعة مع عرضه الفني.\n\nالرد: تقدم شهادة التأمينات الاجتماعية سارية المفعول مع العطاء.\n",
		[]string{"documentation mandatory كتالوجات الشركة المصنعة", "documentation mandatory شهادة التأمينات"}},
	{"C2 neg", "a bond with the bid is the bond rules', a lead-in the list's", "txt", "requirement",
		detAddendum + "Reply: The bidder shall submit the following with its bid:\n(a) the priced bill of quantities;\n(b) the signed form of tender.\n",
		[]string{"documentation mandatory bill of quantities", "documentation mandatory form of tender"}},
	{"C2 neg", "a contract: a document the contractor submits with its invoice", "txt", "requirement",
		detContract + "7. The Contractor shall submit the signed timesheets with each invoice.\n",
		nil},
	// Class O2: the winning bidder named by a relative clause.
	{"O2", "Arabic: the bidder the tender is awarded to furnishes a performance bond", "txt", "obligation",
		detTenderAR + "٥. يلتزم المناقص الذي يرسو عليه العطاء بتقديم ضمان حسن التنفيذ بنسبة (١٠٪) من قيمة العقد قبل توقيع العقد.\n",
		[]string{"bidder must بتقديم ضمان حسن التنفيذ"}},
	{"O2", "... also its financial requirement", "txt", "requirement",
		detTenderAR + "٥. يلتزم المناقص الذي يرسو عليه العطاء بتقديم ضمان حسن التنفيذ بنسبة (١٠٪) من قيمة العقد قبل توقيع العقد.\n",
		[]string{"financial mandatory ضمان حسن التنفيذ"}},
	{"O2 neg", "a bidder's condition under a relative clause of another verb stays a requirement", "txt", "obligation",
		detTenderAR + "٥. يجب أن يكون المناقص الذي يتقدم للمناقصة مسجلاً في السجل التجاري.\n",
		nil},
	// Class O3: a bond handed in with the bid, the bond as subject.
	{"O3", "Arabic: a bond submitted with the bid binds no one", "txt", "obligation",
		detTenderAR + "ثالثاً: الضمانات\nيجب أن يقدم مع العطاء ضمان بنكي مؤقت بمبلغ ٢٬٠٠٠ ر.ع. صادر من أحد البنوك العاملة في سلطنة عمان.\n",
		[]string{"- must يقدم مع العطاء ضمان بنكي"}},
	{"O3", "... and is its financial requirement", "txt", "requirement",
		detTenderAR + "ثالثاً: الضمانات\nيجب أن يقدم مع العطاء ضمان بنكي مؤقت بمبلغ ٢٬٠٠٠ ر.ع. صادر من أحد البنوك العاملة في سلطنة عمان.\n",
		[]string{"financial mandatory ضمان بنكي مؤقت"}},
	{"O3", "Arabic: the passive without a modal", "txt", "obligation",
		detTenderAR + "ثانياً: الرسوم والضمانات\nالبند | المبلغ (ر.ع.)\nالضمان المؤقت | ٢٬٠٠٠\nيقدم الضمان المؤقت في صورة ضمان بنكي أو شيك مصدق باسم البلدية.\n",
		[]string{"- must يقدم الضمان المؤقت"}},
	{"O3 neg", "the winner's performance bond under the heading stays its duty", "txt", "obligation",
		detTenderAR + "ثالثاً: الضمانات\nيلتزم المناقص الفائز بتقديم ضمان حسن التنفيذ بنسبة ١٠٪ من قيمة العقد قبل توقيع العقد.\n",
		[]string{"bidder must بتقديم ضمان حسن التنفيذ"}},
	// Class O4: the items of an Arabic lead-in the item rules missed.
	{"O4", "an HTML list read without its markers", "html", "obligation",
		"<html><body><h1>عقد خدمات نقل</h1><p>أبرم هذا العقد بين شركة الندى للتأمين ش.م.ب (\"العميل\") وشركة الخليج للنقل ذ.م.م (\"المقاول\").</p><h2>البند الرابع: التزامات العميل</h2><p>يلتزم العميل بما يلي:</p><ol type=\"أ\"><li>تسليم المقاول قائمة المحتويات قبل بدء النقل بثلاثة أيام.</li><li>توفير مواقف للشاحنات أمام المبنى.</li><li>عدم تسليم المقاول أي مواد قابلة للاشتعال.</li></ol><h2>البند الخامس: التزامات المقاول</h2><p>يلتزم المقاول بالتأمين على المحتويات أثناء النقل.</p></body></html>",
		[]string{"customer must تسليم المقاول قائمة", "customer must توفير مواقف", "customer must_not عدم تسليم المقاول", "contractor must بالتأمين على المحتويات"}},
	{"O4", "a bullet and then a letter", "md", "obligation",
		"# عقد امتياز\n\nأبرم هذا العقد بين شركة الواحة للقهوة ذ.م.م، ويشار إليها فيما يلي بـ\"مانح الامتياز\"، وشركة النخيل للمقاهي ش.م.م، ويشار إليها فيما يلي بـ\"المستأجر\".\n\n## المادة (٦): التزامات مانح الامتياز\n\nيلتزم مانح الامتياز بما يلي:\n\n- أ. تدريب طاقم كل مقهى قبل الافتتاح.\n- ب. عدم منح أي امتياز آخر في المدينة طوال مدة العقد.\n",
		[]string{"franchisor must تدريب طاقم", "franchisor must_not عدم منح أي امتياز"}},
	{"O4 neg", "Arabic lines under a heading that binds no one are no items", "html", "obligation",
		"<html><body><h1>عقد خدمات نقل</h1><p>أبرم هذا العقد بين شركة الندى للتأمين ش.م.ب (\"العميل\") وشركة الخليج للنقل ذ.م.م (\"المقاول\").</p><p>تعريفات:</p><ul><li>المقر الجديد هو مبنى الندى في المنامة.</li><li>المحتويات هي الأثاث والأجهزة المكتبية.</li></ul></body></html>",
		nil},
	// Class O1: Arabic passive duties of no one the passive families missed.
	{"O1", "a bulleted passive: how bids are handed in (decision 31)", "txt", "obligation",
		detTenderAR + "شروط التقديم:\n\n- تقدم العطاءات إلكترونياً عبر بوابة إسناد.\n",
		[]string{"- must تقدم العطاءات إلكترونياً"}},
	{"O1", "the one paid named before the sum", "txt", "obligation",
		"إشعار ترسية\n\nتم ترسية المناقصة على شركتكم، ويشار إليها فيما يلي بـ\"المقاول\".\n\nتصرف للمقاول دفعة مقدمة بنسبة ١٠٪ من قيمة العقد مقابل خطاب ضمان بنكي.\n",
		[]string{"- must تصرف للمقاول دفعة مقدمة"}},
	{"O1", "a determiner before the thing, and a document handed in", "txt", "obligation",
		"وكالة خاصة\n\nأنا الموقع أدناه سالم بن علي الحارثي أوكل السيد أحمد بن سعيد البلوشي في تخليص الشحنة رقم ٤٥.\n\nتقدم هذه الوكالة إلى المديرية العامة للجمارك مع بطاقة الوكيل.\n",
		[]string{"- must تقدم هذه الوكالة"}},
	{"O1", "a certificate submitted with the bid, و kept", "txt", "obligation",
		detAddendumAR + "الرد: نعم، يشترط ذلك. وتقدم شهادة التأمينات الاجتماعية سارية المفعول مع العطاء.\n",
		[]string{"- must وتقدم شهادة التأمينات"}},
	{"O1 neg", "a bulleted description of services and an offer made", "txt", "obligation",
		"عرض سعر\n\nشركة النور للاستشارات ش.م.م\n\nنطاق الخدمات:\n\n- تقدم الاستشارات الفنية في مجال المياه.\n\nيقدم هذا العرض وفق الشروط المرفقة.\n",
		nil},
	// Class O5: a passive whose subject is the party's thing binds no one.
	{"O5", "the party's possessive before the thing", "txt", "obligation",
		detContract + "8. The Customer's personal data shall be stored only on servers located in Oman.\n",
		[]string{"- must personal data shall be stored"}},
	{"O5", "a claim against a party", "txt", "obligation",
		detContract + "9. Any claim against the Contractor must be notified in writing within thirty (30) days of the event.\n",
		[]string{"- must must be notified in writing"}},
	{"O5 neg", "the party as the head stays bound, and an active verb after a possessive", "txt", "obligation",
		detContract + "8. The Contractor shall be insured against third-party claims.\n9. The Contractor's staff shall wear safety helmets on site.\n",
		[]string{"contractor must be insured", "contractor must wear safety helmets"}},
}

// TestDetect27Families: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestDetect27Families -v
func TestDetect27Families(t *testing.T) {
	for _, c := range detectCases {
		got := firstSixConventionItems(extractAs(t, c.format, c.text), c.typ)
		if msg := compareObligationItems(got, c.want); msg != "" {
			t.Errorf("class %s, %s (%s):\n%s", c.class, c.name, c.typ, msg)
		}
	}
}
