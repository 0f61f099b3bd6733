package documentfacts

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"dalil"
)

// FuzzExtract: any text gives an answer or a refusal of the text (never
// EXTRACTION_FAILED, nor an extractor's panic contained in a warning),
// and every evidence offset slices the returned text to its excerpt.
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
	// A parties table with a Role column, a numbered party's role heading
	// and a blank Role cell (the session 28 role passes).
	f.Add("| Party | Role |\n|---|---|\n| Acme Trading LLC | \" \" |\n| Beta Pumps LLC | the \"Leader\" |\nEach Member shall keep the prices. The Leader shall:\n(a) submit the Bid.\nالمؤجر:\nشركة الريم ش.م.م ويشار إليها بالطرف الأول\nالطرف الثاني (العيادة): عيادة النخبة\nتلتزم العيادة بسداد الفاتورة.")
	for _, s := range clauseSeeds() {
		f.Add(s)
	}
	// Every clause seed in one text, over keyModelMinText: the learned
	// key models read it too.
	f.Add(strings.Join(clauseSeeds(), "\n"))
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) || len(text) > 20000 {
			return
		}
		out, err := Handle(context.Background(), Deps{}, Input{Text: text})
		if err != nil {
			// A refusal of the text, never a failure of the extractor.
			if c := dalil.ErrorCode(err); c == CodeExtractionFailed || c == dalil.CodeDocumentTimeout {
				t.Fatalf("%v (cause: %v)", err, errors.Unwrap(err))
			}
			return
		}
		for _, w := range out.Warnings {
			if w.Code == "extractor_failed" {
				t.Fatalf("%s", w.Message) // contained, but a panic all the same
			}
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

// clauseSeeds are sentences shaped as contracts write them, so that the
// fuzzer starts from clauses and not only from fields: every subject
// (negated, "neither ... nor", numbered, a defined term, each/either
// party, Arabic) with every obligation or permission word, in the cases
// contracts use, and whole clauses as written. "Neither party shall
// disclose the terms." answered 500 until the subject and its word were
// read once each (TestNegatedObligations).
func clauseSeeds() []string {
	subjects := []string{"Neither party", "NEITHER PARTY", "neither of the parties", "No party", "Neither the Supplier nor the Buyer",
		"Neither Party nor its Affiliates", "3.2 The Distributor", "12.1.4 Neither party", "(b) the Contractor", "Each party", "Either party",
		"The Provider", "Subject to clause 4, neither party", "The Supplier shall deliver the goods, and neither party", ", nor"}
	words := []string{"shall", "must", "will", "may", "can", "shall not", "must not", "may not", "agrees to", "undertakes to",
		"is required to", "shall be liable for", "shall be deemed", "shall have the right to"}
	var out []string
	for _, s := range subjects {
		for _, w := range words {
			out = append(out, s+" "+w+" disclose the terms of this Agreement within 10 days.")
		}
	}
	return append(out,
		"NEITHER PARTY SHALL DISCLOSE THE TERMS.",
		"Neither party shall disclose the terms. Neither party must disclose the terms. Neither party will assign. Neither party may assign.",
		"Neither the Supplier nor the Buyer shall disclose the terms, nor shall either of them assign this Agreement.",
		"3.2 The Distributor undertakes to keep adequate stock and shall not sell outside the Territory.\n3.3 The Principal shall supply the goods within thirty (30) days.",
		"This Agreement is made between Al Noor Trading LLC, hereinafter referred to as the 'Provider', and Muscat Builders SAOC (hereinafter \"the Client\"). The Provider shall maintain the lifts; the Client will receive a service credit.",
		"Gulf Pipes LLC (the \"Seller\") and Sur Water SAOC (the \"Buyer\"). Neither Gulf Pipes LLC nor Sur Water SAOC may assign.",
		"Neither party shall be liable for any delay caused by force majeure, provided that it notifies the other party within 5 days.",
		"يلتزم المستأجر بدفع الإيجار خلال ٧ أيام. يتحمل المستأجر تكاليف الصيانة. يدفع العميل المبلغ عند الاستلام.",
		"لا يجوز لأي من الطرفين الإفصاح عن شروط العقد. لا يجوز للطرف الأول ولا للطرف الثاني التنازل عن العقد.",
		"٣-٢ يلتزم الموزع بالاحتفاظ بمخزون كاف. يجب على كل طرف المحافظة على السرية. على المورد التوريد خلال ثلاثين يوماً.",
		"شركة النور للتجارة ش.م.م ويشار إليها فيما بعد بـ \"الطرف الأول\"، تلتزم بتوريد البضاعة، ولا يجوز لها التعاقد من الباطن.",
	)
}
