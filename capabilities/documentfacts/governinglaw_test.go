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
		{"12. Governing Law. Each Party agrees that the laws of Qatar apply.", nil},
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
