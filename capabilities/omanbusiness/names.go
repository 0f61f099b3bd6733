package omanbusiness

// TODO(issue 16): replace with internal/names (Gulf name normalisation
// and similarity, built by the sanctions helper) once it is committed.

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

var legalForms = map[string]bool{
	"llc": true, "l.l.c": true, "l.l.c.": true, "saog": true, "saoc": true, "spc": true, "est": true, "est.": true,
	"co": true, "company": true, "ش.م.م": true, "ش.م.ع.ع": true, "ش.م.ع.م": true, "ش.ش.و": true, "مؤسسة": false,
}

// NormalizeName is a company name's matching key.
func NormalizeName(s string) string {
	s = norm.NFKD.String(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || r == 'ـ':
		case r == 'أ' || r == 'إ' || r == 'آ':
			b.WriteRune('ا')
		case r == 'ى':
			b.WriteRune('ي')
		case r == 'ة':
			b.WriteRune('ه')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.':
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(' ')
		}
	}
	var out []string
	for _, w := range strings.Fields(b.String()) {
		if legalForms[w] {
			continue
		}
		w = strings.Trim(w, ".")
		if w == "" || legalForms[w] {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// NameSimilarity is the Dice coefficient of the character bigrams of two
// normalised names.
func NameSimilarity(a, b string) float64 {
	x, y := bigrams(NormalizeName(a)), bigrams(NormalizeName(b))
	if len(x) == 0 || len(y) == 0 {
		return 0
	}
	inter := 0
	for k, n := range x {
		inter += min(n, y[k])
	}
	total := 0
	for _, n := range x {
		total += n
	}
	for _, n := range y {
		total += n
	}
	return 2 * float64(inter) / float64(total)
}

func bigrams(s string) map[string]int {
	r := []rune(strings.ReplaceAll(s, " ", ""))
	m := map[string]int{}
	for i := 0; i+1 < len(r); i++ {
		m[string(r[i:i+2])]++
	}
	return m
}
