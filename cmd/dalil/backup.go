package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"dalil/store/sqlstore"
)

// Backups (issue 33 item 8; docs/deploy.md "Backups"):
//
//	dalil backup FILE     a consistent copy of the SQLite database, taken
//	                      while dalil serve runs
//	dalil restore FILE    the backup FILE becomes the database; refused while
//	                      a process has the database open; the database it
//	                      replaces is kept beside it
//	dalil verify          the money of a database checks out (exit status)
//
// PostgreSQL databases are backed up with pg_dump and restored with
// pg_restore; dalil verify checks them as well.

const pgBackupHint = "for PostgreSQL use pg_dump and pg_restore (docs/deploy.md, Backups)"

func runBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("backup FILE", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	cfg, pos, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return errors.New("backup: expected one argument, the new file to write the copy to")
	}
	dsn := string(cfg.Storage.DSN)
	if sqlstore.IsPostgres(dsn) {
		return errors.New("backup: dalil backup copies a SQLite database; " + pgBackupHint)
	}
	info, err := sqlstore.BackupSQLite(ctx, dsn, pos[0])
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if *asJSON {
		return printJSON(stdout, info)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "backup\t%s\n", info.Path)
	fmt.Fprintf(tw, "of\t%s\n", dsn)
	fmt.Fprintf(tw, "size\t%d bytes\n", info.Bytes)
	fmt.Fprintf(tw, "schema\t%s\n", info.Schema)
	fmt.Fprintf(tw, "accounts\t%d\n", info.Accounts)
	fmt.Fprintf(tw, "ledger\t%d rows, the newest %d\n", info.LedgerRows, info.LastLedgerID)
	fmt.Fprintf(tw, "check\tdalil verify --db %s\n", info.Path)
	return tw.Flush()
}

func runRestore(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("restore FILE", stderr)
	keep := fs.String("keep", "", "where to keep the database being replaced (default: DB.before-restore-TIME)")
	force := fs.Bool("force", false, "restore a backup whose money does not verify")
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	cfg, pos, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return errors.New("restore: expected one argument, the backup file")
	}
	dsn, src := string(cfg.Storage.DSN), pos[0]
	if sqlstore.IsPostgres(dsn) {
		return errors.New("restore: dalil restore writes a SQLite database; " + pgBackupHint)
	}
	rep, err := sqlstore.Verify(ctx, src)
	if err != nil {
		return fmt.Errorf("restore: backup %s: %w", src, err)
	}
	if !rep.OK && !*force {
		return fmt.Errorf("restore: the money of %s does not verify (%d problems; see dalil verify --db %s); nothing was changed. --force restores it anyway",
			src, problems(rep), src)
	}
	kept := *keep
	if kept == "" {
		if _, err := os.Stat(dsn); err == nil {
			kept = dsn + ".before-restore-" + time.Now().UTC().Format("20060102T150405Z")
		}
	}
	info, err := sqlstore.RestoreSQLite(ctx, src, dsn, kept)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if _, err := os.Stat(kept); kept != "" && err != nil {
		kept = "" // dst held no database: nothing was kept
	}
	out := struct {
		sqlstore.BackupInfo
		From string `json:"from"`
		Kept string `json:"kept,omitempty"`
		OK   bool   `json:"verified"`
	}{info, src, kept, rep.OK}
	if *asJSON {
		return printJSON(stdout, out)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "restored\t%s\n", info.Path)
	fmt.Fprintf(tw, "from\t%s\n", src)
	if kept != "" {
		fmt.Fprintf(tw, "kept\t%s (the database it replaced)\n", kept)
	}
	fmt.Fprintf(tw, "schema\t%s\n", info.Schema)
	fmt.Fprintf(tw, "accounts\t%d\n", info.Accounts)
	fmt.Fprintf(tw, "ledger\t%d rows, the newest %d\n", info.LedgerRows, info.LastLedgerID)
	verified := "ok"
	if !rep.OK {
		verified = fmt.Sprintf("FAILED (%d problems), restored with --force", problems(rep))
	}
	fmt.Fprintf(tw, "verify\t%s\n", verified)
	return tw.Flush()
}

func problems(rep sqlstore.VerifyReport) int64 {
	var n int64
	for _, c := range rep.Checks {
		n += c.Failed
	}
	return n
}

func runVerify(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("verify", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	cfg, pos, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("verify: unexpected argument %q (the database is --db or DALIL_DB)", pos[0])
	}
	rep, err := sqlstore.Verify(ctx, string(cfg.Storage.DSN))
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	if *asJSON {
		if err := printJSON(stdout, rep); err != nil {
			return err
		}
	} else if err := verifyTable(stdout, rep, cfg.Storage.DSN.String()); err != nil {
		return err
	}
	if !rep.OK {
		return fmt.Errorf("verify: %d problems in the money of %s", problems(rep), cfg.Storage.DSN)
	}
	return nil
}

// verifyTable prints the report for people: what the database holds,
// one line a check, then every problem found.
func verifyTable(w io.Writer, rep sqlstore.VerifyReport, db string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "database\t%s (%s, schema %s), read %s\n", db, rep.Database, rep.Schema, rep.At.Format(time.RFC3339))
	fmt.Fprintf(tw, "holds\t%d accounts with USD %s of credits, %d ledger rows\n\n", rep.Accounts, rep.Credits.Decimal(), rep.LedgerRows)
	fmt.Fprintln(tw, "CHECK\tCHECKED\tFAILED\tWHAT")
	for _, c := range rep.Checks {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", c.Name, c.Checked, c.Failed, c.What)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if rep.OK {
		_, err := fmt.Fprintln(w, "\nok: the money checks out")
		return err
	}
	fmt.Fprintf(w, "\nFAILED: %d problems\n", problems(rep))
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CHECK\tROW\tPROBLEM")
	for _, c := range rep.Checks {
		for _, p := range c.Problems {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Name, p.Subject, p.Detail)
		}
		if more := c.Failed - int64(len(c.Problems)); more > 0 {
			fmt.Fprintf(tw, "%s\t\t%s\n", c.Name, strings.TrimSpace(fmt.Sprintf("and %d more", more)))
		}
	}
	return tw.Flush()
}
