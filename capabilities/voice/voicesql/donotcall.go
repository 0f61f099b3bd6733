package voicesql

import (
	"context"
	"database/sql"
	"errors"

	"dalil/capabilities/voice"
	"dalil/store/sqlstore"
)

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
func LookupDoNotCall(ctx context.Context, db sqlstore.DB, hash string) (voice.DoNotCallEntry, bool, error) {
	ctx, cancel := db.Bound(ctx)
	defer cancel()
	var e voice.DoNotCallEntry
	var at int64
	err := db.Read().QueryRowContext(ctx, selectDoNotCall, hash).Scan(&e.Source, &at)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return voice.DoNotCallEntry{}, false, nil
	case err != nil:
		return voice.DoNotCallEntry{}, false, sqlstore.Unavailable("do-not-call", err)
	}
	e.AddedAt = fromMicros(at)
	return e, true, nil
}

// ListDoNotCall puts hash on the do-not-call list with source unless it is
// already there: it answers the entry on the list afterwards and whether
// this call added it (false: it was listed before, possibly by another
// source, which is kept).
func ListDoNotCall(ctx context.Context, db sqlstore.DB, hash, source string) (voice.DoNotCallEntry, bool, error) {
	ctx, cancel := db.Bound(ctx)
	defer cancel()
	var e voice.DoNotCallEntry
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
		return voice.DoNotCallEntry{}, false, err
	}
	return e, added, nil
}

// UnlistDoNotCall takes hash off the do-not-call list if source put it
// there. It reports whether it was listed; an entry of another source is
// left in place and answers its entry with ErrNotRemovable.
func UnlistDoNotCall(ctx context.Context, db sqlstore.DB, hash, source string) (voice.DoNotCallEntry, bool, error) {
	ctx, cancel := db.Bound(ctx)
	defer cancel()
	var e voice.DoNotCallEntry
	var listed bool
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		e, listed = voice.DoNotCallEntry{}, false
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
			return voice.ErrNotRemovable
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
func (l *DoNotCallList) Lookup(ctx context.Context, e164 string) (voice.DoNotCallEntry, bool, error) {
	return l.byHash(ctx, e164, func(h string) (voice.DoNotCallEntry, bool, error) { return LookupDoNotCall(ctx, l.db, h) })
}

// Add implements voice.DoNotCallList.
func (l *DoNotCallList) Add(ctx context.Context, e164, source string) (voice.DoNotCallEntry, bool, error) {
	return l.byHash(ctx, e164, func(h string) (voice.DoNotCallEntry, bool, error) { return ListDoNotCall(ctx, l.db, h, source) })
}

// Remove implements voice.DoNotCallList.
func (l *DoNotCallList) Remove(ctx context.Context, e164, source string) (voice.DoNotCallEntry, bool, error) {
	return l.byHash(ctx, e164, func(h string) (voice.DoNotCallEntry, bool, error) { return UnlistDoNotCall(ctx, l.db, h, source) })
}

// byHash runs op on the key the list holds for e164.
func (l *DoNotCallList) byHash(ctx context.Context, e164 string, op func(hash string) (voice.DoNotCallEntry, bool, error)) (voice.DoNotCallEntry, bool, error) {
	h, err := l.hash(ctx, e164)
	if err != nil {
		return voice.DoNotCallEntry{}, false, err
	}
	return op(h)
}
