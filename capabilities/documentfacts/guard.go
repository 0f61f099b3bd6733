package documentfacts

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
)

// A panic in one extractor costs that extractor's facts, not the
// document: each fact kind read block by block (money, dates, parties,
// ...) and each clause reader (requirements, obligations, deadlines)
// runs under guard. A failed extractor's facts are left out, the answer
// says so in a warning (extractor_failed), and Handle logs the panic with
// its stack. Reading the document, finding text addressed to an AI and
// resolving overlaps are not guarded: without them no fact can be
// trusted, and their panic is still 500 EXTRACTION_FAILED.

// extractorFailure is an extractor that panicked on the document.
type extractorFailure struct {
	name  string // as in blockExtractors and the clause readers
	cause any
	stack []byte
}

// testPanic, when set (tests only), is called with an extractor's name
// each time guard runs it, and with the name and " done" when it has
// run: a test panics in either to fail the extractor before or after it
// has found its facts.
var testPanic func(name string)

// guard runs f as the extractor name and recovers its panic.
func guard(name string, f func()) (failed *extractorFailure) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopped); ok {
				return // ctx is done (stop.go): no failure, the answer is ctx's error
			}
			failed = &extractorFailure{name: name, cause: r, stack: debug.Stack()}
		}
	}()
	if testPanic != nil {
		testPanic(name)
	}
	f()
	if testPanic != nil {
		testPanic(name + " done")
	}
	return nil
}

// extractorLost says what an extractor's failure leaves out.
var extractorLost = map[string]string{
	"money": "amounts", "percentages": "percentages", "dates": "dates", "durations": "durations",
	"identifiers": "identifiers (invoice, purchase order, contract, CR and VAT numbers)", "bank_accounts": "bank accounts",
	"contacts": "emails, phones and web addresses", "governing_law": "the governing law", "payment_terms": "payment terms",
	"parties": "parties", "sentences": "obligations, requirements and deadlines", "requirements": "requirements",
	"obligations": "obligations", "deadlines": "deadlines",
	"defined_roles": "roles read from the words the document defines for its parties",
}

// failureWarning is the answer's warning for a failed extractor: what is
// missing, never the cause.
func failureWarning(f extractorFailure) Warning {
	if f.name == "key_models" {
		return Warning{Code: "extractor_failed", Message: "The learned key models failed on this document (an internal error, reported to the operator): " +
			"every fact is given, and some dates and amounts keep the keys the rules gave them."}
	}
	if f.name == "role_model" {
		return Warning{Code: "extractor_failed", Message: "The learned party-role model failed on this document (an internal error, reported to the operator): " +
			"every party is given, and some keep the roles the rules gave them."}
	}
	lost := extractorLost[f.name]
	if lost == "" {
		lost = strings.ReplaceAll(f.name, "_", " ")
	}
	return Warning{Code: "extractor_failed", Message: fmt.Sprintf("The %s extractor failed on this document (an internal error, reported to the operator): "+
		"no %s are given, and the rest of the answer was read without it.", strings.ReplaceAll(f.name, "_", " "), lost)}
}

// logFailures logs each failed extractor with its panic and stack.
func logFailures(ctx context.Context, log *slog.Logger, fs []extractorFailure) {
	if log == nil {
		log = slog.Default()
	}
	for _, f := range fs {
		log.ErrorContext(ctx, "document_facts_extract: an extractor panicked; its facts were left out of the answer",
			"extractor", f.name, "panic", fmt.Sprint(f.cause), "stack", string(f.stack))
	}
}
