package documentfacts

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Cardinal numbers written in words, 1 to 999, in English and Arabic.
// The regular expressions (enNumWords, arNumWords) find a run of number
// words loosely; parseENNumber and parseARNumber decide whether the run
// is a well-formed number and give its value. A run that does not parse
// gives no period (rather than a part of it read as a smaller number).

// enNumTok is one English number word, loosely: "twen|thir|for|four|fif|
// six|seven|eigh|nine" and "teen|ty" (so also "fourty", a common
// misspelling, and non-words such as "twenteen", which parseENNumber
// rejects). Kept compact: the patterns that use it must stay small
// enough for Go's backtracking matcher (500 instructions), which is much
// faster on sentences than the NFA.
const enNumTok = `(?:(?:twen|thir|fou?r|fif|six|seven|eigh|nine)(?:teen|ty)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred)`

// enNumRun is a run of English number words, each followed by its
// separator: a hyphen, or spaces and optionally "and" ("one hundred and
// twenty-one "). The run ends with its separator (parseENNumber trims
// spaces and rejects a trailing hyphen or "and").
const enNumRun = `(?:` + enNumTok + `(?:\s*-\s*|\s+(?:and\s+)?))+`

// enNumWords is a run, optionally after "a"/"an" ("a hundred "), or
// "a"/"an" alone (one); it ends with a space.
const enNumWords = `(?:an?\s+)?` + enNumRun + `|an?\s+`

// maxNumWords bounds the words of a number ("nine hundred and ninety-nine"
// has five); maxNumLen the bytes of its text.
const (
	maxNumWords = 5
	maxNumLen   = 96
)

var enUnits = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

var enTeens = map[string]int{"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19}

var enTens = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}

// parseENNumber reads an English cardinal in words, case-insensitively:
// "a" or "an" alone (1); below 100 a unit, a teen, a ten or a ten and a
// unit ("twenty-one", "twenty one"); hundreds as a unit (or "a") and
// "hundred", then optionally "and" and a number below 100 ("one hundred
// and twenty", "two hundred five"). Words are separated by spaces or one
// hyphen, "and" by spaces. Anything else ("hundred" alone, "one thousand", "twenty-one-ish",
// "twenty ninety", "one two") does not parse.
func parseENNumber(s string) (int, bool) {
	if len(s) > maxNumLen {
		return 0, false
	}
	s = strings.Trim(s, asciiSpace)
	if s == "" {
		return 0, false
	}
	var toks [maxNumWords]string
	var hyphenAfter [maxNumWords]bool // the separator after the word is a hyphen
	n := 0
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			j++
		}
		if j == i || n == maxNumWords {
			return 0, false
		}
		toks[n] = strings.ToLower(s[i:j])
		n++
		// A separator: spaces, or one hyphen with spaces around it.
		k := j
		for k < len(s) && isSpaceByte(s[k]) {
			k++
		}
		if k < len(s) && s[k] == '-' {
			hyphenAfter[n-1] = true
			k++
			for k < len(s) && isSpaceByte(s[k]) {
				k++
			}
		}
		if k == j && k < len(s) || k == len(s) && k != j {
			return 0, false // a word glued to a non-letter, or a trailing separator
		}
		i = k
	}
	// "and" stands between spaces ("hundred-and-five" is no number).
	for i := range n {
		if toks[i] == "and" && (hyphenAfter[i] || i > 0 && hyphenAfter[i-1]) {
			return 0, false
		}
	}
	w := toks[:n]
	if (w[0] == "a" || w[0] == "an") && hyphenAfter[0] {
		return 0, false // "a-hundred": an article is not joined by a hyphen
	}
	if len(w) == 1 && (w[0] == "a" || w[0] == "an") {
		return 1, true
	}
	hundreds := 0
	if len(w) >= 2 && w[1] == "hundred" {
		if w[0] == "a" || w[0] == "an" {
			hundreds = 1
		} else if u, ok := enUnits[w[0]]; ok {
			hundreds = u
		} else {
			return 0, false
		}
		w = w[2:]
		if len(w) > 0 && w[0] == "and" {
			w = w[1:]
			if len(w) == 0 {
				return 0, false
			}
		}
	}
	rest, ok := enBelow100(w)
	if !ok || hundreds == 0 && rest == 0 {
		return 0, false
	}
	return hundreds*100 + rest, true
}

// enBelow100 reads 0 (no words) to 99.
func enBelow100(w []string) (int, bool) {
	switch len(w) {
	case 0:
		return 0, true
	case 1:
		if v, ok := enUnits[w[0]]; ok {
			return v, true
		}
		if v, ok := enTeens[w[0]]; ok {
			return v, true
		}
		v, ok := enTens[w[0]]
		return v, ok
	case 2:
		t, ok1 := enTens[w[0]]
		u, ok2 := enUnits[w[1]]
		return t + u, ok1 && ok2
	}
	return 0, false
}

// parseENQty reads the number before a unit as the patterns find it (a
// run of number words ending with its separator): a cardinal
// ("twenty-one ", parseENNumber), or one glued to its unit by a hyphen
// ("thirty-day", "twenty-one-day", "one hundred-day"). Glued, a leading
// "a"/"an" that does not read with the rest is the article of the noun
// phrase ("a thirty-day period": 30); skip is then its length with its
// spaces, the number starting after it. "a"/"an" alone before the hyphen
// ("a-day") is no number.
func parseENQty(s string) (n, skip int, ok bool) {
	if n, ok := parseENNumber(s); ok {
		return n, 0, true
	}
	s = strings.TrimRight(s, asciiSpace)
	if len(s) > maxNumLen || !strings.HasSuffix(s, "-") {
		return 0, 0, false
	}
	s = strings.TrimRight(s[:len(s)-1], asciiSpace)
	start := len(s) - len(strings.TrimLeft(s, asciiSpace))
	w := lowerASCII(s[start:])
	if w == "a" || w == "an" {
		return 0, 0, false
	}
	if n, ok := parseENNumber(s); ok {
		return n, 0, true
	}
	for _, a := range []string{"a", "an"} {
		if len(w) > len(a) && w[:len(a)] == a && isSpaceByte(w[len(a)]) {
			rest := strings.TrimLeft(w[len(a):], asciiSpace)
			if n, ok := parseENNumber(rest); ok {
				return n, len(s) - len(rest), true
			}
		}
	}
	return 0, 0, false
}

// asciiSpace is what \s matches in Go's regexp; the parsers separate
// words by it alone, so that what they read is what the patterns find.
const asciiSpace = " \t\n\r\f"

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// numberWordBefore says whether the text before a number found by an
// unanchored pattern ends with a number word, "thousand" and the like,
// or a hyphen, or such a word and "and": the number found is then the
// tail of a larger one ("two thousand and twenty days' notice") and gives
// no period.
func numberWordBefore(before string) bool {
	s := strings.TrimRight(before, asciiSpace)
	if strings.HasSuffix(s, "-") {
		s = strings.TrimRight(s[:len(s)-1], asciiSpace)
	}
	w, rest := lastASCIIWord(s)
	w = strings.ToLower(w)
	if w == "and" {
		w, _ = lastASCIIWord(strings.TrimRight(rest, asciiSpace))
		w = strings.ToLower(w)
	}
	switch w {
	case "":
		return false
	case "hundred", "thousand", "million", "billion", "zero":
		return true
	}
	_, ok := parseENNumber(w)
	return ok && w != "a" && w != "an"
}

// lastASCIIWord is the run of ASCII letters that ends s, and what is
// before it.
func lastASCIIWord(s string) (word, rest string) {
	i := len(s)
	for i > 0 && (s[i-1] >= 'a' && s[i-1] <= 'z' || s[i-1] >= 'A' && s[i-1] <= 'Z') {
		i--
	}
	return s[i:], s[:i]
}

// Arabic number words. arAtoms holds each word's value and kind; a word
// may carry the conjunction و ("وعشرين").
type arAtom struct {
	v    int
	kind byte // 'u' unit 1-9, 't' ten (عشرة), 'T' tens 20-90, 'h' hundreds, 'm' مائة (can follow a unit: ثلاث مائة)
}

var arAtoms = map[string]arAtom{
	"واحد": {1, 'u'}, "واحدة": {1, 'u'}, "أحد": {1, 'u'}, "احد": {1, 'u'}, "إحدى": {1, 'u'}, "احدى": {1, 'u'},
	"اثنين": {2, 'u'}, "اثنان": {2, 'u'}, "اثنتين": {2, 'u'}, "اثنتان": {2, 'u'}, "اثنا": {2, 'u'}, "اثني": {2, 'u'}, "اثنتا": {2, 'u'}, "اثنتي": {2, 'u'},
	"إثنين": {2, 'u'}, "إثنان": {2, 'u'}, "إثنا": {2, 'u'}, "إثني": {2, 'u'},
	"ثلاثة": {3, 'u'}, "ثلاث": {3, 'u'}, "أربعة": {4, 'u'}, "أربع": {4, 'u'}, "اربعة": {4, 'u'}, "اربع": {4, 'u'},
	"خمسة": {5, 'u'}, "خمس": {5, 'u'}, "ستة": {6, 'u'}, "ست": {6, 'u'}, "سبعة": {7, 'u'}, "سبع": {7, 'u'},
	"ثمانية": {8, 'u'}, "ثماني": {8, 'u'}, "ثمان": {8, 'u'}, "ثمانٍ": {8, 'u'}, "تسعة": {9, 'u'}, "تسع": {9, 'u'},
	"عشرة": {10, 't'}, "عشر": {10, 't'},
	"عشرين": {20, 'T'}, "عشرون": {20, 'T'}, "ثلاثين": {30, 'T'}, "ثلاثون": {30, 'T'},
	"أربعين": {40, 'T'}, "أربعون": {40, 'T'}, "اربعين": {40, 'T'}, "اربعون": {40, 'T'},
	"خمسين": {50, 'T'}, "خمسون": {50, 'T'}, "ستين": {60, 'T'}, "ستون": {60, 'T'}, "سبعين": {70, 'T'}, "سبعون": {70, 'T'},
	"ثمانين": {80, 'T'}, "ثمانون": {80, 'T'}, "تسعين": {90, 'T'}, "تسعون": {90, 'T'},
	"مائة": {100, 'm'}, "مئة": {100, 'm'},
	"مائتين": {200, 'h'}, "مائتان": {200, 'h'}, "مائتي": {200, 'h'}, "مائتا": {200, 'h'}, "مئتين": {200, 'h'}, "مئتان": {200, 'h'}, "مئتي": {200, 'h'}, "مئتا": {200, 'h'},
	"ثلاثمائة": {300, 'h'}, "ثلاثمئة": {300, 'h'}, "أربعمائة": {400, 'h'}, "أربعمئة": {400, 'h'}, "اربعمائة": {400, 'h'}, "اربعمئة": {400, 'h'},
	"خمسمائة": {500, 'h'}, "خمسمئة": {500, 'h'}, "ستمائة": {600, 'h'}, "ستمئة": {600, 'h'}, "سبعمائة": {700, 'h'}, "سبعمئة": {700, 'h'},
	"ثمانمائة": {800, 'h'}, "ثمانمئة": {800, 'h'}, "ثمانيمائة": {800, 'h'}, "تسعمائة": {900, 'h'}, "تسعمئة": {900, 'h'},
}

// arNumWords is a run of Arabic number words, each followed by spaces
// and optionally و ("خمسة وعشرين "); parseARNumber decides. The words are
// sorted so that the regexp parser factors their common prefixes (a
// smaller program).
var arNumWords = func() string {
	words := make([]string, 0, len(arAtoms))
	for w := range arAtoms {
		words = append(words, w)
	}
	slices.Sort(words)
	return `(?:(?:` + strings.Join(words, `|`) + `)\s+(?:و\s*)?)+`
}()

// parseARNumber reads an Arabic cardinal in words, 1 to 999: a unit
// (واحد ... تسعة), عشرة, a teen as a unit and عشر/عشرة (خمسة عشر), a
// ten (عشرين ... تسعين), a unit and و and a ten (واحد وعشرين); hundreds
// (مائة/مئة, مائتين, ثلاثمائة or ثلاث مائة ...) optionally followed by
// و and a number below 100 (مائة وعشرين, مائة وخمسة وعشرين). The
// conjunction may be written apart (و عشرين). Anything else (a ten
// before a unit, a conjunction at the start, ألف) does not parse.
func parseARNumber(s string) (int, bool) {
	if len(s) > 2*maxNumLen {
		return 0, false
	}
	type tok struct {
		a    arAtom
		conj bool
	}
	var toks [maxNumWords]tok
	n := 0
	pending := false // a و written apart
	for f := range strings.FieldsFuncSeq(s, func(r rune) bool { return r < utf8.RuneSelf && isSpaceByte(byte(r)) }) {
		if f == "و" {
			if pending {
				return 0, false
			}
			pending = true
			continue
		}
		a, ok := arAtoms[f]
		conj := pending
		if !ok {
			r, size := utf8.DecodeRuneInString(f)
			if r != 'و' || pending {
				return 0, false
			}
			if a, ok = arAtoms[f[size:]]; !ok {
				return 0, false
			}
			conj = true
		}
		if n == maxNumWords {
			return 0, false
		}
		toks[n] = tok{a, conj}
		n++
		pending = false
	}
	if n == 0 || pending || toks[0].conj {
		return 0, false
	}
	w := toks[:n]
	hundreds := 0
	switch {
	case w[0].a.kind == 'h' || w[0].a.kind == 'm':
		hundreds, w = w[0].a.v, w[1:]
	case len(w) >= 2 && w[0].a.kind == 'u' && w[0].a.v >= 3 && w[1].a.kind == 'm' && !w[1].conj:
		hundreds, w = w[0].a.v*100, w[2:]
	}
	if hundreds > 0 && len(w) > 0 {
		if !w[0].conj {
			return 0, false
		}
		w[0].conj = false
	}
	rest := 0
	switch len(w) {
	case 0:
	case 1:
		if w[0].a.kind != 'u' && w[0].a.kind != 't' && w[0].a.kind != 'T' {
			return 0, false
		}
		rest = w[0].a.v
	case 2:
		switch {
		case w[0].a.kind == 'u' && w[1].a.kind == 't' && !w[1].conj: // خمسة عشر
			rest = 10 + w[0].a.v
		case w[0].a.kind == 'u' && w[1].a.kind == 'T' && w[1].conj: // خمسة وعشرين
			rest = w[0].a.v + w[1].a.v
		default:
			return 0, false
		}
	default:
		return 0, false
	}
	if hundreds+rest == 0 {
		return 0, false
	}
	return hundreds + rest, true
}

// arNumberWordBefore says whether an Arabic number or dual found by an
// unanchored pattern at the end of before cannot be read on its own: it
// starts inside a word ("وثلاثة أشهر", "اليومين"; but a single ب, ل or ك
// before it is a preposition: "لسنتين"), or the word before it is و, a
// number word, or ألف/مليون and the like: it is then the tail of a
// larger number or of a sum ("ألف و عشرين يوماً", "سنة وشهرين") and gives
// no duration rather than a part of one.
func arNumberWordBefore(before string) bool {
	r, size := utf8.DecodeLastRuneInString(before)
	if size == 0 {
		return false
	}
	if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
		if r == 'و' {
			// "و" glued to the number: "and". The tail of a number or of
			// a sum when the word before it is a number or a unit ("ألف
			// وعشرين", "سنة وستة أشهر"); else a duration of its own
			// ("سنتان على الأجهزة وخمس سنوات على الضاغط").
			rest := before[:len(before)-size]
			if p, _ := utf8.DecodeLastRuneInString(rest); p == utf8.RuneError || unicode.IsSpace(p) {
				s := strings.TrimRight(rest, asciiSpace)
				w := s[strings.LastIndexAny(s, asciiSpace)+1:]
				_, atom := arAtoms[w]
				_, dual := arDuals[w]
				return w == "" || atom || dual || durationUnit(w) != "" || arNumberish(w)
			}
		}
		if r != 'ب' && r != 'ل' && r != 'ك' {
			return true
		}
		p, _ := utf8.DecodeLastRuneInString(before[:len(before)-size])
		return unicode.IsLetter(p) || unicode.Is(unicode.Mn, p)
	}
	s := strings.TrimRight(before, asciiSpace)
	i := strings.LastIndexAny(s, asciiSpace)
	w := s[i+1:]
	switch w {
	case "و", "ألف", "الف", "آلاف", "الاف", "ألفين", "ألفان", "ألفي", "الفين", "مليون", "ملايين":
		return true
	}
	if _, ok := arAtoms[w]; ok {
		return true
	}
	if c, size := utf8.DecodeRuneInString(w); c == 'و' {
		_, ok := arAtoms[w[size:]]
		return ok
	}
	return false
}

// arNumberish: ألف, مليون and their forms (a number's larger part).
func arNumberish(w string) bool {
	switch w {
	case "ألف", "الف", "آلاف", "الاف", "ألفين", "ألفان", "ألفي", "الفين", "مليون", "ملايين":
		return true
	}
	return false
}

// arLetterAfter says whether after starts with a letter: a unit found by
// an unanchored pattern is then the start of a longer word ("شهر" of
// "شهرية").
func arLetterAfter(after string) bool {
	r, size := utf8.DecodeRuneInString(after)
	return size > 0 && unicode.IsLetter(r)
}
