package documentfacts

import (
	"regexp"
	"strings"
)

// Round 24 of dates (issue 29, session 24; table tests in
// date_order_ordinals_test.go). Each rule names a family of wording or layout:
//
//   - WO: the order of a numeric date's day and month, when no numeric
//     date of the text has a number over 12, is the order that makes its
//     dates ones the text also writes with a month name: a Gulf contract
//     "made in Doha on May 3, 2026" whose signature blocks read "Date:
//     03/05/2026" reads them day first, an order "dated October 6, 2026"
//     and "accepted on 10/06/2026" month first. The rule votes over every
//     ambiguous numeric date; a tie or no match leaves the older readers
//     (the language, the region, the month-name order) to decide.
//   - MB: a contract named with the verb of its making and then its
//     sides before the day ("the supply contract entered into between
//     our companies on", "the agreement signed by and between X and Y
//     on", "العقد المبرم بيننا بصفتنا المشتري وبينكم بصفتكم المورد
//     بتاريخ", "الاتفاقية الموقعة بين شركتنا وشركتكم في") is a contract
//     other than the document, as parentDate reads "the Lease dated":
//     the agreement_date of a letter or notice about it, a plain date in
//     an agreement with its own earlier agreement_date.

// wordDateOrder: true (day first) or false (month first) when the
// text's dates written with month names settle the order of its
// ambiguous numeric dates; nil otherwise.
func wordDateOrder(text string) *bool {
	words := map[string]bool{}
	for _, m := range reDateMDY.FindAllStringSubmatch(text, -1) {
		if iso := validDate(atoi(m[3]), monthNames[strings.ToLower(m[1])], atoi(m[2])); iso != "" {
			words[iso] = true
		}
	}
	for _, m := range reDateDMY.FindAllStringSubmatch(text, -1) {
		if iso := validDate(atoi(m[3]), monthNames[strings.ToLower(m[2])], atoi(m[1])); iso != "" {
			words[iso] = true
		}
	}
	if len(words) == 0 {
		return nil
	}
	dayFirst, monthFirst := 0, 0
	for _, m := range reDateNum.FindAllStringSubmatch(text, -1) {
		a, b, y := atoi(m[1]), atoi(m[2]), atoi(m[3])
		if a == b || a > 12 || b > 12 {
			continue
		}
		if words[validDate(y, b, a)] {
			dayFirst++
		}
		if words[validDate(y, a, b)] {
			monthFirst++
		}
	}
	switch {
	case dayFirst > monthFirst:
		t := true
		return &t
	case monthFirst > dayFirst:
		f := false
		return &f
	}
	return nil
}

// contractMadeBetween: ctx, the text before a date, ends with MB.
func contractMadeBetween(ctx string) bool {
	c := tail(ctx, 400)
	return reMadeBetweenEN.MatchString(c) || reMadeBetweenAR.MatchString(c)
}

var (
	reMadeBetweenEN = regexp.MustCompile(`(?i)\b(?:a|an|the|said|that|our|your|their|its|existing|original|main|previous|earlier|prior)\s+(?:[\w&'’-]+\s+){0,4}?(?:contract|agreement|lease|sub-?contract|deed|memorandum(?:\s+of\s+understanding)?|mou|licen[cs]e|addendum)(?:\s*\(\s*the\s+["“]?[\w\s]{1,30}["”]?\s*\))?(?:\s*(?:no\.?|number|ref\.?)\s*[\w/.-]+)?\s*,?\s*(?:signed|made|executed|entered\s+into|concluded)\s+(?:by\s+and\s+)?between\s+[^.;:\n]{1,160}?\s(?:on|dated)\s*$`)
	reMadeBetweenAR = regexp.MustCompile(`(?:عقد|العقد|اتفاقية|الاتفاقية)\s+[^.؛:]{0,80}?(?:المبرم|المبرمة|الموقع|الموقعة)\s+(?:بين|بيننا|بينكم|معكم|معنا)[^.؛:]{0,200}?\s(?:في|بتاريخ)\s*$`)
)

// orderOrdinalsDateKeys applies DB and AV to date f (key_clause_context.go, deferred after
// round 23); w holds the windows before the date.
//
//   - DB: a delivery in batches (التسليم على دفعتين: الدفعة الأولى في موعد
//     أقصاه, بتوريد الدفعة الأولى ... وباقي الكميات ... حتى, "the first
//     consignment by") gives delivery dates: a دفعة that the goods are
//     delivered or supplied in is a batch, not a payment's due date, and
//     the remaining quantities "until" a day no expiry. A clause that
//     pays (يسدد، سداد، دفع، "payable", "instalment") is left alone.
//   - AV: the day goods must arrive ("arrive at Sohar Port by", a line
//     wrapped before "by"; وصول البضاعة ... في موعد أقصاه) is their
//     delivery_date.
//   - SU: what applicants hand in (responses, questionnaires,
//     applications, bids, tenders, proposals, quotations) "must be
//     uploaded / submitted / delivered ... by" a day: the submission
//     deadline, not the document's date that a table row's "Issue date"
//     cell before it suggested.
//   - DW: goods delivered within a window ("وتسليمها ... في الفترة من X
//     إلى Y", "deliver ... during the period from X to Y"): the window's
//     end is the delivery_date, its start a plain date (no contract's
//     effective_date or expiry_date).
func (x *extractor) orderOrdinalsDateKeys(f *Fact, w dateWindows) {
	if k := deliveryWindow(f.Key, w); k != "" {
		set := dateCueOf("delivery_date")
		if k == "date" {
			set = cue{key: "date", label: "Date"}
		}
		f.Key, f.Label, f.Role = set.key, set.label, set.role
		return
	}
	if (f.Key == "date" || f.Key == "issue_date" || f.Key == "document_date" || f.Key == "expiry_date") && (reSubmitBy.MatchString(tail(w.clause, 300)) || reSubmitBy.MatchString(w.ctx)) {
		c := dateCueOf("submission_deadline") // SU
		f.Key, f.Label, f.Role = c.key, c.label, c.role
		return
	}
	switch f.Key {
	case "due_date", "expiry_date", "date", "submission_deadline":
	default:
		return
	}
	ctx := w.ctx
	if len(w.clause) > len(ctx) {
		ctx = w.clause // the sentence, when the window cut it
	}
	ctx = tail(ctx, 300)
	switch {
	case reBatchDelivery.MatchString(ctx) && reBatchWord.MatchString(ctx) && !rePayClause.MatchString(ctx):
	case f.Key != "expiry_date" && reArrive.MatchString(ctx):
	default:
		return
	}
	c := dateCueOf("delivery_date")
	f.Key, f.Label, f.Role = c.key, c.label, c.role
}

var (
	reSubmitBy      = regexp.MustCompile(`(?i)\b(?:responses?|questionnaires?|applications?|bids?|tenders?|proposals?|quotations?|offers?|submissions?|expressions?\s+of\s+interest)\s+(?:must|shall|should|are\s+to|is\s+to)\s+be\s+(?:uploaded|submitted|delivered|received|lodged|sent)\b[^.;]{0,100}?(?:\bby|\bbefore|\bno\s+later\s+than|\bnot\s+later\s+than|\bon\s+or\s+before)\b[^.;]{0,40}$`)
	reBatchDelivery = regexp.MustCompile(`(?i)\b(?:deliver(?:y|ies|ed)?|suppl(?:y|ied)|shipp?(?:ed|ment)?)\b|(?:^|\s)(?:ال|بال|و|ب|وب)?(?:تسليم|توريد|شحن)(?:ها|ه|هم)?(?:\s|$|:)|(?:^|\s)(?:يتم|يلتزم|تلتزم)\s+[^.؛]{0,30}(?:بتسليم|بتوريد|بشحن)`)
	reBatchWord     = regexp.MustCompile(`(?i)\b(?:lots?|consignments?|batch(?:es)?|tranches?\s+of\s+(?:the\s+)?goods)\b|(?:^|\s)(?:ال|و|ب)?(?:دفعة|دفعتين|دفعات|الكميات|كميات|شحنة|الشحنة|شحنات)(?:\s|$|[،:])`)
	rePayClause     = regexp.MustCompile(`(?i)\b(?:pay|pays|paid|payable|payment|instal?ments?|price|invoice)\b|(?:^|\s)(?:ي|ت|ب)(?:سدد|دفع)(?:\s|$)|سداد|(?:^|\s)(?:ال)?دفع(?:\s|$)|قيمة|القيمة|أقساط|قسط`)
	reArrive        = regexp.MustCompile(`(?i)\b(?:arrive|arrives|reach|reaches)\b[^.;]{0,60}?\s(?:by|before|no\s+later\s+than|not\s+later\s+than|on\s+or\s+before)\s*$|(?:وصول|تصل|يصل)\s+(?:ال)?(?:بضاعة|بضائع|شحنة|مواد|أجهزة|معدات)[^.؛]{0,60}?(?:في\s+موعد\s+(?:أقصاه|لا\s+يتجاوز)|قبل|بحلول)\s*$`)
)

//   - LS: a date split over two lines (a DOCX paragraph or a PDF line
//     that wraps inside it): "by 12:00 noon on Thursday 8" / "April
//     2027.", "no later than 24 May" / "2027", "commences on July" / "1,
//     2027", "يوم الخميس ١٥" / "أبريل ٢٠٢٧م". The part on the second line
//     is read as the date, its cue from the line before (dateCtxBefore);
//     a day alone ends the first line only after a word that leads a date
//     (on, by, before, than, a weekday, يوم, في, حتى), not after a label's
//     colon ("Works completed: 12" / "April 2027 was").

// splitDates emits the dates of t that start on the line before (LS).
// prev is dates()'s own variable, which its emit reads for the cue: it
// holds the line before without the date's first part while the date is
// emitted ("... no later than" keys it as "no later than 24 May 2027"
// on one line would), and is restored after.
func splitDates(t string, prev *string, emit func(ms, me int, iso string, conf float64, note string)) {
	if *prev == "" {
		return
	}
	p := strings.TrimRight(*prev, " \t|")
	at := func(ms, me int, iso string, cut int) {
		if iso == "" {
			return
		}
		old := *prev
		*prev = p[:cut]
		emit(ms, me, iso, 0.75, "")
		*prev = old
	}
	if m := reMonthYearStart.FindStringSubmatchIndex(t); m != nil {
		if d := reDayEnd.FindStringSubmatchIndex(p); d != nil {
			at(m[2], m[5], validDate(atoi(t[m[4]:m[5]]), monthNames[strings.ToLower(t[m[2]:m[3]])], atoi(p[d[2]:d[3]])), d[2])
		}
		return
	}
	if m := reYearStart.FindStringSubmatchIndex(t); m != nil {
		if d := reDayMonthEnd.FindStringSubmatchIndex(p); d != nil {
			day, mon, cut := d[2:4], d[4:6], d[2]
			if d[2] < 0 {
				day, mon, cut = d[8:10], d[6:8], d[6]
			}
			at(m[2], m[3], validDate(atoi(t[m[2]:m[3]]), monthNames[strings.ToLower(p[mon[0]:mon[1]])], atoi(p[day[0]:day[1]])), cut)
		}
		return
	}
	if m := reDayYearStart.FindStringSubmatchIndex(t); m != nil {
		if d := reMonthEnd.FindStringSubmatchIndex(p); d != nil {
			at(m[2], m[5], validDate(atoi(t[m[4]:m[5]]), monthNames[strings.ToLower(p[d[2]:d[3]])], atoi(t[m[2]:m[3]])), d[2])
		}
	}
}

const dateLead = `(?:on|by|before|until|till|than|of|dated|from|to|monday|tuesday|wednesday|thursday|friday|saturday|sunday|الموافق|يوم|في|حتى|قبل|من|إلى|الأحد|الاثنين|الإثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت)`

var (
	reMonthYearStart = regexp.MustCompile(`(?i)^\s*(` + monthPattern() + `)\.?,?\s+(` + D + `{4})(?:$|[^\p{N}])`)
	reDayEnd         = regexp.MustCompile(`(?i)(?:^|[\s,،])` + dateLead + `,?\s+(` + D + `{1,2})(?:st|nd|rd|th)?$`)
	reYearStart      = regexp.MustCompile(`^\s*(` + D + `{4})(?:$|[^\p{N}/.:-])`)
	reDayMonthEnd    = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(?:(` + D + `{1,2})(?:st|nd|rd|th)?\s+(` + monthPattern() + `)|(` + monthPattern() + `)\.?\s+(` + D + `{1,2})(?:st|nd|rd|th)?)\.?,?$`)
	reDayYearStart   = regexp.MustCompile(`^\s*(` + D + `{1,2})(?:st|nd|rd|th)?,?\s+(` + D + `{4})(?:$|[^\p{N}])`)
	reMonthEnd       = regexp.MustCompile(`(?i)(?:^|\s)` + dateLead + `\s+(` + monthPattern() + `)\.?$`)
)

// deliveryWindow: the key (DW) of a date keyed key, "" to keep it.
func deliveryWindow(key string, w dateWindows) string {
	ctx := w.ctx
	if len(w.clause) > len(ctx) {
		ctx = w.clause
	}
	ctx = tail(ctx, 300)
	if !reBatchDelivery.MatchString(ctx) || rePayClause.MatchString(ctx) {
		return ""
	}
	switch {
	case (key == "effective_date" || key == "start_date" || key == "agreement_date") && reWindowFrom.MatchString(ctx):
		return "date"
	case (key == "expiry_date" || key == "agreement_date" || key == "date") && reWindowTo.MatchString(ctx):
		return "delivery_date"
	}
	return ""
}

var (
	reWindowFrom = regexp.MustCompile(`(?i)(?:\bperiod|\bwindow|الفترة|فترة|المدة)\s+(?:from|من)\s*$|\bbetween\s*$`)
	reWindowTo   = regexp.MustCompile(`(?i)(?:\bperiod|\bwindow|الفترة|فترة|المدة)\s+(?:from|من)\s+[^.;؛]{4,40}?\s(?:to|until|till|and|إلى|الى|حتى)\s*$|\bbetween\s+[^.;]{4,40}?\s+and\s*$`)
)

// LI (decision 44): a letter of intent or a letter of offer (LETTER OF
// INTENT, خطاب نوايا, LETTER OF OFFER, OFFER LETTER) that asks to be
// countersigned, returned or accepted by a day offers as an offer of
// employment does: the day is its valid_until (convention_rejections_offer_roles.go reads the ask).

// offerLetter: text's opening names it a letter of intent or of offer.
func offerLetter(text string) bool {
	return reOfferLetter.MatchString(prefixBytes(text, 600))
}

// letterAsk: the ask before the date names the letter or the offer
// ("countersign", "return a copy of this letter", "accept this offer",
// التوقيع على هذا الخطاب), not another document to sign ("sign the
// definitive purchase contract by").
func letterAsk(ctx string) bool {
	return reLetterAsk.MatchString(ctx)
}

var reLetterAsk = regexp.MustCompile(`(?i)\bcountersign\w*\b[^.;\n]{0,80}$|\b(?:this|the)\s+(?:letter|offer)\b[^.;\n]{0,60}$|\b(?:accept|acceptance)\b[^.;\n]{0,60}$|(?:هذا|الخطاب|العرض)[^.؛\n]{0,80}$`)

var reOfferLetter = regexp.MustCompile(`(?i)\bletter\s+of\s+(?:intent|offer)\b|\boffer\s+letter\b|خطاب\s+(?:ال)?نوايا|رسالة\s+(?:ال)?نوايا|خطاب\s+عرض|خطاب\s+إبداء\s+(?:ال)?رغبة`)

//   - OW: a day written as an ordinal word ("the first day of April
//     2027", "the twenty-first of June, 2027", الأول من أبريل ٢٠٢٧م,
//     اليوم الخامس عشر من شهر مايو, غرة يوليو) is a full date: the reader
//     of a month and a year alone took it for the month.

// ordinalDates emits OW's dates of t.
func ordinalDates(t string, emit func(ms, me int, iso string, conf float64, note string)) {
	for _, m := range reOrdinalEN.FindAllStringSubmatchIndex(t, -1) {
		if d := ordinalDayEN[strings.ToLower(strings.ReplaceAll(t[m[2]:m[3]], " ", "-"))]; d > 0 {
			if iso := validDate(atoi(t[m[6]:m[7]]), monthNames[strings.ToLower(t[m[4]:m[5]])], d); iso != "" {
				emit(m[0], m[7], iso, 0.8, "")
			}
		}
	}
	for _, m := range reOrdinalAR.FindAllStringSubmatchIndex(t, -1) {
		d := 1 // غرة
		if m[2] >= 0 {
			d = ordinalDayAR(t[m[2]:m[3]])
		}
		if d > 0 {
			if iso := validDate(atoi(t[m[6]:m[7]]), monthNames[strings.ToLower(t[m[4]:m[5]])], d); iso != "" {
				emit(m[0], m[7], iso, 0.8, "")
			}
		}
	}
}

var (
	ordUnitsEN = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
	ordTeensEN = []string{"tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"}
	// ordinalDayEN: "first" 1 ... "thirty-first" 31.
	ordinalDayEN = func() map[string]int {
		m := map[string]int{}
		for i := 1; i <= 9; i++ {
			m[ordUnitsEN[i]] = i
			m["twenty-"+ordUnitsEN[i]] = 20 + i
		}
		for i, w := range ordTeensEN {
			m[w] = 10 + i
		}
		m["twentieth"], m["thirtieth"], m["thirty-first"] = 20, 30, 31
		return m
	}()
	ordUnitsAR  = []string{"", "الأول", "الثاني", "الثالث", "الرابع", "الخامس", "السادس", "السابع", "الثامن", "التاسع"}
	reOrdinalEN = regexp.MustCompile(`(?i)\b(?:the\s+)?((?:twenty|thirty)[\s-](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)\s+(?:day\s+)?of\s+(` + monthPattern() + `)\.?,?\s+(` + D + `{4})`)
	reOrdinalAR = regexp.MustCompile(`(?:(?:اليوم\s+)?((?:ال)?(?:أول|اول|ثاني|ثالث|رابع|خامس|سادس|سابع|ثامن|تاسع|عاشر|حادي)(?:\s+(?:عشر|والعشرين|والثلاثين))?|العشرين|الثلاثين)\s+من\s+(?:شهر\s+)?|غرة\s+(?:شهر\s+)?)(` + monthPattern() + `)\s+(?:عام\s+|سنة\s+)?(` + D + `{4})`)
)

// ordinalDayAR: الأول 1 ... الحادي والثلاثين 31, 0 if none.
func ordinalDayAR(s string) int {
	s = strings.Join(strings.Fields(s), " ")
	unit := func(w string) int {
		w = strings.TrimPrefix(w, "ال")
		if w == "اول" || w == "أول" || w == "حادي" {
			return 1
		}
		for i := 1; i <= 9; i++ {
			if w == strings.TrimPrefix(ordUnitsAR[i], "ال") {
				return i
			}
		}
		if w == "عاشر" {
			return 10
		}
		return 0
	}
	switch {
	case s == "العشرين":
		return 20
	case s == "الثلاثين":
		return 30
	}
	f := strings.Fields(s)
	u := unit(f[0])
	if len(f) == 1 {
		return u
	}
	switch f[1] {
	case "عشر":
		return 10 + u
	case "والعشرين":
		return 20 + u
	case "والثلاثين":
		return 30 + u
	}
	return 0
}
