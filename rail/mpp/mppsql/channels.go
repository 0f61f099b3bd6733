package mppsql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"time"

	"dalil/rail/mpp"
	"dalil/store/sqlstore"
)

// Channels is the mpp.ChannelStore kept in the store's database (table
// mpp_channels). UpdateChannel is a compare-and-swap on the row's version
// inside one transaction, retried when another writer got there first, so
// concurrent duplicate vouchers and calls on replicas sharing a PostgreSQL
// database never lower the accepted voucher or overspend it. Every call is
// bounded by the store's operation timeout.
type Channels struct{ db sqlstore.DB }

// NewChannels returns the channel store on db, whose table exists once the
// store was opened with Module() among its modules.
func NewChannels(db sqlstore.DB) *Channels { return &Channels{db: db} }

var _ mpp.ChannelStore = (*Channels)(nil)

const channelColumns = `id, escrow, chain_id, payer, payee, token, authorized_signer, deposit, settled, accepted, signature, spent, status, close_amount, close_signature, close_tx, close_raw, version, created_at, updated_at`

// maxChannelRetries bounds the compare-and-swap loop of UpdateChannel.
const maxChannelRetries = 200

func getChannel(ctx context.Context, q querier, id string) (mpp.Channel, error) {
	return scanChannel(q.QueryRowContext(ctx, `SELECT `+channelColumns+` FROM mpp_channels WHERE id = $1`, id))
}

// scanChannel reads one row of channelColumns.
func scanChannel(row interface{ Scan(...any) error }) (mpp.Channel, error) {
	var c mpp.Channel
	var chainID, created, updated int64
	var deposit, settled, accepted, spent, status, closeAmount string
	var sig, closeSig, closeRaw []byte
	err := row.Scan(
		&c.ID, &c.Escrow, &chainID, &c.Payer, &c.Payee, &c.Token, &c.AuthorizedSigner, &deposit, &settled, &accepted, &sig,
		&spent, &status, &closeAmount, &closeSig, &c.CloseTx, &closeRaw, &c.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return mpp.Channel{}, mpp.ErrChannelNotFound
	}
	if err != nil {
		return mpp.Channel{}, sqlstore.Unavailable("read mpp channel", err)
	}
	c.ChainID, c.Status = uint64(chainID), mpp.ChannelStatus(status)
	for _, f := range []struct {
		dst **big.Int
		v   string
	}{{&c.Deposit, deposit}, {&c.SettledOnChain, settled}, {&c.Accepted, accepted}, {&c.Spent, spent}, {&c.CloseAmount, closeAmount}} {
		if f.v == "" {
			continue
		}
		v, ok := new(big.Int).SetString(f.v, 10)
		if !ok {
			return mpp.Channel{}, fmt.Errorf("mppsql: channel %s: amount %q", c.ID, f.v)
		}
		*f.dst = v
	}
	if len(sig) > 0 {
		c.Signature = sig
	}
	if len(closeSig) > 0 {
		c.CloseSignature = closeSig
	}
	if len(closeRaw) > 0 {
		c.CloseRaw = closeRaw
	}
	c.CreatedAt, c.UpdatedAt = fromMicros(created), fromMicros(updated)
	return c, nil
}

func amountText(v *big.Int) string {
	if v == nil {
		return ""
	}
	return v.String()
}

// CreateChannel implements mpp.ChannelStore.
func (m *Channels) CreateChannel(ctx context.Context, c mpp.Channel) (mpp.Channel, bool, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	if err := mpp.CheckChannel(c); err != nil {
		return mpp.Channel{}, false, err
	}
	var got mpp.Channel
	created := false
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO mpp_channels (`+channelColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 1, $18, $19) ON CONFLICT (id) DO NOTHING`,
			c.ID, c.Escrow, int64(c.ChainID), c.Payer, c.Payee, c.Token, c.AuthorizedSigner,
			amountText(c.Deposit), amountText(c.SettledOnChain), amountText(c.Accepted), nullBytes(c.Signature), amountText(c.Spent),
			string(c.Status), amountText(c.CloseAmount), nullBytes(c.CloseSignature), c.CloseTx, nullBytes(c.CloseRaw),
			micros(c.CreatedAt), micros(c.UpdatedAt))
		if err != nil {
			return sqlstore.Unavailable("create mpp channel", err)
		}
		n, _ := res.RowsAffected()
		created = n == 1
		got, err = getChannel(ctx, tx, c.ID)
		return err
	})
	if err != nil {
		return mpp.Channel{}, false, err
	}
	return got, created, nil
}

// GetChannel implements mpp.ChannelStore.
func (m *Channels) GetChannel(ctx context.Context, id string) (mpp.Channel, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	return getChannel(ctx, m.db.Read(), id)
}

var errChannelRaced = errors.New("mppsql: channel changed meanwhile")

// UpdateChannel implements mpp.ChannelStore: read, apply fn, check the
// invariants, and write only if the version is still the one read.
func (m *Channels) UpdateChannel(ctx context.Context, id string, now time.Time, fn func(*mpp.Channel) error) (mpp.Channel, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	for range maxChannelRetries {
		var out mpp.Channel
		err := m.db.Tx(ctx, func(tx *sql.Tx) error {
			old, err := getChannel(ctx, tx, id)
			if err != nil {
				return err
			}
			next := old.Clone()
			if err := fn(&next); err != nil {
				return err
			}
			if err := mpp.CheckChannelUpdate(old, next); err != nil {
				return err
			}
			next.Version, next.UpdatedAt = old.Version+1, now
			res, err := tx.ExecContext(ctx, `UPDATE mpp_channels SET deposit = $1, settled = $2, accepted = $3, signature = $4, spent = $5,
				status = $6, close_amount = $7, close_signature = $8, close_tx = $9, close_raw = $10, version = $11, updated_at = $12
				WHERE id = $13 AND version = $14`,
				amountText(next.Deposit), amountText(next.SettledOnChain), amountText(next.Accepted), nullBytes(next.Signature), amountText(next.Spent),
				string(next.Status), amountText(next.CloseAmount), nullBytes(next.CloseSignature), next.CloseTx, nullBytes(next.CloseRaw),
				next.Version, micros(now), id, old.Version)
			if err != nil {
				return sqlstore.Unavailable("update mpp channel", err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return errChannelRaced
			}
			out = next
			return nil
		})
		if errors.Is(err, errChannelRaced) {
			if err := ctx.Err(); err != nil {
				return mpp.Channel{}, err
			}
			continue
		}
		if err != nil {
			return mpp.Channel{}, err
		}
		return out, nil
	}
	return mpp.Channel{}, mpp.ErrChannelConflict
}

// IdleChannels implements mpp.ChannelStore: channels not closed (open or
// closing) last updated before idleSince, by id after `after`. The partial
// index of migration 004_channels_unclosed keeps this off the closed
// channels, which pile up.
func (m *Channels) IdleChannels(ctx context.Context, idleSince time.Time, after string, limit int) ([]mpp.Channel, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	if limit <= 0 {
		limit = mpp.DefaultChannelPage
	}
	rows, err := m.db.Read().QueryContext(ctx, `SELECT `+channelColumns+` FROM mpp_channels
		WHERE status <> 'closed' AND updated_at < $1 AND id > $2 ORDER BY id LIMIT $3`, micros(idleSince), after, limit)
	if err != nil {
		return nil, sqlstore.Unavailable("list mpp channels", err)
	}
	defer rows.Close()
	var out []mpp.Channel
	for rows.Next() {
		c, err := scanChannel(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, sqlstore.Unavailable("list mpp channels", err)
	}
	return out, nil
}
