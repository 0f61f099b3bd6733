package documentfacts

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"
)

// candidate is a fact found at text[start:end] (bytes).
type candidate struct {
	fact       Fact
	start, end int
	prio       int    // on overlap within one type family, the higher wins
	by         string // the extractor that found it (blockExtractors)
}

// extractor runs every pattern over the blocks of the returned text.
type extractor struct {
	a        *assembled
	cands    []candidate
	omani    bool   // the text names Oman (so "rial" alone is OMR)
	dayFirst *bool  // the document's day/month order, when an unambiguous date shows it
	title    string // what the first heading calls the document: agreement, invoice or ""
	topEnd   int    // the end of the document's first lines (the letterhead)
	running  string // the extractor running (see guard)
	failures []extractorFailure
}

var (
	numPat   = D + `{1,3}(?:[,٬،]` + D + `{3})+(?:[.٫]` + D + `+)?|` + D + `{1,3}(?:\.` + D + `{3})+,` + D + `{2}|` + D + `+(?:[.٫]` + D + `+)?`
	multPat  = `(?:\s?(?:(?:million|mn|m|thousand|k)\b|مليون|ألف|الف))?`
	curWords = `US\$|\$|€|£|USD|OMR|AED|SAR|EUR|QAR|KWD|BHD|GBP|R\.O\.?|RO\b|Omani Rials?|Rials? Omani|Rial Omani|Omani Riyals?|Saudi Riyals?|UAE Dirhams?|Dirhams?|US Dollars?|Dollars?|Euros?|Rials?|Riyals?|` +
		`ر\.ع\.?|ر\.ع|ريال عماني|ريالات عمانية|ريالا عمانيا|ريالاً عمانياً|ريال سعودي|ر\.س\.?|درهم إماراتي|درهم|د\.إ\.?|دولار أمريكي|دولار|يورو`

	reMoneyBefore = regexp.MustCompile(`(?i)(` + curWords + `)\s?(` + numPat + `)(` + multPat + `)`)
	reMoneyAfter  = regexp.MustCompile(`(?i)(` + numPat + `)(` + multPat + `)\s?(` + curWords + `)`)
	rePercent     = regexp.MustCompile(`(?i)(` + numPat + `)\s?(%|٪|percent\b|per cent\b|بالمائة|بالمئة|في المائة|في المئة)`)

	reDateISO      = regexp.MustCompile(`(?:^|[^\p{N}])(` + D + `{4})-(` + D + `{1,2})-(` + D + `{1,2})(?:$|[^\p{N}])`)
	reDateNum      = regexp.MustCompile(`(?:^|[^0-9\x{0660}-\x{0669}/.-])(` + D + `{1,2})[/.-](` + D + `{1,2})[/.-](` + D + `{4})(?:$|[^0-9\x{0660}-\x{0669}])`)
	reDateDMY      = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(` + D + `{1,2})(?:st|nd|rd|th)?(?:\s+day)?(?:\s+of)?[\s-]+(` + monthPattern() + `)\.?,?[\s-]*(` + D + `{4})`)
	reDateMY       = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(` + monthPattern() + `)\.?,?\s+(` + D + `{4})(?:$|[^\p{N}])`)
	reDayBefore    = regexp.MustCompile(`(?i)` + D + `(?:st|nd|rd|th)?(?:\s+day)?(?:\s+of)?[\s/.-]*$`)
	reDateMDY      = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(` + monthPattern() + `)\.?\s+(` + D + `{1,2})(?:st|nd|rd|th)?,?\s+(` + D + `{4})`)
	reDuration     = regexp.MustCompile(`(?i)(?:\b(` + enNumRun + `))?(?:\(\s*(` + D + `{1,3})\s*\)|(` + D + `{1,3}))(?:-|\s*)(?:\(\s*(?:` + D + `{1,3})\s*\)\s*)?(?:calendar\s+|business\s+|working\s+|consecutive\s+)?(days?|weeks?|months?|years?|hours?|يوماً|يومًا|يوما|يوم|أيام|ايام|أسبوعاً|أسبوعا|أسبوع|أسابيع|شهراً|شهرًا|شهرا|شهر|أشهر|اشهر|شهور|سنة|سنوات|عاماً|عامًا|عاما|عام|أعوام|ساعة|ساعات)`)
	reDurationWord = regexp.MustCompile(`(?i)\b(` + enNumRun + `)(days?|hours?|weeks?|months?|years?)\b`)
	// reDurationAR: Arabic number words and a unit ("ثلاث سنوات", "أربعة
	// وعشرين شهرا"), a dual ("سنتان", "شهرين") or a fixed phrase with the
	// number after the unit.
	reDurationAR = regexp.MustCompile(`(` + arNumWords + `)(ساعات|ساعة|أيام|ايام|يوماً|يومًا|يوما|يوم|أسابيع|أسبوعاً|أسبوعا|أسبوع|أشهر|اشهر|شهور|شهراً|شهرًا|شهرا|شهر|سنوات|سنة|أعوام|عاماً|عامًا|عاما|عام)|` +
		`(ساعتين|ساعتان|يومين|يومان|أسبوعين|أسبوعان|شهرين|شهران|سنتين|سنتان|عامين|عامان|شهر واحد|سنة واحدة|سنة ميلادية)`)

	reInvoiceNo  = regexp.MustCompile(`(?i)(?:invoice\s*(?:no\.?|number|num\.?|#)|inv\.?\s*(?:no\.?|#)|رقم الفاتورة|فاتورة رقم|فاتورة ضريبية رقم)\s*[:：#.]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30}[A-Z0-9\x{0660}-\x{0669}])`)
	rePONo       = regexp.MustCompile(`(?i)(?:purchase\s+order|\bP\.?O\.?)\s*(?:no\.?|number|ref\.?|#)?\s*[:：#.]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30}[A-Z0-9\x{0660}-\x{0669}])|(?:أمر الشراء|امر الشراء|أمر شراء)\s*(?:رقم)?\s*[:：]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30})`)
	reContractNo = regexp.MustCompile(`(?i)(?:(?:contract|agreement|lease)\s*(?:no\.?|number|ref(?:erence)?\.?|#)|رقم العقد|عقد رقم|رقم عقد الإيجار)\s*[:：#.]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30}[A-Z0-9\x{0660}-\x{0669}])`)
	reCRNo       = regexp.MustCompile(`(?i)(?:\bC\.?\s?R\.?\s*(?:no\.?|number|#)?|commercial\s+reg(?:istration|\.)?\s*(?:no\.?|number|#)?|السجل التجاري\s*(?:رقم)?|سجل تجاري\s*(?:رقم)?|س\.ت\.?)\s*[:：#.]?\s*(` + D + `{5,10})(?:$|[^\p{N}])`)
	reVATNo      = regexp.MustCompile(`(?i)(?:\bVATIN\b|\bVAT\s*(?:reg(?:istration)?\.?\s*)?(?:no\.?|number|#|id)|\bTRN\b|tax\s+(?:registration|identification|card)\s*(?:no\.?|number|#)?|tax\s+id|الرقم الضريبي|رقم التسجيل الضريبي|رقم التعريف الضريبي)\s*[:：#.]?\s*((?:OM|AE|SA|om|ae|sa)?` + D + `{6,15})(?:$|[^\p{N}])`)

	reIBAN     = regexp.MustCompile(`\b([A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b`)
	reSWIFT    = regexp.MustCompile(`(?i:swift|bic)(?:\s*(?i:code))?\s*[:：.]?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b`)
	reAccount  = regexp.MustCompile(`(?i)(?:account\s*(?:no\.?|number|#)|a/c\s*(?:no\.?)?|acct\.?\s*(?:no\.?)?|رقم الحساب)\s*[:：#.]?\s*(` + D + `[` + `0-9\x{0660}-\x{0669} -]{4,24}` + D + `)`)
	reEmail    = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)
	rePhone    = regexp.MustCompile(`(?:\+|00)` + D + `[0-9\x{0660}-\x{0669} ().-]{6,18}` + D + `|` + D + `[0-9\x{0660}-\x{0669} ().-]{5,16}` + D)
	reURL      = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"'()|]+`)
	phoneCue   = []string{"tel", "phone", "mobile", "mob", "fax", "call", "contact", "whatsapp", "هاتف", "الهاتف", "جوال", "الجوال", "نقال", "فاكس"}
	lawName    = `([A-Z][A-Za-z'-]*(?:\s+(?:of|and|the|[A-Z][A-Za-z'-]*)){0,5})`
	reLawEN    = regexp.MustCompile(`(?i:governed\s+by|construed\s+in\s+accordance\s+with|subject\s+to)(?i:,?\s+and\s+(?:shall\s+be\s+)?construed\s+in\s+accordance\s+with,?)?\s+(?i:the\s+laws?\s+(?:of|in\s+force\s+in))\s+(?:(?i:the)\s+)?` + lawName)
	reLawLabel = regexp.MustCompile(`(?i:governing\s+law)\s*[:：.-]\s*(?:(?i:the)\s+)?(?:(?i:laws?\s+of)\s+)?(?:(?i:the)\s+)?` + lawName)
	reLawAR    = regexp.MustCompile(`(?:يخضع|تخضع|يحكم|تحكم)[^.،]{0,40}?(?:لقوانين|لأحكام قوانين|للقوانين النافذة في|للقوانين المعمول بها في|لقانون|القوانين السارية في|قوانين)\s+(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})|القانون\s+(?:الواجب\s+التطبيق|الحاكم)\s*[:：]?\s*(?:هو\s+)?(?:قانون\s+|قوانين\s+)?(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})`)
	// reNet: "Net 30", "net 30 days"; in words only with days ("net
	// forty-five days").
	reNet = regexp.MustCompile(`(?i)\bnet\s?(?:(` + D + `{1,3})\b(?:\s*days)?|(` + enNumRun + `)days?\b)`)
	// reWithin: a payment clause and its period. The head is a passive or
	// nominal form (payable, paid, payment shall be made, due, due for
	// payment, settled, remitted) or an active verb bound by a modal
	// ("shall pay", "will pay", "must pay", "agrees to pay", "is to pay",
	// "please pay", "shall remit") with up to 80 characters of object
	// before "within" ("shall pay each invoice within"); payTermsClause
	// then decides whether the clause states terms.
	reWithin   = regexp.MustCompile(`(?i)(?:payable|paid|payment\s+(?:shall\s+be\s+made|is\s+due|will\s+be\s+made|is\s+made)|due(?:\s+for\s+payment)?|settled?|remitted|\b(?:shall|will|must|agrees?\s+to|undertakes?\s+to|(?:is|are)\s+(?:required\s+)?to|please)\s+(?:pay|remit)\b([^.,;:!?\n]{0,80}?))\s+(?:in\s+full\s+)?within\s+(?:a\s+period\s+of\s+|a\s+)?(?:(` + enNumRun + `)|[a-z-]+\s+)?(?:\(?(` + D + `{1,3})\)?\s*)?(?:-\s*)?(?:calendar\s+|business\s+|working\s+)?days?(?:\s+period)?(?:\s+(?:of|from|after|following)\s+(?:the\s+)?(?:date\s+of\s+)?(?:receipt\s+of\s+(?:the\s+|a\s+|each\s+)?(?:valid\s+)?invoice|invoice(?:\s+date)?|receipt|delivery|the\s+invoice\s+date))?`)
	reTermsLab = regexp.MustCompile(`(?i)(?:payment\s+terms?|terms\s+of\s+payment|شروط الدفع|شروط السداد|طريقة الدفع)\s*[:：|-]\s*([^|\n]{3,120})`)
	// reWithinAR: the Arabic payment clause and its period: a verb
	// (يدفع, تُسدد, يتم الدفع), a verbal noun after an obligation (بدفع,
	// بسداد), the noun (السداد, الدفع: "يرجى السداد خلال") or تستحق/يستحق
	// (due), short vowels allowed, then up to 40 characters of the same
	// clause (no full stop, comma or colon) before خلال.
	reWithinAR = regexp.MustCompile(`(?:` + arTashkeel("يتم الدفع", "يتم دفع", "يتم سداد", "يتم السداد", "يدفع", "تدفع", "يسدد", "تسدد", "بدفع", "بسداد", "السداد", "الدفع", "تستحق", "يستحق") + `)([^.,،;؛:\n]{0,40}?)خلال\s+(?:مدة\s+|فترة\s+)?(?:(?:\(?(` + D + `{1,3})\)?\s*|(` + arNumWords + `))(?:يوماً|يومًا|يوما|يوم|أيام|ايام)|(يومين))`)
)

func (x *extractor) add(c candidate) {
	c.by = x.running
	x.cands = append(x.cands, c)
}

// block is one block of the text as the extractors read it.
type block struct {
	t           string
	base        int    // its offset in the text
	prev        string // the block before, when it is no heading (a label on its own line)
	headerCells string // in a table's data row, the table's first row
}

// blockExtractors read the blocks, one fact kind each, in this order; each
// runs under guard, so that its panic costs its facts alone.
var blockExtractors = []struct {
	name string
	run  func(x *extractor, b block)
}{
	{"money", func(x *extractor, b block) { x.money(b.t, b.base, b.prev, b.headerCells) }},
	{"percentages", func(x *extractor, b block) { x.percent(b.t, b.base, b.prev) }},
	{"dates", func(x *extractor, b block) { x.dates(b.t, b.base, b.prev) }},
	{"durations", func(x *extractor, b block) { x.durations(b.t, b.base, b.prev) }},
	{"identifiers", func(x *extractor, b block) { x.identifiers(b.t, b.base) }},
	{"bank_accounts", func(x *extractor, b block) { x.bank(b.t, b.base) }},
	{"contacts", func(x *extractor, b block) { x.contacts(b.t, b.base, b.prev) }},
	{"governing_law", func(x *extractor, b block) { x.law(b.t, b.base) }},
	{"payment_terms", func(x *extractor, b block) { x.paymentTerms(b.t, b.base) }},
	{"parties", func(x *extractor, b block) { x.parties(b.t, b.base, b.prev) }},
}

// failed says whether the extractor name has failed on this document.
func (x *extractor) failed(name string) bool {
	for _, f := range x.failures {
		if f.name == name {
			return true
		}
	}
	return false
}

// runGuarded runs f as the extractor name unless it has failed already;
// a panic marks it failed.
func (x *extractor) runGuarded(name string, f func()) {
	if x.failed(name) {
		return
	}
	x.running = name
	if fail := guard(name, f); fail != nil {
		x.failures = append(x.failures, *fail)
	}
	x.running = ""
}

// run reads every block with every extractor: its text, its offset, the
// block before (for cues) and, in a table, its header row.
func (x *extractor) run() {
	lower := lowerASCII(x.a.text)
	x.omani = strings.Contains(lower, "oman") || strings.Contains(x.a.text, "عمان") || strings.Contains(x.a.text, "عماني")
	x.runGuarded("dates", func() {
		x.learnDateOrder()
		x.title = titleKind(x.a)
	})
	x.topEnd = len(x.a.text)
	if len(x.a.segs) > 8 {
		x.topEnd = x.a.segs[8].start
	}
	header := -1 // the first row of the table the block is in
	for i, seg := range x.a.segs {
		t := x.a.text[seg.start:seg.end]
		prev := ""
		if i > 0 && !x.a.segs[i-1].heading {
			p := x.a.segs[i-1]
			prev = x.a.text[p.start:p.end]
		}
		switch {
		case !strings.Contains(t, " | "):
			header = -1
		case header < 0:
			header = i
		}
		headerCells := ""
		if header >= 0 && header < i {
			h := x.a.segs[header]
			headerCells = x.a.text[h.start:h.end]
		}
		b := block{t: t, base: seg.start, prev: prev, headerCells: headerCells}
		for _, e := range blockExtractors {
			x.runGuarded(e.name, func() { e.run(x, b) })
		}
	}
	if len(x.failures) > 0 {
		x.cands = slices.DeleteFunc(x.cands, func(c candidate) bool { return x.failed(c.by) })
	}
}

// ctxBefore is the block text before a match; when the match opens its
// block, the previous block (a label on its own line) is the context.
//
// Only the last cueWindow bytes count, so that a block of any length costs
// time in proportion to its length, not its length times its matches.
func ctxBefore(t string, at int, prev string) string {
	c := t[:at]
	if strings.TrimSpace(c) == "" {
		c = prev
	}
	if len(c) > cueWindow {
		i := len(c) - cueWindow
		for i < len(c) && !utf8.RuneStart(c[i]) {
			i++
		}
		c = c[i:]
	}
	// A cue does not reach back over the end of a sentence.
	if locs := reNewSentence.FindAllStringIndex(c, -1); len(locs) > 0 {
		c = c[locs[len(locs)-1][1]-1:]
		for len(c) > 0 && !utf8.RuneStart(c[0]) {
			c = c[1:]
		}
	}
	return c
}

// reNewSentence is the end of a sentence and the first letter of the next
// (". A", ". ا"); abbreviations followed by a lower-case word or a number
// ("a.m. on", "No. 12") do not end one.
var reNewSentence = regexp.MustCompile(`[a-z\p{Arabic})][.!?؟]\s+[A-Z\p{Arabic}]`)

// cueWindow is how far before a value its cue is looked for (bytes: about
// 60 Arabic or 120 Latin characters).
const cueWindow = 120

// money finds amounts with their currency. In a table's data row
// (headerCells is the table's first row), an amount whose row states no
// cue is a line price, and a bare number in a column whose header names
// a currency ("Amount (OMR)") is an amount in that currency.
func (x *extractor) money(t string, base int, prev, headerCells string) {
	seen := map[[2]int]bool{}
	dataRow := headerCells != ""
	first := len(x.cands)
	emit := func(ms, me int, cur, num, mult string) {
		if seen[[2]int{ms, me}] {
			return
		}
		seen[[2]int{ms, me}] = true
		v, ok := parseNumber(num)
		if !ok {
			return
		}
		switch strings.ToLower(strings.TrimSpace(mult)) {
		case "million", "mn", "m", "مليون":
			v *= 1e6
		case "thousand", "k", "ألف", "الف":
			v *= 1e3
		}
		code, sure := currencyCode(cur, x.omani)
		f := Fact{Type: TypeMoney, Key: "amount", Label: "Amount", Value: t[ms:me], CurrencySymbol: strings.TrimSpace(cur), Method: "pattern", Confidence: 0.8}
		if c, ok := nearestCue(ctxBefore(t, ms, prev), moneyCues); ok && (!dataRow || strings.TrimSpace(t[:ms]) != "") {
			f.Key, f.Label, f.Method, f.Confidence = c.key, c.label, "labeled_field", 0.88
		} else if dataRow {
			f.Key, f.Label, f.Method, f.Confidence = "price", "Line price", "table", 0.85
		}
		if f.Key == "amount" && reUnitAfter.MatchString(t[me:min(len(t), me+30)]) {
			// "OMR 3.250 per box", "USD 12 each": a unit price.
			f.Key, f.Label, f.Method, f.Confidence = "price", "Unit price", "pattern", 0.8
		}
		if f.Key == "amount" && reDelayAfter.MatchString(t[me:min(len(t), me+60)]) {
			// "OMR 100.000 per day of delay", "١٠٠ ريال عماني عن كل يوم تأخير"
			f.Key, f.Label, f.Method, f.Confidence = "penalty_amount", "Penalty", "clause", 0.85
		}
		f.Frequency = frequencyAround(t, ms, me)
		amt := v
		f.Amount = &amt
		if code != "" {
			f.Currency = code
			f.Normalized = formatNumber(v) + " " + code
			if !sure {
				f.Confidence -= 0.1
			}
		} else {
			f.Normalized = formatNumber(v)
			f.Confidence -= 0.2
		}
		x.add(candidate{fact: f, start: base + ms, end: base + me, prio: 2})
	}
	for _, m := range reMoneyBefore.FindAllStringSubmatchIndex(t, -1) {
		emit(m[0], m[1], t[m[2]:m[3]], t[m[4]:m[5]], t[m[6]:m[7]])
	}
	for _, m := range reMoneyAfter.FindAllStringSubmatchIndex(t, -1) {
		emit(m[0], m[1], t[m[6]:m[7]], t[m[2]:m[3]], t[m[4]:m[5]])
	}
	if dataRow {
		x.tableNumbers(t, base, headerCells)
	}
	x.inheritMoneyKeys(t, base, first)
}

var reUnitAfter = regexp.MustCompile(`(?i)^\s*(?:per\s+(?:unit|item|piece|box|pack|carton|bag|set|kg|tonne|ton|litre|liter|metre|meter|hour|night|person|copy|licence|license|user)\b|each\b|a\s+(?:unit|piece|box)\b|للوحدة|لكل\s+وحدة|للقطعة|للصندوق)`)

var reDelayAfter = regexp.MustCompile(`(?i)^[^.;]{0,30}?(?:\bof\s+delay|\bday\s+late|\bdelay\b|تأخير|التأخير)`)

// inheritMoneyKeys: in one sentence, an amount with no cue of its own that
// follows a keyed amount is a part of it ("a fixed fee of USD 85,000, in
// three instalments: USD 25,500 on signature, USD 34,000 on delivery and
// USD 25,500 on acceptance"). Totals, subtotals and taxes are not split.
func (x *extractor) inheritMoneyKeys(t string, base, first int) {
	cs := x.cands[first:]
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].start < cs[j].start })
	var last *candidate
	for i := range cs {
		c := &cs[i]
		if c.fact.Type != TypeMoney {
			continue
		}
		if last != nil && c.fact.Key == "amount" && c.start >= last.end && !reSentenceEnd.MatchString(t[last.end-base:c.start-base]) {
			c.fact.Key, c.fact.Label, c.fact.Method = last.fact.Key, last.fact.Label, "clause"
			c.fact.Confidence = min(c.fact.Confidence, 0.78)
			continue
		}
		switch c.fact.Key {
		case "amount", "total_amount", "subtotal", "tax_amount", "price":
			last = nil
		default:
			last = c
		}
	}
}

var reSentenceEnd = regexp.MustCompile(`[.;!?؟؛](?:\s|$)|\n`)

var (
	reBareNumber  = regexp.MustCompile(`^\s*(` + numPat + `)\s*$`)
	reCurrencyCol = regexp.MustCompile(`(?i)(?:^|[\s(\[])(` + curWords + `)(?:$|[\s)\]])`)
)

// tableNumbers reads the bare numbers of a data row whose column header
// names a currency.
func (x *extractor) tableNumbers(t string, base int, headerCells string) {
	heads := strings.Split(headerCells, " | ")
	off := 0
	for i, cell := range strings.Split(t, " | ") {
		start := off
		off += len(cell) + len(" | ")
		if i == 0 || i >= len(heads) {
			continue
		}
		m := reBareNumber.FindStringSubmatchIndex(cell)
		if m == nil {
			continue
		}
		hm := reCurrencyCol.FindStringSubmatch(heads[i])
		if hm == nil {
			continue
		}
		code, sure := currencyCode(hm[1], x.omani)
		v, ok := parseNumber(cell[m[2]:m[3]])
		if code == "" || !ok {
			continue
		}
		f := Fact{Type: TypeMoney, Key: "price", Label: "Line price", Value: cell[m[2]:m[3]], CurrencySymbol: hm[1], Currency: code,
			Normalized: formatNumber(v) + " " + code, Method: "table", Confidence: 0.8}
		if c, ok := nearestCue(strings.Split(t, " | ")[0], moneyCues); ok {
			f.Key, f.Label = c.key, c.label
		}
		if !sure {
			f.Confidence -= 0.1
		}
		f.Amount = &v
		x.add(candidate{fact: f, start: base + start + m[2], end: base + start + m[3], prio: 2})
	}
}

// frequencyAround says how often an amount is due when the words right
// after it ("per month", "شهرياً") or just before it in its clause
// ("monthly rent", "الإيجار الشهري") say so.
func frequencyAround(t string, ms, me int) string {
	after := lowerASCII(t[me:min(len(t), me+24)])
	before := lowerASCII(t[max(0, ms-48):ms])
	if i := strings.LastIndexAny(before, ".;:|"); i >= 0 {
		before = before[i+1:]
	}
	for _, f := range frequencies {
		for _, w := range f.after {
			if strings.HasPrefix(strings.TrimLeft(after, " ,"), w) {
				return f.name
			}
		}
	}
	for _, f := range frequencies {
		for _, w := range f.before {
			if lastWordIndex(before, w) >= 0 {
				return f.name
			}
		}
	}
	return ""
}

var frequencies = []struct {
	name          string
	after, before []string
}{
	{"monthly", []string{"per month", "a month", "each month", "every month", "monthly", "/month", "p.m.", "شهريا", "شهرياً", "شهريًا", "في الشهر", "كل شهر"}, []string{"monthly", "per month", "الشهري", "الشهرية", "شهرية", "شهري"}},
	{"quarterly", []string{"per quarter", "a quarter", "each quarter", "quarterly", "ربع سنوي", "كل ثلاثة أشهر"}, []string{"quarterly", "ربع سنوية", "ربع السنوية"}},
	{"annual", []string{"per annum", "per year", "a year", "each year", "annually", "yearly", "/year", "p.a.", "سنويا", "سنوياً", "سنويًا", "في السنة", "كل سنة"}, []string{"annual", "yearly", "per annum", "السنوي", "السنوية", "سنوية", "سنوي"}},
	{"weekly", []string{"per week", "a week", "each week", "weekly", "أسبوعيا", "أسبوعياً"}, []string{"weekly", "الأسبوعي", "أسبوعية"}},
	{"daily", []string{"per day", "a day", "each day", "daily", "يوميا", "يومياً", "عن كل يوم", "لكل يوم"}, []string{"daily", "per day", "اليومي", "يومية"}},
}

// currencyCode maps a written currency to ISO 4217; sure is false for a
// symbol or word that other currencies share ($ is taken as USD, a bare
// "rial" as OMR in a document about Oman).
func currencyCode(s string, omani bool) (code string, sure bool) {
	w := strings.ToLower(strings.TrimSpace(s))
	switch {
	case w == "omr" || strings.HasPrefix(w, "r.o") || w == "ro" || strings.Contains(w, "omani") || strings.HasPrefix(w, "rial omani") || strings.HasPrefix(w, "rials omani") ||
		strings.HasPrefix(w, "ر.ع") || strings.Contains(w, "عماني") || strings.Contains(w, "عمانية") || strings.Contains(w, "عمانيا"):
		return "OMR", true
	case w == "usd" || w == "us$" || strings.Contains(w, "us dollar") || strings.Contains(w, "دولار أمريكي"):
		return "USD", true
	case w == "$" || strings.HasPrefix(w, "dollar") || w == "دولار":
		return "USD", false
	case w == "aed" || strings.Contains(w, "dirham") || strings.HasPrefix(w, "درهم") || strings.HasPrefix(w, "د.إ"):
		return "AED", true
	case w == "sar" || strings.Contains(w, "saudi") || strings.Contains(w, "سعودي") || strings.HasPrefix(w, "ر.س"):
		return "SAR", true
	case w == "eur" || w == "€" || strings.HasPrefix(w, "euro") || w == "يورو":
		return "EUR", true
	case w == "gbp" || w == "£":
		return "GBP", true
	case w == "qar" || w == "kwd" || w == "bhd":
		return strings.ToUpper(w), true
	case strings.HasPrefix(w, "rial") || strings.HasPrefix(w, "riyal"):
		if omani {
			return "OMR", false
		}
	}
	return "", false
}

func (x *extractor) percent(t string, base int, prev string) {
	for _, m := range rePercent.FindAllStringSubmatchIndex(t, -1) {
		v, ok := parseNumber(t[m[2]:m[3]])
		if !ok || v > 1000 {
			continue
		}
		f := Fact{Type: TypePercentage, Key: "percentage", Label: "Percentage", Value: t[m[0]:m[1]], Normalized: formatNumber(v / 100), Method: "pattern", Confidence: 0.8}
		if c, ok := nearestCue(ctxBefore(t, m[0], prev), percentCues); ok {
			f.Key, f.Label, f.Method, f.Confidence = c.key, c.label, "labeled_field", 0.88
		}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[1], prio: 2})
	}
}

// learnDateOrder finds a numeric date whose first or second number is
// over 12: that settles the document's day/month order.
func (x *extractor) learnDateOrder() {
	for _, m := range reDateNum.FindAllStringSubmatch(x.a.text, -1) {
		a, b := atoi(m[1]), atoi(m[2])
		switch {
		case a > 12 && b <= 12:
			t := true
			x.dayFirst = &t
			return
		case b > 12 && a <= 12:
			f := false
			x.dayFirst = &f
			return
		}
	}
}

func (x *extractor) dates(t string, base int, prev string) {
	if !hasYear(t) {
		return // every date pattern needs a four-digit year
	}
	emit := func(ms, me int, iso string, conf float64, note string) {
		f := Fact{Type: TypeDate, Key: "date", Label: "Date", Value: t[ms:me], Normalized: iso, Method: "pattern", Confidence: conf}
		if c, ok := x.dateCue(t, ms, prev); ok && c.key != "date" {
			f.Key, f.Label, f.Role, f.Method = c.key, c.label, c.role, "labeled_field"
			f.Confidence = min(0.95, conf+0.08)
		} else if !ok && base < x.topEnd && strings.TrimSpace(t[:ms]) == "" && strings.TrimSpace(strings.TrimRight(t[me:], ".,")) == "" {
			// A date alone on its line at the top of a letter is its date.
			f.Key, f.Label, f.Role, f.Method = "document_date", "Document date", "issue", "pattern"
		}
		_ = note
		x.add(candidate{fact: f, start: base + ms, end: base + me, prio: 3})
	}
	for _, m := range reDateISO.FindAllStringSubmatchIndex(t, -1) {
		if iso := validDate(atoi(t[m[2]:m[3]]), atoi(t[m[4]:m[5]]), atoi(t[m[6]:m[7]])); iso != "" {
			emit(m[2], m[7], iso, 0.85, "")
		}
	}
	for _, m := range reDateNum.FindAllStringSubmatchIndex(t, -1) {
		a, b, y := atoi(t[m[2]:m[3]]), atoi(t[m[4]:m[5]]), atoi(t[m[6]:m[7]])
		var iso string
		conf := 0.8
		switch {
		case a > 12:
			iso = validDate(y, b, a)
		case b > 12:
			iso = validDate(y, a, b)
		case a == b:
			iso = validDate(y, a, b)
		case x.dayFirst != nil && *x.dayFirst:
			iso, conf = validDate(y, b, a), 0.75
		case x.dayFirst != nil:
			iso, conf = validDate(y, a, b), 0.75
		default:
			conf = 0.5 // 03/04/2026 alone: not normalised
		}
		if iso == "" && conf != 0.5 {
			continue // 31/02/2026 is no date
		}
		emit(m[2], m[7], iso, conf, "")
	}
	for _, m := range reDateDMY.FindAllStringSubmatchIndex(t, -1) {
		d, mon, y := t[m[2]:m[3]], t[m[4]:m[5]], t[m[6]:m[7]]
		if iso := validDate(atoi(y), monthNames[strings.ToLower(mon)], atoi(d)); iso != "" {
			emit(m[2], m[7], iso, 0.85, "")
		}
	}
	// "March 2026": a date of month precision (normalised YYYY-MM); a
	// full date over the same words wins (resolve keeps the longer).
	for _, m := range reDateMY.FindAllStringSubmatchIndex(t, -1) {
		if reDayBefore.MatchString(t[max(0, m[2]-16):m[2]]) {
			continue // "30 February 2026" is no date, not February
		}
		if mon := monthNames[strings.ToLower(t[m[2]:m[3]])]; mon > 0 && len(t[m[2]:m[3]]) > 3 {
			if y := atoi(t[m[4]:m[5]]); y >= 1900 && y <= 2200 {
				emit(m[2], m[5], fmt.Sprintf("%04d-%02d", y, mon), 0.7, "")
			}
		}
	}
	for _, m := range reDateMDY.FindAllStringSubmatchIndex(t, -1) {
		if iso := validDate(atoi(t[m[6]:m[7]]), monthNames[strings.ToLower(t[m[2]:m[3]])], atoi(t[m[4]:m[5]])); iso != "" {
			emit(m[2], m[7], iso, 0.85, "")
		}
	}
}

// hasYear reports whether t has four digits in a row (a year, in ASCII or
// Arabic-Indic digits): a cheap test before the month-name patterns.
func hasYear(t string) bool {
	run := 0
	for _, r := range t {
		if r >= '0' && r <= '9' || r >= 0x0660 && r <= 0x0669 || r >= 0x06F0 && r <= 0x06F9 {
			run++
			if run == 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

func durationUnit(u string) string {
	u = strings.ToLower(u)
	switch {
	case strings.HasPrefix(u, "day"), strings.HasPrefix(u, "يوم"), strings.HasPrefix(u, "أيام"), strings.HasPrefix(u, "ايام"):
		return "day"
	case strings.HasPrefix(u, "week"), strings.HasPrefix(u, "أسبوع"), strings.HasPrefix(u, "أسابيع"):
		return "week"
	case strings.HasPrefix(u, "month"), strings.HasPrefix(u, "شهر"), strings.HasPrefix(u, "أشهر"), strings.HasPrefix(u, "اشهر"), strings.HasPrefix(u, "شهور"):
		return "month"
	case strings.HasPrefix(u, "year"), strings.HasPrefix(u, "سن"), strings.HasPrefix(u, "عام"), strings.HasPrefix(u, "أعوام"), strings.HasPrefix(u, "اعوام"):
		return "year"
	case strings.HasPrefix(u, "hour"), strings.HasPrefix(u, "ساع"):
		return "hour"
	}
	return ""
}

// arabicDurations are the fixed Arabic phrases of reDurationAR whose
// number follows the unit.
var arabicDurations = map[string][2]any{"شهر واحد": {1, "month"}, "سنة واحدة": {1, "year"}, "سنة ميلادية": {1, "year"}}

func (x *extractor) durations(t string, base int, prev string) {
	emit := func(ms, me int, iso string, glued bool, from, next int) {
		if iso == "" {
			return
		}
		raw := ctxBefore(t, ms, prev)
		if from > ms-len(raw) && from <= ms && strings.HasSuffix(t[:ms], raw) {
			// An earlier item of a list named its own duration: its cue
			// (a line label too) does not reach this one.
			raw = t[from:ms]
		}
		ctx := durationCtx(raw)
		c, at, ok := nearestCueAt(ctx, durationCues)
		if ok && c.key == "term" && strings.HasPrefix(lowerASCII(ctx[at:]), "period") {
			// "a warranty period of twelve months": the role word
			// right before "period" names it, not "period of".
			head := lowerASCII(strings.TrimRight(ctx[:at], asciiSpace))
			for _, q := range durationCues[:len(durationCues)-1] {
				for _, w := range q.words {
					if strings.HasSuffix(head, w) && lastWordIndex(head, w) == len(head)-len(w) {
						c = q
					}
				}
			}
		}
		if ok && c.key == "term" && withinPeriod(ctx[:at]) {
			// "payable within a period of thirty (30) days", "خلال مدة
			// ثلاثين يوماً": a window, no term; the role is the clause's
			// other cue, if any.
			c, ok = nearestCue(ctx[:at], durationCues[:len(durationCues)-1])
		}
		headed := false
		if glued {
			// "a 12-month term", "a ninety-day notice period": the noun
			// the number and its unit qualify names the role.
			if q, found := headCue(t[me:min(len(t), me+40)]); found {
				c, ok, headed = q, true, true
			}
		}
		if !headed {
			// "two (2) months written notice": a notice or probation word
			// right after the duration, in its clause and before the next
			// duration or a conjunction ("12 months and the notice period
			// is 30 days"), decides.
			after := lowerASCII(t[me:min(len(t), me+30, next)])
			if i := strings.IndexAny(after, ",;.،؛"); i >= 0 {
				after = after[:i]
			}
			if i := reAfterStop.FindStringIndex(after); i != nil {
				after = after[:i[0]]
			}
			for _, q := range durationCues[:2] {
				for _, w := range q.words {
					if lastWordIndex(after, w) >= 0 {
						c, ok = q, true
					}
				}
			}
		}
		if !ok {
			return // a duration without a role ("15 years of experience") is not reported
		}
		f := Fact{Type: TypeDuration, Key: c.key, Label: c.label, Value: t[ms:me], Normalized: iso, Method: "clause", Confidence: 0.82}
		x.add(candidate{fact: f, start: base + ms, end: base + me, prio: 1})
	}
	spans := x.durationSpans(t)
	for i, r := range spans {
		from, next := -1, len(t)
		if i > 0 {
			// The list's separator after the previous duration, if any
			// ("warranty of 12 months on parts, 6 months on batteries").
			p := spans[i-1]
			if p.e <= r.s {
				if j := strings.IndexAny(t[p.e:r.s], ",;،؛"); j >= 0 {
					_, size := utf8.DecodeRuneInString(t[p.e+j:])
					from = p.e + j + size
				}
			}
		}
		if i+1 < len(spans) {
			next = max(r.e, spans[i+1].s)
		}
		emit(r.s, r.e, sumISO(r.parts), r.glued, from, next)
	}
}

// reAfterStop ends the words after a duration that may name it: a
// conjunction starting another phrase.
var reAfterStop = regexp.MustCompile(`\s(?:and|or|but|while|whereas)\s|\sو`)

// rawDur is a duration found in a block, before its role: one part, or
// several for a sum ("one year and six months").
type rawDur struct {
	s, e  int
	parts []durPart
	glued bool // the number is glued to its unit ("12-month")
}

// durationSpans finds the durations of a block in text order: a number
// (digits, words or both) and a unit, an Arabic dual, fixed phrase or
// bare unit, and sums of them ("one year and six months", "سنة وستة
// أشهر"), whose parts give nothing on their own.
func (x *extractor) durationSpans(t string) []rawDur {
	var raws []rawDur
	one := func(s, e, n int, unit string, glued bool) {
		if n > 0 && unit != "" {
			raws = append(raws, rawDur{s: s, e: e, parts: []durPart{{n, unit}}, glued: glued})
		}
	}
	for _, m := range reDuration.FindAllStringSubmatchIndex(t, -1) {
		if ordinalDay(t, m) {
			continue
		}
		n := 0
		switch {
		case m[4] >= 0:
			n = atoi(t[m[4]:m[5]])
		case m[6] >= 0:
			n = atoi(t[m[6]:m[7]])
		}
		one(m[0], m[1], n, durationUnit(t[m[8]:m[9]]), gluedUnit(t[:m[8]]))
	}
	for _, m := range reDurationWord.FindAllStringSubmatchIndex(t, -1) {
		// "thirty-six months" is not "six months"; nor is "two
		// thousand and twenty years" twenty.
		if numberWordBefore(t[:m[0]]) {
			continue
		}
		n, _, _ := parseENQty(t[m[2]:m[3]])
		one(m[0], m[1], n, durationUnit(t[m[4]:m[5]]), gluedUnit(t[:m[4]]))
	}
	if hasArabic(t) {
		for _, m := range reDurationAR.FindAllStringSubmatchIndex(t, -1) {
			// "ألف وعشرين يوماً" is not twenty days, "شهرية" no month;
			// "سنة وثلاثة أشهر" is read as a sum below, not as three
			// months.
			if arNumberWordBefore(t[:m[0]]) || arLetterAfter(t[m[1]:]) {
				continue
			}
			switch v := t[m[0]:m[1]]; {
			case m[2] >= 0:
				n, _ := parseARNumber(t[m[2]:m[3]])
				one(m[0], m[1], n, durationUnit(t[m[4]:m[5]]), false)
			case arDuals[v][0] != nil:
				one(m[0], m[1], arDuals[v][0].(int), arDuals[v][1].(string), false)
			case arabicDurations[v][0] != nil:
				one(m[0], m[1], arabicDurations[v][0].(int), arabicDurations[v][1].(string), false)
			}
		}
		// A bare unit is one of it ("مدة العقد عام", "سنة وستة أشهر").
	bare:
		for _, m := range reBareUnitAR.FindAllStringSubmatchIndex(t, -1) {
			for _, r := range raws {
				if m[0] < r.e && r.s < m[1] {
					continue bare
				}
			}
			if arBareStands(t[:m[0]], t[m[1]:]) {
				one(m[0], m[1], 1, arBareUnits[t[m[2]:m[3]]], false)
			}
		}
	}
	// Fractions ("one and a half years", "1.5 years", "نصف سنة"): the
	// whole when the half is exact, else nothing; no part of one is read
	// alone ("1.5 years" is not 5 years).
	if fr := fracSpans(t); len(fr) > 0 {
		kept := raws[:0]
	raw:
		for _, r := range raws {
			for _, f := range fr {
				if r.s < f.e && f.s < r.e {
					continue raw
				}
			}
			kept = append(kept, r)
		}
		raws = kept
		for _, f := range fr {
			if len(f.parts) > 0 {
				raws = append(raws, rawDur{s: f.s, e: f.e, parts: f.parts})
			}
		}
	}
	sort.SliceStable(raws, func(i, j int) bool { return raws[i].s < raws[j].s })
	// Sums: the parts after "and" / و (or a comma then "and") join the
	// duration before them; a half that is not exact drops it.
	var out []rawDur
	end := -1 // the end of the last sum: the parts it took give nothing more
	for _, r := range raws {
		if r.s < end {
			continue
		}
		veto := false
		for !veto {
			ps, n, v := nextParts(t[r.e:], r.parts[len(r.parts)-1])
			if v {
				veto, end = true, r.e+n
			}
			if len(ps) == 0 {
				break
			}
			r.parts = append(r.parts[:len(r.parts):len(r.parts)], ps...)
			r.e += n
			end = r.e
		}
		if veto {
			continue // "two months and a half", "شهران ونصف": nothing
		}
		if len(r.parts) > 1 {
			r.glued = false // the noun after a sum does not name it
		}
		out = append(out, r)
	}
	return out
}

// ordinalDay says whether a match of reDuration is an ordinal, a day
// (week, month, year) counted in a sequence, not a period: "the
// fifteenth (15) day of each month", "the twenty-first (21) day", "on the
// 15 day of each month" (a bare number after "the", a singular unit and
// of/following/after/before/from). Written with its suffix ("the 15th
// day", "the fifteenth (15th) day") the pattern does not take it at all.
func ordinalDay(t string, m []int) bool {
	if m[2] >= 0 {
		return false // number words before the digits: a cardinal ("thirty (30) days")
	}
	w, _ := lastASCIIWord(strings.TrimRight(t[:m[0]], asciiSpace))
	if m[4] >= 0 {
		return isENOrdinal(w) // "fifteenth (15) day"
	}
	unit := lowerASCII(t[m[8]:m[9]])
	return strings.EqualFold(w, "the") && (unit == "day" || unit == "week" || unit == "month" || unit == "year") &&
		reOrdinalAfter.MatchString(head(t[m[1]:], 16))
}

var reOrdinalAfter = regexp.MustCompile(`(?i)^\s+(?:of|following|after|before|from)\b`)

// isENOrdinal: an English ordinal word (first ... ninety-ninth's last
// word, hundredth), any case.
func isENOrdinal(w string) bool {
	w = strings.ToLower(w)
	switch w {
	case "first", "second", "third", "fifth", "eighth", "ninth", "twelfth", "hundredth":
		return true
	}
	if base, ok := strings.CutSuffix(w, "ieth"); ok {
		_, ok := enTens[base+"y"] // twentieth ... ninetieth
		return ok
	}
	if base, ok := strings.CutSuffix(w, "th"); ok {
		n, ok := parseENNumber(base) // fourth, sixth, seventh, tenth, eleventh, thirteenth ...
		return ok && n > 3 && n < 20
	}
	return false
}

// withinPeriod says whether the text before a term cue ("period of",
// "مدة") ends with "within a" / "within the" / خلال: the period is a
// window to act in, not the term of anything.
func withinPeriod(head string) bool {
	h := lowerASCII(strings.TrimRight(head, asciiSpace))
	return strings.HasSuffix(h, "within a") || strings.HasSuffix(h, "within the") || strings.HasSuffix(h, "خلال")
}

// durationCtx is the part of a duration's cue context that is the
// duration's own clause: a role word does not reach back over a
// semicolon or a comma that opens a new clause, one followed by a
// conjunction ("…two years, and shall repair any fault within three
// days", "، ويلتزم بإصلاح أي عطل خلال ثلاثة أيام") or, in Arabic, by a
// verb ("، يلتزم"); a label heading the line ("Payment: …; balance
// within 15 days") still counts. A comma followed by anything else leaves the clause
// whole ("the term of this Agreement, being three years"). The name of
// a bond ("ضمان حسن التنفيذ", "performance guarantee", "bid guarantee")
// is blanked: its guarantee word names no warranty.
func durationCtx(c string) string {
	if locs := reClauseStart.FindAllStringIndex(c, -1); len(locs) > 0 {
		label := ""
		if m := reLineLabel.FindString(c[:locs[0][0]]); m != "" {
			label = m + " "
		}
		c = label + c[locs[len(locs)-1][1]:]
	}
	lc := lowerASCII(c)
	var b []byte
	for _, q := range moneyCues {
		if q.key != "bid_bond" && q.key != "performance_bond" {
			continue
		}
		for _, w := range q.words {
			for from := 0; ; {
				i := strings.Index(lc[from:], w)
				if i < 0 {
					break
				}
				if b == nil {
					b = []byte(c)
				}
				for j := from + i; j < from+i+len(w); j++ {
					b[j] = ' '
				}
				from += i + len(w)
			}
		}
	}
	if b != nil {
		return string(b)
	}
	return c
}

// reLineLabel is a label heading its line ("Payment: 40% advance with
// the order; balance within 15 days"): it names the topic of every
// clause after it, so it is kept when a clause is cut.
var reLineLabel = regexp.MustCompile(`^\s*[^:.;,،؛\n]{1,40}:`)

// reClauseStart is the start of a new clause inside a sentence: a
// semicolon, or a comma followed by a conjunction or (Arabic) a verb in
// the imperfect, with or without و.
var reClauseStart = regexp.MustCompile(`(?i)[;؛]|[,،]\s*(?:(?:and|but|or|whereas|while|provided|unless|except|otherwise|failing)\b|و?[يت]\p{Arabic}{2}|و(?:لا|إذا|اذا|في|على|لكن)\s|لكن|أو\s|ثم\s|إذا|اذا|بينما|شريطة)`)

// headCue is the role named by the noun phrase right after a duration
// glued to its unit ("12-month term", "ninety-day notice period",
// "two-year renewal term"): up to three words, each after spaces,
// ending at "period" or "term" or before anything else.
func headCue(after string) (cue, bool) {
	end, rest := 0, after
	for range 3 {
		j := 0
		for j < len(rest) && isSpaceByte(rest[j]) {
			j++
		}
		k := j
		for k < len(rest) && isASCIILetter(rest[k]) {
			k++
		}
		if j == 0 || k == j {
			break
		}
		w := lowerASCII(rest[j:k])
		end, rest = end+k, rest[k:]
		if w == "period" || w == "term" {
			break
		}
	}
	phrase := lowerASCII(after[:end])
	for _, q := range durationCues {
		for _, w := range q.words {
			if lastWordIndex(phrase, w) >= 0 {
				return q, true
			}
		}
	}
	return cue{}, false
}

// gluedUnit says whether the text before a unit ends with a hyphen: the
// number is glued to it ("30-day", "thirty-day").
func gluedUnit(before string) bool {
	return strings.HasSuffix(strings.TrimRight(before, asciiSpace), "-")
}

func (x *extractor) identifiers(t string, base int) {
	kinds := []struct {
		re    *regexp.Regexp
		key   string
		label string
	}{
		{reInvoiceNo, "invoice_number", "Invoice number"},
		{rePONo, "po_number", "Purchase order number"},
		{reContractNo, "contract_number", "Contract number"},
		{reCRNo, "cr_number", "Commercial registration number (Oman)"},
		{reVATNo, "vat_number", "VAT / tax registration number"},
	}
	for _, k := range kinds {
		for _, m := range k.re.FindAllStringSubmatchIndex(t, -1) {
			g := 2
			for g < len(m) && m[g] < 0 {
				g += 2
			}
			if g >= len(m) {
				continue
			}
			id := t[m[g]:m[g+1]]
			norm := strings.ToUpper(asciiDigits(id))
			if !strings.ContainsAny(norm, "0123456789") {
				continue
			}
			f := Fact{Type: TypeIdentifier, Key: k.key, Label: k.label, Value: id, Normalized: norm, Method: "labeled_field", Confidence: 0.9}
			x.add(candidate{fact: f, start: base + m[g], end: base + m[g+1], prio: 4})
		}
	}
}

// ibanLengths are the IBAN lengths of the countries most seen here.
var ibanLengths = map[string]int{"OM": 23, "AE": 23, "SA": 24, "QA": 29, "KW": 30, "BH": 22, "GB": 22, "DE": 22, "FR": 27, "NL": 18,
	"JO": 30, "EG": 29, "IT": 27, "ES": 24, "CH": 21, "TR": 26, "PK": 24, "IE": 22, "BE": 16, "LB": 28}

func validIBAN(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	if n, ok := ibanLengths[s[:2]]; ok && n != len(s) {
		return false
	}
	r := s[4:] + s[:4]
	var digits strings.Builder
	for _, c := range r {
		switch {
		case c >= '0' && c <= '9':
			digits.WriteRune(c)
		case c >= 'A' && c <= 'Z':
			digits.WriteString(big.NewInt(int64(c - 'A' + 10)).String())
		default:
			return false
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

// mask keeps the first keep and last 4 alphanumerics of s and replaces the
// others with '*' (spaces stay): same length, so offsets do not move.
func mask(s string, keep int) string {
	var alnum int
	for _, c := range s {
		if c != ' ' && c != '-' {
			alnum++
		}
	}
	b := []byte(s)
	i := 0
	for j, c := range b {
		if c == ' ' || c == '-' {
			continue
		}
		if i >= keep && i < alnum-4 {
			b[j] = '*'
		}
		i++
	}
	return string(b)
}

func (x *extractor) bank(t string, base int) {
	for _, m := range reIBAN.FindAllStringSubmatchIndex(t, -1) {
		raw := t[m[2]:m[3]]
		if !validIBAN(raw) {
			continue
		}
		masked := mask(raw, 4)
		f := Fact{Type: TypeBankAccount, Key: "iban", Label: "IBAN (masked)", Value: masked, Normalized: strings.ReplaceAll(masked, " ", ""), Method: "pattern", Confidence: 0.95}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[3], prio: 5})
	}
	for _, m := range reAccount.FindAllStringSubmatchIndex(t, -1) {
		raw := t[m[2]:m[3]]
		ascii := asciiDigits(raw)
		if len(strings.NewReplacer(" ", "", "-", "").Replace(ascii)) < 6 || len(raw) != len(ascii) {
			continue // Arabic digits are 2 bytes: masking in place needs ASCII
		}
		masked := mask(raw, 0)
		f := Fact{Type: TypeBankAccount, Key: "account_number", Label: "Bank account number (masked)", Value: masked, Normalized: strings.NewReplacer(" ", "", "-", "").Replace(masked), Method: "labeled_field", Confidence: 0.85}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[3], prio: 5})
	}
	for _, m := range reSWIFT.FindAllStringSubmatchIndex(t, -1) {
		code := t[m[2]:m[3]]
		f := Fact{Type: TypeBankAccount, Key: "swift_code", Label: "SWIFT / BIC", Value: code, Normalized: code, Method: "labeled_field", Confidence: 0.9}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[3], prio: 5})
	}
}

func (x *extractor) contacts(t string, base int, prev string) {
	for _, m := range reEmail.FindAllStringIndex(t, -1) {
		v := strings.TrimRight(t[m[0]:m[1]], ".")
		f := Fact{Type: TypeEmail, Key: "email", Label: "Email", Value: v, Normalized: strings.ToLower(v), Method: "pattern", Confidence: 0.95}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[0] + len(v), prio: 6})
	}
	for _, m := range reURL.FindAllStringIndex(t, -1) {
		if m[0] > 0 && t[m[0]-1] == '@' {
			continue
		}
		v := strings.TrimRight(t[m[0]:m[1]], ".,;:!?]")
		norm := v
		if strings.HasPrefix(strings.ToLower(v), "www.") {
			norm = "https://" + v
		}
		if i := strings.Index(norm, "://"); i > 0 {
			rest := norm[i+3:]
			host, path, _ := strings.Cut(rest, "/")
			norm = strings.ToLower(norm[:i]) + "://" + strings.ToLower(host)
			if path != "" || strings.HasSuffix(rest, "/") {
				norm += "/" + path
			}
		}
		f := Fact{Type: TypeURL, Key: "url", Label: "URL (never fetched)", Value: v, Normalized: norm, Method: "pattern", Confidence: 0.9}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[0] + len(v), prio: 6})
	}
	for _, m := range rePhone.FindAllStringIndex(t, -1) {
		raw := strings.TrimRight(t[m[0]:m[1]], " .-(")
		ctx := lowerASCII(ctxBefore(t, m[0], prev))
		if len(ctx) > 40 {
			ctx = ctx[len(ctx)-40:]
		}
		cued := false
		fax := false
		for _, c := range phoneCue {
			if strings.Contains(ctx, c) {
				cued = true
				fax = fax || c == "fax" || c == "فاكس"
			}
		}
		intl := strings.HasPrefix(raw, "+") || strings.HasPrefix(raw, "00")
		if !cued && !intl {
			continue
		}
		digits := asciiDigits(raw)
		num, err := phonenumbers.Parse(digits, "OM")
		if err != nil || !phonenumbers.IsValidNumber(num) {
			continue
		}
		f := Fact{Type: TypePhone, Key: "phone", Label: "Phone", Value: raw, Normalized: phonenumbers.Format(num, phonenumbers.E164), Method: "pattern", Confidence: 0.88}
		if fax {
			f.Key, f.Label = "fax", "Fax"
		}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[0] + len(raw), prio: 1})
	}
}

// jurisdictions maps how a governing law is written to ISO 3166.
var jurisdictions = []struct {
	words []string
	code  string
}{
	{[]string{"sultanate of oman", "oman", "سلطنة عمان", "سلطنة عُمان", "عمان"}, "OM"},
	{[]string{"united arab emirates", "uae", "dubai", "abu dhabi", "الإمارات العربية المتحدة", "الإمارات", "دولة الإمارات"}, "AE"},
	{[]string{"kingdom of saudi arabia", "saudi arabia", "المملكة العربية السعودية", "السعودية"}, "SA"},
	{[]string{"england and wales", "england", "united kingdom"}, "GB"},
	{[]string{"qatar", "قطر"}, "QA"}, {[]string{"bahrain", "البحرين"}, "BH"}, {[]string{"kuwait", "الكويت"}, "KW"},
	{[]string{"singapore"}, "SG"}, {[]string{"state of new york", "new york"}, "US-NY"}, {[]string{"delaware"}, "US-DE"},
	{[]string{"india"}, "IN"}, {[]string{"switzerland"}, "CH"}, {[]string{"france"}, "FR"}, {[]string{"germany"}, "DE"},
}

func jurisdiction(s string) string {
	w := lowerASCII(s)
	for _, j := range jurisdictions {
		for _, x := range j.words {
			if strings.HasPrefix(w, x) || strings.HasPrefix(w, "the "+x) {
				return j.code
			}
		}
	}
	return ""
}

func (x *extractor) law(t string, base int) {
	add := func(ms, me int, method string) {
		v := strings.TrimSpace(t[ms:me])
		// Trim a trailing connective the pattern may have taken.
		for _, suf := range []string{" and", " the", " of", " without", " in", " with", " وذلك", " و"} {
			v = strings.TrimSuffix(v, suf)
		}
		code := jurisdiction(v)
		f := Fact{Type: TypeGoverningLaw, Key: "governing_law", Label: "Governing law", Value: v, Normalized: code, Method: method, Confidence: 0.9}
		if code == "" {
			f.Confidence = 0.7
		}
		x.add(candidate{fact: f, start: base + ms, end: base + ms + len(v), prio: 4})
	}
	for _, m := range reLawEN.FindAllStringSubmatchIndex(t, -1) {
		add(m[2], m[3], "clause")
	}
	for _, m := range reLawLabel.FindAllStringSubmatchIndex(t, -1) {
		add(m[2], m[3], "labeled_field")
	}
	for _, m := range reLawAR.FindAllStringSubmatchIndex(t, -1) {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		// Arabic: keep the words up to a known jurisdiction.
		v := t[m[g]:m[g+1]]
		end := m[g+1]
		for _, j := range jurisdictions {
			for _, w := range j.words {
				if strings.HasPrefix(v, w) {
					end = m[g] + len(w)
					goto found
				}
			}
		}
	found:
		add(m[g], end, "clause")
	}
}

func (x *extractor) paymentTerms(t string, base int) {
	add := func(m []int, norm, method string, prio int) {
		if norm == "" {
			return // a run of words that is no number ("net twenty ninety days")
		}
		f := Fact{Type: TypePaymentTerms, Key: "payment_terms", Label: "Payment terms", Value: t[m[0]:m[1]], Normalized: norm, Method: method, Confidence: 0.85}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[1], prio: prio})
	}
	for _, m := range reNet.FindAllStringSubmatchIndex(t, -1) {
		add(m, netDays(t, m), "pattern", 3)
	}
	// Prefilters: the clause patterns need "within" / خلال (and cost most
	// where a modal opens an object's window).
	if strings.Contains(t, "within") || strings.Contains(t, "Within") || strings.Contains(t, "WITHIN") {
		for _, m := range reWithin.FindAllStringSubmatchIndex(t, -1) {
			if !payTermsClause(t, m[0], m[2], m[3], false) {
				continue
			}
			// Digits win over words ("thirty (30) days").
			norm := ""
			if m[6] >= 0 {
				norm = "P" + asciiDigits(t[m[6]:m[7]]) + "D"
			} else if m[4] >= 0 {
				if n, _, ok := parseENQty(t[m[4]:m[5]]); ok {
					norm = "P" + strconv.Itoa(n) + "D"
				}
			}
			add(m, norm, "clause", 3)
		}
	}
	if strings.Contains(t, "خلال") {
		for _, m := range reWithinAR.FindAllStringSubmatchIndex(t, -1) {
			if !payTermsClause(t, m[0], m[2], m[3], true) {
				continue
			}
			norm := "P2D" // يومين
			if m[4] >= 0 {
				norm = "P" + asciiDigits(t[m[4]:m[5]]) + "D"
			} else if m[6] >= 0 {
				norm = ""
				if n, ok := parseARNumber(t[m[6]:m[7]]); ok {
					norm = "P" + strconv.Itoa(n) + "D"
				}
			}
			add(m, norm, "clause", 3)
		}
	}
	for _, m := range reTermsLab.FindAllStringSubmatchIndex(t, -1) {
		v := strings.TrimSpace(t[m[2]:m[3]])
		v = strings.TrimRight(v, ".;، ")
		f := Fact{Type: TypePaymentTerms, Key: "payment_terms", Label: "Payment terms", Value: v, Normalized: termsDays(v), Method: "labeled_field", Confidence: 0.85}
		x.add(candidate{fact: f, start: base + m[2], end: base + m[2] + len(v), prio: 4})
	}
}

// netDays is the period of a match of reNet, "" when its words are no
// number.
func netDays(t string, m []int) string {
	if m[2] >= 0 {
		return "P" + asciiDigits(t[m[2]:m[3]]) + "D"
	}
	if n, _, ok := parseENQty(t[m[4]:m[5]]); ok {
		return "P" + strconv.Itoa(n) + "D"
	}
	return ""
}

// termsDays reads the period in days of a labelled payment term ("30
// days from invoice date", "Net 45", "thirty days from receipt", "خلال
// ثلاثين يوماً"), "" when it states none.
func termsDays(v string) string {
	if d := reDuration.FindStringSubmatch(v); d != nil && durationUnit(d[4]) == "day" {
		n := d[2]
		if n == "" {
			n = d[3]
		}
		return "P" + asciiDigits(n) + "D"
	}
	if m := reNet.FindStringSubmatchIndex(v); m != nil {
		if p := netDays(v, m); p != "" {
			return p
		}
	}
	if m := reDurationWord.FindStringSubmatchIndex(v); m != nil && durationUnit(v[m[4]:m[5]]) == "day" && !numberWordBefore(v[:m[0]]) {
		if n, _, ok := parseENQty(v[m[2]:m[3]]); ok {
			return "P" + strconv.Itoa(n) + "D"
		}
	}
	if hasArabic(v) {
		if m := reDurationAR.FindStringSubmatchIndex(v); m != nil && !arNumberWordBefore(v[:m[0]]) && !arLetterAfter(v[m[1]:]) {
			if d := arDuals[v[m[0]:m[1]]]; d[0] != nil && d[1] == "day" {
				return "P2D"
			}
			if m[2] >= 0 && durationUnit(v[m[4]:m[5]]) == "day" {
				if n, ok := parseARNumber(v[m[2]:m[3]]); ok {
					return "P" + strconv.Itoa(n) + "D"
				}
			}
		}
	}
	return ""
}

// resolve drops overlapping candidates: within the same type the higher
// priority (then the longer) wins; across types, a money amount inside a
// date, a phone inside an IBAN or an amount, and a duration inside a
// payment term are dropped.
func resolve(cs []candidate) []candidate {
	if len(cs) > maxCandidates {
		// Keep the first ones in the text; the answer says it was cut.
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].start < cs[j].start })
		cs = cs[:maxCandidates]
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].prio != cs[j].prio {
			return cs[i].prio > cs[j].prio
		}
		return cs[i].end-cs[i].start > cs[j].end-cs[j].start
	})
	var kept []candidate
	for _, c := range cs {
		ok := true
		for _, k := range kept {
			if c.start < k.end && k.start < c.end && conflicts(c.fact.Type, k.fact.Type) {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, c)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].start != kept[j].start {
			return kept[i].start < kept[j].start
		}
		return kept[i].fact.Type < kept[j].fact.Type
	})
	return kept
}

// maxCandidates bounds the facts considered in one document (overlap
// resolution is quadratic in them).
const maxCandidates = 3000

// conflicts says whether two overlapping facts cannot both stand.
func conflicts(a, b string) bool {
	if a == b {
		return true
	}
	pair := func(x, y string) bool { return a == x && b == y || a == y && b == x }
	switch {
	case pair(TypeDuration, TypePaymentTerms), pair(TypeGoverningLaw, TypeParty), pair(TypeMoney, TypePercentage):
		return false
	case a == TypeParty || b == TypeParty:
		return pair(TypeParty, TypeEmail) || pair(TypeParty, TypeURL)
	}
	return true
}

// arTashkeel is an alternation of Arabic phrases in which every letter
// may carry short vowels, shadda or sukun ("تُسدد", "يُدفع").
func arTashkeel(phrases ...string) string {
	var alts []string
	for _, p := range phrases {
		var b strings.Builder
		for _, r := range p {
			b.WriteRune(r)
			if r != ' ' {
				b.WriteString(`[\x{064B}-\x{0652}]*`)
			}
		}
		alts = append(alts, b.String())
	}
	return strings.Join(alts, "|")
}

// notTermsEN and notTermsAR name payments that are no payment terms: a
// deposit, a penalty, damages, a refund, interest, a gratuity, a bond,
// taxes (one-off sums whose period is still a payment deadline), and a
// dispute or a claim settled.
var (
	notTermsEN = []string{"deposit", "penalty", "penalties", "fine", "fines", "damages", "compensation", "refund", "interest",
		"gratuity", "end of service", "end-of-service", "indemnity", "bond", "guarantee", "dispute", "disputes", "claim", "claims", "tax", "taxes"}
	notTermsAR = []string{"تأمين", "عربون", "غرام", "تعويض", "مكافأة", "فوائد", "فائدة", "ضريب", "كفالة", "ضمان", "نزاع", "خلاف"}
	// otherActionEN/AR: a second action between the payment verb and its
	// period ("pay the fee on signature and deliver the goods within 30
	// days"): the period is the other action's.
	otherActionEN = []string{"deliver", "supply", "install", "complete", "submit", "provide", "return", "notify", "repair", "replace", "respond", "perform", "send", "sign"}
	otherActionAR = []string{"تسليم", "توريد", "تركيب", "إنجاز", "انجاز", "تقديم", "إعادة", "اعادة", "إصلاح", "استبدال", "إخطار"}
)

// payTermsClause says whether a payment clause found at t[at:] states
// payment terms: not a negated one ("not paid within": a condition), no
// other action between the verb and the period (t[gs:ge], the active
// verb's object), and no deposit, penalty, refund or other one-off sum
// named in its clause (after the last comma, semicolon, colon or full
// stop before it, up to the period).
func payTermsClause(t string, at, gs, ge int, arabic bool) bool {
	before := lowerASCII(tail(t[:at], 120))
	if !arabic && (strings.HasSuffix(before, "not ") || strings.HasSuffix(before, "n't ")) {
		return false
	}
	if i := strings.LastIndexAny(before, ".,;:!?\n،؛"); i >= 0 {
		before = before[i+1:]
	}
	obj := ""
	if gs >= 0 {
		obj = lowerASCII(t[gs:ge])
	}
	deny, other := notTermsEN, otherActionEN
	if arabic {
		deny, other = notTermsAR, otherActionAR
	}
	for _, w := range other {
		if lastWordIndex(obj, w) >= 0 {
			return false
		}
	}
	clause := before + " " + obj
	for _, w := range deny {
		if lastWordIndex(clause, w) >= 0 {
			return false
		}
	}
	return true
}
