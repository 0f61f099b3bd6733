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
var unitRank = map[string]int{"hour": 1, "day": 2, "week": 3, "month": 4, "year": 5}

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
		p, n, ok := andPart(t[e:], parts[len(parts)-1])
		if !ok {
			break
		}
		parts = append(parts, p)
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
		case "كل", "أول", "اول", "آخر", "اخر", "نفس", "ذات", "هذا", "هذه", "ذلك", "تلك", "أي", "اي", "من", "في":
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
	switch next {
	case "من", "اعتبارا", "اعتباراً", "ابتداء", "ابتداءً", "بعد", "قبل", "على", "كامل", "كاملة", "ميلادي", "ميلادية", "فقط",
		"أخرى", "اخرى", "إضافية", "اضافية", "إضافي", "اضافي", "تبدأ", "يبدأ", "تسري", "يسري", "تقويمية", "تقويمي":
		return true
	}
	if w, ok := strings.CutPrefix(next, "و"); ok {
		switch w {
		case "نصف", "ربع", "ثلث", "نيف":
			return false // "شهر ونصف" is no month
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
