package documentfacts

import (
	"slices"
	"testing"
)

// TestGoverningLawNeverASubject: a "Governing law" heading followed by a
// sentence gives the law the sentence names, never the sentence's subject
// ("This Agreement", "Contract") as a second governing law (issue 30
// item 8); a label followed by the law itself still gives it.
func TestGoverningLawNeverASubject(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // value|normalized of every governing_law fact
	}{
		{"5. Governing law. This Agreement is governed by the laws of the Sultanate of Oman.", []string{"Sultanate of Oman|OM"}},
		{"Governing law: This Agreement is governed by the laws of Oman.", []string{"Oman|OM"}},
		{"GOVERNING LAW. The Contract shall be governed by the laws of England and Wales.", []string{"England and Wales|GB"}},
		{"Governing Law: These Terms and any dispute are governed by the laws of Singapore.", []string{"Singapore|SG"}},
		// Under its heading, "the laws of Qatar apply" is the governing
		// law (was nil: only the subject "Each Party" had to be refused).
		{"12. Governing Law. Each Party agrees that the laws of Qatar apply.", []string{"Qatar|QA"}},
		{"Governing Law: Oman", []string{"Oman|OM"}},
		{"Governing law - the laws of the Sultanate of Oman", []string{"Sultanate of Oman|OM"}},
		{"Governing law: Laws of Ruritania", []string{"Ruritania|"}},
	} {
		out := extractText(t, c.text)
		var got []string
		for _, f := range out.Facts {
			if f.Type == TypeGoverningLaw {
				got = append(got, f.Value+"|"+f.Normalized)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: governing law %q, want %q", c.text, got, c.want)
		}
	}
}

// TestGoverningLawPhrasings: the law a governing clause names, in the
// phrasings contracts use (issue 29), and the mentions of a law that do
// not govern the document.
func TestGoverningLawPhrasings(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // normalized code of every governing_law fact
	}{
		{"This Agreement shall be governed by Omani law.", []string{"OM"}},
		{"This quotation is subject to Omani law.", []string{"OM"}},
		{"Dutch law governs this Agreement.", []string{"NL"}},
		{"English law shall apply to this contract and any dispute arising from it.", []string{"GB"}},
		{"This Agreement and any non-contractual obligations arising from it are governed by English law.", []string{"GB"}},
		{"This Contract is subject to, and shall be interpreted in accordance with, the laws of the Sultanate of Oman.", []string{"OM"}},
		{"This Agreement is governed by the substantive law of the Federal Republic of Germany, excluding the CISG.", []string{"DE"}},
		{"The contract is governed by the laws of the Netherlands.", []string{"NL"}},
		{"This Agreement is governed by New York law.", []string{"US-NY"}},
		{"This Agreement shall be construed in accordance with the laws of the Emirate of Dubai.", []string{"AE"}},
		{"Governing law: Swiss law.", []string{"CH"}},
		{"The applicable law is the law of the State of Qatar.", []string{"QA"}},
		{"يخضع هذا العقد لأحكام القوانين المعمول بها في سلطنة عمان، وتختص محاكم مسقط بالنظر في أي نزاع.", []string{"OM"}},
		{"يخضع هذا العقد ويفسر وفقاً لقوانين سلطنة عمان.", []string{"OM"}},
		{"تطبق على هذا العقد أحكام القانون العماني.", []string{"OM"}},
		{"القانون الواجب التطبيق: قوانين دولة الإمارات العربية المتحدة", []string{"AE"}},
		{"يسري على هذا العقد القانون الإماراتي.", []string{"AE"}},
		// Not a governing law.
		{"البند السادس: القانون الواجب التطبيق وتسوية النزاعات", nil},
		{"القانون الواجب التطبيق وتسوية النزاعات", nil},
		{"Brightwater Ltd, a company incorporated under the laws of England, of 4 Quay Street.", nil},
		{"The Supplier shall comply with all applicable Omani laws and regulations.", nil},
		{"The Employee is entitled to leave in accordance with the Omani Labour Law.", nil},
		{"شركة مسجلة وفقاً لقوانين سلطنة عمان.", nil},
		{"تسري أحكام هذا العقد اعتباراً من ١ مارس ٢٠٢٦ في مسقط.", nil},
	} {
		out := extractText(t, c.text)
		var got []string
		for _, f := range out.Facts {
			if f.Type == TypeGoverningLaw {
				got = append(got, f.Normalized)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: governing law %q, want %q", c.text, got, c.want)
		}
	}
}
