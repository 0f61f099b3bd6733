package names

import (
	"slices"
	"unicode/utf8"
)

// Symbols the phonetic forms use beyond lower-case letters.
const (
	symVowel = 'a' // every vowel and vowel run in the Latin phonetic form
	symSh    = 'S' // sh, ch (French transliteration: Chaker)
)

// latinSpecial folds Latin letters NFKD does not decompose.
var latinSpecial = map[rune]string{
	'ı': "i", 'ø': "o", 'ß': "ss", 'æ': "ae", 'œ': "oe", 'đ': "d", 'ð': "d", 'ł': "l", 'þ': "th", 'ħ': "h",
}

// units cuts a Latin word into its sounds: transliteration digraphs
// become one consonant (kh → k, gh → g, sh/ch → S, th → t, dh → d,
// ph → f, zh → z), q and c → k, x → ks, p → b, v → f; vowels (and y
// between vowels is kept) stay as they are for the caller to fold.
func units(w string) []rune {
	var src []rune
	for _, r := range w {
		if s, ok := latinSpecial[r]; ok {
			src = append(src, []rune(s)...)
			continue
		}
		src = append(src, r)
	}
	out := make([]rune, 0, len(src))
	for i := 0; i < len(src); i++ {
		r := src[i]
		var next rune
		if i+1 < len(src) {
			next = src[i+1]
		}
		if next == 'h' {
			switch r {
			case 'k', 'g', 't', 'd', 'z':
				out = append(out, r)
				i++
				continue
			case 's', 'c':
				out = append(out, symSh)
				i++
				continue
			case 'p':
				out = append(out, 'f')
				i++
				continue
			}
		}
		switch r {
		case 'c':
			// English spelling: c before e, i, y is s (Pharmacy); else k.
			if next == 'e' || next == 'i' || next == 'y' {
				r = 's'
				break
			}
			r = 'k'
			if next == 'k' { // ck
				i++
			}
		case 'q':
			r = 'k'
		case 'x':
			out = append(out, 'k')
			r = 's'
		case 'p':
			r = 'b'
		case 'v':
			r = 'f'
		}
		out = append(out, r)
	}
	return out
}

func isVowel(r rune) bool { return r == 'a' || r == 'e' || r == 'i' || r == 'o' || r == 'u' }

// phonetic is a Latin word's spelling for comparing transliterations of
// one name with each other: vowel runs become one 'a', doubled
// consonants one, a final h after a vowel is dropped (Fatimah = Fatima,
// Abdullah = Abdulla). Mohammed, Muhammad and Mohamad are all "mahamad";
// Ahmed "ahmad" and Hamed "hamad" stay apart.
func phonetic(w string) string {
	u := units(w)
	out := make([]rune, 0, len(u))
	for _, r := range u {
		if isVowel(r) {
			r = symVowel
		}
		if n := len(out); n > 0 && out[n-1] == r {
			continue
		}
		out = append(out, r)
	}
	if n := len(out); n >= 3 && out[n-1] == 'h' && out[n-2] == symVowel {
		out = out[:n-1]
	}
	return string(out)
}

// arabicSkeleton maps each Arabic letter to the Latin consonant its
// transliterations use; 0 drops it (alef, ayn, hamza: written as vowels
// or not at all in Latin). Waw and ya are consonants only at the start of
// a word; elsewhere they are long vowels.
var arabicSkeleton = map[rune]rune{
	'ا': 0, 'ع': 0, 'ء': 0, 'ى': 0,
	'ب': 'b', 'پ': 'b', 'ت': 't', 'ث': 't', 'ط': 't',
	'ج': 'j', 'چ': 'j', 'ح': 'h', 'ه': 'h', 'خ': 'k', 'ك': 'k', 'ق': 'k',
	'د': 'd', 'ذ': 'd', 'ض': 'd', 'ظ': 'd', 'ر': 'r', 'ز': 'z',
	'س': 's', 'ص': 's', 'ش': 's', 'غ': 'g', 'گ': 'g', 'ف': 'f', 'ڤ': 'f',
	'ل': 'l', 'م': 'm', 'ن': 'n', 'و': 'w', 'ي': 'y',
}

// skeleton is a word's consonant skeleton: what an Arabic spelling and
// its Latin transliterations have in common. Vowels go (Arabic writes no
// short ones), w and y count only at the start of a word, sh and s are
// one letter (ش and ص/س), ظ is d (the Gulf writes Dhofar, Al Dhaheri), doubled letters are one (shadda), a final h
// goes (ta marbuta), and a word that starts with a vowel starts with
// "a". محمد, Mohammed and Muhammad are all "mhmd"; أحمد and Ahmed "ahmd".
func skeleton(w string) string {
	var src []rune
	if isArabicWord(w) {
		for _, r := range w {
			m, ok := arabicSkeleton[r]
			switch {
			case !ok && r >= '0' && r <= '9':
				src = append(src, r)
			case !ok || m == 0:
				src = append(src, 0)
			default:
				src = append(src, m)
			}
		}
	} else {
		for _, r := range units(w) {
			switch {
			case isVowel(r):
				r = 0
			case r == symSh:
				r = 's'
			}
			src = append(src, r)
		}
	}
	out := make([]rune, 0, len(src)+1)
	if len(src) > 0 && src[0] == 0 {
		// A word that starts with a vowel (alef, ayn, hamza in Arabic)
		// keeps a mark of it: Ahmed (أحمد) is not Hamed (حامد).
		out = append(out, symVowel)
	}
	for i, r := range src {
		if r == 0 || (r == 'w' || r == 'y') && i > 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1] == r {
			continue
		}
		out = append(out, r)
	}
	if n := len(out); n >= 2 && out[n-1] == 'h' {
		out = out[:n-1]
	}
	return string(out)
}

// Word-boundary markers in bigrams.
const (
	markStart = 1
	markEnd   = 2
)

// grams is the sorted multiset of the words' bigrams, each word padded
// with start and end markers and each pair of runes packed in 64 bits.
// Empty words contribute nothing.
func grams(words []string) []uint64 {
	n := 0
	for _, w := range words {
		if w != "" {
			n += utf8.RuneCountInString(w) + 1
		}
	}
	out := make([]uint64, 0, n)
	for _, w := range words {
		if w == "" {
			continue
		}
		prev := rune(markStart)
		for _, r := range w {
			out = append(out, uint64(prev)<<32|uint64(r))
			prev = r
		}
		out = append(out, uint64(prev)<<32|markEnd)
	}
	slices.Sort(out)
	return out
}

// dice is 2|a ∩ b| / (|a| + |b|) over sorted multisets.
func dice(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	return 2 * float64(overlap(a, b)) / float64(len(a)+len(b))
}

// overlap is |a ∩ b| over sorted multisets.
func overlap(a, b []uint64) int {
	inter, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			inter++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return inter
}
