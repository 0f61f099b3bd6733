package watchlist

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"dalil/capabilities/sanctions"
	"dalil/capability"
	"dalil/internal/webhook"
)

// EventMatch is the alerts' X-Dalil-Event.
const EventMatch = "sanctions.match"

// Defaults of the monitor.
const (
	// DefaultPoll is how often the monitor looks for a lists update and
	// for due deliveries (DALIL_SANCTIONS_WATCH_POLL).
	DefaultPoll = 30 * time.Second
	// MaxAttempts a delivery gets before it is given up (failed).
	MaxAttempts = 10
	// paymentWait is how long a registration's charge may take to
	// commit before the watch is taken as unpaid.
	paymentWait = 10 * time.Minute
	// lease is how long a delivery attempt holds its alert.
	lease = 2 * time.Minute
	// postTimeout bounds one delivery.
	postTimeout = 30 * time.Second
)

// Backoff is the wait after a failed attempt (1-based): attempt⁴
// seconds, as River's, so ten attempts span about four hours.
func Backoff(attempt int) time.Duration {
	a := time.Duration(attempt)
	return a * a * a * a * time.Second
}

// Payload is an alert's webhook body.
type Payload struct {
	Event      string    `json:"event"`
	DeliveryID string    `json:"deliveryId"`
	SentAt     time.Time `json:"sentAt"`
	Alert      Alert     `json:"alert"`
}

// Monitor screens the watched names again after each lists update and
// delivers the alerts.
type Monitor struct {
	Store Store
	Lists sanctions.Lists
	// Freshness is how old a list may be (zero: the defaults): a list past
	// it is not screened again, so no alert rests on it.
	Freshness sanctions.Freshness
	Charges   Charges
	Poster    webhook.Poster
	Key       []byte
	Logger    *slog.Logger
	Now       func() time.Time
}

func (m *Monitor) now() time.Time {
	if m.Now != nil {
		return m.Now().UTC()
	}
	return time.Now().UTC()
}

func (m *Monitor) log() *slog.Logger {
	if m.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return m.Logger
}

// Run runs Tick every poll until ctx ends.
func (m *Monitor) Run(ctx context.Context, poll time.Duration) {
	if poll <= 0 {
		poll = DefaultPoll
	}
	for {
		m.Tick(ctx)
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// Tick confirms the registrations' charges, screens the watches again
// when the lists changed, and delivers what is due. Errors are logged.
func (m *Monitor) Tick(ctx context.Context) {
	if err := m.Rescreen(ctx); err != nil && ctx.Err() == nil {
		m.log().Error("sanctions watchlist: screening the watched names failed; trying again at the next tick", "error", err.Error())
	}
	if err := m.DeliverDue(ctx); err != nil && ctx.Err() == nil {
		m.log().Error("sanctions watchlist: delivering alerts failed; trying again at the next tick", "error", err.Error())
	}
}

// Rescreen screens every monitored watch when the lists' version is
// not the one last screened, recording each new match as an alert. A
// pending watch is confirmed (its charge committed) or found unpaid
// first; a watch past its month expires.
func (m *Monitor) Rescreen(ctx context.Context) error {
	now := m.now()
	ws, err := m.Store.Monitored(ctx)
	if err != nil {
		return err
	}
	ls, err := m.Lists.Current(ctx)
	if err != nil {
		return err
	}
	version := Version(ls)
	last, err := m.Store.ScreenedVersion(ctx)
	if err != nil {
		return err
	}
	changed := version != last && len(ls) > 0
	for _, w := range ws {
		// A watch confirmed now is screened whatever the version: the
		// lists may have changed since its registration's baseline.
		screen := changed
		switch {
		case !now.Before(w.PaidThrough):
			if err := m.Store.SetStatus(ctx, w.ID, StatusExpired); err != nil {
				return err
			}
			continue
		case w.Status == StatusPending:
			paid, err := m.Charges.PaidFor(ctx, w.AccountID, w.RequestID, w.CreatedAt.Add(-time.Minute))
			if err != nil {
				return err
			}
			if !paid {
				if now.After(w.CreatedAt.Add(paymentWait)) {
					m.log().Warn("sanctions watchlist: a registration's charge never committed; the name is not watched", "watch", w.ID)
					if err := m.Store.SetStatus(ctx, w.ID, StatusUnpaid); err != nil {
						return err
					}
				}
				continue
			}
			if err := m.Store.SetStatus(ctx, w.ID, StatusActive); err != nil {
				return err
			}
			screen = len(ls) > 0
		}
		if !screen {
			continue
		}
		r, err := sanctions.Screener{Lists: m.Lists, Freshness: m.Freshness}.Screen(capability.WithCall(ctx, capability.Call{Now: now}), w.Query())
		if err != nil {
			return err
		}
		for _, a := range alertsOf(w, r, now, false) {
			added, err := m.Store.AddAlert(ctx, a)
			if err != nil {
				return err
			}
			if added {
				m.log().Info("sanctions watchlist: new match", "watch", w.ID, "alert", a.ID, "list", a.List, "entity", a.EntityID)
			}
		}
	}
	if changed {
		return m.Store.SetScreenedVersion(ctx, version)
	}
	return nil
}

// DeliverDue delivers the alerts whose delivery is due, each leased so
// that one process sends it at a time.
func (m *Monitor) DeliverDue(ctx context.Context) error {
	for {
		as, err := m.Store.ClaimDue(ctx, m.now(), lease, 20)
		if err != nil || len(as) == 0 {
			return err
		}
		for _, a := range as {
			if err := m.deliver(ctx, a); err != nil {
				return err
			}
		}
	}
}

// deliver makes one attempt at a's delivery and records it.
func (m *Monitor) deliver(ctx context.Context, a Alert) error {
	now := m.now()
	body, err := json.Marshal(Payload{Event: EventMatch, DeliveryID: a.ID, SentAt: now, Alert: a})
	if err != nil {
		return err
	}
	pctx, cancel := context.WithTimeout(ctx, postTimeout)
	outcome, perr := webhook.Post(pctx, m.Poster, webhook.Delivery{URL: a.WebhookURL, Secret: Secret(m.Key, a.WatchID), ID: a.ID, Event: EventMatch,
		Body: body, SentAt: now})
	cancel()
	attempts := a.Attempts + 1
	switch {
	case outcome == webhook.Delivered:
		return m.Store.RecordDelivery(ctx, a.ID, DeliveryDelivered, attempts, time.Time{}, m.now(), "")
	case outcome == webhook.Refused || attempts >= MaxAttempts:
		m.log().Warn("sanctions watchlist: alert not delivered; giving up", "alert", a.ID, "watch", a.WatchID, "attempts", attempts, "error", perr.Error())
		return m.Store.RecordDelivery(ctx, a.ID, DeliveryFailed, attempts, time.Time{}, time.Time{}, perr.Error())
	}
	if ctx.Err() != nil {
		// Stopped (shutdown): not an attempt; the lease ends and the
		// next process sends it.
		return ctx.Err()
	}
	return m.Store.RecordDelivery(ctx, a.ID, DeliveryPending, attempts, now.Add(Backoff(attempts)), time.Time{}, perr.Error())
}
