package sqlstore_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"dalil/internal/testenv"
	"dalil/store/sqlstore"

	"github.com/google/go-cmp/cmp"
)

// dbOpener opens the same database each time it is called, with the
// modules given, and closes the store with t.
type dbOpener func(t *testing.T, mods ...sqlstore.Module) (*sqlstore.Store, error)

func sqliteOpener(t *testing.T) dbOpener {
	path := filepath.Join(t.TempDir(), "dalil.db")
	return func(t *testing.T, mods ...sqlstore.Module) (*sqlstore.Store, error) {
		return openWith(t, path, mods)
	}
}

func postgresOpener(t *testing.T) dbOpener {
	dsn := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	return func(t *testing.T, mods ...sqlstore.Module) (*sqlstore.Store, error) {
		return openWith(t, dsn, mods)
	}
}

func openWith(t *testing.T, dsn string, mods []sqlstore.Module) (*sqlstore.Store, error) {
	t.Helper()
	s, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{Modules: mods})
	if err == nil {
		t.Cleanup(func() { s.Close() })
	}
	return s, err
}

// module builds a Module whose migrations are the same SQL for both
// dialects, from "NNN_name" -> SQL.
func module(name string, files map[string]string, legacy map[string]string) sqlstore.Module {
	fsys := fstest.MapFS{}
	for stem, body := range files {
		for _, d := range []string{"sqlite", "postgres"} {
			fsys[d+"/"+stem+".sql"] = &fstest.MapFile{Data: []byte(body)}
		}
	}
	return sqlstore.Module{Name: name, Migrations: fsys, Legacy: legacy}
}

func versions(t *testing.T, s *sqlstore.Store, prefix string) []string {
	t.Helper()
	rows, err := s.DB().Read().Query(`SELECT version FROM schema_migrations WHERE version LIKE $1 ORDER BY applied_at, version`, prefix+"%")
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

func TestModules(t *testing.T) {
	for name, opener := range map[string]func(*testing.T) dbOpener{"SQLite": sqliteOpener, "Postgres": postgresOpener} {
		t.Run(name, func(t *testing.T) { testModules(t, opener) })
	}
}

func testModules(t *testing.T, newOpener func(*testing.T) dbOpener) {
	// Module b's first migration needs module a's table: modules run in
	// the order given, each after the core (its insert names an account).
	a := module("mod_a", map[string]string{
		"001_things": `CREATE TABLE mod_a_things (id TEXT PRIMARY KEY, n INTEGER NOT NULL)`,
		"002_seed":   `INSERT INTO mod_a_things (id, n) VALUES ('one', 1)`,
	}, nil)
	b := module("mod_b", map[string]string{
		"001_more": `INSERT INTO mod_a_things (id, n) SELECT 'two', COUNT(*) FROM accounts`,
	}, nil)

	t.Run("FreshInOrderOnce", func(t *testing.T) {
		open := newOpener(t)
		for range 2 { // the second open runs nothing again (002 would fail on the primary key)
			s, err := open(t, a, b)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"mod_a/001_things", "mod_a/002_seed"}, versions(t, s, "mod_a/")); diff != "" {
				t.Errorf("mod_a versions (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{"mod_b/001_more"}, versions(t, s, "mod_b/")); diff != "" {
				t.Errorf("mod_b versions (-want +got):\n%s", diff)
			}
			var n int
			if err := s.DB().Read().QueryRow(`SELECT COUNT(*) FROM mod_a_things`).Scan(&n); err != nil || n != 2 {
				t.Errorf("rows = %d, %v; want 2", n, err)
			}
		}
	})

	t.Run("WrongOrderFails", func(t *testing.T) {
		if _, err := newOpener(t)(t, b, a); err == nil || !strings.Contains(err.Error(), "mod_b/001_more") {
			t.Errorf("b before a: %v, want the failing version named", err)
		}
	})

	t.Run("LegacyRecordedWithoutRunning", func(t *testing.T) {
		open := newOpener(t)
		// A database on which the core once ran "070_old_things" (today it
		// would be a retired core version such as 004_mpp_sessions).
		s, err := open(t)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.DB().Write().Exec(`CREATE TABLE mod_c_things (id TEXT PRIMARY KEY);
			INSERT INTO mod_c_things (id) VALUES ('kept');
			INSERT INTO schema_migrations (version, applied_at) VALUES ('070_old_things', 1)`); err != nil {
			t.Fatal(err)
		}
		s.Close()
		c := module("mod_c", map[string]string{
			// Would fail if it ran: the table exists.
			"001_things": `CREATE TABLE mod_c_things (id TEXT PRIMARY KEY)`,
			// No legacy: runs.
			"002_more": `INSERT INTO mod_c_things (id) VALUES ('new')`,
		}, map[string]string{"001_things": "070_old_things"})
		s, err = open(t, c)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{"mod_c/001_things", "mod_c/002_more"}, versions(t, s, "mod_c/")); diff != "" {
			t.Errorf("versions (-want +got):\n%s", diff)
		}
		var ids string
		if err := s.DB().Read().QueryRow(`SELECT COUNT(*) || ':' || MIN(id) || ':' || MAX(id) FROM mod_c_things`).Scan(&ids); err != nil || ids != "2:kept:new" {
			t.Errorf("rows = %q, %v; want 2:kept:new", ids, err)
		}
		// On a fresh database the same module runs its first migration.
		if s, err := newOpener(t)(t, c); err != nil {
			t.Fatalf("fresh: %v", err)
		} else if diff := cmp.Diff([]string{"mod_c/001_things", "mod_c/002_more"}, versions(t, s, "mod_c/")); diff != "" {
			t.Errorf("fresh versions (-want +got):\n%s", diff)
		}
	})
}

// TestModuleMistakes: a module list that would record ambiguous versions,
// or name a legacy version for a migration that does not exist, is refused
// before anything runs.
func TestModuleMistakes(t *testing.T) {
	ok := map[string]string{"001_x": `CREATE TABLE mod_x (id TEXT)`}
	for _, tc := range []struct {
		name string
		mods []sqlstore.Module
		want string
	}{
		{"EmptyName", []sqlstore.Module{module("", ok, nil)}, "module name"},
		{"NameWithSlash", []sqlstore.Module{module("a/b", ok, nil)}, "module name"},
		{"UpperCase", []sqlstore.Module{module("Mpp", ok, nil)}, "module name"},
		{"Twice", []sqlstore.Module{module("a", ok, nil), module("a", ok, nil)}, "listed twice"},
		{"NoFiles", []sqlstore.Module{module("a", nil, nil)}, "no sqlite/*.sql"},
		{"NilFS", []sqlstore.Module{{Name: "a"}}, "no migrations"},
		{"LegacyTypo", []sqlstore.Module{module("a", ok, map[string]string{"001_y": "004_mpp_sessions"})}, "names no sqlite migration"},
		{"LegacyEmpty", []sqlstore.Module{module("a", ok, map[string]string{"001_x": ""})}, "names no sqlite migration"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "dalil.db")
			_, err := openWith(t, path, tc.mods)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("open = %v, want an error containing %q", err, tc.want)
			}
			s, err := openWith(t, path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := versions(t, s, "a"); len(got) != 0 {
				t.Errorf("recorded %v", got)
			}
		})
	}
}

func TestSecret(t *testing.T) {
	for name, opener := range map[string]func(*testing.T) dbOpener{"SQLite": sqliteOpener, "Postgres": postgresOpener} {
		t.Run(name, func(t *testing.T) {
			open := opener(t)
			s, err := open(t)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			secret, err := s.Secret(ctx, "fingerprints")
			if err != nil || len(secret) != 32 {
				t.Fatalf("secret = %x, %v", secret, err)
			}
			other, err := s.Secret(ctx, "another")
			if err != nil || bytes.Equal(secret, other) {
				t.Errorf("another name: %x, %v; want a different secret", other, err)
			}
			s.Close()
			// Another replica, or a restart, gets the same secret.
			s2, err := open(t)
			if err != nil {
				t.Fatal(err)
			}
			if again, err := s2.Secret(ctx, "fingerprints"); err != nil || !bytes.Equal(secret, again) {
				t.Errorf("after reopening: %x, %v; want %x", again, err, secret)
			}
		})
	}
}

// TestOlderBinaryOnNewerSchema is a rolling upgrade's middle: a newer
// binary migrated the database (here a module with one more, additive,
// migration), and a replica of the older binary opens it. It opens and
// works, ignores the migration it does not know, and names it
// (NewerSchema, logged as a warning); a binary of the same version names
// nothing.
func TestOlderBinaryOnNewerSchema(t *testing.T) {
	for name, open := range map[string]func(*testing.T) dbOpener{"sqlite": sqliteOpener, "postgres": postgresOpener} {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			v1 := module("extra", map[string]string{"001_a": `CREATE TABLE extra_a (id TEXT PRIMARY KEY)`}, nil)
			v2 := module("extra", map[string]string{"001_a": `CREATE TABLE extra_a (id TEXT PRIMARY KEY)`,
				"002_b": `ALTER TABLE extra_a ADD COLUMN note TEXT NOT NULL DEFAULT ''`}, nil)
			newer, err := db(t, v2)
			if err != nil {
				t.Fatal(err)
			}
			if ns := newer.NewerSchema(); len(ns) != 0 {
				t.Errorf("the newer binary finds %v newer than itself", ns)
			}
			older, err := db(t, v1)
			if err != nil {
				t.Fatalf("the older binary cannot open the newer schema: %v", err)
			}
			if ns := older.NewerSchema(); len(ns) != 1 || ns[0] != "extra/002_b" {
				t.Errorf("NewerSchema = %v, want [extra/002_b]", ns)
			}
			if _, err := older.CreateAccount(context.Background(), "old", "free", 1000); err != nil {
				t.Errorf("the older binary cannot write: %v", err)
			}
		})
	}
}
