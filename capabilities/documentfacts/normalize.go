package documentfacts

import (
	"strconv"
	"strings"
	"time"
	"unicode"
)

// D is a digit in a pattern: ASCII, Arabic-Indic or Eastern Arabic-Indic.
const D = `[0-9\x{0660}-\x{0669}\x{06F0}-\x{06F9}]`

// asciiDigits rewrites Arabic-Indic digits and separators as ASCII
// (٫ decimal point, ٬ and ، thousands).
func asciiDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0x0660 && r <= 0x0669:
			return '0' + (r - 0x0660)
		case r >= 0x06F0 && r <= 0x06F9:
			return '0' + (r - 0x06F0)
		case r == 0x066B:
			return '.'
		case r == 0x066C:
			return ','
		}
		return r
	}, s)
}

// parseNumber reads a written number ("1,250.500", "1.250,50", "١٬٢٥٠٫٥",
// "48.000") and returns its value and the number of decimals written.
func parseNumber(s string) (float64, bool) {
	s = asciiDigits(strings.TrimSpace(s))
	s = strings.ReplaceAll(s, "،", ",")
	s = strings.ReplaceAll(s, " ", "")
	if s == "" {
		return 0, false
	}
	lastDot, lastComma := strings.LastIndex(s, "."), strings.LastIndex(s, ",")
	switch {
	case lastDot >= 0 && lastComma > lastDot:
		// 1.250,50: dots group thousands, the comma is the decimal point.
		s = strings.ReplaceAll(s, ".", "")
		s = strings.Replace(s, ",", ".", 1)
	case lastComma >= 0 && lastDot < 0 && len(s)-lastComma-1 != 3 && strings.Count(s, ",") == 1:
		// 12,5: a decimal comma.
		s = strings.Replace(s, ",", ".", 1)
	default:
		s = strings.ReplaceAll(s, ",", "")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return v, true
}

func formatNumber(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}

var monthNames = buildMonthNames()

func buildMonthNames() map[string]int {
	monthNames := map[string]int{}
	add := func(m int, names ...string) {
		for _, n := range names {
			monthNames[n] = m
		}
	}
	add(1, "january", "jan", "يناير", "كانون الثاني", "enero", "janvier")
	add(2, "february", "feb", "فبراير", "شباط", "febrero", "février", "fevrier")
	add(3, "march", "mar", "مارس", "آذار", "اذار", "marzo", "mars")
	add(4, "april", "apr", "أبريل", "ابريل", "إبريل", "نيسان", "abril", "avril")
	add(5, "may", "مايو", "أيار", "ايار", "mayo", "mai")
	add(6, "june", "jun", "يونيو", "يونيه", "حزيران", "junio", "juin")
	add(7, "july", "jul", "يوليو", "يوليه", "تموز", "julio", "juillet")
	add(8, "august", "aug", "أغسطس", "اغسطس", "آب", "agosto", "août", "aout")
	add(9, "september", "sep", "sept", "سبتمبر", "أيلول", "ايلول", "septiembre", "septembre")
	add(10, "october", "oct", "أكتوبر", "اكتوبر", "تشرين الأول", "octubre", "octobre")
	add(11, "november", "nov", "نوفمبر", "تشرين الثاني", "noviembre", "novembre")
	add(12, "december", "dec", "ديسمبر", "كانون الأول", "diciembre", "décembre", "decembre")
	return monthNames
}

// monthPattern is every month name, longest first, for the date patterns.
func monthPattern() string {
	names := make([]string, 0, len(monthNames))
	for n := range monthNames {
		names = append(names, n)
	}
	// longest first so "september" wins over "sep"
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && (len(names[j]) > len(names[j-1]) || len(names[j]) == len(names[j-1]) && names[j] < names[j-1]); j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
	return strings.Join(names, "|")
}

// validDate builds an ISO date, or "" when the day does not exist.
func validDate(y, m, d int) string {
	if y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1 || d > 31 {
		return ""
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || int(t.Month()) != m {
		return ""
	}
	return t.Format("2006-01-02")
}

func atoi(s string) int {
	n, _ := strconv.Atoi(asciiDigits(s))
	return n
}

// isoDuration writes n units as ISO 8601.
func isoDuration(n int, unit string) string {
	switch unit {
	case "day":
		return "P" + strconv.Itoa(n) + "D"
	case "week":
		return "P" + strconv.Itoa(n) + "W"
	case "month":
		return "P" + strconv.Itoa(n) + "M"
	case "year":
		return "P" + strconv.Itoa(n) + "Y"
	case "hour":
		return "PT" + strconv.Itoa(n) + "H"
	case "minute":
		return "PT" + strconv.Itoa(n) + "M"
	}
	return ""
}

// lowerASCII lower-cases for keyword search without touching offsets
// (only ASCII letters change, so byte lengths stay the same).
func lowerASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 {
			return unicode.ToLower(r)
		}
		return r
	}, s)
}
