package names

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Match is how likely two names are the same name, from 0 to 1: the
// parts of the names compared in their roles (see Key.Match). Names
// reaching MatchThreshold are taken to be the same name.
func Match(a, b string) float64 { return Normalize(a).Match(Normalize(b)) }

// Match compares two names part by part, in their order:
//
//   - A person's name is a given name, the father's and grandfather's
//     names (after bin, bint, ibn, or by position) and a family or
//     tribal name (after Al, آل, or last). The given names must agree
//     and so must the family names: Ali bin Said Al-Hosni is not Said
//     bin Ali Al-Hosni, Khalid Salim Al-Hinai is not Khalid Salim
//     Al-Habsi. A middle name missing on one side is allowed (Ali
//     Al-Hosni = Ali Said Al-Hosni), and a record may write the family
//     name first (AL-HOSNI, Ali Said; Al Hosni Ali Said).
//   - A company's name (a legal form, or a word such as Trading, Bank,
//     شركة) must have every word, in its order: Petro Gulf Services is
//     not Gulf Petro Services, Oman Trading is not Oman Trading
//     Services.
//   - Words are compared by sound (see wordSim): a word agrees with
//     another from a word similarity of 0.84; one word may be two on the
//     other side (Abubakar = Abu Bakr, Gholamreza = Gholam Reza).
//
// The score is the share of the two names' words that agree, each
// weighted by how well, a missing middle name counting 0.9; a given or
// family name that does not agree takes a fifth off, and a company's
// word missing a tenth. It never exceeds the share of sound bigrams the
// names share (the index's bound), so Index.Matches finds exactly what
// comparing every name finds. It is symmetric and insensitive to case,
// spacing, diacritics, titles and legal forms.
func (k Key) Match(o Key) float64 {
	if k.Empty() || o.Empty() {
		return 0
	}
	if bound(k.coarse, o.coarse) == 0 && tbound(k, o) == 0 {
		return 0
	}
	return compare(k, o).score
}

// bound is the share of the shorter name's sound bigrams the other
// has: an upper bound of Match, computed by the index.
func bound(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	return float64(overlap(a, b)) / float64(min(len(a), len(b)))
}

// link is a word (or two joined) of one name agreeing with a word (or
// two) of the other, at positions a and b of their orders.
type link struct {
	a, b   int
	na, nb int // words: 1, or 2 for a compound written apart (or more for a translation)
	q      float64
	tr     bool // the words translate each other
}

// alignment is how two names' words line up, in the orders used.
type alignment struct {
	score    float64
	links    []link
	ordA     []int // the order of k's words compared (indices)
	ordB     []int
	company  bool
	swapped  bool // computed as compare(o, k)
	rotatedA bool
	rotatedB bool
	// translated: a company's name compared across languages
	// (translate.go).
	translated bool
}

// compare aligns two keys' words, trying each order a key may be read in
// (the family name written first), and keeps the best. It is computed
// on the keys in a fixed order so that it is symmetric.
func compare(k, o Key) alignment {
	if o.id() < k.id() {
		al := compare(o, k)
		al.swapped = !al.swapped
		al.links = append([]link(nil), al.links...)
		for i, l := range al.links {
			al.links[i] = link{a: l.b, b: l.a, na: l.nb, nb: l.na, q: l.q, tr: l.tr}
		}
		al.ordA, al.ordB = al.ordB, al.ordA
		al.rotatedA, al.rotatedB = al.rotatedB, al.rotatedA
		return al
	}
	company := k.company || o.company
	best := alignment{score: -1}
	sims := newSimCache(k, o)
	for _, ra := range k.orders(company) {
		for _, rb := range o.orders(company) {
			al := align(k, o, ra, rb, company, sims)
			if al.score > best.score {
				best = al
			}
		}
	}
	ub := bound(k.coarse, o.coarse)
	best.score = min(ub, best.score)
	// A company's name in two languages: also compared word by meaning,
	// capped by what the index counts for it.
	if company && translatable(k, o) {
		if al, ok := translated(k, o, sims); ok {
			if al.score = min(max(ub, tbound(k, o)), al.score); al.score > best.score {
				best = al
			}
		}
	}
	return best
}

// orders are the orders a key's words may be read in: as written, and
// for a person whose family name comes first (AL-HOSNI, Ali), with it
// moved to the end.
func (k Key) orders(company bool) [][]int {
	n := len(k.words)
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	out := [][]int{id}
	if !company && k.famFirst > 0 && k.famFirst < n {
		rot := make([]int, 0, n)
		for i := k.famFirst; i < n; i++ {
			rot = append(rot, i)
		}
		for i := 0; i < k.famFirst; i++ {
			rot = append(rot, i)
		}
		out = append(out, rot)
	}
	return out
}

// simCache holds word similarities between two keys' words.
type simCache struct {
	n, m int
	s    []float64
}

func newSimCache(k, o Key) *simCache {
	c := &simCache{n: len(k.words), m: len(o.words), s: make([]float64, len(k.words)*len(o.words))}
	for i := range k.words {
		for j := range o.words {
			q := wordSim(&k.words[i], &o.words[j])
			// Ben Ali may be the family name Benali.
			if q < wordAccept && (k.toks[i].kin == "") != (o.toks[j].kin == "") {
				if kin := k.toks[i].kin + o.toks[j].kin; k.toks[i].kin != "" {
					w := newWord(kin + k.words[i].text)
					q = max(q, wordSim(&w, &o.words[j]))
				} else {
					w := newWord(kin + o.words[j].text)
					q = max(q, wordSim(&k.words[i], &w))
				}
			}
			c.s[i*c.m+j] = q
		}
	}
	return c
}

func (c *simCache) at(i, j int) float64 { return c.s[i*c.m+j] }

// joined is two words written as one (Abu Bakr as Abubakar).
func joined(a, b *word) (word, bool) {
	if a.arabic != b.arabic {
		return word{}, false
	}
	return newWord(a.text + b.text), true
}

// mayJoin: w could be the two words x y written as one: long enough and
// starting alike.
func mayJoin(w, x, y *word) bool {
	if x.arabic != y.arabic || w.cons+1 < x.cons+y.cons || w.cons > x.cons+y.cons+1 {
		return false
	}
	if w.arabic == x.arabic {
		r1, _ := utf8.DecodeRuneInString(w.text)
		r2, _ := utf8.DecodeRuneInString(x.text)
		return r1 == r2 && utf8.RuneCountInString(w.text) >= utf8.RuneCountInString(x.text)+2
	}
	return coarseFirst(w) == coarseFirst(x)
}

// coarseFirst is the sound class a word starts with (0: a vowel).
func coarseFirst(w *word) rune {
	if w.arabic {
		return coarseClass(w.ar[0])
	}
	if w.lat[0].c == 0 {
		return 0
	}
	return coarseClass(w.lat[0].c)
}

// align lines up the words of k (in order ra) and o (in order rb) in
// their order, keeping the line-up with the most agreement, and scores
// it.
func align(k, o Key, ra, rb []int, company bool, sims *simCache) alignment {
	n, m := len(ra), len(rb)
	// best[i][j]: the most credit lining up k's first i and o's first
	// j words; from[i][j] how it was reached.
	type step struct {
		di, dj int
		q      float64
	}
	w := m + 1
	best := make([]float64, (n+1)*(m+1))
	from := make([]step, (n+1)*(m+1))
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			if i == 0 && j == 0 {
				continue
			}
			v, st := -1.0, step{}
			if i > 0 && best[(i-1)*w+j] > v {
				v, st = best[(i-1)*w+j], step{1, 0, 0}
			}
			if j > 0 && best[i*w+j-1] > v {
				v, st = best[i*w+j-1], step{0, 1, 0}
			}
			// A tiny bonus for lining up the first and the last words
			// decides between line-ups of equal agreement.
			anchor := func(di, dj int) float64 {
				b := 0.0
				if i-di == 0 && j-dj == 0 {
					b += 1e-6
				}
				if i == n && j == m {
					b += 1e-6
				}
				return b
			}
			if i > 0 && j > 0 {
				if q := sims.at(ra[i-1], rb[j-1]); q >= wordAccept {
					if c := best[(i-1)*w+j-1] + 2*q + anchor(1, 1); c > v {
						v, st = c, step{1, 1, q}
					}
				}
			}
			if i > 0 && j > 1 {
				x, y, z := &k.words[ra[i-1]], &o.words[rb[j-2]], &o.words[rb[j-1]]
				if mayJoin(x, y, z) {
					if jw, ok := joined(y, z); ok {
						if q := wordSim(x, &jw); q >= wordAccept {
							if c := best[(i-1)*w+j-2] + 3*q + anchor(1, 2); c > v {
								v, st = c, step{1, 2, q}
							}
						}
					}
				}
			}
			if i > 1 && j > 0 {
				x, y, z := &o.words[rb[j-1]], &k.words[ra[i-2]], &k.words[ra[i-1]]
				if mayJoin(x, y, z) {
					if jw, ok := joined(y, z); ok {
						if q := wordSim(&jw, x); q >= wordAccept {
							if c := best[(i-2)*w+j-1] + 3*q + anchor(2, 1); c > v {
								v, st = c, step{2, 1, q}
							}
						}
					}
				}
			}
			best[i*w+j], from[i*w+j] = v, st
		}
	}
	var links []link
	for i, j := n, m; i > 0 || j > 0; {
		st := from[i*w+j]
		if st.di > 0 && st.dj > 0 {
			links = append(links, link{a: i - st.di, b: j - st.dj, na: st.di, nb: st.dj, q: st.q})
		}
		i, j = i-st.di, j-st.dj
	}
	for l, r := 0, len(links)-1; l < r; l, r = l+1, r-1 {
		links[l], links[r] = links[r], links[l]
	}
	al := alignment{links: links, ordA: ra, ordB: rb, company: company}
	al.rotatedA = len(ra) > 0 && ra[0] != 0
	al.rotatedB = len(rb) > 0 && rb[0] != 0
	al.score = scoreLinks(k, o, ra, rb, links, company)
	return al
}

// scoreLinks scores a line-up: the share of words that agree, weighted
// by how well; a middle name missing on one side counts 0.9 (a person's
// name only); a family name or nisba (with its article) one name adds
// after the last word both have 0.5 (Saddam Hussein, Saddam Hussein
// al-Tikriti), as does a family name after a father's name given with
// bin (Mohammed bin Salman, Mohammed bin Salman Al Saud); a given or
// family name that does not agree takes a fifth off; each word of a
// company's name left over a tenth.
func scoreLinks(k, o Key, ra, rb []int, links []link, company bool) float64 {
	n, m := len(ra), len(rb)
	credit := 0.0
	covered := 0
	pa, pb := 0, 0
	for li, l := range links {
		credit += float64(l.na+l.nb) * l.q
		covered += l.na + l.nb
		ga, gb := l.a-pa, l.b-pb
		if !company && li > 0 && (ga == 0 || gb == 0) {
			credit += 0.9 * float64(ga+gb)
		}
		pa, pb = l.a+l.na, l.b+l.nb
	}
	if company {
		s := credit / float64(n+m)
		for range n + m - covered {
			s *= 0.9
		}
		return s
	}
	familyMissing := false
	if len(links) >= 2 {
		switch {
		// One name ends with a father's name (after bin), the other goes
		// on with one more word: its family name.
		case pa == n && pb == m-1 && k.toks[ra[n-1]].pat:
			familyMissing, credit = true, credit+0.5
		case pb == m && pa == n-1 && o.toks[rb[m-1]].pat:
			familyMissing, credit = true, credit+0.5
		// The other goes on with family names or a nisba, each with its
		// article (Saddam Hussein al-Tikriti; Abu Muhammad al-Adnani
		// al-Shami).
		case pa == n && pb < m && allArt(o, rb[pb:]):
			familyMissing, credit = true, credit+0.5*float64(m-pb)
		case pb == m && pa < n && allArt(k, ra[pa:]):
			familyMissing, credit = true, credit+0.5*float64(n-pa)
		}
	}
	s := credit / float64(n+m)
	if len(links) == 0 || links[0].a != 0 || links[0].b != 0 {
		s *= 0.8 // the given names do not agree
	}
	if !familyMissing && (len(links) == 0 || pa != n || pb != m) {
		s *= 0.8 // the family names do not agree, or one is missing
	}
	return s
}

// allArt: every word of k at positions ord carried the article.
func allArt(k Key, ord []int) bool {
	for _, i := range ord {
		if !k.toks[i].art {
			return false
		}
	}
	return true
}

// Part is how one part of two names compared.
type Part struct {
	// Role is the part's role: "given name", "father's name",
	// "grandfather's name", "ancestor's name", "family name", "last
	// name" (the second of two words, father's or family name), "name"
	// (a one-word name) or "word" (of a company's name).
	Role string `json:"role" schema:"enum=given name|father's name|grandfather's name|ancestor's name|family name|last name|name|word"`
	// A and B are the part as written in each name, normalised; "" when
	// the name has no such part.
	A string `json:"screened"`
	B string `json:"listed"`
	// Agreement: "same" (the same word), "spelling variant" (one name
	// spelled or transliterated another way: Mohammed, محمد),
	// "near" (a slip: a letter doubled, dropped or swapped),
	// "translation" (a company's generic word and its translation:
	// Packaging, التغليف), "missing" (one name does not have it: a
	// middle name left out), "different".
	Agreement string  `json:"agreement" schema:"enum=same|spelling variant|near|translation|missing|different"`
	Score     float64 `json:"score" jsonschema:"The two words' similarity, 0 to 1 (0 when missing or different)."`
}

// Explanation is why two names match or not: their parts side by side
// and what was set aside.
type Explanation struct {
	Score float64
	// Company: the names were compared as a company's (every word, in
	// order; across languages, the generic words by meaning in any
	// order).
	Company bool
	Parts   []Part
	// Notes: titles and legal forms set aside, a family name written
	// first, a compound written as one word.
	Notes []string
}

// Explain compares two names as Match does and says how their parts
// agreed; a is the name screened, b the name listed.
func Explain(a, b Key) Explanation {
	ex := Explanation{Score: a.Match(b)}
	if a.Empty() || b.Empty() {
		return ex
	}
	al := compare(a, b)
	ex.Company = al.company
	text := func(k Key, ord []int, from, n int) string {
		ws := make([]string, 0, n)
		for _, i := range ord[from : from+n] {
			ws = append(ws, k.words[i].text)
		}
		return strings.Join(ws, " ")
	}
	role := func(k Key, ord []int, pos int) string {
		n := len(ord)
		switch {
		case al.company:
			return "word"
		case n == 1:
			return "name"
		case pos == 0:
			return "given name"
		case pos == n-1:
			if n == 2 && !k.toks[ord[pos]].art {
				return "last name"
			}
			return "family name"
		case pos == 1:
			return "father's name"
		case pos == 2:
			return "grandfather's name"
		}
		return "ancestor's name"
	}
	// Roles follow the listed name (b) where it has the part.
	pa, pb := 0, 0
	gap := func(ta, tb int) {
		ga, gb := ta-pa, tb-pb
		for x := 0; x < max(ga, gb); x++ {
			p := Part{Agreement: "different"}
			if x < ga {
				p.A = text(a, al.ordA, pa+x, 1)
				p.Role = role(a, al.ordA, pa+x)
			}
			if x < gb {
				p.B = text(b, al.ordB, pb+x, 1)
				p.Role = role(b, al.ordB, pb+x)
			}
			if p.A == "" || p.B == "" {
				p.Agreement = "missing"
			}
			ex.Parts = append(ex.Parts, p)
		}
	}
	for _, l := range al.links {
		gap(l.a, l.b)
		p := Part{Role: role(b, al.ordB, l.b), A: text(a, al.ordA, l.a, l.na), B: text(b, al.ordB, l.b, l.nb), Score: round3(l.q)}
		switch {
		case l.tr:
			p.Agreement = "translation"
		case p.A == p.B:
			p.Agreement = "same"
		case l.q >= 0.9995:
			p.Agreement = "spelling variant"
		default:
			p.Agreement = "near"
		}
		if l.na != l.nb && !l.tr {
			ex.Notes = append(ex.Notes, fmt.Sprintf("%q and %q are one name written as one word and as two", p.A, p.B))
		}
		ex.Parts = append(ex.Parts, p)
		pa, pb = l.a+l.na, l.b+l.nb
	}
	gap(len(al.ordA), len(al.ordB))
	if al.translated {
		ex.Notes = append(ex.Notes, "compared across languages: the dictionary's words by meaning, in any order, the others by sound, in their order")
	}
	if al.rotatedA {
		ex.Notes = append(ex.Notes, "the screened name is written family name first")
	}
	if al.rotatedB {
		ex.Notes = append(ex.Notes, "the listed name is written family name first")
	}
	for _, r := range a.removed {
		ex.Notes = append(ex.Notes, fmt.Sprintf("%s set aside in the screened name: %s", r.kind, r.word))
	}
	for _, r := range b.removed {
		ex.Notes = append(ex.Notes, fmt.Sprintf("%s set aside in the listed name: %s", r.kind, r.word))
	}
	return ex
}

// Reasons are the explanation in words, one line per part and note:
// "given name: ali = ali (same)".
func (ex Explanation) Reasons() []string {
	out := make([]string, 0, len(ex.Parts)+len(ex.Notes))
	for _, p := range ex.Parts {
		switch p.Agreement {
		case "missing":
			w, side := p.A, "listed"
			if w == "" {
				w, side = p.B, "screened"
			}
			out = append(out, fmt.Sprintf("%s: %s, missing in the %s name", p.Role, w, side))
		case "different":
			out = append(out, fmt.Sprintf("%s: %s ≠ %s (different)", p.Role, p.A, p.B))
		default:
			out = append(out, fmt.Sprintf("%s: %s = %s (%s)", p.Role, p.A, p.B, p.Agreement))
		}
	}
	return append(out, ex.Notes...)
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
