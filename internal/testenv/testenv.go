// Package testenv finds the services that integration tests use:
// PostgreSQL and Redis at their usual local addresses, overridable with
// DALIL_TEST_POSTGRES and DALIL_TEST_REDIS. A missing service skips the
// test with a loud line, except when DALIL_REQUIRE_SERVICES=1 (set by
// .ci/run), where it fails.
package testenv

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
)

// DefaultPostgres is the machine's local PostgreSQL (trust auth).
const DefaultPostgres = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// DefaultRedis is the machine's local Redis.
const DefaultRedis = "redis://127.0.0.1:6379/0"

func missing(t testing.TB, what string, err error) {
	t.Helper()
	if os.Getenv("DALIL_REQUIRE_SERVICES") == "1" {
		t.Fatalf("%s is required (DALIL_REQUIRE_SERVICES=1) but unreachable: %v", what, err)
	}
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
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
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

// FreshPostgresSchema creates an empty schema for this test, drops it at
// cleanup, and returns base with search_path set to it.
func FreshPostgresSchema(t testing.TB, base string) string {
	t.Helper()
	name := fmt.Sprintf("t_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9, schemaSeq.Add(1))
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
