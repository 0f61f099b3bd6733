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

// A question states no requirement and binds no one: the clarifications
// of a tender ask "هل يشترط …؟" / "Is … required?" and answer in the next
// sentence, which is the condition.
func TestQuestionsBindNoOne(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		reqs       int // requirements wanted, none of them a question
	}{
		{"Arabic question, then the condition", "مناقصة رقم ١٢\n\nأسئلة واستفسارات\nهل يشترط أن يكون المناقص مسجلاً في وزارة التجارة؟\nنعم، يجب أن يكون المناقص مسجلاً.\n", 1},
		{"Arabic question among conditions", "دعوة لتقديم العطاءات\n\nالشروط:\n\nهل يشترط تقديم شهادة الخبرة مع العطاء؟\n\nيجب على المناقص تقديم شهادة السجل التجاري.\n", 1},
		{"English question, then the condition", "Invitation to Tender No. 7\n\nClarifications\n\nQ1. Is a bid bond required with the bid?\nA1. Yes. The bidder must submit a bid bond of OMR 500 with the bid.\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := extractText(t, tc.text) // checks every evidence span
			for _, r := range out.Requirements {
				if q := strings.TrimSpace(r.Requirement); strings.HasSuffix(q, "?") || strings.HasSuffix(q, "؟") || strings.HasPrefix(q, "هل ") || strings.HasPrefix(q, "Is ") {
					t.Errorf("a question is a requirement: %q", r.Requirement)
				}
			}
			for _, o := range out.Obligations {
				if strings.HasSuffix(strings.TrimSpace(o.Action), "?") || strings.HasSuffix(strings.TrimSpace(o.Action), "؟") {
					t.Errorf("a question is an obligation: %+v", o)
				}
			}
			if len(out.Requirements) < tc.reqs {
				t.Errorf("%d requirements, want at least %d: %+v", len(out.Requirements), tc.reqs, out.Requirements)
			}
		})
	}
}
