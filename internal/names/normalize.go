// Package names normalises and compares the names of people and
// companies the way they are written in the Gulf: in Arabic script and in
// its many Latin transliterations (محمد, Mohammed, Muhammad, Mohamed),
// with or without diacritics, titles (Sheikh, Sayyid, General), kinship
// words (bin, Al) and legal forms (LLC, SAOG, ش.م.م).
//
// A name becomes a Key (Normalize). Two keys are compared two ways:
//
//   - Match (match.go, words.go) decides whether two names are the same
//     name: their parts compared in their roles and order (a person's
//     given, father's and family names; a company's words), each word by
//     sound within and across scripts. MatchThreshold applies to it;
//     Explain says how the parts agreed; Index.Matches finds the names
//     reaching a threshold.
//   - Similarity is a resemblance for ranking search results: a Dice
//     coefficient over character bigrams, word order ignored, computed on
//     the representation both names share: a phonetic Latin spelling
//     (vowels folded to one letter, kh→k, q→k), the folded Arabic
//     letters, or the consonant skeleton across scripts (محمد and
//     Mohammed are both "mhmd"). Index.Search finds the names reaching a
//     threshold.
package names

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Script is the writing system of a normalised name.
type Script uint8

// Scripts. A name whose words are all digits is Latin.
const (
	Latin Script = iota
	Arabic
	Mixed
)

// Key is a normalised name: its words folded (lower case, no diacritics,
// Arabic letter variants folded), articles, honorifics, kinship particles
// and legal forms removed, "Abd" compounds joined, in their original
// order. The zero Key is empty and similar to nothing.
type Key struct {
	tokens []string
	script Script
	// reps are the sorted bigram multisets of the three representations
	// Similarity compares (see the package comment), made on first use:
	// Match does not read them, so a key only matched never pays for
	// them.
	reps *reps

	// For Match: the words with their marks (article, bin), ready to
	// compare; whether the name is a company's; how many words a family
	// name written first has (AL-HOSNI, Ali: 1); the titles and legal
	// forms removed; the sorted multiset of sound-class bigrams (the
	// index's bound).
	toks     []tok
	words    []word
	company  bool
	famFirst int
	removed  []removed
	coarse   []uint64
	ident    string // id()

	// For a company's name compared across languages (translate.go):
	// the runs of words that are forms of the dictionary, the sorted
	// classes of their meanings, and the count tbound divides by.
	spans   []span
	classes []uint64
	teff    int
}

// Normalize turns a name into its matching key. It never fails: a string
// with no letters or digits gives the empty key.
func Normalize(s string) Key {
	p := parse(s)
	return keyOf(p, findSpans(p.toks))
}

// keyOf makes the key of a parsed name whose dictionary spans are spans
// (findSpans of its words): Normalize's work after the parse, which
// FromForm does too from a stored form.
func keyOf(p parsed, spans []span) Key {
	toks := make([]string, len(p.toks))
	for i, t := range p.toks {
		toks[i] = t.w
	}
	k := Key{tokens: toks, toks: p.toks, company: p.company, removed: p.removed}
	k.words = make([]word, len(toks))
	cw := make([]string, len(toks))
	initials := 0
	for i, t := range toks {
		k.words[i] = newWord(t)
		cw[i] = coarseOf(&k.words[i])
		if !k.words[i].arabic && len(t) == 1 {
			// An initial stands for a word it starts: it adds nothing
			// to the bound (M. Al Balushi, Mohammed Al Balushi).
			cw[i] = ""
			initials++
		}
	}
	if initials == len(toks) {
		cw = toks
	}
	k.coarse = grams(cw)
	if k.spans = spans; len(k.spans) > 0 {
		// teff: the sound bigrams of the words outside the spans, and
		// one for each span.
		k.teff = len(k.coarse)
		for _, sp := range k.spans {
			k.classes = append(k.classes, classMark|uint64(lex.class[sp.ids[0]]))
			for x := range sp.n {
				if w := cw[sp.at+x]; w != "" {
					k.teff -= utf8.RuneCountInString(w) + 1
				}
			}
		}
		k.teff += len(k.spans)
		slices.Sort(k.classes)
	}
	for i, t := range p.toks {
		if t.comma && i+1 < len(p.toks) {
			k.famFirst = i + 1
			break
		}
	}
	if k.famFirst == 0 && !k.company && len(p.toks) >= 2 && p.toks[0].art {
		k.famFirst = 1
	}
	var hasLatin, hasArabic bool
	for _, t := range toks {
		switch {
		case isArabicWord(t):
			hasArabic = true
		case hasLetter(t):
			hasLatin = true
		}
	}
	switch {
	case hasArabic && hasLatin:
		k.script = Mixed
	case hasArabic:
		k.script = Arabic
	}
	if !k.Empty() {
		k.ident = k.makeID()
		k.reps = &reps{}
	}
	return k
}

// reps are a key's Similarity representations, made once (Key.gramsOf).
type reps struct {
	once sync.Once
	// latin is set for Latin keys, arabic for Arabic keys, skel always.
	latin, arabic, skel []uint64
}

// make computes the representations of a key of words toks and script
// sc.
func (r *reps) make(toks []string, sc Script) {
	skel := make([]string, 0, len(toks))
	for _, t := range toks {
		skel = append(skel, skeleton(t))
	}
	r.skel = grams(skel)
	switch sc {
	case Latin:
		ph := make([]string, 0, len(toks))
		for _, t := range toks {
			ph = append(ph, phonetic(t))
		}
		r.latin = grams(ph)
	case Arabic:
		f := make([]string, len(toks))
		for i, t := range toks {
			f[i] = foldYaHamza(t)
		}
		r.arabic = grams(f)
	}
}

// String is the key's words joined by one space, in their original order:
// the normalised name to show or to compare exactly.
func (k Key) String() string { return strings.Join(k.tokens, " ") }

// Sorted is the key's words sorted and joined by one space: two names
// with the same words in another order have the same Sorted.
func (k Key) Sorted() string {
	t := slices.Clone(k.tokens)
	slices.Sort(t)
	return strings.Join(t, " ")
}

// id identifies the key: keys with the same id compare alike with
// every key.
// The words' marks (article, bin), a family name written first and a
// company's name change how a key compares, so they are part of it.
func (k Key) id() string {
	if k.ident != "" || k.Empty() {
		return k.ident
	}
	return k.makeID()
}

func (k Key) makeID() string {
	var b strings.Builder
	b.WriteRune(rune('0' + k.script))
	b.WriteRune(rune('0' + k.famFirst))
	if k.company {
		b.WriteByte('c')
	}
	for _, t := range k.toks {
		b.WriteByte(' ')
		if t.art {
			b.WriteByte('+')
		}
		if t.pat {
			b.WriteByte('^')
		}
		if t.ll {
			b.WriteByte('~')
		}
		b.WriteString(t.w)
	}
	return b.String()
}

// Tokens are the key's words (a copy).
func (k Key) Tokens() []string { return slices.Clone(k.tokens) }

// Script is the writing system of the key's words.
func (k Key) Script() Script { return k.script }

// Empty reports whether the name had nothing left to match on.
func (k Key) Empty() bool { return len(k.tokens) == 0 }

// Skeleton is the key's consonant skeleton, word by word: the form an
// Arabic spelling and its transliterations share (محمد and Mohammed are
// both "mhmd").
func (k Key) Skeleton() string {
	out := make([]string, 0, len(k.tokens))
	for _, t := range k.tokens {
		if s := skeleton(t); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// Similarity is how alike two names are, from 0 (nothing shared) to 1
// (the same key). It is symmetric, and insensitive to case, spacing,
// diacritics, word order, honorifics and legal forms.
func Similarity(a, b string) float64 { return Normalize(a).Similarity(Normalize(b)) }

// Similarity is the Dice coefficient of the two keys' bigram multisets in
// the representation they share (see the package comment).
func (k Key) Similarity(o Key) float64 {
	if k.Empty() || o.Empty() {
		return 0
	}
	return dice(k.gramsFor(o.script), o.gramsFor(k.script))
}

// gramsFor is the representation k is compared in against a key of
// script other.
func (k Key) gramsFor(other Script) []uint64 { return k.gramsOf(k.repFor(other)) }

// rep names a representation (for the index).
type rep uint8

const (
	repLatin rep = iota
	repArabic
	repSkel
	nReps
)

func (k Key) repFor(other Script) rep {
	switch {
	case k.script == Latin && other == Latin:
		return repLatin
	case k.script == Arabic && other == Arabic:
		return repArabic
	}
	return repSkel
}

func (k Key) gramsOf(r rep) []uint64 {
	if k.reps == nil {
		return nil
	}
	k.reps.once.Do(func() { k.reps.make(k.tokens, k.script) })
	switch r {
	case repLatin:
		return k.reps.latin
	case repArabic:
		return k.reps.arabic
	}
	return k.reps.skel
}

// tok is a word of a name as the parser sees it, with what its
// neighbours said about it.
type tok struct {
	w string
	// art: the word carried the article (Al-Hosni, الحوسني) or آل
	// before it: a family or tribal name, or a company's word.
	art bool
	// pat: the word came after bin, ibn or bint: a father's (or an
	// ancestor's) name.
	pat bool
	// comma: a comma followed the word (AL-HOSNI, Ali: the family name
	// written first).
	comma bool
	// kin is the Latin kinship word before the word (ben in Ben Ali,
	// which the Maghreb writes as a family name, Benali).
	kin string
	// ll: the Arabic word began with لل, taken for ل and the article
	// (للتجارة), which may be ل before a word that starts with ل
	// (للحوم: for meats).
	ll bool
}

// removed is a word the parser dropped and why: "title" or "legal form".
type removed struct{ word, kind string }

// parsed is a name cut into its words, with what was removed.
type parsed struct {
	toks    []tok
	removed []removed
	// company: a legal form or a word that names a business (Trading,
	// Bank, شركة) was seen: the words are compared in their order, all
	// of them.
	company bool
}

// tokens splits, folds and filters a name into its words.
func tokens(s string) []string {
	p := parse(s)
	out := make([]string, len(p.toks))
	for i, t := range p.toks {
		out[i] = t.w
	}
	return out
}

// parse splits, folds and filters a name into its words: articles,
// kinship words (bin, bint), titles and legal forms removed, what they
// said about the words next to them kept on those words.
func parse(s string) parsed {
	var p parsed
	raw := joinInitials(splitToks(s, &p))
	folded := raw[:0]
	for _, t := range raw {
		if isArabicWord(t.w) {
			f := foldArabic(t.w)
			t.w = stripArticle(f)
			t.art = t.w != f
			t.ll = t.art && strings.HasPrefix(f, "لل")
			if t.w == "" {
				continue // a lone hamza
			}
		}
		folded = append(folded, t)
	}
	raw = folded
	raw = dropSunArticles(dropPhrases(raw, &p))
	for _, t := range raw {
		if legalForms[t.w] || companyWords[t.w] || marksCompany(t.w) {
			p.company = true
		}
	}
	raw = stripLeadTitles(raw, &p)
	kept := raw[:0:0]
	mark := func(i int, art, pat bool) {
		if i < len(raw) {
			raw[i].art = raw[i].art || art
			raw[i].pat = raw[i].pat || pat
		}
	}
	var dropped []removed
	for i, t := range raw {
		if rest, ok := fusedArticle(t, i); ok {
			t.w, t.art = rest, true
		}
		switch {
		case legalForms[t.w]:
			dropped = append(dropped, removed{t.w, "legal form"})
		case articles[t.w]:
			mark(i+1, true, false)
		case t.w == "ben" && i+2 == len(raw) && !isArabicWord(raw[i+1].w) && len(kept) > 0:
			// The Maghreb's family names: Ben Ali is Benali.
			raw[i+1].w = "ben" + raw[i+1].w
			raw[i+1].art = true
		case kinship[t.w]:
			mark(i+1, false, true)
			if i+1 < len(raw) && !isArabicWord(t.w) && !isArabicWord(raw[i+1].w) {
				raw[i+1].kin = t.w
			}
		case particles[t.w]:
		case honorifics[t.w]:
			dropped = append(dropped, removed{t.w, "title"})
		default:
			if full, ok := abbreviations[t.w]; ok {
				t.w = full
			}
			kept = append(kept, t)
			continue
		}
		if t.comma && len(kept) > 0 {
			kept[len(kept)-1].comma = true
		}
	}
	if len(kept) == 0 {
		// A name that is only a legal form or a title ("Sheikh",
		// "Company") keeps its words rather than vanishing.
		kept, dropped = raw, nil
	}
	p.removed = append(p.removed, dropped...)
	p.toks = joinSuffixes(joinAbu(joinAbd(kept)))
	return p
}

// fusedArticle: a Latin word after the first (or before a comma) that
// starts with the article written fused to a name starting with a
// consonant (Mohammed Alhosni, ALBUSAIDI, Ahmed): the name without it.
func fusedArticle(t tok, i int) (string, bool) {
	if isArabicWord(t.w) || i == 0 && !t.comma {
		return "", false
	}
	for _, p := range []string{"al", "el"} {
		if rest, ok := strings.CutPrefix(t.w, p); ok && len(rest) >= 4 && !isVowelRune(rune(rest[0])) && rest[0] != 'l' && hasLetter(rest) {
			return rest, true
		}
	}
	return "", false
}

// splitToks is split, with the commas kept on the word before them. A
// part in brackets that is not a legal form is set aside when something
// is left: it is an alias or an acronym (Shipping Lines (IRISL)).
func splitToks(s string, p *parsed) []tok {
	var out []tok
	s = dropBrackets(s, p)
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '،' || r == ';' || r == '؛' }) {
		ws := split(part)
		for _, w := range ws {
			out = append(out, tok{w: w})
		}
		if len(ws) > 0 {
			out[len(out)-1].comma = true
		}
	}
	if n := len(out); n > 0 {
		out[n-1].comma = false
	}
	return out
}

func dropBrackets(s string, p *parsed) string {
	if !strings.ContainsAny(s, "([") {
		return s
	}
	var b strings.Builder
	var dropped []string
	for {
		i := strings.IndexAny(s, "([")
		if i < 0 {
			break
		}
		closer := ")"
		if s[i] == '[' {
			closer = "]"
		}
		j := strings.Index(s[i:], closer)
		if j < 0 {
			break
		}
		inner := s[i+1 : i+j]
		legal := true
		for _, w := range joinInitials(toks(split(inner))) {
			legal = legal && legalForms[foldArabic(w.w)]
		}
		b.WriteString(s[:i])
		if legal {
			b.WriteString(" " + inner + " ")
		} else {
			b.WriteByte(' ')
			dropped = append(dropped, strings.TrimSpace(inner))
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	if len(dropped) == 0 || len(split(b.String())) == 0 {
		return strings.NewReplacer("(", " ", ")", " ", "[", " ", "]", " ").Replace(strings.Join(append([]string{b.String()}, dropped...), " "))
	}
	for _, d := range dropped {
		if d != "" {
			p.removed = append(p.removed, removed{d, "part in brackets"})
		}
	}
	return b.String()
}

func toks(ws []string) []tok {
	out := make([]tok, len(ws))
	for i, w := range ws {
		out[i] = tok{w: w}
	}
	return out
}

// stripLeadTitles removes the titles a name starts with: ranks (General,
// Brig. Gen., اللواء), religious and courtesy titles (Seyed, Ayatollah,
// سماحة) and the honorifics removed anywhere (Sheikh, Dr). A rank is
// kept in a company's name (General Trading), and a title that is the
// whole name stays.
func stripLeadTitles(ts []tok, p *parsed) []tok {
	i := 0
	for i < len(ts) {
		n := leadTitleAt(ts[i:], p.company)
		if n == 0 {
			break
		}
		i += n
	}
	if i == 0 || i >= len(ts) {
		return ts
	}
	for _, t := range ts[:i] {
		if !particles[t.w] {
			p.removed = append(p.removed, removed{t.w, "title"})
		}
	}
	return ts[i:]
}

// leadTitleAt is the number of words of the title ts starts with, 0 if
// none.
func leadTitleAt(ts []tok, company bool) int {
	for _, ph := range titlePhrases {
		if len(ph) <= len(ts) {
			ok := true
			for j := range ph {
				ok = ok && ts[j].w == ph[j]
			}
			if ok {
				return len(ph)
			}
		}
	}
	t := ts[0]
	if company {
		// A company keeps its words; only the honorifics removed
		// anywhere go.
		if honorifics[t.w] {
			return 1
		}
		return 0
	}
	switch {
	case honorifics[t.w] || leadTitles[t.w]:
		return 1
	case articleTitles[t.w] && t.art:
		return 1
	case rankTitles[t.w]:
		return 1
	case articles[t.w] && len(ts) > 1 && (honorifics[ts[1].w] || leadTitles[ts[1].w] || rankTitles[ts[1].w]):
		// "Al Sayyid": the article of a title.
		return 1
	}
	return 0
}

// joinAbu joins Abu / أبو (father of) and Bu (the Gulf's short form in
// family names) to the word after them: Abu Bakr = Abubakar, Al Bu Said
// = Albusaid, أبو بكر = ابوبكر.
func joinAbu(ts []tok) []tok {
	out := ts[:0]
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if (t.w == "abu" || t.w == "abou" || t.w == "ابو" || t.w == "bu" || t.w == "بو") && i+1 < len(ts) && isArabicWord(t.w) == isArabicWord(ts[i+1].w) {
			nx := ts[i+1]
			i++
			w := nx.w
			if !isArabicWord(w) {
				w = stripLatinArticle(w)
			}
			t.w += w
			t.comma = nx.comma
			t.pat = t.pat || nx.pat
		}
		out = append(out, t)
	}
	return out
}

// joinSuffixes joins the second halves of compound names to the word
// before them, as they are often written fused in Latin: Nasr ad-Din =
// Nasreddin, Nasr Allah = Nasrallah, حزب الله = Hizbullah = Hezbollah.
func joinSuffixes(ts []tok) []tok {
	out := ts[:0]
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		w := t.w
		if n := len(out); n > 0 {
			switch w {
			case "din", "deen", "دين", "له", "lah", "allah", "ullah", "illah", "ollah":
				if isArabicWord(w) == isArabicWord(out[n-1].w) {
					out[n-1].w += strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(w, "al"), "ul"), "ol"), "i")
					if w == "deen" {
						out[n-1].w = strings.TrimSuffix(out[n-1].w, "deen") + "din"
					}
					out[n-1].comma = t.comma
					continue
				}
			}
		}
		if !isArabicWord(w) {
			for _, suf := range []string{"eddine", "eddin", "uddin", "uddeen", "addin", "iddin", "ullah", "allah", "ollah"} {
				if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
					if strings.HasSuffix(suf, "llah") {
						w = strings.TrimSuffix(w, suf) + "lah"
					} else {
						w = strings.TrimSuffix(w, suf) + "din"
					}
					break
				}
			}
		}
		t.w = w
		out = append(out, t)
	}
	return out
}

// apostrophes are deleted inside words (Sa'id is Said); every other
// character that is not a letter or digit separates words.
func isApostrophe(r rune) bool {
	switch r {
	case '\'', '’', '‘', 'ʿ', 'ʾ', 'ʻ', 'ʼ', '`', '´':
		return true
	}
	return false
}

// split lower-cases s, removes diacritics (combining marks, Arabic
// harakat, tatweel), writes Cyrillic in Latin letters, maps every decimal
// digit to ASCII, and cuts it into words at every other character and
// wherever the script changes.
func split(s string) []string {
	if !nfkdInert(s) {
		s = norm.NFKD.String(s)
	}
	var out []string
	var cur []rune
	var arabic bool
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case isApostrophe(r) && len(cur) == 1 && cur[0] == 'a' && i+1 < len(rs) && strings.ContainsRune("tdrzslnTDRZSLN", rs[i+1]):
			// A'Seeb, A'Saffa: the article assimilated to a sun letter,
			// written as Oman writes it.
			cur = append(cur, 'l')
			flush()
			continue
		case r == '\u0654' && len(cur) > 0 && (cur[len(cur)-1] == 'ي' || cur[len(cur)-1] == 'ى'):
			// ئ, decomposed: the hamza on its seat is kept.
			cur[len(cur)-1] = 'ئ'
			continue
		case r >= utf8.RuneSelf && isMark(r):
			continue
		case isApostrophe(r):
			continue
		case unicode.IsDigit(r):
			if d := digitValue(r); d >= 0 {
				r = rune('0' + d)
			}
		case unicode.IsLetter(r):
		default:
			flush()
			continue
		}
		ar := isArabicRune(r)
		if len(cur) > 0 && ar != arabic && unicode.IsLetter(r) {
			flush()
		}
		if unicode.IsLetter(r) {
			arabic = ar
		}
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			cur = append(cur, r)
			continue
		}
		r = unicode.ToLower(r)
		if r >= 0x400 && r < 0x500 {
			if l, ok := cyrillic[r]; ok {
				cur = append(cur, []rune(l)...)
				continue
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// nfkdInert: s is ASCII and Arabic letters that NFKD leaves as they are
// (not أ, which it writes as ا and a hamza), no mark: NFKD would give s
// back.
func nfkdInert(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r < 0x600 || r >= 0x700 || !arabicInert[r-0x600] {
			return false
		}
		i += n
	}
	return true
}

// arabicInert[r-0x600]: NFKD leaves the Arabic block's r as it is, and r
// is a starter (combining class 0, so nothing is reordered around it).
var arabicInert = func() (t [0x100]bool) {
	for r := rune(0x600); r < 0x700; r++ {
		p := norm.NFKD.PropertiesString(string(r))
		t[r-0x600] = p.Size() > 0 && p.CCC() == 0 && len(p.Decomposition()) == 0 && norm.NFKD.String(string(r)) == string(r)
	}
	return t
}()

// cyrillic is a Russian and Ukrainian letter's Latin spelling (the
// common romanisation: ж zh, х kh, ц ts, ч ch, ш sh, щ shch, ю yu, я
// ya), so a name in Cyrillic compares with its transliterations.
var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "yo", 'ж': "zh", 'з': "z", 'и': "i", 'й': "y",
	'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f",
	'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya",
	'і': "i", 'ї': "yi", 'є': "ye", 'ґ': "g",
}

// FoldDigits writes every Arabic-Indic, Persian, Devanagari and
// fullwidth decimal digit of s as its ASCII digit (١٢٣ and ۱۲۳ are 123)
// and leaves everything else as it is: the one digit rule of names and
// of the identifiers compared next to them (CR and registration numbers).
func FoldDigits(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if d := digitValue(r); d >= 0 {
			r = rune('0' + d)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// digitValue is a decimal digit's value, or -1.
func digitValue(r rune) int {
	for _, z := range []rune{'0', '٠', '۰', '०', '０'} {
		if r >= z && r <= z+9 {
			return int(r - z)
		}
	}
	return -1
}

// joinInitials joins runs of two or more one-letter words of one script
// (L.L.C. → llc, ش.م.م → شمم, H.E. → he).
func joinInitials(ws []tok) []tok {
	out := ws[:0]
	for i := 0; i < len(ws); {
		j := i
		for j < len(ws) && isInitial(ws[j].w) && isArabicWord(ws[j].w) == isArabicWord(ws[i].w) && (j == i || !ws[j-1].comma) {
			j++
		}
		if j-i >= 2 {
			var b strings.Builder
			for _, t := range ws[i:j] {
				b.WriteString(t.w)
			}
			out = append(out, tok{w: b.String(), comma: ws[j-1].comma})
			i = j
			continue
		}
		out = append(out, ws[i])
		i++
	}
	return out
}

func isInitial(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
		n++
	}
	return n == 1
}

func isArabicRune(r rune) bool {
	switch {
	case r < 0x600:
		// Below the Arabic block: Latin, Greek, Cyrillic.
		return false
	case r >= 'ء' && r <= 'ي' && r != 'ـ':
		// The Arabic alphabet's letters.
		return true
	}
	return unicode.Is(unicode.Arabic, r)
}

// isMark: r is deleted inside a word (split): a combining mark, the
// tatweel or a format character.
func isMark(r rune) bool {
	return unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || r == 'ـ' || unicode.Is(unicode.Cf, r)
}

func isArabicWord(w string) bool {
	for _, r := range w {
		if isArabicRune(r) && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// foldArabic folds the letter variants spelling does not distinguish:
// alef with hamza or madda and alef wasla → alef, alef maqsura and Persian
// ya → ya, ta marbuta → ha, waw with hamza → waw, a lone hamza dropped,
// Persian kaf → kaf. Ya with hamza (ئ) stays: across scripts it is a
// glottal stop (Raisi, رئيسي), not a long i; Match takes it for ي
// within Arabic, Similarity folds it (foldYaHamza).
func foldArabic(w string) string {
	var b strings.Builder
	for _, r := range w {
		switch r {
		case 'أ', 'إ', 'آ', 'ٱ', 'ٲ', 'ٳ':
			r = 'ا'
		case 'ى', 'ی', 'ې', 'ێ':
			r = 'ي'
		case 'ة', 'ۀ', 'ە':
			r = 'ه'
		case 'ؤ':
			r = 'و'
		case 'ک':
			r = 'ك'
		case 'ء':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// foldYaHamza writes ئ as ي (Similarity's Arabic representation).
func foldYaHamza(w string) string { return strings.ReplaceAll(w, "ئ", "ي") }

// stripArticle removes the article ال (and its forms after the particles
// و and ل: وال, لل) from an Arabic word that is longer than the article.
// آل (family) folds to ال and is dropped as a particle.
func stripArticle(w string) string {
	for _, p := range []string{"وال", "بال", "لل", "ال"} {
		if strings.HasPrefix(w, p) && len([]rune(w))-len([]rune(p)) >= 2 {
			return strings.TrimPrefix(w, p)
		}
	}
	return w
}

// joinAbd joins the compounds of عبد / Abd ("servant of"): Abd al-Aziz,
// Abdul Aziz, Abdulaziz and عبد العزيز all become one word, the article
// between them dropped, so they compare as one name.
func joinAbd(ws []tok) []tok {
	out := ws[:0]
	for i := 0; i < len(ws); i++ {
		t := ws[i]
		if rest, ok := abdPrefix(t.w); ok {
			if rest == "" && i+1 < len(ws) {
				i++
				nx := ws[i].w
				if !isArabicWord(nx) {
					nx = stripLatinArticle(nx)
				}
				t.w = abdStem(t.w) + nx
				t.comma = ws[i].comma
			} else if rest != "" {
				t.w = abdStem(t.w) + rest
			}
		}
		out = append(out, t)
	}
	return out
}

// abdPrefix reports whether w is an Abd compound (or Abd alone) and the
// part after "Abd" and its article.
func abdPrefix(w string) (rest string, ok bool) {
	if isArabicWord(w) {
		if !strings.HasPrefix(w, "عبد") {
			return "", false
		}
		r := strings.TrimPrefix(w, "عبد")
		if r != "" && !strings.HasPrefix(r, "ال") {
			// عبده (Abdu) and the like are names of their own.
			return "", false
		}
		return stripArticle(r), true
	}
	switch w {
	case "abd", "abdul", "abdel", "abdal", "abdol", "abdil", "abdur", "abdus", "abdun", "abdulla", "abdala":
		if w == "abdulla" || w == "abdala" {
			return "la", true
		}
		return "", true
	}
	if w == "abdulah" || w == "abdula" {
		return "la", true // Abdullah with one l
	}
	for _, p := range []string{"abdul", "abdel", "abdal", "abdol", "abdil"} {
		if strings.HasPrefix(w, p) && len(w)-len(p) >= 2 {
			return strings.TrimPrefix(w, p), true
		}
	}
	// The article assimilates to a sun letter and doubles it: Abd
	// ar-Rahman is written Abdurrahman or Abdurahman; either way the word
	// is Rahman.
	for _, p := range []string{"abdur", "abdar", "abdus", "abdas", "abdun", "abdan", "abdud", "abdad", "abdut", "abdat", "abduz", "abdaz", "abdush", "abdash"} {
		if strings.HasPrefix(w, p) && len(w)-len(p) >= 2 {
			rest, c := strings.TrimPrefix(w, p), p[4:]
			if !strings.HasPrefix(rest, c) {
				rest = c + rest
			}
			return rest, true
		}
	}
	if strings.HasPrefix(w, "abd") && len(w) > 5 {
		return strings.TrimPrefix(w, "abd"), true
	}
	return "", false
}

func abdStem(w string) string {
	if isArabicWord(w) {
		return "عبد"
	}
	return "abd"
}

// stripLatinArticle removes a transliterated article fused to the word
// that follows Abd: Abd Allah is Abdullah.
func stripLatinArticle(w string) string {
	for _, p := range []string{"al", "el", "ul"} {
		if strings.HasPrefix(w, p) && len(w)-len(p) >= 3 {
			return w[len(p):]
		}
	}
	return w
}

// dropSunArticles drops a transliterated article that assimilated to the
// word after it (ar-Rahman, as-Sayed, ad-Din, an-Nahda): a Latin word of
// a vowel and one to two consonants that the next word starts with. The
// next word is marked as having had the article.
func dropSunArticles(ws []tok) []tok {
	out := ws[:0]
	art := false
	for i, t := range ws {
		w := t.w
		if i+1 < len(ws) && len(w) >= 2 && len(w) <= 3 && strings.ContainsRune("aeu", rune(w[0])) && !isArabicWord(w) && !t.comma {
			c := w[1:]
			if strings.ContainsRune("rsdntzl", rune(c[0])) && c != "l" && strings.HasPrefix(ws[i+1].w, c) && len(ws[i+1].w) > len(c)+1 {
				art = true
				continue
			}
		}
		t.art = t.art || art
		art = false
		out = append(out, t)
	}
	return out
}

// dropPhrases removes multi-word legal forms ("limited liability
// company", "شركة محدودة المسؤولية"), noting them on p.
func dropPhrases(ws []tok, p *parsed) []tok {
	for _, ph := range legalPhrases {
		for i := 0; i+len(ph) <= len(ws); i++ {
			match := len(ws) > len(ph)
			for j := 0; match && j < len(ph); j++ {
				match = ws[i+j].w == ph[j]
			}
			if match {
				p.company = true
				p.removed = append(p.removed, removed{strings.Join(ph, " "), "legal form"})
				ws = slices.Concat(ws[:i], ws[i+len(ph):])
				i--
			}
		}
	}
	return ws
}

// MatchThreshold is the Match score from which two names are taken to be
// the same name (a possible match to review, for a sanctions screen). It
// was chosen on the labelled pairs in testdata/pairs.tsv and kept for
// Match: its rules put a name's own variants above it and another
// person's or company's name below (testdata/*_pairs.tsv).
const MatchThreshold = 0.85
