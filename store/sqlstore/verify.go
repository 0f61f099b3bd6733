package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"dalil"
)

// Verify checks the money of a Dalil database (issue 33 item 8): what
// `dalil verify` runs on a live database, a backup or a restored copy. It
// opens dsn itself, runs no migration and writes nothing, and reads every
// check from one snapshot (a read transaction on SQLite, REPEATABLE READ
// READ ONLY on PostgreSQL), so a server charging meanwhile cannot make it
// see half a charge.
//
// Which rows move prepaid credits: every ledger row not on the
// subscription rail. A charge or refund on the subscription rail moves
// the plan's allowance and records the balance unchanged; top-ups (and
// any other kind of credit, such as a funding) and charges and refunds on
// api_credits move the balance by their amount. The checks:
//
//   - balances: each account's credits equal the sum of its ledger rows
//     that move credits;
//   - ledger chain: each such row's balance_after equals the sum of the
//     account's rows that move credits up to and including it (id order);
//   - charges: each charge has its call (a request id and a tool), a
//     negative amount and an account rail, and no request is charged twice;
//   - refunds: each refund follows its charge (same account, request,
//     rail and tool) and gives back at most what was charged;
//   - credits: each other row (top-up) adds a positive amount;
//   - idempotency: each completed Idempotency-Key record paid by an
//     account rail has its charge in the ledger, of the price it recorded;
//   - funding: each credential spent on credits (a "funded" claim) has its
//     top-up row, of its amount on its rail, and each top-up paid over a
//     pay-per-call rail has its funded claim;
//   - pay-per-call claims: each settled claim records a positive amount, a
//     request and when it was settled.
//
// The subscription allowance (allowance_usage) is not checked against the
// ledger: a plan change with a new period and a refund floored at zero
// make it a quota counter, not a balance.
func Verify(ctx context.Context, dsn string) (VerifyReport, error) {
	db, dialect, err := openRaw(dsn, true)
	if err != nil {
		return VerifyReport{}, err
	}
	defer db.Close()
	return verifyDB(ctx, db, dialect)
}

// VerifyReport is what Verify found.
type VerifyReport struct {
	// Database is "sqlite" or "postgres".
	Database string `json:"database"`
	// At is when the snapshot was read.
	At time.Time `json:"at"`
	// Schema is the newest core migration recorded.
	Schema string `json:"schema"`
	// Accounts, LedgerRows and Credits are what the database holds:
	// Credits is the sum of every account's prepaid credits.
	Accounts   int64          `json:"accounts"`
	LedgerRows int64          `json:"ledgerRows"`
	Credits    dalil.MicroUSD `json:"creditsMicroUsd"`
	Checks     []VerifyCheck  `json:"checks"`
	OK         bool           `json:"ok"`
}

// VerifyCheck is one check: how many rows it looked at and what it
// found wrong (the first MaxVerifyProblems; Failed counts them all).
type VerifyCheck struct {
	Name     string          `json:"name"`
	What     string          `json:"what"`
	Checked  int64           `json:"checked"`
	Failed   int64           `json:"failed"`
	Problems []VerifyProblem `json:"problems,omitempty"`
}

// VerifyProblem is one row that fails a check.
type VerifyProblem struct {
	// Subject names the row: an account id, a request id, a ledger id.
	Subject string `json:"subject"`
	Detail  string `json:"detail"`
}

// MaxVerifyProblems bounds the problems a check lists.
const MaxVerifyProblems = 50

// verifyCheck is one check's queries: count is the number of rows
// checked; bad lists the failing rows as (subject, detail) pairs.
type verifyCheck struct {
	name, what string
	count      string
	bad        string
	detail     func(cols []any) VerifyProblem
}

// moves is the SQL condition of a ledger row that moves prepaid credits.
const moves = `rail <> 'subscription'`

var verifyChecks = []verifyCheck{
	{
		name: "balances", what: "each account's credits equal the sum of its ledger rows that move credits",
		count: `SELECT COUNT(*) FROM accounts`,
		bad: `SELECT a.id, a.credits, COALESCE(l.total, 0) FROM accounts a
			LEFT JOIN (SELECT account_id, CAST(SUM(amount) AS BIGINT) AS total FROM ledger WHERE ` + moves + ` GROUP BY account_id) l ON l.account_id = a.id
			WHERE a.credits <> COALESCE(l.total, 0) OR a.credits < 0 ORDER BY a.id`,
		detail: func(c []any) VerifyProblem {
			credits, sum := dalil.MicroUSD(asInt(c[1])), dalil.MicroUSD(asInt(c[2]))
			return VerifyProblem{Subject: asString(c[0]), Detail: fmt.Sprintf("credits %s but its ledger sums to %s (off by %s)", usd(credits), usd(sum), usd(credits-sum))}
		},
	},
	{
		name: "ledger chain", what: "each row's balance_after is the running sum of the account's rows that move credits",
		count: `SELECT COUNT(*) FROM ledger WHERE ` + moves,
		bad: `SELECT id, account_id, balance_after, running FROM (
				SELECT id, account_id, rail, balance_after,
					SUM(CASE WHEN ` + moves + ` THEN amount ELSE 0 END) OVER (PARTITION BY account_id ORDER BY id ROWS UNBOUNDED PRECEDING) AS running
				FROM ledger) x
			WHERE ` + moves + ` AND balance_after <> running ORDER BY id`,
		detail: func(c []any) VerifyProblem {
			return VerifyProblem{Subject: "ledger " + asString(c[0]), Detail: fmt.Sprintf("account %s: balance_after %s, but its rows up to it sum to %s",
				asString(c[1]), usd(dalil.MicroUSD(asInt(c[2]))), usd(dalil.MicroUSD(asInt(c[3]))))}
		},
	},
	{
		name: "charges", what: "each charge has its call (request id, tool), a negative amount, an account rail; no request charged twice",
		count: `SELECT COUNT(*) FROM ledger WHERE kind = 'charge'`,
		bad: `SELECT 'ledger ' || CAST(id AS TEXT), account_id || ': ' ||
				CASE WHEN request_id = '' THEN 'a charge without a request id'
				     WHEN tool = '' THEN 'a charge without a tool'
				     WHEN amount >= 0 THEN 'a charge of a non-negative amount ' || CAST(amount AS TEXT) || ' micro-USD'
				     ELSE 'a charge on rail ' || rail || ', not an account rail' END
			FROM ledger WHERE kind = 'charge' AND (request_id = '' OR tool = '' OR amount >= 0 OR rail NOT IN ('api_credits', 'subscription'))
			UNION ALL
			SELECT request_id, 'charged ' || CAST(COUNT(*) AS TEXT) || ' times (ledger ' || CAST(MIN(id) AS TEXT) || ' and ' || CAST(MAX(id) AS TEXT) || ')'
			FROM ledger WHERE kind = 'charge' AND request_id <> '' GROUP BY request_id HAVING COUNT(*) > 1
			ORDER BY 1`,
		detail: pair,
	},
	{
		name: "refunds", what: "each refund follows its charge (account, request, rail, tool) and gives back at most what it charged",
		count: `SELECT COUNT(*) FROM ledger WHERE kind = 'refund'`,
		bad: `SELECT 'ledger ' || CAST(r.id AS TEXT), r.account_id || ' request ' || r.request_id || ': ' ||
				CASE WHEN c.id IS NULL THEN 'a refund of ' || CAST(r.amount AS TEXT) || ' micro-USD without its charge'
				     WHEN r.amount <= 0 THEN 'a refund of a non-positive amount'
				     ELSE 'a refund of ' || CAST(r.amount AS TEXT) || ' micro-USD, more than the charge of ' || CAST(-c.amount AS TEXT) END
			FROM ledger r LEFT JOIN ledger c ON c.kind = 'charge' AND c.request_id = r.request_id AND c.account_id = r.account_id AND c.rail = r.rail AND c.tool = r.tool AND c.id < r.id
			WHERE r.kind = 'refund' AND (c.id IS NULL OR r.amount <= 0 OR r.amount > -c.amount)
			ORDER BY r.id`,
		detail: pair,
	},
	{
		name: "credits", what: "each top-up (any row neither charge nor refund) adds a positive amount to credits",
		count: `SELECT COUNT(*) FROM ledger WHERE kind NOT IN ('charge', 'refund')`,
		bad: `SELECT 'ledger ' || CAST(id AS TEXT), account_id || ': a ' || kind || ' of ' || CAST(amount AS TEXT) || ' micro-USD on rail ' || rail
			FROM ledger WHERE kind NOT IN ('charge', 'refund') AND (amount <= 0 OR NOT (` + moves + `)) ORDER BY id`,
		detail: pair,
	},
	{
		name: "idempotency", what: "each completed Idempotency-Key paid by an account has its charge, of the price it recorded",
		count: `SELECT COUNT(*) FROM idempotency WHERE status = 'completed' AND response_rail IN ('api_credits', 'subscription')`,
		bad: `SELECT i.response_request_id, i.account_id || ' key ' || i.key || ' (' || i.tool || '): answered as paid ' || CAST(i.response_price AS TEXT) || ' micro-USD on ' || i.response_rail || ', no such charge in the ledger'
			FROM idempotency i WHERE i.status = 'completed' AND i.response_rail IN ('api_credits', 'subscription')
			AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.kind = 'charge' AND l.request_id = i.response_request_id AND l.account_id = i.account_id
				AND l.tool = i.tool AND l.rail = i.response_rail AND l.amount = -i.response_price)
			ORDER BY 1`,
		detail: pair,
	},
	{
		name: "funding", what: "each credential spent on credits (a funded claim) has its top-up, and each top-up paid over x402/L402/MPP its funded claim",
		count: `SELECT COUNT(*) FROM payment_claims WHERE status = '` + claimFunded + `'`,
		bad: `SELECT c.credential_id, c.rail || ' ' || c.tool || ': funded ' || CAST(c.amount AS TEXT) || ' micro-USD (request ' || c.request_id || '), no such top-up in the ledger'
			FROM payment_claims c WHERE c.status = '` + claimFunded + `' AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.kind = 'topup' AND l.request_id = c.request_id AND l.rail = c.rail AND l.amount = c.amount)
			UNION ALL
			SELECT 'ledger ' || CAST(l.id AS TEXT), l.account_id || ': a top-up of ' || CAST(l.amount AS TEXT) || ' micro-USD paid over ' || l.rail || ' without its funded claim'
			FROM ledger l WHERE l.kind NOT IN ('charge', 'refund') AND l.rail NOT IN ('api_credits', 'subscription')
			AND NOT EXISTS (SELECT 1 FROM payment_claims c WHERE c.status = '` + claimFunded + `' AND c.request_id = l.request_id AND c.rail = l.rail AND c.amount = l.amount)
			ORDER BY 1`,
		detail: pair,
	},
	{
		name: "pay-per-call claims", what: "each settled x402/L402/MPP claim records its request, a positive amount and when it settled",
		count: `SELECT COUNT(*) FROM payment_claims WHERE status = 'settled'`,
		bad: `SELECT credential_id, rail || ' ' || tool || ': settled with ' ||
				CASE WHEN request_id = '' THEN 'no request id' WHEN amount <= 0 THEN 'a non-positive amount' ELSE 'no settlement time' END
			FROM payment_claims WHERE status = 'settled' AND (request_id = '' OR amount <= 0 OR settled_at IS NULL) ORDER BY 1`,
		detail: pair,
	},
}

func pair(c []any) VerifyProblem {
	return VerifyProblem{Subject: asString(c[0]), Detail: asString(c[1])}
}

func usd(m dalil.MicroUSD) string { return "USD " + m.Decimal() }

func verifyDB(ctx context.Context, db *sql.DB, dialect string) (VerifyReport, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if dialect == "postgres" {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := db.BeginTx(ctx, opts)
	if err != nil {
		return VerifyReport{}, unavailable("verify", err)
	}
	defer tx.Rollback()
	rep := VerifyReport{Database: dialect, At: time.Now().UTC()}
	var schema sql.NullString
	if err := tx.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations WHERE version NOT LIKE '%/%'`).Scan(&schema); err != nil {
		if isMissingTable(err) {
			return VerifyReport{}, errors.New("not a Dalil database: it has no schema_migrations table")
		}
		return VerifyReport{}, unavailable("verify", err)
	}
	rep.Schema = schema.String
	var credits sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM accounts), (SELECT COUNT(*) FROM ledger), (SELECT CAST(SUM(credits) AS BIGINT) FROM accounts)`).
		Scan(&rep.Accounts, &rep.LedgerRows, &credits); err != nil {
		return VerifyReport{}, unavailable("verify", err)
	}
	rep.Credits = dalil.MicroUSD(credits.Int64)
	rep.OK = true
	for _, c := range verifyChecks {
		vc := VerifyCheck{Name: c.name, What: c.what}
		if err := tx.QueryRowContext(ctx, c.count).Scan(&vc.Checked); err != nil {
			return VerifyReport{}, fmt.Errorf("verify %s: %w", c.name, unavailable("verify", err))
		}
		rows, err := tx.QueryContext(ctx, c.bad)
		if err != nil {
			return VerifyReport{}, fmt.Errorf("verify %s: %w", c.name, unavailable("verify", err))
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return VerifyReport{}, fmt.Errorf("verify %s: %w", c.name, err)
			}
			vc.Failed++
			if len(vc.Problems) < MaxVerifyProblems {
				vc.Problems = append(vc.Problems, c.detail(vals))
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return VerifyReport{}, fmt.Errorf("verify %s: %w", c.name, unavailable("verify", err))
		}
		rep.OK = rep.OK && vc.Failed == 0
		rep.Checks = append(rep.Checks, vc)
	}
	return rep, nil
}

// isMissingTable reports a query on a table that does not exist.
func isMissingTable(err error) bool {
	s := err.Error()
	return strings.Contains(s, "no such table") || strings.Contains(s, "does not exist")
}

func asInt(v any) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case int32:
		return int64(v)
	case int:
		return int64(v)
	case float64:
		return int64(v)
	case []byte:
		var n int64
		fmt.Sscan(string(v), &n)
		return n
	case string:
		var n int64
		fmt.Sscan(v, &n)
		return n
	}
	return 0
}

func asString(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case []byte:
		return string(v)
	}
	return fmt.Sprint(v)
}
