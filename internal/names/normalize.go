// Package names normalises and compares the names of people and
// companies the way they are written in the Gulf: in Arabic script and in
// its many Latin transliterations (محمد, Mohammed, Muhammad, Mohamed),
// with or without diacritics, honorifics (Sheikh, Sayyid, bin, Al) and
// legal forms (LLC, SAOG, ش.م.م), in any word order.
//
// A name becomes a Key (Normalize). Two keys are compared with a Dice
// coefficient over character bigrams (Similarity), computed on the
// representation both names share:
//
//   - both in Latin script: a phonetic spelling where the vowels fold to
//     one letter and transliteration digraphs to one consonant (kh→k,
//     ou→a, q→k), so Mohammed, Muhammad and Mohamad are one spelling but
//     Ahmed and Hamed are not;
//   - both in Arabic script: the Arabic letters with alef, ya, ta marbuta
//     and hamza variants folded;
//   - one in each (or mixed): the consonant skeleton both reduce to (محمد
//     and Mohammed are both "mhmd"), because Arabic writes no short vowels.
//
// Bigrams are taken per word, with word-boundary markers, and pooled as a
// multiset, so word order does not matter. Index retrieves the names that
// can reach a threshold without scoring every name.
package names

import (
	"slices"
	"strings"
	"unicode"

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
	// Sorted bigram multisets of the three representations (see the
	// package comment). latin is set for Latin keys, arabic for Arabic
	// keys, skel always.
	latin, arabic, skel []uint64
}

// Normalize turns a name into its matching key. It never fails: a string
// with no letters or digits gives the empty key.
func Normalize(s string) Key {
	toks := tokens(s)
	k := Key{tokens: toks}
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
	skel := make([]string, 0, len(toks))
	for _, t := range toks {
		skel = append(skel, skeleton(t))
	}
	k.skel = grams(skel)
	switch k.script {
	case Latin:
		ph := make([]string, 0, len(toks))
		for _, t := range toks {
			ph = append(ph, phonetic(t))
		}
		k.latin = grams(ph)
	case Arabic:
		k.arabic = grams(toks)
	}
	return k
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
func (k Key) id() string { return string(rune('0'+k.script)) + k.String() }

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
func (k Key) gramsFor(other Script) []uint64 {
	switch {
	case k.script == Latin && other == Latin:
		return k.latin
	case k.script == Arabic && other == Arabic:
		return k.arabic
	}
	return k.skel
}

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
	switch r {
	case repLatin:
		return k.latin
	case repArabic:
		return k.arabic
	}
	return k.skel
}

// tokens splits, folds and filters a name into its words.
func tokens(s string) []string {
	raw := split(s)
	raw = joinInitials(raw)
	for i, t := range raw {
		if isArabicWord(t) {
			raw[i] = stripArticle(foldArabic(t))
		}
	}
	raw = dropSunArticles(dropPhrases(raw))
	kept := raw[:0:0]
	for _, t := range raw {
		if legalForms[t] || particles[t] || honorifics[t] {
			continue
		}
		kept = append(kept, t)
	}
	if len(kept) == 0 {
		// A name that is only a legal form or a title ("Sheikh",
		// "Company") keeps its words rather than vanishing.
		kept = raw
	}
	return joinSuffixes(joinAbd(kept))
}

// joinSuffixes joins the second halves of compound names to the word
// before them, as they are often written fused in Latin: Nasr ad-Din =
// Nasreddin, Nasr Allah = Nasrallah, حزب الله = Hizbullah, Al Bu Said =
// Albusaid (bu is joined forward).
func joinSuffixes(ws []string) []string {
	out := ws[:0:0]
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if (w == "bu" || w == "بو") && i+1 < len(ws) {
			i++
			out = append(out, w+ws[i])
			continue
		}
		if n := len(out); n > 0 {
			switch w {
			case "din", "deen", "دين", "له", "lah", "allah", "ullah", "illah":
				if isArabicWord(w) == isArabicWord(out[n-1]) {
					out[n-1] += strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(w, "al"), "ul"), "i")
					if w == "deen" {
						out[n-1] = strings.TrimSuffix(out[n-1], "deen") + "din"
					}
					continue
				}
			}
		}
		if !isArabicWord(w) {
			for _, suf := range []string{"eddine", "eddin", "uddin", "uddeen", "addin", "iddin", "ullah", "allah"} {
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
		out = append(out, w)
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
// harakat, tatweel), maps every decimal digit to ASCII, and cuts it into
// words at every other character and wherever the script changes.
func split(s string) []string {
	s = norm.NFKD.String(s)
	var out []string
	var b strings.Builder
	var arabic bool
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || r == 'ـ' || unicode.Is(unicode.Cf, r):
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
		if b.Len() > 0 && ar != arabic && unicode.IsLetter(r) {
			flush()
		}
		if unicode.IsLetter(r) {
			arabic = ar
		}
		b.WriteRune(unicode.ToLower(r))
	}
	flush()
	return out
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
func joinInitials(ws []string) []string {
	out := ws[:0:0]
	for i := 0; i < len(ws); {
		j := i
		for j < len(ws) && isInitial(ws[j]) && isArabicWord(ws[j]) == isArabicWord(ws[i]) {
			j++
		}
		if j-i >= 2 {
			out = append(out, strings.Join(ws[i:j], ""))
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
	return unicode.Is(unicode.Arabic, r)
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
// ya → ya, ta marbuta → ha, waw and ya with hamza → waw and ya, a lone
// hamza dropped, Persian kaf → kaf.
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
		case 'ئ':
			r = 'ي'
		case 'ک':
			r = 'ك'
		case 'ء':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

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
func joinAbd(ws []string) []string {
	out := ws[:0:0]
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if rest, ok := abdPrefix(w); ok {
			if rest == "" && i+1 < len(ws) {
				i++
				nx := ws[i]
				if !isArabicWord(nx) {
					nx = stripLatinArticle(nx)
				}
				w = abdStem(w) + nx
			} else if rest != "" {
				w = abdStem(w) + rest
			}
		}
		out = append(out, w)
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
// a vowel and one to two consonants that the next word starts with.
func dropSunArticles(ws []string) []string {
	out := ws[:0:0]
	for i, w := range ws {
		if i+1 < len(ws) && len(w) >= 2 && len(w) <= 3 && strings.ContainsRune("aeu", rune(w[0])) && !isArabicWord(w) {
			c := w[1:]
			if strings.ContainsRune("rsdntzl", rune(c[0])) && c != "l" && strings.HasPrefix(ws[i+1], c) && len(ws[i+1]) > len(c)+1 {
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// dropPhrases removes multi-word legal forms ("limited liability
// company", "شركة محدودة المسؤولية").
func dropPhrases(ws []string) []string {
	for _, p := range legalPhrases {
		for i := 0; i+len(p) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(p)], p) && len(ws) > len(p) {
				ws = slices.Concat(ws[:i], ws[i+len(p):])
				i--
			}
		}
	}
	return ws
}

// MatchThreshold is the similarity from which two names are taken to be
// the same name (a possible match to review, for a sanctions screen). It
// was chosen on the labelled pairs in testdata/pairs.tsv.
const MatchThreshold = 0.85
