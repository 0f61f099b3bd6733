package watchlist

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"dalil"
	"dalil/capabilities/sanctions"
	"dalil/capability"
	"dalil/internal/evidence"
	"dalil/internal/safehttp"
)

// Price of sanctions_watch: USD 0.50 per name per month, charged on
// registration for the first month.
const Price dalil.MicroUSD = 500_000

// Month is how long a registration is monitored.
func paidThrough(t time.Time) time.Time { return t.AddDate(0, 1, 0) }

// Input is sanctions_watch's request: the name to watch, what is known
// of its holder (as sanctions_screen takes it), and the webhook.
type Input struct {
	Name               string `json:"name" schema:"minLength=2,maxLength=200" jsonschema:"The name to watch: a person or a company, in Arabic or Latin script."`
	Country            string `json:"country,omitempty" schema:"maxLength=60" jsonschema:"The holder's country: ISO 3166-1 alpha-2 or alpha-3 code or English name."`
	DateOfBirth        string `json:"dateOfBirth,omitempty" schema:"pattern=^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$" jsonschema:"A person's date of birth: YYYY-MM-DD, YYYY-MM or YYYY."`
	RegistrationNumber string `json:"registrationNumber,omitempty" schema:"minLength=2,maxLength=64,pattern=^[A-Za-z0-9][A-Za-z0-9 ./-]*$" jsonschema:"A company registration number, passport or national id number."`
	EntityType         string `json:"entityType,omitempty" schema:"enum=individual|entity|vessel|aircraft" jsonschema:"What the name belongs to."`
	WebhookURL         string `json:"webhookUrl,omitempty" schema:"maxLength=2048" jsonschema:"Public https URL that receives each new match, signed with HMAC-SHA256 (X-Dalil-Signature) with the webhookSecret of this answer. Without it, alerts are only listed at GET /api/v1/sanctions/alerts."`
}

// Validate applies sanctions_screen's rules and a webhook URL's form.
func (in Input) Validate() []dalil.Problem {
	ps := sanctions.Input{Name: in.Name, Country: in.Country, DateOfBirth: in.DateOfBirth}.Validate()
	if u := strings.TrimSpace(in.WebhookURL); u != "" && !strings.HasPrefix(strings.ToLower(u), "https://") {
		ps = append(ps, dalil.Problem{Path: "webhookUrl", Message: "must be an https URL"})
	}
	return ps
}

// Output is a registration's answer.
type Output struct {
	Watch Watch `json:"watch"`
	// WebhookSecret is given here only, once.
	WebhookSecret string `json:"webhookSecret,omitempty" jsonschema:"with a webhookUrl, in this answer only: the HMAC-SHA256 key of the alerts' X-Dalil-Signature (t=<unix>,v1=<hex HMAC(secret, t + '.' + raw body)>)"`
	// Current is the screening at registration: its matches are known
	// (no alert is sent for them); later ones are alerts.
	Current     Screening `json:"current"`
	ChargedUSD  float64   `json:"chargedUsd"`
	Limitations []string  `json:"limitations"`
	lists       []sanctions.List
}

// Screening is a watched name's screening.
type Screening struct {
	Status       string            `json:"status" jsonschema:"no_match_found, possible_match, high_confidence_match, or not_checked (no list imported yet)"`
	ListsChecked []string          `json:"listsChecked"`
	Matches      []sanctions.Match `json:"matches"`
}

// Basis: the name the caller gave (the monitoring is the service sold)
// and the lists screened.
func (o Output) Basis() dalil.Basis {
	b := dalil.Basis{}.Add(dalil.Source{Kind: dalil.SourceCaller, Name: "the watched name"})
	for _, l := range o.lists {
		b = b.Add(sanctions.ListSource(l))
	}
	return b
}

// Deps are sanctions_watch's collaborators.
type Deps struct {
	Store Store
	Lists sanctions.Lists
	// Freshness is how old a list may be (zero: the defaults): a list past
	// it is not screened, as for sanctions_screen.
	Freshness sanctions.Freshness
	// Key derives each watch's webhook secret (the operator's, stable
	// across restarts and replicas).
	Key []byte
	// CheckURL refuses a webhook URL the delivery client will never
	// reach (internal/safehttp's checks); nil accepts any https URL.
	CheckURL func(url string) error
}

var limitations = []string{
	"Monitors the lists this server keeps current (docs/sanctions.md), at each update the server sees; a list not imported or synced is not watched.",
	"A match is a lead to verify, never a finding; an alert is sent once per listed entry and watched name, not again when the entry's details change.",
	"One month from registration; register the name again to continue. Webhook deliveries are at least once (deduplicate by X-Dalil-Delivery), retried with backoff for about four hours.",
}

// ErrAccountOnly is the answer on a pay-per-call rail.
func ErrAccountOnly() *dalil.Error {
	return dalil.Errorf(dalil.CodePaymentMethodUnsupported, "The sanctions watchlist is a monthly service of an account: call it with an API key "+
		"(api_credits or subscription). Pay-per-call rails (x402, L402, MPP) cannot pay for it; no payment was taken.")
}

// Entry declares sanctions_watch and its free routes (list, delete,
// alerts).
func Entry(d Deps) capability.Entry {
	return capability.Define("sanctions_watch", capability.Options{
		Group: "Risk", Title: "Sanctions watchlist",
		Summary: "Watch a name: after each update of the sanctions lists on this server it is screened again, and each newly matching listed entry is an alert, sent to your signed webhook and listed at GET /api/v1/sanctions/alerts.",
		Description: "USD 0.50 per name per month, charged on registration, on an account (API key: credits or subscription) only. " +
			"The answer gives the current screening (known matches, not alerted) and, with a webhookUrl, its signing secret once. " +
			"Each later update of a list screens every watched name again at the default threshold; a listed entry that matches for the first time " +
			"(by list and entry id) is one alert, POSTed once (retried with backoff) with X-Dalil-Signature, X-Dalil-Delivery and X-Dalil-Event: sanctions.match.",
		WhenToUse:   "When a counterparty must stay screened over time (an ongoing supplier, customer or partner), not just once.",
		Path:        "/api/v1/sanctions/watchlist",
		Price:       Price,
		AccountOnly: true,
		Requires:    []capability.Requirement{capability.NeedsDataset(sanctions.Dataset)},
		Example:     Input{Name: "Al Noor Trading LLC", Country: "OM", EntityType: "entity", WebhookURL: "https://example.com/dalil/alerts"},
		Limitations: limitations,
		Operations: []capability.Operation{
			{ID: "list_sanctions_watchlist", Method: "GET", Path: "/api/v1/sanctions/watchlist", Summary: "The account's watched names (all statuses), newest first.",
				Run: func(ctx context.Context) (any, error) { return list(ctx, d) }},
			{ID: "delete_sanctions_watch", Method: "DELETE", Path: "/api/v1/sanctions/watchlist/{id}", Summary: "Stop watching a name (no refund of the month paid).",
				Run: func(ctx context.Context) (any, error) { return remove(ctx, d) }},
			{ID: "list_sanctions_alerts", Method: "GET", Path: "/api/v1/sanctions/alerts", Summary: "The account's watchlist alerts, newest first (?limit=, at most 500), with each webhook delivery's state.",
				Run: func(ctx context.Context) (any, error) { return alerts(ctx, d) }},
		},
	}, func(ctx context.Context, in Input) (Output, error) { return Register(ctx, d, in) })
}

// Register records a watch for the calling account and screens it once
// (its baseline). Pay-per-call rails are refused.
func Register(ctx context.Context, d Deps, in Input) (Output, error) {
	call := capability.CallFrom(ctx)
	if call.AccountID == "" || call.Rail != "" {
		return Output{}, ErrAccountOnly()
	}
	if d.Store == nil {
		return Output{}, dalil.Errorf(dalil.CodeProviderNotConfigured, "The sanctions watchlist is not available on this server. No payment was taken.")
	}
	in.WebhookURL = strings.TrimSpace(in.WebhookURL)
	if in.WebhookURL != "" && d.CheckURL != nil {
		if err := d.CheckURL(in.WebhookURL); err != nil {
			return Output{}, dalil.InvalidInput(dalil.Problem{Path: "webhookUrl", Message: "must be a public https URL: " + safehttp.PublicMessage(err)})
		}
	}
	now := call.Now.UTC()
	w := Watch{ID: dalil.NewID("swt_"), AccountID: call.AccountID, RequestID: call.RequestID, Name: strings.TrimSpace(in.Name),
		DateOfBirth: in.DateOfBirth, RegistrationNumber: strings.TrimSpace(in.RegistrationNumber), EntityType: in.EntityType,
		WebhookURL: in.WebhookURL, Status: StatusPending, CreatedAt: now, PaidThrough: paidThrough(now)}
	if in.Country != "" {
		w.Country, _ = evidence.NormalizeCountry(in.Country)
	}
	r, err := sanctions.Screener{Lists: d.Lists, Freshness: d.Freshness}.Screen(ctx, w.Query())
	if err != nil {
		return Output{}, err
	}
	if err := d.Store.AddWatch(ctx, w, alertsOf(w, r, now, true)); err != nil {
		return Output{}, err
	}
	out := Output{Watch: w, ChargedUSD: Price.Float(), Limitations: limitations, lists: r.Lists,
		Current: Screening{Status: r.Status, ListsChecked: []string{}, Matches: r.Matches}}
	for _, l := range r.Lists {
		out.Current.ListsChecked = append(out.Current.ListsChecked, l.Name)
	}
	if w.WebhookURL != "" {
		out.WebhookSecret = Secret(d.Key, w.ID)
	}
	return out, nil
}

// WatchList is the list route's answer.
type WatchList struct {
	Watches []Watch `json:"watches"`
}

func list(ctx context.Context, d Deps) (WatchList, error) {
	if d.Store == nil {
		return WatchList{Watches: []Watch{}}, nil
	}
	ws, err := d.Store.Watches(ctx, capability.CallFrom(ctx).AccountID)
	if ws == nil {
		ws = []Watch{}
	}
	return WatchList{Watches: ws}, err
}

func remove(ctx context.Context, d Deps) (Watch, error) {
	call := capability.CallFrom(ctx)
	id := call.Params["id"]
	notFound := dalil.Errorf(dalil.CodeNotFound, "No watched name %q on this account.", truncate(id))
	if d.Store == nil || !strings.HasPrefix(id, "swt_") {
		return Watch{}, notFound
	}
	w, err := d.Store.DeleteWatch(ctx, call.AccountID, id, call.Now)
	if errors.Is(err, dalil.ErrNotFound) {
		return Watch{}, notFound
	}
	return w, err
}

// AlertList is the alerts route's answer.
type AlertList struct {
	Alerts []Alert `json:"alerts"`
}

// MaxAlerts is the most alerts one answer lists.
const MaxAlerts = 500

func alerts(ctx context.Context, d Deps) (AlertList, error) {
	call := capability.CallFrom(ctx)
	limit := 100
	if s, ok := call.Params["limit"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxAlerts {
			return AlertList{}, dalil.InvalidInput(dalil.Problem{Path: "limit", Message: fmt.Sprintf("must be a whole number from 1 to %d", MaxAlerts)})
		}
		limit = n
	}
	if d.Store == nil {
		return AlertList{Alerts: []Alert{}}, nil
	}
	as, err := d.Store.Alerts(ctx, call.AccountID, limit)
	if as == nil {
		as = []Alert{}
	}
	return AlertList{Alerts: as}, err
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
