package mppsql

import (
	"context"
	"time"

	"dalil"
	"dalil/store/sqlstore"
)

// DayDraws is what the calls paid from budget sessions drew on one UTC
// day for one tool, net of what was refunded of those draws.
type DayDraws struct {
	Day    time.Time // midnight UTC
	Tool   string
	Calls  int64
	Amount dalil.MicroUSD
}

// dayMicros is a UTC day in the micro-seconds reserved_at holds.
const dayMicros = int64(24 * time.Hour / time.Microsecond)

// DrawsByDay adds up, per UTC day and tool, the draws of budget sessions
// taken in [from, to) whose call succeeded: committed reservations. A
// draw counts on the day it was reserved (its call commits it within the
// call's deadline, well under a minute later). Draws still in flight,
// released ones (the call failed) and ones left behind by a crash are not
// payments and are not counted; an idempotent replay draws nothing new.
// The session's deposit is not revenue (what is not drawn is refunded)
// and is not counted either. Days with no draw have no rows. It reads the
// partial index of migration 006_draw_refunds alone (005_draws_by_time's,
// rebuilt with the refund).
//
// Amount is net of refunds: what RefundDraw gave back of a draw (the
// unused part of a voice call's maximum) is subtracted on the draw's day,
// since the session's close refunds it to the payer. Calls still counts
// such a draw, even one refunded in full (a call that never connected):
// it was a paid call.
//
// These draws are recorded only here: the core store's ledger and
// pay-per-call claims do not hold them (MPP charges and payment-channel
// vouchers, which go through the core's single-use claims, are there and
// not here), so adding them to the core's figures counts each payment once.
func (m *Sessions) DrawsByDay(ctx context.Context, from, to time.Time) ([]DayDraws, error) {
	ctx, cancel := m.db.Bound(ctx)
	defer cancel()
	rows, err := m.db.Read().QueryContext(ctx, `SELECT reserved_at / 86400000000 AS d, tool, COUNT(*), SUM(amount - refunded)
		FROM mpp_session_reservations WHERE committed = 1 AND reserved_at >= $1 AND reserved_at < $2
		GROUP BY d, tool ORDER BY d, tool`, micros(from), micros(to))
	if err != nil {
		return nil, sqlstore.Unavailable("mpp draws by day", err)
	}
	defer rows.Close()
	out := []DayDraws{}
	for rows.Next() {
		var d, calls, amount int64
		var r DayDraws
		if err := rows.Scan(&d, &r.Tool, &calls, &amount); err != nil {
			return nil, sqlstore.Unavailable("mpp draws by day", err)
		}
		r.Day, r.Calls, r.Amount = fromMicros(d*dayMicros), calls, dalil.MicroUSD(amount)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, sqlstore.Unavailable("mpp draws by day", err)
	}
	return out, nil
}
