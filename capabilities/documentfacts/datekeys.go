package documentfacts

import (
	"regexp"
	"strings"
)

// What a date is for, beyond its label: a date right after a deadline
// preposition ("no later than", "by", "on or before", "في موعد أقصاه")
// is the deadline of the clause's action; "dated" says whose date by the
// noun before it; a bare "Date:" is the agreement's date in a document
// titled as an agreement and the invoice's in an invoice.

var (
	// reDeadlinePrep matches the end of the text before a date.
	reDeadlinePrep = regexp.MustCompile(`(?i)(?:\b(?:no|not)\s+later\s+than|\bon\s+or\s+before|\bby|\bbefore)\s+(?:` + D + `{1,2}[:.]` + D + `{2}\s*(?:noon|midnight|hrs|hours|[ap]\.?m\.?)?\s*(?:\([^)]{0,20}\)\s*)?(?:on\s+)?|(?:noon|midnight)\s+(?:on\s+)?)?(?:the\s+)?[:：]?\s*$` +
		`|(?:في\s+موعد\s+(?:أقصاه|اقصاه|لا\s+يتجاوز|لا\s+يتعدى)|بحلول|قبل|(?:على\s+)?(?:ألا|الا|أن\s+لا)\s+(?:يتجاوز|يتعدى|تتجاوز|تتعدى)(?:\s+ذلك)?)\s*(?:يوم\s*)?(?:تاريخ\s*)?[:：]?\s*$`)
	// deadlineVerbs classify a deadline by its action; the one nearest
	// before the date wins.
	deadlineVerbs = []cue{
		{[]string{"deliver", "delivers", "delivered", "delivery", "deliveries", "hand over", "handed over", "handover", "supply", "supplied", "install", "installed", "installation", "complete", "completed", "completion", "finish", "finished", "dispatch", "dispatched", "ship", "shipped", "return", "returned", "إعادة", "بإعادة", "اعادة", "تسليم", "التسليم", "توريد", "التوريد", "تركيب", "بتسليم", "بتوريد", "يسلم", "يسلّم", "يورد", "إنجاز", "انجاز"}, "delivery_date", "due", "Delivery date"},
		{[]string{"submit", "submitted", "submission", "bids", "bid", "tenders", "proposals", "applications", "quotations", "offers", "reach", "received", "apply", "تقديم", "العطاءات", "العروض", "الطلبات", "بتقديم"}, "submission_deadline", "due", "Submission deadline"},
		{[]string{"pay", "paid", "payment", "payable", "settle", "settled", "remit", "due", "سداد", "السداد", "بسداد", "يسدد", "تسدد", "الدفع", "بدفع", "دفع", "يدفع", "تدفع"}, "due_date", "due", "Due date"},
	}
	// reDeliverable and reBidWord: what a contract's party submits
	// (a report, a design) and what a bidder does (a bid, an offer).
	reDeliverable = regexp.MustCompile(`(?i)\b(?:reports?|designs?|drawings?|deliverables?|plans?|stud(?:y|ies)|manuals?|as-built|programme|schedule)\b|تقرير|التقرير|المخططات|الدراسة|التصاميم`)
	reBidWord     = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|proposals?|offers?|quotations?|applications?|cvs?|expressions?\s+of\s+interest)\b|العطاءات|العطاء|العروض|الطلبات|عرض`)
	reClauseStop  = regexp.MustCompile(`[;؛]\s|[a-z\p{Arabic})][.!?؟]\s+[A-Z\p{Arabic}]`)
)

// titleKind says what the document calls itself in its first heading:
// agreement (an agreement, contract, lease), invoice, or "".
func titleKind(a *assembled) string {
	for i, s := range a.segs {
		if i > 5 {
			break
		}
		t := lowerASCII(a.text[s.start:s.end])
		// A heading, or a short first line without a value (Arabic has
		// no capitals to show a heading in plain text), or a short line
		// among the first that starts by naming the document ("TAX
		// INVOICE / فاتورة ضريبية" under a letterhead).
		plain := len(t) <= 120 && !strings.ContainsAny(t, ":0123456789٠١٢٣٤٥٦٧٨٩")
		if !s.heading && !(plain && (i == 0 || reTitleWord.MatchString(t))) {
			continue
		}
		if i > 3 && !reTitleWord.MatchString(t) {
			continue
		}
		switch {
		case strings.Contains(t, "invoice") || strings.Contains(t, "فاتورة"):
			return "invoice"
		case strings.Contains(t, "agreement") || strings.Contains(t, "contract") || strings.Contains(t, "lease") || strings.Contains(t, "tenancy") ||
			strings.Contains(t, "memorandum of understanding") || strings.Contains(t, "عقد") || strings.Contains(t, "اتفاقية") || strings.Contains(t, "مذكرة تفاهم"):
			return "agreement"
		}
		if (s.heading || reTitleWord.MatchString(t)) && !orgAlone(a.text[s.start:s.end]) {
			return "" // the title names another kind of document
		}
		// A letterhead line (a company's name) names none: read on.
	}
	return ""
}

// reTitleWord: a line that starts by naming the document.
var reTitleWord = regexp.MustCompile(`^[\s#*_]*(?:(?:tax\s+|commercial\s+|pro[\s-]?forma\s+)?invoice|فاتورة|(?:\w+\s+){0,3}(?:agreement|contract|lease)\b|memorandum\s+of\s+understanding|tenancy|عقد|اتفاقية|مذكرة\s+تفاهم)`)

// dateCue decides a date's key from the text before it in its block (t,
// the date at ms) and the previous block.
func (x *extractor) dateCue(t string, ms int, prev string) (cue, bool) {
	ctx := dateCtxBefore(t, ms, prev) // date_wrapped_line.go
	if matches(reDeadlinePrep, ctx) {
		src := t[:ms]
		if strings.TrimSpace(src) == "" && prev != "" {
			// The date starts its line: the clause is the line before
			// ("deliver the trucks ... no later than\n1 August").
			src = prev + " "
		}
		clause := tail(src, 2*cueWindow)
		if locs := reClauseStop.FindAllStringIndex(clause, -1); len(locs) > 0 {
			clause = clause[locs[len(locs)-1][0]+1:]
		}
		c, at, ok := nearestCueAt(clause, deadlineVerbs)
		if e := lastMatch(reCountedFrom, clause); ok && e >= 0 && at > e {
			// "shall ship the goods within 35 days after receipt of the
			// advance payment, and in any event not later than": the
			// event a period runs from names no action; the verb before
			// it does.
			if c2, at2, ok2 := nearestCueAt(clause[:e], deadlineVerbs); ok2 {
				c, at = c2, at2
			}
		}
		if ok {
			if c.key == "delivery_date" && matches(reCompleteWord, head(clause[at:], 24)) && matches(reWorksNoun, clause) {
				// "shall complete the Works ... on or before", "وإنجازها
				// ... في موعد أقصاه": the completion date of works.
				return cueCompletionDate, true
			}
			if c.key == "delivery_date" && infoDelivery(clause, at) {
				// "deliver its logo artwork and speaker details no later
				// than": information, not goods (date_wrapped_line.go).
				return cue{key: "date", label: "Date"}, true
			}
			if c.key == "submission_deadline" && matches(reDeliverable, clause) && !matches(reBidWord, clause) {
				// "submit the final report no later than ...": a
				// deliverable is delivered, not a bid submitted.
				return dateCueOf("delivery_date"), true
			}
			return c, true
		}
		return cue{key: "date", label: "Date"}, true
	}
	c, at, ok := spanCueAt(ctx) // date_wrapped_line.go
	if w := strings.Fields(ctx); len(w) > 0 && w[len(w)-1] == "من" && (!ok || c.key == "date" || c.key == "document_date") {
		// "من ١ أغسطس ٢٠٢٦ إلى ٣١ يوليو ٢٠٢٧": the start of a period.
		return dateCueOf("effective_date"), true
	}
	if !ok {
		return c, false
	}
	switch {
	case c.key == "agreement_date" && strings.HasPrefix(lowerASCII(ctx[at:]), "dated"):
		// "Invoice ASE-771 dated 10 January 2026", "This Agreement is dated".
		before := lowerASCII(ctx[max(0, at-60):at])
		switch {
		case strings.Contains(before, "invoice") || strings.Contains(before, "فاتورة"):
			return cueInvoiceDate, true
		case matches(reReferencedDoc, before):
			// "Your enquiry RFQ/26/07 dated", "Customer order PO-0912
			// dated": another document's date, a plain date.
			return cue{key: "date", label: "Date"}, true
		case strings.Contains(before, "agreement") || strings.Contains(before, "contract") || strings.Contains(before, "lease"):
		case strings.Contains(before, "letter") || strings.Contains(before, "order") || strings.Contains(before, "quotation") || strings.Contains(before, "notice"):
			return cueIssueDate, true
		case x.title == "invoice":
			return cueInvoiceDate, true
		case x.title != "agreement":
			return cueDocumentDate, true
		}
	case c.key == "document_date" && x.title == "agreement":
		return cueAgreementDate, true
	case c.key == "valid_until" && matches(reAgreementNoun, ctx[:at]) && !matches(reOfferNoun, ctx[:at]):
		// "This Agreement is valid until 31 January 2028": its expiry;
		// an offer's validity stays valid_until.
		return cueExpiryDate, true
	case c.key == "valid_until" && lastMatch(reExpiringNoun, ctx[:at]) > lastMatch(reOfferNoun, ctx[:at]):
		// The key specification (issue 29): a quotation's, offer's or
		// bid's "valid until" is valid_until; a guarantee's, bond's,
		// policy's, licence's or permit's ("a performance bond ...,
		// valid until", "a bid bond ... valid until") is its expiry.
		return cueExpiryDate, true
	case c.key == "expiry_date" && matches(reOfferNoun, ctx[:at]) && !matches(reAgreementNoun, ctx[:at]):
		// "This offer expires on", "يسري هذا العرض حتى": how long an
		// offer stands is its validity, not a contract's expiry.
		return dateCueOf("valid_until"), true
	case c.key == "document_date" && x.title == "invoice" && x.proforma():
		// A proforma invoice is an offer, not a tax invoice: its date
		// is the date it was issued.
		return cueIssueDate, true
	case c.key == "document_date" && x.title == "invoice":
		return cueInvoiceDate, true
	case c.key == "effective_date" && matches(reEffectFrom, ctx[at:]) && matches(reEndVerb, ctx[:at]):
		// "ينتهي العقد بالتراضي اعتباراً من 30 نوفمبر", "the Lease shall
		// terminate with effect from": the date the contract ends.
		return cueExpiryDate, true
	}
	return c, true
}

// reEffectFrom: "with effect from", "as of", اعتباراً من (an effective date
// cue that names no start by itself); reEndVerb: the clause ends
// something.
var (
	reEffectFrom = regexp.MustCompile(`(?i)^(?:with\s+effect\s+from|w\.e\.f|effective|as\s+(?:of|from)|from|اعتبارا\s+من|اعتباراً\s+من|ابتداء\s+من|ابتداءً\s+من|من\s+تاريخ)`)
	reEndVerb    = regexp.MustCompile(`(?i)\b(?:terminat\w*|expir\w*|ends?|ended|ceases?|cease)\b|ينتهي|تنتهي|ينقضي|تنقضي|إنهاء|انهاء|ينهى|يُنهى|فسخ|يفسخ|انتهاء`)
)

// The date cues dateCue answers by name (looked up once, at start).
var (
	cueInvoiceDate   = dateCueOf("invoice_date")
	cueIssueDate     = dateCueOf("issue_date")
	cueAgreementDate = dateCueOf("agreement_date")
	cueDocumentDate  = dateCueOf("document_date")
	cueExpiryDate    = dateCueOf("expiry_date")
	// The later label specification's completion date of works (no
	// label cue: "Completion Date" in a supply stays a delivery date).
	cueCompletionDate = cue{key: "completion_date", role: "due", label: "Completion date"}
	// reExpiringNoun: what expires rather than stays open for acceptance:
	// a contract, a guarantee or bond, a policy, a licence or permit, a
	// warranty.
	reExpiringNoun  = regexp.MustCompile(`(?i)\b(?:agreement|contract|lease|tenancy|licen[cs]e|permit|guarantee|bond|security|policy|insurance|warranty|certificate)\b|العقد|عقد|الاتفاقية|اتفاقية|الضمان|ضمان|الكفالة|كفالة|الوثيقة|وثيقة|الترخيص|ترخيص|الرخصة|رخصة|الشهادة|شهادة`)
	reAgreementNoun = regexp.MustCompile(`(?i)\b(?:agreement|contract|lease|tenancy|licen[cs]e|term)\b|العقد|عقد|الاتفاقية|اتفاقية`)
)

// dateCueOf is the cue of dateCues with key k.
func dateCueOf(k string) cue {
	for _, c := range dateCues {
		if c.key == k {
			return c
		}
	}
	panic("documentfacts: no date cue " + k)
}

// proforma: the document's title names a proforma invoice.
func (x *extractor) proforma() bool {
	for i, s := range x.a.segs {
		if i > 8 {
			break
		}
		if reProforma.MatchString(x.a.text[s.start:s.end]) {
			return true
		}
	}
	return false
}

var reProforma = regexp.MustCompile(`(?i)\bpro[\s-]?forma\b|فاتورة\s+مبدئية|فاتورة\s+أولية|فاتورة\s+اولية`)

// reCountedFrom: the event a period is counted from ("after receipt of",
// "from the date of", "following delivery of", "من تاريخ استلام").
var reCountedFrom = regexp.MustCompile(`(?i)\b(?:after|from|following|upon|on)\s+(?:the\s+)?(?:receipt|date|issue)\s+of\b|(?:من|بعد)\s+(?:تاريخ\s+)?(?:استلام|تسلم|إصدار|اصدار)`)

// reReferencedDoc: a document of the other side, or a request, named
// before "dated" ("your enquiry", "customer order", "RFQ").
var reReferencedDoc = regexp.MustCompile(`(?i)\b(?:your|customer|client|buyer'?s?|purchaser'?s?)\s+(?:\w+\s+)?(?:order|enquiry|inquiry|letter|quotation|request|rfq|po)\b|\b(?:enquiry|inquiry|rfq|request\s+for\s+quotation)\b`)
