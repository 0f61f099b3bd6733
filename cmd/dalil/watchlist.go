package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/sanctions/watchlist"
	"dalil/internal/safehttp"
	"dalil/store/sqlstore"
)

// The sanctions watchlist (issue 31 item 4): sanctions_watch and its
// routes (watchlistDeps, in the registry), and the monitor that `dalil
// serve` runs (startWatchlist): it screens the watched names again when
// the lists change (a sync, an import, a retraction, by any process on
// the database) and delivers the alerts to the accounts' webhooks.

// watchlistSecret names the operator secret the watches' webhook signing
// secrets derive from (sqlstore.Store.Secret: the same on every replica).
const watchlistSecret = "sanctions-watchlist"

// watchlistPoster is the alerts' webhook client: internal/safehttp with
// the caller-URL policy, no redirects (as the voice callbacks').
func watchlistPoster(fetch safehttp.Options) *safehttp.Client {
	fetch.NoRedirects = true
	return safehttp.New(fetch)
}

// watchlistDeps wires sanctions_watch; without a store it answers 503.
func watchlistDeps(d deps) (watchlist.Deps, error) {
	if d.store == nil {
		return watchlist.Deps{}, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	key, err := d.store.Secret(ctx, watchlistSecret)
	if err != nil {
		return watchlist.Deps{}, fmt.Errorf("sanctions watchlist secret: %w", err)
	}
	posts := watchlistPoster(d.fetch)
	return watchlist.Deps{Store: sanctionssql.NewWatchlist(d.store.DB()), Lists: sanctionssql.New(d.store.DB()), Freshness: d.sanctionsAge, Key: key,
		CheckURL: func(raw string) error { return posts.CheckDestination(context.Background(), raw) }}, nil
}

// watchlistRuntime is serve's watchlist monitor.
type watchlistRuntime struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// startWatchlist starts the monitor on store: every poll it looks for a
// lists update (one small query) and for due deliveries.
func startWatchlist(ctx context.Context, cfg *Config, store *sqlstore.Store, log *slog.Logger, poll time.Duration) (*watchlistRuntime, error) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	key, err := store.Secret(sctx, watchlistSecret)
	if err != nil {
		return nil, fmt.Errorf("sanctions watchlist secret: %w", err)
	}
	m := &watchlist.Monitor{Store: sanctionssql.NewWatchlist(store.DB()), Lists: sanctionssql.New(store.DB()), Freshness: cfg.SanctionsAge.Freshness(), Charges: store,
		Poster: watchlistPoster(cfg.Fetch), Key: key, Logger: log}
	rctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	rt := &watchlistRuntime{cancel: stop, done: make(chan struct{})}
	go func() {
		defer close(rt.done)
		m.Run(rctx, poll)
	}()
	return rt, nil
}

// stop stops the monitor (nil-safe); a delivery in flight is cancelled,
// and its lease lets the next process send it.
func (r *watchlistRuntime) stop() {
	if r == nil {
		return
	}
	r.cancel()
	<-r.done
}
