package documentfacts

import (
	"regexp"
	"strings"
)

// Round 18b (issue 29, session 20; docs/documents.md "round 18b, the
// rules follow conventions 19-26"): the rules follow the label
// conventions 19 to 26 session 20 settled (docs/documents.md, "Issue 29,
// session 20: conventions 19 onwards"). Decisions 20, 23 and 25 held
// already (key_conventions_test.go pins them); each other decision's rule is
// hooked by one line (handle.go for the document-wide pass, durations.go
// for the refund window).

// conv20bFacts applies decisions 19, 21, 22 and 26 to the facts of the
// document after the money and date keys of the earlier rounds. facts
// and cands are aligned (handle.go).
func conv20bFacts(facts []Fact, cands []candidate, a *assembled) {
	if len(facts) != len(cands) {
		return
	}
	kind := ownDateKind20b(a.text)
	for i := range facts {
		f := &facts[i]
		at := cands[i].startIn(a.text)
		switch f.Type {
		case TypeMoney:
			if k := conv20bMoney(f.Key, a.text, at); k != "" {
				f.Key, f.Label = k, moneyKeyLabel(k)
			}
		case TypeDate:
			if k := conv20bDate(f.Key, a.text, at, kind); k != "" {
				c := dateCueOf(k)
				f.Key, f.Label, f.Role = c.key, c.label, c.role
			}
		}
	}
}

var (
	// reTermsHead20b: the second column of a table of a document's terms
	// ("Term | Detail", "البند | التفاصيل"), which names no sum.
	reTermsHead20b = regexp.MustCompile(`(?i)^[\s*_|]*(?:details?|description|particulars|terms?|information|summary|التفاصيل|البيان|الوصف|الشروط)\b`)
	// reFeeCell20b: a row naming a fee; reLateCell20b: a late charge.
	reFeeCell20b  = regexp.MustCompile(`(?i)\bfees?\b|رسوم|رسم`)
	reLateCell20b = regexp.MustCompile(`(?i)\b(?:late|delay(?:ed)?|overdue|penalty)\b|تأخ|تاخ|غرام`)
	// reBondNoun20b: a bond, guarantee or security named (bondKind reads
	// its kind: ابتدائي، مؤقت، bid).
	reBondNoun20b = regexp.MustCompile(`(?i)\b(?:bond|security|guarantee)\b|ضمان|كفالة|تأمين`)
	// reDocsPrice20b: the price of a copy of the tender documents ("ثمن
	// نسخة المناقصة", "قيمة وثائق المناقصة", "price of the tender
	// documents") right before the sum.
	reDocsPrice20b = regexp.MustCompile(`(?i)(?:ثمن|قيمة|سعر)\s+(?:(?:ال)?(?:نسخة|نسخ|وثائق|كراسة|كراسات|مستندات)\s+){1,2}(?:ال)?(?:مناقصة|مزايدة|ممارسة|الشروط|شروط|عطاء|المواصفات)[^0-9٠-٩.؛|]{0,40}$|\b(?:price|cost)\s+of\s+(?:an?\s+|one\s+)?(?:copy\s+of\s+)?(?:the\s+)?(?:tender|bid|bidding|rfq|rfp|pre-?qualification)\s+documents?\b[^0-9.;|]{0,30}$`)
)

// conv20bMoney: decision 19, a fee in a two-column table of a
// document's terms ("Term | Detail" over "Processing fee | OMR 6,000") is
// the fee, not a row price; decision 21, the price of the tender
// documents is the tender_fee however it is worded, and a bid bond's sum
// (a minimum sum too, in a row or a sentence) is the bid_bond.
func conv20bMoney(key, text string, at int) string {
	line := lineAt(text, at)
	if key == "price" && strings.Count(strings.Trim(line, " |"), " | ") == 1 {
		cells := strings.Split(strings.Trim(tableHeader(text, at), " |"), " | ")
		first := firstCell14(strings.Trim(line, " |"))
		if len(cells) == 2 && reTermsHead20b.MatchString(cells[1]) && reFeeCell20b.MatchString(first) && !reLateCell20b.MatchString(first) {
			return "fee"
		}
	}
	if key != "price" && key != "fee" && key != "amount" {
		return ""
	}
	before := tail(sentenceBefore(text, at), 120)
	if reDocsPrice20b.MatchString(before) {
		return "tender_fee"
	}
	if strings.Contains(line, " | ") {
		before = firstCell14(strings.Trim(line, " |")) + " " + before
	}
	if key != "fee" && bondKind(before) == "bid" && reBondNoun20b.MatchString(before) {
		// "الضمان المصرفي المؤقت | ١٪ من قيمة العطاء، على ألا يقل
		// عن ٢٬٥٠٠ ر.ع.": the bid bond's sum, a minimum too.
		return "bid_bond"
	}
	return ""
}

var (
	// reGuaranteeNoun20b: a guarantee or bond.
	reGuaranteeNoun20b = regexp.MustCompile(`(?i)\b(?:guarantee|bond|bank\s+guarantee|security)\b|ضمان|الضمان|كفالة|الكفالة`)
	// reOfferNoun20b: an offer, quotation or bid as the thing valid; a
	// share of the price ("of the contract price", "من قيمة العقد") is
	// removed first.
	reOfferNoun20b = regexp.MustCompile(`(?i)\b(?:offers?|quotations?|quotes?|bids?|tenders?|proposals?)\b|العرض|عرض|العروض|عروض|العطاء|عطاء`)
	reShareOf20b   = regexp.MustCompile(`(?i)\bof\s+(?:the\s+)?(?:contract|bid|tender|offer)\s+(?:price|value|sum|amount)\b|من\s+(?:قيمة|مبلغ)\s+(?:ال)?(?:عقد|عطاء|عرض)`)
	// reValidUntil20b: "valid until", "remain in force until", "سارياً
	// حتى" right before the date.
	reValidUntil20b = regexp.MustCompile(`(?i)\b(?:valid|in\s+force|effective)\s+(?:until|till|up\s+to|through)\s*$|(?:سارياً|ساريا|سارية|ساري|سارٍ|المفعول)\s+(?:لغاية|حتى)(?:\s+تاريخ)?\s*$`)
)

// conv20bDate: decision 22, a guarantee's or bond's "valid until" date is
// its expiry_date, not valid_until (an offer's) nor a plain date;
// decision 26, the document's own date by its kind (ownDate20b).
func conv20bDate(key, text string, at int, kind string) string {
	if (key == "valid_until" || key == "date") && reValidUntil20b.MatchString(tail(text[:at], 40)) {
		sent := reShareOf20b.ReplaceAllString(sentenceBefore(text, at), " ")
		if g := lastMatch(reGuaranteeNoun20b, sent); g >= 0 && g > lastMatch(reOfferNoun20b, sent) {
			return "expiry_date"
		}
	}
	if kind == "" {
		return ""
	}
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	caption := text[ls:at]
	switch kind {
	case "invoice":
		if (key == "issue_date" || key == "document_date") && reOwnCaption20b.MatchString(caption) {
			return "invoice_date"
		}
	case "proforma":
		if (key == "invoice_date" || key == "document_date") && (reOwnCaption20b.MatchString(caption) || reNoteCaption20b.MatchString(caption)) {
			return "issue_date"
		}
	default: // a credit or debit note, a statement: the invoice it names keeps invoice_date
		if (key == "invoice_date" || key == "document_date" || key == "date") && reNoteCaption20b.MatchString(caption) {
			return "issue_date"
		}
	}
	return ""
}

var (
	// reOwnCaption20b: a caption of an invoice's own date ("Date of
	// issue:", "Issue date", "Invoice date / تاريخ الفاتورة:", التاريخ).
	reOwnCaption20b = regexp.MustCompile(`(?i)^[\s*_#|\-]*(?:(?:(?:tax\s+|commercial\s+|pro[\s-]?forma\s+)?invoice\s+date|date\s+of\s+(?:issue|invoice)|issue\s+date|date\s+issued|issued\s+on|date|تاريخ\s+(?:ال)?(?:إصدار|اصدار|فاتورة)|التاريخ)[\s*_]*(?:/|[:：|])?\s*)+$`)
	// reNoteCaption20b: a caption of a note's or statement's own date
	// ("Date:", "Credit note date", "Statement date", "As at",
	// تاريخ الإشعار); not "Invoice date" (the invoice it names).
	reNoteCaption20b = regexp.MustCompile(`(?i)^[\s*_#|\-]*(?:(?:(?:credit|debit)\s+note\s+date|note\s+date|date\s+of\s+(?:issue|(?:the\s+)?(?:credit|debit)\s+note|statement)|statement\s+date|issue\s+date|date|as\s+(?:at|of)|تاريخ\s+(?:ال)?(?:إشعار|اشعار|إصدار|اصدار|كشف)|التاريخ)[\s*_]*(?:/|[:：|])?\s*)+$`)
	// reKindNote20b ... the kinds of a document with an own date, by its
	// title.
	reKindNote20b      = regexp.MustCompile(`(?i)\b(?:credit|debit)\s+note\b|إشعار\s+(?:دائن|مدين|خصم|إضافة)|اشعار\s+(?:دائن|مدين|خصم|اضافة)`)
	reKindStatement20b = regexp.MustCompile(`(?i)\bstatement\s+of\s+accounts?\b|\baccount\s+statement\b|كشف\s+(?:ال)?حساب`)
	reKindInvoice20b   = regexp.MustCompile(`(?i)\binvoice\b|فاتورة`)
)

// ownDateKind20b: "invoice", "proforma", "note" or "statement" by the
// document's title (a short line without a colon among its first six
// non-empty lines, under a letterhead), else "".
func ownDateKind20b(text string) string {
	n := 0
	for _, l := range strings.Split(prefixBytes(text, 600), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if n++; n > 6 {
			break
		}
		if strings.Contains(l, ":") || len([]rune(l)) > 60 {
			continue // a letterhead's or a field's line names no kind
		}
		switch {
		case reKindNote20b.MatchString(l):
			return "note"
		case reKindStatement20b.MatchString(l):
			return "statement"
		case reProforma.MatchString(l):
			return "proforma"
		case reKindInvoice20b.MatchString(l):
			return "invoice"
		}
	}
	return ""
}

var (
	// reRefundVerb20b: a sum given back ("refund", "repay", "reimburse",
	// "return the deposit", يرد، إعادة التأمين، استرداد).
	reRefundVerb20b = regexp.MustCompile(`(?i)\b(?:refund(?:s|ed|able)?|repa(?:y|ys|id)|reimburs(?:e|es|ed))\b|\breturn(?:s|ed)?\s+(?:the\s+|any\s+|all\s+)?(?:security\s+)?(?:deposit|sums?|amounts?|monies|money|fees?|advance|balance)\b|(?:^|\s)(?:يرد|يرده|ترد|يردها|يُرد|يعيد|تعيد|يعاد|يُعاد|إعادة|اعادة|استرداد|يسترد|تسترد|رد)\s+(?:[^\s]+\s+){0,3}?(?:مبلغ|المبلغ|التأمين|تأمين|الضمان|الرسوم|المبالغ|قيمة)|(?:^|\s)(?:يرده|يردها|ترده|تردها)(?:\s|$)`)
)

// rePayable20b: a sum invoiced or payable, a payment however it is
// named ("invoiced quarterly and payable within").
var rePayable20b = regexp.MustCompile(`(?i)\b(?:payable|invoiced|invoices?)\b|مستحقة|مستحق|فاتورة|الفاتورة`)

// reNonRefund20b: "non-refundable", which names no refund.
var reNonRefund20b = regexp.MustCompile(`(?i)\bnon[\s-]?refundable\b|غير\s+(?:مستردة|مسترد|قابلة?\s+للاسترداد)`)

// conv20bDuration, decision 24: a time limit to refund, return or repay
// a sum is a deadline only (the deadline reader keeps it): its window
// gives no payment_period and no other duration line. text[:at] is the
// document's text before the period.
func conv20bDuration(c cue, text string, at int) bool {
	if c.key != "payment_period" && c.key != "duration" {
		return true
	}
	s := reNonRefund20b.ReplaceAllString(clauseBefore20b(text, min(max(at, 0), len(text))), " ")
	m := reRefundVerb20b.FindStringIndex(s)
	// "shall reimburse ... a secondment fee, invoiced quarterly and
	// payable within 30 days": a sum invoiced and payable, a payment.
	return m == nil || rePayable20b.MatchString(s[m[1]:])
}

// reClauseEnd20b: a sentence's end, a line break not counted (a PDF
// wraps "it shall refund\nall amounts paid ... within 30 days").
var reClauseEnd20b = regexp.MustCompile(`[.;!?؟؛](?:\s|$)|\n\s*\n`)

// clauseBefore20b: the sentence before t[ms:], at most 250 bytes.
func clauseBefore20b(t string, ms int) string {
	s := tail(t[:ms], 250)
	if locs := reClauseEnd20b.FindAllStringIndex(s, -1); len(locs) > 0 {
		s = s[locs[len(locs)-1][1]:]
	}
	return s
}
