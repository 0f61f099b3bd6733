package voicesql

import (
	"context"
	"database/sql"
	"errors"

	"dalil/capabilities/voice"
	"dalil/store/sqlstore"
)

// Sources of a do-not-call entry: a callee who opted out during a call
// (Store.Apply, through voice.Effects.DoNotCall), or the operator
// (`dalil voice do-not-call add`, PUT /admin/v1/voice/do-not-call/{number}).
const (
	SourceCallee   = voice.SourceCallee
	SourceOperator = voice.SourceOperator
)

// DoNotCallEntry is one number hash on the do-not-call list: who put it
// there and when.
type DoNotCallEntry = voice.DoNotCallEntry

// The statements on the list, shared by the operator's side below and the
// store's (Store.Update, Store.AddDoNotCall, Store.Listed). A number
// already listed keeps its entry, whoever adds it again.
const (
	selectDoNotCall = `SELECT source, created_at FROM voice_do_not_call WHERE number_hash = $1`
	insertDoNotCall = `INSERT INTO voice_do_not_call (number_hash, source, created_at) VALUES ($1, $2, $3) ON CONFLICT (number_hash) DO NOTHING`
)

// The list's operator side works on the store's handle alone, with no job
// queue: the operator's commands run without a telephony provider and
// without River.

// LookupDoNotCall reports whether hash is on the do-not-call list, and
// its entry when it is.
func LookupDoNotCall(ctx context.Context, db sqlstore.DB, hash string) (DoNotCallEntry, bool, error) {
	ctx, cancel := db.Bound(ctx)
	defer cancel()
	var e DoNotCallEntry
	var at int64
	err := db.Read().QueryRowContext(ctx, selectDoNotCall, hash).Scan(&e.Source, &at)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return DoNotCallEntry{}, false, nil
	case err != nil:
		return DoNotCallEntry{}, false, sqlstore.Unavailable("do-not-call", err)
	}
	e.AddedAt = fromMicros(at)
	return e, true, nil
}

// ListDoNotCall puts hash on the do-not-call list with source unless it is
// already there: it answers the entry on the list afterwards and whether
// this call added it (false: it was listed before, possibly by another
// source, which is kept).
func ListDoNotCall(ctx context.Context, db sqlstore.DB, hash, source string) (DoNotCallEntry, bool, error) {
	ctx, cancel := db.Bound(ctx)
	defer cancel()
	var e DoNotCallEntry
	var added bool
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		now := micros(db.Now())
		res, err := tx.ExecContext(ctx, insertDoNotCall, hash, source, now)
		if err != nil {
			return sqlstore.Unavailable("do-not-call", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return sqlstore.Unavailable("do-not-call", err)
		}
		added = n == 1
		var at int64
		if err := tx.QueryRowContext(ctx, selectDoNotCall, hash).Scan(&e.Source, &at); err != nil {
			return sqlstore.Unavailable("do-not-call", err)
		}
		e.AddedAt = fromMicros(at)
		return nil
	})
	if err != nil {
		return DoNotCallEntry{}, false, err
	}
	return e, added, nil
}

// ErrNotRemovable is UnlistDoNotCall's answer for an entry of another
// source (a callee's opt-out, which only the callee can give back).
var ErrNotRemovable = voice.ErrNotRemovable

// UnlistDoNotCall takes hash off the do-not-call list if source put it
// there. It reports whether it was listed; an entry of another source is
// left in place and answers its entry with ErrNotRemovable.
func UnlistDoNotCall(ctx context.Context, db sqlstore.DB, hash, source string) (DoNotCallEntry, bool, error) {
	ctx, cancel := db.Bound(ctx)
	defer cancel()
	var e DoNotCallEntry
	var listed bool
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		e, listed = DoNotCallEntry{}, false
		var at int64
		err := tx.QueryRowContext(ctx, selectDoNotCall, hash).Scan(&e.Source, &at)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return nil
		case err != nil:
			return sqlstore.Unavailable("do-not-call", err)
		}
		e.AddedAt, listed = fromMicros(at), true
		if e.Source != source {
			return ErrNotRemovable
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM voice_do_not_call WHERE number_hash = $1 AND source = $2`, hash, source); err != nil {
			return sqlstore.Unavailable("do-not-call", err)
		}
		return nil
	})
	return e, listed, err
}

// DoNotCallList is the operator's side of the list on a store's handle
// (voice.DoNotCallList): hash turns a number in E.164 form into the key the
// list holds (voice.HashNumber under the store's number secret, the one
// the voice service hashes with). It needs no job queue and no telephony
// provider.
type DoNotCallList struct {
	db   sqlstore.DB
	hash func(ctx context.Context, e164 string) (string, error)
}

var _ voice.DoNotCallList = (*DoNotCallList)(nil)

// NewDoNotCallList returns the list on db, keyed by hash.
func NewDoNotCallList(db sqlstore.DB, hash func(ctx context.Context, e164 string) (string, error)) *DoNotCallList {
	return &DoNotCallList{db: db, hash: hash}
}

// Lookup implements voice.DoNotCallList.
func (l *DoNotCallList) Lookup(ctx context.Context, e164 string) (DoNotCallEntry, bool, error) {
	h, err := l.hash(ctx, e164)
	if err != nil {
		return DoNotCallEntry{}, false, err
	}
	return LookupDoNotCall(ctx, l.db, h)
}

// Add implements voice.DoNotCallList.
func (l *DoNotCallList) Add(ctx context.Context, e164, source string) (DoNotCallEntry, bool, error) {
	h, err := l.hash(ctx, e164)
	if err != nil {
		return DoNotCallEntry{}, false, err
	}
	return ListDoNotCall(ctx, l.db, h, source)
}

// Remove implements voice.DoNotCallList.
func (l *DoNotCallList) Remove(ctx context.Context, e164, source string) (DoNotCallEntry, bool, error) {
	h, err := l.hash(ctx, e164)
	if err != nil {
		return DoNotCallEntry{}, false, err
	}
	return UnlistDoNotCall(ctx, l.db, h, source)
}
