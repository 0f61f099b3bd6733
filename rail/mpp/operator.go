package mpp

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"dalil"
)

// ChannelCloser closes payment channels: *Channels.
type ChannelCloser interface {
	CloseChannel(ctx context.Context, id string) (Channel, error)
}

var channelIDPattern = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)

// CloseForOperator settles and closes a payment channel from the
// operator's side (dalil mpp close-channel, POST
// /admin/v1/mpp/channels/{id}/close): the payee-signed close() of the
// highest accepted voucher, confirmed on chain. A channel already closed is
// returned as it is; one whose close is pending is finished. Errors are
// dalil errors: INVALID_INPUT (malformed id, nothing to settle, finalized
// on chain by someone else), NOT_FOUND (unknown channel),
// PROVIDER_NOT_CONFIGURED (channels off), PROVIDER_UNAVAILABLE (the close
// is not confirmed yet: retry).
func CloseForOperator(ctx context.Context, c ChannelCloser, id string) (ChannelView, error) {
	if c == nil {
		return ChannelView{}, dalil.Errorf(dalil.CodeProviderNotConfigured,
			"MPP payment channels are not enabled on this server (DALIL_MPP_CHANNELS=on with the mpp rail in DALIL_RAILS).")
	}
	if !channelIDPattern.MatchString(id) {
		return ChannelView{}, dalil.InvalidInput(dalil.Problem{Path: "id", Message: "must be 0x followed by 64 hex digits"})
	}
	id = strings.ToLower(id)
	ch, err := c.CloseChannel(ctx, id)
	switch {
	case err == nil:
		return ch.View(), nil
	case errors.Is(err, ErrChannelNotFound):
		return ChannelView{}, dalil.Errorf(dalil.CodeNotFound, "MPP channel %s not found.", id)
	case errors.Is(err, ErrNothingToSettle):
		return ChannelView{}, dalil.InvalidInput(dalil.Problem{Path: "id", Message: "the channel holds no voucher to settle: nothing to close"})
	case errors.Is(err, ErrFinalizedOnChain):
		return ChannelView{}, dalil.InvalidInput(dalil.Problem{Path: "id", Message: "the channel is already finalized on chain: it can no longer be closed"})
	}
	// The rail words its refusals for a payer (402 PAYMENT_INVALID); for
	// the operator the close did not complete (the RPC could not be read,
	// or the channel moved while it was being closed), and a retry may
	// succeed. The rail's reason is kept: it names no secret.
	if de := (*dalil.Error)(nil); errors.As(err, &de) && de.Code == dalil.CodePaymentInvalid {
		return ChannelView{}, &dalil.Error{Code: dalil.CodeProviderUnavailable,
			Message: "MPP channel " + id + " was not closed (" + strings.TrimRight(de.Message, ". ") + "); retry later.", Err: err}
	}
	return ChannelView{}, err
}
