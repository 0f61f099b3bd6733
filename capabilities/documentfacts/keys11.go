package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 11 (issue 29, session 15): keys by what a date, sum or period is
// of, read from the clause around it rather than a label beside it
// (docs/documents.md, "Issue 29, session 15: round 11, keys from
// heldout8").

// round11Date re-keys a date fact from its line and clause: a date that
// ends a signing line is the date of signing; a place-and-date line at
// the top of an agreement is its date; a date a sum is due by is a due
// date; the end of a period stated as "end on" is its expiry.
func (x *extractor) round11Date(f *Fact, t string, base, ms, me int, prev, headerCells string) {
	switch f.Key {
	case "date", "agreement_date", "document_date", "issue_date", "invoice_date":
		if x.signLineDate(t, base, ms, me, headerCells) {
			f.Key, f.Label, f.Role, f.Method = "signature_date", "Signature date", "signature", "pattern"
			return
		}
	}
	ctx := ctxBefore(t, ms, prev)
	clause := sentenceClause(t, ms, prev)
	switch f.Key {
	case "date", "document_date":
		if base < x.topEnd && topPlaceDate(t, ms, me) {
			// "Doha, 7 January 2026", "Ref. GBR/RA/2026/007 — Kuwait, 5
			// January 2026" at the head of an agreement: where and
			// when it was made.
			switch x.title {
			case "agreement":
				f.Key, f.Label, f.Role = cueAgreementDate.key, cueAgreementDate.label, cueAgreementDate.role
			case "invoice":
				f.Key, f.Label, f.Role = cueInvoiceDate.key, cueInvoiceDate.label, cueInvoiceDate.role
			default:
				f.Key, f.Label, f.Role = cueDocumentDate.key, cueDocumentDate.label, cueDocumentDate.role
			}
			return
		}
	}
	switch f.Key {
	case "date":
		switch {
		case reIssuedAt.MatchString(ctx):
			// "Issued at Muscat on 18 March 2026": a certificate's,
			// a policy's or a letter's date of issue.
			f.Key, f.Label, f.Role = cueIssueDate.key, cueIssueDate.label, cueIssueDate.role
		case reDeadlinePrep.MatchString(ctx) && reCompleteWorks.MatchString(clause):
			// "shall complete the Works and commission the Plant no
			// later than", "complete the transition ... no later than".
			f.Key, f.Label, f.Role = cueCompletionDate.key, cueCompletionDate.label, cueCompletionDate.role
		case reDeadlinePrep.MatchString(ctx) && sumDueBy(clause):
			// "(b) QAR 325,000.00 no later than 1 October 2026",
			// "instalments of OMR 93,750.000 each, the first no later
			// than": the date a sum is due.
			c := dateCueOf("due_date")
			f.Key, f.Label, f.Role = c.key, c.label, c.role
		case reOnDate.MatchString(ctx) && reDeliverVerb.MatchString(clause):
			// "The Seller shall deliver the Equipment ... on 10 July
			// 2026": the day of delivery.
			c := dateCueOf("delivery_date")
			f.Key, f.Label, f.Role = c.key, c.label, c.role
		}
	case "delivery_date":
		if at := lastMatch(reCompleteWorks, clause); at >= 0 && !hasArabic(clause) && !reSupplyVerb.MatchString(clause[at:]) {
			f.Key, f.Label, f.Role = cueCompletionDate.key, cueCompletionDate.label, cueCompletionDate.role
		}
	case "effective_date":
		if reEndsOn.MatchString(ctx) {
			// "The services start on 1 May 2026 and end on 30 April
			// 2028": the second date ends the period.
			f.Key, f.Label, f.Role = cueExpiryDate.key, cueExpiryDate.label, cueExpiryDate.role
		}
	case "expiry_date":
		if reAccountingYear.MatchString(clause) && !reAgreementNoun.MatchString(clause[max(0, lastMatch(reAccountingYear, clause)):]) {
			// "وتنتهي السنة المالية الأولى في ٣١ ديسمبر", "the first
			// financial year ends on": a year's end, not the contract's.
			f.Key, f.Label, f.Role = "date", "Date", ""
		}
	case "issue_date":
		if x.title == "agreement" && reDrawnUp.MatchString(ctx) {
			// "حرر في مدينة الرياض ... الموافق": a contract drawn up
			// on a day is made on it.
			f.Key, f.Label, f.Role = cueAgreementDate.key, cueAgreementDate.label, cueAgreementDate.role
		}
	}
}

var (
	reIssuedAt      = regexp.MustCompile(`(?i)\bissued\s+(?:at|in)\s+\p{L}[\p{L} '’-]{1,30}?\s+on\s*$|\bissued\s+on\s*$`)
	reCompleteWorks = regexp.MustCompile(`(?i)\bcomplet(?:e|es|ed|ion\s+of)\s+(?:the\s+)?(?:\w+\s+){0,2}(?:works|plant|project|construction|transition)\b|(?:إنجاز|انجاز|استكمال|إتمام|اتمام)\s+(?:جميع\s+)?(?:الأعمال|الاعمال|المشروع|أعمال|اعمال)`)
	reSumInClause   = regexp.MustCompile(`(?:\b[A-Z]{3}|ر\.ع\.?|ريال|درهم|دينار)\s*` + D + `[\d٠-٩,٬.٫]*|` + D + `[\d٠-٩,٬.٫]*\s*(?:[A-Z]{3}\b|ر\.ع|ريال|درهم|دينار)|(?i:\binstal?ments?\b|\bbalance\b)|القسط|الأقساط|أقساط|باقي\s+الثمن|الرصيد|الدفعة`)
	// reVerbAfterSum: a verb of another action after the sum ("KWD
	// 50,000.000 and shall provide a copy ... before").
	reVerbAfterSum   = regexp.MustCompile(`(?i)\b(?:shall|will|must|may|to)\s+\p{L}`)
	reSupplyVerb     = regexp.MustCompile(`(?i)\b(?:deliver\w*|suppl\w+|install\w*|ship\w*|dispatch\w*)\b`)
	reOnDate         = regexp.MustCompile(`(?i)\bon\s*$`)
	reDeliverVerb    = regexp.MustCompile(`(?i)\b(?:shall|will|must|to)\s+(?:\w+\s+)?(?:deliver|hand\s+over|ship|dispatch)\b`)
	reEndsOn         = regexp.MustCompile(`(?i)\b(?:ends?|ending|expires?|expiring|terminates?)\s+(?:on\s+)?$`)
	reAccountingYear = regexp.MustCompile(`(?i)\b(?:financial|fiscal|accounting)\s+year\b|السنة\s+المالية`)
	reDrawnUp        = regexp.MustCompile(`(?:^|\s)(?:حرر|حررت|تحرر|تحريراً|تحريرا)\s`)
)

// sentenceClause: the sentence before t[ms] (back to a full stop, a
// semicolon or the block's start).
func sentenceClause(t string, ms int, prev string) string {
	clause := tail(t[:ms], 2*cueWindow)
	if locs := reClauseStop.FindAllStringIndex(clause, -1); len(locs) > 0 {
		return clause[locs[len(locs)-1][0]+1:]
	}
	if len(clause) < 2*cueWindow && prev != "" && continuesLine(prev, t) {
		// A sentence wrapped over lines: its start is in the line
		// before.
		p := tail(prev, 2*cueWindow-len(clause))
		if locs := reClauseStop.FindAllStringIndex(p, -1); len(locs) > 0 {
			p = p[locs[len(locs)-1][0]+1:]
		}
		clause = p + " " + clause
	}
	return clause
}

// sumDueBy: the clause before a deadline names a sum or an instalment,
// and no other action after it.
func sumDueBy(clause string) bool {
	at := lastMatch(reSumInClause, clause)
	return at >= 0 && !reVerbAfterSum.MatchString(clause[at:])
}

// topPlaceDate: the date ends its line and follows a place and a comma,
// with at most a reference and a dash before them.
func topPlaceDate(t string, ms, me int) bool {
	s, e := cellAround(t, ms, me)
	if after := strings.TrimSpace(t[me:e]); strings.Trim(after, "*_م.") != "" && !reHijriAfter.MatchString(after) {
		return false
	}
	before := t[s:ms]
	if i := strings.LastIndexAny(before, "—–"); i >= 0 {
		before = before[i:]
		_, n := utf8.DecodeRuneInString(before)
		before = before[n:]
	}
	return rePlaceComma.MatchString(before)
}

// reHijriAfter: the Hijri date written after the Gregorian ("م الموافق
// ١٨ رجب ١٤٤٧هـ").
var reHijriAfter = regexp.MustCompile(`^م?\s*[(،,]?\s*(?:الموافق|الموافق:)\s+[^|\n]{4,30}هـ?\s*\)?\.?$`)

// reSignLead: a line that signs: "Signed for the Organiser:", "For the
// Employer:", "On behalf of", "عن العميل:", "Signed by".
var reSignLead = regexp.MustCompile(`(?i)^[\s*_|]*(?:signed\s+(?:for|by|on\s+behalf\s+of)|for\s+and\s+on\s+behalf\s+of|for|on\s+behalf\s+of|عن|نيابة\s+عن|وقع\s+عن|توقيع)\s+\S`)

// reDateLabelEnd: a "Date:" label, a dash or a comma left before the date.
var reDateLabelEnd = regexp.MustCompile(`(?i)(?:\b(?:date|dated|signed\s+on)\s*[:：]?|التاريخ\s*[:：]?|بتاريخ)?[\s—–,،|*_-]*$`)

// signLineDate: the date ends a signing line in the document's last
// part: the line starts by signing for a party ("For the Employer: X,
// CEO   Date: 3 August 2026"), or with a role ("Seller | X, Signatory |
// 21 June 2026", "Broker / الوسيط: X — September 3, 2026"); or the date
// is alone in a column headed "For the Broker".
func (x *extractor) signLineDate(t string, base, ms, me int, headerCells string) bool {
	if base+ms < len(x.a.text)*3/5 {
		return false
	}
	ls := strings.LastIndexByte(t[:ms], '\n') + 1
	le := len(t)
	if i := strings.IndexByte(t[me:], '\n'); i >= 0 {
		le = me + i
	}
	if headerCells != "" && dateAlone(t, ms, me) && signHeader(headerCells) {
		return true
	}
	if strings.Trim(t[me:le], " .*_|م") != "" {
		return false
	}
	line := t[ls:ms]
	if utf8.RuneCountInString(line) > 200 {
		return false
	}
	rest := strings.TrimSpace(line[:len(line)-len(reDateLabelEnd.FindString(line))])
	if rest == "" {
		return false
	}
	if reSignLead.MatchString(line) {
		return strings.ContainsAny(rest, ":：|") || strings.Contains(rest, ",") || strings.Contains(rest, "،")
	}
	// A role first: "Seller | X", "Broker / الوسيط: X".
	first := rest
	if i := strings.IndexAny(first, ":：|"); i > 0 {
		first = first[:i]
	} else {
		return false
	}
	first = lowerASCII(strings.Trim(first, " *_"))
	return roleHeading(first) || x.signing || reWitness.MatchString(first)
}

// reWitness: a witness signs too.
var reWitness = regexp.MustCompile(`(?i)^(?:(?:first|second|1st|2nd)\s+)?witness(?:\s*\d)?\b|^(?:ال)?شاهد`)

// signHeader: every cell of a table's header signs for a party ("For the
// Broker | For the Client", "عن الطرف الأول | عن الطرف الثاني").
func signHeader(h string) bool {
	n := 0
	for _, c := range strings.Split(h, " | ") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if !reSignLead.MatchString(c) {
			return false
		}
		n++
	}
	return n >= 2
}
