package documentfacts

import (
	"slices"
	"testing"
)

// lawCases are the families of wording by which a contract chooses its
// law, in English and Arabic, and the mentions of a law that choose
// nothing (issue 29, session 17, round 15; docs/documents.md "round 15,
// governing law"). kind says how the text is read: "txt" plain text,
// "md" Markdown, "docx" DOCX lines (" | " a one-row table, "# " a
// heading), "html" an HTML body.
var lawCases = []struct {
	family, kind, text string
	want               []string // normalized code of every governing_law fact
}{
	// A. A governing verb before the law.
	{"A governed by", "txt", "This Agreement shall be governed by and construed in accordance with the laws of the Sultanate of Oman.", []string{"OM"}},
	{"A interpreted under", "txt", "This Lease shall be interpreted under the laws of the State of Qatar.", []string{"QA"}},
	{"A subject to", "txt", "This Agreement is subject to the laws for the time being in force in the Kingdom of Bahrain.", []string{"BH"}},
	{"A laws from time to time in force", "txt", "This Contract is governed by the laws from time to time in force in the Sultanate of Oman.", []string{"OM"}},

	// B. The law as the subject of a verb.
	{"B X law governs", "txt", "Kuwaiti law governs this Agreement and every dispute under it.", []string{"KW"}},
	{"B law of X applies", "txt", "The law of England and Wales applies to this Agreement.", []string{"GB"}},
	{"B laws of X shall apply", "txt", "The laws of India shall apply to this Contract.", []string{"IN"}},
	{"B X law shall prevail", "txt", "Omani law shall prevail in the interpretation of this Contract.", []string{"OM"}},
	{"B X law is the proper law", "txt", "Qatari law is the proper law of this Agreement.", []string{"QA"}},
	{"B laws of X shall be the applicable law", "txt", "The laws of the Kingdom of Saudi Arabia shall be the applicable law of this Contract.", []string{"SA"}},

	// C. A conformity link (in accordance with, pursuant to, under,
	// according to) in a sentence about disputes, interpretation,
	// validity or the rights of the parties.
	{"C dispute in accordance with X law", "txt", "Any dispute arising out of this Agreement shall be determined in accordance with Singapore law and finally resolved by arbitration.", []string{"SG"}},
	{"C disputes under the laws of X", "txt", "All disputes shall be settled under the laws of the United Arab Emirates by the courts of Dubai.", []string{"AE"}},
	{"C rights pursuant to", "txt", "The rights and obligations of the Parties shall be determined pursuant to the laws of the State of Kuwait.", []string{"KW"}},
	{"C validity according to", "txt", "The validity, interpretation and performance of this Contract shall be decided according to Jordanian law.", []string{"JO"}},
	{"C interpretation in accordance with", "txt", "Questions of interpretation shall be resolved in accordance with the laws of the Kingdom of Bahrain.", []string{"BH"}},

	// D. A label and its value: a colon, a dash, a table row.
	{"D label colon", "txt", "Governing law: Oman", []string{"OM"}},
	{"D label dash", "txt", "Applicable law — the Sultanate of Oman", []string{"OM"}},
	{"D label and jurisdiction", "txt", "Governing Law and Jurisdiction: Omani law; the courts of Muscat.", []string{"OM"}},
	{"D choice of law label", "txt", "Choice of law: the laws of the State of Qatar", []string{"QA"}},
	{"D table row", "docx", "Governing law | Omani law", []string{"OM"}},
	{"D markdown table row", "md", "| Term | Value |\n|---|---|\n| Governing law | Laws of the Kingdom of Bahrain |\n| Payment | 30 days |", []string{"BH"}},

	// E. A heading that says Governing Law, the law on the next line.
	{"E heading then laws of X", "md", "## 12. Governing law\n\nThe laws of Oman.\n", []string{"OM"}},
	{"E heading then X law", "md", "## Applicable Law\n\nEnglish law.\n", []string{"GB"}},
	{"E docx heading then X", "docx", "# 9. Governing Law\nThe Sultanate of Oman.", []string{"OM"}},
	{"E heading then cross-reference", "md", "## Governing Law\n\nAs set out in clause 14 of the Framework Agreement.\n", nil},

	// F. Courts that apply a law.
	{"F courts applying X law", "txt", "Disputes shall be heard by the Omani courts applying Omani law.", []string{"OM"}},
	{"F tribunal shall apply", "txt", "The arbitral tribunal shall apply the laws of the Federal Republic of Germany.", []string{"DE"}},

	// G. The contract as a contract of a country.
	{"G an X contract", "txt", "This Contract is an Omani contract and shall be construed accordingly.", []string{"OM"}},
	{"G deemed an X contract", "txt", "This Agreement shall be deemed to be an English contract for all purposes.", []string{"GB"}},
	{"G company is no contract", "txt", "The Supplier is an Omani company with its seat in Muscat.", nil},

	// H. A short name of the state ("the Sultanate", "the Kingdom").
	{"H the Law of the Sultanate", "txt", "This Agreement is governed by the Law of the Sultanate.", []string{"OM"}},

	// I. Courts' law named with "law".
	{"I laws applied by the courts of X", "txt", "This Agreement shall be governed by the laws applied by the courts of Dubai.", []string{"AE"}},

	// J. Arabic verbs.
	{"J يخضع", "txt", "يخضع هذا العقد لقوانين سلطنة عمان.", []string{"OM"}},
	{"J يحكم", "txt", "يحكم هذا الاتفاق القانون الكويتي.", []string{"KW"}},
	{"J تسري", "txt", "تسري على هذا العقد أحكام القانون المدني القطري.", []string{"QA"}},
	{"J تطبق الأنظمة", "txt", "تطبق الأنظمة النافذة في المملكة العربية السعودية على هذا العقد.", []string{"SA"}},
	{"J يفسر with diacritics", "txt", "يُفسَّر هذا العقد ويُنفَّذ وفقاً لقوانين دولة قطر.", []string{"QA"}},
	{"J التشريعات النافذة", "txt", "يخضع هذا العقد للتشريعات النافذة في مملكة البحرين.", []string{"BH"}},
	{"J القوانين adjective", "txt", "تحكم هذا العقد القوانين الإماراتية.", []string{"AE"}},

	// K. Arabic conformity links in a disputes or interpretation sentence.
	{"K يفصل في النزاع وفقاً لقوانين", "txt", "يفصل في النزاع وفقاً لقوانين مملكة البحرين، وتختص بنظره محاكم المنامة.", []string{"BH"}},
	{"K طبقاً للقانون", "txt", "تتم تسوية أي خلاف طبقاً للقانون العماني.", []string{"OM"}},
	{"K بموجب قوانين", "txt", "يسوى أي نزاع ينشأ عن هذا العقد بموجب قوانين دولة الكويت.", []string{"KW"}},
	{"K حسب القانون", "txt", "يتم تفسير هذا العقد حسب القانون الأردني.", []string{"JO"}},

	// L. Arabic labels and "X is the applicable law".
	{"L القانون الواجب التطبيق label", "txt", "القانون الواجب التطبيق: قوانين دولة الإمارات العربية المتحدة", []string{"AE"}},
	{"L القانون الحاكم label country", "txt", "القانون الحاكم: سلطنة عمان", []string{"OM"}},
	{"L يكون القانون X هو الواجب التطبيق", "txt", "يكون القانون العماني هو القانون الواجب التطبيق على هذا العقد.", []string{"OM"}},
	{"L قوانين X هي الواجبة التطبيق", "txt", "تكون قوانين دولة قطر هي الواجبة التطبيق.", []string{"QA"}},
	{"L table row", "docx", "القانون الواجب التطبيق | القانون البحريني", []string{"BH"}},

	// M. More verbs after the law.
	{"M X law is chosen", "txt", "Emirati law is chosen as the law of this Agreement.", []string{"AE"}},
	{"M X law shall be the law applicable", "txt", "Omani law shall be the law applicable to this Contract.", []string{"OM"}},

	// N. The contract made under a law.
	{"N0 made under the laws of X", "txt", "This Agreement is made under the laws of the Kingdom of Bahrain.", []string{"BH"}},
	{"N0 concluded in accordance with X law", "txt", "This Contract has been concluded in accordance with Qatari law.", []string{"QA"}},

	// O. A law heading above a clause that names the law without a
	// governing verb; a label "Law and jurisdiction".
	{"O heading then the Parties choose", "md", "## Governing Law\n\nThe Parties choose the laws of the Republic of Singapore.\n", []string{"SG"}},
	{"O heading then statute only", "md", "## Governing Law\n\nThe Employee's leave is calculated under the Omani Labour Law.\n", nil},
	{"O compliance heading", "md", "## Compliance with Applicable Laws\n\nThe laws of Oman.\n", nil},
	{"O law and jurisdiction label", "txt", "Law and Jurisdiction: the laws of the Sultanate of Oman and the courts of Muscat.", []string{"OM"}},

	// P. A clause wrapped across lines, the name on the next.
	{"P wrapped laws of / X", "txt", "This Agreement shall be governed by the laws of the\nSultanate of Oman.", []string{"OM"}},
	{"P wrapped laws / of X", "txt", "This Agreement shall be governed by the laws\nof the State of Kuwait.", []string{"KW"}},
	{"P wrapped statute / of X", "txt", "Your employment will be subject to the Labour Law for the Private Sector, Law No. 36 of 2012,\nof the Kingdom of Bahrain.", []string{"BH"}},
	{"P wrapped United / Arab Emirates", "txt", "This Agreement shall be governed by the laws of the United\nArab Emirates.", []string{"AE"}},
	{"P Arabic name across lines", "txt", "يخضع هذا العقد لسائر الأنظمة المعمول بها في المملكة\nالعربية السعودية، وتختص المحكمة التجارية بجدة.", []string{"SA"}},
	{"P Arabic law on the next line", "txt", "يخضع هذا العقد لأحكام قانون العمل الصادر في\nمملكة البحرين.", []string{"BH"}},
	{"P wrapped incorporated", "txt", "Gulf Bank, a company incorporated under the laws of the\nKingdom of Bahrain, as lender.", nil},

	// Q. Jurisdictions beyond the Gulf and the emirates by name.
	{"Q Sharjah", "txt", "This Agreement is governed by the laws of the Emirate of Sharjah.", []string{"AE"}},
	{"Q ADGM", "txt", "This Agreement is governed by the laws of the Abu Dhabi Global Market.", []string{"AE"}},
	{"Q Malaysia", "txt", "This Agreement is governed by Malaysian law.", []string{"MY"}},
	{"Q Canada", "txt", "This Agreement is governed by the laws of Canada.", []string{"CA"}},
	{"Q Sri Lanka", "txt", "This Agreement is governed by the laws of the Democratic Socialist Republic of Sri Lanka.", []string{"LK"}},
	{"Q United States", "txt", "This Agreement is governed by the federal laws of the United States of America.", []string{"US"}},
	{"Q Florida", "txt", "This Agreement is governed by the laws of the State of Florida.", []string{"US-FL"}},
	{"Q Arabic Sharjah", "txt", "يخضع هذا العقد لقوانين إمارة الشارقة.", []string{"AE"}},
	{"Q Arabic Yemen", "txt", "يخضع هذا العقد للقانون اليمني.", []string{"YE"}},

	// Negatives: incorporation, a court or seat alone, a statute cited
	// for one matter, a law firm, applicable laws with no country, the
	// laws of nature, a cross-reference.
	{"N incorporated under", "txt", "Brightwater Ltd, a company incorporated under the laws of England, of 4 Quay Street.", nil},
	{"N licensed under", "txt", "Gulf Bank, a bank licensed under the laws of the Kingdom of Bahrain, as lender.", nil},
	{"N registered pursuant to", "txt", "The Contractor, a company registered pursuant to the laws of the State of Qatar, shall perform the Works.", nil},
	{"N court alone", "txt", "The courts of Muscat shall have exclusive jurisdiction over any dispute.", nil},
	{"N seat alone", "txt", "Any dispute shall be finally resolved by arbitration under the SIAC Rules; the seat shall be Singapore.", nil},
	{"N VAT under a law", "txt", "VAT is charged at 5% under the UAE VAT Law.", nil},
	{"N gratuity in accordance with", "txt", "The gratuity shall be calculated in accordance with the Omani Labour Law.", nil},
	{"N comply with laws", "txt", "The Supplier shall comply with all applicable Omani laws and regulations.", nil},
	{"N perform in accordance with", "txt", "The Contractor shall perform the Works in accordance with the laws of the Sultanate of Oman.", nil},
	{"N law firm", "txt", "The Client has instructed Curtis & Co, an English law firm, to advise on any dispute under the lease.", nil},
	{"N applicable laws", "txt", "Any dispute shall be resolved in accordance with applicable laws.", nil},
	{"N laws of nature", "txt", "Neither Party is liable for events governed by the laws of nature.", nil},
	{"N Laws of Nature capitalised", "txt", "Neither Party is liable for events governed by the Laws of Nature.", nil},
	{"N export control laws", "txt", "The Licensee shall comply with the export control laws of the United States.", nil},
	{"N law label cross-reference", "txt", "Governing Law: As set out in clause 14 of the Framework Supply Agreement.", nil},
	{"N Arabic incorporation", "txt", "شركة مسجلة وفقاً لقوانين سلطنة عمان.", nil},
	{"N Arabic established", "txt", "الطرف الثاني مؤسسة وفقاً لقوانين مملكة البحرين.", nil},
	{"N Arabic licences", "txt", "يحصل الطرف الأول على التراخيص اللازمة وفقاً للأنظمة المعمول بها في دولة الكويت.", nil},
	{"N Arabic VAT", "txt", "تحتسب الضريبة وفقاً لقانون ضريبة القيمة المضافة الصادر بالمرسوم السلطاني رقم ١٢١/٢٠٢٠.", nil},
	{"N Arabic court alone", "txt", "تختص المحكمة التجارية بمدينة الرياض بالنظر في أي نزاع.", nil},
	{"N Arabic laws of nature", "txt", "لا يسأل أي طرف عن الأحداث مما تحكمه قوانين الطبيعة.", nil},
	{"N Arabic heading only", "txt", "القانون الواجب التطبيق وتسوية النزاعات", nil},
	{"N Arabic cross-reference", "txt", "القانون الواجب التطبيق: وفقاً لما ورد في البند (١٤) من العقد الأصلي", nil},
}

// TestLaw15Families: every family of governing-law wording gives its law
// and every negative gives none.
func TestLaw15Families(t *testing.T) {
	for _, c := range lawCases {
		out := extractAs(t, c.kind, c.text)
		var got []string
		for _, f := range out.Facts {
			if f.Type == TypeGoverningLaw {
				got = append(got, f.Normalized)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q: governing law %q, want %q", c.family, c.text, got, c.want)
		}
	}
}
