package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"

	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/sanctions/sanctionsync"
	"dalil/capabilities/voice"
	"dalil/capability"
	"dalil/dataset/datasetmetrics"
	"dalil/httpapi"
	"dalil/mcpserver"
	"dalil/rail/mpp"
	"dalil/ratelimit"
	"dalil/store/sqlstore"
)

// service is what `dalil serve` and in-process `dalil mcp` share: the
// database, the registry and the REST server (with MCP at /mcp).
type service struct {
	api     *httpapi.Server
	reg     *capability.Registry
	store   *sqlstore.Store
	limiter ratelimit.Limiter
	// channels is the MPP session intent (payment channels), nil when off.
	channels *mpp.Channels
	// voice is the voice calls' job queue and webhooks, nil when no
	// telephony provider is configured (voice.go).
	voice *voiceRuntime
	// datasets is what each dataset holds, as statuses read it.
	datasets    *datasetSupply
	stopRefresh context.CancelFunc
	// warm reads the datasets' indexes at start and after an import
	// (warmup.go).
	warm *warmer
}

// Close releases what buildServer opened: the rate limiter's Redis client
// and the database.
func (s *service) Close() error {
	var err error
	if c, ok := s.limiter.(io.Closer); ok {
		err = c.Close()
	}
	s.voice.close()
	if s.stopRefresh != nil {
		s.stopRefresh()
	}
	if s.warm != nil {
		s.warm.close()
	}
	return errors.Join(err, s.store.Close())
}

// buildServer opens cfg.Storage.DSN (creating or migrating it) and builds the REST
// server with the MCP tool server mounted at /mcp. The caller closes the
// service.
func buildServer(ctx context.Context, cfg *Config, log *slog.Logger) (*service, error) {
	store, err := openStore(ctx, cfg, log)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	vc, err := newVoice(ctx, cfg, store, log)
	if err != nil {
		store.Close()
		return nil, err
	}
	// fail releases what was opened so far (vc.close is nil-safe).
	fail := func(err error) (*service, error) {
		vc.close()
		store.Close()
		return nil, err
	}
	// What each dataset holds, read now and kept current in the
	// background (and at once after an import through this process):
	// capability statuses follow it.
	supply := newDatasetSupply(datasetImporters(store), log)
	supply.Refresh(ctx)
	// The datasets' indexes are read in the background, now and after
	// each import (warmup.go); readiness waits for the first reading.
	warm := newWarmer(store.DB(), datasets(), cfg.Storage.WarmupTimeout, cfg.Storage.WarmupOff, log)
	supply.mu.Lock()
	supply.changed = warm.changed
	supply.mu.Unlock()
	warm.start(ctx)
	refreshCtx, stopRefresh := context.WithCancel(context.WithoutCancel(ctx))
	go supply.run(refreshCtx, datasetRefresh)
	fail = func(err error) (*service, error) {
		stopRefresh()
		warm.close()
		vc.close()
		store.Close()
		return nil, err
	}
	reg, err := registry(deps{store: store, configured: configured(cfg), supply: supplyOf(cfg, supply), refresh: func(ctx context.Context) { supply.RefreshIfOlder(ctx, 0) }, fetch: cfg.Fetch, providers: cfg.Providers, voice: vc.voiceDeps(cfg.Voice),
		sanctionsAge: cfg.SanctionsAge.Freshness()})
	if err != nil {
		return fail(err)
	}
	// Pay-per-call rails: DALIL_RAILS and their DALIL_* variables (rails.go).
	rails, err := payRails(ctx, cfg, store, log)
	if err != nil {
		return fail(err)
	}
	channels := mppChannels(rails)
	limiter, limits, err := rateLimits(cfg, log)
	if err != nil {
		return fail(err)
	}
	// /mcp calls the REST routes of the server it is mounted on, so its
	// handler is bound once the server exists.
	var api *httpapi.Server
	self := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.ServeHTTP(w, r) })
	tools := mcpserver.New(reg, mcpserver.Options{Caller: mcpserver.InProcess{Handler: self}, Logger: log})
	var closer mpp.ChannelCloser
	if channels != nil { // a nil *mpp.Channels must not become a non-nil interface
		closer = channels
	}
	// The do-not-call list's admin routes are wired whether or not a
	// telephony provider is configured, as `dalil voice do-not-call`
	// works without one: the list needs the database only, and a number
	// listed before voice is turned on is refused from its first call.
	api = httpapi.NewServer(httpapi.Config{
		Registry: reg, Store: store, Logger: log, BaseURL: string(cfg.Listen.BaseURL), Rails: cfg.Rails.Enabled, AdminToken: cfg.Listen.AdminToken.Reveal(), MetricsToken: cfg.Listen.MetricsToken.Reveal(),
		MCP: mcpserver.HTTPHandler(tools, log), PayPerCall: rails, Limiter: limiter, Limits: limits, TrustedProxies: cfg.Listen.TrustedProxies,
		Admin: append(mpp.AdminRoutes(closer), voice.AdminRoutes(doNotCallList(store))...), CallTimeout: cfg.Listen.CallTimeout, StorageTimeout: cfg.Storage.Timeout,
		Datasets: supply.Wrap(datasetImporters(store)), Console: consoleFor(cfg, store, reg, supply, log), Webhooks: vc.hooks(), Sockets: vc.sockets(),
		Ready: append(vc.readyChecks(), httpapi.ReadyCheck{Name: "warmup", Check: warm.ready}),
		// The sanctions lists' sync state, read from the database at each
		// scrape, whichever replica synced (sanctionsync.go).
		Collectors: []prometheus.Collector{sanctionsync.Collector(sanctionssql.New(store.DB()), log),
			// Each dataset source's age (dalil_dataset_source_age_seconds).
			datasetmetrics.Collector(datasetImporters(store), nil, log)},
		// Agents' self-funding (funding.go); off unless DALIL_FUNDING_RAILS.
		Funding: cfg.Rails.Funding.httpFunding(),
	})
	return &service{api: api, reg: reg, store: store, limiter: limiter, channels: channels, voice: vc, datasets: supply, stopRefresh: stopRefresh, warm: warm}, nil
}

// mppChannels returns the MPP rail's payment channels among rails, or nil.
func mppChannels(rails []httpapi.PayRail) *mpp.Channels {
	for _, pr := range rails {
		if r, ok := pr.Rail.(*mpp.Rail); ok && r.Channels() != nil {
			return r.Channels()
		}
	}
	return nil
}

// rateLimits builds the per-minute limiter of contract §8: shared through
// Redis when DALIL_REDIS_URL is set, in-process otherwise.
func rateLimits(cfg *Config, log *slog.Logger) (ratelimit.Limiter, map[string]int, error) {
	limits := cfg.RateLimits
	if limits == nil { // a Config built by hand
		limits = ratelimit.Defaults()
	}
	if cfg.Storage.RedisURL == "" {
		return ratelimit.NewMemory(nil), limits, nil
	}
	r, err := ratelimit.OpenRedis(string(cfg.Storage.RedisURL), nil)
	if err != nil {
		return nil, nil, fmt.Errorf("DALIL_REDIS_URL: %w", err)
	}
	log.Info("rate limits shared through Redis")
	return r, limits, nil
}
