package names

import (
	"strings"
	"unicode/utf8"
)

// This file compares two words of a name (Match's unit): a Latin word is
// cut into consonants and vowel runs, an Arabic word is its folded
// letters, and a weighted edit distance between them gives a word
// similarity in [0, 1]:
//
//   - Latin with Latin: consonants by sound (kh, gh, sh, th, dh, q/k,
//     g/j for Egyptian ج, gh/q for Persian ق), vowel runs by quality:
//     a; i, y; o, u; e is any (Ahmed = Ahmad, Yousef = Yusuf). A run
//     agrees with another when they end on the same quality and one's
//     qualities contain the other's (Hussein = Hussain, Zaid = Zayd,
//     Nuaimi = Naimi) but Saud ≠ Saad, Hassan ≠ Hussein, Rashid ≠
//     Rashad. A short vowel inserted between consonants costs little
//     (Amri = Ameri), a vowel added at either end a whole letter (Said ≠
//     Saida).
//   - Arabic with Arabic: the folded letters, every letter counts (سعد ≠
//     سعود, عمر ≠ عمرو).
//   - Arabic with Latin: the consonants by the Latin spellings each
//     Arabic letter has (ق: q, k, g, gh); a long vowel letter (ا و ي)
//     needs a Latin vowel of its quality, and a Latin long vowel (ou,
//     ee, ei, au) needs its Arabic letter: سعد ≠ Saud, حسن ≠ Hussein,
//     أحمد ≠ Hamid; the short vowels Arabic does not write are free.
//     A few very common names whose short vowels tell them apart are
//     compared through their usual vocalisation (محمد Muhammad, عمر
//     Umar, عمرو Amr).
//
// The cost is normalised by the longer word's consonants, so a short
// given name must agree exactly (Jamal ≠ Kamal, Sami ≠ Samir: 0.75)
// while a long word can carry one slip (Logistic = Logistics: 0.86).

// wordAccept is the word similarity from which two words are taken to be
// the same word (a spelling variant).
const wordAccept = 0.84

// Vowel qualities of a Latin vowel run.
const (
	qA uint8 = 1 << iota
	qI
	qU
)

// lunit is a sound of a Latin word: a consonant (c != 0) or a run of
// vowels (c == 0).
type lunit struct {
	c rune
	// Vowel run: q the qualities its letters have (e has none: it is
	// any), first and last the qualities it starts and ends on (0: only
	// e), n its letters.
	q, first, last, n uint8
	// glide: a consonant y before a vowel (cheap to drop: Yevgeniy =
	// Evgenii, Dostoyevsky = Dostoevsky).
	glide bool
	// weak: a final h after a vowel, free to drop (Fatimah = Fatima)
	// but matching ح in Saleh (صالح).
	weak bool
}

// word is a word of a name, ready to compare.
type word struct {
	text   string
	arabic bool
	lat    []lunit // Latin word: its sounds
	ar     []rune  // Arabic word: its folded letters
	// voc is the Latin vocalisation of a common Arabic name whose short
	// vowels tell it from another (محمد: Muhammad, not Mahmud).
	voc []lunit
	// abd: an Abd compound; rest is the name after "Abd".
	abd  bool
	rest *word
	// cons is the number of consonants.
	cons int
}

func isVowelRune(r rune) bool { return r == 'a' || r == 'e' || r == 'i' || r == 'o' || r == 'u' }

func quality(r rune) uint8 {
	switch r {
	case 'a':
		return qA
	case 'i', 'y':
		return qI
	case 'o', 'u', 'w':
		return qU
	}
	return 0
}

// parseLatin cuts a folded Latin word into sounds.
func parseLatin(w string) []lunit {
	src := make([]rune, 0, len(w))
	for _, r := range w {
		if s, ok := latinSpecial[r]; ok {
			src = append(src, []rune(s)...)
			continue
		}
		src = append(src, r)
	}
	// A final h after a vowel may be written or not (Fatimah, Fatima).
	weakH := false
	if n := len(src); n >= 3 && src[n-1] == 'h' && isVowelRune(src[n-2]) {
		src, weakH = src[:n-1], true
	}
	at := func(i int) rune {
		if i >= 0 && i < len(src) {
			return src[i]
		}
		return 0
	}
	out := make([]lunit, 0, len(src))
	var run []rune
	flush := func() {
		if len(run) == 0 {
			return
		}
		u := lunit{n: uint8(min(len(run), 255))}
		lastDef := rune(0)
		for _, r := range run {
			if q := quality(r); q != 0 {
				if u.q == 0 {
					u.first = q
				}
				u.q |= q
				u.last = q
				lastDef = r
			}
		}
		// Trailing e after a: the long i of Saeed, Raed; ee alone is a
		// long i too (Waleed). A single e is any vowel.
		if run[len(run)-1] == 'e' && (lastDef == 'a' || u.q == 0 && len(run) >= 2) {
			u.q |= qI
			u.last = qI
		}
		out = append(out, u)
		run = run[:0]
	}
	for i := 0; i < len(src); i++ {
		r, prev, next := src[i], at(i-1), at(i+1)
		vowel := isVowelRune(r)
		switch r {
		case 'y':
			switch {
			case i == 0 && isVowelRune(next):
				// Yusuf: a consonant.
			case i > 0 && !isVowelRune(prev) && isVowelRune(next):
				// Maryam, Fyodor: the glide of the vowel after it.
				vowel = true
			case isVowelRune(prev) && isVowelRune(next):
				// Ziyad is Ziad; Sayed keeps its y.
				vowel = prev == 'i' || prev == 'e'
			default:
				// Sayf, Aly, Dmitriy: a vowel.
				vowel = true
			}
		case 'w':
			// Jawlani, Dawlat: aw is a diphthong before a consonant.
			vowel = i > 0 && isVowelRune(prev) && !isVowelRune(next)
		}
		if vowel {
			run = append(run, r)
			continue
		}
		flush()
		c := r
		switch {
		case (r == 't' || r == 's') && next == 'c' && at(i+2) == 'h':
			c, i = 'S', i+2
		case next == 'h' && r == 'k':
			c, i = 'x', i+1
		case next == 'h' && r == 'g':
			c, i = 'G', i+1
		case next == 'h' && (r == 's' || r == 'c'):
			c, i = 'S', i+1
		case next == 'h' && r == 't':
			c, i = 'T', i+1
		case next == 'h' && r == 'd':
			c, i = 'D', i+1
		case next == 'h' && r == 'z':
			c, i = 'Z', i+1
		case next == 'h' && r == 'p':
			c, i = 'f', i+1
		case r == 'c':
			if next == 'e' || next == 'i' || next == 'y' {
				c = 's'
			} else {
				c = 'k'
				if next == 'k' {
					i++
				}
			}
		case r == 'd' && next == 'j' && i == 0:
			// Djamel: the French spelling of ج.
			c, i = 'j', i+1
		case r == 'x':
			if n := len(out); n == 0 || out[n-1].c != 'k' {
				out = append(out, lunit{c: 'k'})
			}
			c = 's'
		}
		if n := len(out); n > 0 && out[n-1].c == c {
			continue // doubled: shadda
		}
		out = append(out, lunit{c: c, glide: r == 'y' && isVowelRune(at(i+1))})
	}
	flush()
	if weakH {
		out = append(out, lunit{c: 'h', weak: true})
	}
	return out
}

// latinCons are pairs of Latin consonants that spell one sound in some
// transliteration, and what confusing them costs.
var latinCons = map[[2]rune]float64{
	{'b', 'p'}: 0.2, {'f', 'v'}: 0.2, {'v', 'w'}: 0.2, {'t', 'T'}: 0.2, {'s', 'T'}: 0.3,
	{'d', 'D'}: 0.2, {'z', 'D'}: 0.2, {'z', 'Z'}: 0.3, {'j', 'Z'}: 0.2, {'j', 'g'}: 0.2,
	{'k', 'q'}: 0.1, {'q', 'G'}: 0.2, {'q', 'g'}: 0.2, {'g', 'G'}: 0.2, {'x', 'h'}: 0.4,
	{'x', 'k'}: 0.4,
}

// latinSlot numbers the consonant codes latinCons and arabicCons use
// (0: another rune), for the cost tables.
func latinSlot(r rune) int {
	switch {
	case r >= 'a' && r <= 'z':
		return int(r-'a') + 1
	case r >= 'A' && r <= 'Z':
		return int(r-'A') + 27
	}
	return 0
}

// Cost tables built from latinCons and arabicCons: latinTable[x][y] for
// two slots, arabicTable[letter-0x600][slot] (-1: not listed).
var (
	latinTable  [53][53]float32
	arabicTable [256][53]float32
)

func init() {
	for i := range latinTable {
		for j := range latinTable[i] {
			latinTable[i][j] = 1
		}
		latinTable[i][i] = 0
	}
	for p, c := range latinCons {
		a, b := latinSlot(p[0]), latinSlot(p[1])
		latinTable[a][b], latinTable[b][a] = float32(c), float32(c)
	}
	for i := range arabicTable {
		for j := range arabicTable[i] {
			arabicTable[i][j] = -1
		}
	}
	for r, m := range arabicCons {
		for j := range arabicTable[r-0x600] {
			arabicTable[r-0x600][j] = 1
		}
		for c, v := range m {
			arabicTable[r-0x600][latinSlot(c)] = float32(v)
		}
	}
}

func consCost(a, b rune) float64 {
	if a == b {
		return 0
	}
	x, y := latinSlot(a), latinSlot(b)
	if x == 0 || y == 0 {
		return 1
	}
	return float64(latinTable[x][y])
}

// runsAgree: two vowel runs can spell one vowel.
func runsAgree(a, b lunit) bool {
	if a.q == 0 || b.q == 0 {
		return true
	}
	if a.last != b.last {
		return false
	}
	both := a.q & b.q
	return both == a.q || both == b.q
}

// latinDrop is what leaving u[i] unmatched costs.
func latinDrop(u []lunit, i int) float64 {
	x := u[i]
	if x.weak {
		return 0
	}
	if x.c != 0 {
		switch {
		case x.glide && i == 0:
			return 0.3
		case x.glide && i > 0 && u[i-1].c == 0:
			return 0.6
		}
		return 1
	}
	switch {
	case i == 0:
		return 1
	case i == len(u)-1:
		if x.q == 0 {
			return 0.5 // a silent final e
		}
		return 1
	case x.q == 0:
		return 0.25 // an e between consonants: Bader, Ameri
	}
	// Any other vowel between consonants: half, so that one vowel for
	// another (Rashid, Rashad) costs as much dropped and added as
	// replaced.
	return 0.5
}

// latinDistance is the weighted edit distance between two Latin words'
// sounds.
func latinDistance(x, y []lunit) float64 {
	m := len(y)
	var b1, b2 [32]float64
	prev, cur := b1[:0], b2[:0]
	if m+1 > len(b1) {
		prev, cur = make([]float64, m+1), make([]float64, m+1)
	} else {
		prev, cur = b1[:m+1], b2[:m+1]
	}
	for j := 1; j <= m; j++ {
		prev[j] = prev[j-1] + latinDrop(y, j-1)
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = prev[0] + latinDrop(x, i-1)
		for j := 1; j <= m; j++ {
			a, b := x[i-1], y[j-1]
			sub := 2.0
			switch {
			case a.c != 0 && b.c != 0:
				sub = consCost(a.c, b.c)
			case a.c == 0 && b.c == 0:
				sub = 0
				if !runsAgree(a, b) {
					sub = 1
				}
			}
			cur[j] = min(prev[j-1]+sub, prev[j]+latinDrop(x, i-1), cur[j-1]+latinDrop(y, j-1))
		}
		prev, cur = cur, prev
	}
	return prev[m]
}

func latinConsonants(u []lunit) int {
	n := 0
	for _, x := range u {
		if x.c != 0 && !x.weak {
			n++
		}
	}
	return n
}

// arabicVowel are the letters that write vowels (and ayn and hamza,
// which Latin writes as a vowel or not at all).
func arabicVowel(r rune) bool {
	switch r {
	case 'ا', 'و', 'ي', 'ى', 'ع', 'ء', 'ئ':
		return true
	}
	return false
}

// arabicCons is what an Arabic letter costs against a Latin consonant.
var arabicCons = map[rune]map[rune]float64{
	'ب': {'b': 0, 'p': 0.2}, 'پ': {'p': 0, 'b': 0.1},
	'ت': {'t': 0, 'T': 0.2}, 'ط': {'t': 0, 'T': 0.2}, 'ث': {'T': 0, 't': 0.1, 's': 0.2},
	'ج': {'j': 0, 'g': 0.1, 'Z': 0.2}, 'چ': {'S': 0, 'j': 0.2},
	'ح': {'h': 0, 'x': 0.4}, 'خ': {'x': 0, 'k': 0.3, 'h': 0.3}, 'ه': {'h': 0},
	'د': {'d': 0, 'D': 0.2}, 'ذ': {'D': 0, 'd': 0.1, 'z': 0.1, 'T': 0.2}, 'ض': {'d': 0, 'D': 0, 'z': 0.1}, 'ظ': {'z': 0, 'D': 0, 'd': 0.1},
	'ر': {'r': 0}, 'ز': {'z': 0, 's': 0.3}, 'ژ': {'Z': 0, 'j': 0.2, 'z': 0.3},
	'س': {'s': 0}, 'ص': {'s': 0}, 'ش': {'S': 0, 's': 0.3},
	'غ': {'G': 0, 'g': 0.1, 'q': 0.3}, 'ق': {'q': 0, 'k': 0.1, 'G': 0.1, 'g': 0.1}, 'ك': {'k': 0, 'q': 0.2, 'g': 0.3}, 'گ': {'g': 0, 'G': 0.2, 'k': 0.3},
	'ف': {'f': 0, 'v': 0.2, 'p': 0.3}, 'ڤ': {'v': 0, 'f': 0.1},
	'ل': {'l': 0}, 'م': {'m': 0}, 'ن': {'n': 0},
	'و': {'w': 0, 'v': 0.1}, 'ي': {'y': 0, 'j': 0.5},
}

func arabicLatinCons(a, c rune) float64 {
	if a >= 0x600 && a < 0x700 {
		if v := arabicTable[a-0x600][latinSlot(c)]; v >= 0 {
			if latinSlot(c) == 0 {
				return 1
			}
			return float64(v)
		}
	}
	if a == c {
		return 0 // digits
	}
	return 1
}

// vowelCost is what a Latin vowel run (or none: run.n == 0) costs
// against the Arabic vowel letters ls between the same consonants.
// initial: at the start of both words; latinEnd: the run ends the Latin
// word; arabicEnd: ls ends the Arabic word.
func vowelCost(run lunit, ls []rune, initial, latinEnd, arabicEnd bool) float64 {
	cost := 0.0
	var backed uint8
	glottal := false
	// A run of two vowels against two long vowel letters: in their
	// order (Raed is رائد, not رياض).
	var firstLong uint8
	longs := 0
	for k, r := range ls {
		var q uint8
		switch r {
		case 'ا':
			q = qA
		case 'و':
			q = qU
		case 'ي', 'ى':
			q = qI
			if arabicEnd && k == len(ls)-1 {
				q |= qA
			}
		}
		if q != 0 {
			if longs == 0 {
				firstLong = q
			}
			longs++
		}
	}
	if longs >= 2 && run.q&(run.q-1) != 0 && run.first&firstLong == 0 {
		cost++
	}
	for k, r := range ls {
		final := arabicEnd && k == len(ls)-1
		switch r {
		case 'ا':
			backed |= qA
			if !(initial && k == 0) && run.n > 0 && run.q != 0 && run.q&qA == 0 {
				cost++
			}
		case 'و':
			backed |= qU
			if run.n > 0 && run.q&qU == 0 {
				cost++
			}
		case 'ي', 'ى':
			if final {
				// Final ى and ي are one letter in much writing: Musa,
				// Ali.
				backed |= qA | qI
				if run.n > 0 && run.q != 0 && run.q&(qA|qI) == 0 {
					cost++
				}
				break
			}
			backed |= qI
			if run.n > 0 && run.q != 0 && run.q&qI == 0 {
				cost++
			}
		case 'ع', 'ء', 'ئ':
			glottal = true
		case 'ه':
			// Ta marbuta: Fatima, Fatemeh; not Otaibi for العتيبة.
			backed |= qA
			if run.n > 0 && run.q != 0 && run.q&qA == 0 {
				cost++
			}
		}
	}
	if run.n == 0 {
		for k, r := range ls {
			switch r {
			case 'ا', 'ع':
				if initial && k == 0 {
					cost++ // the Latin word starts with a consonant
				} else if r == 'ا' {
					cost++
				}
			case 'و', 'ي':
				cost++
			case 'ى':
				cost += 0.5
			}
		}
		return cost
	}
	if len(ls) == 0 {
		switch {
		case initial:
			return 1 // the Latin word starts with a vowel, the Arabic not
		case latinEnd:
			if run.q == 0 {
				return 0.5 // a silent e
			}
			return 1 // Saida is not سعيد
		}
	}
	// A Latin long vowel needs its Arabic letter: Saud is سعود, not
	// سعد. After a long vowel and an ayn the Latin can carry the ayn's
	// own short vowel (Qaida, قاعدة).
	if run.n >= 2 && run.last != 0 && run.last&backed == 0 {
		switch {
		case glottal && backed != 0:
		case run.last == qA && glottal:
		case run.last == qA:
			cost += 0.5
		default:
			cost++
		}
	}
	return cost
}

// crossDistance is the weighted edit distance between an Arabic word's
// letters and a Latin word's sounds.
func crossDistance(a []rune, l []lunit) float64 {
	n, m := len(a), len(l)
	const inf = 1e9
	var buf [256]float64
	var d []float64
	if (n+1)*(m+1) <= len(buf) {
		d = buf[:(n+1)*(m+1)]
	} else {
		d = make([]float64, (n+1)*(m+1))
	}
	for i := range d {
		d[i] = inf
	}
	at := func(i, j int) *float64 { return &d[i*(m+1)+j] }
	*at(0, 0) = 0
	relax := func(i, j int, v float64) {
		if p := at(i, j); v < *p {
			*p = v
		}
	}
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			cur := *at(i, j)
			if cur >= inf {
				continue
			}
			if i < n && j < m && l[j].c != 0 && (!arabicVowel(a[i]) || a[i] == 'و' || a[i] == 'ي') {
				relax(i+1, j+1, cur+arabicLatinCons(a[i], l[j].c))
			}
			if j < m && l[j].c == 0 {
				for k := 0; k <= 4 && i+k <= n; k++ {
					if k > 0 && !arabicVowel(a[i+k-1]) && !(a[i+k-1] == 'ه' && i+k == n) {
						break
					}
					relax(i+k, j+1, cur+vowelCost(l[j], a[i:i+k], i == 0 && j == 0, j == m-1, i+k == n && k > 0))
				}
			}
			if i < n {
				relax(i+1, j, cur+arabicDrop(a, i, j == 0))
			}
			if j < m && l[j].c != 0 {
				relax(i, j+1, cur+latinDrop(l, j))
			}
		}
	}
	return *at(n, m)
}

// arabicDrop is what an Arabic letter with no Latin counterpart costs.
func arabicDrop(a []rune, i int, latinStart bool) float64 {
	switch a[i] {
	case 'ع':
		if i == 0 && latinStart {
			return 1
		}
		return 0
	case 'ء', 'ئ':
		return 0
	case 'ى':
		return 0.5
	case 'ه':
		if i == len(a)-1 {
			return 0
		}
	}
	return 1
}

func arabicConsonants(a []rune) int {
	n := 0
	for i, r := range a {
		switch {
		case r == 'ا' || r == 'ع' || r == 'ء' || r == 'ئ' || r == 'ى':
		case (r == 'و' || r == 'ي') && i > 0:
		case r == 'ه' && i == len(a)-1:
		default:
			n++
		}
	}
	return n
}

// arabicPairs are Arabic letters confused in spelling, Persian letters
// and their Arabic counterparts, and what confusing them costs.
var arabicPairs = map[[2]rune]float64{
	{'ض', 'ظ'}: 0.3, {'ذ', 'ز'}: 0.5, {'ث', 'س'}: 0.5, {'ت', 'ط'}: 0.5, {'س', 'ص'}: 0.5,
	{'ئ', 'ي'}: 0.1, {'پ', 'ب'}: 0.3, {'چ', 'ج'}: 0.3, {'گ', 'ك'}: 0.3, {'ژ', 'ز'}: 0.3, {'ڤ', 'ف'}: 0.3,
}

func arabicSub(a, b rune) float64 {
	if a == b {
		return 0
	}
	if c, ok := arabicPairs[[2]rune{a, b}]; ok {
		return c
	}
	if c, ok := arabicPairs[[2]rune{b, a}]; ok {
		return c
	}
	return 1
}

func arabicDistance(x, y []rune) float64 {
	m := len(y)
	var b1, b2 [32]float64
	prev, cur := b1[:0], b2[:0]
	if m+1 > len(b1) {
		prev, cur = make([]float64, m+1), make([]float64, m+1)
	} else {
		prev, cur = b1[:m+1], b2[:m+1]
	}
	for j := 1; j <= m; j++ {
		prev[j] = float64(j)
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = float64(i)
		for j := 1; j <= m; j++ {
			cur[j] = min(prev[j-1]+arabicSub(x[i-1], y[j-1]), prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[m]
}

// vocalised are common Arabic names whose short vowels tell them from
// another name with the same letters' skeleton, compared with a Latin
// spelling through their usual vocalisation.
var vocalised = map[string]string{
	"محمد": "muhammad", "محمود": "mahmud", "احمد": "ahmad", "حامد": "hamid", "حمد": "hamad",
	"حسن": "hasan", "حسين": "husain", "سعد": "saad", "سعود": "saud", "سعيد": "said",
	"عمر": "umar", "عمرو": "amr", "عامر": "amir",
}

// newWord prepares a token for comparison.
func newWord(t string) word {
	w := word{text: t, arabic: isArabicWord(t)}
	if w.arabic {
		w.ar = []rune(t)
		w.cons = arabicConsonants(w.ar)
		if v, ok := vocalised[t]; ok {
			w.voc = parseLatin(v)
		}
		if rest, ok := strings.CutPrefix(t, "عبد"); ok && rest != "" {
			r := newWord(rest)
			w.abd, w.rest = true, &r
		}
		return w
	}
	w.lat = parseLatin(t)
	w.cons = latinConsonants(w.lat)
	if rest, ok := strings.CutPrefix(t, "abd"); ok && len(rest) >= 2 && hasLetter(rest) {
		r := newWord(rest)
		w.abd, w.rest = true, &r
	}
	return w
}

// wordSim is how alike two words are, from 0 to 1: 1 - distance /
// (consonants of the longer + 1).
func wordSim(a, b *word) float64 {
	if a.text == b.text {
		return 1
	}
	if !a.arabic && !b.arabic && (len(a.text) == 1) != (len(b.text) == 1) && a.text[0] == b.text[0] {
		// An initial (M. Al Balushi): just enough to agree.
		return 0.86
	}
	if a.abd && b.abd {
		// Abd compounds: the names after Abd (Abdullah ≠ Abdulilah).
		return wordSim(a.rest, b.rest)
	}
	var cost float64
	var l int
	switch {
	case a.arabic && b.arabic:
		cost = arabicDistance(a.ar, b.ar)
		l = max(utf8.RuneCountInString(a.text), utf8.RuneCountInString(b.text))
		return max(0, 1-cost/float64(l))
	case a.arabic != b.arabic:
		ar, la := a, b
		if b.arabic {
			ar, la = b, a
		}
		if ar.voc != nil {
			cost = latinDistance(ar.voc, la.lat)
			l = max(latinConsonants(ar.voc), la.cons) + 1
		} else {
			cost = crossDistance(ar.ar, la.lat)
			l = max(ar.cons, la.cons) + 1
		}
	default:
		cost = latinDistance(a.lat, b.lat)
		l = max(a.cons, b.cons) + 1
	}
	s := max(0, 1-cost/float64(l))
	if !a.arabic && !b.arabic && s < 0.9 && slip(a.text, b.text) {
		s = 0.9
	}
	return s
}

// slip: two Latin words that differ by a typing slip or a plural: two
// neighbouring letters swapped in a word of six letters or more
// (Busaidi, Busiadi), one letter added, dropped or replaced in a word of
// nine or more (Electricity, Electricty), a plural s on a word of five
// or more (Guard, Guards).
func slip(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(x) >= 5 && len(y) == len(x)+1 && y[len(x)] == 's' && string(y[:len(x)]) == string(x) {
		return true
	}
	if len(y)-len(x) > 1 || len(x) < 6 {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if i == len(x) {
		return len(x) >= 9
	}
	if len(x) == len(y) {
		if i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && string(x[i+2:]) == string(y[i+2:]) {
			return true
		}
		return len(x) >= 9 && string(x[i+1:]) == string(y[i+1:])
	}
	return len(x) >= 9 && string(x[i:]) == string(y[i+1:])
}

// coarseClass is the sound class of a consonant for the index's bound:
// letters some transliteration confuses share a class (q, k, g, gh, j; d,
// dh, z, ض, ظ); vowels, y, w and v have none.
func coarseClass(r rune) rune {
	switch r {
	case 'b', 'p', 'ب', 'پ':
		return 'b'
	case 'f', 'ف':
		return 'f'
	case 't', 'T', 'ت', 'ط', 'ث':
		return 't'
	case 'd', 'D', 'z', 'د', 'ذ', 'ض', 'ظ', 'ز':
		return 'd'
	case 'j', 'g', 'G', 'q', 'k', 'Z', 'ج', 'ژ', 'غ', 'ق', 'ك', 'گ':
		return 'k'
	case 'x', 'h', 'ح', 'خ', 'ه':
		return 'h'
	case 's', 'س', 'ص':
		return 's'
	case 'S', 'ش', 'چ':
		return 'S'
	case 'r', 'ر':
		return 'r'
	case 'l', 'ل':
		return 'l'
	case 'm', 'م':
		return 'm'
	case 'n', 'ن':
		return 'n'
	case 'w', 'y', 'v', 'ڤ', 'ا', 'و', 'ي', 'ى', 'ع', 'ء', 'ئ':
		// v too: Persian writes و for v (Javad, جواد).
		return 0
	}
	return r
}

// coarseOf is a word's consonant classes, repeats collapsed; "a" for a
// word with none.
func coarseOf(w *word) string {
	var b []rune
	add := func(r rune) {
		if c := coarseClass(r); c != 0 && (len(b) == 0 || b[len(b)-1] != c) {
			b = append(b, c)
		}
	}
	if w.arabic {
		for i, r := range w.ar {
			if (r == 'ه' || r == 'ح') && i == len(w.ar)-1 {
				continue // Saleh, Fatima: a final h is written or not
			}
			add(r)
		}
	} else {
		for _, u := range w.lat {
			if u.c != 0 && !u.weak {
				add(u.c)
			}
		}
	}
	if len(b) == 0 {
		return "a"
	}
	return string(b)
}
