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
// keys16_test.go). One rule per family; each runs after rounds 11-15.

// round16Date re-keys a date after round 15 (deferred from round11Date
// before it, so it runs last): t is the date's block, t[ms:me] the date,
// prev the block before it, text the document's.
func round16Date(f *Fact, t string, ms, me int, prev, text string) {
	set := func(c cue) { f.Key, f.Label, f.Role = c.key, c.label, c.role }
	line := t[strings.LastIndexByte(t[:ms], '\n')+1 : ms]
	label := labelBefore16(line)
	ctx := ctxBefore(t, ms, prev)
	switch f.Key {
	case "date", "document_date":
		// Family DA: a row or label naming the start or the end of the
		// contract's own span ("Start of contract |", "Lease end / نهاية
		// الإيجار |", "نهاية مدة الإيجار |").
		switch {
		case label != "" && reSpanEnd16.MatchString(label):
			set(cueExpiryDate)
			return
		case label != "" && reSpanStart16.MatchString(label):
			set(dateCueOf("effective_date"))
			return
		}
	}
	switch f.Key {
	case "date", "document_date", "agreement_date", "delivery_date":
		// Family DA: "Date for Completion:", "Completion Date |" in a
		// works contract: the works' completion date (in a supply it
		// stays the delivery date).
		if label != "" && reCompletionLabel16.MatchString(label) && reWorksTitle16.MatchString(prefixBytes(text, 200)) {
			set(cueCompletionDate)
			return
		}
	}
	switch f.Key {
	case "issue_date", "agreement_date", "document_date":
		// Family DN: "the Client's letter dated", "the Supplier's
		// proposal ref. P-12 dated": a document of a party, referred to,
		// is no date of this one.
		if reOwnersDocDated16.MatchString(ctx) {
			set(cue{key: "date", label: "Date"})
			return
		}
	case "valid_until", "expiry_date":
		// Family DN: "prices are fixed until", "remain firm until", "تبقى
		// الأسعار ثابتة حتى": how long prices hold is a plain date (the
		// key specification's price-fixed period is a duration; its end
		// date is a date).
		if rePricesHeld16.MatchString(ctx) {
			set(cue{key: "date", label: "Date"})
			return
		}
	}
}

// labelBefore16: the label a date's line gives it when the date follows a
// label and a colon or a table cell break ("Lease end / نهاية الإيجار |
// "), "" when the line is prose.
func labelBefore16(line string) string {
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
	// reSpanStart16, reSpanEnd16: a label naming the start or end of the
	// contract, lease, tenancy, hire or term itself.
	reSpanStart16 = regexp.MustCompile(`(?i)\b(?:contract|lease|tenancy|agreement|rental|hire|licen[cs]e)\s+(?:start|commencement|beginning)\b|\b(?:start|commencement|beginning)\s+(?:date\s+)?of\s+(?:the\s+)?(?:contract|lease|tenancy|agreement|rental|hire|term|licen[cs]e)\b|(?:تاريخ\s+)?(?:بداية|بدء)\s+(?:مدة\s+)?(?:ال)?(?:عقد|إيجار|ايجار|اتفاقية|تأجير)`)
	reSpanEnd16   = regexp.MustCompile(`(?i)\b(?:contract|lease|tenancy|agreement|rental|hire|licen[cs]e)\s+(?:end|expiry|expiration)\b|\b(?:end|expiry|expiration)\s+(?:date\s+)?of\s+(?:the\s+)?(?:contract|lease|tenancy|agreement|rental|hire|term|licen[cs]e)\b|(?:تاريخ\s+)?(?:نهاية|انتهاء)\s+(?:مدة\s+)?(?:ال)?(?:عقد|إيجار|ايجار|اتفاقية|تأجير)`)
	// reCompletionLabel16: a label of the works' completion date.
	reCompletionLabel16 = regexp.MustCompile(`(?i)\b(?:(?:date|time)\s+(?:for|of)\s+completion|completion\s+date|scheduled\s+completion)\b|تاريخ\s+(?:ال)?إنجاز|تاريخ\s+(?:ال)?انجاز`)
	// reWorksTitle16: a works contract's title (construction, civil,
	// fit-out works, مقاولة).
	reWorksTitle16 = regexp.MustCompile(`(?i)\b(?:works?|construction|civil|building|fit-?out|sub-?contract)\b|مقاولة|مقاولات|أعمال|إنشاء`)
	// reOwnersDocDated16: a party's own document, named with its
	// possessive, before "dated".
	reOwnersDocDated16 = regexp.MustCompile(`(?i)\b\p{L}+['’]s\s+(?:\p{L}+\s+){0,2}(?:letter|proposal|offer|quotation|order|enquiry|inquiry|request|tender|bid|notice|e-?mail|fax|memo)\s+(?:(?:no\.?|ref\.?|reference|number)\s*\S+\s+)?dated\s*$`)
	// rePricesHeld16: prices or rates held until a day.
	rePricesHeld16 = regexp.MustCompile(`(?i)\b(?:prices?|rates?|tariffs?)\b[^.;]{0,60}\b(?:fixed|firm|unchanged|frozen|held)\s+(?:until|till|up\s+to|through)\s*$|(?:الأسعار|الاسعار|الأسعار|أسعار)\s[^.؛]{0,40}(?:ثابتة|ثابته)\s+(?:حتى|لغاية)\s*$`)
)
