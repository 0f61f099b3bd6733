package documentfacts

import (
	"strings"
	"testing"
	"unicode/utf8"

	"dalil/capabilities/documentfacts/read"
)

// A sentence ending with the Arabic question mark (two bytes) is spanned
// to the end of its rune: before, its span stopped one byte into "؟" and
// a requirement read from it carried invalid UTF-8 in its text and
// evidence.
func TestSentenceSpansEndOnARune(t *testing.T) {
	doc, err := read.Text("هل يشترط تقديم شهادة الخبرة مع العطاء؟ نعم، يجب تقديمها. Is a bond required? Yes.", read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	a := assemble(doc)
	var got []string
	for _, s := range a.sentenceSpans() {
		st := a.text[s.start:s.end]
		if !utf8.ValidString(st) {
			t.Fatalf("span %d:%d = %q is not valid UTF-8", s.start, s.end, st)
		}
		got = append(got, strings.TrimSpace(st))
	}
	if len(got) < 2 || !strings.HasSuffix(got[0], "؟") {
		t.Fatalf("sentences %q: the first should end with ؟", got)
	}
}
