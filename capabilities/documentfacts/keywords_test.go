package documentfacts

import "testing"

// bytePairs never rules out a word the text holds (nearestCueAt relies on
// it), and rules out one whose end the text lacks.
func TestBytePairsNeverMissAWord(t *testing.T) {
	text := lowerASCII("Invoice Date: 3 May 2026 | تاريخ الاستحقاق: ٣ مايو — valid until")
	p := bytePairsOf(text)
	for i := 0; i < len(text); i++ {
		for j := i + 1; j <= len(text); j++ {
			if !p.mayHold(text[i:j]) {
				t.Fatalf("mayHold(%q) = false, but the text holds it", text[i:j])
			}
		}
	}
	if p.mayHold("penalty") || p.mayHold("الغرامة") {
		t.Error("mayHold: words whose first two bytes the text lacks are not ruled out")
	}
	c, at, ok := nearestCueAt("Invoice Date: ", dateCues)
	if !ok || c.key != "invoice_date" || at != 0 {
		t.Errorf("nearestCueAt = %v %d %v, want invoice_date at 0", c.key, at, ok)
	}
}
