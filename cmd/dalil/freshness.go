package main

import (
	"time"

	"dalil/capabilities/sanctions"
)

// How old a sanctions list may be in an answer (issue 31, docs/sanctions.md):
// past DALIL_SANCTIONS_MAX_AGE an answer carries a stale_list warning;
// past DALIL_SANCTIONS_HARD_MAX_AGE the list is not screened at all.
const (
	envSanctionsMaxAge     = "DALIL_SANCTIONS_MAX_AGE"
	envSanctionsHardMaxAge = "DALIL_SANCTIONS_HARD_MAX_AGE"
)

// SanctionsAge are the age limits of the sanctions lists.
type SanctionsAge struct {
	// MaxAge: past it, a stale_list warning (default 7 days).
	MaxAge time.Duration `json:"maxAge"`
	// HardMaxAge: past it, the list is not used (default 30 days).
	HardMaxAge time.Duration `json:"hardMaxAge"`
}

// Freshness is the engine's policy.
func (a SanctionsAge) Freshness() sanctions.Freshness {
	return sanctions.Freshness{MaxAge: a.MaxAge, HardMaxAge: a.HardMaxAge}
}

// sanctionsAge reads the age limits: a number of days ("7d") or a Go
// duration ("168h"); the hard limit may not be below the other.
func (l *loader) sanctionsAge() SanctionsAge {
	a := SanctionsAge{MaxAge: sanctions.DefaultMaxAge, HardMaxAge: sanctions.DefaultHardMaxAge}
	read := func(env string, into *time.Duration) {
		if v := l.str(env); v != "" {
			d, err := sanctions.ParseAge(v)
			if err != nil {
				l.fail(env, "must be a number of days such as 7d or a duration such as 168h: %v", err)
				return
			}
			*into = d
		}
	}
	read(envSanctionsMaxAge, &a.MaxAge)
	read(envSanctionsHardMaxAge, &a.HardMaxAge)
	if err := a.Freshness().Check(); err != nil {
		l.fail(envSanctionsHardMaxAge, "%v", err)
	}
	return a
}
