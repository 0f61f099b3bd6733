package documentfacts

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
)

// The prefilter's words are necessary: a text the pattern matches holds
// one of them, in any case, with the Kelvin sign or the long s for k and
// s, in Arabic, in every part of an alternation.
func TestPrefilterWordsAreNecessary(t *testing.T) {
	cases := []struct{ pattern, text string }{
		{`(?i)\bissued\s+on\s*$`, "ISSUED ON "},
		{`(?i)\bissued\s+on\s*$`, "Issued\ton"},
		{`(?i)\bissued\s+on\s*$`, "i\u017fsued on"}, // ſ folds to s
		{`(?i)\brisk`, "RIS\u212a"},                 // the Kelvin sign folds to k
		{`(?i)(?:no\s+later\s+than|by|قبل)\s*$`, "no LATER than"},
		{`(?i)(?:no\s+later\s+than|by|قبل)\s*$`, "By"},
		{`(?i)(?:no\s+later\s+than|by|قبل)\s*$`, "في موعد قبل"},
		{`(?i)\b(?:ends?|ending|expires?)\s+(?:on\s+)?$`, "Expires on "},
		{`(?i)\bcomplet(?:e|es|ed|ion\s+of)\s+(?:the\s+)?works\b`, "COMPLETION OF THE WORKS"},
		{`(?i)(?:x{2,}|yy)z`, "XXZ"},
		{`(?:a+b|cd)+e`, "aabcde"},
		{`(?i)\x{00e9}t\x{00e9}`, "ÉTÉ"}, // a folded é ends the word: "t" alone is too short
		{`(?i)straße`, "STRA\u1e9eE"},    // ß folds to ẞ
		{`(?i)\p{L}+ment`, "PAYMENT"},
		{`[\x{FFFD}]ab`, "\xffab"}, // an invalid byte reads as U+FFFD
		{`(?i)(?:abc|abd)e`, "ABDE"},
		{`(?i)(?:very\s+)?late`, "LATE"},
		{`(?:otherwise\s+){0,2}paid`, "paid"},
	}
	for _, c := range cases {
		re := regexp.MustCompile(c.pattern)
		if !re.MatchString(c.text) {
			t.Fatalf("%q does not match %q: a bad case", c.pattern, c.text)
		}
		if !mayMatch(re, c.text) {
			t.Errorf("%q matches %q, but its prefilter (%v) says it cannot", c.pattern, c.text, filterOf(re))
		}
	}
	// The filter does rule texts out (it is no "always maybe").
	for _, c := range []struct{ pattern, text string }{
		{`(?i)\bissued\s+on\s*$`, "Total: OMR 1,250.500 due"},
		{`(?i)(?:no\s+later\s+than|by|قبل)\s*$`, "Total: OMR 1,250.500 due"},
		{`(?i)\brisk\b`, "RISQUE"},
	} {
		re := regexp.MustCompile(c.pattern)
		if mayMatch(re, c.text) {
			t.Errorf("%q: its prefilter (%v) passes %q, which holds none of its words", c.pattern, filterOf(re), c.text)
		}
	}
	// A pattern that needs no word has no filter.
	for _, p := range []string{`(?i)\d+\s*%`, `(?i)a?b?c?`, `(?:abc)*`, `(?i)ab|c*`, `(?i)x`} {
		if f := deriveFilter(mustParse(t, p)); f != nil {
			t.Errorf("%q: filter %v, want none", p, f)
		}
	}
}

func mustParse(t *testing.T, p string) *syntax.Regexp {
	t.Helper()
	re, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	return re
}

// Every pattern the extraction asks through matches or mayMatch, over the
// dev documents (each whole and each line; one in four also upper-cased,
// and with k and s written as the Kelvin sign and the long s): wherever
// the pattern matches, its prefilter lets the text through.
func TestPrefilterNeverSkipsAMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every dev document")
	}
	texts := devTexts(t)
	for _, s := range texts {
		if _, err := Handle(context.Background(), Deps{}, Input{Text: s}); err != nil {
			t.Fatal(err)
		}
	}
	inputs := append([]string(nil), texts...)
	odd := strings.NewReplacer("k", "\u212a", "K", "\u212a", "s", "\u017f", "S", "\u017f")
	for i, s := range texts {
		if i%4 == 0 {
			inputs = append(inputs, strings.ToUpper(s), odd.Replace(s))
		}
		for _, line := range strings.Split(s, "\n") {
			if strings.TrimSpace(line) != "" {
				inputs = append(inputs, line)
			}
		}
	}
	patterns, filtered, passed, skipped := 0, 0, 0, 0
	litFilters.Range(func(k, v any) bool {
		re := k.(*regexp.Regexp)
		patterns++
		if v.(*litFilter) == nil {
			return true
		}
		filtered++
		for _, s := range inputs {
			may := mayMatch(re, s)
			if !may {
				skipped++
				if re.MatchString(s) {
					t.Errorf("%.80q matches %.120q, but its prefilter %v skipped it", re.String(), s, v.(*litFilter).words)
				}
			} else {
				passed++
			}
		}
		return true
	})
	if filtered < 100 || skipped == 0 {
		t.Fatalf("%d patterns asked, %d with a filter, %d texts skipped: the test reads too little", patterns, filtered, skipped)
	}
	t.Logf("%d patterns asked, %d with a filter; %d inputs skipped, %d passed", patterns, filtered, skipped, passed)
}

// devTexts is every dev document's text (dev3-dev6), for the tests that
// compare a faster way of matching with the plain one.
func devTexts(t *testing.T) []string {
	t.Helper()
	var texts []string
	for _, dir := range []string{"dev3", "dev4", "dev5", "dev6"} {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if ext := filepath.Ext(f); ext != ".txt" && ext != ".md" && ext != ".tsv" {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(b))
		}
	}
	if len(texts) < 50 {
		t.Fatalf("%d dev documents", len(texts))
	}
	return texts
}
