package upgradetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/invoiceanomaly"
	"dalil/capabilities/invoiceanomaly/invoicesql"
	"dalil/internal/testenv"
	"dalil/rail/mpp"
	"dalil/rail/mpp/mppsql"
	"dalil/store/sqlstore"

	"github.com/google/go-cmp/cmp"
)

// legacyVersions are the core versions whose tables moved to modules; an
// upgraded database keeps them recorded, a fresh one never has them.
var legacyVersions = []string{"004_mpp_sessions", "005_invoice_fingerprints", "006_mpp_reservation_time", "007_mpp_channels", "008_mpp_channels_unclosed"}

// modules are listed as cmd/dalil lists them.
func modules() []sqlstore.Module {
	return []sqlstore.Module{invoicesql.Module(), mppsql.Module()}
}

var now = time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC)

// dialect is one database kind: how to reach a new empty database of it,
// and the driver to build the legacy schema with.
type dialect struct {
	name   string
	driver string
	fresh  func(t *testing.T) (dsn, raw string) // dsn for sqlstore.Open, raw for sql.Open
}

func dialects() []dialect {
	return []dialect{
		{"sqlite", "sqlite", func(t *testing.T) (string, string) {
			path := filepath.Join(t.TempDir(), "dalil.db")
			return path, "file:" + path + "?_pragma=foreign_keys(1)"
		}},
		{"postgres", "pgx", func(t *testing.T) (string, string) {
			dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
			return dsn, dsn
		}},
	}
}

// TestLegacyDatabaseKeepsItsRows builds a database as the code before
// issue 11 did (the frozen migrations, recorded as it recorded them), fills
// the tables that moved to modules, opens it with today's code and reads
// every row back through the module packages, then writes through them.
func TestLegacyDatabaseKeepsItsRows(t *testing.T) {
	for _, d := range dialects() {
		t.Run(d.name, func(t *testing.T) {
			dsn, raw := d.fresh(t)
			legacy := buildLegacy(t, d, raw)
			counts := rowCounts(t, d.driver, raw)
			ctx := context.Background()

			s, err := sqlstore.Open(ctx, dsn, sqlstore.Options{Now: func() time.Time { return now }, Modules: modules()})
			if err != nil {
				t.Fatalf("open the legacy database with today's code: %v", err)
			}
			defer s.Close()
			// Every version the legacy code recorded is known (as legacy):
			// the "schema is newer than this binary" warning stays silent.
			if ns := s.NewerSchema(); len(ns) > 0 {
				t.Errorf("the legacy database's versions %v are taken for a newer binary's", ns)
			}

			// The core's rows and the moved tables' rows are all there.
			if diff := cmp.Diff(counts, rowCounts(t, d.driver, raw)); diff != "" {
				t.Errorf("row counts changed (-before +after):\n%s", diff)
			}
			if a, err := s.Account(ctx, "acct_legacy"); err != nil || a.Credits != 4_750_000 || a.Plan != "developer" {
				t.Errorf("account = %+v, %v", a, err)
			}
			// The operator secret is the legacy one: a new one would make
			// every remembered fingerprint unrecognisable.
			if got, err := s.Secret(ctx, "invoice-fingerprints"); err != nil || hex.EncodeToString(got) != legacy.secret {
				t.Errorf("secret = %x, %v; want %s", got, err, legacy.secret)
			}

			fps := invoicesql.New(s.DB())
			got, err := fps.Recall(ctx, "acct_legacy", legacy.fingerprint.SupplierKey)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]invoiceanomaly.Fingerprint{legacy.fingerprint}, got); diff != "" {
				t.Errorf("fingerprints (-want +got):\n%s", diff)
			}

			sessions := mppsql.NewSessions(s.DB())
			ss, err := sessions.Get(ctx, legacy.session.ID)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(legacy.session, ss); diff != "" {
				t.Errorf("session (-want +got):\n%s", diff)
			}
			// The legacy reservation is there, committed.
			if err := sessions.Release(ctx, legacy.session.ID, "legacy-key"); !errors.Is(err, mpp.ErrReservationCommitted) {
				t.Errorf("release of the legacy committed reservation = %v, want ErrReservationCommitted", err)
			}
			// And the tables take new draws.
			if _, existed, err := sessions.Reserve(ctx, mpp.Reservation{SessionID: ss.ID, Key: "new-key", Tool: "analyze_property", Amount: 10_000}, now); err != nil || existed {
				t.Fatalf("reserve = %v (existed %v)", err, existed)
			}
			if err := sessions.Commit(ctx, ss.ID, "new-key"); err != nil {
				t.Fatal(err)
			}
			if after, _ := sessions.Get(ctx, ss.ID); after.Spent != legacy.session.Spent+10_000 || after.Reserved != 0 {
				t.Errorf("after a new draw: spent %d reserved %d", after.Spent, after.Reserved)
			}

			channels := mppsql.NewChannels(s.DB())
			ch, err := channels.GetChannel(ctx, legacy.channel.ID)
			if err != nil {
				t.Fatal(err)
			}
			bigEq := cmp.Comparer(func(a, b *big.Int) bool { return (a == nil) == (b == nil) && (a == nil || a.Cmp(b) == 0) })
			if diff := cmp.Diff(legacy.channel, ch, bigEq); diff != "" {
				t.Errorf("channel (-want +got):\n%s", diff)
			}
			idle, err := channels.IdleChannels(ctx, now, "", 0)
			if err != nil || len(idle) != 1 || idle[0].ID != legacy.channel.ID {
				t.Errorf("idle channels = %v, %v", idle, err)
			}
			up, err := channels.UpdateChannel(ctx, ch.ID, now, func(c *mpp.Channel) error {
				c.Spent = new(big.Int).Add(c.Spent, big.NewInt(1))
				return nil
			})
			if err != nil || up.Version != legacy.channel.Version+1 {
				t.Errorf("update = version %d, %v; want %d", up.Version, err, legacy.channel.Version+1)
			}

			// Every module version is recorded; the legacy ones stay.
			versions := recordedVersions(t, s)
			for _, v := range append(slices.Clone(legacyVersions), "invoiceanomaly/001_fingerprints", "mpp/001_sessions", "mpp/002_reservation_time",
				"mpp/003_channels", "mpp/004_channels_unclosed", "005_secrets") {
				if !slices.Contains(versions, v) {
					t.Errorf("version %s not recorded; have %v", v, versions)
				}
			}
		})
	}
}

// TestFreshAndUpgradedSchemasMatch: a database created today and one
// upgraded from the legacy schema end with the same tables, columns,
// indexes and constraints, and record the same versions but the legacy
// ones.
func TestFreshAndUpgradedSchemasMatch(t *testing.T) {
	for _, d := range dialects() {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			oldDSN, oldRaw := d.fresh(t)
			buildLegacy(t, d, oldRaw)
			upgraded, err := sqlstore.Open(ctx, oldDSN, sqlstore.Options{Modules: modules()})
			if err != nil {
				t.Fatal(err)
			}
			defer upgraded.Close()
			newDSN, newRaw := d.fresh(t)
			fresh, err := sqlstore.Open(ctx, newDSN, sqlstore.Options{Modules: modules()})
			if err != nil {
				t.Fatal(err)
			}
			defer fresh.Close()

			want, got := schema(t, d, newRaw), schema(t, d, oldRaw)
			if len(want) < 10 {
				t.Fatalf("the fresh schema has only %d entries: %v", len(want), want)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("schema (-fresh +upgraded):\n%s", diff)
			}
			upgradedVersions := slices.DeleteFunc(recordedVersions(t, upgraded), func(v string) bool { return slices.Contains(legacyVersions, v) })
			if diff := cmp.Diff(recordedVersions(t, fresh), upgradedVersions); diff != "" {
				t.Errorf("versions (-fresh +upgraded without legacy):\n%s", diff)
			}
		})
	}
}

// legacyRows are the rows buildLegacy put in the tables that moved, as
// today's types read them.
type legacyRows struct {
	secret      string
	fingerprint invoiceanomaly.Fingerprint
	session     mpp.Session
	channel     mpp.Channel
}

// buildLegacy applies the frozen migrations to the empty database at raw
// exactly as the code before issue 11 did (one transaction each, recorded
// under its file name), then fills every table that moved.
func buildLegacy(t *testing.T, d dialect, raw string) legacyRows {
	t.Helper()
	db, err := sql.Open(d.driver, raw)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", strings.Fields(q)[0:3], err)
		}
	}
	exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`)
	dir := filepath.Join("testdata", "v008", d.name)
	names, err := fs.Glob(os.DirFS(dir), "*.sql")
	if err != nil || len(names) != 8 {
		t.Fatalf("frozen migrations in %s: %v, %v", dir, names, err)
	}
	sort.Strings(names)
	for i, name := range names {
		body, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		tx, err := db.Begin()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(string(body)); err != nil {
			t.Fatalf("legacy migration %s: %v", name, err)
		}
		if _, err := tx.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`, strings.TrimSuffix(name, ".sql"), int64(i+1)); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}

	at := now.Add(-48 * time.Hour).UnixMicro()
	exec(`INSERT INTO accounts (id, name, plan, plan_started_at, credits, created_at) VALUES ('acct_legacy', 'Legacy', 'developer', $1, 4750000, $1)`, at)
	exec(`INSERT INTO ledger (account_id, kind, rail, tool, amount, balance_after, request_id, note, created_at)
		VALUES ('acct_legacy', 'topup', 'credits', '', 5000000, 5000000, '', 'seed', $1), ('acct_legacy', 'charge', 'credits', 'analyze_property', -250000, 4750000, 'req_1', '', $1)`, at)

	r := legacyRows{secret: strings.Repeat("ab12", 16)}
	exec(`INSERT INTO secrets (name, value, created_at) VALUES ('invoice-fingerprints', $1, $2)`, r.secret, at)

	r.fingerprint = invoiceanomaly.Fingerprint{SupplierKey: "sk_legacy", Ref: "ref_1", InvoiceKey: "ik_1", RecordKey: "rk_1", AmountMinor: 262500, Currency: "OMR", InvoiceDate: "2026-03-02"}
	exec(`INSERT INTO invoice_fingerprints (account_id, supplier_key, ref, invoice_key, record_key, amount_minor, currency, invoice_date, created_at, expires_at)
		VALUES ('acct_legacy', $1, $2, $3, $4, $5, $6, $7, $8, $9)`, r.fingerprint.SupplierKey, r.fingerprint.Ref, r.fingerprint.InvoiceKey,
		r.fingerprint.RecordKey, r.fingerprint.AmountMinor, r.fingerprint.Currency, r.fingerprint.InvoiceDate, at, now.Add(300*24*time.Hour).UnixMicro())

	created, expires := now.Add(-time.Hour), now.Add(time.Hour)
	r.session = mpp.Session{ID: "mpps_legacy", Status: mpp.SessionActive, Payer: "0x00000000000000000000000000000000000000a1",
		Budget: 1_000_000, Spent: 20_000, AllowedTools: []string{"analyze_property"}, DepositTx: "0x" + strings.Repeat("d", 64),
		CreatedAt: created, ExpiresAt: expires}
	exec(`INSERT INTO mpp_sessions (id, status, payer, budget, spent, reserved, allowed_tools, deposit_tx, refund_tx, refund_raw, created_at, expires_at, closed_at)
		VALUES ($1, 'active', $2, 1000000, 20000, 0, '["analyze_property"]', $3, '', NULL, $4, $5, 0)`,
		r.session.ID, r.session.Payer, r.session.DepositTx, created.UnixMicro(), expires.UnixMicro())
	exec(`INSERT INTO mpp_session_reservations (session_id, key, tool, amount, committed, reserved_at) VALUES ($1, 'legacy-key', 'analyze_property', 20000, 1, $2)`,
		r.session.ID, created.Add(time.Minute).UnixMicro())

	deposit, _ := new(big.Int).SetString("340282366920938463463374607431768211455", 10) // 2^128 - 1: does not fit 64 bits
	r.channel = mpp.Channel{ID: "0x" + strings.Repeat("c", 64), Escrow: "0xe1c4d3dce17bc111181ddf716f75bae49e61a336", ChainID: 42431,
		Payer: "0x00000000000000000000000000000000000000a1", Payee: "0x00000000000000000000000000000000000000b2",
		Token: "0x20c0000000000000000000000000000000000000", AuthorizedSigner: "0x00000000000000000000000000000000000000a1",
		Deposit: deposit, SettledOnChain: big.NewInt(0), Accepted: big.NewInt(700_000), Signature: []byte{1, 2, 3, 0, 255},
		Spent: big.NewInt(500_000), Status: mpp.ChannelOpen, Version: 3, CreatedAt: created, UpdatedAt: created.Add(time.Minute)}
	exec(`INSERT INTO mpp_channels (id, escrow, chain_id, payer, payee, token, authorized_signer, deposit, settled, accepted, signature, spent, status,
			close_amount, close_signature, close_tx, close_raw, version, created_at, updated_at)
		VALUES ($1, $2, 42431, $3, $4, $5, $6, $7, '0', '700000', $8, '500000', 'open', '', NULL, '', NULL, 3, $9, $10)`,
		r.channel.ID, r.channel.Escrow, r.channel.Payer, r.channel.Payee, r.channel.Token, r.channel.AuthorizedSigner, deposit.String(),
		r.channel.Signature, created.UnixMicro(), created.Add(time.Minute).UnixMicro())
	return r
}

// movedAndCore are the tables whose rows the upgrade must keep.
var movedAndCore = []string{"accounts", "ledger", "secrets", "invoice_fingerprints", "mpp_sessions", "mpp_session_reservations", "mpp_channels"}

func rowCounts(t *testing.T, driver, raw string) map[string]int {
	t.Helper()
	db, err := sql.Open(driver, raw)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := map[string]int{}
	for _, table := range movedAndCore {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatalf("count %s: %v", table, err)
		}
		if n == 0 {
			t.Fatalf("table %s is empty: the test would prove nothing about it", table)
		}
		out[table] = n
	}
	return out
}

func recordedVersions(t *testing.T, s *sqlstore.Store) []string {
	t.Helper()
	rows, err := s.DB().Read().Query(`SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// schema describes every table, column, index and constraint of the
// database at raw, one sorted line each, in terms that do not depend on
// where the database is (file, PostgreSQL schema name).
func schema(t *testing.T, d dialect, raw string) []string {
	t.Helper()
	db, err := sql.Open(d.driver, raw)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var queries []string
	if d.name == "sqlite" {
		// The statements as SQLite keeps them (ALTER TABLE rewrites its
		// table's), without the root page, which depends on creation order.
		queries = []string{`SELECT type || ' ' || name || ' ON ' || tbl_name || ': ' || COALESCE(sql, '') FROM sqlite_master`}
	} else {
		queries = []string{
			`SELECT 'column ' || table_name || '.' || column_name || ' #' || ordinal_position || ' ' || data_type || ' null=' || is_nullable || ' default=' || COALESCE(column_default, '')
				FROM information_schema.columns WHERE table_schema = current_schema()`,
			`SELECT 'index ' || tablename || '.' || indexname || ': ' || replace(indexdef, current_schema() || '.', '')
				FROM pg_indexes WHERE schemaname = current_schema()`,
			`SELECT 'constraint ' || rel.relname || '.' || con.conname || ': ' || pg_get_constraintdef(con.oid)
				FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid JOIN pg_namespace ns ON ns.oid = rel.relnamespace
				WHERE ns.nspname = current_schema()`,
		}
	}
	var out []string
	for _, q := range queries {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatalf("schema: %v", err)
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			out = append(out, line)
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(out)
	return out
}

// TestFrozenMigrationsAreFrozen: testdata/v008 is what databases were
// created with before issue 11 (core migrations 001 to 008 of commit
// 61696fe); it must never be edited to suit today's code.
func TestFrozenMigrationsAreFrozen(t *testing.T) {
	want := map[string]string{
		"sqlite":   "afc5ea5baa4eda8cc9736ee8a3ebd15e2eb7a3e123bb06d4a4844ef831d51db7",
		"postgres": "b25bd6e789c5e443c2ac2d1effda3298cb064ffcbd485805d3ace5974d0a13b6",
	}
	for d, sum := range want {
		matches, err := filepath.Glob(filepath.Join("testdata", "v008", d, "*.sql"))
		if err != nil || len(matches) != 8 {
			t.Fatalf("%s: %v, %v", d, matches, err)
		}
		sort.Strings(matches)
		h := sha256.New()
		for _, m := range matches {
			b, err := os.ReadFile(m)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(b)
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != sum {
			t.Errorf("testdata/v008/%s changed: sha256 %s, want %s", d, got, sum)
		}
	}
}
