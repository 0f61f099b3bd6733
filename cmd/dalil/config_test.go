package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/capability"
	"dalil/ratelimit"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// TestLoadConfigPrecedence: flags over DALIL_* over defaults, setting by
// setting.
func TestLoadConfigPrecedence(t *testing.T) {
	type view struct {
		Addr, DSN, BaseURL, LogLevel string
		DBTimeout, CallTimeout       time.Duration
		Rails                        []string
		Args                         []string
	}
	see := func(c *Config, args []string) view {
		return view{c.Listen.Addr, string(c.Storage.DSN), string(c.Listen.BaseURL), c.LogLevel,
			c.Storage.Timeout, c.Listen.CallTimeout, c.Rails.Enabled, args}
	}
	env := map[string]string{
		"DALIL_ADDR": "127.0.0.1:9999", "DALIL_DB": "/env.db", "DALIL_DB_TIMEOUT": "2s", "DALIL_BASE_URL": "https://env.example",
		"DALIL_RAILS": "credits", "DALIL_LOG_LEVEL": "warn", "DALIL_CALL_TIMEOUT": "30s",
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want view
	}{
		{"defaults", nil, nil, view{"127.0.0.1:8080", "dalil.db", "", "info", 5 * time.Second, 45 * time.Second, []string{"credits", "subscription"}, nil}},
		{"environment over defaults", env, nil, view{"127.0.0.1:9999", "/env.db", "https://env.example", "warn", 2 * time.Second, 30 * time.Second, []string{"credits"}, nil}},
		{"flags over environment", env,
			[]string{"--addr", "127.0.0.1:7", "--db", "/flag.db", "--db-timeout", "750ms", "--base-url", "https://flag.example", "--rails", "subscription, X402,x402", "--log-level", "ERROR"},
			view{"127.0.0.1:7", "/flag.db", "https://flag.example", "error", 750 * time.Millisecond, 30 * time.Second, []string{"subscription", "x402"}, nil}},
		{"a flag given its default value still wins", env, []string{"--db", "dalil.db", "--db-timeout", "5s"},
			view{"127.0.0.1:9999", "dalil.db", "https://env.example", "warn", 5 * time.Second, 30 * time.Second, []string{"credits"}, nil}},
		{"blank variables count as unset", map[string]string{"DALIL_DB": "  ", "DALIL_DB_TIMEOUT": ""}, nil,
			view{"127.0.0.1:8080", "dalil.db", "", "info", 5 * time.Second, 45 * time.Second, []string{"credits", "subscription"}, nil}},
		{"flags after positional arguments", env, []string{"acct_1", "--db", "/flag.db", "key_2"},
			view{"127.0.0.1:9999", "/flag.db", "https://env.example", "warn", 2 * time.Second, 30 * time.Second, []string{"credits"}, []string{"acct_1", "key_2"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, args, err := loadConfig(newFlagSet("serve", io.Discard), tc.args, envOf(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, see(cfg, args)); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLoadConfigDefaults: what an operator who sets nothing gets.
func TestLoadConfigDefaults(t *testing.T) {
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ratelimit.Defaults(), cfg.RateLimits); diff != "" {
		t.Errorf("rate limits (-want +got):\n%s", diff)
	}
	if cfg.Storage.WarmupTimeout != DefaultWarmupTimeout || cfg.Storage.WarmupOff || cfg.Storage.SQLiteMmap != 0 {
		t.Errorf("warm-up %v (off %v), SQLite mmap %d; want %v, on, none", cfg.Storage.WarmupTimeout, cfg.Storage.WarmupOff, cfg.Storage.SQLiteMmap, DefaultWarmupTimeout)
	}
	if cfg.Storage.IdempotencyLease != time.Minute || cfg.Listen.AdminToken != "" || cfg.Storage.RedisURL != "" {
		t.Errorf("storage %+v, admin token set %v", cfg.Storage, cfg.Listen.AdminToken != "")
	}
	for name, p := range cfg.Providers {
		if p.Configured {
			t.Errorf("provider %s configured with no variable set", name)
		}
	}
}

// TestLoadConfigStorageSizes: DALIL_SQLITE_MMAP in bytes or with a
// unit, and DALIL_WARMUP_TIMEOUT as a duration or off.
func TestLoadConfigStorageSizes(t *testing.T) {
	for _, tc := range []struct {
		env     map[string]string
		mmap    int64
		timeout time.Duration
		off     bool
	}{
		{map[string]string{"DALIL_SQLITE_MMAP": "0"}, 0, DefaultWarmupTimeout, false},
		{map[string]string{"DALIL_SQLITE_MMAP": "268435456"}, 1 << 28, DefaultWarmupTimeout, false},
		{map[string]string{"DALIL_SQLITE_MMAP": "256m"}, 1 << 28, DefaultWarmupTimeout, false},
		{map[string]string{"DALIL_SQLITE_MMAP": "2G", "DALIL_WARMUP_TIMEOUT": "30s"}, 2 << 30, 30 * time.Second, false},
		{map[string]string{"DALIL_SQLITE_MMAP": "64k", "DALIL_WARMUP_TIMEOUT": "off"}, 64 << 10, 0, true},
	} {
		cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(tc.env))
		if err != nil {
			t.Fatalf("%v: %v", tc.env, err)
		}
		if s := cfg.Storage; s.SQLiteMmap != tc.mmap || s.WarmupTimeout != tc.timeout || s.WarmupOff != tc.off {
			t.Errorf("%v: mmap %d, warm-up %v off %v; want %d, %v, %v", tc.env, s.SQLiteMmap, s.WarmupTimeout, s.WarmupOff, tc.mmap, tc.timeout, tc.off)
		}
	}
}

// TestLoadConfigRejects: an invalid value is refused at load time with a
// message naming where it came from (flag or variable), never quoting a
// secret; several bad values are all reported at once.
func TestLoadConfigRejects(t *testing.T) {
	const secret = "Sup3rSecretValue"
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want []string
	}{
		{"timeout without unit", map[string]string{"DALIL_DB_TIMEOUT": "5"}, nil, []string{"DALIL_DB_TIMEOUT", "positive duration"}},
		{"negative timeout by flag", map[string]string{"DALIL_DB_TIMEOUT": "1s"}, []string{"--db-timeout", "-1s"}, []string{"--db-timeout", "positive duration"}},
		{"call timeout", map[string]string{"DALIL_CALL_TIMEOUT": "soon"}, nil, []string{"DALIL_CALL_TIMEOUT"}},
		{"idempotency lease", map[string]string{"DALIL_IDEMPOTENCY_LEASE": "0s"}, nil, []string{"DALIL_IDEMPOTENCY_LEASE"}},
		{"log level", map[string]string{"DALIL_LOG_LEVEL": "loud"}, nil, []string{"DALIL_LOG_LEVEL", `"loud"`}},
		{"warm-up timeout", map[string]string{"DALIL_WARMUP_TIMEOUT": "0"}, nil, []string{"DALIL_WARMUP_TIMEOUT", "positive duration"}},
		{"SQLite mmap", map[string]string{"DALIL_SQLITE_MMAP": "2 GB"}, nil, []string{"DALIL_SQLITE_MMAP", `"2 gb"`}},
		{"negative SQLite mmap", map[string]string{"DALIL_SQLITE_MMAP": "-1"}, nil, []string{"DALIL_SQLITE_MMAP"}},
		{"unknown rail", nil, []string{"--rails", "credits,bitcoin"}, []string{"--rails", `"bitcoin"`}},
		{"listen address", map[string]string{"DALIL_ADDR": "8080"}, nil, []string{"DALIL_ADDR", "host:port"}},
		{"database URL scheme", map[string]string{"DALIL_DB": "mysql://root:" + secret + "@db/x"}, nil, []string{"DALIL_DB", "postgres://"}},
		{"Redis URL scheme", map[string]string{"DALIL_REDIS_URL": "http://:" + secret + "@cache"}, nil, []string{"DALIL_REDIS_URL", "redis"}},
		{"base URL scheme", map[string]string{"DALIL_BASE_URL": "ftp://agent:" + secret + "@host"}, nil, []string{"DALIL_BASE_URL", "http or https", "ftp://agent:[redacted]@host"}},
		{"trusted proxies", map[string]string{"DALIL_TRUSTED_PROXIES": "lb.internal"}, nil, []string{"DALIL_TRUSTED_PROXIES"}},
		{"rate limits", map[string]string{"DALIL_RATE_LIMITS": "free=lots"}, nil, []string{"DALIL_RATE_LIMITS"}},
		{"hex secret", map[string]string{envL402RootKey: "zz" + secret}, nil, []string{envL402RootKey, "hex"}},
		{"hex credential", map[string]string{envL402Macaroon: secret}, nil, []string{envL402Macaroon, "hex"}},
		{"provider URL", map[string]string{envX402Facilitator: "facilitator.example/" + secret}, nil, []string{envX402Facilitator, "not shown"}},
		{"provider URL with a bad scheme", map[string]string{envMPPRPCURL: "wss://rpc.example/v3/" + secret}, nil, []string{envMPPRPCURL}},
		{"switch", map[string]string{envMPPChannels: "maybe"}, nil, []string{envMPPChannels}},
		{"every problem at once", map[string]string{"DALIL_LOG_LEVEL": "loud", "DALIL_DB_TIMEOUT": "x", envMPPSecret: secret}, nil,
			[]string{"DALIL_LOG_LEVEL", "DALIL_DB_TIMEOUT", envMPPSecret}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := loadConfig(newFlagSet("serve", io.Discard), tc.args, envOf(tc.env))
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error quotes a secret: %q", err)
			}
		})
	}
}

// secretEnv sets every setting that holds a secret, each to a distinct
// value, and configures every rail and provider, so `dalil config` has
// everything to show and everything to hide.
func secretEnv() (env map[string]string, secrets []string) {
	s := map[string]string{
		"admin":     "admin-token-9f8e7d",
		"metrics":   "metrics-token-6a5b4c",
		"apikey":    "dk_live_mcpkeyvalue1234567890",
		"dbpass":    "db-pass-4c3b2a",
		"dbquery":   "db-query-pass-1a2b",
		"redispass": "redis-pass-77aa",
		"basepass":  "base-pass-5e5e",
		"root":      "aa11bb22cc33dd44ee55ff6677889900aa11bb22cc33dd44ee55ff6677889900",
		"macaroon":  "0201036c6e640258030a10deadbeefcafe0011223344556677",
		"mppsecret": "bb11bb22cc33dd44ee55ff6677889900aa11bb22cc33dd44ee55ff66778899ab",
		"payee":     "cc11bb22cc33dd44ee55ff6677889900aa11bb22cc33dd44ee55ff66778899cd",
		"factoken":  "facilitator-token-31337",
		"rpcpath":   "rpcpathkey0123456789abcdef",
		"facquery":  "facquerykey4242",
	}
	env = map[string]string{
		"DALIL_ADMIN_TOKEN":    s["admin"],
		"DALIL_METRICS_TOKEN":  s["metrics"],
		"DALIL_API_KEY":        s["apikey"],
		"DALIL_DB":             "postgres://dalil:" + s["dbpass"] + "@db.internal:5432/dalil?sslmode=require&password=" + s["dbquery"],
		"DALIL_REDIS_URL":      "redis://:" + s["redispass"] + "@cache.internal:6379/0",
		"DALIL_BASE_URL":       "https://agent:" + s["basepass"] + "@api.example",
		"DALIL_RAILS":          "credits,subscription,x402,l402",
		envX402PayTo:           "0x1111111111111111111111111111111111111111",
		envX402Facilitator:     "https://facilitator.example/x402?api_key=" + s["facquery"],
		envX402Token:           s["factoken"],
		envL402LNDURL:          "https://lnd.internal:8080",
		envL402Macaroon:        s["macaroon"],
		envL402RootKey:         "0x" + s["root"],
		envL402Rate:            "100000",
		envMPPSecret:           s["mppsecret"],
		envMPPRealm:            "dalil.example",
		envMPPRecipient:        "0x2222222222222222222222222222222222222222",
		envMPPPayeeKey:         s["payee"],
		envMPPRPCURL:           "https://rpc.example/v3/" + s["rpcpath"],
		"DALIL_PAYMENT_METHOD": "credits",
	}
	for _, v := range s {
		secrets = append(secrets, v)
	}
	return env, secrets
}

// leaks returns the secrets found in out, in any case.
func leaks(out string, secrets []string) []string {
	var found []string
	low := strings.ToLower(out)
	for _, s := range secrets {
		if strings.Contains(low, strings.ToLower(s)) {
			found = append(found, s)
		}
	}
	return found
}

// TestDalilConfigRedactsEverySecret runs `dalil config` with every secret
// set and fails if any of them appears anywhere in what it prints, while
// the output still says what is switched on.
func TestDalilConfigRedactsEverySecret(t *testing.T) {
	env, secrets := secretEnv()
	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"from the environment", []string{"config", "--json"}, env},
		{"with the database from a flag", []string{"config", "--json", "--db", env["DALIL_DB"], "--base-url", env["DALIL_BASE_URL"]}, env},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if err := run(context.Background(), tc.args, envOf(tc.env), nil, &stdout, &stderr); err != nil {
				t.Fatalf("dalil config: %v\n%s", err, stderr.String())
			}
			out := stdout.String() + stderr.String()
			if found := leaks(out, secrets); len(found) > 0 {
				t.Fatalf("dalil config printed %d secret(s) %q:\n%s", len(found), found, out)
			}
			var got struct {
				Status configStatus `json:"status"`
				Config struct {
					Listen    map[string]any            `json:"listen"`
					Storage   map[string]any            `json:"storage"`
					Providers map[string]map[string]any `json:"providers"`
				} `json:"config"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			// What is switched on is still plain to see.
			wantRails := map[string]string{
				"credits": "on", "subscription": "on", "x402": "on", "l402": "on",
				"mpp": "off: configured but not listed in DALIL_RAILS",
			}
			if diff := cmp.Diff(wantRails, got.Status.Rails); diff != "" {
				t.Errorf("rails (-want +got):\n%s", diff)
			}
			for _, p := range []string{providerX402Facilitator, providerLightningNode, providerTempoRPC} {
				if got.Status.Providers[p] != "configured" || got.Config.Providers[p]["credential"] == "" && p != providerTempoRPC {
					t.Errorf("provider %s: %q, %v", p, got.Status.Providers[p], got.Config.Providers[p])
				}
			}
			if got.Status.AdminAPI != "on" || got.Status.RateLimits != "shared through Redis" || got.Config.Listen["adminToken"] != redacted {
				t.Errorf("status %+v, admin token shown as %v", got.Status, got.Config.Listen["adminToken"])
			}
			for k, want := range map[string]string{
				"dsn":      "postgres://dalil:[redacted]@db.internal:5432/dalil?password=[redacted]&sslmode=require",
				"redisURL": "redis://:[redacted]@cache.internal:6379/0",
			} {
				if got.Config.Storage[k] != want {
					t.Errorf("%s shown as %v, want %s", k, got.Config.Storage[k], want)
				}
			}
			if ep := got.Config.Providers[providerTempoRPC]["endpoint"]; ep != "https://rpc.example/…" {
				t.Errorf("RPC endpoint shown as %v", ep)
			}
		})
	}
	// The table, the default, is the same document a setting a line.
	var table bytes.Buffer
	if err := run(context.Background(), []string{"config"}, envOf(env), nil, &table, io.Discard); err != nil {
		t.Fatal(err)
	}
	if found := leaks(table.String(), secrets); len(found) > 0 {
		t.Fatalf("dalil config's table printed %d secret(s) %q:\n%s", len(found), found, table.String())
	}
	if !regexp.MustCompile(`(?m)^status\.rails\.x402\s+on$`).MatchString(table.String()) || !strings.Contains(table.String(), "[redacted]") {
		t.Errorf("dalil config's table:\n%s", table.String())
	}
}

// TestConfigValueHidesSecrets: the Config value itself hides its secrets
// however it is printed or logged, so a future log line or error that
// includes it cannot leak them.
func TestConfigValueHidesSecrets(t *testing.T) {
	env, secrets := secretEnv()
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("config", "config", cfg, "token", cfg.Listen.AdminToken, "dsn", cfg.Storage.DSN)
	slog.New(slog.NewTextHandler(&logs, nil)).Info("config", "config", cfg, "token", cfg.Listen.AdminToken, "rpc", cfg.Providers[providerTempoRPC].Endpoint)
	for name, out := range map[string]string{
		"%v":   fmt.Sprintf("%v", cfg),
		"%+v":  fmt.Sprintf("%+v", *cfg),
		"%#v":  fmt.Sprintf("%#v", *cfg),
		"%s":   fmt.Sprintf("%s %s %s", cfg.Listen.AdminToken, cfg.Rails.L402.RootKey, cfg.Storage.DSN),
		"%q/x": fmt.Sprintf("%q %x %X", cfg.Rails.MPP.SecretKey, cfg.Rails.MPP.PayeeKey, cfg.MCP.APIKey),
		"slog": logs.String(),
	} {
		if found := leaks(out, secrets); len(found) > 0 {
			t.Errorf("%s printed secret(s) %q:\n%s", name, found, out)
		}
	}
	if cfg.Listen.AdminToken.Reveal() != env["DALIL_ADMIN_TOKEN"] {
		t.Error("Reveal does not give the secret back")
	}
}

// TestHideSecrets: URLs and paths as shown.
func TestHideSecrets(t *testing.T) {
	for _, tc := range []struct {
		raw      string
		hostOnly bool
		want     string
	}{
		{"dalil.db", false, "dalil.db"},
		{"/var/lib/dalil/dalil.db", false, "/var/lib/dalil/dalil.db"},
		{"postgres://postgres@127.0.0.1:5432/test?sslmode=disable", false, "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"},
		{"postgres://u:p@h/db?sslpassword=x&application_name=dalil", false, "postgres://u:[redacted]@h/db?application_name=dalil&sslpassword=[redacted]"},
		{"https://api.example/path?token=abc&q=1#frag", false, "https://api.example/path?q=1&token=[redacted]"},
		{"postgres://u:p@h:bad port/db", false, "(unparsable URL, hidden)"},
		{"https://rpc.example/v3/key", true, "https://rpc.example/…"},
		{"https://u:p@rpc.example/?k=v", true, "https://[redacted]@rpc.example?…"},
		{"https://facilitator.example", true, "https://facilitator.example"},
		{"", true, ""},
		{"rpc.example/v3/key", true, "(not a URL, hidden)"},
	} {
		if got := hideSecrets(tc.raw, tc.hostOnly); got != tc.want {
			t.Errorf("hideSecrets(%q, %v) = %q, want %q", tc.raw, tc.hostOnly, got, tc.want)
		}
	}
}

// TestConfigBuiltDirectly: a Config written by hand, with only what the
// test cares about, builds a working server; its Providers decide the
// capability statuses.
func TestConfigBuiltDirectly(t *testing.T) {
	cfg := &Config{
		Listen:  Listen{Addr: "127.0.0.1:0"},
		Storage: Storage{DSN: Location(filepath.Join(t.TempDir(), "dalil.db")), Timeout: 2 * time.Second},
		Rails:   Rails{Enabled: []string{"credits"}},
		Providers: map[string]Provider{
			"websearch": {Kind: "web_search", Configured: true},
			"registry":  {Kind: "registry", Configured: false, Missing: []string{"DALIL_REGISTRY_URL"}},
		},
		LogLevel: "error",
	}
	svc, err := buildServer(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	svc.Close()

	on := configured(cfg)
	for _, tc := range []struct {
		req  capability.Requirement
		want bool
	}{
		{capability.NeedsProvider("websearch"), true},
		{capability.NeedsProvider("registry"), false},
		{capability.NeedsProvider("telephony"), false},
		{capability.NeedsDataset("comparables"), false}, // datasets are read from the data: supplyOf
		{capability.NeedsDataset("sanctions"), false},
		{capability.Requirement{Kind: "other", Name: "websearch"}, false},
	} {
		if got := on(tc.req); got != tc.want {
			t.Errorf("configured(%v) = %v, want %v", tc.req, got, tc.want)
		}
	}
}

// TestRailMissing: a pay-per-call rail needs its own settings and its
// provider's, named by variable.
func TestRailMissing(t *testing.T) {
	env, _ := secretEnv()
	full, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range knownRails {
		if m := full.RailMissing(r); len(m) > 0 {
			t.Errorf("%s missing %v with everything set", r, m)
		}
	}
	delete(env, envMPPRPCURL)
	delete(env, envMPPRealm)
	delete(env, envX402PayTo)
	part, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{envMPPRealm, envMPPRPCURL}, part.RailMissing("mpp")); diff != "" {
		t.Errorf("mpp missing (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{envX402PayTo}, part.RailMissing("x402")); diff != "" {
		t.Errorf("x402 missing (-want +got):\n%s", diff)
	}
	if m := (&Config{}).RailMissing("l402"); len(m) != 3 || m[0] != "provider "+providerLightningNode {
		t.Errorf("l402 on an empty Config: missing %v", m)
	}
}

// TestSQLiteMmapReachesTheStore: DALIL_SQLITE_MMAP sets the readers'
// mmap_size of the store serve opens; unset, none.
func TestSQLiteMmapReachesTheStore(t *testing.T) {
	for _, tc := range []struct {
		set  string
		want int64
	}{{"", 0}, {"1m", 1 << 20}} {
		env := map[string]string{"DALIL_DB": filepath.Join(t.TempDir(), "mmap.db"), "DALIL_SQLITE_MMAP": tc.set}
		cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(env))
		if err != nil {
			t.Fatal(err)
		}
		st, err := openStore(context.Background(), cfg, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		var got int64
		err = st.DB().Read().QueryRow(`PRAGMA mmap_size`).Scan(&got)
		st.Close()
		if err != nil || got != tc.want {
			t.Errorf("DALIL_SQLITE_MMAP=%q: readers' mmap_size %d, %v; want %d", tc.set, got, err, tc.want)
		}
	}
}
