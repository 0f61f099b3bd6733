package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Backups of a SQLite database (issue 33 item 8). A backup is a consistent
// copy taken while dalil serve keeps writing (VACUUM INTO reads one
// snapshot; WAL lets the writer go on). A restore copies a backup into the
// database file through SQLite's backup API while holding the database's
// exclusive lock, so it refuses a database a process has open (dalil
// serve, dalil mcp, another replica) and no process can open it halfway.
// PostgreSQL databases are backed up with pg_dump (docs/deploy.md).

// ErrInUse is RestoreSQLite's answer when a process has the database open.
var ErrInUse = errors.New("the database is in use by another process (dalil serve?); stop it and try again")

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// sqliteURI is the URI of the SQLite file path with query params.
func sqliteURI(path, params string) string {
	r := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")
	return "file:" + r.Replace(path) + "?" + params
}

// openRaw opens dsn for reading without running migrations. A SQLite file
// must exist already: opening a mistyped path must not create an empty
// database that then "verifies".
func openRaw(dsn string, readOnly bool) (*sql.DB, string, error) {
	if IsPostgres(dsn) {
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, "", err
		}
		db.SetMaxOpenConns(2)
		return db, "postgres", nil
	}
	if err := isFile(dsn); err != nil {
		return nil, "", err
	}
	mode := "rw"
	if readOnly {
		mode = "ro"
	}
	db, err := sql.Open("sqlite", sqliteURI(dsn, "mode="+mode+"&_pragma=busy_timeout(5000)"))
	if err != nil {
		return nil, "", err
	}
	db.SetMaxOpenConns(1)
	return db, "sqlite", nil
}

// isFile reports, as an error, a path that is not an existing file.
func isFile(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("no SQLite database at %s", path)
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a file", path)
	}
	return nil
}

// BackupInfo describes a copy of a database.
type BackupInfo struct {
	Path       string `json:"path"`
	Bytes      int64  `json:"bytes"`
	Schema     string `json:"schema"` // the newest core migration recorded
	Accounts   int64  `json:"accounts"`
	LedgerRows int64  `json:"ledgerRows"`
	// LastLedgerID is the newest ledger row in the copy: what it holds
	// is every charge up to it.
	LastLedgerID int64 `json:"lastLedgerId"`
}

// BackupSQLite writes a consistent copy of the SQLite database src to the
// new file dst, while other processes keep using src. dst must not exist;
// the copy is written beside it, checked (PRAGMA integrity_check),
// synced, and only then linked to dst, so dst is absent or whole. It is
// readable by its owner only: it holds key hashes and operator secrets.
func BackupSQLite(ctx context.Context, src, dst string) (BackupInfo, error) {
	if err := isFile(src); err != nil {
		return BackupInfo{}, err
	}
	if _, err := os.Lstat(dst); err == nil {
		return BackupInfo{}, fmt.Errorf("%s exists; a backup is written to a new file", dst)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-*")
	if err != nil {
		return BackupInfo{}, err
	}
	tmpPath := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpPath) // after the link, only the temporary name goes
	db, _, err := openRaw(src, false)
	if err != nil {
		return BackupInfo{}, err
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil {
		if isMissingTable(err) {
			return BackupInfo{}, fmt.Errorf("%s is not a Dalil database (no schema_migrations)", src)
		}
		return BackupInfo{}, fmt.Errorf("read %s: %w", src, err)
	}
	// VACUUM INTO writes the snapshot of one read transaction; the file
	// must be empty, which the temporary file is.
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, tmpPath); err != nil {
		return BackupInfo{}, fmt.Errorf("copy %s: %w", src, err)
	}
	db.Close()
	info, err := checkSQLite(ctx, tmpPath)
	if err != nil {
		return BackupInfo{}, fmt.Errorf("the copy fails its check: %w", err)
	}
	if err := syncFile(tmpPath); err != nil {
		return BackupInfo{}, err
	}
	if err := os.Link(tmpPath, dst); err != nil {
		return BackupInfo{}, fmt.Errorf("%s: %w", dst, err)
	}
	if err := syncDir(filepath.Dir(dst)); err != nil {
		return BackupInfo{}, err
	}
	info.Path = dst
	return info, nil
}

// checkSQLite runs SQLite's integrity check on the file at path and reads
// what it holds. It opens it read-only and immutable (no lock, no -wal or
// -shm beside it): path is a file nothing else uses.
func checkSQLite(ctx context.Context, path string) (BackupInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return BackupInfo{}, err
	}
	db, err := sql.Open("sqlite", sqliteURI(path, "mode=ro&immutable=1"))
	if err != nil {
		return BackupInfo{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var verdict string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&verdict); err != nil {
		return BackupInfo{}, err
	}
	if verdict != "ok" {
		return BackupInfo{}, fmt.Errorf("SQLite integrity check: %s", verdict)
	}
	info := BackupInfo{Path: path, Bytes: fi.Size()}
	var schema sql.NullString
	var last sql.NullInt64
	err = db.QueryRowContext(ctx, `SELECT (SELECT MAX(version) FROM schema_migrations WHERE version NOT LIKE '%/%'),
		(SELECT COUNT(*) FROM accounts), (SELECT COUNT(*) FROM ledger), (SELECT MAX(id) FROM ledger)`).Scan(&schema, &info.Accounts, &info.LedgerRows, &last)
	if err != nil {
		if isMissingTable(err) {
			return BackupInfo{}, errors.New("not a Dalil database (no schema_migrations, accounts or ledger)")
		}
		return BackupInfo{}, err
	}
	info.Schema, info.LastLedgerID = schema.String, last.Int64
	return info, nil
}

// CheckSQLite is checkSQLite for a file no process uses (a backup).
func CheckSQLite(ctx context.Context, path string) (BackupInfo, error) {
	if err := isFile(path); err != nil {
		return BackupInfo{}, err
	}
	return checkSQLite(ctx, path)
}

// RestoreSQLite replaces the database at dst (created if absent) with the
// backup src, which must pass SQLite's integrity check. It takes dst's
// exclusive lock first and answers ErrInUse if any process has dst open;
// it holds that lock until the restore is complete, so no server can
// open the database meanwhile. With keep set and dst holding a database,
// dst is first copied to keep (a new file), so a restore can be undone.
func RestoreSQLite(ctx context.Context, src, dst, keep string) (BackupInfo, error) {
	info, err := CheckSQLite(ctx, src)
	if err != nil {
		return BackupInfo{}, fmt.Errorf("backup %s: %w", src, err)
	}
	if keep != "" {
		if _, err := os.Lstat(keep); err == nil {
			return BackupInfo{}, fmt.Errorf("%s exists; choose another name for the copy of the current database", keep)
		}
	}
	// busy_timeout 0: a lock held by another process is an answer, not
	// something to wait for.
	db, err := sql.Open("sqlite", sqliteURI(dst, "mode=rwc&_pragma=busy_timeout(0)&_pragma=locking_mode(EXCLUSIVE)"))
	if err != nil {
		return BackupInfo{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		return BackupInfo{}, err
	}
	defer conn.Close()
	// A write transaction in exclusive locking mode keeps the EXCLUSIVE
	// lock after it ends, until the connection closes.
	if _, err := conn.ExecContext(ctx, `BEGIN EXCLUSIVE`); err != nil {
		return BackupInfo{}, lockErr(err)
	}
	if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
		return BackupInfo{}, lockErr(err)
	}
	var tables int
	if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master`).Scan(&tables); err != nil {
		return BackupInfo{}, lockErr(err)
	}
	if keep != "" && tables > 0 {
		f, err := os.OpenFile(keep, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return BackupInfo{}, err
		}
		f.Close()
		if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, keep); err != nil {
			os.Remove(keep)
			return BackupInfo{}, fmt.Errorf("copy the current database to %s: %w", keep, err)
		}
		if err := syncFile(keep); err != nil {
			return BackupInfo{}, err
		}
	}
	err = conn.Raw(func(dc any) error {
		r, ok := dc.(interface {
			NewRestore(string) (*sqlite.Backup, error)
		})
		if !ok {
			return errors.New("the SQLite driver offers no backup API")
		}
		b, err := r.NewRestore(sqliteURI(src, "mode=ro&immutable=1"))
		if err != nil {
			return err
		}
		for {
			more, err := b.Step(-1)
			if err != nil {
				b.Finish()
				return err
			}
			if !more {
				break
			}
			if ctx.Err() != nil {
				b.Finish()
				return ctx.Err()
			}
		}
		return b.Finish()
	})
	if err != nil {
		return BackupInfo{}, fmt.Errorf("restore into %s: %w", dst, err)
	}
	if _, err := conn.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return BackupInfo{}, fmt.Errorf("restore into %s: %w", dst, err)
	}
	var verdict string
	if err := conn.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&verdict); err != nil || verdict != "ok" {
		return BackupInfo{}, fmt.Errorf("the restored database fails SQLite's integrity check: %s %v", verdict, err)
	}
	info.Path = dst
	if fi, err := os.Stat(dst); err == nil {
		info.Bytes = fi.Size()
	}
	return info, nil
}

// lockErr turns SQLITE_BUSY (another process holds the database) into
// ErrInUse.
func lockErr(err error) error {
	var le *sqlite.Error
	if errors.As(err, &le) && le.Code()&0xff == sqlite3.SQLITE_BUSY {
		return ErrInUse
	}
	return err
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
