package documentfacts

import (
	"fmt"
	"regexp"
	"strings"
)

// Dates: ISO, numeric (day/month order learnt from the document),
// day-month-year, month-day-year and month-year, in English and Arabic
// month names and digits; datekeys.go says what each date is for.

var (
	reDateISO = regexp.MustCompile(`(?:^|[^\p{N}])(` + D + `{4})-(` + D + `{1,2})-(` + D + `{1,2})(?:$|[^\p{N}])`)
	// reDateYMD: a year first with slashes or points ("2026/09/07",
	// "2026.09.07"): always year, month, day.
	reDateYMD   = regexp.MustCompile(`(?:^|[^\p{N}/.])(` + D + `{4})([/.])(` + D + `{1,2})[/.](` + D + `{1,2})(?:$|[^\p{N}/.])`)
	reDateNum   = regexp.MustCompile(`(?:^|[^0-9\x{0660}-\x{0669}/.-])(` + D + `{1,2})[/.-](` + D + `{1,2})[/.-](` + D + `{4})(?:$|[^0-9\x{0660}-\x{0669}])`)
	reDateDMY   = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}]|(?:^|\s)و)(` + D + `{1,2})(?:st|nd|rd|th)?(?:\s+day)?(?:\s+of)?[\s-]+(` + monthPattern() + `)\.?,?[\s-]*(` + D + `{4})`)
	reDateMY    = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(` + monthPattern() + `)\.?,?\s+(` + D + `{4})(?:$|[^\p{N}])`)
	reDayBefore = regexp.MustCompile(`(?i)` + D + `(?:st|nd|rd|th)?(?:\s+day)?(?:\s+of)?[\s/.-]*$`)
	reDateMDY   = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(` + monthPattern() + `)\.?\s+(` + D + `{1,2})(?:st|nd|rd|th)?,?\s+(` + D + `{4})`)
)

// reDayFirstRegion: a country, capital or currency of the Gulf, Jordan
// or Egypt, where numeric dates are written day first.
var reDayFirstRegion = regexp.MustCompile(`(?i)\b(?:sultanate\s+of\s+oman|muscat|kingdom\s+of\s+bahrain|bahrain|manama|state\s+of\s+qatar|qatar|doha|kuwait|saudi\s+arabia|riyadh|jeddah|dammam|united\s+arab\s+emirates|abu\s+dhabi|dubai|sharjah|jordan|amman|egypt|cairo)\b|\b(?:OMR|BHD|QAR|KWD|SAR|AED|JOD|EGP)\b`)

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
	if o := wordDateOrder(x.a.text); o != nil {
		x.dayFirst = o // the same days written with month names (date_order_ordinals.go)
		return
	}
	// No numeric date settles it: the document's other dates do. Arabic
	// writes the day first, and so does English that writes its dates
	// with month names day first ("6 October 2026") and never month
	// first ("October 6, 2026"), as every country but a few does.
	// So does a document of the Gulf or the Levant, by its places or
	// its currency ("Seef, Kingdom of Bahrain", "BHD"), as the guideline
	// reads numeric dates there: day first.
	if hasArabic(x.a.text) && !matchAt(reDateMDY, x.a.text) || // findat.go
		reDateDMY.MatchString(x.a.text) && !matchAt(reDateMDY, x.a.text) ||
		reDayFirstRegion.MatchString(x.a.text) && !matchAt(reDateMDY, x.a.text) {
		t := true
		x.dayFirst = &t
	}
}

// reSignLineDate: a signing line up to a date at its end ("For the
// Buyer: X, Title — ", "عن المؤجر: X - ").
var reSignLineDate = regexp.MustCompile(`(?i)^[\s*_]*(?:for|on\s+behalf\s+of|عن|نيابة\s+عن)\s+(?:the\s+)?[^:：|]{2,40}[:：][^|]{2,120}(?:[—–-]|,|،)\s*\**\s*$`)

// placeDate: the date follows a place and a comma and is all else its
// cell or line holds ("Vila-real, 5 May 2026", "Hamburg, 05.03.2026",
// "مسقط، 11 مايو 2026"): under the signatures, where and when a party
// signed.
func placeDate(t string, ms, me int) bool {
	s, e := cellAround(t, ms, me)
	return rePlaceComma.MatchString(t[s:ms]) && strings.Trim(strings.TrimSpace(t[me:e]), "*_م.") == ""
}

// cellAround: the start and end of the table cell or line that holds
// t[ms:me].
func cellAround(t string, ms, me int) (int, int) {
	s := strings.LastIndexByte(t[:ms], '\n') + 1
	if i := strings.LastIndex(t[:ms], " | "); i >= 0 {
		s = max(s, i+len(" | "))
	}
	e := len(t)
	if i := strings.IndexAny(t[me:], "|\n"); i >= 0 {
		e = me + i
	}
	return s, e
}

// rePlaceComma: a place name of one to three words and a comma.
var rePlaceComma = regexp.MustCompile(`^[\s*_]*\p{L}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){0,2}\s*[,،]\s*$`)

// dateAlone: the date is all its cell or line holds (with a Hijri-style
// "م" after it).
func dateAlone(t string, ms, me int) bool {
	s, e := cellAround(t, ms, me)
	return strings.Trim(t[s:ms], " *_") == "" && strings.Trim(strings.TrimSpace(t[me:e]), "*_م.") == ""
}

func (x *extractor) dates(t string, base int, prev, headerCells string) {
	if !hasYear(t) {
		return // every date pattern needs a four-digit year
	}
	emit := func(ms, me int, iso string, conf float64, note string) {
		x.stop.step() // stop.go
		f := Fact{Type: TypeDate, Key: "date", Label: "Date", Value: t[ms:me], Normalized: iso, Method: "pattern", Confidence: conf}
		c, ok := x.dateCue(t, ms, prev)
		if !ok && headerCells != "" {
			// A table's date with no cue in its row: its column's
			// header names it ("Expiry date", "تاريخ انتهاء الضمان"),
			// unless the header says only "Date".
			if h, found := dateColumnCue(t, ms, headerCells); found {
				c, ok = h, true
			}
		}
		switch {
		case ok && c.key != "date" && x.signing && bareDateLabel(dateCtxBefore(t, ms, prev)):
			// "Date: 20 April 2026" under the signatures: the date
			// the party signed.
			f.Key, f.Label, f.Role, f.Method = "signature_date", "Signature date", "signature", "labeled_field"
		case ok && c.key != "date":
			f.Key, f.Label, f.Role, f.Method = c.key, c.label, c.role, "labeled_field"
			f.Confidence = min(0.95, conf+0.08)
		case (!ok || c.key == "date") && (x.signing && (dateAlone(t, ms, me) || placeDate(t, ms, me)) || reSignLineDate.MatchString(t[:ms]) && strings.Trim(t[me:], " .*_|") == ""):
			// A date alone in a signature column ("12 August 2026 | 14
			// August 2026" under the names), or ending a signing line
			// ("For the Buyer: X, Director — 8 March 2026"): the date
			// of signing.
			f.Key, f.Label, f.Role, f.Method = "signature_date", "Signature date", "signature", "pattern"
		case !ok && x.makingSentence(t, ms, me):
			// "This Tenancy Agreement is made at Doha on 14 May 2026",
			// "إنه في يوم الأحد الموافق ١٢ أبريل ٢٠٢٦م، تم الاتفاق بين":
			// the date the agreement is made.
			f.Key, f.Label, f.Role, f.Method = cueAgreementDate.key, cueAgreementDate.label, cueAgreementDate.role, "clause"
		case !ok && base < x.topEnd && headerCells != "" && topDateColumn(t, ms, headerCells):
			// (As a bare "Date:" label is: an agreement's or an
			// invoice's date by the title.)
			c := cueDocumentDate
			switch x.title {
			case "agreement":
				c = cueAgreementDate
			case "invoice":
				c = cueInvoiceDate
			}
			f.Key, f.Label, f.Role, f.Method = c.key, c.label, c.role, "table"
		case !ok && base < x.topEnd && strings.TrimSpace(t[:ms]) == "" && strings.TrimSpace(strings.TrimRight(t[me:], ".,")) == "":
			// A date alone on its line at the top of a letter is its date.
			f.Key, f.Label, f.Role, f.Method = "document_date", "Document date", "issue", "pattern"
		}
		_ = note
		x.clauseContextDateKeys(&f, t, base, ms, me, prev, headerCells)
		x.add(candidate{fact: f, start: base + ms, end: base + me, prio: 3})
	}
	x.stop.pass(len(t)) // stop.go
	for _, m := range reDateISO.FindAllStringSubmatchIndex(t, -1) {
		if iso := validDate(atoi(t[m[2]:m[3]]), atoi(t[m[4]:m[5]]), atoi(t[m[6]:m[7]])); iso != "" {
			emit(m[2], m[7], iso, 0.85, "")
		}
	}
	x.stop.pass(len(t)) // stop.go
	for _, m := range reDateYMD.FindAllStringSubmatchIndex(t, -1) {
		if t[m[8]-1:m[8]] != t[m[4]:m[5]] {
			continue // "2026/09.07": one separator throughout
		}
		if iso := validDate(atoi(t[m[2]:m[3]]), atoi(t[m[6]:m[7]]), atoi(t[m[8]:m[9]])); iso != "" {
			emit(m[2], m[9], iso, 0.85, "")
		}
	}
	x.stop.pass(len(t)) // stop.go
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
	x.stop.pass(len(t))        // stop.go
	splitDates(t, &prev, emit) // date_order_ordinals.go: a date split over two lines
	ordinalDates(t, emit)      // date_order_ordinals.go: "the first day of April 2027"
	for _, m := range reDateDMY.FindAllStringSubmatchIndex(t, -1) {
		d, mon, y := t[m[2]:m[3]], t[m[4]:m[5]], t[m[6]:m[7]]
		if iso := validDate(atoi(y), monthNames[strings.ToLower(mon)], atoi(d)); iso != "" {
			emit(m[2], m[7], iso, 0.85, "")
		}
		if rs, re, ok := dayRangeStartBareCurrencyRows(t, m[2]); ok { // key_bare_currency_rows.go
			if iso := validDate(atoi(y), monthNames[strings.ToLower(mon)], atoi(t[rs:re])); iso != "" {
				emit(rs, re, iso, 0.8, "")
			}
		}
	}
	// "March 2026": a date of month precision (normalised YYYY-MM); a
	// full date over the same words wins (resolve keeps the longer).
	x.stop.pass(len(t)) // stop.go
	for _, m := range findAllAt(reDateMY, t) {
		if reDayBefore.MatchString(t[max(0, m[2]-16):m[2]]) {
			continue // "30 February 2026" is no date, not February
		}
		if mon := monthNames[strings.ToLower(t[m[2]:m[3]])]; mon > 0 && len(t[m[2]:m[3]]) > 3 {
			if y := atoi(t[m[4]:m[5]]); y >= 1900 && y <= 2200 {
				emit(m[2], m[5], fmt.Sprintf("%04d-%02d", y, mon), 0.7, "")
			}
		}
	}
	x.stop.pass(len(t)) // stop.go
	for _, m := range findAllAt(reDateMDY, t) {
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

// reBareDateLabel: the text before a date is a bare date label ("Date:",
// "Date / التاريخ:", "التاريخ:"), in its cell.
var reBareDateLabel = regexp.MustCompile(`(?i)(?:^|\|)[\s*_]*(?:date|التاريخ)(?:\s*/\s*(?:date|التاريخ))?[\s*_]*[:：]?[\s*_]*$`)

func bareDateLabel(ctx string) bool {
	return reBareDateLabel.MatchString(ctx)
}

// reMaking: the words of a sentence that makes an agreement ("made",
// "entered into", "concluded", "تم الاتفاق", "أبرم", "حررت ... بين").
var reMaking = regexp.MustCompile(`(?i)\b(?:is|was)\s+(?:made|entered\s+into|concluded|signed|executed)\b|\b(?:made|entered\s+into|concluded)\s+(?:at|in)\b|تم\s+(?:الاتفاق|الإتفاق|إبرام|ابرام|التعاقد|التوقيع)|(?:^|\s)(?:أبرم|ابرم|أبرمت|ابرمت|حرر|حررت|تحرر|اتفق)(?:\s|$)|(?:^|\s)بين(?:\s|:|$)|\bbetween\b`)

// makingSentence: in a document titled as an agreement, the sentence
// around a date with no cue of its own makes the agreement.
func (x *extractor) makingSentence(t string, ms, me int) bool {
	if x.title != "agreement" {
		return false
	}
	s, e := ms, me
	if i := strings.LastIndexAny(t[:ms], ".;؛"); i >= 0 && !hasDigit(t[max(0, i-1):min(len(t), i+2)]) {
		s = i + 1
	} else {
		s = 0
	}
	if i := strings.IndexAny(t[me:], ".;؛"); i >= 0 {
		e = me + i
	} else {
		e = len(t)
	}
	return reMaking.MatchString(t[s:e])
}

// dateColumnCue is the date cue of the header of the column that holds
// the byte at of a table row (aligned on the right, as columnKey aligns
// money), but for a bare "Date" header.
func dateColumnCue(t string, at int, headerCells string) (cue, bool) {
	heads := strings.Split(headerCells, " | ")
	cells := strings.Count(t, " | ") + 1
	i := strings.Count(t[:at], " | ") + max(0, len(heads)-cells)
	if i >= len(heads) {
		return cue{}, false
	}
	c, ok := nearestCue(heads[i], dateCues)
	if !ok && dueColumn(heads[i], headerCells) { // date_wrapped_line.go
		return dateCueOf("due_date"), true
	}
	if !ok || c.key == "document_date" {
		return cue{}, false
	}
	return c, true
}

// topDateColumn: the date of a table among the document's first lines
// whose column is headed by a bare "Date" / "التاريخ" ("رقم أمر الشراء |
// التاريخ | مرجع عرض السعر" over the order's own number and date) is the
// document's date.
func topDateColumn(t string, at int, headerCells string) bool {
	heads := strings.Split(headerCells, " | ")
	cells := strings.Count(t, " | ") + 1
	i := strings.Count(t[:at], " | ") + max(0, len(heads)-cells)
	if i >= len(heads) {
		return false
	}
	c, ok := nearestCue(heads[i], dateCues)
	return ok && c.key == "document_date" && len(strings.Fields(heads[i])) <= 2 && reRefColumn.MatchString(headerCells)
}

// reRefColumn: a column of the document's own number or reference.
var reRefColumn = regexp.MustCompile(`(?i)\b(?:no\.?|number|ref(?:erence)?\.?)(?:\s|$|\|)|رقم|المرجع|مرجع`)
