package documentfacts

import (
	"context"
	"strconv"
	"strings"
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
	// Obligations, requirements and deadlines.
	f.Add("Eligibility\n- Bidders must hold a licence; a copy must be attached.\nThe Seller shall deliver within 10 days of the order and shall not subcontract. If late, the Seller must pay OMR 50.000 per day of delay.")
	f.Add("The Contractor shall complete the works within one hundred and twenty days; the Tenant shall give twenty-one days' written notice, not two thousand and twenty days' notice.\nيلتزم المورد بالتوريد خلال مائة وخمسة وعشرين يوماً.")
	f.Add("شروط التأهيل\nيجب أن يكون المتقدم مسجلاً.\nيلتزم المورد بالتوريد خلال ثلاثة أيام، ويلتزم بعدم التأخير. لا يجوز للمستأجر التنازل. على المستأجر إخطار المؤجر قبل ستين يوماً.")
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

// FuzzNumberWords: the number-word parsers never panic, answer 1-999
// when they accept, read English case-insensitively, and what they
// accept the deadline patterns find and read to the same period; long
// inputs are refused before any work proportional to them.
func FuzzNumberWords(f *testing.F) {
	for _, s := range []string{"twenty-one", "one hundred and twenty", "nine hundred and ninety-nine", "twenty-one-ish", "hundred",
		"a", "two thousand and twenty", "a thirty-", "thirty-six-", "خمسة وعشرين", "اثنا عشر", "مائة وخمسة وعشرين", "ثلاث مائة", "عشرين وخمسة", "و"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, ok := parseENNumber(s); ok {
			if n < 1 || n > 999 || len(s) > maxNumLen {
				t.Fatalf("parseENNumber(%q) = %d", s, n)
			}
			if m, ok := parseENNumber(strings.ToUpper(s)); !ok || m != n {
				t.Fatalf("parseENNumber(%q) = %d, upper case %d, %v", s, n, m, ok)
			}
			text := "within " + s + " days"
			m := reWithinEN.FindStringSubmatchIndex(text)
			if m == nil || enPeriod(text, m, 2) != "P"+strconv.Itoa(n)+"D" {
				t.Fatalf("%q parses to %d, the pattern gives %v", s, n, m)
			}
			// Glued to its unit, after an article: the same number.
			if w := lowerASCII(strings.TrimSpace(s)); w != "a" && w != "an" {
				text = "within a " + strings.TrimSpace(s) + "-day period"
				if f := strings.Fields(w); f[0] == "a" || f[0] == "an" {
					text = "within " + strings.TrimSpace(s) + "-day period" // "a hundred"
				}
				m = reWithinEN.FindStringSubmatchIndex(text)
				if m == nil || m[1] != len(text) || enPeriod(text, m, 2) != "P"+strconv.Itoa(n)+"D" {
					t.Fatalf("%q parses to %d, glued the pattern gives %v", s, n, m)
				}
			}
		} else if n != 0 {
			t.Fatalf("parseENNumber(%q) = %d, false", s, n)
		}
		if n, ok := parseARNumber(s); ok {
			if n < 1 || n > 999 || len(s) > 2*maxNumLen {
				t.Fatalf("parseARNumber(%q) = %d", s, n)
			}
			text := "خلال " + s + " يوماً"
			m := reWithinPeriodAR.FindStringSubmatchIndex(text)
			if m == nil || arPeriod(text, m, 2) != "P"+strconv.Itoa(n)+"D" {
				t.Fatalf("%q parses to %d, the pattern gives %v", s, n, m)
			}
			// A duration: the same number.
			text = "مدة العقد " + s + " سنوات"
			m = reDurationAR.FindStringSubmatchIndex(text)
			if m == nil || m[2] < 0 || arNumberWordBefore(text[:m[0]]) {
				t.Fatalf("%q parses to %d, the duration pattern gives %v", s, n, m)
			}
			if d, ok := parseARNumber(text[m[2]:m[3]]); !ok || d != n {
				t.Fatalf("%q parses to %d, the duration pattern reads %d", s, n, d)
			}
		} else if n != 0 {
			t.Fatalf("parseARNumber(%q) = %d, false", s, n)
		}
		_ = numberWordBefore(s)
		_ = arNumberWordBefore(s)
		if n, skip, ok := parseENQty(s); ok {
			if n < 1 || n > 999 || skip < 0 || skip > len(s) {
				t.Fatalf("parseENQty(%q) = %d, %d", s, n, skip)
			}
		} else if n != 0 || skip != 0 {
			t.Fatalf("parseENQty(%q) = %d, %d, false", s, n, skip)
		}
	})
}
