package documentfacts

import (
	"slices"
	"testing"
)

// TestObligationsRound2: statements of jurisdiction and of liability bind
// no one; a pronoun after a condition is the party the condition names;
// Arabic duties with a role of two words after the verb, agreement
// (يوافق), a duty whose party is named by the condition before it, and
// "فعليه" (issue 29, class 5). None of these wordings is a corpus
// document's.
func TestObligationsRound2(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // role|modality
	}{
		{"The courts of Salalah shall have exclusive jurisdiction.", nil},
		{"Neither party shall be liable to the other for loss of profit.", nil},
		{"The Supplier shall not be responsible for delays caused by the Buyer.", nil},
		{"If the Tenant damages the premises, he shall repair them at his cost.", []string{"tenant|must"}},
		{"Where the Contractor fails to attend, it shall pay OMR 50 for each day.", []string{"contractor|must"}},
		{"يوافق المشتري على شراء المعدات بحالتها الراهنة.", []string{"buyer|must"}},
		{"يقوم مقدم الخدمة بتنظيف المكاتب يومياً.", []string{"supplier|must"}},
		{"يتحمل صاحب العمل تكاليف الكهرباء في الموقع.", []string{"employer|must"}},
		{"إذا تأخر المورد في التسليم يدفع غرامة قدرها ٥٠ ريالاً عن كل يوم.", []string{"supplier|must"}},
		{"إذا رغب أي من الطرفين في إنهاء العقد فعليه إخطار الطرف الآخر قبل شهر.", []string{"each_party|must"}},
		{"يلتزم الموزع بشراء الكمية المتفق عليها.", []string{"distributor|must"}},
		{"المبلغ الذي يدفعه العميل غير قابل للاسترداد.", nil},
	} {
		var got []string
		for _, o := range extractText(t, c.text).Obligations {
			got = append(got, o.PartyRole+"|"+o.Modality)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q:\n obligations %q\n want        %q", c.text, got, c.want)
		}
	}
}

// TestGoverningLawRound2: a statute named by its number and its state,
// "the legislation of", "the Sultanate" and السلطنة, Saudi الأنظمة; a
// heading and a company's incorporation are no governing law (issue 29,
// class 6). None of these wordings is a corpus document's.
func TestGoverningLawRound2(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"This lease is governed by Law No. 4 of 2008 of the State of Qatar.", []string{"governing_law|QA"}},
		{"This Agreement is subject to the legislation of the Kingdom of Bahrain.", []string{"governing_law|BH"}},
		{"The laws applicable in the Sultanate shall govern this contract.", []string{"governing_law|OM"}},
		{"يخضع هذا العقد للأنظمة المعمول بها في المملكة العربية السعودية.", []string{"governing_law|SA"}},
		{"تخضع هذه الاتفاقية للقوانين المعمول بها في السلطنة.", []string{"governing_law|OM"}},
		{"القانون الواجب التطبيق وتسوية النزاعات", nil},
		{"The Buyer is a company incorporated under the laws of the Netherlands.", nil},
	} {
		got := factSet(extractText(t, c.text), TypeGoverningLaw)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: law %q, want %q", c.text, got, c.want)
		}
	}
}
