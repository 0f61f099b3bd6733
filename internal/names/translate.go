package names

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// This file compares a company's name across languages: an English name
// and its Arabic (or Persian) translation, which translates the generic
// words and transliterates the distinctive ones, and puts the activity
// first (Majan Packaging Industries, شركة مجان لصناعة التغليف). The
// generic words are found in the dictionary (dictionary.go) and compared
// by meaning, in any order; the other words are compared by sound and in
// their order, as Match compares every word of a company's name.

// entry is a meaning of the dictionary: its head word, whether it names
// an activity, and its Latin- and Arabic-script forms (comma separated).
type entry struct {
	head     string
	activity bool
	lat, ar  string
}

// lexicon is the dictionary ready for lookup.
type lexicon struct {
	// words maps a one-word form to its meanings (indices into
	// dictionary, sorted); phrases maps the first word of a form of
	// several words to those forms.
	words   map[string][]uint16
	phrases map[string][]phrase
	// class is, by meaning, the meaning that stands for all meanings
	// joined to it by a shared form (تجهيزات: supplies and equipment):
	// two words that translate each other are of one class.
	class []uint16
}

type phrase struct {
	words []string
	ids   []uint16
}

var lex = buildLexicon(dictionary)

// foldForm folds a form of the dictionary as a name's words are folded.
func foldForm(s string) []string {
	var out []string
	for _, w := range split(s) {
		if isArabicWord(w) {
			w = stripArticle(foldArabic(w))
		}
		if w == "" || particles[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

func buildLexicon(d []entry) *lexicon {
	l := &lexicon{words: map[string][]uint16{}, phrases: map[string][]phrase{}, class: make([]uint16, len(d))}
	parent := make([]int, len(d))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	add := func(ids []uint16, id uint16) []uint16 {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
			slices.Sort(ids)
		}
		return ids
	}
	for i, e := range d {
		for _, forms := range []string{e.lat, e.ar} {
			for _, f := range strings.Split(forms, ",") {
				ws := foldForm(f)
				switch len(ws) {
				case 0:
					continue
				case 1:
					l.words[ws[0]] = add(l.words[ws[0]], uint16(i))
				default:
					ps := l.phrases[ws[0]]
					j := slices.IndexFunc(ps, func(p phrase) bool { return slices.Equal(p.words, ws) })
					if j < 0 {
						ps = append(ps, phrase{words: ws})
						j = len(ps) - 1
					}
					ps[j].ids = add(ps[j].ids, uint16(i))
					l.phrases[ws[0]] = ps
				}
			}
		}
	}
	join := func(ids []uint16) {
		for _, id := range ids[1:] {
			parent[find(int(id))] = find(int(ids[0]))
		}
	}
	for _, ids := range l.words {
		join(ids)
	}
	for _, ps := range l.phrases {
		for _, p := range ps {
			join(p.ids)
		}
	}
	for i := range l.class {
		l.class[i] = uint16(find(i))
	}
	return l
}

// variants are the forms a name's word is looked up under: itself, then
// for an Arabic word without a prefixed و, ل, ب, ف or ك (لصناعة:
// صناعة) and with a plural or feminine ending undone (صناعات: صناعة,
// بحرية: بحري, مقاولين: مقاول), for a Latin word without its plural s.
func variants(t string) []string { return appendVariants(nil, t) }

// appendVariants appends t's variants to dst.
func appendVariants(dst []string, t string) []string {
	dst = append(dst, t)
	if !isArabicWord(t) {
		switch {
		case strings.HasSuffix(t, "ies") && len(t) > 4:
			dst = append(dst, t[:len(t)-3]+"y")
		case strings.HasSuffix(t, "s") && !strings.HasSuffix(t, "ss") && len(t) > 3:
			dst = append(dst, t[:len(t)-1])
		}
		return dst
	}
	from := len(dst) - 1
	// ألبان is folded to بان, للألبان to البان: the article once more.
	if s := stripArticle(t); s != t {
		dst = append(dst, s)
	}
	if r, size := utf8.DecodeRuneInString(t); strings.ContainsRune("ولبفك", r) && utf8.RuneCountInString(t) >= 4 {
		if s := stripArticle(t[size:]); utf8.RuneCountInString(s) >= 3 {
			dst = append(dst, s)
		}
	}
	for _, b := range dst[from:len(dst):len(dst)] {
		n := utf8.RuneCountInString(b)
		switch {
		case strings.HasSuffix(b, "ات") && n >= 5:
			stem := strings.TrimSuffix(b, "ات")
			dst = append(dst, stem+"ه", stem)
		case strings.HasSuffix(b, "يه") && n >= 4:
			dst = append(dst, strings.TrimSuffix(b, "ه"))
		case (strings.HasSuffix(b, "ين") || strings.HasSuffix(b, "ون")) && n >= 5:
			dst = append(dst, b[:len(b)-len("ين")])
		case strings.HasSuffix(b, "ي") && n >= 4:
			dst = append(dst, b+"ه")
		}
	}
	return dst
}

// appendTokVariants appends a word's variants, and those of the word
// with an ل restored when it was read as ل and the article (للحوم:
// لحوم).
func appendTokVariants(dst []string, t tok) []string {
	dst = appendVariants(dst, t.w)
	if t.ll {
		dst = appendVariants(dst, "ل"+t.w)
	}
	return dst
}

// lookup is the meanings of a name's word and the form that gave them.
func lookup(t string) ([]uint16, string) {
	var buf [8]string
	for _, v := range appendVariants(buf[:0], t) {
		if ids, ok := lex.words[v]; ok {
			return ids, v
		}
	}
	return nil, ""
}

// marksCompany: the word names an activity (Packaging, صناعة, للتغليف),
// so a name with it is a company's.
func marksCompany(t string) bool {
	ids, form := lookup(t)
	if ids == nil || notCompanyMarks[form] {
		return false
	}
	for _, id := range ids {
		if dictionary[id].activity {
			return true
		}
	}
	return false
}

// span is a run of a name's words that is one form of the dictionary:
// n words from at, with meanings ids.
type span struct {
	at, n int
	ids   []uint16
}

// findSpans cuts a name's words into the dictionary's forms, the
// longest first, left to right.
func findSpans(toks []tok) []span {
	// The words' variants, one after another: word i's are
	// buf[at[i]:at[i+1]].
	buf := make([]string, 0, 4*len(toks))
	at := make([]int, len(toks)+1)
	for i, t := range toks {
		buf = appendTokVariants(buf, t)
		at[i+1] = len(buf)
	}
	vs := func(i int) []string { return buf[at[i]:at[i+1]] }
	var out []span
	for i := 0; i < len(toks); {
		best := span{}
		for _, v := range vs(i) {
			for _, p := range lex.phrases[v] {
				n := len(p.words)
				if n <= best.n || i+n > len(toks) {
					continue
				}
				fits := true
				for j := 1; j < n && fits; j++ {
					fits = slices.Contains(vs(i+j), p.words[j])
				}
				if fits {
					best = span{at: i, n: n, ids: p.ids}
				}
			}
		}
		if best.n == 0 {
			for _, v := range vs(i) {
				if ids, ok := lex.words[v]; ok {
					best = span{at: i, n: 1, ids: ids}
					break
				}
			}
		}
		if best.n == 0 {
			i++
			continue
		}
		// Two forms of one meaning side by side are one (Ready Mix
		// Concrete, الحديد والصلب).
		if n := len(out); n > 0 && out[n-1].at+out[n-1].n == i {
			if ids := commonMeanings(out[n-1].ids, best.ids); len(ids) > 0 {
				out[n-1].n += best.n
				out[n-1].ids = ids
				i += best.n
				continue
			}
		}
		out = append(out, best)
		i += best.n
	}
	return out
}

// commonMeanings are the meanings two sorted lists share.
func commonMeanings(a, b []uint16) []uint16 {
	var out []uint16
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// classMark is the bigram-sized element that stands for a class of
// meanings in a key's classes: above every rune, so it is no bigram.
const classMark = uint64(0x1FFFFF) << 32

// translatable: the two keys are in different scripts and both have
// words of the dictionary, so they may be one company's name in two
// languages.
func translatable(k, o Key) bool {
	return k.script != o.script && len(k.spans) > 0 && len(o.spans) > 0
}

// tbound caps the score of two names compared across languages, as
// bound caps Match: the sound bigrams and the meanings they share, over
// the shorter name's count of sound bigrams outside the dictionary's
// words plus its dictionary words. The index counts the same.
func tbound(k, o Key) float64 {
	if !translatable(k, o) {
		return 0
	}
	return tboundOf(overlap(k.coarse, o.coarse)+overlap(k.classes, o.classes), k.teff, o.teff)
}

func tboundOf(shared, a, b int) float64 {
	if a == 0 || b == 0 {
		return 0
	}
	return min(1, float64(shared)/float64(min(a, b)))
}

// translateQ is the similarity of two words that translate each other.
const translateQ = 0.95

// translated lines up two names in different scripts as one company's
// name in two languages: the dictionary's words paired by meaning in any
// order (the most pairs), the other words (and dictionary words left
// unpaired) lined up by sound in their order. The alignment's orders put
// the words lined up by sound first and the pairs after them, so its
// links are in order as Explain expects.
func translated(k, o Key, sims *simCache) (alignment, bool) {
	pairs := pairSpans(k.spans, o.spans)
	if len(pairs) == 0 {
		return alignment{}, false
	}
	inA := make([]bool, len(k.words))
	inB := make([]bool, len(o.words))
	for _, p := range pairs {
		for x := range p[0].n {
			inA[p[0].at+x] = true
		}
		for x := range p[1].n {
			inB[p[1].at+x] = true
		}
	}
	rest := func(in []bool) []int {
		var r []int
		for i, used := range in {
			if !used {
				r = append(r, i)
			}
		}
		return r
	}
	ra, rb := rest(inA), rest(inB)
	var links []link
	if len(ra) > 0 && len(rb) > 0 {
		links = align(k, o, ra, rb, true, prefixed(k, o, ra, rb, sims)).links
	}
	ordA, ordB := ra, rb
	for _, p := range pairs {
		l := link{a: len(ordA), b: len(ordB), na: p[0].n, nb: p[1].n, q: translateQ, tr: true}
		if l.na == 1 && l.nb == 1 {
			if s := sims.at(p[0].at, p[1].at); s >= translateQ {
				l.q, l.tr = s, false
			}
		}
		links = append(links, l)
		for x := range p[0].n {
			ordA = append(ordA, p[0].at+x)
		}
		for x := range p[1].n {
			ordB = append(ordB, p[1].at+x)
		}
	}
	al := alignment{links: links, ordA: ordA, ordB: ordB, company: true, translated: true}
	al.score = scoreLinks(k, o, ordA, ordB, links, true)
	return al, true
}

// prefixed is sims with an Arabic word that starts with a preposition
// (ب, ل: المنطقة الحرة بصحار, "the free zone in Sohar") also compared
// without it, for the words ra and rb lined up by sound.
func prefixed(k, o Key, ra, rb []int, sims *simCache) *simCache {
	var c *simCache
	for _, i := range ra {
		for _, j := range rb {
			a, b := &k.words[i], &o.words[j]
			if a.arabic == b.arabic || sims.at(i, j) >= wordAccept {
				continue
			}
			ar, la := a, b
			if b.arabic {
				ar, la = b, a
			}
			r, size := utf8.DecodeRuneInString(ar.text)
			if !strings.ContainsRune("بلوفك", r) || utf8.RuneCountInString(ar.text) < 4 {
				continue
			}
			w := newWord(ar.text[size:])
			if q := wordSim(&w, la); q > sims.at(i, j) {
				if c == nil {
					c = &simCache{n: sims.n, m: sims.m, s: slices.Clone(sims.s)}
				}
				c.s[i*c.m+j] = q
			}
		}
	}
	if c == nil {
		return sims
	}
	return c
}

// pairSpans pairs the spans of a with spans of b that share a meaning,
// as many pairs as there can be (augmenting paths), in a's order.
func pairSpans(a, b []span) [][2]span {
	owner := make([]int, len(b))
	for j := range owner {
		owner[j] = -1
	}
	seen := make([]bool, len(b))
	var try func(i int) bool
	try = func(i int) bool {
		for j := range b {
			if seen[j] || !shareMeaning(a[i].ids, b[j].ids) {
				continue
			}
			seen[j] = true
			if owner[j] < 0 || try(owner[j]) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := range a {
		clear(seen)
		try(i)
	}
	partner := make([]int, len(a))
	for i := range partner {
		partner[i] = -1
	}
	for j, i := range owner {
		if i >= 0 {
			partner[i] = j
		}
	}
	var out [][2]span
	for i, j := range partner {
		if j >= 0 {
			out = append(out, [2]span{a[i], b[j]})
		}
	}
	return out
}

// shareMeaning: two sorted lists of meanings have one in common.
func shareMeaning(a, b []uint16) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// namesActivity: a word of the name is an activity's in the dictionary
// (حديد: steel), whether or not it makes the name a company's.
func (k Key) namesActivity() bool {
	for _, s := range k.spans {
		for _, id := range s.ids {
			if dictionary[id].activity {
				return true
			}
		}
	}
	return false
}

// Meanings are the generic words of the name by meaning, in the name's
// order: for each, the head word of its meaning (trading, industries,
// packaging; of the first meaning of its class, when a word has several).
// A term index files a company's name under them (Terms), so that its
// translation, which shares no sound with it, shares these.
func (k Key) Meanings() []string {
	var out []string
	for _, s := range k.spans {
		out = append(out, dictionary[lex.class[s.ids[0]]].head)
	}
	return out
}
