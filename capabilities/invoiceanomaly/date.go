package invoiceanomaly

import (
	"errors"
	"time"
)

// day is a calendar date as a count of days since 1970-01-01 (UTC).
type day int64

var errBadDate = errors.New("is not a valid date (want YYYY-MM-DD or an RFC 3339 date-time)")

// parseDay parses an ISO 8601 calendar date ("2026-02-28") or an RFC 3339
// date-time, which is converted to its UTC date. Impossible dates such as
// 2026-02-30 and years outside 1900-2200 are errors; it never panics.
func parseDay(s string) (day, error) {
	if len(s) > 40 {
		return 0, errBadDate
	}
	var t time.Time
	var err error
	if len(s) == 10 {
		return parseDateOnly(s)
	} else {
		t, err = time.Parse(time.RFC3339Nano, s)
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
