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
		t, err = time.Parse(time.DateOnly, s)
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
