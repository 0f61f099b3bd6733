package documentfacts

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Issue 34: most patterns the extractor asks of a window or a block do not
// match it, and Go's regexp reads the whole input before it says so (no
// pattern here starts with a plain literal, the only case it skips ahead
// for). A literal prefilter says "no match" first, at the cost of a few
// byte searches: from a pattern's syntax it derives words one of which
// every match of the pattern holds (a necessary condition, as session 19's
// endsLike), and a text that holds none of them is not matched at all.
//
// The words are derived, not written by hand, so a rule writer's edit to a
// pattern cannot leave its prefilter behind. TestPrefilterNeverSkipsAMatch
// checks the derivation against the patterns over the dev texts.

// litWord is a word every match of a pattern (or one alternative of it)
// holds: s, compared with ASCII letters in either case when fold is set.
// guard are the non-ASCII runes a folded letter of s also matches (K, the
// Kelvin sign, for k; ſ for s): a text holding one may match.
type litWord struct {
	s     string
	fold  bool
	guard []string
}

// litFilter is a pattern's prefilter: every match holds one of words;
// of a pattern that needs no literal word, one of set's (findat.go's
// deriveReq: words of character classes too, "[.!?]\s" gives ". ", "!\t",
// …).
type litFilter struct {
	words []litWord
	set   *litSet
}

// maxLitWords bounds a filter's words: a pattern of more alternatives is
// matched without a filter.
const maxLitWords = 48

var litFilters sync.Map // *regexp.Regexp → *litFilter (nil: no filter)

// filterOf is re's prefilter, derived on first use; nil when re has none.
func filterOf(re *regexp.Regexp) *litFilter {
	if f, ok := litFilters.Load(re); ok {
		return f.(*litFilter)
	}
	var f *litFilter
	if tree, err := syntax.Parse(re.String(), syntax.Perl); err == nil {
		if f = deriveFilter(tree); f == nil {
			if ws := deriveReq(flatSeq(tree)); ws != nil {
				f = &litFilter{set: newLitSet(minimalWords(ws))}
			}
		}
	}
	litFilters.Store(re, f)
	return f
}

// deriveFilter is the filter of a parsed pattern: nil when no word of two
// bytes or more is required.
func deriveFilter(tree *syntax.Regexp) *litFilter {
	words := requiredWords(tree)
	if words == nil {
		return nil
	}
	for _, w := range words {
		if len(w.s) < 2 {
			return nil // a single byte filters little
		}
	}
	return &litFilter{words: words}
}

// requiredWords: words one of which every match of re holds; nil when
// there are none (re can match without any).
func requiredWords(re *syntax.Regexp) []litWord {
	switch re.Op {
	case syntax.OpLiteral:
		return literalWord(re)
	case syntax.OpCapture, syntax.OpPlus:
		return requiredWords(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredWords(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		// Every part is matched: any part's words are required; keep
		// the part whose shortest word is longest.
		var best []litWord
		for _, sub := range re.Sub {
			if w := requiredWords(sub); w != nil && (best == nil || betterWords(w, best)) {
				best = w
			}
		}
		return best
	case syntax.OpAlternate:
		// One alternative is matched: each must require a word.
		var all []litWord
		for _, sub := range re.Sub {
			w := requiredWords(sub)
			if w == nil {
				return nil
			}
			all = append(all, w...)
			if len(all) > maxLitWords {
				return nil
			}
		}
		return all
	}
	return nil
}

// betterWords: a's shortest word is longer than b's, or as long with
// fewer words.
func betterWords(a, b []litWord) bool {
	short := func(ws []litWord) int {
		n := len(ws[0].s)
		for _, w := range ws {
			n = min(n, len(w.s))
		}
		return n
	}
	sa, sb := short(a), short(b)
	return sa > sb || sa == sb && len(a) < len(b)
}

// literalWord is the longest run of a literal's runes that a text must
// hold as bytes (a case-folded run: with its ASCII letters in either
// case). A folded non-ASCII rune with case forms, or U+FFFD (which also
// stands for an invalid byte), ends a run.
func literalWord(re *syntax.Regexp) []litWord {
	fold := re.Flags&syntax.FoldCase != 0
	var best, cur strings.Builder
	bestFold, curFold := false, false
	var bestGuard, curGuard []string
	flush := func() {
		if cur.Len() > best.Len() {
			best.Reset()
			best.WriteString(cur.String())
			bestFold, bestGuard = curFold, curGuard
		}
		cur.Reset()
		curFold, curGuard = false, nil
	}
	for _, r := range re.Rune {
		if r == utf8.RuneError {
			flush()
			continue
		}
		if !fold || unicode.SimpleFold(r) == r {
			cur.WriteRune(r)
			continue
		}
		if r >= utf8.RuneSelf {
			flush() // a non-ASCII letter with case forms
			continue
		}
		cur.WriteRune(unicode.ToLower(r))
		curFold = true
		for o := unicode.SimpleFold(r); o != r; o = unicode.SimpleFold(o) {
			if o >= utf8.RuneSelf && !slices.Contains(curGuard, string(o)) {
				curGuard = append(curGuard, string(o))
			}
		}
	}
	flush()
	if best.Len() == 0 {
		return nil
	}
	return []litWord{{best.String(), bestFold, bestGuard}}
}

// mayMatch: s holds one of re's required words (or re has none): false
// only when re cannot match s.
func mayMatch(re *regexp.Regexp, s string) bool {
	f := filterOf(re)
	if f == nil {
		return true
	}
	if f.set != nil {
		return f.set.has(s)
	}
	for _, w := range f.words {
		for _, r := range w.guard {
			if strings.Contains(s, r) {
				return true
			}
		}
		if !w.fold {
			if strings.Contains(s, w.s) {
				return true
			}
		} else if containsFoldASCII(s, w.s) {
			return true
		}
	}
	return false
}

// matches is re.MatchString(s), with re's prefilter first.
func matches(re *regexp.Regexp, s string) bool {
	return mayMatch(re, s) && re.MatchString(s)
}

// containsFoldASCII: s holds w (lower case) with its ASCII letters in
// either case.
func containsFoldASCII(s, w string) bool {
	c := w[0]
	if indexFoldFrom(s, w, c) {
		return true
	}
	if c >= 'a' && c <= 'z' {
		return indexFoldFrom(s, w, c-'a'+'A')
	}
	return false
}

// indexFoldFrom: s holds w (folded) at a byte c.
func indexFoldFrom(s, w string, c byte) bool {
	for i := 0; len(s)-i >= len(w); {
		j := strings.IndexByte(s[i:len(s)-len(w)+1], c)
		if j < 0 {
			return false
		}
		i += j
		if equalFoldLower(s[i:i+len(w)], w) {
			return true
		}
		i++
	}
	return false
}

// equalFoldLower: a equals w (lower case) with a's ASCII capitals
// lowered.
func equalFoldLower(a, w string) bool {
	for i := 0; i < len(w); i++ {
		b := a[i]
		if b >= 'A' && b <= 'Z' {
			b += 'a' - 'A'
		}
		if b != w[i] {
			return false
		}
	}
	return true
}

// findAll is re.FindAllStringSubmatchIndex(s, -1), with re's prefilter
// first.
func findAll(re *regexp.Regexp, s string) [][]int {
	if !mayMatch(re, s) {
		return nil
	}
	return re.FindAllStringSubmatchIndex(s, -1)
}

// findAllIndex is re.FindAllStringIndex(s, -1), with re's prefilter
// first.
func findAllIndex(re *regexp.Regexp, s string) [][]int {
	if !mayMatch(re, s) {
		return nil
	}
	return re.FindAllStringIndex(s, -1)
}
