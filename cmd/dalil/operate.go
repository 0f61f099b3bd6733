package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"dalil"
	"dalil/httpapi"
	"dalil/ops"
	"dalil/store/sqlstore"
)

// opFlags are the flags of the account commands; each command registers
// the ones it takes.
type opFlags struct {
	name, plan, account, usd, credits, after string
	limit                                    int
	before                                   int64
	json, newPeriod                          bool
}

// opCommand is one operator command of contract §1 (and #12 item 6). Each
// runs the same ops function as its admin route, so both print the same.
type opCommand struct {
	flags func(fs *flag.FlagSet, f *opFlags)
	// arg names the one positional argument, if the command takes one.
	arg string
	// run does the work and returns what to print.
	run func(ctx context.Context, store *sqlstore.Store, f *opFlags, arg string, stderr io.Writer) (any, error)
	// table prints the answer for people; --json prints it as JSON
	// instead (every command takes it). Nil is fieldsTable.
	table func(w io.Writer, v any, f *opFlags) error
}

func accountFlag(fs *flag.FlagSet, f *opFlags) {
	fs.StringVar(&f.account, "account", "", "account id (acct_...)")
}

func jsonFlag(fs *flag.FlagSet, f *opFlags) {
	fs.BoolVar(&f.json, "json", false, "print JSON instead of a table")
}

func limitFlag(fs *flag.FlagSet, f *opFlags) {
	fs.IntVar(&f.limit, "limit", ops.DefaultPage, fmt.Sprintf("how many to show, 1 to %d", ops.MaxPage))
}

// opCommands are the account commands by "group sub" (or "group" alone).
var opCommands = map[string]opCommand{
	"accounts create": {
		flags: func(fs *flag.FlagSet, f *opFlags) {
			fs.StringVar(&f.name, "name", "", "account name (required)")
			fs.StringVar(&f.plan, "plan", "", "plan: free (default), developer, growth, enterprise")
			fs.StringVar(&f.credits, "credits", "", "initial prepaid credits in USD, such as 25 or 0.50")
		},
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, _ io.Writer) (any, error) {
			if err := need(f.name, "name"); err != nil {
				return nil, err
			}
			var amount dalil.MicroUSD
			if f.credits != "" {
				var err error
				if amount, err = parseAmount("credits", f.credits, false); err != nil {
					return nil, err
				}
			}
			return ops.CreateAccount(ctx, st, f.name, f.plan, amount)
		},
	},
	"accounts show": {
		arg: "ID",
		run: func(ctx context.Context, st *sqlstore.Store, _ *opFlags, id string, _ io.Writer) (any, error) {
			return ops.ShowAccount(ctx, st, id)
		},
	},
	"accounts list": {
		flags: func(fs *flag.FlagSet, f *opFlags) {
			limitFlag(fs, f)
			fs.StringVar(&f.after, "after", "", "list the accounts created after this one (the cursor a full page prints)")
			jsonFlag(fs, f)
		},
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, _ io.Writer) (any, error) {
			if err := checkLimit(f.limit); err != nil {
				return nil, err
			}
			return ops.ListAccounts(ctx, st, f.limit, f.after)
		},
		table: accountsTable,
	},
	"credits add": {
		flags: func(fs *flag.FlagSet, f *opFlags) {
			accountFlag(fs, f)
			fs.StringVar(&f.usd, "usd", "", "USD to add, such as 10 or 0.50 (required)")
		},
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, _ io.Writer) (any, error) {
			if err := errors.Join(need(f.account, "account"), need(f.usd, "usd")); err != nil {
				return nil, err
			}
			amount, err := parseAmount("usd", f.usd, true)
			if err != nil {
				return nil, err
			}
			return ops.AddCredits(ctx, st, f.account, amount)
		},
	},
	"keys create": {
		flags: accountFlag,
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, _ io.Writer) (any, error) {
			if err := need(f.account, "account"); err != nil {
				return nil, err
			}
			return ops.CreateKey(ctx, st, f.account)
		},
	},
	"keys list": {
		flags: accountFlag,
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, _ io.Writer) (any, error) {
			if err := need(f.account, "account"); err != nil {
				return nil, err
			}
			return ops.ListKeys(ctx, st, f.account)
		},
		table: keysTable,
	},
	"keys revoke": {
		arg: "KEY_ID",
		run: func(ctx context.Context, st *sqlstore.Store, _ *opFlags, id string, _ io.Writer) (any, error) {
			return ops.RevokeKey(ctx, st, id)
		},
	},
	"plan set": {
		flags: func(fs *flag.FlagSet, f *opFlags) {
			accountFlag(fs, f)
			fs.StringVar(&f.plan, "plan", "", "free, developer, growth or enterprise (required)")
			fs.BoolVar(&f.newPeriod, "new-period", false, "start a new allowance period now with nothing used (default: a new plan keeps the current period and what was used in it)")
		},
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, stderr io.Writer) (any, error) {
			if err := errors.Join(need(f.account, "account"), need(f.plan, "plan")); err != nil {
				return nil, err
			}
			v, err := ops.SetPlan(ctx, st, f.account, f.plan, f.newPeriod)
			if err == nil {
				fmt.Fprintln(stderr, planNote(v))
			}
			return v, err
		},
	},
	"ledger": {
		flags: func(fs *flag.FlagSet, f *opFlags) {
			accountFlag(fs, f)
			limitFlag(fs, f)
			fs.Int64Var(&f.before, "before", 0, "show the entries older than this id (the cursor a full page prints)")
			jsonFlag(fs, f)
		},
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, _ io.Writer) (any, error) {
			if err := need(f.account, "account"); err != nil {
				return nil, err
			}
			if err := checkLimit(f.limit); err != nil {
				return nil, err
			}
			if f.before < 0 {
				return nil, errors.New("--before: must be a ledger entry id from a previous page")
			}
			return ops.Ledger(ctx, st, f.account, f.limit, f.before)
		},
		table: ledgerTable,
	},
	"usage": {
		flags: func(fs *flag.FlagSet, f *opFlags) {
			accountFlag(fs, f)
			jsonFlag(fs, f)
		},
		run: func(ctx context.Context, st *sqlstore.Store, f *opFlags, _ string, _ io.Writer) (any, error) {
			if err := need(f.account, "account"); err != nil {
				return nil, err
			}
			return ops.AccountUsage(ctx, st, f.account)
		},
		table: usageTable,
	},
}

// operate runs the account commands: `dalil accounts|credits|keys|plan
// <sub>` and `dalil ledger|usage`.
func operate(ctx context.Context, group string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	name := group
	if _, ok := opCommands[group]; !ok {
		if len(args) == 0 {
			fmt.Fprintln(stderr, usage)
			return fmt.Errorf("%s: missing subcommand", group)
		}
		name, args = group+" "+args[0], args[1:]
	}
	cmd, ok := opCommands[name]
	if !ok {
		fmt.Fprintln(stderr, usage)
		return fmt.Errorf("unknown command %s", name)
	}
	fs := newFlagSet(name, stderr)
	var f opFlags
	if cmd.flags != nil {
		cmd.flags(fs, &f)
	}
	if fs.Lookup("json") == nil {
		jsonFlag(fs, &f)
	}
	cfg, pos, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	arg := ""
	switch {
	case cmd.arg != "" && len(pos) != 1:
		return fmt.Errorf("%s: expected one argument, %s", name, cmd.arg)
	case cmd.arg != "":
		arg = pos[0]
	case len(pos) > 0:
		return fmt.Errorf("%s: unexpected argument %q", name, pos[0])
	}
	store, err := openStore(ctx, cfg, logger(cfg.LogLevel, stderr))
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	defer store.Close()
	out, err := cmd.run(ctx, store, &f, arg, stderr)
	if err != nil {
		return explain(err)
	}
	switch {
	case f.json:
		return printJSON(stdout, out)
	case cmd.table != nil:
		return cmd.table(stdout, out, &f)
	}
	return fieldsTable(stdout, out)
}

func need(v, flagName string) error {
	if v == "" {
		return fmt.Errorf("--%s is required", flagName)
	}
	return nil
}

func checkLimit(n int) error {
	if n < 1 || n > ops.MaxPage {
		return fmt.Errorf("--limit: must be from 1 to %d, got %d", ops.MaxPage, n)
	}
	return nil
}

// parseAmount reads a USD amount flag: a plain decimal with at most 6
// decimals, positive (a top-up) or not negative (initial credits), at
// most dalil.MaxCredits.
func parseAmount(flagName, v string, positive bool) (dalil.MicroUSD, error) {
	want := "a USD amount that is not negative"
	if positive {
		want = "a positive USD amount"
	}
	if s := strings.TrimSpace(v); strings.HasPrefix(s, "-") {
		return 0, fmt.Errorf("--%s: must be %s, such as 10 or 0.50; got %s", flagName, want, s)
	}
	m, err := dalil.ParseUSD(v)
	switch {
	case err != nil && strings.Contains(err.Error(), "too large"):
		return 0, fmt.Errorf("--%s: must be at most %s USD (the largest balance an account may hold), got %s", flagName, dalil.MaxCredits.Decimal(), v)
	case err != nil:
		return 0, fmt.Errorf("--%s: must be %s with at most 6 decimals, such as 10 or 0.50; got %q", flagName, want, v)
	case positive && m == 0:
		return 0, fmt.Errorf("--%s: must be %s, such as 10 or 0.50; got %s", flagName, want, v)
	}
	return m, nil
}

// planNote says in words what a plan change did to the allowance period.
func planNote(v ops.PlanSet) string {
	switch v.Period {
	case dalil.PeriodUnchanged:
		return fmt.Sprintf("plan: %s already has plan %s; nothing changed (--new-period restarts its allowance period)", v.AccountID, v.Plan)
	case dalil.PeriodKept:
		used := "nothing was used yet"
		if v.Subscription != nil {
			used = fmt.Sprintf("USD %s and %d calls used so far count against the new allowance", usd(v.Subscription.Used), v.Subscription.Calls.Used)
		}
		return fmt.Sprintf("plan: %s moved from %s to %s; the current period is kept (%s); --new-period would have restarted it", v.AccountID, v.PreviousPlan, v.Plan, used)
	}
	if v.PreviousPlan == v.Plan {
		return fmt.Sprintf("plan: %s stays on %s; a new allowance period starts now with nothing used", v.AccountID, v.Plan)
	}
	return fmt.Sprintf("plan: %s moved from %s to %s; a new allowance period starts now with nothing used", v.AccountID, v.PreviousPlan, v.Plan)
}

// usd formats a USD amount for people: at least two decimals, at most six.
func usd(v float64) string { return dalil.MicroUSD(math.Round(v * 1e6)).Decimal() }

func day(t time.Time) string { return t.UTC().Format("2006-01-02") }

func accountsTable(w io.Writer, v any, f *opFlags) error {
	l := v.(ops.AccountList)
	if len(l.Accounts) == 0 {
		_, err := fmt.Fprintln(w, "no accounts (dalil accounts create --name NAME adds one)")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ACCOUNT\tNAME\tPLAN\tCREDITS USD\tALLOWANCE LEFT\tCREATED")
	for _, a := range l.Accounts {
		left := "-"
		if al := a.AllowanceLeft; al != nil {
			left = fmt.Sprintf("USD %s, %d calls (until %s)", usd(al.USD), al.Calls, day(al.PeriodEndsAt))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", a.AccountID, a.Name, a.Plan, usd(a.CreditsUSD), left, day(a.CreatedAt))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if l.NextAfter != "" {
		fmt.Fprintf(w, "more: dalil accounts list --limit %d --after %s\n", f.limit, l.NextAfter)
	}
	return nil
}

func ledgerTable(w io.Writer, v any, f *opFlags) error {
	p := v.(ops.LedgerPage)
	if len(p.Transactions) == 0 {
		_, err := fmt.Fprintf(w, "no ledger entries for %s\n", p.AccountID)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTIME (UTC)\tKIND\tRAIL\tTOOL\tUSD\tCREDITS AFTER\tREQUEST / NOTE")
	for _, e := range p.Transactions {
		ref := e.RequestID
		if ref == "" {
			ref = e.Note
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", e.ID, e.CreatedAt.UTC().Format("2006-01-02 15:04:05"), e.Kind, e.Rail, dash(e.Tool), usd(e.Amount), usd(e.BalanceAfter), dash(ref))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if p.NextBefore != nil {
		fmt.Fprintf(w, "more: dalil ledger --account %s --limit %d --before %d\n", p.AccountID, f.limit, *p.NextBefore)
	}
	return nil
}

func usageTable(w io.Writer, v any, _ *opFlags) error {
	u := v.(ops.Usage)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tRAIL\tCALLS\tCHARGED USD")
	for _, r := range u.ByTool {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", r.Tool, r.Rail, r.Calls, usd(r.Charged))
	}
	fmt.Fprintf(tw, "TOTAL\t\t%d\t%s\n", u.Total.Calls, usd(u.Total.Charged))
	return tw.Flush()
}

func keysTable(w io.Writer, v any, _ *opFlags) error {
	keys := v.([]dalil.Key)
	if len(keys) == 0 {
		_, err := fmt.Fprintln(w, "no keys")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tPREFIX\tCREATED (UTC)\tREVOKED (UTC)")
	for _, k := range keys {
		revoked := "-"
		if k.RevokedAt != nil {
			revoked = k.RevokedAt.UTC().Format("2006-01-02 15:04:05")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", k.ID, k.Prefix, k.CreatedAt.UTC().Format("2006-01-02 15:04:05"), revoked)
	}
	return tw.Flush()
}

// fieldsTable prints one answer for people, a field a line in the order
// its JSON gives them, nested objects as dotted names
// (credits.available), a list as compact JSON. The commands print this
// unless they have a table of their own.
func fieldsTable(w io.Writer, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if len(raw) == 0 || raw[0] != '{' {
		return printJSON(w, v) // not an object: JSON is its plainest form
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if err := writeFields(tw, "", raw); err != nil {
		return err
	}
	return tw.Flush()
}

// writeFields writes the fields of the JSON object raw, each name after
// prefix.
func writeFields(w io.Writer, prefix string, raw json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return err
		}
		name := prefix + fmt.Sprint(key)
		var str string
		switch {
		case len(val) > 0 && val[0] == '{':
			if err := writeFields(w, name+".", val); err != nil {
				return err
			}
		case string(val) == "null":
			fmt.Fprintf(w, "%s\t-\n", name)
		case len(val) > 1 && val[0] == '[' && bytes.HasPrefix(bytes.TrimLeft(val[1:], " \n"), []byte("{")):
			// A list of objects: one line each, as name=value pairs.
			var items []json.RawMessage
			if err := json.Unmarshal(val, &items); err != nil {
				return err
			}
			for i, it := range items {
				label := name
				if i > 0 {
					label = ""
				}
				fmt.Fprintf(w, "%s\t%s\n", label, pairs(it))
			}
		case json.Unmarshal(val, &str) == nil:
			fmt.Fprintf(w, "%s\t%s\n", name, str)
		default:
			fmt.Fprintf(w, "%s\t%s\n", name, val)
		}
	}
	return nil
}

// pairs writes a JSON object on one line as name=value pairs, in its
// order.
func pairs(raw json.RawMessage) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return string(raw)
	}
	var parts []string
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			break
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			break
		}
		var str string
		if json.Unmarshal(val, &str) == nil {
			val = json.RawMessage(str)
		}
		parts = append(parts, fmt.Sprintf("%s=%s", key, val))
	}
	return strings.Join(parts, " ")
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// explain turns a store or ops error into a message for the operator:
// each input problem named by its flag.
func explain(err error) error {
	if errors.Is(err, dalil.ErrNotFound) {
		return errors.New("no such account or key")
	}
	var de *dalil.Error
	if errors.As(err, &de) {
		if ps, ok := de.Details.([]dalil.Problem); ok && len(ps) > 0 {
			var parts []string
			for _, p := range ps {
				parts = append(parts, "--"+p.Path+": "+p.Message)
			}
			return errors.New(strings.Join(parts, "; "))
		}
		return errors.New(de.Message)
	}
	return err
}

// checkAdminToken refuses a DALIL_ADMIN_TOKEN too short to resist
// guessing (httpapi.MinAdminToken); the message never shows the token.
func checkAdminToken(cfg *Config) error {
	if n := len(cfg.Listen.AdminToken.Reveal()); n > 0 && n < httpapi.MinAdminToken {
		return fmt.Errorf("DALIL_ADMIN_TOKEN is %d characters; the admin API needs at least %d. Make one with: openssl rand -hex 32 (or unset DALIL_ADMIN_TOKEN to keep the admin API off)",
			n, httpapi.MinAdminToken)
	}
	return nil
}
