package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/internal/safehttp"

	"dalil"
	"dalil/httpapi"
	"dalil/module"
	"dalil/provider/client"
	"dalil/rail/l402"
	"dalil/rail/mpp"
	"dalil/rail/x402"
	"dalil/ratelimit"
	"dalil/store/sqlstore"
)

// Config is every setting of a dalil command, read once by loadConfig:
// flags over DALIL_* environment variables over defaults. Nothing else
// reads the environment for Dalil's own settings (gc.go reads Go's GOGC).
// Tests build a Config directly.
//
// Secrets are of type Secret and URLs that may carry credentials of type
// Location or Endpoint: printing or marshalling any of them hides the
// secret, so `dalil config` (configcmd.go) prints the whole value.
type Config struct {
	Listen  Listen  `json:"listen"`
	Storage Storage `json:"storage"`
	Rails   Rails   `json:"rails"`
	// Providers are the external services Dalil may call, by name
	// (providerSpecs lists them and their variables). One that is not
	// Configured is never called.
	Providers map[string]Provider `json:"providers"`
	// RateLimits are the per-minute limits by class (free, developer,
	// growth, enterprise, payg, preview): contract §8's defaults with
	// DALIL_RATE_LIMITS applied.
	RateLimits map[string]int `json:"rateLimits"`
	// LogLevel is debug, info, warn or error (DALIL_LOG_LEVEL, --log-level).
	LogLevel string `json:"logLevel"`
	// MCP is what `dalil mcp` pays with.
	MCP MCPClient `json:"mcp"`
	// Voice are the voice calls' settings (voice.go).
	Voice Voice `json:"voice"`
	// SanctionsSync is the official sanctions lists' sync (sanctionsync.go).
	SanctionsSync SanctionsSync `json:"sanctionsSync"`
	// SanctionsAge is how old a sanctions list may be in an answer
	// (freshness.go): DALIL_SANCTIONS_MAX_AGE, DALIL_SANCTIONS_HARD_MAX_AGE.
	SanctionsAge SanctionsAge `json:"sanctionsAge"`
	// Fetch is the policy for URLs a caller supplies (documents): the zero
	// value is production's (internal/safehttp); tests set a resolver and
	// dialer that reach a local server through the same checks.
	Fetch safehttp.Options `json:"-"`
}

// Listen is the HTTP side of `dalil serve`.
type Listen struct {
	Addr string `json:"addr"` // DALIL_ADDR, --addr
	// BaseURL is the public origin written into discovery documents and
	// the target of `dalil mcp` (DALIL_BASE_URL, --base-url).
	BaseURL Location `json:"baseURL"`
	// TrustedProxies are the load balancers whose X-Forwarded-For names
	// the client (DALIL_TRUSTED_PROXIES: addresses or CIDRs).
	TrustedProxies Proxies `json:"trustedProxies"`
	// DebugAddr, when set, serves net/http/pprof on its own listener
	// (DALIL_DEBUG_ADDR).
	DebugAddr string `json:"debugAddr"`
	// AdminToken enables the admin API (DALIL_ADMIN_TOKEN; environment
	// only, since flags show in ps).
	AdminToken Secret `json:"adminToken"`
	// MetricsAddr, when set, serves GET /metrics on a listener of its own,
	// for the operator's network only (DALIL_METRICS_ADDR, metrics.go).
	MetricsAddr string `json:"metricsAddr"`
	// MetricsToken, when set, serves GET /metrics on the API listener to
	// requests bearing it (DALIL_METRICS_TOKEN). With neither, /metrics
	// answers 404.
	MetricsToken Secret `json:"metricsToken"`
	// CallTimeout bounds one paid call (DALIL_CALL_TIMEOUT, default 45 s).
	CallTimeout time.Duration `json:"callTimeout"`
}

// Storage is where state lives.
type Storage struct {
	// DSN is a SQLite file or a postgres:// URL (DALIL_DB, --db).
	DSN Location `json:"dsn"`
	// Timeout bounds every database call on a request path
	// (DALIL_DB_TIMEOUT, --db-timeout, default 5 s): sqlstore.Options.OpTimeout.
	Timeout time.Duration `json:"timeout"`
	// IdempotencyLease is how long an unfinished Idempotency-Key claim
	// holds its key (DALIL_IDEMPOTENCY_LEASE, default 1 min).
	IdempotencyLease time.Duration `json:"idempotencyLease"`
	// RedisURL, when set, shares rate limits through Redis (DALIL_REDIS_URL).
	RedisURL Location `json:"redisURL"`
	// WarmupTimeout bounds the reading of the datasets' indexes at start
	// and after an import (warmup.go; DALIL_WARMUP_TIMEOUT, default
	// DefaultWarmupTimeout; 0, a Config built by hand, is the default).
	// WarmupOff ("off") reads nothing: readiness does not wait.
	WarmupTimeout time.Duration `json:"warmupTimeout"`
	WarmupOff     bool          `json:"warmupOff"`
	// SQLiteMmap is how much of a SQLite file each reader maps into
	// memory (DALIL_SQLITE_MMAP: bytes, or with k, m or g; 0, the
	// default, none): sqlstore.Options.ReadMmapSize, whose comment says
	// what it costs. Nothing on PostgreSQL.
	SQLiteMmap int64 `json:"sqliteMmap"`
}

// Rails are the payment rails: which are enabled, and each pay-per-call
// rail's own settings (its provider is in Config.Providers).
type Rails struct {
	// Enabled lists the rails switched on (DALIL_RAILS, --rails): credits,
	// subscription, x402, l402, mpp. A pay-per-call rail listed here is on
	// only when it is also configured (Config.RailMissing).
	Enabled []string `json:"enabled"`
	X402    X402     `json:"x402"`
	L402    L402     `json:"l402"`
	MPP     MPP      `json:"mpp"`
	// Funding is agents' self-funding over the pay-per-call rails
	// (funding.go; off unless DALIL_FUNDING_RAILS is set).
	Funding Funding `json:"funding"`
}

// X402 is the x402 rail (docs/rail-x402.md); its facilitator is the
// provider "x402_facilitator".
type X402 struct {
	PayTo         string        `json:"payTo"`   // DALIL_X402_PAY_TO, required
	Network       string        `json:"network"` // DALIL_X402_NETWORK
	VerifyTimeout time.Duration `json:"verifyTimeout"`
	SettleTimeout time.Duration `json:"settleTimeout"`
}

// L402 is the L402 rail (docs/rail-l402.md); its Lightning node is the
// provider "lightning_node".
type L402 struct {
	RootKey    Secret `json:"rootKey"`    // DALIL_L402_ROOT_KEY (hex), required
	BTCUSDRate string `json:"btcUsdRate"` // DALIL_L402_BTC_USD, required
	Network    string `json:"network"`    // DALIL_L402_NETWORK
}

// MPP is the MPP rail (docs/rail-mpp.md); its Tempo RPC is the provider
// "tempo_rpc".
type MPP struct {
	SecretKey Secret `json:"secretKey"` // DALIL_MPP_SECRET_KEY (hex), required
	Realm     string `json:"realm"`     // DALIL_MPP_REALM, required
	Recipient string `json:"recipient"` // DALIL_MPP_RECIPIENT, required
	Network   string `json:"network"`   // DALIL_MPP_NETWORK
	// PayeeKey is the recipient's key (hex), which signs refunds and
	// channel closes; sessions and channels need it (DALIL_MPP_PAYEE_KEY).
	PayeeKey      Secret        `json:"payeeKey"`
	SettleTimeout time.Duration `json:"settleTimeout"`
	ChallengeTTL  time.Duration `json:"challengeTTL"`
	// Channels switches on payment channels (DALIL_MPP_CHANNELS=on, or an
	// explicit DALIL_MPP_ESCROW).
	Channels bool   `json:"channels"`
	Escrow   string `json:"escrow"`
	// ChannelIdle: channels idle this long are settled and closed
	// (DALIL_MPP_CHANNEL_IDLE, default mpp.DefaultChannelIdle).
	ChannelIdle time.Duration `json:"channelIdle"`
}

// Provider is an external service Dalil may call: a payment facilitator
// or node today; web search, registries, market data, telephony and an LLM
// next. Its settings come from the variables its module.Provider names.
type Provider struct {
	// Kind says what it is for ("payment"; later "web_search",
	// "registry", "market_data", "telephony", "llm").
	Kind string `json:"kind"`
	// Configured: every required setting is present. A provider that is
	// not configured is never called.
	Configured bool `json:"configured"`
	// Missing names the required variables that are not set.
	Missing []string `json:"missing,omitempty"`
	// Endpoint is where it is reached.
	Endpoint Endpoint `json:"endpoint"`
	// Credential is its API key, bearer token or macaroon.
	Credential Secret `json:"credential"`
	// Timeout bounds one call to it; zero is its client's default.
	Timeout time.Duration `json:"timeout,omitzero"`
	// Settings are its other, non-secret settings by name.
	Settings map[string]string `json:"settings,omitempty"`
}

// MCPClient is how `dalil mcp` calls: the key it pays with and,
// optionally, the rail (DALIL_API_KEY, DALIL_PAYMENT_METHOD).
type MCPClient struct {
	APIKey        Secret `json:"apiKey"`
	PaymentMethod string `json:"paymentMethod"`
}

// Provider names, as capabilities and rails refer to them.
const (
	providerX402Facilitator = "x402_facilitator"
	providerLightningNode   = "lightning_node"
	providerTempoRPC        = "tempo_rpc"
)

// providerSpecs lists every provider: the rails' and the ones cmd/dalil
// still wires itself below, then each module's own (module.Provider).
// A capability requires one by name (capability.NeedsProvider) and its
// status follows; docs/providers.md lists their variables (tested).
func providerSpecs() []module.Provider {
	return append(slices.Clone(wiredProviders), module.Providers(modules())...)
}

// wiredProviders are the providers not yet declared by a module.
var wiredProviders = []module.Provider{
	{Name: providerX402Facilitator, Kind: "payment", Endpoint: envX402Facilitator, Credential: envX402Token,
		Required: []string{envX402Facilitator}},
	{Name: providerLightningNode, Kind: "payment", Endpoint: envL402LNDURL, Credential: envL402Macaroon, HexCredential: true,
		Timeout: envL402LNDTimeout, DefaultTimeout: l402.DefaultLNDTimeout, Settings: map[string]string{"tlsCert": envL402TLSCert},
		Required: []string{envL402LNDURL, envL402Macaroon}},
	{Name: providerTempoRPC, Kind: "payment", Endpoint: envMPPRPCURL,
		Required: []string{envMPPRPCURL}},
	{Name: providerWebsiteFetch, Kind: "website", Required: []string{envWebsiteFetch}}, // intel.go
	// Voice calls' telephony (voice.go, docs/telephony.md).
	twilioSpec, vapiSpec,
}

// knownRails are the values DALIL_RAILS may list (the catalogue's header
// values): the account rails, then the pay-per-call rails, each in the
// catalogue's order.
var knownRails = func() []string {
	var account, perCall []string
	for _, r := range dalil.Rails {
		if r.Type == dalil.RailAccount {
			account = append(account, r.Header)
		} else {
			perCall = append(perCall, r.Header)
		}
	}
	return append(account, perCall...)
}()

// commonFlag is a setting with a flag. Its default in -h output is the
// built-in one, never the environment's value (DALIL_DB may carry a
// password).
type commonFlag struct{ name, env, def, usage string }

var commonFlags = []commonFlag{
	{"addr", "DALIL_ADDR", "127.0.0.1:8080", "listen address"},
	{"db", "DALIL_DB", "dalil.db", "SQLite file or postgres:// URL"},
	{"db-timeout", "DALIL_DB_TIMEOUT", sqlstore.DefaultOpTimeout.String(), "deadline of each database call on a request path"},
	{"base-url", "DALIL_BASE_URL", "", "public base URL for discovery documents; the target of dalil mcp"},
	{"rails", "DALIL_RAILS", "credits,subscription", "enabled payment rails, comma-separated"},
	{"log-level", "DALIL_LOG_LEVEL", "info", "debug, info, warn or error"},
}

// newFlagSet is a command's flag set; the command adds its own flags, then
// calls loadConfig, which adds the common ones.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: dalil %s [flags]\n", name)
		fs.PrintDefaults()
		fmt.Fprintln(stderr, "Flags override DALIL_* environment variables, which override the defaults; see README.")
	}
	return fs
}

// loadConfig adds the common flags to fs, parses args (flags may follow
// positional arguments: "accounts show ID --db x") and returns the
// configuration and the positional arguments. Every invalid value is
// reported, each naming its flag or variable (and never a secret's
// value), in one error.
func loadConfig(fs *flag.FlagSet, args []string, getenv func(string) string) (*Config, []string, error) {
	flags := map[string]*string{}
	for _, f := range commonFlags {
		flags[f.env] = fs.String(f.name, f.def, f.usage+" ("+f.env+")")
	}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	l := &loader{getenv: getenv, flagged: map[string]string{}}
	for _, f := range commonFlags {
		if set[f.name] {
			l.flagged[f.env] = "--" + f.name
			l.flagVals = append(l.flagVals, [2]string{f.env, *flags[f.env]})
		}
		l.defaults = append(l.defaults, [2]string{f.env, f.def})
	}
	cfg := l.load()
	if len(l.errs) > 0 {
		return nil, nil, fmt.Errorf("configuration: %w", errors.Join(l.errs...))
	}
	return cfg, positional, nil
}

// loader reads settings by variable name with their precedence and
// collects every problem.
type loader struct {
	getenv             func(string) string
	flagVals, defaults [][2]string       // (variable, value)
	flagged            map[string]string // variable -> the flag that set it
	errs               []error
}

// str is the setting of variable env: its flag's value if the flag was
// given, else the variable's, else its default.
func (l *loader) str(env string) string {
	for _, kv := range l.flagVals {
		if kv[0] == env {
			return strings.TrimSpace(kv[1])
		}
	}
	if v := strings.TrimSpace(l.getenv(env)); v != "" {
		return v
	}
	for _, kv := range l.defaults {
		if kv[0] == env {
			return kv[1]
		}
	}
	return ""
}

// strOr is str, or def when unset.
func (l *loader) strOr(env, def string) string {
	if v := l.str(env); v != "" {
		return v
	}
	return def
}

// source names where env's value came from, for error messages.
func (l *loader) source(env string) string {
	if f, ok := l.flagged[env]; ok {
		return f
	}
	return env
}

func (l *loader) fail(env, format string, args ...any) {
	l.errs = append(l.errs, fmt.Errorf("%s: "+format, append([]any{l.source(env)}, args...)...))
}

// duration reads a positive duration ("30s"), def when unset.
func (l *loader) duration(env string, def time.Duration) time.Duration {
	v := l.str(env)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		l.fail(env, "must be a positive duration such as 30s, got %q", v)
		return def
	}
	return d
}

// bytes reads a size in bytes: a whole number, with an optional k, m or
// g (KiB, MiB, GiB); 0 when unset.
func (l *loader) bytes(env string) int64 {
	v := strings.ToLower(l.str(env))
	if v == "" {
		return 0
	}
	num, unit := v, int64(1)
	for suffix, u := range map[string]int64{"k": 1 << 10, "m": 1 << 20, "g": 1 << 30} {
		if n, ok := strings.CutSuffix(v, suffix); ok {
			num, unit = n, u
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<40)/unit {
		l.fail(env, "must be a size in bytes such as 0, 268435456 or 256m, got %q", v)
		return 0
	}
	return n * unit
}

// secret reads a secret; with hexOnly, it must be hex (an optional 0x
// prefix allowed). Errors never quote it.
func (l *loader) secret(env string, hexOnly bool) Secret {
	v := l.str(env)
	if v != "" && hexOnly {
		if _, err := hexBytes(env, v); err != nil {
			l.fail(env, "must be hex (the value is not shown)")
		}
	}
	return Secret(v)
}

// url reads an absolute URL with one of schemes. Errors show it with any
// password hidden or, for a provider's endpoint (which may carry a key
// anywhere), not at all.
func (l *loader) url(env string, endpoint bool, schemes ...string) string {
	v := l.str(env)
	if v == "" {
		return ""
	}
	u, err := url.Parse(v)
	if err != nil || !slices.Contains(schemes, strings.ToLower(u.Scheme)) || u.Host == "" {
		got := "got " + Location(v).String()
		if endpoint {
			got = "the value is not shown"
		}
		l.fail(env, "must be an absolute %s URL (%s)", strings.Join(schemes, " or "), got)
	}
	return v
}

// addr reads a host:port listen address.
func (l *loader) addr(env string) string {
	v := l.str(env)
	if v == "" {
		return ""
	}
	if _, _, err := net.SplitHostPort(v); err != nil {
		l.fail(env, "must be host:port, got %q", v)
	}
	return v
}

func (l *loader) load() *Config {
	c := &Config{
		Listen: Listen{
			Addr:         l.addr("DALIL_ADDR"),
			BaseURL:      Location(l.url("DALIL_BASE_URL", false, "http", "https")),
			DebugAddr:    l.addr("DALIL_DEBUG_ADDR"),
			AdminToken:   l.secret("DALIL_ADMIN_TOKEN", false),
			MetricsAddr:  l.addr("DALIL_METRICS_ADDR"),
			MetricsToken: l.secret("DALIL_METRICS_TOKEN", false),
			CallTimeout:  l.duration("DALIL_CALL_TIMEOUT", httpapi.DefaultCallTimeout),
		},
		Storage: Storage{
			DSN:              Location(l.str("DALIL_DB")),
			Timeout:          l.duration("DALIL_DB_TIMEOUT", sqlstore.DefaultOpTimeout),
			IdempotencyLease: l.duration("DALIL_IDEMPOTENCY_LEASE", dalil.IdempotencyLease),
			RedisURL:         Location(l.url("DALIL_REDIS_URL", false, "redis", "rediss", "unix")),
			SQLiteMmap:       l.bytes("DALIL_SQLITE_MMAP"),
		},
		Providers: map[string]Provider{},
		LogLevel:  strings.ToLower(l.str("DALIL_LOG_LEVEL")),
		MCP:       MCPClient{APIKey: l.secret("DALIL_API_KEY", false), PaymentMethod: l.str("DALIL_PAYMENT_METHOD")},
	}
	if c.Listen.Addr == "" {
		l.fail("DALIL_ADDR", "must not be empty")
	}
	if c.Storage.DSN == "" {
		l.fail("DALIL_DB", "must not be empty")
	} else if dsn := string(c.Storage.DSN); strings.Contains(dsn, "://") {
		if u, err := url.Parse(dsn); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			l.fail("DALIL_DB", "must be a SQLite file path or a postgres:// URL, got %s", c.Storage.DSN)
		}
	}
	if v := l.str("DALIL_WARMUP_TIMEOUT"); strings.EqualFold(v, "off") {
		c.Storage.WarmupOff = true
	} else {
		c.Storage.WarmupTimeout = l.duration("DALIL_WARMUP_TIMEOUT", DefaultWarmupTimeout)
	}
	var err error
	if c.Listen.TrustedProxies, err = parseProxies(l.str("DALIL_TRUSTED_PROXIES")); err != nil {
		l.errs = append(l.errs, err)
	}
	if c.RateLimits, err = ratelimit.ParseLimits(l.str("DALIL_RATE_LIMITS")); err != nil {
		l.errs = append(l.errs, err)
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		l.fail("DALIL_LOG_LEVEL", "must be debug, info, warn or error, got %q", c.LogLevel)
	}
	for _, r := range strings.Split(l.str("DALIL_RAILS"), ",") {
		r = strings.ToLower(strings.TrimSpace(r))
		switch {
		case r == "":
		case !slices.Contains(knownRails, r):
			l.fail("DALIL_RAILS", "unknown rail %q; the rails are %s", r, strings.Join(knownRails, ", "))
		case !slices.Contains(c.Rails.Enabled, r):
			c.Rails.Enabled = append(c.Rails.Enabled, r)
		}
	}
	// Each rail's defaults are its package's, filled in here so that
	// `dalil config` shows what is in effect.
	c.Rails.X402 = X402{
		PayTo: l.str(envX402PayTo), Network: l.strOr(envX402Network, x402.DefaultNetwork),
		VerifyTimeout: l.duration(envX402VerifyTimeout, x402.DefaultVerifyTimeout),
		SettleTimeout: l.duration(envX402SettleTimeout, x402.DefaultSettleTimeout),
	}
	c.Rails.L402 = L402{RootKey: l.secret(envL402RootKey, true), BTCUSDRate: l.str(envL402Rate), Network: l.strOr(envL402Network, l402.DefaultNetwork)}
	c.Rails.MPP = MPP{
		SecretKey: l.secret(envMPPSecret, true), Realm: l.str(envMPPRealm), Recipient: l.str(envMPPRecipient),
		Network: l.strOr(envMPPNetwork, mpp.DefaultNetwork), PayeeKey: l.secret(envMPPPayeeKey, true),
		SettleTimeout: l.duration(envMPPSettleTimeout, mpp.DefaultSettleTimeout),
		ChallengeTTL:  l.duration(envMPPChallengeTTL, mpp.DefaultChallengeTTL),
		Escrow:        l.str(envMPPEscrow), ChannelIdle: l.duration(envMPPChannelIdle, mpp.DefaultChannelIdle),
	}
	c.Rails.Funding = l.funding(c.Rails.Enabled)
	if on, err := switchOn(envMPPChannels, l.str(envMPPChannels)); err != nil {
		l.errs = append(l.errs, err)
	} else {
		c.Rails.MPP.Channels = on || c.Rails.MPP.Escrow != ""
	}
	for _, spec := range providerSpecs() {
		c.Providers[spec.Name] = l.provider(spec)
	}
	c.Voice = l.voice(c) // and the "telephony" provider (voice.go)
	// The sanctions lists' sync (sanctionsync.go).
	c.SanctionsSync = l.sanctionsSync()
	c.SanctionsAge = l.sanctionsAge() // (freshness.go)
	return c
}

// provider reads one provider's settings.
func (l *loader) provider(spec module.Provider) Provider {
	p := Provider{Kind: spec.Kind, Endpoint: Endpoint(l.url(spec.Endpoint, true, "http", "https"))}
	if spec.Credential != "" {
		p.Credential = l.secret(spec.Credential, spec.HexCredential)
	}
	if spec.Timeout != "" {
		p.Timeout = l.duration(spec.Timeout, spec.DefaultTimeout)
	}
	for name, env := range spec.Settings {
		if v := l.str(env); v != "" {
			if p.Settings == nil {
				p.Settings = map[string]string{}
			}
			p.Settings[name] = v
		}
	}
	// A vendor's call budget (the company intelligence providers'
	// DALIL_<P>_BUDGET, vendorSpec) is refused when malformed.
	if env, ok := spec.Settings["budget"]; ok && p.Settings["budget"] != "" {
		if _, err := client.ParseBudget(p.Settings["budget"]); err != nil {
			l.fail(env, "must be CALLS/PERIOD such as 1000/24h, got %q", p.Settings["budget"])
		}
	}
	for _, env := range spec.Required {
		if l.str(env) == "" {
			p.Missing = append(p.Missing, env)
		}
	}
	p.Configured = len(p.Missing) == 0
	return p
}

// RailMissing names the variables a pay-per-call rail still needs (its
// own and its provider's), in the order an operator would set them; none
// means it is configured. Credits and subscription need nothing.
func (c *Config) RailMissing(rail string) []string {
	var out []string
	need := func(v, env string) {
		if strings.TrimSpace(v) == "" {
			out = append(out, env)
		}
	}
	provider := func(name string) {
		p, ok := c.Providers[name]
		if !ok {
			out = append(out, "provider "+name)
			return
		}
		out = append(out, p.Missing...)
		if !p.Configured && len(p.Missing) == 0 {
			out = append(out, "provider "+name)
		}
	}
	switch rail {
	case dalil.RailX402:
		need(c.Rails.X402.PayTo, envX402PayTo)
		provider(providerX402Facilitator)
	case dalil.RailL402:
		provider(providerLightningNode)
		need(c.Rails.L402.RootKey.Reveal(), envL402RootKey)
		need(c.Rails.L402.BTCUSDRate, envL402Rate)
	case dalil.RailMPP:
		need(c.Rails.MPP.SecretKey.Reveal(), envMPPSecret)
		need(c.Rails.MPP.Realm, envMPPRealm)
		need(c.Rails.MPP.Recipient, envMPPRecipient)
		provider(providerTempoRPC)
	}
	return out
}

// railOn reports whether rail is enabled in DALIL_RAILS.
func (c *Config) railOn(rail string) bool { return slices.Contains(c.Rails.Enabled, rail) }

func logger(level string, w io.Writer) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}

// parseProxies reads DALIL_TRUSTED_PROXIES: addresses or CIDRs, comma-separated.
func parseProxies(s string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			ip := net.ParseIP(part)
			if ip == nil {
				return nil, fmt.Errorf("DALIL_TRUSTED_PROXIES: %q is not an address or CIDR", part)
			}
			bits := 128
			if ip.To4() != nil {
				bits = 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(part)
		if err != nil {
			return nil, fmt.Errorf("DALIL_TRUSTED_PROXIES: %q is not an address or CIDR", part)
		}
		out = append(out, n)
	}
	return out, nil
}
