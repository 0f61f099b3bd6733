// Package marketdata holds the market-data clients of
// vehicle_value_estimate, each implementing the capability's ports
// (vehiclevalue.Source, vehiclevalue.Predictor) in its vendor's
// documented wire format, on the shared call mechanics of provider/client
// (timeout, retries with backoff honouring Retry-After, TTL cache, typed
// errors with secrets redacted):
//
//   - MarketCheck (US and Canada): the used-car active listings search
//     (GET /v2/search/car/active) and MarketCheck Price
//     (GET /v2/predict/car/us/marketcheck_price).
//   - A partner feed over https in Dalil's documented JSON format
//     (docs/vehicle-value.md), fetched through internal/safehttp.
//
// A client without its settings is nil (off) and makes no call.
package marketdata

import (
	"strings"
	"time"

	"dalil/capabilities/vehiclevalue"
)

// DefaultTTL is how long a search answer is reused (the reference
// service's 6 hours: listings change daily).
const DefaultTTL = 6 * time.Hour

// DefaultTimeout bounds one provider attempt (the reference service's 4 s).
const DefaultTimeout = 4 * time.Second

// mileKm is one mile in kilometres.
const mileKm = 1.609344

func ttl(v, def time.Duration) time.Duration {
	switch {
	case v < 0:
		return 0
	case v == 0:
		return def
	}
	return v
}

// day reads a date or an RFC 3339 time as its UTC day; zero when neither.
func day(s string) time.Time {
	s = strings.TrimSpace(s)
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return d
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		u := t.UTC()
		return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, time.UTC)
	}
	return time.Time{}
}

// sameModel reports whether a listing is of the query's make and model
// (aliases resolved) within its years.
func sameModel(q vehiclevalue.Query, l vehiclevalue.Listing) bool {
	return vehiclevalue.Key(l.Make) == q.Make.Key && vehiclevalue.Key(l.Model) == q.Model.Key && l.Year >= q.YearMin && l.Year <= q.YearMax
}
