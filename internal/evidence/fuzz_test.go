package evidence

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzText runs every text reader of the package on arbitrary input: no
// panic, and stable answers (canonical forms are fixed points, stages are
// known ones, names have no legal form left).
func FuzzText(f *testing.F) {
	for _, s := range []string{"https://www.reuters.com/a?utm_source=x#y", "Acme L.L.C. convicted in Oman", "http://[::1]:80/%zz", "", "Ltd", "गुजरात India"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Canonical(s)
		if utf8.ValidString(s) && Canonical(c) != c && !strings.Contains(s, "%") {
			t.Errorf("Canonical not idempotent: %q -> %q -> %q", s, c, Canonical(c))
		}
		if st := DetectStage(s); st != "" && StageRank(st) < 0 {
			t.Errorf("unknown stage %q", st)
		}
		for _, w := range NameTokens(s) {
			if legalForms[w] {
				t.Errorf("legal form %q left in %q", w, s)
			}
		}
		CountriesMentioned(s)
		NormalizeCountry(s)
		Classify(s, s)
		items := FromSupplied([]Supplied{{URL: s, Excerpt: s, Title: s}, {URL: s, Excerpt: s + " copy"}}, s, time.Unix(0, 0), nil)
		Collapse(items)
	})
}
