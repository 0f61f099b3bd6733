package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"dalil"
	"dalil/capability"
)

// runConfig is `dalil config`: the effective configuration (flags over
// DALIL_* over defaults), a setting a line (--json: as JSON), with every
// secret hidden, under a status
// block that says what is switched on and what each dataset holds, and so
// each capability's status. It calls no provider; it reads the database
// when one exists (a SQLite file that is not there is not created), so it
// is safe to run beside a live service.
func runConfig(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("config", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	cfg, rest, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("config: unexpected argument %q", rest[0])
	}
	ds, closeDB, dbErr := configDatasets(cfg)
	defer closeDB()
	report, err := describe(cfg, ds)
	if dbErr != nil {
		for name := range report.Status.Datasets {
			report.Status.Datasets[name] = "unknown: the database could not be read (" + dbErr.Error() + ")"
		}
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, report)
	}
	// The table is the same document, a setting a line.
	var doc bytes.Buffer
	if err := writeJSON(&doc, report); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	if err := writeFields(tw, "", doc.Bytes()); err != nil {
		return err
	}
	return tw.Flush()
}

// configDatasets reads what the datasets of cfg's database hold. With no
// database (a SQLite file that does not exist) it returns nil: every
// dataset is then missing.
func configDatasets(cfg *Config) (*datasetSupply, func(), error) {
	dsn := string(cfg.Storage.DSN)
	if !strings.Contains(dsn, "://") {
		path := strings.TrimPrefix(dsn, "file:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if _, err := os.Stat(path); err != nil {
			return nil, func() {}, nil
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	store, err := openStore(ctx, cfg, log)
	if err != nil {
		return nil, func() {}, err
	}
	ds := newDatasetSupply(datasetImporters(store), log)
	ds.Refresh(ctx)
	return ds, func() { store.Close() }, nil
}

// writeJSON writes v indented, map keys sorted and durations in words
// ("5s", not nanoseconds).
func writeJSON(w io.Writer, v any) error {
	durations := json.MarshalFunc(func(d time.Duration) ([]byte, error) { return json.Marshal(d.String()) })
	if err := json.MarshalWrite(w, v, json.Deterministic(true), json.WithMarshalers(durations), jsontext.WithIndent("  ")); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// configReport is what `dalil config` prints.
type configReport struct {
	Status configStatus `json:"status"`
	Config *Config      `json:"config"`
}

// configStatus says, in words, what cfg switches on.
type configStatus struct {
	Database     string            `json:"database"`
	AdminAPI     string            `json:"adminAPI"`
	RateLimits   string            `json:"rateLimits"`
	Profiler     string            `json:"profiler"`
	Metrics      string            `json:"metrics"`
	Rails        map[string]string `json:"rails"`
	Providers    map[string]string `json:"providers"`
	Datasets     map[string]string `json:"datasets"`
	Capabilities map[string]string `json:"capabilities"`
}

// describe builds the report of cfg.
func describe(cfg *Config, ds *datasetSupply) (configReport, error) {
	st := configStatus{
		Database: "sqlite file " + string(cfg.Storage.DSN), AdminAPI: "off (DALIL_ADMIN_TOKEN unset)",
		RateLimits: "in-process", Profiler: "off",
		Rails: map[string]string{}, Providers: map[string]string{}, Datasets: map[string]string{}, Capabilities: map[string]string{},
	}
	if strings.Contains(string(cfg.Storage.DSN), "://") {
		st.Database = "postgresql (replicas share state)"
	}
	if cfg.Listen.AdminToken != "" {
		st.AdminAPI = "on"
	}
	if cfg.Storage.RedisURL != "" {
		st.RateLimits = "shared through Redis"
	}
	if cfg.Listen.DebugAddr != "" {
		st.Profiler = "on " + cfg.Listen.DebugAddr
	}
	st.Metrics = metricsStatus(cfg)
	for _, r := range knownRails {
		missing := cfg.RailMissing(r)
		switch {
		case !cfg.railOn(r) && len(missing) == 0 && r != dalil.MethodCredits && r != dalil.MethodSubscription:
			st.Rails[r] = "off: configured but not listed in DALIL_RAILS"
		case !cfg.railOn(r):
			st.Rails[r] = "off"
		case len(missing) > 0:
			st.Rails[r] = "off: listed, but missing " + strings.Join(missing, ", ")
		default:
			st.Rails[r] = "on"
		}
	}
	for name, p := range cfg.Providers {
		st.Providers[name] = "configured"
		if !p.Configured {
			st.Providers[name] = "not configured (missing " + strings.Join(p.Missing, ", ") + "): never called"
		}
	}
	for _, d := range datasets() {
		st.Datasets[d.Name] = "not imported"
		if ds != nil {
			st.Datasets[d.Name] = ds.State(d.Name).words()
		}
	}
	reg, err := registry(deps{configured: configured(cfg), supply: supplyOf(cfg, ds)})
	if err != nil {
		return configReport{}, err
	}
	for _, e := range reg.Callable() {
		st.Capabilities[e.ID] = capabilityWords(e.State())
	}
	return configReport{Status: st, Config: cfg}, nil
}

// capabilityWords is a capability's status for people: "available",
// "demo: synthetic comparables only", "unconfigured: needs the comparables
// dataset (import it: dalil comparables import ...)".
func capabilityWords(st capability.State) string {
	switch st.Status {
	case capability.StatusDemo:
		names := make([]string, len(st.Synthetic))
		for i, r := range st.Synthetic {
			names[i] = r.Name
		}
		return "demo: answers from synthetic " + strings.Join(names, ", ") + " data only, not charged"
	case capability.StatusUnconfigured:
		parts := make([]string, len(st.Missing))
		for i, m := range st.Missing {
			parts[i] = m.String()
			if m.Hint != "" {
				parts[i] += " (" + m.Hint + ")"
			}
		}
		return "unconfigured: needs " + strings.Join(parts, " and ")
	}
	return string(st.Status)
}

// redacted is what a hidden value shows.
const redacted = "[redacted]"

// Secret is a setting that is never shown: formatting, logging or
// marshalling it gives "[redacted]" ("" when unset). Reveal gives the
// value to the code that uses it.
type Secret string

// Reveal returns the secret itself, for the client that sends it.
func (s Secret) Reveal() string { return string(s) }

func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return redacted
}

// Format hides the secret under every verb (%v, %s, %q, %x, %#v).
func (s Secret) Format(f fmt.State, verb rune) { fmt.Fprint(f, s.String()) }

// MarshalText hides the secret in JSON, including slog's.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// LogValue hides the secret in any slog handler.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// Location is a URL or a file path (a database, Redis, a public base URL)
// shown with its password and any credential-looking query value hidden.
type Location string

func (l Location) String() string { return hideSecrets(string(l), false) }

func (l Location) Format(f fmt.State, verb rune) { fmt.Fprint(f, l.String()) }

func (l Location) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

func (l Location) LogValue() slog.Value { return slog.StringValue(l.String()) }

// Endpoint is a provider's URL, shown as its scheme and host only: RPC
// and API vendors put keys in the path (…/v3/<key>) as well as in the
// query and user info.
type Endpoint string

func (e Endpoint) String() string { return hideSecrets(string(e), true) }

func (e Endpoint) Format(f fmt.State, verb rune) { fmt.Fprint(f, e.String()) }

func (e Endpoint) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

func (e Endpoint) LogValue() slog.Value { return slog.StringValue(e.String()) }

// Proxies are the trusted proxies' networks, shown in CIDR notation.
type Proxies []*net.IPNet

func (p Proxies) MarshalJSON() ([]byte, error) {
	out := make([]string, len(p))
	for i, n := range p {
		out[i] = n.String()
	}
	return json.Marshal(out)
}

// hideSecrets shows raw with secrets hidden: the password of its user info
// and the values of query parameters whose names suggest a credential;
// with hostOnly, only its scheme and host ("…" for a path or a query), and
// nothing of a value that is not such a URL. Otherwise a value that is
// not a URL (a file path) is shown as it is, unless it looks like a URL
// that failed to parse, which is hidden whole.
func hideSecrets(raw string, hostOnly bool) string {
	if raw == "" {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil {
		if strings.Contains(raw, "://") || strings.Contains(raw, "@") {
			return "(unparsable URL, hidden)"
		}
		return raw
	}
	if hostOnly && (u.Scheme == "" || u.Host == "") {
		return "(not a URL, hidden)"
	}
	if u.Scheme == "" || (u.Host == "" && u.User == nil && u.RawQuery == "") {
		return raw // a file path
	}
	if hostOnly {
		s := u.Scheme + "://"
		if u.User != nil {
			s += redacted + "@"
		}
		s += u.Host
		if u.Path != "" && u.Path != "/" || u.Opaque != "" {
			s += "/…"
		}
		if u.RawQuery != "" {
			s += "?…"
		}
		return s
	}
	if u.User != nil {
		if _, ok := u.User.Password(); ok {
			u.User = url.UserPassword(u.User.Username(), redacted)
		}
	}
	if u.RawQuery != "" {
		q := u.Query()
		keys := make([]string, 0, len(q))
		for k := range q {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			for _, v := range q[k] {
				if secretParam(k) {
					v = redacted
				}
				parts = append(parts, url.QueryEscape(k)+"="+url.QueryEscape(v))
			}
		}
		u.RawQuery = strings.Join(parts, "&")
	}
	u.Fragment, u.RawFragment = "", ""
	s := u.String()
	return strings.ReplaceAll(s, url.QueryEscape(redacted), redacted)
}

// secretParam reports whether a query parameter's name suggests a
// credential (password, sslpassword, token, api_key, secret, sig, ...).
func secretParam(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"pass", "pwd", "secret", "token", "key", "auth", "sig", "macaroon", "credential", "session"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}
