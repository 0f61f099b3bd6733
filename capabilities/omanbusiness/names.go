package omanbusiness

// TODO(issue 16): replace with internal/names (Gulf name normalisation
// and similarity, built by the sanctions helper) once it is committed.

import (
	"slices"
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
// normalised names (spaces removed).
func NameSimilarity(a, b string) float64 {
	return dice(grams(NormalizeName(a)), grams(NormalizeName(b)))
}

// grams are a normalised name's character bigrams, spaces removed, each a
// pair of runes packed in 64 bits, sorted (duplicates kept).
func grams(norm string) []uint64 {
	r := []rune(strings.ReplaceAll(norm, " ", ""))
	if len(r) < 2 {
		return nil
	}
	out := make([]uint64, 0, len(r)-1)
	for i := 0; i+1 < len(r); i++ {
		out = append(out, uint64(r[i])<<32|uint64(r[i+1]))
	}
	slices.Sort(out)
	return out
}

// dice is 2 × |a ∩ b| / (|a| + |b|) over sorted multisets.
func dice(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
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
	return 2 * float64(inter) / float64(len(a)+len(b))
}
