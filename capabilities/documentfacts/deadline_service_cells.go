package documentfacts

import (
	"regexp"
	"strings"
)

// Round 24 of deadlines (issue 29, session 24; table tests in
// deadline_service_cells_test.go):
//
//   - SL: a service-level table's cells under a time column (response,
//     repair, resolution, workaround; زمن الاستجابة، زمن الإصلاح) are
//     deadlines also when written with Arabic units and duals ("45
//     دقيقة", "ساعتان", "36 ساعة"), with words and the digits in brackets
//     ("ثماني (8) ساعات", "أربع وعشرون (24) ساعة"), or in business days
//     ("3 business days"): serviceLevelCells (deadlines.go) reads the
//     cells its English digits pattern leaves, here.

// timeColumn widens reTimeColumn: a workaround column.
const timeColumn = `|\bwork-?arounds?\b|\btemporary\s+fix\b`

// cellPeriod is the ISO period a service table's cell holds alone, or
// "".
func cellPeriod(cell string) string {
	c := strings.TrimSpace(strings.Trim(cell, " *_"))
	if m := reCellDigitsAR.FindStringSubmatch(c); m != nil {
		return isoDuration(atoi(m[1]), durationUnit(m[2]))
	}
	if m := reCellBracket.FindStringSubmatch(c); m != nil {
		if u := durationUnit(m[2]); u != "" {
			return isoDuration(atoi(m[1]), u)
		}
		return isoDuration(atoi(m[1]), cellUnitEN(m[2]))
	}
	if m := reCellDualAR.FindStringSubmatch(c); m != nil {
		return isoDuration(2, durationUnit(m[1]))
	}
	if m := reCellBusiness.FindStringSubmatch(c); m != nil {
		return isoDuration(atoi(m[1]), "day")
	}
	return ""
}

// cellUnitEN: an English unit word's unit ("hrs" hour).
func cellUnitEN(u string) string {
	u = strings.ToLower(u)
	switch {
	case strings.HasPrefix(u, "min"):
		return "minute"
	case strings.HasPrefix(u, "h"):
		return "hour"
	}
	return durationUnit(u)
}

const unitsAR = `دقيقة|دقائق|ساعة|ساعات|يوماً|يومًا|يوما|يوم|أيام|ايام|أسبوع|أسابيع`

var (
	reCellDigitsAR = regexp.MustCompile(`^(?:خلال\s+)?(` + D + `{1,3})\s*(` + unitsAR + `)(?:\s+(?:عمل|تقويمية|تقويمي))?$`)
	reCellBracket  = regexp.MustCompile(`(?i)^(?:within\s+|خلال\s+)?[\p{L}\s-]{2,40}\(\s*(` + D + `{1,3})\s*\)\s*(` + unitsAR + `|minutes?|mins?|hours?|hrs?|days?|weeks?)(?:\s+(?:عمل|working|business|calendar))?$|^(?:خلال\s+)?(?:` + unitsAR + `)\s*\(\s*(` + D + `{1,3})\s*\)$`)
	reCellDualAR   = regexp.MustCompile(`^(?:خلال\s+)?(ساعتان|ساعتين|يومان|يومين|أسبوعان|أسبوعين)(?:\s+(?:عمل))?$`)
	reCellBusiness = regexp.MustCompile(`(?i)^(?:within\s+)?(\d{1,3})\s+(?:business|working|calendar)\s+days?$`)
)

// serviceCell adds the deadline of a service table's cell at text
// offset at that reCellPeriod does not read (SL), unless a deadline
// covers it already.
func (x *clauseExtractor) serviceCell(cell string, at int, add func(d Deadline, s, e, si int)) {
	iso := cellPeriod(cell)
	if iso == "" {
		return
	}
	s, e := at+len(cell)-len(strings.TrimLeft(cell, " ")), at+len(strings.TrimRight(cell, " "))
	for _, d := range x.dls {
		if d.start < e && s < d.end {
			return
		}
	}
	add(Deadline{Key: "deadline", Label: "Deadline", Value: x.a.text[s:e], Period: iso, Method: "pattern", Confidence: 0.75}, s, e, x.sentenceAt(s))
}

// IN: a sentence that states an intention or an expectation before the
// deadline's words ("The parties intend to sign the definitive purchase
// contract by", "The Company expects to announce the shortlist by",
// يعتزم الطرفان توقيع العقد النهائي في موعد أقصاه) binds no one: it gives
// no deadline, unless a clause that binds stands between ("..., and the
// Seller shall furnish a bond within").

// intentOnly: before, a sentence up to a deadline's words, is such an
// intention.
func intentOnly(before string) bool {
	m := reIntent.FindStringIndex(before)
	return m != nil && !reDutyAfter.MatchString(before[m[1]:])
}

var (
	reIntent    = regexp.MustCompile(`(?i)\b(?:intends?|intended|intention|expects?|expected|anticipates?|plans?|hopes?)\s+to\b|\bit\s+is\s+(?:intended|expected|anticipated|planned)\b|(?:^|\s)(?:يعتزم|تعتزم|ينوي|تنوي|يتوقع|تتوقع|يأمل|تأمل)\s|(?:^|\s)(?:نية|بنية)\s+(?:ال)?طرفين`)
	reDutyAfter = regexp.MustCompile(`(?i)\b(?:shall|must|undertakes?|agrees?\s+to|is\s+required|are\s+required|will\s+be\s+required)\b|يلتزم|تلتزم|يتعهد|تتعهد|يجب|على\s+(?:المورد|المشتري|البائع|المقاول|الطرف)`)
)
