package documentfacts

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
)

// guardDoc states a fact of every kind, requirements, obligations and
// deadlines.
const guardDoc = "SUPPLY AGREEMENT\n" +
	"This agreement is made on 10 March 2026 between Gulf Pipes LLC (the \"Seller\") and Sur Water SAOC (the \"Buyer\").\n" +
	"Contract No: SUP-2026-014. C.R. No. 1098765.\n" +
	"The Seller shall deliver the pipes within 30 days of the order. Neither party shall disclose the price.\n" +
	"The price is OMR 12,500.000, VAT 5% included. The term of this agreement is two (2) years.\n" +
	"Payment terms: Net 30.\n" +
	"Bank: Bank Muscat, IBAN: OM88 0180 0000 0123 4567 890.\n" +
	"Tel: +968 2470 1234 | Email: sales@gulfpipes.example | www.gulfpipes.example\n" +
	"This Agreement shall be governed by the laws of the Sultanate of Oman.\n" +
	"Eligibility\n" +
	"Suppliers must hold a valid commercial registration.\n"

// extractorTypes are the fact types each block extractor finds.
var extractorTypes = map[string][]string{
	"money": {TypeMoney}, "percentages": {TypePercentage}, "dates": {TypeDate}, "durations": {TypeDuration},
	"identifiers": {TypeIdentifier}, "bank_accounts": {TypeBankAccount}, "contacts": {TypeEmail, TypePhone, TypeURL},
	"governing_law": {TypeGoverningLaw}, "payment_terms": {TypePaymentTerms}, "parties": {TypeParty},
}

// A panic in one extractor costs that extractor's facts, not the answer:
// the facts of the other kinds are as without the panic, a warning names
// what is missing (never the cause), and the log has the panic and its
// stack.
func TestExtractorPanicCostsItsFactsOnly(t *testing.T) {
	ctx := context.Background()
	clean, err := Handle(ctx, Deps{}, Input{Text: guardDoc})
	if err != nil {
		t.Fatal(err)
	}
	kinds := func(out Output) []string {
		var ks []string
		for _, f := range out.Facts {
			if !slices.Contains(ks, f.Type) {
				ks = append(ks, f.Type)
			}
		}
		return ks
	}
	facts := func(out Output, skip []string) []string {
		var rows []string
		for _, f := range out.Facts {
			if !slices.Contains(skip, f.Type) {
				rows = append(rows, f.Type+"|"+f.Key+"|"+f.Normalized)
			}
		}
		return rows
	}
	for _, typ := range []string{TypeParty, TypeDate, TypeMoney, TypePercentage, TypeDuration, TypeIdentifier, TypeBankAccount,
		TypeEmail, TypePhone, TypeURL, TypeGoverningLaw, TypePaymentTerms} {
		if !slices.Contains(kinds(clean), typ) {
			t.Fatalf("the document gives no %s: %q", typ, kinds(clean))
		}
	}
	if len(clean.Obligations) == 0 || len(clean.Requirements) == 0 || len(clean.Deadlines) == 0 || clean.Deadlines[0].Party == "" ||
		clean.Obligations[0].Deadline == "" || len(clean.Warnings) != 0 {
		t.Fatalf("clauses %d %d %d, warnings %+v", len(clean.Obligations), len(clean.Requirements), len(clean.Deadlines), clean.Warnings)
	}
	names := []string{"sentences", "requirements", "obligations", "deadlines"}
	for _, e := range blockExtractors {
		names = append(names, e.name)
	}
	// How often each extractor runs on the document (once per block for
	// the block extractors).
	runs := map[string]int{}
	testPanic = func(n string) { runs[n]++ }
	if _, err := Handle(ctx, Deps{}, Input{Text: guardDoc}); err != nil {
		t.Fatal(err)
	}
	testPanic = nil
	// Each extractor fails as it starts (after 0 runs) and after its last
	// run, having found every fact it finds; a clause reader also after
	// each of its runs.
	type failAt struct {
		name  string
		after int
	}
	var cases []failAt
	for _, name := range names {
		cases = append(cases, failAt{name, 0})
		for k := 1; k <= runs[name]; k++ {
			if k == runs[name] || extractorTypes[name] == nil {
				cases = append(cases, failAt{name, k})
			}
		}
	}
	for _, c := range cases {
		name := c.name
		t.Run(fmt.Sprintf("%s after %d", name, c.after), func(t *testing.T) {
			calls := 0
			testPanic = func(n string) {
				if n == name {
					calls++
				}
				if c.after == 0 && n == name || c.after > 0 && n == name+" done" && calls == c.after {
					panic("secret cause hunter2")
				}
			}
			defer func() { testPanic = nil }()
			var log bytes.Buffer
			out, err := Handle(ctx, Deps{Logger: slog.New(slog.NewTextHandler(&log, nil))}, Input{Text: guardDoc})
			if err != nil {
				t.Fatalf("the document failed: %v", err)
			}
			if want := max(c.after, 1); calls != want {
				t.Errorf("the failed extractor ran %d times, want %d", calls, want)
			}
			if len(out.Warnings) != 1 || out.Warnings[0].Code != "extractor_failed" || !strings.Contains(out.Warnings[0].Message, extractorLost[name]) ||
				strings.Contains(fmt.Sprint(out.Warnings), "hunter2") {
				t.Errorf("warnings %+v", out.Warnings)
			}
			if !strings.Contains(log.String(), "extractor="+name) || !strings.Contains(log.String(), "hunter2") || !strings.Contains(log.String(), "guard.go") {
				t.Errorf("log %q", log.String())
			}
			lost := extractorTypes[name]
			for _, typ := range lost {
				if slices.Contains(kinds(out), typ) {
					t.Errorf("%s facts kept after the extractor failed", typ)
				}
			}
			if got, want := facts(out, lost), facts(clean, lost); !slices.Equal(got, want) {
				t.Errorf("other facts changed:\n got  %q\n want %q", got, want)
			}
			if name == "parties" {
				return // obligations name their party from the party facts
			}
			wantObl, wantReq, wantDl := len(clean.Obligations), len(clean.Requirements), len(clean.Deadlines)
			switch name {
			case "sentences":
				wantObl, wantReq, wantDl = 0, 0, 0
			case "requirements":
				wantReq = 0
				wantObl = -1 // its sentence is read as an obligation instead
			case "obligations":
				wantObl = 0
				wantDl = -1 // a period counts in a clause that binds
				for _, d := range out.Deadlines {
					// Failing as it reads (not as it writes its answers,
					// its second run), its obligations name no deadline's
					// party.
					if c.after <= 1 && d.Party != "" {
						t.Errorf("a deadline keeps the party of a failed reader's obligation: %+v", d)
					}
				}
			case "deadlines":
				wantDl = 0
				for _, o := range out.Obligations {
					if o.Deadline != "" {
						t.Errorf("an obligation keeps a deadline: %+v", o)
					}
				}
			case "dates", "payment_terms":
				wantDl = -1 // deadlines are read from dates and payment terms too
			}
			if wantObl >= 0 && len(out.Obligations) != wantObl || len(out.Requirements) != wantReq || wantDl >= 0 && len(out.Deadlines) != wantDl {
				t.Errorf("obligations %d, requirements %d, deadlines %d; want %d %d %d", len(out.Obligations), len(out.Requirements), len(out.Deadlines), wantObl, wantReq, wantDl)
			}
		})
	}
}

// TestKeyModelsPanic: a panic in the learned key models (handle.go) costs
// no fact and no answer: every fact is given as the rules keyed the ones
// not yet re-keyed, with a warning, and the cause is logged, never shown.
func TestKeyModelsPanic(t *testing.T) {
	checkModelPanic(t, "key_models", "key models")
}

// checkModelPanic makes the learned model run under guard(name) panic
// on a document long enough for the models, and checks that the answer
// keeps every fact with one warning naming the model (phrase), without
// the cause, and that the log has the cause.
func checkModelPanic(t *testing.T, name, phrase string) {
	t.Helper()
	ctx := context.Background()
	doc := strings.Repeat(guardDoc, 2) // over keyModelMinText: the models run
	clean, err := Handle(ctx, Deps{}, Input{Text: doc})
	if err != nil || len(clean.Warnings) != 0 {
		t.Fatalf("%v %+v", err, clean.Warnings)
	}
	ran := false
	testPanic = func(n string) {
		if n == name {
			ran = true
			panic("secret cause hunter2")
		}
	}
	defer func() { testPanic = nil }()
	var log bytes.Buffer
	out, err := Handle(ctx, Deps{Logger: slog.New(slog.NewTextHandler(&log, nil))}, Input{Text: doc})
	if err != nil || !ran {
		t.Fatalf("the document failed (%v) or the model did not run (%v)", err, ran)
	}
	if len(out.Warnings) != 1 || out.Warnings[0].Code != "extractor_failed" || !strings.Contains(out.Warnings[0].Message, phrase) ||
		strings.Contains(fmt.Sprint(out.Warnings), "hunter2") {
		t.Errorf("warnings %+v", out.Warnings)
	}
	if !strings.Contains(log.String(), "extractor="+name) || !strings.Contains(log.String(), "hunter2") {
		t.Errorf("log %q", log.String())
	}
	values := func(o Output) []string {
		var vs []string
		for _, f := range o.Facts {
			vs = append(vs, f.Type+" "+f.Value)
		}
		return vs
	}
	if got, want := values(out), values(clean); !slices.Equal(got, want) {
		t.Errorf("facts changed:\n got  %q\n want %q", got, want)
	}
}

// TestDefinedRolesPanic: a panic in the passes that give parties and
// their duties the roles of the words the document defines
// (party_defined_words.go, obligation_defined_parties.go) costs no fact and no answer, apart from
// the role model's guard, with a warning; the cause is logged, never shown.
func TestDefinedRolesPanic(t *testing.T) {
	checkModelPanic(t, "defined_roles", "defined roles extractor")
}
