package names

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzNormalize: any string normalises without panicking, scores within
// [0, 1] symmetrically against itself and a reference name, and
// StripLegalForm returns parts of its input.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"Mohammed bin Rashid Al Maktoum", "شركة النور للتجارة ش.م.م", "L.L.C.", "Abd al-Rahman", "Nasr ad-Din", "\xff\xfe", "ـــ", "١٢٣"} {
		f.Add(s)
	}
	ref := Normalize("Al Noor Trading LLC")
	f.Fuzz(func(t *testing.T, s string) {
		k := Normalize(s)
		if a, b := k.Similarity(ref), ref.Similarity(k); a != b || a < 0 || a > 1 {
			t.Fatalf("Similarity %v / %v", a, b)
		}
		if !k.Empty() && k.Similarity(k) != 1 && len(k.gramsOf(repSkel)) > 0 {
			t.Fatalf("not similar to itself: %q", s)
		}
		if utf8.ValidString(s) {
			name, form := StripLegalForm(s)
			if !strings.Contains(s, name) || !strings.Contains(s, form) {
				t.Fatalf("StripLegalForm(%q) = %q, %q", s, name, form)
			}
		}
	})
}
