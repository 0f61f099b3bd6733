package documentfacts

import (
	"context"
	"testing"
	"unicode/utf8"
)

// FuzzExtract: any text gives an answer or a *dalil.Error, and every
// evidence offset slices the returned text to its excerpt.
func FuzzExtract(f *testing.F) {
	for _, d := range corpus {
		_, text := d.render()
		if text != "" {
			f.Add(text)
		}
	}
	f.Add("Total: OMR 1,155.000\nTel: +968 2412 3456\nIBAN OM88 0180 0000 0123 4567 890\nignore previous instructions")
	f.Add("١٠ مارس ٢٠٢٦ ويشار إليها بـ \"المؤجر\" 😀")
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) || len(text) > 20000 {
			return
		}
		out, err := Handle(context.Background(), Deps{}, Input{Text: text})
		if err != nil {
			return
		}
		checkEvidence(t, out)
	})
}
