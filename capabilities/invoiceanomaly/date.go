package invoiceanomaly

import (
	"errors"
	"strings"
	"time"
)

// day is a calendar date as a count of days since 1970-01-01 (UTC).
type day int64

var errBadDate = errors.New("is not a valid date")

// parseDay parses an ISO 8601 calendar date ("2026-02-28") or date-time,
// which is converted to its UTC date: RFC 3339 ("2026-09-20T23:30:00Z",
// "2026-09-21T01:30:00+02:00"), also without seconds, and a date-time
// without an offset, read as UTC. Surrounding spaces are ignored.
// Impossible dates such as 2026-02-30 (also inside a date-time), other
// formats (20/09/2026) and years outside 1900-2200 are errors; it never
// panics.
func parseDay(s string) (day, error) {
	s = strings.TrimSpace(s)
	if len(s) > 40 {
		return 0, errBadDate
	}
	if len(s) == 10 {
		return parseDateOnly(s)
	}
	if len(s) < 16 || s[10] != 'T' {
		return 0, errBadDate
	}
	if _, err := parseDateOnly(s[:10]); err != nil {
		return 0, err
	}
	var t time.Time
	var err error
	for _, layout := range dateTimeLayouts {
		if t, err = time.Parse(layout, s); err == nil {
			break
		}
	}
	if err != nil {
		return 0, errBadDate
	}
	t = t.UTC()
	if t.Year() < 1900 || t.Year() > 2200 {
		return 0, errors.New("has a year outside 1900-2200")
	}
	return dayOf(t), nil
}

// dateTimeLayouts are the ISO 8601 date-times accepted; the last two have
// no offset and are read as UTC.
var dateTimeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05.999999999", "2006-01-02T15:04"}

func dayOf(t time.Time) day {
	t = t.UTC()
	return day(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

func (d day) time() time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

// String formats the day as YYYY-MM-DD.
func (d day) String() string { return d.time().Format(time.DateOnly) }

func (d day) weekday() time.Weekday { return d.time().Weekday() }

// parseDateOnly is the fast path for YYYY-MM-DD: 1,000 history dates are
// parsed on every check.
func parseDateOnly(s string) (day, error) {
	if s[4] != '-' || s[7] != '-' {
		return 0, errBadDate
	}
	y, ok1 := digits(s[0:4])
	m, ok2 := digits(s[5:7])
	d, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 {
		return 0, errBadDate
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || t.Month() != time.Month(m) {
		return 0, errBadDate // 2026-02-30 rolls over into March
	}
	if y < 1900 || y > 2200 {
		return 0, errors.New("has a year outside 1900-2200")
	}
	return day(t.Unix() / 86400), nil
}

func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
