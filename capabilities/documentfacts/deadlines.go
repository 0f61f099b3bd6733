package documentfacts

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Deadlines: a time by which something must be done. Read from
//   - dates labelled as deadlines (due date, submission deadline, closing
//     date, valid until, تاريخ الاستحقاق, آخر موعد) and dates after a
//     deadline preposition (no later than, by, on or before, في موعد
//     أقصاه);
//   - periods: "within N days [of/from/after EVENT]", "no later than N
//     days [after EVENT]", "خلال N يوماً [من EVENT]" (N in digits or in
//     words, numwords.go), and, in a clause that binds a party, "N days' notice
//     [before EVENT]" and "قبل N يوماً من EVENT";
//   - payment terms (Net 30, "Payment terms: 30 days from invoice date").
// A period in a prohibition ("may not ... within") or in a sentence that
// only grants a right ("the Lessor may terminate if the Lessee fails to
// pay within 14 days") is no deadline, nor is a validity period ("valid
// for 90 days"), a term or a notice period of a permission.

var (
	enUnit = `(?:calendar\s+|business\s+|working\s+|banking\s+|consecutive\s+|clear\s+)?(minutes?|hours?|days?|weeks?|months?|years?)`
	// enQty: number words, digits or both ("thirty (30)"), then spaces or
	// a hyphen that glues the number to its unit ("30-day", "thirty-day",
	// "thirty (30)-day").
	enQty      = `(` + enNumWords + `)?(?:\(\s*(` + D + `{1,3})\s*\)|(` + D + `{1,3}))?(?:\s*\(\s*(?:` + bracketWords + `)\s*\))?(?:-|\s*)` // duration_windows_units.go: "30 (thirty) days"
	reWithinEN = regexp.MustCompile(`(?i)\b(?:within|(?:no|not)\s+later\s+than)\s+(?:a\s+(?:period|maximum)\s+of\s+|(?:no|not)\s+more\s+than\s+|at\s+(?:the\s+)?(?:most|latest)\s+)?` + enQty + enUnit + `\b(?:\s+period\b)?`)
	reNoticeEN = regexp.MustCompile(`(?i)\b(?:(?:at\s+least|not\s+less\s+than|no\s+less\s+than|a\s+minimum\s+of)\s+)?` + enQty + `(?:calendar\s+|business\s+|working\s+|clear\s+)?(days?|weeks?|months?)['’]?s?['’]?\s+(?:prior\s+)?(?:written\s+)?(?:prior\s+)?(?:notice|notification)\b`)

	arUnit = `(دقيقة|دقائق|ساعات|ساعة|أيام|ايام|يوماً|يومًا|يوما|يوم|أسابيع|أسبوعاً|أسبوعا|أسبوع|أشهر|اشهر|شهور|شهراً|شهرًا|شهرا|شهر|سنوات|سنة|أعوام|اعوام|عاماً|عامًا|عاما|عام)`
	arDual = `(ساعتين|يومين|أسبوعين|شهرين|سنتين|عامين)`
	// arQty: digits or number words and a unit, a dual, or a bare
	// singular unit (one: "خلال عام", "قبل شهر"; see arBareStands).
	// The number in words may be followed by its digits in brackets
	// ("ثلاثين (30) يوماً", "ساعتين (2)"), and digits may stand in
	// brackets alone ("(15) يوماً"), as contracts write them.
	arQty            = `(?:\(?\s*(` + D + `{1,3})\s*\)?\s*(?:\(\s*(?:` + bracketWords + `)\s*\)\s*)?|(` + arNumWords + `)(?:\(\s*` + D + `{1,3}\s*\)\s*)?)` + arUnit + `|` + arDual + `(?:\s*\(\s*` + D + `{1,3}\s*\))?|` + arBare
	reWithinPeriodAR = regexp.MustCompile(`خلال\s+(?:مدة\s+|فترة\s+)?(?:أقصاها\s+|اقصاها\s+|لا\s+تتجاوز\s+|لا\s+تزيد\s+عن\s+)?(?:` + arQty + `)`)
	// An offer's validity ("This quotation is valid for 30 days", "العرض
	// صالح لمدة ثلاثين يوماً من تاريخه"); a bond's or a guarantee's
	// validity is none.
	// "Quotations shall remain valid for at least ninety (90) days",
	// "يظل العطاء سارياً لمدة مائة وعشرين (120) يوماً", "تظل العروض
	// سارية لمدة لا تقل عن تسعين (90) يوماً": a bid's validity too.
	reValidityEN      = regexp.MustCompile(`(?i)\bvalid(?:ity)?(?:\s+(?:for|of)|(?:\s+(?:period|of\s+(?:the\s+)?(?:offer|quotation|prices)))?\s*[:：])\s+(?:a\s+period\s+of\s+)?(?:(?:at\s+least|a\s+minimum\s+of|not\s+less\s+than|no\s+less\s+than)\s+)?` + enQty + enUnit + `\b`)
	reValidityAR      = regexp.MustCompile(`(?:(?:صالح|صالحة|صالحاً|صالحا|ساري|سارية|سارياً|ساريا|سارٍ)\s+(?:المفعول\s+)?(?:لمدة|لفترة)|(?:مدة\s+)?(?:صلاحية|سريان)\s+(?:العرض|العروض|العطاء|العطاءات|الأسعار|الاسعار)\s*[:：])\s*(?:لا\s+(?:تقل|يقل)\s+عن\s+)?(?:` + arQty + `)`)
	reOfferWord       = regexp.MustCompile(`(?i)\b(?:offers?|quotations?|quotes?|proposals?|prices?|bids?|tenders?)\b|العرض|عرض|العروض|عروض|العطاء|العطاءات|عطاء|الأسعار`)
	reBondWord        = regexp.MustCompile(`(?i)\b(?:bond|guarantee|security|warranty)\b|ضمان|كفالة|تأمين`)
	reAtLeastBeforeEN = regexp.MustCompile(`(?i)\b(?:at\s+least|not\s+less\s+than|no\s+less\s+than|a\s+minimum\s+of)\s+` + enQty + enUnit + `\s+(?:before|prior\s+to|in\s+advance)\b`)
	reBeforeAR        = regexp.MustCompile(`قبل\s+(?:مدة\s+)?(?:` + arQty + `)(?:\s+على\s+الأقل|\s+على\s+الاقل)?`)
	// A payment due a period after an event, without "within" ("Payment
	// is due 30 days after the invoice date", "payable 60 days from
	// delivery").
	reDueAfterEN = regexp.MustCompile(`(?i)(\b(?:is|are|falls?|becomes?|shall\s+be|will\s+be)\s+(?:due|payable)(?:\s+(?:and\s+payable|for\s+payment))?|\bpayable|\bshall\s+be\s+(?:paid|settled)|\bto\s+be\s+paid)\s+(?:in\s+full\s+)?(?:net\s+)?` + enQty + enUnit + `\s+(?:net\s+)?(?:after|from|of|following)\b`)
	// A labelled delivery or completion time counted from an event
	// ("Delivery: 45 days from approval of the artwork", "مدة التسليم:
	// ٤٥ يوماً من تاريخ أمر الشراء").
	reLabelPeriodEN = regexp.MustCompile(`(?i)^[\s*_-]*(?:delivery(?:\s+(?:time|period|schedule|terms))?|lead\s+time|completion(?:\s+(?:time|period))?|shipment|dispatch)[\s*_]*[:：-][\s*_]*(?:within\s+)?` + enQty + enUnit + `\b`)
	// "شروط الدفع: صافي 30 يوماً من تاريخ الفاتورة": Arabic net terms.
	reNetAR         = regexp.MustCompile(`(?:^|[\s:：])صافي\s+(?:` + arQty + `)`)
	reLabelPeriodAR = regexp.MustCompile(`^[\s*_-]*(?:مدة\s+)?(?:التسليم|التوريد|التنفيذ|الإنجاز)[\s*_]*[:：][\s*_]*(?:` + arQty + `)`)

	reRelEN = regexp.MustCompile(`(?i)^\s*(?:of|from|after|following|before|prior\s+to)\s+([^,.;:()]{2,100})`)
	reRelAR = regexp.MustCompile(`^\s*(?:عمل\s+)?(?:من|بعد|اعتبارا\s+من|اعتباراً\s+من|على)\s+([^.،,؛;:()]{2,80})`)
	// reLessThan: "less than" before a period makes it a bound, not a
	// deadline.
	// reWithinBefore: "within" / خلال right before a fraction.
	reWithinBefore = regexp.MustCompile(`(?i)(?:\bwithin|خلال)\s+(?:a\s+period\s+of\s+)?$`)
	reLessThan     = regexp.MustCompile(`(?i)(?:less|more|fewer)\s+than\s+$|(?:أقل|أكثر)\s+من\s+$`)

	// deadlineKinds: the action a period or date is the deadline of, the
	// nearest before it in its sentence winning.
	deadlineKinds = []cue{
		{[]string{"pay", "paid", "payable", "payment", "payments", "settle", "settled", "remit", "due", "balance", "instalment", "invoices are payable", "سداد", "السداد", "بسداد", "الدفع", "بدفع", "يدفع", "تدفع", "يسدد", "تسدد", "يُسدد", "تُسدد", "يُدفع", "تُدفع", "تستحق", "يستحق", "والباقي", "الباقي"}, "payment_deadline", "", "Payment deadline"},
		{[]string{"deliver", "delivers", "delivered", "delivery", "deliveries", "hand over", "handover", "supply", "supplied", "install", "installed", "installation", "complete", "completed", "completion", "dispatch", "dispatched", "ship", "shipped", "تسليم", "بتسليم", "التسليم", "توريد", "بتوريد", "التوريد", "تركيب", "التركيب", "إنجاز", "انجاز"}, "delivery_deadline", "", "Delivery deadline"},
		{[]string{"notice", "notify", "notified", "inform", "notification", "إخطار", "اخطار", "إشعار", "اشعار", "بإخطار", "بإشعار"}, "notice_deadline", "", "Notice deadline"},
		{[]string{"return", "returned", "destroy", "refund", "refunded", "repay", "إعادة", "اعادة", "رد", "بإعادة", "برد"}, "return_deadline", "", "Return deadline"},
		{[]string{"respond", "response", "resolve", "resolved", "reply", "acknowledge", "rectify", "rectified", "remedy", "remedied", "repair", "repaired", "replace", "replaced", "fix", "fixed", "الرد", "الاستجابة", "استبدال", "إصلاح"}, "response_deadline", "", "Response deadline"},
		{[]string{"submit", "submitted", "submission", "register", "apply", "تقديم", "بتقديم"}, "submission_deadline", "", "Submission deadline"},
	}
)

// period is a deadline phrase found in a sentence (bytes into it).
type period struct {
	start, end int // the phrase, with its event
	iso        string
	relativeTo string
	validity   bool // an offer's validity
	net        bool // Arabic net terms, a payment's
	delivery   bool // a labelled delivery or completion time
}

// arDuals are the dual forms, two of a unit: genitive and accusative
// (after خلال, قبل, لمدة: arDual) and nominative ("مدة العقد سنتان",
// durations only).
var arDuals = map[string][2]any{"ساعتين": {2, "hour"}, "يومين": {2, "day"}, "أسبوعين": {2, "week"}, "شهرين": {2, "month"}, "سنتين": {2, "year"},
	"ساعتان": {2, "hour"}, "يومان": {2, "day"}, "أسبوعان": {2, "week"}, "شهران": {2, "month"}, "سنتان": {2, "year"}, "عامين": {2, "year"}, "عامان": {2, "year"}}

// enPeriod reads an English quantity and unit from a match of enQty+unit
// starting at group g (word, parenthesised digits, digits, unit).
func enPeriod(t string, m []int, g int) string {
	n, unit := enQtyUnit(t, m, g)
	if n <= 0 {
		return ""
	}
	return isoDuration(n, unit)
}

// enPeriodSum is enPeriod with the smaller units added to it after "and"
// ("within one year and six months": P18M); end is where the period
// ends.
func enPeriodSum(t string, m []int, g int) (iso string, end int) {
	n, unit := enQtyUnit(t, m, g)
	if n <= 0 {
		return "", m[1]
	}
	return sumAfter(t, m[1], durPart{n, unit})
}

// enQtyUnit is the quantity and unit of a match of enQty+enUnit at group
// g; the quantity is 0 when there is none.
func enQtyUnit(t string, m []int, g int) (int, string) {
	n := 0
	switch {
	case m[g+2] >= 0:
		n = atoi(t[m[g+2]:m[g+3]])
	case m[g+4] >= 0:
		n = atoi(t[m[g+4]:m[g+5]])
	case m[g] >= 0:
		n, _, _ = parseENQty(t[m[g]:m[g+1]])
	}
	return n, durationUnit(t[m[g+6]:m[g+7]])
}

// enArticle is the length of an article that opens a match of enQty at
// group g without being its number: "a" before digits or before a number
// glued to its unit ("a 30-day notice", "a ninety-day notice"; but "a
// month's notice" is one month).
func enArticle(t string, m []int, g int) int {
	if m[g] < 0 {
		return 0
	}
	w := t[m[g]:m[g+1]]
	if m[g+2] >= 0 || m[g+4] >= 0 {
		if a := lowerASCII(strings.TrimRight(w, asciiSpace)); a == "a" || a == "an" {
			return len(w)
		}
		return 0
	}
	_, skip, _ := parseENQty(w)
	return skip
}

// arPeriod reads an Arabic quantity: digits or number words and a unit,
// a dual ("يومين") or a bare unit ("عام"), from groups g.. of a match of
// arQty.
func arPeriod(t string, m []int, g int) string {
	n, unit := arQtyUnit(t, m, g)
	if n <= 0 {
		return ""
	}
	return isoDuration(n, unit)
}

// arPeriodSum is arPeriod with the smaller units added to it after و
// ("خلال سنة وستة أشهر": P18M); end is where the period ends.
func arPeriodSum(t string, m []int, g int) (iso string, end int) {
	n, unit := arQtyUnit(t, m, g)
	if n <= 0 {
		return "", m[1]
	}
	return sumAfter(t, m[1], durPart{n, unit})
}

// arQtyUnit is the quantity and unit of a match of arQty at group g; the
// quantity is 0 when there is none, or when a bare unit does not stand
// for one of itself (arBareStands: "خلال شهر مارس").
func arQtyUnit(t string, m []int, g int) (int, string) {
	switch {
	case m[g+6] >= 0:
		d := arDuals[t[m[g+6]:m[g+7]]]
		return d[0].(int), d[1].(string)
	case m[g+8] >= 0:
		if !arBareStands(t[:m[g+8]], t[m[1]:]) {
			return 0, ""
		}
		return 1, arBareUnits[t[m[g+8]:m[g+9]]]
	case m[g+4] < 0:
		return 0, ""
	}
	n := 0
	switch {
	case m[g] >= 0:
		n = atoi(t[m[g]:m[g+1]])
	case m[g+2] >= 0:
		n, _ = parseARNumber(t[m[g+2]:m[g+3]])
	}
	return n, durationUnit(t[m[g+4]:m[g+5]])
}

// periods finds the deadline periods of a sentence; notices only when
// withNotice (the sentence binds a party to give notice).
func periods(t string, withNotice bool) []period {
	var out []period
	fr := fracSpans(t)
	add := func(s, e int, iso string, relEN bool) {
		if iso == "" || reLessThan.MatchString(t[max(0, s-16):s]) {
			return
		}
		for _, f := range fr {
			if s < f.e && f.s < e && !(f.s > s && f.e == e && len(f.parts) > 0 && iso == sumISO(f.parts)) {
				return // a part of a fraction ("within 1.5 years" is not 5 years)
			}
		}
		p := period{start: s, end: e, iso: iso}
		re := reRelAR
		if relEN {
			re = reRelEN
		}
		if r := re.FindStringSubmatchIndex(t[e:]); r != nil {
			rel := strings.TrimSpace(t[e+r[2] : e+r[3]])
			// "within 30 days of delivery and resolve them" keeps "delivery".
			for _, stop := range []string{" and shall", " and must", " and will", " and resolve", " at its", " at the", " less ", " unless", " if ", " in ", " في حال"} {
				if i := strings.Index(rel, stop); i > 0 {
					rel = rel[:i]
				}
			}
			p.relativeTo = strings.TrimSpace(rel)
			p.end = e + r[2] + strings.Index(t[e+r[2]:], p.relativeTo) + len(p.relativeTo)
		}
		out = append(out, p)
	}
	for _, m := range reWithinEN.FindAllStringSubmatchIndex(t, -1) {
		iso, e := enPeriodSum(t, m, 2)
		add(m[0], e, iso, true)
	}
	for _, f := range fr {
		// "within one and a half years of signature", "خلال نصف سنة".
		covered := len(f.parts) == 0
		for _, p := range out {
			covered = covered || p.start < f.e && f.s < p.end
		}
		if covered {
			continue // "within a day and a half" is read as a sum already
		}
		if m := reWithinBefore.FindStringIndex(t[max(0, f.s-24):f.s]); m != nil {
			add(max(0, f.s-24)+m[0], f.e, sumISO(f.parts), !hasArabic(t[f.s:f.e]))
		}
	}
	for _, m := range reWithinPeriodAR.FindAllStringSubmatchIndex(t, -1) {
		iso, e := arPeriodSum(t, m, 2)
		add(m[0], e, iso, false)
	}
	for _, m := range findAllAt(reDueAfterEN, t) { // findat.go
		m[1] = m[11] // the period ends with its unit; its event follows
		iso, e := enPeriodSum(t, m, 4)
		start := m[3]
		for start < len(t) && t[start] == ' ' {
			start++
		}
		add(start, e, iso, true)
	}
	if m := reLabelPeriodEN.FindStringSubmatchIndex(t); m != nil && reRelEN.MatchString(t[m[1]:]) {
		iso, e := enPeriodSum(t, m, 2)
		start := m[0]
		if i := strings.IndexAny(t[m[0]:m[1]], ":："); i >= 0 {
			_, size := utf8.DecodeRuneInString(t[m[0]+i:])
			rest := t[m[0]+i+size : m[1]]
			start = m[0] + i + size + len(rest) - len(strings.TrimLeft(rest, " *_"))
		}
		add(start, e, iso, true)
		if len(out) > 0 && out[len(out)-1].start == start {
			out[len(out)-1].delivery = true
		}
	}
	if m := reLabelPeriodAR.FindStringSubmatchIndex(t); m != nil && reRelAR.MatchString(t[m[1]:]) {
		iso, e := arPeriodSum(t, m, 2)
		add(m[0], e, iso, false)
		if len(out) > 0 && out[len(out)-1].start == m[0] {
			out[len(out)-1].delivery = true
		}
	}
	for _, m := range findAll(reNetAR, t) { // prefilter.go
		if iso, e := arPeriodSum(t, m, 2); strings.HasPrefix(iso, "P") && strings.HasSuffix(iso, "D") {
			start := m[0] + strings.Index(t[m[0]:], "صافي")
			add(start, e, iso, false)
			if len(out) > 0 && out[len(out)-1].start == start {
				out[len(out)-1].net = true
			}
		}
	}
	if matches(reOfferWord, t) && !reBondWord.MatchString(t) {
		// The offer is what is valid: its word stands before the
		// validity or in it ("Validity of offer:"), not only in the
		// event it counts from ("من آخر موعد لتقديم العطاءات").
		offerBefore := func(m []int) bool {
			lead := strings.TrimSpace(t[:m[0]])
			return reOfferWord.MatchString(t[:m[1]]) || lead == "" || leadingNumber(lead) == len(lead)
		}
		for _, m := range reValidityEN.FindAllStringSubmatchIndex(t, -1) {
			if !offerBefore(m) {
				continue
			}
			iso, e := enPeriodSum(t, m, 2)
			add(m[0], e, iso, true)
			if len(out) > 0 && out[len(out)-1].start == m[0] {
				out[len(out)-1].validity = true
			}
		}
		for _, m := range reValidityAR.FindAllStringSubmatchIndex(t, -1) {
			if !offerBefore(m) {
				continue
			}
			iso, e := arPeriodSum(t, m, 2)
			add(m[0], e, iso, false)
			if len(out) > 0 && out[len(out)-1].start == m[0] {
				out[len(out)-1].validity = true
			}
		}
	}
	if withNotice {
		for _, m := range reNoticeEN.FindAllStringSubmatchIndex(t, -1) {
			// Unanchored: "two thousand and twenty days' notice" is not
			// twenty days.
			if m[4] < 0 && m[6] < 0 && numberWordBefore(t[:m[0]]) {
				continue
			}
			start := m[0]
			if m[2] == m[0] {
				start += enArticle(t, m, 2) // "ninety-day notice", not "a ninety-day notice"
			}
			// The notice's period alone: the pattern ends after "notice".
			n, unit := enQtyUnit(t, m, 2)
			if n > 0 {
				add(start, m[1], isoDuration(n, unit), true)
			}
		}
		for _, m := range reBeforeAR.FindAllStringSubmatchIndex(t, -1) {
			iso, e := arPeriodSum(t, m, 2)
			add(m[0], e, iso, false)
		}
		// "shall issue each order at least thirty (30) days before the
		// delivery date", "apply for leave at least one (1) month in
		// advance": a limit before an event, as "قبل ... على الأقل" is.
		for _, m := range reAtLeastBeforeEN.FindAllStringSubmatchIndex(t, -1) {
			iso, e := enPeriodSum(t, m, 2)
			add(m[0], e, iso, true)
		}
	}
	return out
}

// sentenceAt is the index of the sentence that holds the byte off, -1
// when off falls between sentences.
func (x *clauseExtractor) sentenceAt(off int) int {
	i := sort.Search(len(x.sents), func(i int) bool { return x.sents[i].end > off })
	if i < len(x.sents) && x.sents[i].start <= off {
		return i
	}
	return -1
}

// reRequiredDate: a label that asks for a date ("Required delivery
// date:", "Latest delivery date", "تاريخ التسليم المطلوب").
var reRequiredDate = regexp.MustCompile(`(?i)\b(?:required|requested|latest|expected|target)\b[^\n]{0,30}$|المطلوب|المطلوبة|أقصى`)

// dateDeadlineLabels are the labels of the deadlines read from dates.
var dateDeadlineLabels = map[string]string{"due_date": "Due date", "submission_deadline": "Submission deadline", "valid_until": "Valid until",
	"clarification_deadline": "Clarification deadline", "document_purchase_deadline": "Document purchase deadline",
	"delivery_deadline": "Delivery deadline", "deadline": "Deadline"}

type dlFound struct {
	d          Deadline
	start, end int // the value, bytes into the text
}

// deadlines reads the deadlines of the document: dates (from the resolved
// date facts), periods, and payment terms.
func (x *clauseExtractor) deadlines(cands []candidate) {
	// Per sentence: does it bind a party (and not only forbid), does it
	// only grant a right?
	oblOf := map[int][]oblFound{}
	for _, o := range x.obls {
		oblOf[o.sent] = append(oblOf[o.sent], o)
	}
	// blocked says whether a deadline at off cannot stand: it sits in a
	// prohibition, or in a sentence that only grants a right.
	permits := map[int]bool{} // sentences that grant a right, once each
	blocked := func(si, off int) bool {
		if si < 0 {
			return false
		}
		s := x.sents[si]
		obls := oblOf[si]
		for _, o := range obls {
			if off >= o.clauseStart && off < o.clauseEnd {
				return o.o.Modality == "must_not"
			}
		}
		if intentOnly(x.a.text[s.start:off]) {
			return true // deadline_service_cells.go: an intention binds no one
		}
		if len(obls) > 0 {
			// Outside every clause that binds, after a permission ("The
			// Client may terminate by giving 45 days' notice, in which case
			// the Client shall pay ..."): the notice of a right.
			return grantsRight(x.a.text[s.start:off])
		}
		if x.reqSents[si] {
			return false
		}
		p, ok := permits[si]
		if !ok {
			p = grantsRight(x.a.text[s.start:s.end])
			permits[si] = p
		}
		return p
	}
	add := func(d Deadline, s, e, si int) {
		for _, o := range oblOf[si] {
			if s >= o.clauseStart && s < o.clauseEnd && o.o.PartyRole != "" {
				d.Party = o.o.PartyRole
			}
		}
		d.NormalizedValue = d.NormalizedDate
		if d.Period != "" {
			d.NormalizedValue = d.Period
		}
		x.dls = append(x.dls, dlFound{d: d, start: s, end: e})
	}
	// Dates: the facts kept, then each other occurrence of a date after a
	// deadline preposition whose deadline is not yet read in its language
	// ("deliver no later than 20 July 2026" and "بتسليم ... في موعد أقصاه
	// 20 يوليو 2026", the date a fact once).
	kept, lost := map[int]bool{}, map[int]bool{}
	dateCands := slices.Clone(cands)
	for _, c := range cands {
		kept[c.start] = true
	}
	for _, c := range x.resolved {
		if c.fact.Type == TypeDate && !kept[c.start] {
			lost[c.start] = true
			dateCands = append(dateCands, c)
		}
	}
	for _, c := range dateCands {
		x.stop.step() // stop.go
		if c.fact.Type != TypeDate || c.fact.Normalized == "" || len(c.fact.Normalized) != len("2006-01-02") {
			continue
		}
		si := x.sentenceAt(c.start)
		from := x.a.segmentAt(c.start).start
		if si >= 0 && x.sents[si].start < from {
			from = x.sents[si].start // a sentence wrapped onto the date's line
		}
		before := tail(strings.ReplaceAll(x.a.text[from:c.start], "\n", " "), cueWindow)
		beforeAt := c.start - len(before)
		key := ""
		s := c.start
		if m := findIndex(reDeadlinePrep, before); m != nil && strings.TrimSpace(before[m[0]:]) != "" { // findat.go
			s = beforeAt + m[0]
			switch c.fact.Key {
			case "delivery_date":
				key = "delivery_deadline"
			case "submission_deadline":
				key = "submission_deadline"
			case "due_date":
				key = "due_date"
			default:
				key = "deadline"
			}
		} else {
			switch c.fact.Key {
			case "due_date", "submission_deadline", "valid_until", "clarification_deadline", "document_purchase_deadline":
				key = c.fact.Key
				if rePeriodCountedFrom.MatchString(before) {
					key = "" // "120 days from the tender closing date of 10 August 2026": a period's start
				}
			case "delivery_date":
				// "Required delivery date: 15 June 2026" (not a delivery
				// note's record of when goods came).
				if reRequiredDate.MatchString(before) || deliveryScheduleRow(x.a.text[from:c.start]) { // key_other_documents.go
					key = "delivery_deadline"
				}
			}
		}
		if key == "" || blocked(si, c.start) || announced(before) { // key_other_documents.go
			continue
		}
		if lost[c.start] && (s == c.start && !validityTwin(c.fact, x.a.text, c.start) || x.hasDateDeadline(c.fact.Normalized, hasArabic(x.a.text[s:c.end]))) {
			continue
		}
		if key == "deadline" && si >= 0 {
			// "shall hand over the warehouse no later than 20 September
			// 2026": the action before the preposition names it.
			if k, ok := nearestCue(tail(x.sentText(x.sents[si])[:s-x.sents[si].start], subjectWindow), deadlineKinds); ok {
				key = k.key
			}
		}
		label := dateDeadlineLabels[key]
		if label == "" {
			label = "Deadline"
			for _, k := range deadlineKinds {
				if k.key == key {
					label = k.label
				}
			}
		}
		method := "labeled_field"
		if s != c.start {
			method = "clause"
		}
		add(Deadline{Key: key, Label: label, Value: x.a.text[s:c.end], NormalizedDate: c.fact.Normalized, Method: method, Confidence: 0.85}, s, c.end, si)
	}
	x.thatDateDeadlines(dateCands, blocked, add)
	x.expiryRefDeadlines(dateCands, blocked, add) // key_other_documents.go
	// Periods.
	for si, s := range x.sents {
		x.stop.step() // stop.go
		if x.skipped(s) {
			continue
		}
		t := x.a.text[s.start:s.end]
		x.stop.pass(len(t)) // a sentence can be the whole text
		binds := false
		for _, o := range oblOf[si] {
			binds = binds || o.o.Modality == "must"
		}
		for _, p := range periods(t, binds) {
			at := s.start + p.start
			if blocked(si, at) {
				continue
			}
			key, label := "deadline", "Deadline"
			if p.validity {
				key, label = "valid_until", "Valid until"
			} else if p.net {
				key, label = "payment_deadline", "Payment deadline"
			} else if p.delivery {
				key, label = "delivery_deadline", "Delivery deadline"
			} else if c, ok := nearestCue(tail(t[:p.start], subjectWindow), deadlineKinds); ok {
				key, label = c.key, c.label
			} else if c, ok := nearestCue(t[p.end:min(len(t), p.end+subjectWindow)], deadlineKinds); ok && strings.Contains(lowerASCII(t[p.start:p.end]), "notice") {
				key, label = c.key, c.label
			}
			if strings.Contains(lowerASCII(t[p.start:p.end]), "notice") || strings.HasPrefix(t[p.start:], "قبل") && key == "deadline" {
				key, label = "notice_deadline", "Notice deadline"
			}
			if rowsDayRangesNoDeadlineKeys(t, p, key) {
				continue // a duration only (key_rows_day_ranges.go)
			}
			if key != "payment_deadline" && reRequestStart.MatchString(t[leadingNumber(t):]) {
				// "Please acknowledge this order within two working days",
				// "يرجى تأكيد الاستلام خلال يومين": a courtesy, not a time
				// limit; a request to pay is the invoice's payment term.
				continue
			}
			conf := 0.8
			if len(oblOf[si]) > 0 {
				conf = 0.85
			}
			add(Deadline{Key: key, Label: label, Value: t[p.start:p.end], Period: p.iso, RelativeTo: p.relativeTo, Method: "clause", Confidence: conf},
				at, s.start+p.end, si)
		}
	}
	x.serviceLevelCells(add)
	// Payment terms not already read as a period: Net 30, "Payment
	// terms: 30 days from invoice date".
	for _, c := range cands {
		if c.fact.Type != TypePaymentTerms || !strings.HasPrefix(c.fact.Normalized, "P") {
			continue
		}
		covered := false
		for _, d := range x.dls {
			if d.start < c.end && c.start < d.end {
				covered = true
			}
		}
		if covered {
			continue
		}
		d := Deadline{Key: "payment_deadline", Label: "Payment deadline", Value: c.fact.Value, Period: c.fact.Normalized, Method: "pattern", Confidence: 0.8}
		if c.fact.Method == "labeled_field" {
			d.Method = "labeled_field"
			v := c.fact.Value
			if i := strings.Index(lowerASCII(v), " from "); i >= 0 {
				d.RelativeTo = strings.TrimSpace(v[i+len(" from "):])
			} else if i := strings.Index(v, " من "); i >= 0 {
				d.RelativeTo = strings.TrimSpace(v[i+len(" من "):])
			}
		}
		add(d, c.start, c.end, x.sentenceAt(c.start))
	}
	sort.SliceStable(x.dls, func(i, j int) bool { return x.dls[i].start < x.dls[j].start })
	// Each obligation's deadline is the first in its clause.
	for i := range x.obls {
		o := &x.obls[i]
		for _, d := range x.dls {
			if d.start >= o.clauseStart && d.start < o.clauseEnd {
				o.o.Deadline, o.o.DeadlineNormalized = d.d.Value, d.d.NormalizedValue
				break
			}
		}
	}
}

// reRequestStart: a sentence that opens as a request.
var reRequestStart = regexp.MustCompile(`(?i)^\s*(?:(?:please|kindly|we\s+(?:kindly\s+)?(?:request|ask)\s+you\s+to)\b|(?:يرجى|يُرجى|نرجو|الرجاء)(?:\s|$))`)

// rePeriodCountedFrom: the text before a date that a period is counted from
// ("valid for 120 days from the tender closing date of").
var rePeriodCountedFrom = regexp.MustCompile(`(?i)\b(?:days?|weeks?|months?|years?)\)?\s+(?:from|after|following)\s+(?:the\s+)?(?:[a-z-]+\s+){0,4}(?:of|on|dated)?\s*$`)

// reThatDate: a deadline preposition before a date named earlier ("any
// demand must be received on or before that date", "قبل ذلك التاريخ").
var reThatDate = regexp.MustCompile(`(?i)\b(?:on\s+or\s+before|(?:no|not)\s+later\s+than|by|before)\s+(?:that|this|the\s+said|such|the\s+same)\s+date\b|(?:في\s+موعد\s+(?:أقصاه|اقصاه)|قبل|بحلول)\s+(?:ذلك|هذا)\s+التاريخ`)

// thatDateDeadlines reads "on or before that date" as a deadline on the
// date written last before it, in its sentence or the one before.
func (x *clauseExtractor) thatDateDeadlines(dates []candidate, blocked func(si, off int) bool, add func(d Deadline, s, e, si int)) {
	for si, s := range x.sents {
		x.stop.step() // stop.go
		t := x.sentText(s)
		x.stop.pass(len(t))
		raw := x.a.text[s.start:s.end]
		for _, m := range reThatDate.FindAllStringIndex(t, -1) {
			at := s.start + m[0]
			from := s.start
			if si > 0 && x.sents[si-1].seg >= s.seg-1 {
				from = x.sents[si-1].start
			}
			var last *candidate
			for i, c := range dates {
				if c.fact.Type == TypeDate && len(c.fact.Normalized) == len("2006-01-02") && c.start >= from && c.end <= at && (last == nil || c.start > last.start) {
					last = &dates[i]
				}
			}
			if last == nil || blocked(si, at) || x.hasDateDeadline(last.fact.Normalized, hasArabic(raw)) {
				continue
			}
			key, label := "deadline", "Deadline"
			if k, ok := nearestCue(tail(t[:m[0]], subjectWindow), deadlineKinds); ok {
				key, label = k.key, k.label
			}
			add(Deadline{Key: key, Label: label, Value: raw[m[0]:m[1]], NormalizedDate: last.fact.Normalized, Method: "clause", Confidence: 0.75}, at, s.start+m[1], si)
		}
	}
}

// hasDateDeadline: a deadline on date iso is read already, in Arabic
// text when ar, else in English.
func (x *clauseExtractor) hasDateDeadline(iso string, ar bool) bool {
	for _, d := range x.dls {
		if d.d.NormalizedDate == iso && hasArabic(d.d.Value) == ar {
			return true
		}
	}
	return false
}

// deadlineResults are the deadlines with evidence.
func (x *clauseExtractor) deadlineResults(ri *runeIndex, withEvidence bool) []Deadline {
	out := []Deadline{}
	for _, f := range x.dls {
		d := f.d
		d.Confidence = round2(d.Confidence)
		if withEvidence {
			s, e := x.a.excerptSpan(f.start, f.end)
			if si := x.sentenceAt(f.start); si >= 0 && f.end <= x.sents[si].end {
				s, e = x.sents[si].start, x.sents[si].end
			}
			d.Evidence, d.SourceEvidence = x.evidence(ri, s, e, f.start, f.end)
		}
		out = append(out, d)
	}
	return out
}

var (
	// reCellPeriod: a table cell that is a period alone ("1 hour",
	// "within 4 hours", "2 working days").
	reCellPeriod = regexp.MustCompile(`(?i)^\s*(?:within\s+)?(\d{1,3})\s*(?:calendar\s+|working\s+|business\s+)?(minutes?|mins?|hours?|hrs?|days?|weeks?)\s*$`)
	// reTimeColumn: a column of a service-level table that holds the time
	// allowed to act ("Response", "Rectification", "Resolution time",
	// "الاستجابة", "المعالجة").
	reTimeColumn = regexp.MustCompile(`(?i)\b(?:respon(?:se|d)|rectif\w*|resolution|resolve|repair|restor\w*|fix|attendance|arrival|turnaround|target)\b|الاستجابة|المعالجة|الإصلاح|الاصلاح|زمن` + timeColumn) // deadline_service_cells.go
)

// serviceLevelCells: in a service-level table, each cell that is a period
// alone under a column of the time allowed ("Response | Rectification"
// over "1 hour | 24 hours") is a deadline of its row (the later label
// specification: one deadline per cell).
func (x *clauseExtractor) serviceLevelCells(add func(d Deadline, s, e, si int)) {
	var header []string
	for i, seg := range x.a.segs {
		t := x.a.text[seg.start:seg.end]
		if !strings.Contains(t, " | ") {
			header = nil
			continue
		}
		cells := strings.Split(t, " | ")
		if header == nil || seg.tableStart && !rowGoesOn(x.a.text[x.a.segs[i-1].start:x.a.segs[i-1].end], t) || i > 0 && !strings.Contains(x.a.text[x.a.segs[i-1].start:x.a.segs[i-1].end], " | ") {
			header = cells
			continue
		}
		off := seg.start
		for j, cell := range cells {
			at := off
			off += len(cell) + len(" | ")
			if j >= len(header) || !reTimeColumn.MatchString(header[j]) {
				continue
			}
			m := reCellPeriod.FindStringSubmatchIndex(cell)
			if m == nil {
				x.serviceCell(cell, at, add) // deadline_service_cells.go: Arabic units, words, business days
				continue
			}
			s, e := at+len(cell)-len(strings.TrimLeft(cell, " ")), at+len(strings.TrimRight(cell, " "))
			covered := false
			for _, d := range x.dls {
				if d.start < e && s < d.end {
					covered = true
				}
			}
			if covered {
				continue
			}
			n := 0
			for _, r := range cell[m[2]:m[3]] {
				n = n*10 + int(r-'0')
			}
			unit := lowerASCII(cell[m[4]:m[5]])
			switch {
			case strings.HasPrefix(unit, "min"):
				unit = "minute"
			case strings.HasPrefix(unit, "h"):
				unit = "hour"
			default:
				unit = strings.TrimSuffix(unit, "s")
			}
			iso := isoDuration(n, unit)
			if iso == "" {
				continue
			}
			add(Deadline{Key: "deadline", Label: "Deadline", Value: x.a.text[s:e], Period: iso, Method: "pattern", Confidence: 0.75}, s, e, x.sentenceAt(s))
		}
	}
}
