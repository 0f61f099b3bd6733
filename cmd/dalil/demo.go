package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"dalil"
	"dalil/dataset"
	"dalil/ops"
	"dalil/store/sqlstore"
)

// demoSetting is the setting (sqlstore.Store.Setting) that marks a
// database `serve --demo` seeded; its value is the demo account's id (""
// until that account exists).
const demoSetting = "demo"

// demoReason is the reason recorded with the synthetic batches `dalil
// demo remove` retracts.
const demoReason = "demo data removed (dalil demo remove)"

// demoFacts are what decide whether a database is a demo database.
type demoFacts struct {
	// Marked: the demo marker is set; Account is its value.
	Marked  bool
	Account string
	// InUse: the database holds an account or a pay-per-call payment.
	InUse bool
	// Accounts counts the accounts; Only is the only one, when there is
	// exactly one.
	Accounts int64
	Only     dalil.Account
	// Real names the datasets with a batch (held or retracted) that is
	// not synthetic: real data was imported.
	Real []string
	// Synthetic: some dataset holds a synthetic batch (not retracted).
	Synthetic bool
}

// demoVerdict is what serve --demo and demo remove make of a database:
// whether it is a demo database (Ours), its demo account when known, and
// otherwise why not (Why, for the operator).
type demoVerdict struct {
	Ours    bool
	Account string
	Why     string
}

// verdict applies the rules, in order:
//
//  1. real data imported (not synthetic, retracted or not) makes any
//     database not a demo one, marked or not: synthetic rows must not
//     mix with it;
//  2. a marked database is ours (serve --demo seeded it), whatever
//     accounts were added since;
//  3. a database nobody used (no account, no payment) is new: ours;
//  4. one whose only account is named demo and that holds synthetic
//     rows is one an earlier --demo seeded before the marker existed:
//     ours, with that account (after `dalil demo remove` it holds no
//     synthetic rows, and is not);
//  5. anything else is not.
func (f demoFacts) verdict() demoVerdict {
	switch {
	case len(f.Real) > 0:
		what := "real (not synthetic) data in " + strings.Join(f.Real, ", ")
		if f.Marked {
			return demoVerdict{Why: "it was a demo database, but " + what + " has been imported into it since"}
		}
		return demoVerdict{Why: "it holds " + what}
	case f.Marked:
		return demoVerdict{Ours: true, Account: f.Account}
	case !f.InUse:
		return demoVerdict{Ours: true}
	case f.Accounts == 1 && f.Only.Name == "demo" && f.Synthetic:
		return demoVerdict{Ours: true, Account: f.Only.ID}
	case f.Accounts == 0:
		return demoVerdict{Why: "it holds pay-per-call payments"}
	}
	return demoVerdict{Why: "it holds " + plural(int(f.Accounts), "account") + " and no mark that serve --demo seeded it"}
}

// demoFactsOf reads the facts from store: its marker, accounts and
// payments, and every dataset's batches.
func demoFactsOf(ctx context.Context, store *sqlstore.Store) (demoFacts, error) {
	var f demoFacts
	var err error
	if f.Account, f.Marked, err = store.Setting(ctx, demoSetting); err != nil {
		return f, err
	}
	if f.InUse, err = store.InUse(ctx); err != nil {
		return f, err
	}
	if f.Accounts, err = store.AccountCount(ctx); err != nil {
		return f, err
	}
	if f.Accounts == 1 {
		accts, err := store.Accounts(ctx, 1, "")
		if err != nil {
			return f, err
		}
		if len(accts) == 1 {
			f.Only = accts[0]
		}
	}
	for _, im := range datasetImporters(store) {
		bs, err := im.(dataset.Lifecycle).Batches(ctx)
		if err != nil {
			return f, err
		}
		if slices.ContainsFunc(bs, func(b dataset.BatchState) bool { return !b.Synthetic }) {
			f.Real = append(f.Real, im.Name())
		}
		f.Synthetic = f.Synthetic || slices.ContainsFunc(bs, func(b dataset.BatchState) bool { return b.Synthetic && b.Retracted == nil })
	}
	return f, nil
}

// claimDemo is serve --demo's check before it seeds anything: a demo
// database is marked (before anything is loaded, so that a start cut
// short leaves it recognisable); any other is refused, saying why and
// what to do.
func claimDemo(ctx context.Context, store *sqlstore.Store, cfg *Config) error {
	f, err := demoFactsOf(ctx, store)
	if err != nil {
		return err
	}
	v := f.verdict()
	if !v.Ours {
		return fmt.Errorf("serve --demo: refused: this database is not a demo database: %s. --demo loads made-up (synthetic) rows and a demo account, "+
			"which must not mix with real accounts or data. To try the demo, give it a database of its own: dalil serve --demo --db dalil-demo.db "+
			"(or DALIL_DB=dalil-demo.db); to serve this database, run dalil serve without --demo%s", v.Why, demoRemoveHint(f, cfg))
	}
	if !f.Marked || f.Account != v.Account {
		return store.PutSetting(ctx, demoSetting, v.Account)
	}
	return nil
}

// demoRemoveHint points a refused demo database that holds synthetic rows
// or was marked at `dalil demo remove`.
func demoRemoveHint(f demoFacts, cfg *Config) string {
	if !f.Marked {
		return ""
	}
	return "; to take the demo data out of it, run dalil demo remove" + dbFlag(cfg)
}

// dbFlag is how a printed command names the operator's database: " --db
// PATH" for a file other than the default, a note for a URL (which may
// carry a password: never printed), nothing for the default.
func dbFlag(cfg *Config) string {
	dsn := string(cfg.Storage.DSN)
	switch {
	case dsn == "dalil.db":
		return ""
	case strings.Contains(dsn, "://"):
		return " (with the same DALIL_DB)"
	}
	return " --db " + dsn
}

// demoRemoved is what `dalil demo remove` did.
type demoRemoved struct {
	// Retracted are the synthetic batches retracted.
	Retracted []dataset.Retraction `json:"retracted"`
	// Account is the demo account ("" when none is known) and
	// RevokedKeys the ids of its keys revoked.
	Account     string   `json:"account"`
	RevokedKeys []string `json:"revokedKeys"`
	// Unmarked: the database is no longer marked as a demo database.
	Unmarked bool `json:"unmarked"`
}

// runDemo runs `dalil demo remove [--json]`: every synthetic batch of
// every dataset retracted (recorded like any retraction), every key of the
// demo account revoked (the account and its ledger stay), and the demo
// marker removed, so that the database is an ordinary one: serve --demo
// refuses it from then on, unless nothing is left in it.
func runDemo(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "remove" {
		fmt.Fprintln(stderr, "usage: dalil demo remove [--json]")
		return errors.New("demo: expected remove")
	}
	fs := newFlagSet("demo remove", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	cfg, rest, err := loadConfig(fs, args[1:], getenv)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("demo remove: unexpected argument %q", rest[0])
	}
	store, err := openStore(ctx, cfg, logger(cfg.LogLevel, stderr))
	if err != nil {
		return err
	}
	defer store.Close()
	// The demo account is known before anything changes: the marker's,
	// or the only account named demo of a database an earlier --demo
	// seeded (before the marker existed) that holds no real data.
	f, err := demoFactsOf(ctx, store)
	if err != nil {
		return err
	}
	out := demoRemoved{Retracted: []dataset.Retraction{}, RevokedKeys: []string{}}
	if v := f.verdict(); v.Ours || f.Marked {
		out.Account = v.Account
		if f.Marked {
			out.Account = f.Account
		}
	}
	for _, im := range datasetImporters(store) {
		lc := im.(dataset.Lifecycle)
		bs, err := lc.Batches(ctx)
		if err != nil {
			return err
		}
		for _, b := range bs {
			if !b.Synthetic || b.Retracted != nil {
				continue
			}
			r, err := lc.Retract(ctx, b.ID, demoReason)
			var de *dalil.Error
			if errors.As(err, &de) && de.Code == dalil.CodeNotFound {
				continue // retracted meanwhile
			}
			if err != nil {
				return err
			}
			out.Retracted = append(out.Retracted, r)
		}
	}
	if out.Account != "" {
		keys, err := ops.ListKeys(ctx, store, out.Account)
		if err != nil && !errors.Is(err, dalil.ErrNotFound) {
			return err
		}
		for _, k := range keys {
			if k.RevokedAt != nil {
				continue
			}
			if _, err := ops.RevokeKey(ctx, store, k.ID); err != nil {
				return err
			}
			out.RevokedKeys = append(out.RevokedKeys, k.ID)
		}
	}
	if f.Marked {
		if err := store.DeleteSetting(ctx, demoSetting); err != nil {
			return err
		}
		out.Unmarked = true
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	for _, r := range out.Retracted {
		fmt.Fprintf(stdout, "demo: retracted %s batch %s (%s)\n", r.Dataset, r.Batch, plural(r.RowsRemoved, "row"))
	}
	if len(out.Retracted) == 0 {
		fmt.Fprintln(stdout, "demo: no synthetic batch to retract")
	}
	switch {
	case out.Account == "":
		fmt.Fprintln(stdout, "demo: no demo account is known in this database; no key was revoked")
	case len(out.RevokedKeys) == 0:
		fmt.Fprintf(stdout, "demo: the demo account %s has no key left to revoke\n", out.Account)
	default:
		fmt.Fprintf(stdout, "demo: revoked %s of the demo account %s: %s\n", plural(len(out.RevokedKeys), "key"), out.Account, strings.Join(out.RevokedKeys, ", "))
	}
	if out.Unmarked {
		fmt.Fprintln(stdout, "demo: this database is no longer a demo database; serve it without --demo")
	}
	return nil
}
