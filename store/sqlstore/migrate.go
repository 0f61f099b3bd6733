package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Module is the schema of a package that keeps its own tables in the
// store's database: a capability's data (capabilities/<id>/<id>sql), a
// rail's state (rail/mpp/mppsql). The core store never imports such a
// package; cmd/dalil lists the modules in Options.Modules and Open runs
// their migrations after its own, in that order.
//
// A module's migrations are .sql files under sqlite/ and postgres/ in
// Migrations (for example an embed.FS holding migrations/ passed through
// fs.Sub), applied in file-name order, each in one transaction. Version
// "NNN_what" of module "mpp" is recorded in schema_migrations as
// "mpp/NNN_what", so modules never collide with each other or with the
// core's unqualified versions.
type Module struct {
	// Name qualifies the module's versions: lower-case letters, digits
	// and '_', starting with a letter, unique among the modules.
	Name string
	// Migrations holds sqlite/*.sql and postgres/*.sql.
	Migrations fs.FS
	// Legacy maps a migration (its file name without ".sql") to the core
	// version that created or altered the same tables before the module
	// owned them, e.g. "001_sessions": "004_mpp_sessions". On a database
	// where that core version is recorded, the migration is recorded as
	// applied without running, so databases created before the move keep
	// their tables and rows.
	Legacy map[string]string
}

// moduleName is what Module.Name may be: a path segment that needs no
// quoting and cannot be confused with a core version ("001_core").
var moduleName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// core is the store's own schema: accounts, keys, ledger, idempotency,
// pay-per-call claims and operator secrets. Its versions are unqualified
// ("001_core"). Numbers 004 and 006 to 008 are retired: those migrations
// moved to rail/mpp/mppsql, and databases created before the move still
// record them. 005 became 005_secrets, which 005_invoice_fingerprints
// (secrets and invoice fingerprints together) did on older databases.
func core() Module {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic(err) // a constant path in an embedded FS
	}
	return Module{Migrations: sub, Legacy: map[string]string{"005_secrets": "005_invoice_fingerprints"}}
}

// version is how migration stem of m is recorded in schema_migrations.
func (m Module) version(stem string) string {
	if m.Name == "" {
		return stem
	}
	return m.Name + "/" + stem
}

// files lists m's migrations for dialect, in the order they apply.
func (m Module) files(dialect string) ([]string, error) {
	if m.Migrations == nil {
		return nil, fmt.Errorf("sqlstore: module %q has no migrations", m.Name)
	}
	names, err := fs.Glob(m.Migrations, dialect+"/*.sql")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("sqlstore: module %q has no %s/*.sql migrations", m.Name, dialect)
	}
	sort.Strings(names)
	return names, nil
}

// checkModules refuses, before anything runs, a module list that would
// record ambiguous versions or name a legacy version for a migration that
// does not exist (a typo there would run a CREATE TABLE on a database that
// has the table).
func checkModules(dialect string, mods []Module) error {
	seen := map[string]bool{}
	for _, m := range mods {
		if !moduleName.MatchString(m.Name) {
			return fmt.Errorf("sqlstore: module name %q: want lower-case letters, digits and '_'", m.Name)
		}
		if seen[m.Name] {
			return fmt.Errorf("sqlstore: module %q listed twice", m.Name)
		}
		seen[m.Name] = true
		names, err := m.files(dialect)
		if err != nil {
			return err
		}
		stems := map[string]bool{}
		for _, n := range names {
			stems[strings.TrimSuffix(path.Base(n), ".sql")] = true
		}
		for stem, legacy := range m.Legacy {
			if !stems[stem] || legacy == "" {
				return fmt.Errorf("sqlstore: module %q: legacy %q -> %q names no %s migration", m.Name, stem, legacy, dialect)
			}
		}
	}
	return nil
}

// migrate applies the core migrations, then each module's, in order. On
// PostgreSQL one replica migrates at a time (an advisory lock held for the
// whole run); on SQLite, each migration's transaction is immediate, so two
// processes opening one file serialise on the check of schema_migrations.
func (s *Store) migrate(ctx context.Context, mods []Module) error {
	if err := checkModules(s.dialect, mods); err != nil {
		return err
	}
	if s.dialect == "postgres" {
		if _, err := s.w.ExecContext(ctx, "SELECT pg_advisory_lock(7428190)"); err != nil {
			return unavailable("migrate lock", err)
		}
		defer s.w.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(7428190)")
	}
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`); err != nil {
		return unavailable("migrate", err)
	}
	all := append([]Module{core()}, mods...)
	for _, m := range all {
		if err := s.migrateModule(ctx, m); err != nil {
			return err
		}
	}
	s.newerSchema = s.unknownVersions(ctx, all)
	if len(s.newerSchema) > 0 {
		s.log.Warn("the database schema is newer than this binary: it has migrations this version does not know; it runs as long as they only add (docs/deploy.md, Upgrades)",
			"unknown", strings.Join(s.newerSchema, ", "))
	}
	return nil
}

// unknownVersions lists the versions recorded in schema_migrations that
// none of mods has (nor names as legacy): migrations of a newer binary
// that ran on this database, as when replicas of two versions share it
// during a rolling upgrade. A read failure lists nothing.
func (s *Store) unknownVersions(ctx context.Context, mods []Module) []string {
	known := map[string]bool{}
	for _, m := range mods {
		names, err := m.files(s.dialect)
		if err != nil {
			return nil
		}
		for _, n := range names {
			known[m.version(strings.TrimSuffix(path.Base(n), ".sql"))] = true
		}
		for _, legacy := range m.Legacy {
			known[legacy] = true
		}
	}
	rows, err := s.w.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if rows.Scan(&v) == nil && !known[v] {
			out = append(out, v)
		}
	}
	return out
}

// NewerSchema lists the migrations recorded in the database that this
// binary does not know (see unknownVersions); none on a database this
// version or an older one created.
func (s *Store) NewerSchema() []string { return s.newerSchema }

func (s *Store) migrateModule(ctx context.Context, m Module) error {
	names, err := m.files(s.dialect)
	if err != nil {
		return err
	}
	for _, name := range names {
		stem := strings.TrimSuffix(path.Base(name), ".sql")
		version := m.version(stem)
		err := s.tx(ctx, func(tx *sql.Tx) error {
			if done, err := recorded(ctx, tx, version); err != nil || done {
				return err
			}
			if legacy, ok := m.Legacy[stem]; ok {
				done, err := recorded(ctx, tx, legacy)
				if err != nil {
					return err
				}
				if done {
					return record(ctx, tx, version, s.now())
				}
			}
			body, err := fs.ReadFile(m.Migrations, name)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("sqlstore: migration %s: %w", version, err)
			}
			return record(ctx, tx, version, s.now())
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func recorded(ctx context.Context, tx *sql.Tx, version string) (bool, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = $1`, version).Scan(&n); err != nil {
		return false, unavailable("migrate", err)
	}
	return n > 0, nil
}

func record(ctx context.Context, tx *sql.Tx, version string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`, version, now.UnixMicro())
	return unavailable("migrate", err)
}

// EmbeddedModule is the Module name whose migrations are the folder
// "migrations" (sqlite/ and postgres/) of fsys: a module declares
// `//go:embed migrations` and returns EmbeddedModule(its name, that FS).
func EmbeddedModule(name string, fsys fs.FS) Module {
	sub, err := fs.Sub(fsys, "migrations")
	if err != nil {
		panic(fmt.Sprintf("sqlstore: module %s: %v", name, err)) // a constant, valid path: never
	}
	return Module{Name: name, Migrations: sub}
}
