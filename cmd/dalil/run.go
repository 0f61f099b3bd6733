package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"dalil"
	"dalil/capabilities/invoiceanomaly/invoicesql"
	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/watchlist"
	"dalil/capabilities/voice"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/internal/safehttp"
	"dalil/module"
	"dalil/ops"
	"dalil/rail/mpp"
	"dalil/store/sqlstore"
)

const usage = `usage: dalil <command> [flags]

commands:
  serve [--demo]                          run the HTTP service
  mcp                                     MCP tool server on stdio
  accounts create --name N [--plan P] [--credits USD]
  accounts show ID
  accounts list [--limit N] [--after ID] [--json]   id, name, plan, credits, allowance left
  credits add --account ID --usd X
  keys create --account ID | keys list --account ID | keys revoke KEY_ID
  plan set --account ID --plan P [--new-period]     keeps the current period unless --new-period
  ledger --account ID [--limit N] [--before CURSOR] [--json]
  usage --account ID [--json]                        calls and USD per tool and rail, and a total
  mpp close-channel CHANNEL_ID            settle and close an MPP payment channel
  voice do-not-call add|check|remove NUMBER [--json]
                                          the voice calls' do-not-call list (E.164 NUMBER):
                                          add one, check one, remove one an operator added
  config                                  print the effective configuration as JSON, secrets hidden
  health [--live] [--url URL] [--json]    ask the running server /readyz (or /livez): exit 0 when 200
  backup FILE [--json]                    a consistent copy of the SQLite database, while it serves
  restore FILE [--keep PATH] [--force]    the backup FILE becomes the database (refused while in use)
  verify [--json]                         check the money: balances, ledger, charges; exit 1 on a problem
  DATASET import FILE --source S --license L [--format F] [--skip-bad] [--json]
  DATASET stats [--json]                  import a dataset file, or show its coverage
  DATASET batches [--json]                every batch: source, licence, rows, current, retracted
  DATASET retract BATCH [--reason TEXT]   remove a batch's rows (recorded; answers stop using them)
                                          (DATASET: comparables, listings, companies, sanctions
                                          where this build has them; see docs/datasets.md)
  companies|sanctions reindex [--json]    rebuild the name index from the rows held (no re-import)
  sanctions sync [SOURCE...] [--json]     download the official sanctions lists now
                                          (ofac_sdn, ofac_consolidated, un, eu, uk; docs/sanctions.md)
  demo remove                             retract every synthetic batch, revoke the demo key

Common flags (each command): --addr, --db, --db-timeout, --base-url, --rails, --log-level.
Configuration: flags override DALIL_* environment variables, which override
the defaults (see README; dalil <command> -h lists the flags).`

// run is the whole program; main only wires the OS into it, so tests can
// run every command in-process.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return errors.New("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return serve(ctx, rest, getenv, stdout, stderr)
	case "mcp":
		return runMCP(ctx, rest, getenv, stdin, stdout, stderr)
	case "accounts", "credits", "keys", "plan", "ledger", "usage":
		return operate(ctx, cmd, rest, getenv, stdout, stderr)
	case "mpp":
		return operateMPP(ctx, rest, getenv, stdout, stderr)
	case "demo":
		return runDemo(ctx, rest, getenv, stdout, stderr)
	case "voice":
		return runVoice(ctx, rest, getenv, stdout, stderr)
	case "config":
		return runConfig(rest, getenv, stdout, stderr)
	case "health":
		return runHealth(ctx, rest, getenv, stdout, stderr)
	case "backup":
		return runBackup(ctx, rest, getenv, stdout, stderr)
	case "restore":
		return runRestore(ctx, rest, getenv, stdout, stderr)
	case "verify":
		return runVerify(ctx, rest, getenv, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	if cmd == "sanctions" && len(rest) > 0 && rest[0] == "sync" {
		return runSanctionsSync(ctx, rest[1:], getenv, stdout, stderr)
	}
	if isDataset(cmd) {
		return runDataset(ctx, cmd, rest, getenv, stdout, stderr)
	}
	fmt.Fprintln(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

// deps are the shared dependencies capabilities may need.
type deps struct {
	store *sqlstore.Store // nil when no local database (remote MCP)
	// configured reports which providers are switched on (nil: none).
	configured func(capability.Requirement) bool
	// supply says how each provider and dataset requirement is met now;
	// capability statuses follow from it (nil: nothing is).
	supply func(capability.Requirement) capability.Supply
	// refresh reads the data present again (nil: nothing to read).
	refresh func(context.Context)
	// fetch is the policy for URLs a caller supplies (Config.Fetch).
	fetch safehttp.Options
	// providers are the external providers' settings (Config.Providers).
	providers map[string]Provider
	// voice are the voice capabilities' ports (voice.go); zero: 503
	// PROVIDER_NOT_CONFIGURED.
	voice voice.Deps
	// sanctionsAge is how old a sanctions list may be (freshness.go);
	// zero: the defaults.
	sanctionsAge sanctions.Freshness
}

// migrationTimeout bounds opening the store: connecting (within
// sqlstore.ConnectTimeout) and the migrations, which rebuild the indexes of
// every dataset and take minutes at a million rows (issue 34).
const migrationTimeout = 10 * time.Minute

func openStore(ctx context.Context, cfg *Config, log *slog.Logger) (*sqlstore.Store, error) {
	ctx, cancel := context.WithTimeout(ctx, migrationTimeout)
	defer cancel()
	return sqlstore.Open(ctx, string(cfg.Storage.DSN), sqlstore.Options{
		Modules: storeModules(), OpTimeout: cfg.Storage.Timeout, IdempotencyLease: cfg.Storage.IdempotencyLease, Logger: log,
		ReadMmapSize: cfg.Storage.SQLiteMmap,
	})
}

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	demo := fs.Bool("demo", false, "on a new database (or one --demo seeded before), load synthetic demo data and create account demo (developer plan, USD 1.00), printing its key; any other database is refused")
	cfg, rest, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("serve: unexpected argument %q", rest[0])
	}
	if err := checkAdminToken(cfg); err != nil {
		return err
	}
	if err := checkMetricsToken(cfg); err != nil {
		return err
	}
	log := logger(cfg.LogLevel, stderr)
	// GOGC 400 unless the operator set GOGC (gc.go).
	defer setGC(getenv)()
	svc, err := buildServer(ctx, cfg, log) // REST routes, and MCP at /mcp
	if err != nil {
		return err
	}
	store, srv := svc.store, svc.api
	defer svc.Close()
	// --demo seeds only a demo database: a new one, or one --demo seeded
	// before (demo.go); any other is refused before anything starts.
	if *demo {
		if err := claimDemo(ctx, store, cfg); err != nil {
			return err
		}
	}
	// Voice call jobs (voice.go): started here, stopped after the HTTP
	// server, before the database closes.
	if err := svc.voice.start(ctx); err != nil {
		return err
	}
	defer svc.voice.stop()
	// The official sanctions lists' scheduled sync (sanctionsync.go), when
	// DALIL_SANCTIONS_SYNC is set: stopped before the database closes.
	sync, err := startSanctionsSync(ctx, cfg, store, log)
	if err != nil {
		return err
	}
	defer sync.stop()
	// The sanctions watchlist's monitor (watchlist.go): stopped before
	// the database closes.
	watch, err := startWatchlist(ctx, cfg, store, log, watchlist.DefaultPoll)
	if err != nil {
		return err
	}
	defer watch.stop()
	// Payment channels idle this long are closed by the sweep (below).
	idle := cfg.Rails.MPP.ChannelIdle
	if idle == 0 { // a Config built by hand
		idle = mpp.DefaultChannelIdle
	}
	if *demo {
		if err := module.LoadDemos(ctx, modules(), store.DB(), stderr); err != nil {
			return err
		}
		if err := seedDemo(ctx, store, cfg, stderr); err != nil {
			return err
		}
		// The statuses follow the demo data from the first call.
		svc.datasets.Refresh(ctx)
	}
	ln, err := net.Listen("tcp", cfg.Listen.Addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "dalil %s listening on http://%s (database: %s)\n", httpapi.Version, ln.Addr(), store.Dialect())
	if cfg.Listen.MetricsAddr != "" {
		stopMetrics, err := serveMetrics(cfg.Listen.MetricsAddr, srv.MetricsHandler(), stderr)
		if err != nil {
			return err
		}
		defer stopMetrics()
	}
	if cfg.Listen.DebugAddr != "" {
		stopDebug, err := serveDebug(cfg.Listen.DebugAddr, stderr)
		if err != nil {
			return err
		}
		defer stopDebug()
	}
	purgeCtx, stopPurge := context.WithCancel(ctx)
	purged := make(chan struct{})
	go func() { defer close(purged); purgeExpired(purgeCtx, store, log) }()
	// The purge stops before the store closes (defers run last-in first-out).
	defer func() { stopPurge(); <-purged }()
	if svc.channels != nil {
		swept := make(chan struct{})
		go func() {
			defer close(swept)
			sweepChannels(purgeCtx, svc.channels, idle, mpp.DefaultSweepInterval, log)
		}()
		defer func() { stopPurge(); <-swept }()
	}
	err = serveHTTP(ctx, ln, srv)
	srv.FlushRefusalLog() // the last interval's rate-limit refusals, summarised
	if err != nil {
		return err
	}
	fmt.Fprintln(stderr, "dalil stopped")
	return nil
}

// serveHTTP serves h on ln until ctx is cancelled, then stops accepting
// and lets requests in flight finish (up to 20 seconds).
func serveHTTP(ctx context.Context, ln net.Listener, h http.Handler) error {
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 20*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// purgeExpired deletes, hourly, what has outlived its use: Idempotency-Key
// records older than 24 hours, expired invoice fingerprints, and
// pay-per-call claims that were never settled and whose credential expired.
func purgeExpired(ctx context.Context, store *sqlstore.Store, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		now := time.Now()
		for what, purge := range map[string]func() (int64, error){
			"idempotency keys":     func() (int64, error) { return store.PurgeIdempotency(ctx, now.Add(-dalil.IdempotencyTTL)) },
			"invoice fingerprints": func() (int64, error) { return invoicesql.New(store.DB()).Purge(ctx) },
			"unsettled claims":     func() (int64, error) { return store.PurgeClaims(ctx, now.Add(-time.Hour)) },
		} {
			if n, err := purge(); err != nil {
				log.Warn("purge "+what, "error", err.Error())
			} else if n > 0 {
				log.Info("purged "+what, "count", n)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweepChannels settles and closes, every interval, the MPP payment
// channels that were idle longer than idle or whose payer asked the escrow
// to close them (mpp.Channels.Sweep; docs/rail-mpp.md). Failures are
// logged by the sweep and retried on the next round.
func sweepChannels(ctx context.Context, ch *mpp.Channels, idle, interval time.Duration, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if res := ch.Sweep(ctx, idle, log); res.Closed > 0 || res.Failed > 0 {
			log.Info("mpp channel sweep", "checked", res.Checked, "closed", res.Closed, "failed", res.Failed)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// operateMPP runs `dalil mpp close-channel ID`: the same close as POST
// /admin/v1/mpp/channels/{id}/close (mpp.CloseForOperator), with the rail
// built from the same DALIL_* variables as `dalil serve`.
func operateMPP(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "close-channel" {
		fmt.Fprintln(stderr, usage)
		if len(args) == 0 {
			return errors.New("mpp: missing subcommand")
		}
		return fmt.Errorf("unknown command mpp %s", args[0])
	}
	fs := newFlagSet("mpp close-channel", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	cfg, pos, err := loadConfig(fs, args[1:], getenv)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return errors.New("mpp close-channel: expected one argument, the channel id")
	}
	log := logger(cfg.LogLevel, stderr)
	store, err := openStore(ctx, cfg, log)
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	defer store.Close()
	rails, err := payRails(ctx, cfg, store, log)
	if err != nil {
		return err
	}
	var closer mpp.ChannelCloser
	if ch := mppChannels(rails); ch != nil {
		closer = ch
	}
	out, err := mpp.CloseForOperator(ctx, closer, pos[0])
	if err != nil {
		var de *dalil.Error
		if !errors.As(err, &de) {
			return err
		}
		msg := de.Message
		if ps, ok := de.Details.([]dalil.Problem); ok {
			for _, p := range ps {
				msg = "channel " + p.Path + " " + pos[0] + ": " + p.Message
			}
		}
		if de.Err != nil { // the cause, for the operator (RPC hosts are redacted)
			msg += " (" + de.Err.Error() + ")"
		}
		return errors.New(msg)
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	return fieldsTable(stdout, out)
}

// seedDemo creates the demo account on a demo database without accounts
// and records it in the demo marker (demo.go). On one that has accounts
// it creates nothing and says how to get a key for the demo account
// created before (its key was shown once, then).
func seedDemo(ctx context.Context, store *sqlstore.Store, cfg *Config, stderr io.Writer) error {
	n, err := store.AccountCount(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		fmt.Fprintln(stderr, demoExisting(ctx, store, cfg))
		return nil
	}
	c, err := ops.CreateAccount(ctx, store, "demo", "developer", dalil.USD)
	if err != nil {
		return err
	}
	if err := store.PutSetting(ctx, demoSetting, c.AccountID); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "demo: created account %s (plan developer, USD 1.00 credits)\ndemo: API key (shown once): %s\n", c.AccountID, c.APIKey)
	return nil
}

// demoExisting is what a second `serve --demo` says: the database already
// has accounts, and how to get a key for the one named demo.
func demoExisting(ctx context.Context, store dalil.Store, cfg *Config) string {
	const head = "demo: the database already has accounts, so no demo account was created"
	db := ""
	if dsn := string(cfg.Storage.DSN); dsn != "dalil.db" {
		if strings.Contains(dsn, "://") {
			db = " (with the same DALIL_DB)" // a URL may carry a password: never printed
		} else {
			db = " --db " + dsn
		}
	}
	// The demo account is normally the first; look through the first
	// pages only, so a large database does not delay the start.
	after := ""
	for range 10 {
		accts, err := store.Accounts(ctx, 200, after)
		if err != nil || len(accts) == 0 {
			break
		}
		for _, a := range accts {
			if a.Name == "demo" {
				return fmt.Sprintf("%s.\ndemo: the demo account is %s; its key was shown once, when it was created. Get a new key with:\n  dalil keys create --account %s%s", head, a.ID, a.ID, db)
			}
		}
		after = accts[len(accts)-1].ID
	}
	return fmt.Sprintf("%s, and none of them is named demo. Create one with:\n  dalil accounts create --name demo --plan developer --credits 1%s", head, db)
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
