package sanctions

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Freshness is how old a list may be and still be used (issue 31). A
// list's age is measured from when it was last known to be its
// publisher's current version (List.CurrentAsOf: its download, or a later
// sync that found it unchanged), not from the publication date it states:
// the UN list may go weeks without a new version and still be current.
//
//   - Up to MaxAge a list is current.
//   - Past MaxAge it is stale: it is screened, and the answer carries a
//     stale_list warning naming it and its age.
//   - Past HardMaxAge it is expired: it is not screened at all, so "no
//     match" is never said from it (it counts as not checked), and an
//     answer with nothing else is not charged.
//
// A list whose age is unknown (no retrieval time) counts as expired.
type Freshness struct {
	// MaxAge is DALIL_SANCTIONS_MAX_AGE; zero is DefaultMaxAge.
	MaxAge time.Duration
	// HardMaxAge is DALIL_SANCTIONS_HARD_MAX_AGE; zero is
	// DefaultHardMaxAge.
	HardMaxAge time.Duration
}

// Defaults: the publishers change their lists several times a month
// (OFAC often several times a week), and the scheduled sync runs every
// six hours by default, so a list a week old means the sync has been
// failing for days; a month old is no longer a screen of the current
// lists at all.
const (
	DefaultMaxAge     = 7 * 24 * time.Hour
	DefaultHardMaxAge = 30 * 24 * time.Hour
)

// The freshness of a list in an answer (List.Freshness).
const (
	FreshCurrent = "current"
	FreshStale   = "stale"
	FreshExpired = "expired"
)

// WarningStaleList is the code that starts the warning an answer carries
// for each list past MaxAge ("stale_list: ofac_sdn is ...").
const WarningStaleList = "stale_list"

// Limits are f with its defaults applied.
func (f Freshness) Limits() (maxAge, hardMaxAge time.Duration) {
	maxAge, hardMaxAge = f.MaxAge, f.HardMaxAge
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	if hardMaxAge <= 0 {
		hardMaxAge = DefaultHardMaxAge
	}
	return maxAge, hardMaxAge
}

// Judge returns l as an answer shows it at now: its CurrentAsOf,
// AgeSeconds and Freshness set.
func (f Freshness) Judge(l List, now time.Time) List {
	maxAge, hard := f.Limits()
	l.CurrentAsOf = l.RetrievedAt
	if l.CheckedAt.After(l.CurrentAsOf) {
		l.CurrentAsOf = l.CheckedAt
	}
	if l.CurrentAsOf.IsZero() {
		l.AgeSeconds, l.Freshness = 0, FreshExpired
		return l
	}
	age := max(now.Sub(l.CurrentAsOf), 0) // a clock behind the import's is no age
	l.AgeSeconds = int64(age / time.Second)
	switch {
	case age > hard:
		l.Freshness = FreshExpired
	case age > maxAge:
		l.Freshness = FreshStale
	default:
		l.Freshness = FreshCurrent
	}
	return l
}

// Warning is the stale_list warning for a judged list, "" for a current
// one.
func (f Freshness) Warning(l List) string {
	maxAge, hard := f.Limits()
	var asOf string
	if l.CurrentAsOf.IsZero() {
		asOf = "its retrieval time is unknown"
	} else {
		asOf = "last known current " + l.CurrentAsOf.UTC().Format(time.RFC3339)
		if l.Published != "" {
			asOf += ", published " + l.Published
		}
	}
	age := FormatAge(time.Duration(l.AgeSeconds) * time.Second)
	switch l.Freshness {
	case FreshStale:
		return fmt.Sprintf("%s: %s is %s old (%s), past the %s a list stays current (DALIL_SANCTIONS_MAX_AGE): it was screened, but names listed since are not on it; the operator should sync it (dalil sanctions sync).",
			WarningStaleList, l.Name, age, asOf, FormatAge(maxAge))
	case FreshExpired:
		if l.CurrentAsOf.IsZero() {
			return fmt.Sprintf("%s: %s was not screened: %s, so its age cannot be told; it counts as not checked.", WarningStaleList, l.Name, asOf)
		}
		return fmt.Sprintf("%s: %s is %s old (%s), past the %s limit (DALIL_SANCTIONS_HARD_MAX_AGE): it was not screened and counts as not checked; the operator must sync or import it again.",
			WarningStaleList, l.Name, age, asOf, FormatAge(hard))
	}
	return ""
}

// FormatAge is an age as answers write it: "9d 4h", "5h 12m", "40s".
func FormatAge(d time.Duration) string {
	d = max(d, 0)
	days, rest := d/(24*time.Hour), d%(24*time.Hour)
	switch {
	case days > 0 && rest/time.Hour > 0:
		return fmt.Sprintf("%dd %dh", days, rest/time.Hour)
	case days > 0:
		return fmt.Sprintf("%dd", days)
	case d >= time.Hour:
		return fmt.Sprintf("%dh %dm", d/time.Hour, (d%time.Hour)/time.Minute)
	case d >= time.Minute:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return fmt.Sprintf("%ds", d/time.Second)
}

// ParseAge reads an age limit: a whole number of days ("7d") or a Go
// duration ("168h", "90m"); it must be positive.
func ParseAge(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days <= 0 || days > 100*365 {
			return 0, fmt.Errorf("%q is not a number of days such as 7d", s)
		}
		return time.Duration(days) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is neither a number of days (7d) nor a duration (168h)", s)
	}
	if d <= 0 {
		return 0, fmt.Errorf("%q is not positive", s)
	}
	return d, nil
}

// Check reports a policy whose hard limit is below its warning limit.
func (f Freshness) Check() error {
	maxAge, hard := f.Limits()
	if hard < maxAge {
		return fmt.Errorf("the hard limit %s (DALIL_SANCTIONS_HARD_MAX_AGE) is below the warning limit %s (DALIL_SANCTIONS_MAX_AGE)", FormatAge(hard), FormatAge(maxAge))
	}
	return nil
}
