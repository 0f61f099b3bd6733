package documentfacts

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sums of periods ("one year and six months", "سنة وستة أشهر") and the
// Arabic bare singular unit ("خلال عام", "لمدة سنة": one of it).
//
// A period or a duration followed by "and" (Arabic و) and a quantity of
// a smaller unit is one period: years and months add up in months (P18M),
// weeks and days in days, days and hours in hours; any other mix is
// written with each unit (P1M15D, P1Y15D, weeks as days). The parts
// found alone give nothing then ("سنة وثلاثة أشهر" was no fact at all,
// "one year and six months" two).

// durPart is one quantity and its unit (day, week, month, year, hour).
type durPart struct {
	n    int
	unit string
}

// unitRank orders the units, largest last.
var unitRank = map[string]int{"minute": 0, "hour": 1, "day": 2, "week": 3, "month": 4, "year": 5}

// sumISO is the ISO 8601 duration of the parts together.
func sumISO(parts []durPart) string {
	if len(parts) == 1 {
		return isoDuration(parts[0].n, parts[0].unit)
	}
	var y, mo, w, d, h int
	for _, p := range parts {
		switch p.unit {
		case "year":
			y += p.n
		case "month":
			mo += p.n
		case "week":
			w += p.n
		case "day":
			d += p.n
		case "hour":
			h += p.n
		}
	}
	switch {
	case w+d+h == 0:
		return isoDuration(12*y+mo, "month")
	case y+mo+h == 0:
		return isoDuration(7*w+d, "day")
	case y+mo+w == 0:
		return isoDuration(24*d+h, "hour")
	}
	var b strings.Builder
	b.WriteByte('P')
	for _, f := range []struct {
		n int
		u byte
	}{{y, 'Y'}, {mo, 'M'}, {7*w + d, 'D'}} {
		if f.n > 0 {
			b.WriteString(strconv.Itoa(f.n))
			b.WriteByte(f.u)
		}
	}
	if h > 0 {
		b.WriteString("T" + strconv.Itoa(h) + "H")
	}
	return b.String()
}

var (
	// reAndEN: the second part of an English sum, right after the first
	// ("one year| and six (6) months").
	reAndEN = regexp.MustCompile(`(?i)^,?\s+and\s+` + enQty + enUnit + `\b`)
	// reAndAR: the second part of an Arabic sum ("سنة| وستة أشهر",
	// "سنتان| و ٦ أشهر", "سنة| وشهران"): arQty or a nominative dual.
	reAndAR = regexp.MustCompile(`^\s*و\s*(?:(ساعتان|يومان|أسبوعان|شهران|سنتان|عامان)|` + arQty + `)`)
	// reNoticeAfter: "and 30 days' notice" is a notice of its own, no
	// part of the period before it.
	reNoticeAfter = regexp.MustCompile(`(?i)^['’]?s?['’]?\s+(?:prior\s+)?(?:written\s+)?(?:notice|notification)\b`)
)

// andPart reads the second part of a sum at the start of after, when
// its unit is smaller than last's: the part and its length in bytes.
func andPart(after string, last durPart) (durPart, int, bool) {
	var p durPart
	n := 0
	near := head(after, 200) // a second part is short; a long block costs in proportion to its length
	if m := reAndEN.FindStringSubmatchIndex(near); m != nil {
		if gluedUnit(after[:m[8]]) || reNoticeAfter.MatchString(after[m[1]:]) {
			return p, 0, false // "and a 30-day notice", "and 30 days' notice"
		}
		p.n, p.unit = enQtyUnit(after, m, 2)
		n = m[1]
	} else if hasArabicPrefix(after) {
		if m := reAndAR.FindStringSubmatchIndex(near); m != nil {
			if m[2] >= 0 {
				d := arDuals[after[m[2]:m[3]]]
				p.n, p.unit = d[0].(int), d[1].(string)
			} else {
				p.n, p.unit = arQtyUnit(after, m, 4)
			}
			n = m[1]
			if arLetterAfter(after[n:]) {
				return p, 0, false
			}
		}
	}
	if n == 0 || p.n <= 0 || unitRank[p.unit] == 0 || unitRank[p.unit] >= unitRank[last.unit] {
		return p, 0, false
	}
	return p, n, true
}

// hasArabicPrefix: the text starts, after spaces, with the conjunction و
// (the only way an Arabic sum continues).
func hasArabicPrefix(s string) bool {
	return strings.HasPrefix(strings.TrimLeft(s, asciiSpace), "و")
}

// sumAfter extends a period ending at e in t with the parts that follow
// it ("within one year| and six months of signature"); it returns the
// period and its new end, or first's period and e when nothing follows.
func sumAfter(t string, e int, first durPart) (string, int) {
	parts := []durPart{first}
	for {
		ps, n, veto := nextParts(t[e:], parts[len(parts)-1])
		if veto {
			return "", e + n // "within two months and a half": no period
		}
		if len(ps) == 0 {
			break
		}
		parts = append(parts, ps...)
		e += n
	}
	return sumISO(parts), e
}

// arBareUnits are the Arabic singular units that stand for one of
// themselves ("خلال عام": within a year).
var arBareUnits = map[string]string{"سنة": "year", "عام": "year", "شهر": "month", "أسبوع": "week", "اسبوع": "week", "يوم": "day", "ساعة": "hour"}

// arBare is a bare singular unit, with واحد/واحدة after it or not.
const arBare = `(سنة|عام|شهر|أسبوع|اسبوع|يوم|ساعة)(?:\s+(?:واحدة|واحد))?`

// reBareUnitAR finds a bare unit for durations.
var reBareUnitAR = regexp.MustCompile(arBare)

// arBareStands says whether a bare unit (its text before and after) is a
// period of one: it starts a word, no word before it makes it a point in
// time or a frequency ("كل شهر", "أول يوم", "نفس اليوم"), and what follows
// it is the end of the clause or a word that goes with a period (من,
// اعتباراً, بعد, قبل, أخرى, ميلادية, و + a number ...), not a name or a
// number ("شهر مارس", "سنة 2026", "يوم الأحد", "سنة مالية", "شهر ونصف").
func arBareStands(before, after string) bool {
	if r, _ := utf8.DecodeLastRuneInString(before); unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
		return false
	}
	// Only the words next to it count: a long block costs in proportion
	// to its length.
	before, after = tail(before, 32), head(after, 48)
	prev := strings.Fields(before)
	if len(prev) > 0 {
		switch prev[len(prev)-1] {
		case "كل", "أول", "اول", "آخر", "اخر", "نفس", "ذات", "هذا", "هذه", "ذلك", "تلك", "أي", "اي", "من", "في",
			"نصف", "ربع", "ثلث": // "نصف سنة" is no year (fracSpans reads it)
			return false
		}
	}
	r, size := utf8.DecodeRuneInString(after)
	switch {
	case size == 0 || strings.ContainsRune(".,،؛;:()[]", r):
		return true
	case !isSpaceByte(after[0]):
		return false
	}
	words := strings.Fields(after)
	next := words[0]
	if next == "و" && len(words) > 1 {
		next += words[1] // "سنة و نصف"
	}
	next = strings.TrimRight(next, ".,،؛;:()")
	if next == "(1" || next == "(١" {
		return true // "خلال ساعة واحدة (١)": the digit of one after it (key_bare_currency_rows.go)
	}
	switch next {
	case "من", "اعتبارا", "اعتباراً", "ابتداء", "ابتداءً", "بعد", "قبل", "على", "كامل", "كاملة", "ميلادي", "ميلادية", "فقط",
		"أخرى", "اخرى", "إضافية", "اضافية", "إضافي", "اضافي", "تبدأ", "يبدأ", "تسري", "يسري", "تقويمية", "تقويمي":
		return true
	}
	if w, ok := strings.CutPrefix(next, "و"); ok {
		switch w {
		case "ربع", "ثلث", "نيف":
			return false // "شهر وربع" is no month
		case "نصف":
			return true // "سنة ونصف": the sum reads the half (a month's drops it)
		}
		return true
	}
	return false
}

// head is the first n bytes of s, to a rune boundary.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Fractions and three-part sums.
//
// A half is read only where the unit below gives it exactly: half a year
// is six months, half a day twelve hours ("one and a half years": P18M,
// "a day and a half": PT36H, "سنة ونصف": P18M, "نصف يوم": PT12H). Half a
// month, a week or an hour is no whole number of the unit below (a
// month is not 30 days), so a duration with one gives nothing rather
// than a wrong smaller period ("two months and a half" was P2M, "نصف
// سنة" P1Y, "1.5 years" P5Y).

var (
	// reHalfAfter: "and a half" / "ونصف" right after a part.
	reHalfAfterEN = regexp.MustCompile(`(?i)^,?\s+and\s+a\s+half\b`)
	reHalfAfterAR = regexp.MustCompile(`^\s*و\s*نصف`)
	// reCommaEN: the middle part of "two years, six months and ten days".
	reCommaEN = regexp.MustCompile(`(?i)^,\s+` + enQty + enUnit + `\b`)
	// reFracEN: a half standing before its unit or glued to a number:
	// "one (1) and a half years", "2 and a half years", "half a year",
	// "a year and a half" (the article is no number elsewhere), "1.5
	// years", "١٫٥ سنة" (groups: number words, digits, unit; unit of the half
	// forms; integer and decimal digits, unit).
	reFracEN = regexp.MustCompile(`(?i)(?:\b(` + enNumWords + `)?(?:\(\s*(` + D + `{1,3})\s*\)|(` + D + `{1,3}))?\s*and\s+a\s+half[\s-]+` + enUnit + `\b` +
		`|\bhalf\s+an?\s+(hour|day|week|month|year)\b|\ban?\s+(hour|day|week|month|year)\s+and\s+a\s+half\b` +
		`|(?:^|[^\p{N}.,٫])(` + D + `{1,3})[.٫](` + D + `+)[\s-]*(?:calendar\s+|business\s+|working\s+)?(hours?|days?|weeks?|months?|years?|` +
		`ساعات|ساعة|أيام|ايام|يوماً|يوما|يوم|أسابيع|أسبوع|أشهر|اشهر|شهور|شهراً|شهرا|شهر|سنوات|سنة|أعوام|عاماً|عاما|عام))`)
	// reFracAR: "نصف سنة", "نصف عام", "نصف شهر" (a half before a bare unit).
	reFracAR = regexp.MustCompile(`(?:^|[^\p{L}\p{Mn}])(نصف)\s+(سنة|عام|شهر|أسبوع|اسبوع|يوم|ساعة)`)
)

// halfOf is half of one unit in the unit below, ok false when it is no
// whole number of it.
func halfOf(unit string) (durPart, bool) {
	switch unit {
	case "year":
		return durPart{6, "month"}, true
	case "day":
		return durPart{12, "hour"}, true
	}
	return durPart{}, false
}

// nextParts reads what continues a sum at the start of after: a part
// after "and"/و; a part after a comma followed by a part after "and"
// ("two years|, six months and ten days"); or a half ("one year| and a
// half"). veto says the duration has a half that is no whole number of
// the unit below and gives nothing.
func nextParts(after string, last durPart) (parts []durPart, n int, veto bool) {
	if p, k, ok := andPart(after, last); ok {
		return []durPart{p}, k, false
	}
	near := head(after, 200)
	if m := reCommaEN.FindStringSubmatchIndex(near); m != nil && !gluedUnit(after[:m[8]]) {
		if p, u := enQtyUnit(after, m, 2); p > 0 && unitRank[u] > 0 && unitRank[u] < unitRank[last.unit] {
			mid := durPart{p, u}
			if q, k, ok := andPart(after[m[1]:], mid); ok {
				return []durPart{mid, q}, m[1] + k, false
			}
		}
	}
	m := reHalfAfterEN.FindStringIndex(near)
	if m == nil && hasArabicPrefix(after) {
		if m = reHalfAfterAR.FindStringIndex(near); m != nil && arLetterAfter(after[m[1]:]) {
			m = nil // "ونصفه"
		}
	}
	if m == nil {
		return nil, 0, false
	}
	h, ok := halfOf(last.unit)
	if !ok {
		return nil, m[1], true
	}
	return []durPart{h}, m[1], false
}

// fracSpan is a duration written with a half before its unit or as a
// decimal: its parts, or none when the half is not exact.
type fracSpan struct {
	s, e  int
	parts []durPart
}

// fracSpans finds the fractions of a block (reFracEN, reFracAR).
func fracSpans(t string) []fracSpan {
	var out []fracSpan
	half := func(s, e, n int, unit string, decimal string) {
		f := fracSpan{s: s, e: e}
		h, ok := halfOf(unit)
		switch {
		case decimal != "" && strings.TrimRight(asciiDigits(decimal), "0") != "5":
			ok = false // 1.25 years: not read
		case n < 0:
			ok = false
		}
		if ok {
			if n > 0 {
				f.parts = append(f.parts, durPart{n, unit})
			}
			f.parts = append(f.parts, h)
		}
		out = append(out, f)
	}
	if strings.Contains(t, "half") || strings.Contains(t, "Half") || strings.Contains(t, "HALF") || hasDecimal(t) {
		for _, m := range findAll(reFracEN, t) { // prefilter.go
			switch {
			case m[8] >= 0: // N and a half UNIT
				n := 0
				switch {
				case m[4] >= 0:
					n = atoi(t[m[4]:m[5]])
				case m[6] >= 0:
					n = atoi(t[m[6]:m[7]])
				case m[2] >= 0:
					var ok bool
					if n, _, ok = parseENQty(t[m[2]:m[3]]); !ok {
						n = -1
					}
				default:
					continue // "and a half years" with no number
				}
				if n == 0 {
					n = -1
				}
				half(m[0], m[1], n, durationUnit(t[m[8]:m[9]]), "")
			case m[10] >= 0: // half a UNIT
				half(m[0], m[1], 0, durationUnit(t[m[10]:m[11]]), "")
			case m[12] >= 0: // a UNIT and a half
				half(m[0], m[1], 1, durationUnit(t[m[12]:m[13]]), "")
			case m[14] >= 0: // N.d UNIT ("1.5 years", "١٫٥ سنة")
				if r, _ := utf8.DecodeRuneInString(t[m[1]:]); unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
					continue // "1.5 dayshift"
				}
				half(m[14], m[1], atoi(t[m[14]:m[15]]), durationUnit(t[m[18]:m[19]]), t[m[16]:m[17]])
			}
		}
	}
	if strings.Contains(t, "نصف") {
		for _, m := range reFracAR.FindAllStringSubmatchIndex(t, -1) {
			if arLetterAfter(t[m[1]:]) {
				continue // "نصف سنوية"
			}
			half(m[2], m[1], 0, arBareUnits[t[m[4]:m[5]]], "")
		}
	}
	return out
}

// hasDecimal says whether t has a digit, a decimal point and a digit
// ("1.5"): the cheap test before reFracEN's decimals.
func hasDecimal(t string) bool {
	for i := 1; i+1 < len(t); i++ {
		if (t[i] == '.' || t[i] == 0xd9 && t[i+1] == 0xab) && isDigitByteBefore(t[:i]) {
			return true
		}
	}
	return false
}

// isDigitByteBefore: s ends with a digit (ASCII or Arabic-Indic).
func isDigitByteBefore(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r >= '0' && r <= '9' || r >= 0x660 && r <= 0x669 || r >= 0x6f0 && r <= 0x6f9
}
