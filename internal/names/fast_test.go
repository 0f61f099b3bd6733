package names

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// TestRuneFastPaths: the shortcuts of isArabicRune and split agree with
// the Unicode tables for every rune.
func TestRuneFastPaths(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := isArabicRune(r), unicode.Is(unicode.Arabic, r); got != want {
			t.Fatalf("isArabicRune(%U) = %v, want %v", r, got, want)
		}
	}
	for r := rune(0); r < 0x80; r++ {
		if isMark(r) {
			t.Fatalf("ASCII %U is a mark: split's shortcut skips it", r)
		}
		lower := r
		if 'A' <= r && r <= 'Z' {
			lower += 'a' - 'A'
		}
		if lower != unicode.ToLower(r) {
			t.Fatalf("ToLower(%U)", r)
		}
	}
	for r := range cyrillic {
		if r < 0x400 || r >= 0x500 {
			t.Fatalf("Cyrillic %U outside the range split looks it up in", r)
		}
	}
}

// TestNFKDInert: a string of the runes split does not put through NFKD
// is what NFKD makes of it, whatever their order.
func TestNFKDInert(t *testing.T) {
	var inert []rune
	for r := rune(0); r < 0x700; r++ {
		if nfkdInert(string(r)) {
			inert = append(inert, r)
		}
	}
	if len(inert) < 128+40 || nfkdInert("أحمد") || nfkdInert("مُحَمَّد") || !nfkdInert("محمد Ali") {
		t.Fatalf("%d inert runes; أحمد, مُحَمَّد, محمد Ali: %v %v %v", len(inert), nfkdInert("أحمد"), nfkdInert("مُحَمَّد"), nfkdInert("محمد Ali"))
	}
	r := rand.New(rand.NewPCG(6, 6))
	for range 20000 {
		rs := make([]rune, 1+r.IntN(12))
		for i := range rs {
			rs[i] = inert[r.IntN(len(inert))]
		}
		if s := string(rs); norm.NFKD.String(s) != s {
			t.Fatalf("NFKD changes %q (%U)", s, rs)
		}
	}
}

// TestSplitAsReference: split with its shortcuts (ASCII and Arabic
// letters without marks not put through NFKD, ASCII and the Arabic alphabet not looked up in the Unicode
// tables) cuts every corpus name as the plain version does.
func TestSplitAsReference(t *testing.T) {
	for _, s := range corpusNames(t) {
		if got, want := split(s), splitReference(s); !slices.Equal(got, want) {
			t.Fatalf("split(%q) = %q, want %q", s, got, want)
		}
	}
}

// splitReference is split without its shortcuts.
func splitReference(s string) []string {
	s = norm.NFKD.String(s)
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
			cur = append(cur, 'l')
			flush()
			continue
		case r == '\u0654' && len(cur) > 0 && (cur[len(cur)-1] == 'ي' || cur[len(cur)-1] == 'ى'):
			cur[len(cur)-1] = 'ئ'
			continue
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
		ar := unicode.Is(unicode.Arabic, r)
		if len(cur) > 0 && ar != arabic && unicode.IsLetter(r) {
			flush()
		}
		if unicode.IsLetter(r) {
			arabic = ar
		}
		r = unicode.ToLower(r)
		if l, ok := cyrillic[r]; ok {
			cur = append(cur, []rune(l)...)
			continue
		}
		cur = append(cur, r)
	}
	flush()
	return out
}
