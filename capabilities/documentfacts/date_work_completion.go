package documentfacts

import "regexp"

// Round 20 of keys (issue 29, session 20): dates by families, read on the
// dev sets' date misses (docs/documents.md, "Issue 29, session 20: dates
// and money by families"; table tests in date_work_completion_test.go):
//
//   - DW: the day by which the contract's work is to be finished
//     ("complete the curtain wall by", "achieve go-live no later than",
//     the works' provisional handover, تسليم ابتدائي) is its
//     `completion_date`, not a delivery date or a plain date. Since
//     session 21 it is one rule with decision 18's: completion in
//     convention_signing_bonds.go decides every completion_date of these rounds.
//   - DA: the date a deed, a statement of work or a contract gives itself
//     ("Date of this Deed:", "Contract No. ... - Date:") is its
//     `agreement_date`.
//   - DO: another document named by its date is not this one's: a credit
//     or debit note ("Credit Note CN-9 dated"), a version a document
//     replaces ("replaces Policy HR-07 version 2.1 dated") is a plain
//     `date`; an invoice named so in Arabic ("الفاتورة الأصلية ...
//     بتاريخ") is its `invoice_date`, as in English.

// workCompletionDateKeysHook runs workCompletionDateKeys and records the key it gave, as
// round 19's are, for twinDates.
func (x *extractor) workCompletionDateKeysHook(f *Fact, t string, base, ms, me int, w dateWindows) {
	if k := workCompletionDateKeys(f, t, ms, me, w, x.firstLine()); k != "" && (k == "date" || knownDateCue(k)) {
		if x.dateKeysByStart == nil {
			x.dateKeysByStart = map[int]string{}
		}
		x.dateKeysByStart[base+ms] = k
	}
}

// knownDateCue: k is a key of dateCues (twinDates looks keys up
// there; the completion date has no cue of its own).
func knownDateCue(k string) bool {
	for _, c := range dateCues {
		if c.key == k {
			return true
		}
	}
	return false
}

// workCompletionDateKeys re-keys a date after round 19 (deferred from clauseContextDateKeys
// before round 19, so it runs last) and returns the key it gave, "" when
// no rule applied: t is the date's block, t[ms:me] the date, w the
// windows rounds 12-19 read, first the document's first line.
func workCompletionDateKeys(f *Fact, t string, ms, me int, w dateWindows, first string) string {
	set := func(c cue) string {
		f.Key, f.Label, f.Role = c.key, c.label, c.role
		return c.key
	}
	switch f.Key {
	case "document_date", "issue_date", "date":
		// DA.
		if matches(reOwnInstrumentDate, w.line) {
			return set(cueAgreementDate)
		}
	}
	switch f.Key {
	case "document_date", "issue_date", "agreement_date":
		// DO.
		if reOtherNoteDated.MatchString(w.ctx) && !reNoteTitle.MatchString(first) || reReplacedDated.MatchString(w.ctx) {
			return set(cue{key: "date", label: "Date"})
		}
	}
	switch f.Key {
	case "date", "document_date":
		// DO, Arabic.
		if reInvoiceDatedAR.MatchString(w.ctx) {
			return set(cueInvoiceDate)
		}
	}
	return ""
}

var (
	// reOwnInstrumentDate: the label of the date a deed, a statement of
	// work or a contract gives itself.
	reOwnInstrumentDate = regexp.MustCompile(`(?i)\bdate\s+of\s+(?:this|the\s+present)\s+(?:deed|sow|statement\s+of\s+work|addendum|amendment|variation|supplement|agreement|contract)\b[\s*_:|]*$|^[\s*_#]*(?:contract|agreement|deed|sub-?contract)\s+(?:no\.?|number|ref\.?)\s*[:.]?\s*\S+\s*[-–—|,]?\s*date\s*[:：]\s*$`)
	// reOtherNoteDated: a credit or debit note named by its date.
	reOtherNoteDated = regexp.MustCompile(`(?i)\b(?:credit|debit)\s+note\b[^.;|\n]{0,40}?\s+(?:dated|of)\s*$|(?:إشعار|اشعار)\s+(?:ال)?(?:دائن|مدين)\s[^.؛|\n]{0,40}?(?:بتاريخ|المؤرخ)\s*(?:في\s*)?$`)
	// reNoteTitle: a credit or debit note is the document itself.
	reNoteTitle = regexp.MustCompile(`(?i)\b(?:credit|debit)\s+note\b|(?:إشعار|اشعار)\s+(?:ال)?(?:دائن|مدين)`)
	// reReplacedDated: an earlier document this one replaces.
	reReplacedDated = regexp.MustCompile(`(?i)\b(?:replaces|supersedes|replacing|superseding|in\s+place\s+of)\s+(?:[^.;\n]|\.\d){0,60}?\bdated\s*$|(?:يحل|تحل|يلغي|تلغي)\s+(?:محل\s+)?[^.؛\n]{0,60}?(?:المؤرخ|المؤرخة|الصادر|الصادرة)\s*(?:في|بتاريخ)?\s*$`)
	// reInvoiceDatedAR: an invoice named by its date in Arabic.
	reInvoiceDatedAR = regexp.MustCompile(`(?:^|\s)(?:ال)?فاتورة\s[^.؛|\n]{0,60}?(?:بتاريخ|المؤرخة|المؤرخ)\s*(?:في\s*)?$`)
)
