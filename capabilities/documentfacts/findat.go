package documentfacts

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Issue 34, session 22: a pattern asked of one long line (190 KB) costs
// Go's regexp its whole alternation at every byte, since a search may
// start anywhere. Where a pattern's matches can start only at a few places
// (a currency word, a month name, "shall"), those places are found by a
// cheap scan and the pattern is tried anchored at each, in order, as
// FindAll would: the leftmost match from the last one's end is the first
// place that holds one.
//
// The anchored try runs the pattern itself from the rune before the place
// (`\A(?s:.)(?:re)`), so `\b`, `^` and everything after the place read as
// in the whole text, and case folding is the pattern's own; the scan only
// has to find a superset of the places. The words it looks for are
// derived from the pattern's syntax (a rule writer's edit cannot leave
// them behind) and compared with every case form of each rune (ſ for s,
// K for k). TestFindAtIsFindAll compares the results with the whole-text
// FindAll.

// atMinLen: below it a text is matched whole (the scan would not pay).
const atMinLen = 2048

// atRegexp is re with its variants anchored at a text's start (at0) and
// one rune after it (at1).
type atRegexp struct {
	re, at0, at1 *regexp.Regexp
}

func newAtRegexp(re *regexp.Regexp) *atRegexp {
	return &atRegexp{
		re:  re,
		at0: regexp.MustCompile(`\A(?:` + re.String() + `)`),
		at1: regexp.MustCompile(`\A(?s:.)(?:` + re.String() + `)`),
	}
}

// matchAt is re's match starting at p (submatch indexes as
// FindStringSubmatchIndex gives them), nil when none starts there. p is a
// rune start of t, t valid UTF-8.
func (a *atRegexp) matchAt(t string, p int) []int {
	if p == 0 {
		return a.at0.FindStringSubmatchIndex(t)
	}
	_, w := utf8.DecodeLastRuneInString(t[:p])
	q := p - w
	m := a.at1.FindStringSubmatchIndex(t[q:])
	if m == nil {
		return nil
	}
	for i := range m {
		if m[i] >= 0 {
			m[i] += q
		}
	}
	m[0] = p
	return m
}

// matchesAt: a match of re starts at p.
func (a *atRegexp) matchesAt(t string, p int) bool {
	if p == 0 {
		return a.at0.MatchString(t)
	}
	_, w := utf8.DecodeLastRuneInString(t[:p])
	return a.at1.MatchString(t[p-w:])
}

// findAllCands is re.FindAllStringSubmatchIndex(t, -1) when cands (sorted)
// holds every start of a match of re in t.
func (a *atRegexp) findAllCands(t string, cands []int) [][]int {
	var out [][]int
	pos := 0
	for i, p := range cands {
		if p < pos || i > 0 && p == cands[i-1] {
			continue
		}
		m := a.matchAt(t, p)
		if m == nil {
			continue
		}
		if m[1] == m[0] {
			return a.re.FindAllStringSubmatchIndex(t, -1) // an empty match: FindAll's own rules
		}
		out = append(out, m)
		pos = m[1]
	}
	return out
}

// litSet is a set of words compared rune by rune in any case form: a
// trie of their runes' fold keys.
type litSet struct {
	root  trieNode
	first [256]bool // the first bytes of the words' first runes in every case form
}

// trieNode: end when a word ends here; next by the next rune's fold key
// (ASCII keys in an array).
type trieNode struct {
	end   bool
	ascii [utf8.RuneSelf]*trieNode
	other map[rune]*trieNode
}

func (n *trieNode) child(k rune) *trieNode {
	if k < utf8.RuneSelf {
		return n.ascii[k]
	}
	return n.other[k]
}

// foldKey is the least rune of r's case orbit: two runes match under
// (?i) when their keys are equal.
func foldKey(r rune) rune {
	if r < utf8.RuneSelf {
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A' // the orbits of k and s hold K and ſ, which are larger
		}
		return r
	}
	k := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		k = min(k, f)
	}
	return k
}

func newLitSet(words [][]rune) *litSet {
	s := &litSet{}
	for _, w := range words {
		if len(w) == 0 {
			continue
		}
		n := &s.root
		for _, r := range w {
			k := foldKey(r)
			c := n.child(k)
			if c == nil {
				c = &trieNode{}
				if k < utf8.RuneSelf {
					n.ascii[k] = c
				} else {
					if n.other == nil {
						n.other = map[rune]*trieNode{}
					}
					n.other[k] = c
				}
			}
			n = c
		}
		n.end = true
		k := foldKey(w[0])
		for r := k; ; {
			s.first[string(r)[0]] = true
			if r = unicode.SimpleFold(r); r == k {
				break
			}
		}
	}
	return s
}

// at: one of the words starts at t[i:].
func (s *litSet) at(t string, i int) bool {
	n := &s.root
	for j := i; ; {
		if n.end {
			return true
		}
		if j >= len(t) {
			return false
		}
		var k rune
		if b := t[j]; b < utf8.RuneSelf {
			k = foldKey(rune(b))
			j++
		} else {
			r, w := utf8.DecodeRuneInString(t[j:])
			k = foldKey(r)
			j += w
		}
		if n = n.child(k); n == nil {
			return false
		}
	}
}

// starts lists the rune starts of t where one of the words starts.
func (s *litSet) starts(t string) []int {
	var out []int
	for i := 0; i < len(t); {
		b := t[i]
		if !s.first[b] {
			i++ // no word starts with it, or a rune's later byte
			continue
		}
		if s.at(t, i) {
			out = append(out, i)
		}
		if b < utf8.RuneSelf {
			i++
		} else {
			_, w := utf8.DecodeRuneInString(t[i:])
			i += w
		}
	}
	return out
}

// startPlan: every match of a pattern starts where one of its parts
// says.
type startPlan struct {
	*atRegexp
	parts []startPart
}

// startPart: a match starts at the text's start (zero), or at most back
// runes before a word of lits.
type startPart struct {
	zero bool
	back int
	lits *litSet
}

var startPlans sync.Map // *regexp.Regexp → *startPlan (nil: none)

// planOf is re's start plan, derived on first use; nil when re has none.
func planOf(re *regexp.Regexp) *startPlan {
	if p, ok := startPlans.Load(re); ok {
		return p.(*startPlan)
	}
	var p *startPlan
	if tree, err := syntax.Parse(re.String(), syntax.Perl); err == nil {
		if parts, ok := deriveStart(flatSeq(tree), 0); ok {
			p = &startPlan{atRegexp: newAtRegexp(re), parts: parts}
		}
	}
	startPlans.Store(re, p)
	return p
}

// maxStartLits bounds a plan's words.
const maxStartLits = 4096

// maxStartParts bounds a plan's parts.
const maxStartParts = 64

// deriveStart: where a match of the sequence seq, after back runes, may
// start: after leading parts of at most two runes each (back runes in
// all), at words one of which what follows starts with; at the text's
// start where a `^` (BeginText) leads; for an alternation, where one of
// its alternatives followed by the rest may.
func deriveStart(seq []*syntax.Regexp, back int) ([]startPart, bool) {
	for i := range seq {
		if seq[i].Op == syntax.OpBeginText {
			return []startPart{{zero: true}}, true // only at 0: what came before matched nothing
		}
		ws, _ := concatPrefixes(seq[i:])
		if !slices.ContainsFunc(ws, func(w []rune) bool { return len(w) == 0 }) {
			return []startPart{{back: back, lits: newLitSet(minimalWords(ws))}}, true
		}
		if seq[i].Op == syntax.OpAlternate {
			var parts []startPart
			ok := true
			for _, alt := range seq[i].Sub {
				ps, good := deriveStart(append(flatSeq(alt), seq[i+1:]...), back)
				parts = append(parts, ps...)
				ok = ok && good && len(parts) <= maxStartParts
				if !ok {
					break
				}
			}
			if ok {
				return parts, true
			}
		}
		n, bounded := maxRunes(seq[i])
		if !bounded || n > 2 || back+n > 3 {
			return nil, false
		}
		back += n
	}
	return nil, false
}

// flatSeq is re as a sequence of parts (concatenations and captures
// opened).
func flatSeq(re *syntax.Regexp) []*syntax.Regexp {
	switch re.Op {
	case syntax.OpConcat:
		var out []*syntax.Regexp
		for _, s := range re.Sub {
			out = append(out, flatSeq(s)...)
		}
		return out
	case syntax.OpCapture:
		return flatSeq(re.Sub[0])
	}
	return []*syntax.Regexp{re}
}

// maxRunes is the most runes re matches; bounded is false when it has no
// bound (or one above 8).
func maxRunes(re *syntax.Regexp) (n int, bounded bool) {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return 0, true
	case syntax.OpLiteral:
		return len(re.Rune), len(re.Rune) <= 8
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1, true
	case syntax.OpCapture:
		return maxRunes(re.Sub[0])
	case syntax.OpQuest:
		return maxRunes(re.Sub[0])
	case syntax.OpAlternate, syntax.OpConcat:
		for _, s := range re.Sub {
			k, b := maxRunes(s)
			if !b {
				return 0, false
			}
			if re.Op == syntax.OpAlternate {
				n = max(n, k)
			} else {
				n += k
			}
		}
		return n, n <= 8
	}
	return 0, false
}

// prefixes: words one of which every match of re starts with (an empty
// word: a match may start with anything); complete when each word is a
// whole match.
func prefixes(re *syntax.Regexp) ([][]rune, bool) {
	empty := [][]rune{{}}
	switch re.Op {
	case syntax.OpLiteral:
		return [][]rune{re.Rune}, true
	case syntax.OpCharClass:
		var out [][]rune
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(out) == 64 {
					return empty, false
				}
				out = append(out, []rune{r})
			}
		}
		return out, true
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return empty, true // zero width: a superset of the places
	case syntax.OpCapture:
		return prefixes(re.Sub[0])
	case syntax.OpQuest:
		ws, c := prefixes(re.Sub[0])
		return append(ws, []rune{}), c
	case syntax.OpStar:
		ws, _ := prefixes(re.Sub[0])
		return append(ws, []rune{}), false
	case syntax.OpPlus:
		ws, _ := prefixes(re.Sub[0])
		return ws, false
	case syntax.OpRepeat:
		ws, _ := prefixes(re.Sub[0])
		if re.Min == 0 {
			ws = append(ws, []rune{})
		}
		return ws, false
	case syntax.OpAlternate:
		var out [][]rune
		complete := true
		for _, s := range re.Sub {
			ws, c := prefixes(s)
			out = append(out, ws...)
			complete = complete && c
			if len(out) > maxStartLits {
				return empty, false
			}
		}
		return out, complete
	case syntax.OpConcat:
		return concatPrefixes(re.Sub)
	}
	return empty, false
}

// concatPrefixes: prefixes of the parts matched one after another,
// extended while every word is whole and the set stays small.
func concatPrefixes(parts []*syntax.Regexp) ([][]rune, bool) {
	out := [][]rune{{}}
	for _, p := range parts {
		ws, c := prefixes(p)
		if len(out)*len(ws) > maxStartLits {
			return out, false
		}
		var next [][]rune
		for _, a := range out {
			for _, b := range ws {
				next = append(next, append(slices.Clip(a), b...))
			}
		}
		out = next
		if !c {
			return out, false
		}
	}
	return out, true
}

// minimalWords drops the words that start with another (by fold key):
// where the longer one starts, so does the shorter.
func minimalWords(ws [][]rune) [][]rune {
	key := func(w []rune) string {
		k := make([]rune, len(w))
		for i, r := range w {
			k[i] = foldKey(r)
		}
		return string(k)
	}
	slices.SortFunc(ws, func(a, b []rune) int { return len(a) - len(b) })
	var out [][]rune
	var keys []string
	for _, w := range ws {
		k := key(w)
		if slices.ContainsFunc(keys, func(s string) bool { return len(k) >= len(s) && k[:len(s)] == s }) {
			continue
		}
		keys = append(keys, k)
		out = append(out, w)
	}
	return out
}

// candidates are the places a match of the plan's pattern may start in t,
// sorted.
func (pl *startPlan) candidates(t string) []int {
	if len(pl.parts) == 1 && pl.parts[0].back == 0 && !pl.parts[0].zero {
		return pl.parts[0].lits.starts(t)
	}
	var cands []int
	for _, part := range pl.parts {
		if part.zero {
			cands = append(cands, 0)
			continue
		}
		for _, i := range part.lits.starts(t) {
			p := i
			for k := 0; k < part.back && p > 0; k++ {
				_, w := utf8.DecodeLastRuneInString(t[:p])
				p -= w
				cands = append(cands, p)
			}
			cands = append(cands, i)
		}
	}
	slices.Sort(cands)
	return slices.Compact(cands)
}

// dense: more places to try than an anchored try per 8 bytes, where
// the whole-text match costs less.
func dense(cands []int, t string) bool {
	return len(cands) > len(t)/8
}

// findAllAt is findAll(re, t): over a long text, tried at re's start
// places only.
func findAllAt(re *regexp.Regexp, t string) [][]int {
	if len(t) < atMinLen || !utf8.ValidString(t) {
		return findAll(re, t) // prefilter.go
	}
	pl := planOf(re)
	if pl == nil {
		return findAll(re, t)
	}
	cands := pl.candidates(t)
	if dense(cands, t) {
		return findAll(re, t)
	}
	return pl.findAllCands(t, cands)
}

// findAll is re.FindAllStringSubmatchIndex(t, -1), t valid UTF-8.
func (pl *startPlan) findAll(t string) [][]int {
	return pl.findAllCands(t, pl.candidates(t))
}

// match is re.MatchString(t), t valid UTF-8.
func (pl *startPlan) match(t string) bool {
	return pl.matchCands(t, pl.candidates(t))
}

// matchCands: a match of re starts at one of cands.
func (pl *startPlan) matchCands(t string, cands []int) bool {
	for _, p := range cands {
		if pl.matchesAt(t, p) {
			return true
		}
	}
	return false
}

// matchAt is re.MatchString(t): over a long text, tried at re's start
// places only.
func matchAt(re *regexp.Regexp, t string) bool {
	if len(t) < atMinLen || !utf8.ValidString(t) {
		return re.MatchString(t)
	}
	pl := planOf(re)
	if pl == nil {
		return re.MatchString(t)
	}
	cands := pl.candidates(t)
	if dense(cands, t) {
		return re.MatchString(t)
	}
	return pl.matchCands(t, cands)
}

// afterPlan: reMoneyAfter's matches (a number, a multiplier, a currency)
// start at a digit of the number that ends at most reach bytes before a
// currency word: the digits walked back from each currency word.
type afterPlan struct {
	*atRegexp
	cur          *litSet
	reach        int
	first, inNum map[rune]bool // fold keys of a number's first runes, and of all its runes
}

var moneyAfterPlan = sync.OnceValue(func() *afterPlan {
	parse := func(p string) *syntax.Regexp {
		tree, err := syntax.Parse(`(?i)(?:`+p+`)`, syntax.Perl)
		if err != nil {
			return nil
		}
		return tree
	}
	curTree, multTree, numTree := parse(curWords), parse(multPat), parse(numPat)
	if curTree == nil || multTree == nil || numTree == nil {
		return nil
	}
	cur, _ := prefixes(curTree)
	mult, whole := prefixes(multTree)
	num, _ := prefixes(numTree)
	if !whole || slices.ContainsFunc(cur, func(w []rune) bool { return len(w) == 0 }) || slices.ContainsFunc(num, func(w []rune) bool { return len(w) == 0 }) {
		return nil
	}
	pl := &afterPlan{atRegexp: newAtRegexp(reMoneyAfter), cur: newLitSet(minimalWords(cur)), first: map[rune]bool{}, inNum: map[rune]bool{}}
	for _, w := range mult {
		n := 0
		for _, r := range w {
			n += maxFoldBytes(r)
		}
		pl.reach = max(pl.reach, n)
	}
	pl.reach++ // the \s? before the currency
	for _, w := range num {
		pl.first[foldKey(w[0])] = true
	}
	ok := true
	var walk func(re *syntax.Regexp)
	walk = func(re *syntax.Regexp) {
		switch re.Op {
		case syntax.OpLiteral, syntax.OpCharClass:
			ws, _ := prefixes(re)
			if len(ws) == 1 && len(ws[0]) == 0 {
				ok = false
			}
			for _, w := range ws {
				for _, r := range w {
					pl.inNum[foldKey(r)] = true
				}
			}
		case syntax.OpConcat, syntax.OpAlternate, syntax.OpCapture, syntax.OpQuest, syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
			for _, s := range re.Sub {
				walk(s)
			}
		default:
			ok = false
		}
	}
	walk(numTree)
	if !ok {
		return nil
	}
	return pl
})

// maxFoldBytes: the most bytes a rune of r's case orbit takes.
func maxFoldBytes(r rune) int {
	n := utf8.RuneLen(r)
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		n = max(n, utf8.RuneLen(f))
	}
	return n
}

// candidates: every digit that may start reMoneyAfter's match in t,
// sorted.
func (pl *afterPlan) candidates(t string) []int {
	var cands []int
	floor := 0 // below it the walk has been (a later walk would find the same)
	for _, c := range pl.cur.starts(t) {
		lo := c - pl.reach
		for x := c; x > floor; {
			r, w := utf8.DecodeLastRuneInString(t[:x])
			y := x - w
			k := foldKey(r)
			if y < lo && !pl.inNum[k] {
				break
			}
			if pl.first[k] {
				cands = append(cands, y)
			}
			x = y
		}
		floor = c
	}
	slices.Sort(cands)
	return slices.Compact(cands)
}

// moneyBeforeAll is reMoneyBefore.FindAllStringSubmatchIndex(t, -1).
func moneyBeforeAll(t string) [][]int {
	if len(t) < atMinLen || !utf8.ValidString(t) {
		return reMoneyBefore.FindAllStringSubmatchIndex(t, -1)
	}
	return findAllAt(reMoneyBefore, t)
}

// moneyAfterAll is reMoneyAfter.FindAllStringSubmatchIndex(t, -1).
func moneyAfterAll(t string) [][]int {
	pl := moneyAfterPlan()
	if len(t) < atMinLen || !utf8.ValidString(t) || pl == nil {
		return reMoneyAfter.FindAllStringSubmatchIndex(t, -1)
	}
	return pl.findAll(t)
}

// findAll is reMoneyAfter.FindAllStringSubmatchIndex(t, -1), t valid
// UTF-8.
func (pl *afterPlan) findAll(t string) [][]int {
	return pl.findAllCands(t, pl.candidates(t))
}

// deriveReq: words one of which every match of the sequence seq holds
// (where one of its parts starts), as startPlan's words are derived: the
// words of the part whose shortest word is longest; for a lone
// alternation, its alternatives' words together. nil when some match need
// hold no word.
func deriveReq(seq []*syntax.Regexp) [][]rune {
	shortest := func(ws [][]rune) int {
		n := len(ws[0])
		for _, w := range ws {
			n = min(n, len(w))
		}
		return n
	}
	var best [][]rune
	for i := range seq {
		ws, _ := concatPrefixes(seq[i:])
		if len(ws) == 0 || slices.ContainsFunc(ws, func(w []rune) bool { return len(w) == 0 }) {
			continue
		}
		if best == nil || shortest(ws) > shortest(best) || shortest(ws) == shortest(best) && len(ws) < len(best) {
			best = ws
		}
	}
	if best == nil && len(seq) == 1 && seq[0].Op == syntax.OpAlternate {
		for _, alt := range seq[0].Sub {
			ws := deriveReq(flatSeq(alt))
			if ws == nil {
				return nil
			}
			best = append(best, ws...)
		}
	}
	return best
}

// has: one of the words starts somewhere in t.
func (s *litSet) has(t string) bool {
	for i := 0; i < len(t); {
		b := t[i]
		if !s.first[b] {
			i++
			continue
		}
		if s.at(t, i) {
			return true
		}
		if b < utf8.RuneSelf {
			i++
		} else {
			_, w := utf8.DecodeRuneInString(t[i:])
			i += w
		}
	}
	return false
}

// findAllIndexAt is re.FindAllStringIndex(t, -1) over a text of any
// length (a cue window too), tried at re's start places.
func findAllIndexAt(re *regexp.Regexp, t string) [][]int {
	pl := planOf(re)
	if pl == nil || !utf8.ValidString(t) {
		return re.FindAllStringIndex(t, -1)
	}
	cands := pl.candidates(t)
	if dense(cands, t) {
		return re.FindAllStringIndex(t, -1)
	}
	ms := pl.findAllCands(t, cands)
	for i := range ms {
		ms[i] = ms[i][:2]
	}
	return ms
}

// findIndex is re.FindStringIndex(t), with re's prefilter first
// (prefilter.go).
func findIndex(re *regexp.Regexp, t string) []int {
	if !mayMatch(re, t) {
		return nil
	}
	return re.FindStringIndex(t)
}
