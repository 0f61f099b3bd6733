package documentfacts

import (
	"regexp"
	"strings"
)

// Session 20 (c) of issue 29: a date after a wrapped line
// (docs/documents.md, "Issue 29, session 20: a date after a wrapped
// line").
//
// "... deliver the trucks to the quarry no later than\n1 August 2026."
// was keyed expiry_date: the date starts its line, so the text before it
// is the previous line, read without the break between them ("... no
// later than"), and the deadline preposition, which needs a space after
// it, was not seen; the nearest date cue was then the span word "to " of
// "to the quarry", far from the date. Two rules, general: the previous
// line is read with the break as a space (ctxBeforeN), and a bare span
// word ("to", إلى) says expiry only right before the date ("valid to 1
// August", "from 1 May to 31 July", "من ١ مايو إلى ٣١ يوليو").

// reSpanEndAdjacent: the span word and what may stand between it and
// the date ("to the", "up to and including", "إلى تاريخ").
var reSpanEndAdjacent = regexp.MustCompile(`^(?:to|إلى|الى)(?:\s+(?:and\s+including|including|the|تاريخ|يوم))*[\s:：,،]*$`)

// reSpanWord: a bare span word a date cue may be.
var reSpanWord = regexp.MustCompile(`^(?:to\s|إلى|الى)`)

// farSpanWord: the cue found at ctx[at:] is a bare span word with words
// between it and the date: no cue of the date.
func farSpanWord(ctx string, at int) bool {
	rest := lowerASCII(ctx[at:])
	return reSpanWord.MatchString(rest) && !reSpanEndAdjacent.MatchString(strings.TrimSpace(rest))
}

// spanCueAt is nearestCueAt over dateCues that passes over a span word
// far from the date, to the cue before it.
func spanCueAt(ctx string) (cue, int, bool) {
	c, at, ok := nearestCueAt(ctx, dateCues)
	for ok && c.key == "expiry_date" && farSpanWord(ctx, at) {
		c, at, ok = nearestCueAt(ctx[:at], dateCues)
	}
	return c, at, ok
}

// dateCtxBefore is ctxBefore for a date: a date that starts its line
// reads the previous line with the break as a space, so that a
// preposition ending that line ("no later than\n1 August", "from 1 May
// to\n31 July") stands right before the date as on one line.
func dateCtxBefore(t string, ms int, prev string) string {
	if strings.TrimSpace(t[:ms]) == "" && prev != "" {
		return ctxBefore(prev+" ", len(prev)+1, "")
	}
	if wrappedDateLine(prev, t[:ms]) {
		p := strings.TrimRight(prev, " \t")
		return ctxBefore(p+" "+t[:ms], len(p)+1+ms, "") // key_tender_days.go: "no later\nthan 31 March"
	}
	return ctxBefore(t, ms, prev)
}

// reInfoObject: what a party delivers that is information, not goods,
// premises or documents handed over ("deliver its logo artwork and
// speaker details", "provide the attendee data"): the key specification
// keeps delivery_date for goods, premises, units, documents and keys, so
// the day such information is due is a plain date.
var reInfoObject = regexp.MustCompile(`(?i)^\S+\s+(?:(?:its|their|the|his|her|all|any)\s+)?(?:\w+\s+){0,2}(?:artwork|logos?|details|information|particulars|data|content|photographs?|biograph(?:y|ies)|names)(?:\s*$|\s*[,;.]|\s+(?:and|or|no|not|by|on|to|for|of|within|before|at|in)\b)|^\S+\s+(?:\S+\s+){0,2}(?:البيانات|بيانات|المعلومات|معلومات|الشعار|شعار)`)

// infoDelivery: the deadline verb at clause[at:] delivers information.
func infoDelivery(clause string, at int) bool {
	return matches(reInfoObject, head(clause[at:], 60))
}

// Arabic day pairs: an Arabic "و" joined to a day ("١٧ و١٨ نوفمبر ٢٠٢٦",
// "3 و4 مارس 2027") is "and", so reDateDMY (dates.go) reads a date after
// it as after a space; dayPairStart then gives the first day of the
// pair.

// A "Due" column of an instalment or payment table ("Instalment |
// Amount (OMR) | Due", "الدفعة | المبلغ | الاستحقاق"): each row's date is
// its due_date. The header must name payments (an instalment, a payment,
// an amount, a milestone): a deliverables table's "Due" stays as it was.
var (
	reDueHead      = regexp.MustCompile(`(?i)^[\s*_]*(?:due|due\s+on|when\s+due|payable(?:\s+on)?|الاستحقاق|استحقاق|تستحق\s+في|يستحق\s+في|موعد\s+الدفع|تاريخ\s+الدفع|موعد\s+الدفعة)[\s*_:]*(?:\([^)]*\))?[\s*_]*$`)
	rePaymentTable = regexp.MustCompile(`(?i)\b(?:instal(?:l)?ments?|payments?|amounts?|milestones?|sums?|tranches?)\b|الدفعة|الدفعات|دفعة|القسط|الأقساط|قسط|المبلغ|مبلغ`)
)

// dueColumn: the date's column is headed "Due" in a table of
// payments.
func dueColumn(head, headerCells string) bool {
	// (A plain-text table keeps its outer bars: "| Instalment | ... |
	// Due |".)
	head = strings.Trim(head, " |")
	return reDueHead.MatchString(head) && rePaymentTable.MatchString(headerCells)
}
