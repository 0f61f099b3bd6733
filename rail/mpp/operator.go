package mpp

import (
	"context"
	"errors"
	"net/http"
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

// AdminRoutes are the rail's operator routes under /admin/v1: settling and
// closing a payment channel, as `dalil mpp close-channel` does. c is nil
// when payment channels are off: the route then answers 503
// PROVIDER_NOT_CONFIGURED.
func AdminRoutes(c ChannelCloser) []dalil.Route {
	return []dalil.Route{{
		Method: http.MethodPost, Path: "/admin/v1/mpp/channels/{id}/close", ID: "close_mpp_channel", Tag: "Payments",
		Summary: "Settle and close an MPP payment channel",
		Description: "The payee-signed close of the highest voucher, confirmed on chain (docs/rail-mpp.md). A channel already closed is answered as it is. " +
			"The body is empty or {}. 503 PROVIDER_NOT_CONFIGURED when payment channels are off (DALIL_MPP_CHANNELS), PROVIDER_UNAVAILABLE when the close is not confirmed yet (retry). The same as `dalil mpp close-channel`.",
		Params: map[string]string{"id": "the channel id: 0x and 64 hex digits"},
		Body:   dalil.BodyEmpty, Data: ChannelView{}, DataName: "MPPChannel", Errors: []int{400, 404, 413, 415},
		Handle: func(r *http.Request, _ []byte) (dalil.Reply, error) {
			v, err := CloseForOperator(r.Context(), c, r.PathValue("id"))
			return dalil.Reply{Data: v}, err
		},
	}}
}
