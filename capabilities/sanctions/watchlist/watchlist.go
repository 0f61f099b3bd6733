// Package watchlist is the sanctions watchlist (issue 31): an account
// registers names to watch (sanctions_watch, priced per name per month,
// account rails only), and after each update of the sanctions lists every
// watched name is screened again with the engine (capabilities/sanctions,
// at its default threshold). A listed entry that matches a watched name
// for the first time (by list and entry id) is an alert: listed at GET
// /api/v1/sanctions/alerts and delivered once to the watch's webhook,
// signed with HMAC-SHA256 (internal/webhook, the voice callbacks' code),
// retried with backoff, the delivery recorded so a restart does not send
// it again.
//
// Its port is Store (sanctionssql implements it); cmd/dalil runs the
// Monitor's loop (Run) in `dalil serve`.
package watchlist

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/capabilities/sanctions"
)

// Watch statuses.
const (
	// StatusPending: registered, its charge not yet seen committed.
	StatusPending = "pending"
	// StatusActive: paid, monitored until paidThrough.
	StatusActive = "active"
	// StatusUnpaid: the registration's charge never committed; never
	// monitored.
	StatusUnpaid = "unpaid"
	// StatusExpired: the paid month ended.
	StatusExpired = "expired"
	// StatusDeleted: deleted by the account.
	StatusDeleted = "deleted"
)

// Delivery states of an alert.
const (
	DeliveryNone      = "none" // no webhook URL
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// Watch is one watched name.
type Watch struct {
	ID                 string    `json:"id"`
	AccountID          string    `json:"-"`
	RequestID          string    `json:"-"`
	Name               string    `json:"name"`
	Country            string    `json:"country,omitempty"`
	DateOfBirth        string    `json:"dateOfBirth,omitempty"`
	RegistrationNumber string    `json:"registrationNumber,omitempty"`
	EntityType         string    `json:"entityType,omitempty"`
	WebhookURL         string    `json:"webhookUrl,omitempty"`
	Status             string    `json:"status" jsonschema:"pending (the registration's charge not yet confirmed), active, unpaid, expired or deleted"`
	CreatedAt          time.Time `json:"createdAt"`
	PaidThrough        time.Time `json:"paidThrough" jsonschema:"monitored until then (one month from registration)"`
	DeletedAt          time.Time `json:"deletedAt,omitzero"`
}

// Query is the watch as screened.
func (w Watch) Query() sanctions.Query {
	return sanctions.Query{Names: []string{w.Name}, Country: w.Country, DateOfBirth: w.DateOfBirth, RegistrationNumber: w.RegistrationNumber,
		EntityType: w.EntityType}
}

// Alert is a listed entry found to match a watched name after a list
// update.
type Alert struct {
	ID        string `json:"id"`
	WatchID   string `json:"watchId"`
	AccountID string `json:"-"`
	// WatchedName is the name the account registered.
	WatchedName string `json:"watchedName"`
	List        string `json:"list"`
	EntityID    string `json:"entityId"`
	// ListsVersion names the lists' current batches screened.
	ListsVersion string          `json:"listsVersion"`
	Match        sanctions.Match `json:"match"`
	CreatedAt    time.Time       `json:"createdAt"`
	// Delivery is the webhook delivery: none (no webhookUrl), pending,
	// delivered or failed (given up, or the URL refused).
	Delivery    string    `json:"delivery"`
	Attempts    int       `json:"deliveryAttempts"`
	DeliveredAt time.Time `json:"deliveredAt,omitzero"`
	LastError   string    `json:"lastDeliveryError,omitempty"`
	// baseline: known when the name was registered (no alert).
	Baseline bool `json:"-"`
	// WebhookURL is the watch's, for the delivery.
	WebhookURL string `json:"-"`
}

// Store keeps the watches and their alerts (sanctionssql).
type Store interface {
	// AddWatch records w with the matches known at registration
	// (baseline rows: never alerted).
	AddWatch(ctx context.Context, w Watch, baseline []Alert) error
	// Watches lists accountID's watches, newest first (deleted ones
	// included).
	Watches(ctx context.Context, accountID string) ([]Watch, error)
	// DeleteWatch marks accountID's watch id deleted; dalil.ErrNotFound
	// when it has none such (or it was deleted).
	DeleteWatch(ctx context.Context, accountID, id string, now time.Time) (Watch, error)
	// Alerts lists accountID's alerts (no baseline rows), newest first,
	// at most limit.
	Alerts(ctx context.Context, accountID string, limit int) ([]Alert, error)
	// Monitored lists the watches to screen or confirm: pending and
	// active ones not deleted.
	Monitored(ctx context.Context) ([]Watch, error)
	// SetStatus sets watch id's status.
	SetStatus(ctx context.Context, id, status string) error
	// AddAlert records a, unless its watch already has a row for the same
	// list and entry: it reports whether a was added.
	AddAlert(ctx context.Context, a Alert) (bool, error)
	// ScreenedVersion is the lists' version the watches were last
	// screened against; SetScreenedVersion records it.
	ScreenedVersion(ctx context.Context) (string, error)
	SetScreenedVersion(ctx context.Context, v string) error
	// ClaimDue leases up to n alerts whose delivery is pending and due at
	// now, for lease; an alert leased by another process is skipped.
	ClaimDue(ctx context.Context, now time.Time, lease time.Duration, n int) ([]Alert, error)
	// RecordDelivery records an attempt's outcome: state, attempts, the
	// next attempt's time (pending), the error, the delivery time.
	RecordDelivery(ctx context.Context, id, state string, attempts int, next, deliveredAt time.Time, lastErr string) error
}

// Charges tells whether a registration's charge committed (the core
// store's PaidFor).
type Charges interface {
	PaidFor(ctx context.Context, accountID, requestID string, since time.Time) (bool, error)
}

// Version names the lists an engine screens: their current batches.
func Version(ls []sanctions.List) string {
	ids := make([]string, 0, len(ls))
	for _, l := range ls {
		ids = append(ids, l.Batch)
	}
	slices.Sort(ids)
	return strings.Join(ids, ",")
}

// Secret is watch id's webhook signing secret, derived from the
// operator's signing key: given once, in the registration's answer.
func Secret(key []byte, watchID string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("sanctions-watch:" + watchID))
	return "whsec_" + hex.EncodeToString(m.Sum(nil))
}

// alertsOf are r's matches as alert rows of w.
func alertsOf(w Watch, r sanctions.Result, now time.Time, baseline bool) []Alert {
	v := Version(r.Lists)
	out := make([]Alert, 0, len(r.Matches))
	for _, m := range r.Matches {
		a := Alert{ID: dalil.NewID("sal_"), WatchID: w.ID, AccountID: w.AccountID, WatchedName: w.Name, List: m.List, EntityID: m.EntityID,
			ListsVersion: v, Match: m, CreatedAt: now, Delivery: DeliveryNone, Baseline: baseline, WebhookURL: w.WebhookURL}
		if !baseline && w.WebhookURL != "" {
			a.Delivery = DeliveryPending
		}
		out = append(out, a)
	}
	return out
}
