package documentfacts

import (
	"regexp"
)

// Round 14 (issue 29, session 16): keys from heldout11's misses, by what a
// date, sum or period is of, and the key specification's rows added in
// session 16 (docs/documents.md, "Issue 29, session 16: round 14, keys
// from heldout11").

// round14Duration re-keys a period round 11 has a role for; hit is false
// when no rule applies. ctx is the text before the period (its sentence),
// clause the part of it after the last clause stop, after the text that
// follows it.
func round14Duration(ctx, clause, after string, c cue) (cue, bool, bool) {
	switch c.key {
	case "delivery_period", "term":
		if reWithin14.MatchString(ctx) && reCountedFrom14.MatchString(after) && reDutyWord.MatchString(clause) && !rePayWord11.MatchString(clause) {
			// "shall deliver the guidelines within ten (10) days of the
			// start date", "complete the snag list within forty-five
			// (45) days of the date of this certificate", "يلتزم
			// المورد بتوريد الطلبيات خلال سبعة (٧) أيام من تاريخ أمر
			// الشراء": a time limit to do a thing, counted from an
			// event, is a deadline only (the key specification, session
			// 16); a term or a delivery period is a span of its own.
			return c, false, true
		}
	}
	return c, false, false
}

var (
	// reWithin14: the period is a limit ("within", خلال, "no later
	// than").
	reWithin14 = regexp.MustCompile(`(?i)\bwithin\s*(?:a\s+period\s+of\s*|a\s+maximum\s+of\s*)?$|(?:خلال|في\s+غضون|في\s+موعد\s+لا\s+يتجاوز)\s*(?:مدة\s*)?(?:أقصاها\s*)?$`)
	// reCountedFrom14: the period is counted from an event named after
	// it ("of receiving the deposit", "after the end of each quarter",
	// "من تاريخ أمر الشراء", "من استلام").
	reCountedFrom14 = regexp.MustCompile(`(?i)^\s*(?:\([^()]{1,30}\)\s*)?(?:(?:working|business|calendar|clear)\s+)?(?:days?|weeks?|months?|hours?)?\s*(?:\([^()]{1,30}\)\s*)?(?:of|after|from|following|upon)\s+\S|^\s*(?:\([^()]{1,20}\)\s*)?(?:عمل\s+)?(?:من|بعد|عقب)\s+\S`)
)
