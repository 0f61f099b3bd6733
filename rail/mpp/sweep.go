package mpp

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// DefaultChannelIdle is how long a channel may go without activity before
// Sweep settles and closes it.
const DefaultChannelIdle = 24 * time.Hour

// DefaultSweepInterval is how often `dalil serve` sweeps channels. The
// escrow lets a payer withdraw CLOSE_GRACE_PERIOD (15 minutes) after a
// requestClose; sweeping every 5 minutes sees a request at most 5 minutes
// late and leaves two more sweeps to retry a failed close before then.
const DefaultSweepInterval = 5 * time.Minute

// SweepResult counts what one Sweep did.
type SweepResult struct {
	Checked int // unclosed channels looked at
	Closed  int // settled and closed on chain (or a pending close finished)
	Failed  int // failed: logged, retried by the next sweep
}

// Sweep settles the channels a client left behind, so the payee never
// loses what it served. For every channel not closed yet:
//
//   - one already closing (an earlier close not confirmed) is finished;
//   - one holding an accepted voucher above what is settled on chain is
//     closed (CloseChannel: the payee-signed close() of the highest
//     voucher, confirmed on chain) when its last activity is older than
//     idle, or when the escrow shows a close request from the payer
//     (closeRequestedAt != 0: the payer can withdraw everything once the
//     grace period ends);
//   - one with nothing to settle (no voucher above the settled amount) is
//     left alone: closing it would cost a transaction and gain nothing,
//     and its payer may still use it.
//
// Only channels with something to settle cost an eth_call (getChannel)
// per sweep; one the escrow reports finalized is marked closed. A failure is logged without
// secrets and counted; the other channels are still swept, and the
// failed one is retried next time. Several replicas may sweep at once:
// closes are idempotent (the stored close transaction is resent).
func (c *Channels) Sweep(ctx context.Context, idle time.Duration, log *slog.Logger) SweepResult {
	if idle <= 0 {
		idle = DefaultChannelIdle
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var res SweepResult
	now := c.rail.cfg.Now().UTC()
	idleBefore := now.Add(-idle)
	// Every unclosed channel: updated before a moment past now.
	listBefore := now.Add(time.Second)
	after := ""
	for ctx.Err() == nil {
		page, err := c.store.IdleChannels(ctx, listBefore, after, DefaultChannelPage)
		if err != nil {
			log.Warn("mpp channel sweep: listing channels failed; retried next sweep", "error", err.Error())
			res.Failed++
			return res
		}
		for _, ch := range page {
			if ctx.Err() != nil {
				break
			}
			res.Checked++
			reason, err := c.sweepReason(ctx, ch, idleBefore, log)
			if err == nil && reason != "" {
				_, err = c.CloseChannel(ctx, ch.ID)
			}
			switch {
			case err != nil:
				res.Failed++
				log.Warn("mpp channel sweep: close failed; retried next sweep", "channel", ch.ID, "reason", reason, "error", err.Error())
			case reason != "":
				res.Closed++
				log.Info("mpp channel closed by the sweep", "channel", ch.ID, "reason", reason, "amount", ch.Accepted.String())
			}
		}
		if len(page) < DefaultChannelPage {
			break
		}
		after = page[len(page)-1].ID
	}
	return res
}

// sweepReason says why Sweep closes ch ("" to leave it). A channel the
// escrow already reports finalized (the payer withdrew after the grace
// period, or a close Dalil did not record) can no longer be settled: it is
// marked closed here, with a warning naming what was left unsettled.
func (c *Channels) sweepReason(ctx context.Context, ch Channel, idleBefore time.Time, log *slog.Logger) (string, error) {
	if ch.Status == ChannelClosing && len(ch.CloseRaw) > 0 {
		return "unfinished close", nil // resend the stored close transaction
	}
	if ch.Status == ChannelOpen && (len(ch.Signature) == 0 || ch.Accepted == nil || ch.SettledOnChain == nil || ch.Accepted.Cmp(ch.SettledOnChain) <= 0) {
		return "", nil // nothing to settle
	}
	cid, _, err := parseChannelID(ch.ID)
	if err != nil {
		return "", err
	}
	onChain, err := c.readOnChain(ctx, cid)
	if err != nil {
		return "", err
	}
	switch {
	case !onChain.Exists():
		return "", errors.New("the channel does not exist on the escrow")
	case onChain.Finalized:
		_, err := c.store.UpdateChannel(ctx, ch.ID, c.rail.cfg.Now().UTC(), func(cur *Channel) error {
			if cur.Status != ChannelClosed {
				cur.Status = ChannelClosed
				raiseTo(&cur.SettledOnChain, onChain.Settled)
			}
			return nil
		})
		if err == nil {
			log.Warn("mpp channel sweep: channel finalized on chain without Dalil's close; marked closed, its unsettled vouchers are lost",
				"channel", ch.ID, "accepted", ch.Accepted.String(), "settled", onChain.Settled.String())
		}
		return "", err
	case ch.Status == ChannelClosing:
		return "unfinished close", nil // an earlier close reverted: try again
	case onChain.CloseRequestedAt != 0:
		return "close requested by the payer", nil
	case ch.UpdatedAt.Before(idleBefore):
		return "idle", nil
	}
	return "", nil
}
