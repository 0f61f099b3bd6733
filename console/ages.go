package console

import (
	"net/http"
	"strconv"
	"time"

	"dalil/dataset"
)

// sourceRow is one dataset source and how old its newest data is
// (dataset.SourceAges: what dalil_dataset_source_age_seconds reports).
type sourceRow struct {
	Source      string
	CurrentAsOf time.Time
	Age         string
	Synthetic   bool
}

// sourceAges lists im's sources with the age of their newest data at
// now; nil when they cannot be read (logged: the batches say more).
func (c *Console) sourceAges(r *http.Request, im dataset.Importer, now time.Time) []sourceRow {
	ages, err := dataset.SourceAges(r.Context(), im)
	if err != nil {
		c.o.Logger.Warn("console dataset ages", "dataset", im.Name(), "error", err.Error())
		return nil
	}
	var out []sourceRow
	for _, a := range ages {
		out = append(out, sourceRow{Source: a.Source, CurrentAsOf: a.CurrentAsOf, Age: age(now.Sub(a.CurrentAsOf)), Synthetic: a.Synthetic})
	}
	return out
}

// age is a duration in days, or hours under two days, or minutes under
// two hours.
func age(d time.Duration) string {
	switch d = max(d, 0); {
	case d >= 48*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + " days"
	case d >= 2*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + " hours"
	}
	return strconv.Itoa(int(d/time.Minute)) + " minutes"
}
