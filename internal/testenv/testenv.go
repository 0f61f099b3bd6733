// Package testenv finds the services that integration tests use:
// PostgreSQL and Redis at their usual local addresses, overridable with
// DALIL_TEST_POSTGRES and DALIL_TEST_REDIS. A missing service skips the
// test with a loud line, except when DALIL_REQUIRE_SERVICES=1 (set by
// .ci/run), where it fails.
//
// A skip line shows only with go test -v, so each package whose tests use
// a service has a TestMain that calls [Main], which reports after the run
// how many tests each missing service skipped.
package testenv

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"maps"
	"net"
	"net/url"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
)

// skips records, per missing service, the tests it skipped and why.
var skips struct {
	sync.Mutex
	byService map[string]*skipped
}

type skipped struct {
	tests map[string]bool // test names
	cause string
}

func recordSkip(t testing.TB, what string, err error) {
	skips.Lock()
	defer skips.Unlock()
	if skips.byService == nil {
		skips.byService = map[string]*skipped{}
	}
	s := skips.byService[what]
	if s == nil {
		s = &skipped{tests: map[string]bool{}, cause: err.Error()}
		skips.byService[what] = s
	}
	s.tests[t.Name()] = true
}

// Main runs a package's tests, then writes one line per missing service
// to stderr ("SKIPPED: 7 tests need PostgreSQL at ...; set
// DALIL_REQUIRE_SERVICES=1 to fail instead") and exits with the tests'
// status. Use it as the whole TestMain of every package whose tests call
// Postgres or Redis:
//
//	func TestMain(m *testing.M) { testenv.Main(m) }
//
// go test ./... discards the output of a package that passes unless -v is
// given, stderr and TestMain's included, so without -v the lines are also
// written to the terminal (/dev/tty), which go test does not capture. With
// no terminal (CI) they stay in stderr only, where -v or a failure shows
// them. go test caches a passing run, skips and all: after starting a
// service, run with -count=1 (or DALIL_REQUIRE_SERVICES=1, which is part of
// the cache key) to test against it.
func Main(m *testing.M) {
	code := m.Run()
	if report := Report(); report != "" {
		fmt.Fprint(os.Stderr, report)
		if !testing.Verbose() && !isTerminal(os.Stderr) {
			if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
				io.WriteString(tty, report)
				tty.Close()
			}
		}
	}
	os.Exit(code)
}

// Report returns the lines Main writes: one per service that was missing,
// naming the package, or "" when nothing was skipped for a service.
func Report() string {
	skips.Lock()
	defer skips.Unlock()
	pkg := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		pkg = strings.TrimSuffix(bi.Path, ".test") + ": "
	}
	var b strings.Builder
	for _, what := range slices.Sorted(maps.Keys(skips.byService)) {
		s := skips.byService[what]
		noun := "tests need"
		if len(s.tests) == 1 {
			noun = "test needs"
		}
		fmt.Fprintf(&b, "%sSKIPPED: %d %s %s (%s); set DALIL_REQUIRE_SERVICES=1 to fail instead\n",
			pkg, len(s.tests), noun, what, s.cause)
	}
	return b.String()
}

// isTerminal reports whether f is a character device, as a terminal is.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// DefaultPostgres is the machine's local PostgreSQL (trust auth).
const DefaultPostgres = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// DefaultRedis is the machine's local Redis.
const DefaultRedis = "redis://127.0.0.1:6379/0"

func missing(t testing.TB, what string, err error) {
	t.Helper()
	if os.Getenv("DALIL_REQUIRE_SERVICES") == "1" {
		t.Fatalf("%s is required (DALIL_REQUIRE_SERVICES=1) but unreachable: %v", what, err)
	}
	recordSkip(t, what, err)
	t.Skipf("SKIPPED LOUDLY: %s unreachable (%v); set DALIL_REQUIRE_SERVICES=1 to fail instead", what, err)
}

// Postgres returns the URL of a reachable PostgreSQL or skips/fails.
func Postgres(t testing.TB) string {
	t.Helper()
	u := os.Getenv("DALIL_TEST_POSTGRES")
	if u == "" {
		u = DefaultPostgres
	}
	db, err := sql.Open("pgx", u)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = db.PingContext(ctx)
		cancel()
		db.Close()
	}
	if err != nil {
		missing(t, "PostgreSQL at "+redact(u), err)
	}
	return u
}

var schemaSeq atomic.Int64

// plainName is what DALIL_TEST_SCHEMA_PREFIX may be.
var plainName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,30}$`)

// FreshPostgresSchema creates an empty schema for this test, drops it at
// cleanup, and returns base with search_path set to it. Its name starts
// with DALIL_TEST_SCHEMA_PREFIX (a plain lower-case name; default "t"),
// so that the runs of several people on one server stay apart.
func FreshPostgresSchema(t testing.TB, base string) string {
	t.Helper()
	prefix := os.Getenv("DALIL_TEST_SCHEMA_PREFIX")
	if !plainName.MatchString(prefix) {
		prefix = "t"
	}
	name := fmt.Sprintf("%s_%d_%d_%d", prefix, os.Getpid(), time.Now().UnixNano()%1e9, schemaSeq.Add(1))
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE SCHEMA " + name); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		db.Exec("DROP SCHEMA " + name + " CASCADE")
		db.Close()
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + name
}

// Redis returns the URL of a reachable Redis or skips/fails.
func Redis(t testing.TB) string {
	t.Helper()
	u := os.Getenv("DALIL_TEST_REDIS")
	if u == "" {
		u = DefaultRedis
	}
	parsed, err := url.Parse(u)
	if err == nil {
		var c net.Conn
		c, err = net.DialTimeout("tcp", parsed.Host, 2*time.Second)
		if err == nil {
			c.Close()
		}
	}
	if err != nil {
		missing(t, "Redis at "+redact(u), err)
	}
	return u
}

func redact(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "(unparsable URL)"
	}
	return p.Redacted()
}
