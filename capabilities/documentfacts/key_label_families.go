package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 16 (issue 29, session 18): the keys of dates, durations and money
// by families of wording, each family a way drafters introduce a date, a
// period or a sum (docs/documents.md, "Issue 29, session 18: round 16,
// keys of dates, durations and money, by families"; table tests in
// key_label_families_test.go). One rule per family; each runs after rounds 11-15.

// labelFamiliesDateKeys re-keys a date after round 15 (deferred from clauseContextDateKeys
// before it, so it runs last): t is the date's block, t[ms:me] the date,
// prev the block before it, text the document's.
func labelFamiliesDateKeys(f *Fact, t string, ms, me int, w dateWindows, text string) {
	set := func(c cue) { f.Key, f.Label, f.Role = c.key, c.label, c.role }
	// A label stands near its date: the line's last 300 bytes are read
	// (a 190 KB single line must not be scanned once per date, nor
	// searched back for its start further than those bytes and one).
	ls := max(0, ms-301)
	if i := strings.LastIndexByte(t[ls:ms], '\n'); i >= 0 {
		ls += i + 1
	}
	line := tail(t[ls:ms], 300)
	label := labelBefore(line)
	ctx := w.ctx
	switch f.Key {
	case "date", "document_date":
		// Family DA: a row or label naming the start or the end of the
		// contract's own span ("Start of contract |", "Lease end / نهاية
		// الإيجار |", "نهاية مدة الإيجار |").
		switch {
		case label != "" && matches(reSpanEnd, label):
			set(cueExpiryDate)
			return
		case label != "" && matches(reSpanStart, label):
			set(dateCueOf("effective_date"))
			return
		}
	}
	switch f.Key {
	case "date", "document_date", "agreement_date", "delivery_date":
		// Family DA: "Date for Completion:", "Completion Date |" in a
		// works contract: the works' completion date (in a supply it
		// stays the delivery date).
		if label != "" && matches(reCompletionLabel, label) && matches(reWorksTitle, prefixBytes(text, 200)) {
			set(cueCompletionDate)
			return
		}
	}
	if labelFamiliesDateKeysProbe(f, set, label, line, t[me:min(len(t), me+8)], ctx, w.clause, text) {
		return
	}
	switch f.Key {
	case "issue_date", "agreement_date", "document_date":
		// Family DN: "the Client's letter dated", "the Supplier's
		// proposal ref. P-12 dated": a document of a party, referred to,
		// is no date of this one.
		if matches(reOwnersDocDated, ctx) {
			set(cue{key: "date", label: "Date"})
			return
		}
	case "valid_until", "expiry_date":
		// Family DN: "prices are fixed until", "remain firm until", "تبقى
		// الأسعار ثابتة حتى": how long prices hold is a plain date (the
		// key specification's price-fixed period is a duration; its end
		// date is a date).
		if matches(rePricesHeld, ctx) {
			set(cue{key: "date", label: "Date"})
			return
		}
	}
}

// labelBefore: the label a date's line gives it when the date follows a
// label and a colon or a table cell break ("Lease end / نهاية الإيجار |
// "), "" when the line is prose.
func labelBefore(line string) string {
	l := strings.TrimRight(line, " \t*_")
	switch {
	case strings.HasSuffix(l, " |"):
		l = strings.TrimSuffix(l, " |")
	case strings.HasSuffix(l, ":"), strings.HasSuffix(l, "："):
		l = strings.TrimRight(strings.TrimRight(l, ":："), " ")
	default:
		return ""
	}
	if i := strings.LastIndex(l, " | "); i >= 0 {
		l = l[i+3:]
	}
	if utf8.RuneCountInString(l) > 80 {
		return ""
	}
	return l
}

var (
	// reSpanStart, reSpanEnd: a label naming the start or end of the
	// contract, lease, tenancy, hire or term itself.
	reSpanStart = regexp.MustCompile(`(?i)\b(?:contract|lease|tenancy|agreement|rental|hire|licen[cs]e)\s+(?:start|commencement|beginning)\b|\b(?:start|commencement|beginning)\s+(?:date\s+)?of\s+(?:the\s+)?(?:contract|lease|tenancy|agreement|rental|hire|term|licen[cs]e)\b|(?:تاريخ\s+)?(?:بداية|بدء)\s+(?:مدة\s+)?(?:ال)?(?:عقد|إيجار|ايجار|اتفاقية|تأجير)`)
	reSpanEnd   = regexp.MustCompile(`(?i)\b(?:contract|lease|tenancy|agreement|rental|hire|licen[cs]e)\s+(?:end|expiry|expiration)\b|\b(?:end|expiry|expiration)\s+(?:date\s+)?of\s+(?:the\s+)?(?:contract|lease|tenancy|agreement|rental|hire|term|licen[cs]e)\b|(?:تاريخ\s+)?(?:نهاية|انتهاء)\s+(?:مدة\s+)?(?:ال)?(?:عقد|إيجار|ايجار|اتفاقية|تأجير)`)
	// reCompletionLabel: a label of the works' completion date.
	reCompletionLabel = regexp.MustCompile(`(?i)\b(?:(?:date|time)\s+(?:for|of)\s+completion|completion\s+date|scheduled\s+completion)\b|تاريخ\s+(?:ال)?إنجاز|تاريخ\s+(?:ال)?انجاز`)
	// reWorksTitle: a works contract's title (construction, civil,
	// fit-out works, مقاولة).
	reWorksTitle = regexp.MustCompile(`(?i)\b(?:works?|construction|civil|building|fit-?out|sub-?contract)\b|مقاولة|مقاولات|أعمال|إنشاء`)
	// reOwnersDocDated: a party's own document, named with its
	// possessive, before "dated".
	reOwnersDocDated = regexp.MustCompile(`(?i)\b\p{L}+['’]s\s+(?:\p{L}+\s+){0,2}(?:letter|proposal|offer|quotation|order|enquiry|inquiry|request|tender|bid|notice|e-?mail|fax|memo)\s+(?:(?:no\.?|ref\.?|reference|number)\s*\S+\s+)?dated\s*$`)
	// rePricesHeld: prices or rates held until a day.
	rePricesHeld = regexp.MustCompile(`(?i)\b(?:prices?|rates?|tariffs?)\b[^.;]{0,60}\b(?:fixed|firm|unchanged|frozen|held)\s+(?:until|till|up\s+to|through)\s*$|(?:الأسعار|الاسعار|الأسعار|أسعار)\s[^.؛]{0,40}(?:ثابتة|ثابته)\s+(?:حتى|لغاية)\s*$`)
)

// labelFamiliesMoneyKeys re-keys a money fact after round 15 (k is the key rounds
// 11-15 chose, "" for none; orig the fact's own) from the words after the
// sum (text[end:]) and its row; "" when no rule applies.
func labelFamiliesMoneyKeys(k, orig, sent, text string, at, end int) string {
	key := k
	if key == "" {
		key = orig
	}
	row := tableCell(text, at)
	switch {
	case (key == "amount" || key == "price" || key == "fee" || key == "total_amount" || key == "rent" || key == "contract_value") && !row:
		// Family MP: the sum's purpose written after it ("QAR 80,000 as
		// a performance guarantee", "USD 12,000 being the advance
		// payment", "AED 240,000 (the "Contract Price")", "as the total
		// value of this Agreement", "كدفعة مقدمة").
		if purposeKey := purposeAfter(text[min(max(end, 0), len(text)):min(len(text), max(end, 0)+160)]); purposeKey != "" {
			return purposeKey
		}
	}
	if probeKey := labelFamiliesMoneyKeysProbe(key, sent, text, at, end, row); probeKey != "" {
		return probeKey
	}
	switch {
	case key == "total_amount" && !row && reLiabilityAR.MatchString(sent):
		// Family MG: "لا تتجاوز مسؤولية مقدم الخدمة الإجمالية مبلغ": the
		// total is the liability's, its cap.
		return "liability_cap"
	case key == "price" && row && reRentRowLabelFamilies.MatchString(firstCell(lineAt(text, at))) && reLeaseWordClauseContext.MatchString(text) && !reHire.MatchString(firstCell(lineAt(text, at))):
		// Family ML: "Monthly rent | 500.000" under "Item | Amount (OMR)"
		// in a lease: the rent row of a table of charges stays rent (a
		// rate table's rows are prices).
		return "rent"
	}
	return ""
}

// purposeAfter: the key a sum's purpose named right after it gives.
func purposeAfter(after string) string {
	for _, p := range purposesAfter {
		if p.re.MatchString(after) {
			return p.key
		}
	}
	return ""
}

const (
	// leadLabelFamilies: past a bracket that writes the sum in words, "as", "being",
	// "by way of", "representing".
	leadLabelFamilies = `(?i)^\s*(?:\([^()]{1,120}\)\s*)?,?\s*(?:(?:a|per|each|every)\s+(?:month|year|week|quarter)\s+)?(?:for\s+[^.;,()]{1,40}?\s+)?(?:as|being|by\s+way\s+of|representing|which\s+is)\s+(?:the\s+|an?\s+|its\s+|his\s+)?`
	leadAR            = `^\.?\s*(?:\([^()]{1,120}\)\s*)?[،,]?\s*(?:ك|بصفة\s+|بوصفه\s+|بوصفها\s+|وذلك\s+ك)`
	// defined: a defined term in a bracket right after the sum.
	defined = `(?i)^\s*\(\s*(?:the\s+|hereinafter\s+(?:called\s+|referred\s+to\s+as\s+)?(?:the\s+)?)?["“'‘]`
)

var purposesAfter = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(leadLabelFamilies + `(?:(?:total|full|entire)\s+)?(?:value|price|sum|consideration)\s+(?:of|for|under)\s+(?:this|the)\s+(?:agreement|contract|sub-?contract)\b|` + leadLabelFamilies + `(?:sub-?)?contract\s+(?:price|sum|value)\b`), "contract_value"},
	{regexp.MustCompile(defined + `(?:(?:sub-?)?contract\s+(?:price|sum|value)|agreement\s+value)["”'’]`), "contract_value"},
	{regexp.MustCompile(leadLabelFamilies + `advance(?:\s+payment)?\b`), "advance_payment"},
	{regexp.MustCompile(defined + `advance(?:\s+payment)?["”'’]`), "advance_payment"},
	{regexp.MustCompile(leadLabelFamilies + `performance\s+(?:bond|guarantee|security)\b`), "performance_bond"},
	{regexp.MustCompile(leadLabelFamilies + `(?:bid|tender)\s+(?:bond|guarantee|security)\b`), "bid_bond"},
	{regexp.MustCompile(leadLabelFamilies + `service\s+charges?\b`), "service_charge"},
	{regexp.MustCompile(leadLabelFamilies + `(?:monthly\s+|annual\s+|yearly\s+)?rent\b`), "rent"},
	{regexp.MustCompile(leadAR + `(?:دفعة|دفعةً)\s+مقدمة`), "advance_payment"},
	{regexp.MustCompile(leadAR + `(?:ضمان|كفالة)\s+(?:ابتدائي|ابتدائية|مؤقت|مؤقتة|العطاء|دخول)`), "bid_bond"},
	{regexp.MustCompile(leadAR + `(?:ال)?قيمة\s+(?:ال)?(?:إجمالية\s+)?(?:لل|ل)?عقد`), "contract_value"},
}

var (
	// reLiabilityAR: an Arabic cap on a party's liability before the
	// sum ("لا تتجاوز مسؤولية ... الإجمالية مبلغ", "تكون المسؤولية ...
	// محدودة بمبلغ").
	reLiabilityAR = regexp.MustCompile(`(?:لا|ألا|الا)\s+(?:تتجاوز|يتجاوز|تزيد|يزيد)\s+(?:ال)?مسؤولية\s[^.؛]{0,80}$|(?:ال)?مسؤولية\s[^.؛]{0,60}(?:لا\s+(?:تتجاوز|تزيد)|محدودة\s+ب|بحد\s+أقصى)[^.؛]{0,30}$`)
	// reRentRowLabelFamilies: a row that names the rent of the premises.
	reRentRowLabelFamilies = regexp.MustCompile(`(?i)^[\s*_]*(?:(?:monthly|annual|yearly|quarterly|basic|base)\s+)?rent\b|^[\s*_]*(?:(?:ال)?إيجار|(?:ال)?ايجار|بدل\s+(?:ال)?إيجار|(?:ال)?قيمة\s+(?:ال)?إيجارية)`)
)

// labelFamiliesDurationKeys re-keys a period after round 11 (c, ok its answer; had
// whether a cue was found before it): t is the block, t[ms:me] the
// period, ctx the text before it.
func (x *extractor) labelFamiliesDurationKeys(t string, ms, me int, ctx string, c cue, ok, had bool) (cue, bool) {
	clause := ctx
	if locs := reClauseStop.FindAllStringIndex(clause, -1); len(locs) > 0 {
		clause = clause[locs[len(locs)-1][0]+1:]
	}
	if probeCue, probeOK := labelFamiliesDurationKeysProbe(t, ms, me, ctx, clause, c, ok); probeOK {
		return probeCue, true
	}
	if !had && !ok {
		switch {
		case reLetFor.MatchString(clause):
			// Family UA: "The Landlord leases the shop to the Tenant for
			// two (2) years", "The Owner hires the crane to the Hirer
			// for six (6) months": the lease's or hire's own length.
			return durationCueOf("term"), true
		case x.title != "agreement" && reValidityLabel.MatchString(ctx):
			// Family UH: "Validity: 60 days" in a quotation or an offer:
			// how long it stays open, a duration.
			return durationCueOf("duration"), true
		case reClaimWindow.MatchString(clause):
			// Family UK: "Any dispute about this invoice must be raised
			// within", "Queries on this statement ... within", "أي
			// اعتراض على هذه الفاتورة ... خلال": the window to dispute.
			return cueClaimPeriod, true
		}
		return c, ok
	}
	if (!ok || c.key == "payment_period" || c.key == "notice_period") && reClaimWindow.MatchString(clause) {
		// Family UK, after a cue: "this invoice" names no time to pay
		// when the sentence disputes it.
		return cueClaimPeriod, true
	}
	if ok && c.key == "renewal_term" && reNoRenew.MatchString(clause) && !reRenewFor.MatchString(clause) {
		// Family UB: "If a party does not want to renew, it shall tell
		// the other ... two (2) months before expiry", "على الطرف الذي لا
		// يرغب في التجديد إخطار ... بشهرين": the notice not to renew (a
		// period the renewal runs for stays renewal_term).
		return durationCues[0], true
	}
	return c, ok
}

var (
	// reLetFor: a verb that lets or hires a thing out, then "for".
	reLetFor = regexp.MustCompile(`(?i)\b(?:lets|leases|rents|hires|charters|sub-?lets|(?:shall|will|hereby|agrees\s+to)\s+(?:let|lease|rent|hire|charter))\s+(?:out\s+)?(?:the|a|an|its|his|her|their|to|unto)\b[^.;]{0,120}\bfor\s*(?:a\s+(?:fixed\s+)?(?:term|period)\s+of\s*)?$`)
	// reValidityLabel: a bare validity label.
	reValidityLabel = regexp.MustCompile(`(?i)(?:^|\n|\|)[\s*_]*(?:validity|validity\s+period|period\s+of\s+validity|الصلاحية|مدة\s+الصلاحية)\s*[:：|]?\s*$`)
	// reClaimWindow: a dispute, query or objection about an invoice, a
	// statement or a delivery, raised within a time.
	reClaimWindow = regexp.MustCompile(`(?i)\b(?:disputes?|quer(?:y|ies)|objections?|complaints?|discrepanc(?:y|ies))\b[^.;]{0,80}\b(?:invoices?|statements?|bills?|accounts?|deliver(?:y|ies)|goods|shipments?|consignments?)\b[^.;]{0,60}\bwithin\s*$|\b(?:invoices?|statements?|bills?)\b[^.;]{0,40}\b(?:disputes?|quer(?:y|ies)|objections?)\b[^.;]{0,60}\bwithin\s*$|(?:اعتراض|شكوى|ملاحظات|ملاحظة)\s[^.؛]{0,80}(?:الفاتورة|فاتورة|الفواتير|كشف\s+الحساب|البضاعة|البضائع)[^.؛]{0,60}خلال\s*$`)
	// reNoRenew: a party that does not renew.
	reNoRenew = regexp.MustCompile(`(?i)\bnot\s+(?:wish|want|intend|desire|elect)\w*\s+to\s+renew|\bnon-?renewal\b|\bnot\s+to\s+renew\b|عدم\s+(?:ال)?تجديد|لا\s+(?:يرغب|ترغب)\s+في\s+(?:ال)?تجديد|عدم\s+رغبته\s+في\s+(?:ال)?تجديد`)
	// reRenewFor: the period is what the renewal runs for.
	reRenewFor = regexp.MustCompile(`(?i)\b(?:renew\w*|extend\w*)\s+(?:\w+\s+){0,3}for\s+(?:(?:a|an|one|successive|further|additional|consecutive|similar|like)\s+)*(?:(?:terms?|periods?)\s+of\s*)?$|(?:يجدد|تجدد|تجديد|يمدد|تمديد)\s[^.؛]{0,30}(?:لمدة|لفترة)\s*$`)
)

// labelFamiliesDateKeysProbe: the date families the key probe showed (written as
// table tests in other words first); true when one re-keyed f.
func labelFamiliesDateKeysProbe(f *Fact, set func(cue), label, line, after, ctx, clause, text string) bool {
	plain := cue{key: "date", label: "Date"}
	switch f.Key {
	case "date", "document_date":
		switch {
		case label != "" && (matches(rePeriodLabelLabelFamilies, label) || matches(reTermLabel, label)) && matches(reDashAfter, after):
			// Family PT: "Period of insurance | 01/10/2027 – 30/09/2028":
			// the start of the span the row names.
			set(dateCueOf("effective_date"))
			return true
		}
		// (The row's range label is read once, not three times.)
		if rangeEnd := rangeEndLabel(line); rangeEnd != "" && (matches(rePeriodLabelLabelFamilies, rangeEnd) || matches(reTermLabel, rangeEnd)) {
			set(cueExpiryDate) // its end
			return true
		}
	}
	switch f.Key {
	case "date", "document_date", "delivery_date", "agreement_date":
		switch {
		case matches(reStartBeing, tail(ctx, 100)) || matches(reComeIntoEffect, tail(ctx, 60)):
			// Family DB: "commences on the Handover Date, being", "shall
			// come into effect on": the start.
			set(dateCueOf("effective_date"))
			return true
		case (f.Key == "date" || f.Key == "document_date") && matches(reClosesOn, tail(ctx, 80)) && (isTenderText(text) || matches(reTenderTitleLabelFamilies, prefixBytes(text, 200))):
			// Family DF: "The tender closes at 12:00 noon on": the
			// submission deadline.
			set(dateCueOf("submission_deadline"))
			return true
		}
	}
	switch {
	case matches(reMaturity, tail(ctx, 60)) && f.Key != "expiry_date":
		// Family PU: "Final maturity: 31 March 2030": a loan's end.
		set(cueExpiryDate)
		return true
	case matches(reDrawUntil, tail(ctx, 80)) && (f.Key == "expiry_date" || f.Key == "valid_until"):
		// Family PU: "may be drawn until": the last day to draw, a plain
		// date (the loan runs on).
		set(plain)
		return true
	}
	switch f.Key {
	case "date", "document_date", "agreement_date":
		if matches(reSignedAt, ctx) && matches(reMadeOn, text) {
			// Family PA: "Signed by both parties at Muscat on", "Signed in
			// Hamburg on ... and in Salalah on": the day of signing, in a
			// document that is made or dated on a day of its own (else
			// the signing is the day it is made).
			set(cue{key: "signature_date", label: "Signature date", role: "signature"})
			return true
		}
	}
	if label != "" && (isTenderText(text) || matches(reTenderTitleLabelFamilies, prefixBytes(text, 200))) {
		// Family PB: the rows of a tender's key-dates table.
		switch {
		case matches(reSaleOpens, label):
			set(plain) // "Tender documents on sale from |": the first day of a sale, an event
			return true
		case matches(reLastDay, label):
			rest := label[reLastDay.FindStringIndex(label)[1]:]
			switch {
			case matches(reBuyWord, rest):
				set(dateCueOf("document_purchase_deadline"))
				return true
			case matches(reAskWord, rest):
				set(dateCueOf("clarification_deadline"))
				return true
			case matches(reBidWord, rest) || matches(reSubmitWord, rest):
				set(dateCueOf("submission_deadline"))
				return true
			}
		case matches(reOpeningLabel, label) && f.Key != "bid_opening_date":
			set(dateCueOf("bid_opening_date")) // "Public opening / الفتح العلني |"
			return true
		}
	}
	switch f.Key {
	case "effective_date":
		switch {
		case matches(reOfferTitle, prefixBytes(text, 300)) && matches(reStartWord, tail(ctx, 80)):
			// Family PC: "Your start date will be" in an offer letter:
			// the start_date (a contract's commencement stays effective).
			set(dateCueOf("start_date"))
			return true
		case matches(reDeemedEnded, ctx):
			// Family PF: "يعتبر العقد منتهياً اعتباراً من", "deemed
			// terminated with effect from": the day the contract ends.
			set(cueExpiryDate)
			return true
		}
	case "delivery_date":
		if matches(reCompletionLabel, tail(ctx, 60)) && matches(reWorksNounLabelFamilies, clause) {
			// Family PD: "a construction contract ..., with a completion
			// date of": the works' completion date.
			set(cueCompletionDate)
			return true
		}
	case "valid_until":
		if matches(reThisGuarantee, clause) {
			// Family PE: "This bond remains in force ... from the closing
			// date of bids and expires on", "يبقى هذا الضمان سارياً ...
			// وينتهي في": the guarantee's end (the bids named in it are
			// no offer that stays open).
			set(cueExpiryDate)
			return true
		}
	}
	return false
}

var (
	reSignedAt                 = regexp.MustCompile(`(?i)(?:^|[.\n]\s*|\|\s*)(?:signed|executed)\s+(?:(?:by|for)\s+(?:both|the\s+two|all|each|the)\s+part(?:y|ies)\s+)?(?:(?:at|in)\s+\p{L}[^.;]{0,40}?\s+)?on\s*$`)
	reMadeOn                   = regexp.MustCompile(`(?i)\b(?:made|entered\s+into|concluded)\s+(?:on|this)\b|\b(?:is|was)\s+dated\b|\bdated\s+(?:this\s+)?\d|\bdate\s+of\s+this\s+(?:agreement|lease|contract)\b|أبرم|أبرمت|حرر\s+هذا|تحرر\s+هذا`)
	reTenderTitleLabelFamilies = regexp.MustCompile(`(?i)\b(?:tender|rfq|rfp|request\s+for\s+(?:quotation|proposal)s?|invitation\s+to\s+(?:bid|tender))\b|مناقصة|منافسة|طلب\s+عروض`)
	reSaleOpens                = regexp.MustCompile(`(?i)\bon\s+sale\s+from\b|\bsale\b[^|]{0,40}\b(?:opens|starts|begins)\b|\b(?:start|opening|first\s+day)\s+of\s+(?:the\s+)?sale\b|بدء\s+(?:بيع|طرح)|بداية\s+بيع|أول\s+يوم\s+(?:ل)?(?:بيع|شراء)`)
	reLastDay                  = regexp.MustCompile(`(?i)^[\s*_]*(?:the\s+)?(?:last|final)\s+(?:day|date)\s+(?:for|to|of)\b|^[\s*_]*(?:آخر|اخر)\s+(?:يوم|موعد)`)
	reBuyWord                  = regexp.MustCompile(`(?i)\b(?:purchas\w*|buy\w*|sale|collect\w*)\b|شراء|لشراء|بيع|استلام\s+(?:ال)?(?:وثائق|مستندات|كراسة)`)
	reAskWord                  = regexp.MustCompile(`(?i)\b(?:questions?|quer(?:y|ies)|clarifications?|enquir(?:y|ies)|inquir(?:y|ies))\b|الاستفسارات|استفسارات|للاستفسارات|الاستيضاحات`)
	reSubmitWord               = regexp.MustCompile(`(?i)\b(?:submi\w+|receipt|closing)\b|تقديم|لتقديم|استلام`)
	reOpeningLabel             = regexp.MustCompile(`(?i)^[\s*_]*(?:public\s+)?opening\b|الفتح\s+العلني|فتح\s+(?:ال)?(?:مظاريف|عطاءات|عروض)`)
	reOfferTitle               = regexp.MustCompile(`(?i)\boffer\s+(?:letter|of\s+employment)\b|\bletter\s+of\s+(?:offer|appointment)\b|\bemployment\s+offer\b|خطاب\s+(?:عرض|تعيين)|عرض\s+(?:عمل|وظيفي|توظيف)`)
	reStartWord                = regexp.MustCompile(`(?i)\b(?:start|starting|join\w*|commence\w*)\b|المباشرة|مباشرة|الالتحاق|بدء`)
	reDeemedEnded              = regexp.MustCompile(`(?:منتهياً|منتهيا|منتهية|مفسوخاً|مفسوخا|مفسوخ|ملغياً|ملغى)\s+(?:اعتبارا|اعتباراً|ابتداء|ابتداءً)\s+من\s*$|(?i:\b(?:deemed|treated\s+as|considered)\s+(?:terminated|ended|cancelled|rescinded|expired)\s+(?:with\s+effect\s+from|as\s+(?:of|from)|from)\s*$)`)
	reWorksNounLabelFamilies   = regexp.MustCompile(`(?i)\b(?:construction|works|building|civil|fit-?out)\b|إنشاء|الأعمال|أعمال|مقاولة`)
	reThisGuarantee            = regexp.MustCompile(`(?i)\b(?:this|the)\s+(?:bond|guarantee|security|letter\s+of\s+guarantee|bank\s+guarantee)\b|(?:هذا|هذه)\s+(?:الضمان|الكفالة|خطاب\s+الضمان)`)
)

// labelFamiliesDurationKeysProbe: the period families the key probe showed
// (written as table tests in other words first); ok true when one gives
// the period a role.
func labelFamiliesDurationKeysProbe(t string, ms, me int, ctx, clause string, c cue, ok bool) (cue, bool) {
	after := t[me:min(len(t), me+100)]
	weak := !ok || c.key == "payment_period" || c.key == "notice_period" || c.key == "term" || c.key == "duration" || c.key == "delivery_period"
	switch {
	case weak && reRemedyAfter.MatchString(after):
		// Family PG: "has twenty (20) days from that letter to remedy the
		// default", "مهلة عشرة (١٠) أيام ... لتصحيح المخالفة": a cure
		// period, the remedy named after the period.
		return cueCurePeriod, true
	case (!ok || c.key == "term") && reFreeAfter.MatchString(after):
		// Family PH: "The first two (2) months of the lease are
		// rent-free": a rent-free period, a duration.
		return durationCueOf("duration"), true
	case (!ok || c.key == "duration") && reTenor.MatchString(tail(ctx, 60)):
		// Family PI: "Tenor: seven (7) years", "The tenor of the
		// facility is": a loan's length, its term.
		return durationCueOf("term"), true
	case ok && c.key != "term" && reWhoseTerm.MatchString(ctx):
		// Family PK: "بموجب اتفاقية إطارية مدتها سنتان": the agreement's
		// own length, whatever it supplies.
		return durationCueOf("term"), true
	case (!ok || c.key == "term") && reHoldPrices.MatchString(clause):
		// Family UL: "shall hold its prices for", "Our prices remain
		// firm for": a price-fixed period, a duration.
		return durationCueOf("duration"), true
	case reGuaranteeValidFor.MatchString(clause):
		// Family PV: "يسري هذا الضمان لمدة", "This bond shall remain
		// valid for": the guarantee's validity, a duration.
		return cueValidity, true
	case ok && c.key == "probation_period" && reNoticeLabel.MatchString(ctx):
		// Family PX: "Notice: seven (7) days during probation and sixty
		// (60) days after confirmation": notice periods.
		return durationCues[0], true
	case reDemandUnder.MatchString(clause):
		// Family PJ: "Claims under this guarantee must reach us within":
		// the window to claim.
		return cueClaimPeriod, true
	}
	return c, false
}

var (
	reRemedyAfter       = regexp.MustCompile(`(?i)^\s*(?:\([^()]{0,30}\)\s*)?(?:(?:from|after|of)\s+[^.;]{0,50}?\s+)?to\s+(?:remedy|cure|(?:rectify|correct|make\s+good)\s+(?:the\s+|any\s+|such\s+|that\s+|its\s+)?(?:breach|default|failure|non-?compliance|violation))\b|^[^.؛]{0,60}?(?:لمعالجة|لتصحيح|لتدارك|لإزالة|لمعالجه)\s+(?:هذا\s+|ذلك\s+)?(?:ال)?(?:إخلال|اخلال|مخالفة|تقصير|خلل)`)
	reFreeAfter         = regexp.MustCompile(`(?i)^\s*(?:\([^()]{0,30}\)\s*)?(?:of\s+(?:the\s+)?(?:lease|term|tenancy|contract)\s+)?(?:are|is|shall\s+be|will\s+be)\s+(?:an?\s+)?(?:(?:free\s+)?fit[- ]out|rent[- ]free|free\s+of\s+rent|free)\b`)
	reTenor             = regexp.MustCompile(`(?i)\btenor\b[^.;]{0,40}$`)
	reWhoseTerm         = regexp.MustCompile(`(?:^|\s)(?:ال)?(?:عقد|اتفاقية|اتفاق)(?:\s+(?:ال)?\p{L}+(?:ي|ية))?\s+(?:مدته|مدتها)\s*$`)
	reGuaranteeValidFor = regexp.MustCompile(`(?:يسري|يظل|يبقى|تسري|تظل|تبقى)\s+(?:هذا\s+|هذه\s+)?(?:الضمان|الكفالة|خطاب\s+الضمان)[^.؛]{0,20}(?:لمدة|مدة)\s*$|(?i:\b(?:this|the)\s+(?:bond|guarantee)\s+(?:is|shall\s+be|remains?|shall\s+remain|will\s+remain)\s+(?:valid|in\s+force)\s+for\s*(?:a\s+period\s+of\s*)?$)`)
	reHoldPrices        = regexp.MustCompile(`(?i)\b(?:hold|holds|keep|keeps|maintain|maintains)\s+(?:its\s+|their\s+|the\s+|our\s+|all\s+)?(?:prices|rates|tariffs?)\b[^.;]{0,30}\bfor\s*(?:a\s+period\s+of\s*)?$|\b(?:prices|rates)\b[^.;]{0,30}\b(?:remain|remains|shall\s+remain|will\s+remain|are|stay)\s+(?:firm|fixed|unchanged|valid)\s+for\s*(?:a\s+period\s+of\s*)?$|(?:الأسعار|أسعار)\s[^.؛]{0,30}(?:ثابتة|سارية)\s+(?:لمدة|مدة)\s*$`)
	reNoticeLabel       = regexp.MustCompile(`(?i)(?:^|\n|\|)\s*(?:notice(?:\s+period)?|الإشعار|مدة\s+الإشعار|فترة\s+الإشعار)\s*[:：|][^\n|]*$`)
	reDemandUnder       = regexp.MustCompile(`(?i)\b(?:claims?|demands?)\s+(?:under|on)\s+(?:it|this|the)\b[^.;]{0,80}\bwithin\s*$|(?:مطالبة|المطالبات|مطالبات)\s+(?:بموجب|على)\s+(?:هذا|هذه)\s[^.؛]{0,60}خلال\s*$`)
)

// labelFamiliesMoneyKeysProbe: the money families the key probe showed (written as
// table tests in other words first); "" when none applies.
func labelFamiliesMoneyKeysProbe(key, sent, text string, at, end int, row bool) string {
	near := tail(sent, 60)
	first := prefixBytes(firstCell(lineAt(text, at)), 300)
	// own: the sum's own line before it and its row's first cell (a
	// sentence may run back over an earlier line's label).
	own := tail(lineBefore(text, at), 120) + " " + first
	after := text[min(max(end, 0), len(text)):min(len(text), max(end, 0)+120)]
	switch {
	case key != "amount" && !row && reInstalmentsOf.MatchString(near) && reEachAfter.MatchString(after):
		// Family PL: "paid in four instalments of OMR 1,800.000 each":
		// an instalment (the key specification), of rent or a fee alike.
		return "amount"
	case (key == "security_deposit" || key == "advance_payment") && (reEarnest.MatchString(near) || reBareDepositLabelFamilies.MatchString(near) && reBalanceAfter.MatchString(after)) && !reLeaseWordClauseContext.MatchString(text):
		// Family PM: "A deposit of USD 900.00 is due with the order",
		// "عربوناً قدره": outside a lease a deposit is a part of the
		// price (the key specification's session 16 row), an amount.
		return "amount"
	case (key == "fee" || key == "service_charge" || key == "penalty_amount" || key == "price") && !row && reOutstanding.MatchString(tail(sent, 120)) && !rePenaltyWord.MatchString(tail(sent, 50)) && !reShortfallUnit.MatchString(after):
		// Family PN: "Outstanding maintenance charges of", "المبالغ
		// المتأخرة": a sum overdue, an amount.
		return "amount"
	case (key == "price" || key == "fee") && reInsuranceDoc.MatchString(prefixBytes(text, 200)) && reCoPay.MatchString(own):
		// Family PO: "Co-payment per visit |", a deductible: an amount.
		return "amount"
	case (key == "price" || key == "liability_cap" || key == "amount" || key == "fee" || key == "total_amount") && reInsuranceDoc.MatchString(prefixBytes(text, 200)) && !reCoPay.MatchString(own) && reLimitWord.MatchString(own):
		// Family PO: "Third-party liability limit:", "Annual limit per
		// member |" in an insurance schedule: the cover.
		return "insurance_cover"
	case key == "total_amount" && !row && reTotalFees.MatchString(near):
		// Family PP: "أتعاباً إجمالية قدرها": a total of fees named in a
		// sentence is the fee.
		return "fee"
	case (key == "bid_bond" || key == "performance_bond" || key == "amount") && !row && reBidValue.MatchString(tail(sent, 40)):
		// Family PQ: "for its bid valued at", "وبقيمة عطاء قدرها": the
		// bid's price, not the bond's sum.
		return "price"
	case (key == "amount" || key == "discount" || key == "price") && !row && reCreditWordLabelFamilies.MatchString(sent+" "+after) && reFailEach.MatchString(sent+" "+after):
		// Family PR: "For each report delivered late the Provider
		// credits": a credit for a failure is a penalty.
		return "penalty_amount"
	case key == "liability_cap" && reInsuranceDoc.MatchString(prefixBytes(text, 200)):
		// Family PO: a policy's "Third-party liability" section is its
		// cover, not a cap on a party's liability.
		return "insurance_cover"
	case key == "total_amount" && !row && reUpToTotal.MatchString(tail(sent, 40)) && !rePenaltyWord.MatchString(sent):
		// Family PY: "Retention: 5% of each interim payment, up to a
		// total of": a ceiling, an amount (not a priced document's
		// total; a charge's ceiling is round 15's penalty).
		return "amount"
	case key == "amount" && reBankBond.MatchString(near+" "+first):
		// Family MH: "الضمان البنكي الابتدائي", "الضمان المصرفي
		// النهائي": a bank's bid or performance guarantee, the adjective
		// of the bank between.
		if reBankBidBond.MatchString(near + " " + first) {
			return "bid_bond"
		}
		return "performance_bond"
	case key == "amount" && !row && reCoverOf.MatchString(near):
		// Family MN: "professional indemnity cover of", "insurance
		// cover of": the cover a party carries.
		return "insurance_cover"
	case key == "subtotal" && !row && reNetWorth.MatchString(near):
		// Family PS: "net worth shall not be less than": a threshold.
		return "amount"
	}
	return ""
}

var (
	reBareDepositLabelFamilies = regexp.MustCompile(`(?i)\bdeposit\b[^.;]{0,30}$`)
	reEarnest                  = regexp.MustCompile(`(?:^|\s|\()(?:عربون|العربون|عربوناً|عربونا)(?:\s|$|\))`)
	reBalanceAfter             = regexp.MustCompile(`(?i)^[^.;]{0,100}\b(?:balance|remainder|rest\s+of\s+the\s+price)\b`)
	reEachAfter                = regexp.MustCompile(`(?i)^\s*(?:\([^()]{1,100}\)\s*)?,?\s*(?:each\b|per\s+instal|كل\s+منها|لكل\s+قسط)`)
	// reOutstanding: the sum is named as overdue ("Outstanding
	// maintenance charges of", "arrears of", "المبالغ المتأخرة عليكم",
	// "رسوم الخدمات المتأخرة البالغة"), not a charge for being late.
	reOutstanding             = regexp.MustCompile(`(?i)\b(?:outstanding|overdue|unpaid)\s+(?:[\w-]+\s+){0,2}?(?:charges?|fees?|sums?|amounts?|balances?|dues|payments?)\s+(?:of|amounting\s+to|totall?ing)?\s*$|\b(?:in\s+)?arrears\s+(?:of\s*)?$|(?:المبالغ|الرسوم|المستحقات|الفواتير|رسوم\s+\S+)\s+(?:ال)?(?:متأخرة|غير\s+المسددة)(?:\s+\S+){0,5}\s*$|متأخرات(?:\s+\S+){0,4}\s*$`)
	rePenaltyWord             = regexp.MustCompile(`(?i)\bpenalt\w*|\bdamages\b|\blate\s+(?:fee|charge)|غرامة|غرامات|تعويض`)
	reInsuranceDoc            = regexp.MustCompile(`(?i)\binsurance\b|\bpolicy\s+schedule\b|\binsurer\b|التأمين|تأمين\s+(?:طبي|صحي|المركبات|السيارات)|وثيقة\s+تأمين`)
	reLimitWord               = regexp.MustCompile(`(?i)\blimits?\b|\bsum\s+insured\b|\bcover(?:age)?\s+(?:up\s+to|of)\b|(?:^|\s)(?:ال)?حد\s+(?:ال)?(?:سنوي|أقصى|الأقصى)|(?:^|\s)حد\s`)
	reCoPay                   = regexp.MustCompile(`(?i)\bco-?payments?\b|\bco-?insurance\b|\bdeductible\b|\bexcess\b|التحمل|نسبة\s+المشاركة`)
	reTotalFees               = regexp.MustCompile(`(?i)\b(?:total|aggregate|overall|lump[- ]sum)\s+(?:\w+\s+)?fees?\s+(?:of|amounting\s+to)?\s*$|(?:أتعاباً|أتعابا|الأتعاب|أتعاب)\s+(?:إجمالية|اجمالية|الإجمالية|كلية)\s+(?:قدرها|مقدارها|تبلغ)?\s*$`)
	reBidValue                = regexp.MustCompile(`(?i)\b(?:bid|tender|offer)\s+(?:valued\s+at|value\s+of|price\s+of|amount\s+of|sum\s+of)\s*$|\b(?:bid|tender)\s+(?:price|value|amount)\s*(?:of|:)?\s*$|(?:بقيمة|وبقيمة)\s+(?:ال)?عطاء\s+(?:قدرها|مقدارها|تبلغ)?\s*$|قيمة\s+(?:ال)?عطاء\s+(?:قدرها|البالغة)?\s*$`)
	reCreditWordLabelFamilies = regexp.MustCompile(`(?i)\bcredits?\b|\bcredited\b|\bdeduct\w*|(?:^|\s)(?:يخصم|تخصم)(?:\s|$)`)
	reFailEach                = regexp.MustCompile(`(?i)\b(?:for|per)\s+(?:each|every)\s+[^.;]{0,60}\b(?:late|not\s+(?:resolved|met|delivered|fixed|completed)|missed|failed|overdue|unresolved)\b|عن\s+كل\s+[^.؛]{0,60}(?:لا\s+(?:يحل|يتم)|متأخر|تأخير|لم\s+(?:يحل|يتم))`)
	reUpToTotal               = regexp.MustCompile(`(?i)\bup\s+to\s+a\s+(?:total|maximum|cap)\s+of\s*$|\b(?:capped|limited)\s+at\s+a\s+total\s+of\s*$`)
	reBankBond                = regexp.MustCompile(`(?:ال)?(?:ضمان|كفالة)\s+(?:ال)?(?:بنكي|مصرفي|بنكية|مصرفية)\s+(?:(?:ال)?(?:ابتدائي|مؤقت|ابتدائية|مؤقتة)|(?:ال)?(?:نهائي|نهائية)|لحسن\s+(?:ال)?تنفيذ)`)
	reBankBidBond             = regexp.MustCompile(`(?:ال)?(?:ضمان|كفالة)\s+(?:ال)?(?:بنكي|مصرفي|بنكية|مصرفية)\s+(?:ال)?(?:ابتدائي|مؤقت|ابتدائية|مؤقتة)`)
	reCoverOf                 = regexp.MustCompile(`(?i)\b(?:indemnity|insurance)\s+(?:cover(?:age)?\s+|policy\s+|insurance\s+)?(?:of|for|in\s+the\s+(?:sum|amount)\s+of|not\s+less\s+than|of\s+at\s+least)\s*$|\bcover(?:age)?\s+of\s*(?:at\s+least\s*|not\s+less\s+than\s*)?$`)
	reNetWorth                = regexp.MustCompile(`(?i)\bnet\s+(?:worth|assets)\b|صافي\s+(?:ال)?(?:ثروة|أصول|حقوق\s+الملكية)`)
)

// rangeEndLabel: the label of a row whose line before the date is
// "<label> | <date> – " (the date is the end of a span), else "".
func rangeEndLabel(line string) string {
	if !endsLike(line, "-", "–", "—", "&ndash;", "to", "إلى", "الى") {
		return "" // (reRangeEnd ends in one of them)
	}
	m := reRangeEnd.FindStringSubmatchIndex(line)
	if m == nil || !strings.ContainsAny(line[m[2]:m[3]], "0123456789٠١٢٣٤٥٦٧٨٩") {
		return ""
	}
	return labelBefore(line[:m[2]])
}

var (
	rePeriodLabelLabelFamilies = regexp.MustCompile(`(?i)\b(?:period\s+of\s+(?:cover|insurance)|(?:policy|insurance|cover|coverage|contract|lease|tenancy|rental|hire|licen[cs]e)\s+period|term\s+of\s+(?:the\s+)?(?:contract|lease|agreement|tenancy))\b|فترة\s+(?:التغطية|التأمين|العقد|الإيجار)|مدة\s+(?:العقد|الإيجار|التأمين|الوثيقة)`)
	reTermLabel                = regexp.MustCompile(`(?i)^[\s*_#]*(?:(?:contract|lease|agreement|initial|hire|rental)\s+)?term$|^[\s*_#]*(?:مدة\s+)?(?:العقد|الإيجار)$`)
	reStartBeing               = regexp.MustCompile(`(?i)\b(?:commenc\w*|start\w*|begin\w*|takes?\s+effect)\b[^.;]{0,60}\b(?:being|namely|that\s+is|i\.e\.?,?)\s*$`)
	reComeIntoEffect           = regexp.MustCompile(`(?i)\b(?:come|comes|came|coming|enter|enters)\s+into\s+(?:effect|force|operation)\s+(?:on|from|as\s+(?:of|from))\s*$|\bbecomes?\s+effective\s+(?:on|from|as\s+of)\s*$`)
	reClosesOn                 = regexp.MustCompile(`(?i)\b(?:closes?|closing)\b[^.;]{0,40}\bon\s*$`)
	reDashAfter                = regexp.MustCompile(`^\s*(?:[–—-]|&ndash;|to\b|until\b|إلى|الى|حتى)`)
	reRangeEnd                 = regexp.MustCompile(`(?:\|\s*|[:：]\s*)([^|:：]{6,40}?)\s*(?:[–—-]|&ndash;|\bto|إلى|الى)\s*$`)
	reMaturity                 = regexp.MustCompile(`(?i)\b(?:final\s+)?maturity(?:\s+date)?\s*(?:[:|：]|is|will\s+be|falls\s+on|on)?\s*$|\bmatures?\s+on\s*$|(?:تاريخ\s+)?الاستحقاق\s+النهائي\s*[:|]?\s*$`)
	reDrawUntil                = regexp.MustCompile(`(?i)\b(?:drawn|drawdown|draw|utili[sz]ed|availab\w+)\b[^.;]{0,50}\b(?:until|till|up\s+to)\s*$|(?:الإتاحة|السحب)[^.؛]{0,40}حتى\s*$`)
)
