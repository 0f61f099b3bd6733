package sqlstore

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"dalil"
)

// CreateAccount implements dalil.Store.
func (s *Store) CreateAccount(ctx context.Context, name, plan string, credits dalil.MicroUSD) (dalil.Account, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if _, ok := dalil.PlanByID(plan); !ok {
		return dalil.Account{}, dalil.Errorf(dalil.CodeInvalidInput, "unknown plan %q", plan)
	}
	if credits < 0 {
		return dalil.Account{}, dalil.Errorf(dalil.CodeInvalidInput, "credits must not be negative")
	}
	if credits > dalil.MaxCredits {
		return dalil.Account{}, creditsLimit("credits", 0, credits)
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	a := dalil.Account{ID: dalil.NewID("acct_"), Name: name, Plan: plan, PlanStartedAt: now, Credits: credits, CreatedAt: now}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (id, name, plan, plan_started_at, credits, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			a.ID, a.Name, a.Plan, micros(now), int64(credits), micros(now)); err != nil {
			return unavailable("create account", err)
		}
		if credits > 0 {
			return appendLedger(ctx, tx, dalil.LedgerEntry{AccountID: a.ID, Kind: "topup", Rail: dalil.RailCredits, Amount: credits, BalanceAfter: credits, Note: "initial credits", CreatedAt: now}, nil)
		}
		return nil
	})
	return a, err
}

// Account implements dalil.Store.
func (s *Store) Account(ctx context.Context, id string) (dalil.Account, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return scanAccount(s.r.QueryRowContext(ctx, `SELECT id, name, plan, plan_started_at, credits, created_at FROM accounts WHERE id = $1`, id))
}

func scanAccount(row *sql.Row) (dalil.Account, error) {
	var a dalil.Account
	var started, created, credits int64
	if err := row.Scan(&a.ID, &a.Name, &a.Plan, &started, &credits, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return a, dalil.ErrNotFound
		}
		return a, unavailable("read account", err)
	}
	a.PlanStartedAt, a.CreatedAt, a.Credits = fromMicros(started), fromMicros(created), dalil.MicroUSD(credits)
	return a, nil
}

// CreateKey implements dalil.Store.
func (s *Store) CreateKey(ctx context.Context, accountID string) (dalil.Key, string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if _, err := s.Account(ctx, accountID); err != nil {
		return dalil.Key{}, "", err
	}
	secret := dalil.NewSecret()
	now := s.now().UTC().Truncate(time.Microsecond)
	k := dalil.Key{ID: dalil.NewID("key_"), AccountID: accountID, Prefix: secret[:len(dalil.KeyPrefix)+4], CreatedAt: now}
	_, err := s.w.ExecContext(ctx, `INSERT INTO api_keys (id, account_id, hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5)`,
		k.ID, k.AccountID, dalil.HashSecret(secret), k.Prefix, micros(now))
	if err != nil {
		return dalil.Key{}, "", unavailable("create key", err)
	}
	return k, secret, nil
}

// Keys implements dalil.Store.
func (s *Store) Keys(ctx context.Context, accountID string) ([]dalil.Key, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.r.QueryContext(ctx, `SELECT id, account_id, prefix, created_at, revoked_at FROM api_keys WHERE account_id = $1 ORDER BY created_at, id`, accountID)
	if err != nil {
		return nil, unavailable("list keys", err)
	}
	defer rows.Close()
	keys := []dalil.Key{}
	for rows.Next() {
		var k dalil.Key
		var created int64
		var revoked sql.NullInt64
		if err := rows.Scan(&k.ID, &k.AccountID, &k.Prefix, &created, &revoked); err != nil {
			return nil, unavailable("list keys", err)
		}
		k.CreatedAt = fromMicros(created)
		if revoked.Valid {
			t := fromMicros(revoked.Int64)
			k.RevokedAt = &t
		}
		keys = append(keys, k)
	}
	return keys, unavailable("list keys", rows.Err())
}

// RevokeKey implements dalil.Store. Revoking twice is not an error. The
// key stops working on this process at once and on every other process
// on the database within milliseconds (notify.go).
func (s *Store) RevokeKey(ctx context.Context, keyID string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2`, micros(s.now()), keyID)
		if err != nil {
			return unavailable("revoke key", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return unavailable("revoke key", err)
		} else if n == 0 {
			return dalil.ErrNotFound
		}
		return s.announce(ctx, tx, changeKey+keyID)
	})
	// Forgotten even after a failed commit: it may have committed.
	s.keys.forgetKey(keyID)
	return err
}

// Authenticate implements dalil.Store in one prepared query: it runs on
// every paid call.
func (s *Store) Authenticate(ctx context.Context, secret string) (dalil.Account, dalil.Key, error) {
	digest := digestOf(secret)
	now := time.Now()
	if e, ok := s.keys.get(digest, now); ok {
		return e.acct, e.key, nil
	}
	hash := hex.EncodeToString(digest[:]) // dalil.HashSecret(secret)
	// The cache's generation before the read: see keyCache.put.
	gen := s.keys.generation()
	ctx, cancel := s.bound(ctx) // a cache hit needs no database, nor a timer
	defer cancel()
	var k dalil.Key
	var a dalil.Account
	var created, started, credits, acctCreated int64
	var revoked sql.NullInt64
	err := s.retry(ctx, func() (bool, error) { // a read: safe to try again
		row, err := s.readRow(ctx, `SELECT k.id, k.account_id, k.prefix, k.created_at, k.revoked_at, a.name, a.plan, a.plan_started_at, a.credits, a.created_at
		FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = $1`, hash)
		if err != nil {
			return true, err
		}
		err = row.Scan(&k.ID, &k.AccountID, &k.Prefix, &created, &revoked, &a.Name, &a.Plan, &started, &credits, &acctCreated)
		if errors.Is(err, sql.ErrNoRows) {
			return false, dalil.ErrNotFound
		}
		return true, unavailable("authenticate", err)
	})
	if err == nil && revoked.Valid {
		err = dalil.ErrNotFound
	}
	if err != nil {
		return dalil.Account{}, dalil.Key{}, err
	}
	k.CreatedAt = fromMicros(created)
	a.ID, a.PlanStartedAt, a.Credits, a.CreatedAt = k.AccountID, fromMicros(started), dalil.MicroUSD(credits), fromMicros(acctCreated)
	s.keys.put(digest, cachedKey{acct: a, key: k, expires: now.Add(s.keys.ttl)}, gen)
	return a, k, nil
}

// AddCredits implements dalil.Store.
func (s *Store) AddCredits(ctx context.Context, accountID string, amount dalil.MicroUSD, note string) (dalil.MicroUSD, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if amount <= 0 {
		return 0, dalil.Errorf(dalil.CodeInvalidInput, "amount must be positive")
	}
	if amount > dalil.MaxCredits {
		return 0, creditsLimit("usd", 0, amount)
	}
	var balance int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		// The condition keeps the balance at most MaxCredits, so the sum
		// never overflows (SQLite would turn it into a float, PostgreSQL
		// fail with "bigint out of range").
		err := tx.QueryRowContext(ctx, `UPDATE accounts SET credits = credits + $1 WHERE id = $2 AND credits <= $3 RETURNING credits`,
			int64(amount), accountID, int64(dalil.MaxCredits-amount)).Scan(&balance)
		if errors.Is(err, sql.ErrNoRows) {
			var now int64
			switch err := tx.QueryRowContext(ctx, `SELECT credits FROM accounts WHERE id = $1`, accountID).Scan(&now); {
			case errors.Is(err, sql.ErrNoRows):
				return dalil.ErrNotFound
			case err != nil:
				return unavailable("add credits", err)
			default:
				return creditsLimit("usd", dalil.MicroUSD(now), amount)
			}
		}
		if err != nil {
			return unavailable("add credits", err)
		}
		if err := appendLedger(ctx, tx, dalil.LedgerEntry{AccountID: accountID, Kind: "topup", Rail: dalil.RailCredits, Amount: amount, BalanceAfter: dalil.MicroUSD(balance), Note: note, CreatedAt: s.now()}, nil); err != nil {
			return err
		}
		// Cached keys carry their account's credits: forget them
		// everywhere. (Charges do not announce: they commit constantly
		// and nothing decides on the cached balance.)
		return s.announce(ctx, tx, changeAccount+accountID)
	})
	s.keys.forgetAccount(accountID)
	return dalil.MicroUSD(balance), err
}

// SetPlan implements dalil.Store. The period is anchored at
// plan_started_at and the allowance used in it is kept per period start
// (allowance_usage), so keeping the anchor keeps the usage and moving it to
// now starts an empty period.
func (s *Store) SetPlan(ctx context.Context, accountID, plan string, newPeriod bool) (dalil.PlanChange, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if _, ok := dalil.PlanByID(plan); !ok {
		return dalil.PlanChange{}, dalil.Errorf(dalil.CodeInvalidInput, "unknown plan %q; plans: free, developer, growth, enterprise", plan)
	}
	var ch dalil.PlanChange
	err := s.tx(ctx, func(tx *sql.Tx) error {
		ch = dalil.PlanChange{}
		if err := tx.QueryRowContext(ctx, `SELECT plan FROM accounts WHERE id = $1`, accountID).Scan(&ch.From); errors.Is(err, sql.ErrNoRows) {
			return dalil.ErrNotFound
		} else if err != nil {
			return unavailable("set plan", err)
		}
		var res sql.Result
		var err error
		switch {
		case newPeriod:
			ch.Period = dalil.PeriodRestarted
			res, err = tx.ExecContext(ctx, `UPDATE accounts SET plan = $1, plan_started_at = $2 WHERE id = $3 AND plan = $4`, plan, micros(s.now()), accountID, ch.From)
		case plan == ch.From:
			ch.Period = dalil.PeriodUnchanged
			return nil // nothing to write, nothing to announce
		default:
			ch.Period = dalil.PeriodKept
			res, err = tx.ExecContext(ctx, `UPDATE accounts SET plan = $1 WHERE id = $2 AND plan = $3`, plan, accountID, ch.From)
		}
		if err != nil {
			return unavailable("set plan", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return unavailable("set plan", err)
		} else if n == 0 {
			// Changed by another process since it was read (PostgreSQL):
			// a storage failure before COMMIT, so s.tx runs it again and
			// it reads the new plan.
			return unavailable("set plan", errors.New("the plan changed concurrently"))
		}
		// Cached keys carry the plan (it picks the rate limit): every
		// process forgets this account's keys.
		return s.announce(ctx, tx, changeAccount+accountID)
	})
	if ch.Period != dalil.PeriodUnchanged {
		s.keys.forgetAccount(accountID) // even after a failed commit: it may have committed
	}
	if err != nil {
		return dalil.PlanChange{}, err
	}
	ch.Account, err = s.Account(ctx, accountID)
	return ch, err
}

// Accounts implements dalil.Store. Account ids are UUIDv7 (time-ordered),
// so id order is creation order and the id is the cursor.
func (s *Store) Accounts(ctx context.Context, limit int, afterID string) ([]dalil.Account, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, name, plan, plan_started_at, credits, created_at FROM accounts WHERE id > $1 ORDER BY id LIMIT $2`, afterID, limit)
	if err != nil {
		return nil, unavailable("list accounts", err)
	}
	defer rows.Close()
	out := []dalil.Account{}
	for rows.Next() {
		var a dalil.Account
		var started, credits, created int64
		if err := rows.Scan(&a.ID, &a.Name, &a.Plan, &started, &credits, &created); err != nil {
			return nil, unavailable("list accounts", err)
		}
		a.PlanStartedAt, a.CreatedAt, a.Credits = fromMicros(started), fromMicros(created), dalil.MicroUSD(credits)
		out = append(out, a)
	}
	return out, unavailable("list accounts", rows.Err())
}

// creditsLimit refuses a top-up of amount on a balance of now that would
// pass dalil.MaxCredits; path names the field that carried the amount.
func creditsLimit(path string, now, amount dalil.MicroUSD) *dalil.Error {
	room := max(dalil.MaxCredits-now, 0)
	return &dalil.Error{Code: dalil.CodeInvalidInput,
		Message: fmt.Sprintf("The credit balance may not exceed USD %s (the maximum); the balance is USD %s, so at most USD %s can be added.",
			dalil.MaxCredits.Decimal(), now.Decimal(), room.Decimal()),
		Details: []dalil.Problem{{Path: path, Message: fmt.Sprintf("must be at most USD %s: the balance may not exceed USD %s", room.Decimal(), dalil.MaxCredits.Decimal())}}}
}

func appendLedger(ctx context.Context, tx *sql.Tx, e dalil.LedgerEntry, id *int64) error {
	return appendLedgerStmt(ctx, tx, nil, e, id)
}

// appendLedgerStmt appends with st (the prepared insert) when given.
func appendLedgerStmt(ctx context.Context, tx *sql.Tx, st *sql.Stmt, e dalil.LedgerEntry, id *int64) error {
	var got int64
	args := []any{e.AccountID, e.Kind, e.Rail, e.Tool, int64(e.Amount), int64(e.BalanceAfter), e.RequestID, e.Note, micros(e.CreatedAt)}
	var row *sql.Row
	if st != nil {
		row = st.QueryRowContext(ctx, args...)
	} else {
		row = tx.QueryRowContext(ctx, insertLedger, args...)
	}
	err := row.Scan(&got)
	if err != nil {
		return unavailable("append ledger", fmt.Errorf("%w", err))
	}
	if id != nil {
		*id = got
	}
	return nil
}

const insertLedger = `INSERT INTO ledger (account_id, kind, rail, tool, amount, balance_after, request_id, note, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`

// Ledger implements dalil.Store.
func (s *Store) Ledger(ctx context.Context, accountID string, limit int, before int64) ([]dalil.LedgerEntry, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, account_id, kind, rail, tool, amount, balance_after, request_id, note, created_at
		FROM ledger WHERE account_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3`, accountID, before, limit)
	if err != nil {
		return nil, unavailable("ledger", err)
	}
	defer rows.Close()
	out := []dalil.LedgerEntry{}
	for rows.Next() {
		var e dalil.LedgerEntry
		var amount, after, created int64
		if err := rows.Scan(&e.ID, &e.AccountID, &e.Kind, &e.Rail, &e.Tool, &amount, &after, &e.RequestID, &e.Note, &created); err != nil {
			return nil, unavailable("ledger", err)
		}
		e.Amount, e.BalanceAfter, e.CreatedAt = dalil.MicroUSD(amount), dalil.MicroUSD(after), fromMicros(created)
		out = append(out, e)
	}
	return out, unavailable("ledger", rows.Err())
}

// AccountCount implements dalil.Store.
func (s *Store) AccountCount(ctx context.Context) (int64, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var n int64
	if err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM accounts`).Scan(&n); err != nil {
		return 0, unavailable("count accounts", err)
	}
	return n, nil
}
