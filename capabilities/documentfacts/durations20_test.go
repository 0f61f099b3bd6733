package documentfacts

import (
	"fmt"
	"strings"
	"testing"
)

// Round 20 of keys (issue 29, session 20): durations by families
// (docs/documents.md, "Issue 29, session 20: durations and the remaining
// date families"; durations20.go). Each case is a short text written for
// this test in a format ("md", "docx", "html" or plain text) and the
// duration lines (key|ISO) it must (want) or must not (not) hold.

type durations20Case struct {
	name, format, text string
	want, not          []string
}

func TestDurations20Families(t *testing.T) {
	body := strings.Repeat("The Company shall keep proper books of account.\n", 6)
	bodyAR := strings.Repeat("يلتزم الطرف الثاني بتنفيذ الأعمال وفق المواصفات.\n", 4)
	cases := []durations20Case{
		// NW: a notice word wrapped onto the next line.
		{name: "NW written notice on the next line", format: "",
			text: "SERVICES AGREEMENT\n\n" + body + "8.2 Either Party may terminate this Agreement for convenience by giving ninety (90) days' written\nnotice to the other Party.\n",
			want: []string{"notice_period|P90D"}},
		{name: "NW days' alone then written notice", format: "",
			text: "CLEANING CONTRACT\n\n" + body + "12.1 The Client may end this Contract at any time by giving forty (40) days'\n     written notice.\n",
			want: []string{"notice_period|P40D"}},
		{name: "NW a period then a new clause is no notice", format: "",
			text: "SUPPLY AGREEMENT\n\n" + body + "4.1 The Supplier shall deliver the goods within twenty (20) days\nNotice of any delay shall be given in writing.\n",
			not:  []string{"notice_period|P20D"}},
	}
	for _, c := range cases {
		got := factSet(extractAs(t, c.format, c.text), TypeDuration)
		var errs []string
		for _, w := range c.want {
			if !containsStr(got, w) {
				errs = append(errs, fmt.Sprintf("%q missing", w))
			}
		}
		for _, n := range c.not {
			if containsStr(got, n) {
				errs = append(errs, fmt.Sprintf("%q found", n))
			}
		}
		if len(errs) > 0 {
			t.Errorf("%s: %s; got %q", c.name, strings.Join(errs, ", "), got)
		}
	}
	_ = bodyAR
}
