package documentfacts

import (
	"math/rand"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// findAtPatterns are the patterns asked through findat.go's anchored
// tries.
var findAtPatterns = []*regexp.Regexp{
	reMoneyBefore, reDateMY, reDateMDY, reOblEN, reCommercialTitle, reNoEvent, reDueAfterEN,
	reCondition, reRecital, reInvoiceNo, rePONo, reContractNo, reCRNo, reVATNo, reClauseStop,
}

// checkFindAt compares the anchored tries with the whole-text FindAll
// and MatchString over s (valid UTF-8).
func checkFindAt(t *testing.T, s string) {
	t.Helper()
	for _, re := range findAtPatterns {
		pl := planOf(re)
		want := re.FindAllStringSubmatchIndex(s, -1)
		if got := pl.findAll(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("%.60q over %.200q: anchored %v, FindAll %v", re.String(), s, got, want)
		}
		if got := pl.match(s); got != (want != nil) {
			t.Fatalf("%.60q over %.200q: anchored match %v, MatchString %v", re.String(), s, got, want != nil)
		}
	}
	for _, re := range reqPatterns {
		if !mayMatch(re, s) && re.MatchString(s) {
			t.Fatalf("%.60q matches %.200q, which holds none of its required words", re.String(), s)
		}
	}
	if got, want := findAllIndexAt(reClauseStop, s), reClauseStop.FindAllStringIndex(s, -1); !reflect.DeepEqual(got, want) {
		t.Fatalf("reClauseStop over %.200q: anchored %v, FindAllStringIndex %v", s, got, want)
	}
	want := reMoneyAfter.FindAllStringSubmatchIndex(s, -1)
	if got := moneyAfterPlan().findAll(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("reMoneyAfter over %.200q: anchored %v, FindAll %v", s, got, want)
	}
}

// reqPatterns are patterns whose prefilter has words of character
// classes (reNewSentence) or literals.
var reqPatterns = []*regexp.Regexp{reNewSentence, reClauseStop}

// The required words are derived from the patterns, of character classes
// where the pattern has no literal.
func TestFindAtRequired(t *testing.T) {
	for _, re := range reqPatterns {
		if filterOf(re) == nil {
			t.Fatalf("%.60q: no required words", re.String())
		}
	}
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"ends here. Next", true}, {"ends here.\tnext", true}, {"ends؟ Next", true}, {"1,250.500 a@b.example;", false}, {"no stop", false},
	} {
		if got := mayMatch(reNewSentence, c.s); got != c.want {
			t.Errorf("mayMatch(reNewSentence, %q) = %v", c.s, got)
		}
	}
}

// The plans are derived from the patterns: words a match starts with (at
// most back runes after its start), or the text's start after a `^`.
func TestFindAtPlans(t *testing.T) {
	for _, re := range findAtPatterns {
		if planOf(re) == nil {
			t.Fatalf("%.60q: no plan", re.String())
		}
	}
	shape := func(re *regexp.Regexp) (zero bool, backs []int) {
		for _, p := range planOf(re).parts {
			if p.zero {
				zero = true
			} else {
				backs = append(backs, p.back)
			}
		}
		return
	}
	for _, c := range []struct {
		re    *regexp.Regexp
		zero  bool
		backs []int
	}{
		{reMoneyBefore, false, []int{0}},
		{reOblEN, false, []int{0}},
		{reDateMY, true, []int{1}}, // (?:^|[^\p{L}\p{N}])March
		{regexp.MustCompile(`(?i)^\s*should|\bif\b|(?:^|\s)x`), true, []int{0, 0}}, // ^ only at 0; (?:^|\s)x: " x", "x" at 0
	} {
		zero, backs := shape(c.re)
		if zero != c.zero || !reflect.DeepEqual(backs, c.backs) {
			t.Errorf("%.60q: parts zero %v back %v, want %v %v", c.re.String(), zero, backs, c.zero, c.backs)
		}
	}
	pl := moneyAfterPlan()
	if pl == nil {
		t.Fatal("reMoneyAfter: no plan")
	}
	if pl.reach < len(" thousand")+1 || !pl.first['7'] || !pl.first['\u0667'] || !pl.inNum[','] || !pl.inNum['\u066b'] {
		t.Errorf("reMoneyAfter's plan: reach %d, first %v, in a number %v", pl.reach, pl.first, pl.inNum)
	}
	// A pattern with no bounded start has no plan.
	if planOf(regexp.MustCompile(`(?i).+\s+shall`)) != nil {
		t.Error("a plan for a pattern starting with any word")
	}
}

// The anchored tries find what FindAll finds, at the edges the session-20
// windows got wrong: \b after a word rune, ſ and K, a currency between two
// numbers, "R.O." after a number, a month after a letter, at the text's
// start and end.
func TestFindAtTable(t *testing.T) {
	for _, s := range []string{
		"",
		"OMR 5",
		"xOMR 5", "_RO 5", "aRO 5", "RO5", "RO 5x", "ROx 5",
		"BD 5", "bd 5", "xBD 5", "KD5 k", "Dhs 10", "dhs 10",
		"400,000 USD 0.085", "1,250.500 R.O. 500 R.O.", "12345 OMR", "1,2345 OMR", "5 million OMR", "5 m OMR", "5mn USD", "5 mail OMR",
		"5 \u212a OMR", "5 thou\u017fand OMR", "Omani Rial\u017f 5", "Rial\u017f 5", "U\u017fD 5", "US$ 5", "$5", "€ 1.250,50", "£ 3",
		"٥٠٠ ر.ع.", "ر.ع. ٥٠٠", "٩٫٨٤٠٫٠٠٠٫٠٠ ريال عماني", "5 ريالاً", "5 ألف ريال",
		"March 2026", "xMarch 2026", "1March 2026", "March 20, 2026", "Mar. 5 2026", "MARCH 5, 2026", "ma\u212ach", "10 March 2026",
		"Augu\u017ft 5, 2026", "aMay 2026", "،مايو 2026", "May 20262",
		"shall", "xshall", "x\u017fhall pay", "\u017fhall not", "SHALL NOT", "is to be", "Total is to be", "undertakes not to pay", "has to", "will be solely responsible for", "willing", "will",
	} {
		checkFindAt(t, s)
		checkFindAt(t, strings.Repeat(s+" ", 3))
		checkFindAt(t, "Total: "+s+" due")
	}
}

// Over every dev document, each line, the documents upper-cased and
// written with ſ and K, the long line, and random texts of the patterns'
// parts, the anchored tries find what FindAll finds.
func TestFindAtIsFindAll(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every dev document")
	}
	texts := devTexts(t)
	odd := strings.NewReplacer("k", "\u212a", "K", "\u212a", "s", "\u017f", "S", "\u017f")
	var long strings.Builder
	for long.Len() < 190_000 {
		long.WriteString("Total: OMR 1,250.500 due 10 March 2026 mail a@b.example; ")
	}
	inputs := []string{long.String(), odd.Replace(long.String()), strings.ToUpper(long.String())}
	for _, s := range texts {
		inputs = append(inputs, s, strings.ToUpper(s), odd.Replace(s))
		for _, line := range strings.Split(s, "\n") {
			if strings.TrimSpace(line) != "" {
				inputs = append(inputs, line)
			}
		}
	}
	rng := rand.New(rand.NewSource(22))
	for range 3000 {
		inputs = append(inputs, randomFindAtText(rng))
	}
	n := 0
	for _, s := range inputs {
		if !utf8.ValidString(s) {
			continue // matched whole
		}
		checkFindAt(t, s)
		n++
	}
	if n < 1000 {
		t.Fatalf("%d inputs", n)
	}
}

// findAtParts: what the patterns' matches and near misses are made of.
var findAtParts = []string{
	"OMR", "omr", "RO", "R.O.", "R.O", "ro", "BD", "bd", "KD", "QR", "Dhs", "US$", "$", "€", "£", "USD", "U\u017fD", "Omani Rials", "Rial Omani", "Rial\u017f", "Riyals", "Dirham", "Dollars", "Pounds Sterling", "Euro",
	"ر.ع.", "ر.ع", "ريال عماني", "ريالاً", "دينار", "د.ك", "درهم",
	"0", "5", "12", "250", "1,250", "1,250.500", "1.250,50", "228,50", "٥", "٩٫٨٤٠", "٫", "٬", "،", ",", ".", "۵",
	"million", "mn", "m", "thousand", "thou\u017fand", "k", "\u212a", "مليون", "ألف", "الف",
	"March", "MAR", "Mar.", "may", "Augu\u017ft", "مايو", "أبريل", "2026", "20", "1", "st", "th", "of", "day",
	"shall", "\u017fhall", "SHALL", "must", "not", "never", "is", "are", "to", "be", "undertakes", "agrees", "has", "have", "will", "willing", "responsible", "solely", "for", "refrain", "from", "permitted", "required",
	" ", " ", " ", "  ", "\t", "\n", ". ", "? ", "؟ ", "!", "; ", "؛", "A", "Z", "ب", ")", "-", "/", "x", "_", "a", "é", "Total", ":", ";", "(", "و",
}

func randomFindAtText(rng *rand.Rand) string {
	var b strings.Builder
	n := 1 + rng.Intn(40)
	if rng.Intn(20) == 0 {
		n = 1500 + rng.Intn(1500) // past atMinLen
	}
	for range n {
		b.WriteString(findAtParts[rng.Intn(len(findAtParts))])
	}
	return b.String()
}

// FuzzFindAt: any valid text, the anchored tries find what FindAll finds.
func FuzzFindAt(f *testing.F) {
	for _, s := range []string{"OMR 5", "5 thou\u017fand OMR", "x\u017fhall pay", "aMarch 2026", "March 20, 2026", "400,000 USD 0.085", "٥٠٠ ر.ع."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if utf8.ValidString(s) {
			checkFindAt(t, s)
		}
	})
}
