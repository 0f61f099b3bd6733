package l402

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/macaroon.v2"

	"dalil"
)

// Identifier layout, as Aperture writes it (and the L402 spec recommends):
// uint16 version (big-endian, 0) ‖ payment hash [32] ‖ token id [32].
const (
	idVersion0 = 0
	idLen      = 2 + 32 + 32
)

// identifier is the decoded macaroon id.
type identifier struct {
	paymentHash [32]byte
	tokenID     [32]byte
}

func (id identifier) encode() []byte {
	b := make([]byte, idLen)
	binary.BigEndian.PutUint16(b[:2], idVersion0)
	copy(b[2:34], id.paymentHash[:])
	copy(b[34:], id.tokenID[:])
	return b
}

func decodeIdentifier(b []byte) (identifier, error) {
	var id identifier
	if len(b) != idLen {
		return id, fmt.Errorf("identifier is %d bytes, want %d", len(b), idLen)
	}
	if v := binary.BigEndian.Uint16(b[:2]); v != idVersion0 {
		return id, fmt.Errorf("identifier version %d is unknown", v)
	}
	copy(id.paymentHash[:], b[2:34])
	copy(id.tokenID[:], b[34:])
	return id, nil
}

// Caveat conditions. "services" and the "<service>_…" names follow
// Aperture's convention, so generic L402 tooling can list them; the amount
// and price caveats are Dalil's own.
const (
	condServices       = "services"
	suffixCapabilities = "_capabilities"
	suffixValidUntil   = "_valid_until"
	suffixAmountSats   = "_amount_sats"
	suffixPriceMicro   = "_price_micro_usd"
	serviceTier        = "0" // the only tier Dalil mints
)

// grant is what a token was minted for: the terms its caveats carry.
type grant struct {
	tool       string
	validUntil time.Time // whole seconds
	amountSats int64
	price      dalil.MicroUSD
}

// caveats returns the first-party caveats for g, in minting order.
func (g grant) caveats(service string) []string {
	return []string{
		condServices + "=" + service + ":" + serviceTier,
		service + suffixCapabilities + "=" + g.tool,
		service + suffixValidUntil + "=" + strconv.FormatInt(g.validUntil.Unix(), 10),
		service + suffixAmountSats + "=" + strconv.FormatInt(g.amountSats, 10),
		service + suffixPriceMicro + "=" + strconv.FormatInt(int64(g.price), 10),
	}
}

// mint makes the macaroon for an invoice's payment hash and g, with a fresh
// random token id, keyed by rootKey.
func mint(rootKey []byte, service string, paymentHash [32]byte, g grant) (*macaroon.Macaroon, error) {
	id := identifier{paymentHash: paymentHash}
	if _, err := rand.Read(id.tokenID[:]); err != nil {
		return nil, fmt.Errorf("l402: token id: %w", err)
	}
	m, err := macaroon.New(rootKey, id.encode(), service, macaroon.V2)
	if err != nil {
		return nil, fmt.Errorf("l402: new macaroon: %w", err)
	}
	for _, c := range g.caveats(service) {
		if err := m.AddFirstPartyCaveat([]byte(c)); err != nil {
			return nil, fmt.Errorf("l402: caveat: %w", err)
		}
	}
	return m, nil
}

// caveatError is a caveat check failure with its reason.
type caveatError struct {
	reason string
	msg    string
}

func (e *caveatError) Error() string { return e.msg }

func caveatErr(reason, format string, args ...any) error {
	return &caveatError{reason: reason, msg: fmt.Sprintf(format, args...)}
}

// checkCaveats checks the verified first-party caveats of a token against
// the call: service, tool, expiry and price. A client may append caveats
// (attenuation) but can only narrow a token: every "services" and
// "capabilities" caveat must allow the call, and the smallest valid_until,
// amount and price count. An unknown condition fails closed. It returns the
// terms that hold, or a *caveatError.
func checkCaveats(conds []string, service, tool string, price dalil.MicroUSD, now time.Time) (grant, error) {
	var (
		g                                         grant
		seenSvc, seenTool, seenUntil, seenAmt, sp bool
		until                                     int64
	)
	g.tool = tool
	if len(conds) > maxCaveats {
		return g, caveatErr(ReasonMalformed, "the token has %d caveats, more than %d", len(conds), maxCaveats)
	}
	for _, c := range conds {
		cond, val, ok := strings.Cut(c, "=")
		if !ok {
			return g, caveatErr(ReasonUnknownCaveat, "caveat %q is not condition=value", c)
		}
		switch cond {
		case condServices:
			seenSvc = true
			if !listHas(val, func(s string) bool { return s == service+":"+serviceTier }) {
				return g, caveatErr(ReasonWrongService, "the token is not for service %q", service)
			}
		case service + suffixCapabilities:
			seenTool = true
			if !listHas(val, func(s string) bool { return s == tool }) {
				return g, caveatErr(ReasonWrongTool, "the token is for another capability, not %q", tool)
			}
		case service + suffixValidUntil:
			n, err := parseCaveatInt(val)
			if err != nil {
				return g, caveatErr(ReasonMalformed, "caveat %s: %v", cond, err)
			}
			if !seenUntil || n < until {
				until = n
			}
			seenUntil = true
		case service + suffixAmountSats:
			n, err := parseCaveatInt(val)
			if err != nil || n == 0 {
				return g, caveatErr(ReasonMalformed, "caveat %s is not a positive integer", cond)
			}
			// The invoice must have been paid at least this much: a caveat
			// the holder appends may only raise it, so the largest wins.
			if !seenAmt || n > g.amountSats {
				g.amountSats = n
			}
			seenAmt = true
		case service + suffixPriceMicro:
			n, err := parseCaveatInt(val)
			if err != nil {
				return g, caveatErr(ReasonMalformed, "caveat %s: %v", cond, err)
			}
			if !sp || dalil.MicroUSD(n) < g.price {
				g.price = dalil.MicroUSD(n)
			}
			sp = true
		default:
			return g, caveatErr(ReasonUnknownCaveat, "caveat condition %q is unknown", cond)
		}
	}
	switch {
	case !seenSvc:
		return g, caveatErr(ReasonWrongService, "the token names no service")
	case !seenTool:
		return g, caveatErr(ReasonWrongTool, "the token names no capability")
	case !seenUntil || !seenAmt || !sp:
		return g, caveatErr(ReasonMalformed, "the token lacks its expiry, amount or price caveat")
	}
	g.validUntil = time.Unix(until, 0).UTC()
	if !now.Before(g.validUntil) {
		return g, caveatErr(ReasonExpired, "the token expired at %s", g.validUntil.Format(time.RFC3339))
	}
	if g.price < price {
		return g, caveatErr(ReasonWrongAmount, "the token paid %s but the call costs %s", g.price, price)
	}
	return g, nil
}

// listHas reports whether the comma-separated list v has an element for
// which match is true.
func listHas(v string, match func(string) bool) bool {
	return slices.ContainsFunc(strings.Split(v, ","), match)
}

// parseCaveatInt parses a non-negative decimal int64 with no sign, spaces or
// leading zeros, so each value has exactly one spelling.
func parseCaveatInt(s string) (int64, error) {
	if s == "" || len(s) > 19 || (len(s) > 1 && s[0] == '0') {
		return 0, errors.New("not a canonical non-negative integer")
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, errors.New("not a canonical non-negative integer")
		}
	}
	return strconv.ParseInt(s, 10, 64)
}
