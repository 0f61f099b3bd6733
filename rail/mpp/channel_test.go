package mpp

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil"
	"dalil/rail/mpp/internal/tempo"
	"dalil/rail/mpp/mpptest"
)

// Vectors computed with viem 2.x (hashTypedData, encodeAbiParameters,
// toFunctionSelector, encodeFunctionData), independently of this code.
func TestEscrowEncodingVectors(t *testing.T) {
	sels := map[string][4]byte{
		"c79ea485": tempo.SelectorOpen, "b67644b9": tempo.SelectorTopUp, "0d65c51d": tempo.SelectorClose,
		"516d3b88": tempo.SelectorSettle, "831c2b82": tempo.SelectorGetChannel, "095ea7b3": tempo.SelectorApprove,
	}
	for want, got := range sels {
		if hex.EncodeToString(got[:]) != want {
			t.Errorf("selector %x, want %s", got, want)
		}
	}
	escrow, _ := tempo.ParseAddress("0xe1c4d3dce17bc111181ddf716f75bae49e61a336")
	idb, _ := tempo.HexBytes("0x6d0f4fdf1f2f6a1f6c1b0fbd6a7d5c2c0a8d3d7b1f6a9c1b3e2d4a5b6c7d8e9f")
	d := tempo.VoucherDigest(42431, escrow, [32]byte(idb), big.NewInt(250000))
	if got := hex.EncodeToString(d[:]); got != "ba1305c447de326f3440d130dd89c6d6ccbb905b1029011dc193db424dfa2660" {
		t.Errorf("voucher digest %s", got)
	}
	payer, _ := tempo.ParseAddress("0x00000000000000000000000000000000000000a1")
	payee, _ := tempo.ParseAddress("0x742d35cc6634c0532925a3b844bc9e7595f8fe00")
	token, _ := tempo.ParseAddress("0x20c0000000000000000000000000000000000000")
	var salt [32]byte
	for i := range salt {
		salt[i] = 0x11
	}
	cid := tempo.ChannelID(payer, payee, token, salt, tempo.Address{}, escrow, 42431)
	if got := hex.EncodeToString(cid[:]); got != "55791324211df970bfe0914dce440c39c16e4f93f8a507abc44b9ec7f2aeab34" {
		t.Errorf("channel id %s", got)
	}
	var id2 [32]byte
	for i := range id2 {
		id2[i] = 0x22
	}
	sig := make([]byte, 65)
	for i := range sig {
		sig[i] = 0xab
	}
	call := tempo.EncodeVoucherCall(tempo.SelectorClose, id2, big.NewInt(1234567), sig)
	want := "0d65c51d" + strings.Repeat("22", 32) + strings.Repeat("0", 58) + "12d687" + strings.Repeat("0", 62) + "60" +
		strings.Repeat("0", 62) + "41" + strings.Repeat("ab", 65) + strings.Repeat("0", 62)
	if got := hex.EncodeToString(call); got != want {
		t.Errorf("close calldata\n got %s\nwant %s", got, want)
	}
	sel, gid, amt, gsig, err := tempo.DecodeVoucherCall(call)
	if err != nil || sel != tempo.SelectorClose || gid != id2 || amt.Int64() != 1234567 || hex.EncodeToString(gsig) != hex.EncodeToString(sig) {
		t.Errorf("DecodeVoucherCall round trip: %x %x %v %x %v", sel, gid, amt, gsig, err)
	}
	// getChannel round trip, and refusal of dirty words.
	c := tempo.Channel{Payer: payer, Payee: payee, Token: token, Deposit: big.NewInt(5), Settled: big.NewInt(2), CloseRequestedAt: 9, Finalized: true}
	back, err := tempo.DecodeChannel(tempo.EncodeChannel(c))
	if err != nil || !back.Payer.Equal(payer) || back.Deposit.Int64() != 5 || back.Settled.Int64() != 2 || back.CloseRequestedAt != 9 || !back.Finalized || back.Signer() != payer {
		t.Errorf("DecodeChannel round trip: %+v %v", back, err)
	}
	bad := tempo.EncodeChannel(c)
	bad[4*32] = 1 // deposit above uint128
	if _, err := tempo.DecodeChannel(bad); err == nil {
		t.Error("DecodeChannel accepted a deposit above uint128")
	}
}

var testEscrow = Networks["tempo-testnet"].Escrow

type chanFixture struct {
	*fixture
	esc   *mpptest.Escrow
	ch    *Channels
	store *MemoryChannelStore
	price *big.Int
}

func newChanFixture(t *testing.T) *chanFixture {
	t.Helper()
	f := newFixture(t)
	esc := mpptest.NewEscrow(f.rpc, testEscrow)
	st := NewMemoryChannelStore()
	ch, err := f.rail.EnableChannels(ChannelsConfig{Store: st, PayeeKey: testPayeeKey[:]})
	if err != nil {
		t.Fatal(err)
	}
	return &chanFixture{fixture: f, esc: esc, ch: ch, store: st, price: big.NewInt(int64(testQuote.Price))}
}

func (f *chanFixture) sessionChallenge(t *testing.T, q dalil.Quote) mpptest.SessionChallenge {
	t.Helper()
	ch, err := f.rail.Challenge(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	h, err := mpptest.SessionHeader(ch.Headers.Values("WWW-Authenticate"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := mpptest.ParseSessionChallenge(h)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// pay verifies and settles one call paid by the credential auth.
func (f *chanFixture) pay(auth string) (http.Header, error) {
	p, err := f.rail.Verify(context.Background(), authz(auth), testQuote)
	if err != nil {
		return nil, err
	}
	return f.rail.Settle(context.Background(), p)
}

// open opens a channel with deposit and an initial voucher of cumulative.
func (f *chanFixture) open(t *testing.T, deposit, cumulative int64) (mpptest.SessionChallenge, [32]byte) {
	t.Helper()
	sc := f.sessionChallenge(t, testQuote)
	var salt [32]byte
	salt[0] = byte(deposit)
	salt[1] = byte(time.Now().UnixNano())
	salt[2] = byte(time.Now().UnixNano() >> 8)
	raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(deposit), Salt: salt})
	_, err := f.pay(mpptest.SessionCredential(sc, f.payer.OpenPayload(sc, raw, id, big.NewInt(cumulative), nil)))
	if err != nil && cumulative >= f.price.Int64() {
		t.Fatalf("open: %v", err)
	}
	return sc, id
}

func decodeReceipt(t *testing.T, h http.Header) map[string]any {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(h.Get(ReceiptHeader))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func problemOf(err error) string {
	var de *dalil.Error
	if !errors.As(err, &de) {
		return ""
	}
	d, _ := de.Details.(map[string]any)
	p, _ := d["problem"].(string)
	return strings.TrimPrefix(p, ProblemBase)
}

func TestChannelChallengeFormat(t *testing.T) {
	f := newChanFixture(t)
	ch, err := f.rail.Challenge(context.Background(), testQuote)
	if err != nil {
		t.Fatal(err)
	}
	vals := ch.Headers.Values("WWW-Authenticate")
	if len(vals) != 2 || !strings.Contains(vals[0], `intent="charge"`) || !strings.Contains(vals[1], `intent="session"`) || !strings.Contains(vals[1], `expires="`) {
		t.Fatalf("WWW-Authenticate = %q", vals)
	}
	if list, _ := ch.Body["challenges"].([]map[string]any); len(list) != 2 || list[1]["intent"] != "session" {
		t.Errorf("body challenges = %v", ch.Body["challenges"])
	}
	sc, err := mpptest.ParseSessionChallenge(vals[1])
	if err != nil {
		t.Fatal(err)
	}
	req, _ := base64.RawURLEncoding.DecodeString(sc.Request)
	want := `{"amount":"10000","currency":"0x20c0000000000000000000000000000000000000","methodDetails":{"chainId":42431,"escrowContract":"0xe1c4d3dce17bc111181ddf716f75bae49e61a336","minVoucherDelta":"10000"},"recipient":"` +
		strings.ToLower(testRecipient) + `","suggestedDeposit":"1000000","unitType":"request"}`
	if string(req) != want {
		t.Errorf("request\n got %s\nwant %s", req, want)
	}
	if id := ChallengeID(testSecret, sc.Realm, "tempo", "session", sc.Request, sc.Expires, "", sc.Opaque); id != sc.ID {
		t.Errorf("id %s, recomputed %s", sc.ID, id)
	}
}

func TestChannelEndToEndUnit(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc, id := f.open(t, 100_000, 10_000) // open pays the first call
	idHex := mpptest.Hex32(id)
	ch, err := f.store.GetChannel(ctx, idHex)
	if err != nil || ch.Accepted.Int64() != 10_000 || ch.Spent.Int64() != 10_000 || ch.Deposit.Int64() != 100_000 || ch.Payer != f.payer.Address {
		t.Fatalf("after open: %+v %v", ch, err)
	}
	for i := int64(2); i <= 4; i++ {
		auth := mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(i*10_000)))
		p, err := f.rail.Verify(ctx, authz(auth), testQuote)
		if err != nil {
			t.Fatalf("voucher %d: %v", i, err)
		}
		// The voucher is on record before the call is served.
		if got, _ := f.store.GetChannel(ctx, idHex); got.Accepted.Int64() != i*10_000 || got.Spent.Int64() != (i-1)*10_000 {
			t.Fatalf("voucher %d not persisted before serving: accepted %s spent %s", i, got.Accepted, got.Spent)
		}
		if !strings.HasPrefix(p.CredentialID, "mpp:session:"+idHex+":") || p.Payer != f.payer.Address || p.Amount != testQuote.Price {
			t.Errorf("payment %+v", p)
		}
		h, err := f.rail.Settle(ctx, p)
		if err != nil {
			t.Fatalf("settle %d: %v", i, err)
		}
		rc := decodeReceipt(t, h)
		if rc["intent"] != "session" || rc["channelId"] != idHex || rc["reference"] != idHex || rc["acceptedCumulative"] != big.NewInt(i*10_000).String() || rc["spent"] != big.NewInt(i*10_000).String() {
			t.Errorf("receipt %v", rc)
		}
	}
	// Close settles 40000 on chain with the payee's transaction.
	v, h, handled, err := f.rail.Manage(ctx, authz(mpptest.SessionCredential(sc, f.payer.ClosePayload(sc, id, big.NewInt(40_000)))), testQuote)
	if !handled || err != nil {
		t.Fatalf("close: handled %v err %v", handled, err)
	}
	closed, ok := f.esc.Close(id)
	if !ok || closed.Amount.Int64() != 40_000 || closed.Refund.Int64() != 60_000 || !strings.EqualFold(closed.By.Hex(), testRecipient) {
		t.Fatalf("escrow close %+v %v", closed, ok)
	}
	cv := v.(ChannelView)
	rc := decodeReceipt(t, h)
	if cv.Status != "closed" || cv.Settled != "40000" || cv.Refunded != "60000" || rc["txHash"] == "" || rc["txHash"] != cv.TxHash || rc["acceptedCumulative"] != "40000" {
		t.Errorf("close view %+v receipt %v", cv, rc)
	}
	// A retried close answers the same, without a second transaction.
	sent := len(f.rpc.Sent())
	v2, _, _, err := f.rail.Manage(ctx, authz(mpptest.SessionCredential(sc, f.payer.ClosePayload(sc, id, big.NewInt(40_000)))), testQuote)
	if err != nil || v2.(ChannelView).TxHash != cv.TxHash || len(f.rpc.Sent()) != sent {
		t.Errorf("retried close: %+v %v (sent %d -> %d)", v2, err, sent, len(f.rpc.Sent()))
	}
	// No voucher pays on a closed channel.
	_, err = f.pay(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(50_000))))
	if problemOf(err) != "session/channel-finalized" {
		t.Errorf("voucher after close: %v", err)
	}
}

func TestChannelVoucherRefusals(t *testing.T) {
	other := mpptest.NewPayer("mallory")
	otherEscrow, _ := tempo.ParseAddress("0x00000000000000000000000000000000000e5c00")
	tests := []struct {
		name    string
		auth    func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string
		q       *dalil.Quote
		prep    func(f *chanFixture, id [32]byte)
		problem string
		msg     string
	}{
		{name: "bad signature", problem: "session/invalid-signature", msg: "bad signature",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
				s := p["signature"].(string)
				p["signature"] = s[:len(s)-2] + "05" // recovery id 5
				return mpptest.SessionCredential(sc, p)
			}},
		{name: "high s", problem: "session/invalid-signature", msg: "canonical",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
				sig, _ := tempo.HexBytes(p["signature"].(string))
				s := new(big.Int).SetBytes(sig[32:64])
				s.Sub(secp256k1N(), s)
				s.FillBytes(sig[32:64])
				sig[64] = 55 - sig[64] // 27 <-> 28
				p["signature"] = "0x" + hex.EncodeToString(sig)
				return mpptest.SessionCredential(sc, p)
			}},
		{name: "wrong signer", problem: "session/signer-mismatch", msg: "wrong signer",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, other.VoucherPayload(sc, id, big.NewInt(20_000)))
			}},
		{name: "voucher for another escrow", problem: "session/signer-mismatch", msg: "escrow",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
				p["signature"] = f.payer.SignVoucher(sc.ChainID, otherEscrow, id, big.NewInt(20_000))
				return mpptest.SessionCredential(sc, p)
			}},
		{name: "voucher for another chain", problem: "session/signer-mismatch", msg: "chain",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
				p["signature"] = f.payer.SignVoucher(4217, sc.Escrow, id, big.NewInt(20_000))
				return mpptest.SessionCredential(sc, p)
			}},
		{name: "non-monotone voucher", problem: "verification-failed", msg: "stale voucher",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(5_000)))
			}},
		{name: "equal voucher already spent", problem: "session/insufficient-balance", msg: "cumulativeAmount >= 20000",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(10_000)))
			}},
		{name: "increase below price", problem: "session/delta-too-small", msg: "less than the minimum",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(19_999)))
			}},
		{name: "over deposit", problem: "session/amount-exceeds-deposit", msg: "exceeds channel",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(100_001)))
			}},
		{name: "unknown channel", problem: "session/channel-not-found", msg: "open it first",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				id[0] ^= 0xff
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))
			}},
		{name: "pending close on chain", problem: "session/channel-finalized", msg: "pending close",
			prep: func(f *chanFixture, id [32]byte) {
				f.esc.Edit(id, func(c *tempo.Channel) { c.CloseRequestedAt = 1 })
			},
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))
			}},
		{name: "finalized on chain", problem: "session/channel-finalized", msg: "finalized",
			prep: func(f *chanFixture, id [32]byte) {
				f.esc.Edit(id, func(c *tempo.Channel) { c.Finalized = true })
			},
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))
			}},
		{name: "expired challenge", problem: "payment-expired", msg: "expired",
			prep: func(f *chanFixture, id [32]byte) { f.clock.Add(301 * time.Second) },
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))
			}},
		{name: "tampered request", problem: "invalid-challenge", msg: "unknown challenge",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				req, _ := base64.RawURLEncoding.DecodeString(sc.Request)
				sc.Request = base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(req), `"amount":"10000"`, `"amount":"1"`, 1)))
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))
			}},
		{name: "challenge of a cheaper route", problem: "invalid-challenge", msg: "wrong amount",
			q: &dalil.Quote{Tool: "x", Price: 20_000, Description: testQuote.Description},
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				return mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(30_000)))
			}},
		{name: "malformed amount", problem: "malformed-credential", msg: "decimal",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
				p["cumulativeAmount"] = "-1"
				return mpptest.SessionCredential(sc, p)
			}},
		{name: "unknown action", problem: "malformed-credential", msg: "not open, voucher",
			auth: func(f *chanFixture, sc mpptest.SessionChallenge, id [32]byte) string {
				p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
				p["action"] = "settle"
				return mpptest.SessionCredential(sc, p)
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newChanFixture(t)
			sc, id := f.open(t, 100_000, 10_000)
			if tc.prep != nil {
				tc.prep(f, id)
			}
			q := testQuote
			if tc.q != nil {
				q = *tc.q
			}
			before, _ := f.store.GetChannel(context.Background(), mpptest.Hex32(id))
			_, err := f.rail.Verify(context.Background(), authz(tc.auth(f, sc, id)), q)
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != dalil.CodePaymentInvalid {
				t.Fatalf("Verify = %v, want PAYMENT_INVALID", err)
			}
			if problemOf(err) != tc.problem || !strings.Contains(de.Message, tc.msg) {
				t.Errorf("Verify = %q (%s), want problem %s and %q", de.Message, problemOf(err), tc.problem, tc.msg)
			}
			after, _ := f.store.GetChannel(context.Background(), mpptest.Hex32(id))
			if after.Accepted.Cmp(before.Accepted) != 0 || after.Spent.Cmp(before.Spent) != 0 {
				t.Errorf("a refused voucher changed the channel: accepted %s->%s spent %s->%s", before.Accepted, after.Accepted, before.Spent, after.Spent)
			}
		})
	}
}

func secp256k1N() *big.Int {
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	return n
}

func TestChannelOpenRefusals(t *testing.T) {
	other := mpptest.NewPayer("mallory")
	tests := []struct {
		name    string
		build   func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any
		problem string
		msg     string
	}{
		{name: "payee is not us", problem: "verification-failed", msg: "wrong recipient",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000), Payee: other.Address})
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil)
			}},
		{name: "wrong token", problem: "verification-failed", msg: "wrong currency",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000), Token: "0x20c0000000000000000000000000000000000001", NoApprove: true})
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil)
			}},
		{name: "wrong escrow", problem: "verification-failed", msg: "not an approve of the escrow",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				e, _ := tempo.ParseAddress("0x00000000000000000000000000000000000e5c00")
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000), Escrow: &e, NoApprove: true})
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil)
			}},
		{name: "wrong chain", problem: "verification-failed", msg: "wrong chain",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000), ChainID: 4217})
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil)
			}},
		{name: "channel id of another channel", problem: "verification-failed", msg: "wrong channel",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000)})
				id[31] ^= 1
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil)
			}},
		{name: "initial voucher by a stranger", problem: "session/signer-mismatch", msg: "wrong signer",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000)})
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), other)
			}},
		{name: "initial voucher over deposit", problem: "session/amount-exceeds-deposit", msg: "exceeds",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(5_000)})
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil)
			}},
		{name: "zero initial voucher pays nothing", problem: "session/insufficient-balance", msg: "cumulativeAmount >= 10000",
			build: func(f *chanFixture, sc mpptest.SessionChallenge) map[string]any {
				raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000)})
				return f.payer.OpenPayload(sc, raw, id, big.NewInt(0), nil)
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newChanFixture(t)
			sc := f.sessionChallenge(t, testQuote)
			_, err := f.rail.Verify(context.Background(), authz(mpptest.SessionCredential(sc, tc.build(f, sc))), testQuote)
			var de *dalil.Error
			if !errors.As(err, &de) || de.Code != dalil.CodePaymentInvalid || problemOf(err) != tc.problem || !strings.Contains(de.Message, tc.msg) {
				t.Fatalf("Verify = %v (%s), want %s %q", err, problemOf(err), tc.problem, tc.msg)
			}
		})
	}
}

// TestChannelDelegatedSigner: an authorizedSigner signs the vouchers; the
// payer's own signature is then refused.
func TestChannelDelegatedSigner(t *testing.T) {
	f := newChanFixture(t)
	hot := mpptest.NewPayer("hot wallet")
	sc := f.sessionChallenge(t, testQuote)
	raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(50_000), AuthorizedSigner: hot})
	if _, err := f.pay(mpptest.SessionCredential(sc, f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), hot))); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pay(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))); problemOf(err) != "session/signer-mismatch" {
		t.Errorf("payer-signed voucher on a delegated channel: %v", err)
	}
	if _, err := f.pay(mpptest.SessionCredential(sc, hot.VoucherPayload(sc, id, big.NewInt(20_000)))); err != nil {
		t.Errorf("delegated voucher: %v", err)
	}
}

// TestChannelConcurrentDuplicates: the same voucher sent many times at once
// pays for one call; different vouchers racing never lower the accepted
// amount or overspend it.
func TestChannelConcurrentDuplicates(t *testing.T) {
	f := newChanFixture(t)
	sc, id := f.open(t, 1_000_000, 10_000)
	auth := mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))
	var wg sync.WaitGroup
	var mu sync.Mutex
	paid := 0
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.pay(auth); err == nil {
				mu.Lock()
				paid++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	ch, _ := f.store.GetChannel(context.Background(), mpptest.Hex32(id))
	if paid != 1 || ch.Spent.Int64() != 20_000 || ch.Accepted.Int64() != 20_000 {
		t.Fatalf("16 duplicates paid %d calls; spent %s accepted %s", paid, ch.Spent, ch.Accepted)
	}
	// Racing increasing vouchers: spent never exceeds accepted, accepted
	// ends at the highest.
	paid = 0
	for i := int64(3); i <= 12; i++ {
		wg.Add(1)
		go func(c int64) {
			defer wg.Done()
			if _, err := f.pay(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(c*10_000)))); err == nil {
				mu.Lock()
				paid++
				mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	ch, _ = f.store.GetChannel(context.Background(), mpptest.Hex32(id))
	if ch.Spent.Cmp(ch.Accepted) > 0 || ch.Spent.Int64() != int64(2+paid)*10_000 || ch.Accepted.Int64() > 120_000 {
		t.Fatalf("racing vouchers: paid %d, spent %s accepted %s", paid, ch.Spent, ch.Accepted)
	}
}

func TestChannelTopUpAndOperatorClose(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc, id := f.open(t, 20_000, 10_000)
	// 30000 exceeds the 20000 deposit until the top-up.
	if _, err := f.pay(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(30_000)))); problemOf(err) != "session/amount-exceeds-deposit" {
		t.Fatalf("over deposit: %v", err)
	}
	top := map[string]any{"action": "topUp", "type": "transaction", "channelId": mpptest.Hex32(id),
		"transaction": "0x" + hex.EncodeToString(f.payer.TopUpTx(sc, id, big.NewInt(50_000))), "additionalDeposit": "50000"}
	v, h, handled, err := f.rail.Manage(ctx, authz(mpptest.SessionCredential(sc, top)), testQuote)
	if !handled || err != nil || v.(ChannelView).Deposit != "70000" || decodeReceipt(t, h)["txHash"] == "" {
		t.Fatalf("topUp: %v %v %+v", handled, err, v)
	}
	// A topUp whose declared amount differs from the transaction is refused.
	top["additionalDeposit"] = "1"
	if _, _, _, err := f.rail.Manage(ctx, authz(mpptest.SessionCredential(sc, top)), testQuote); problemOf(err) != "verification-failed" {
		t.Errorf("lying topUp: %v", err)
	}
	if _, err := f.pay(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(30_000)))); err != nil {
		t.Fatalf("voucher after topUp: %v", err)
	}
	// A close voucher below what was spent (20000: two calls) is refused.
	if _, _, _, err := f.rail.Manage(ctx, authz(mpptest.SessionCredential(sc, f.payer.ClosePayload(sc, id, big.NewInt(15_000)))), testQuote); problemOf(err) != "verification-failed" {
		t.Errorf("close below spent: %v", err)
	}
	// The operator closes with the highest voucher on record.
	ch, err := f.ch.CloseChannel(ctx, mpptest.Hex32(id))
	if err != nil || ch.Status != ChannelClosed || ch.CloseAmount.Int64() != 30_000 {
		t.Fatalf("CloseChannel: %+v %v", ch, err)
	}
	if c, ok := f.esc.Close(id); !ok || c.Amount.Int64() != 30_000 || c.Refund.Int64() != 40_000 {
		t.Errorf("escrow close %+v", c)
	}
}

// TestChannelCloseRetriesAfterRevert: a reverted close is forgotten, the
// channel takes no vouchers meanwhile, and a later close succeeds.
func TestChannelCloseRetriesAfterRevert(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc, id := f.open(t, 50_000, 10_000)
	f.rpc.Revert.Store(true)
	_, _, _, err := f.rail.Manage(ctx, authz(mpptest.SessionCredential(sc, f.payer.ClosePayload(sc, id, big.NewInt(10_000)))), testQuote)
	if dalil.ErrorCode(err) != dalil.CodeProviderUnavailable {
		t.Fatalf("reverted close: %v", err)
	}
	if _, err := f.pay(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))); problemOf(err) != "session/channel-finalized" {
		t.Errorf("voucher while closing: %v", err)
	}
	f.rpc.Revert.Store(false)
	v, _, _, err := f.rail.Manage(ctx, authz(mpptest.SessionCredential(sc, f.payer.ClosePayload(sc, id, big.NewInt(10_000)))), testQuote)
	if err != nil || v.(ChannelView).Status != "closed" {
		t.Fatalf("close after revert: %+v %v", v, err)
	}
	if c, ok := f.esc.Close(id); !ok || c.Amount.Int64() != 10_000 {
		t.Errorf("escrow close %+v", c)
	}
}

func TestChannelStoreInvariants(t *testing.T) {
	st := NewMemoryChannelStore()
	ctx := context.Background()
	now := time.Now()
	c := Channel{ID: "0x01", Status: ChannelOpen, Deposit: big.NewInt(100), SettledOnChain: big.NewInt(0), Accepted: big.NewInt(10), Spent: big.NewInt(0), Signature: []byte{1}}
	if _, created, err := st.CreateChannel(ctx, c); err != nil || !created {
		t.Fatal(err)
	}
	for name, fn := range map[string]func(*Channel){
		"lower accepted":        func(c *Channel) { c.Accepted = big.NewInt(5) },
		"spent above accepted":  func(c *Channel) { c.Spent = big.NewInt(11) },
		"accepted over deposit": func(c *Channel) { c.Accepted, c.Signature = big.NewInt(101), []byte{2} },
		"status back":           func(c *Channel) { c.Status = "" },
		"new payer":             func(c *Channel) { c.Payer = "0xbad" },
		"swap signature":        func(c *Channel) { c.Signature = []byte{9} },
	} {
		if _, err := st.UpdateChannel(ctx, "0x01", now, func(c *Channel) error { fn(c); return nil }); !errors.Is(err, ErrChannelInvariant) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if got, _ := st.GetChannel(ctx, "0x01"); got.Accepted.Int64() != 10 || got.Version != 1 {
		t.Errorf("refused updates changed the channel: %+v", got)
	}
}

// TestChannelBodilessOpenAndVoucher pins how a bodiless POST (Content-Length:
// 0) carrying an open or voucher credential is answered, as mppx's session
// manager sends it on open() and mppx's server answers it: a management
// update (channel opened, voucher accepted, nothing spent, no tool run),
// not a paid call. With a body the same credentials still pay a call.
func TestChannelBodilessOpenAndVoucher(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc := f.sessionChallenge(t, testQuote)
	raw, id := f.payer.OpenTx(sc, mpptest.ChannelOpen{Deposit: big.NewInt(100_000), Salt: [32]byte{7}})
	idHex := mpptest.Hex32(id)
	bodiless := func(auth string) http.Header {
		h := authz(auth)
		h.Set("Content-Length", "0")
		return h
	}
	open := mpptest.SessionCredential(sc, f.payer.OpenPayload(sc, raw, id, big.NewInt(10_000), nil))
	// With a body (no Content-Length: 0) an open is a paid call: Verify's.
	for _, h := range []http.Header{authz(open), func() http.Header { h := authz(open); h.Set("Content-Length", "42"); return h }()} {
		if _, _, handled, err := f.rail.Manage(ctx, h, testQuote); handled || err != nil {
			t.Fatalf("open with a body: handled %v err %v", handled, err)
		}
	}
	if len(f.rpc.Sent()) != 0 {
		t.Fatal("Manage broadcast an open it did not handle")
	}
	v, h, handled, err := f.rail.Manage(ctx, bodiless(open), testQuote)
	if !handled || err != nil {
		t.Fatalf("bodiless open: handled %v err %v", handled, err)
	}
	cv, rc := v.(ChannelView), decodeReceipt(t, h)
	if cv.ChannelID != idHex || cv.Status != "open" || cv.Deposit != "100000" || cv.AcceptedCumulative != "10000" || cv.Spent != "0" || cv.TxHash == "" ||
		rc["intent"] != "session" || rc["channelId"] != idHex || rc["acceptedCumulative"] != "10000" || rc["spent"] != "0" || rc["txHash"] != cv.TxHash {
		t.Fatalf("bodiless open: view %+v receipt %v", cv, rc)
	}
	if c, ok := f.esc.Channel(id); !ok || c.Deposit.Int64() != 100_000 || len(f.rpc.Sent()) != 1 {
		t.Fatalf("escrow after bodiless open: %+v %v, %d transactions", c, ok, len(f.rpc.Sent()))
	}
	// A bodiless voucher raises the accepted amount and spends nothing.
	v, h, handled, err = f.rail.Manage(ctx, bodiless(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))), testQuote)
	if cv, rc = v.(ChannelView), decodeReceipt(t, h); !handled || err != nil || cv.AcceptedCumulative != "20000" || cv.Spent != "0" || rc["spent"] != "0" || rc["txHash"] != nil {
		t.Fatalf("bodiless voucher: %v %v %+v %v", handled, err, cv, rc)
	}
	// The credit pays later calls: a voucher with a body for 30000 pays one
	// call (spent 10000); the bodiless checks still apply (stale, signer).
	if _, err := f.pay(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(30_000)))); err != nil {
		t.Fatalf("paid voucher after bodiless updates: %v", err)
	}
	if ch, _ := f.store.GetChannel(ctx, idHex); ch.Accepted.Int64() != 30_000 || ch.Spent.Int64() != 10_000 {
		t.Fatalf("channel %+v", ch)
	}
	if _, _, handled, err := f.rail.Manage(ctx, bodiless(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))), testQuote); !handled || problemOf(err) != "verification-failed" {
		t.Errorf("stale bodiless voucher: %v %v", handled, err)
	}
	if _, _, handled, err := f.rail.Manage(ctx, bodiless(mpptest.SessionCredential(sc, mpptest.NewPayer("mallory").VoucherPayload(sc, id, big.NewInt(40_000)))), testQuote); !handled || problemOf(err) != "session/signer-mismatch" {
		t.Errorf("foreign bodiless voucher: %v %v", handled, err)
	}
	// A charge credential is never Manage's, bodiless or not.
	chg, err := f.rail.Challenge(ctx, testQuote)
	if err != nil {
		t.Fatal(err)
	}
	pay, err := f.payer.Pay(chg.Headers.Values("WWW-Authenticate")[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, _, handled, _ := f.rail.Manage(ctx, bodiless(pay), testQuote); handled {
		t.Error("Manage handled a charge credential")
	}
}

// TestChannelVoucherRecoveryIDNormalized: a 65-byte voucher signature
// whose v byte is 0/1 (instead of 27/28) is accepted by tempo.Recover, but
// is refused or normalized to v = 27/28 before being stored as the
// channel's highest voucher and submitted in the payee's close(). The real
// TempoStreamChannel verifies with Solady ECDSA.recoverCalldata, which
// hands v straight to the ecrecover precompile: v ∉ {27, 28} recovers
// nothing and close() reverts InvalidSignature, so a payer served on such
// vouchers could never be settled, then requestClose() + withdraw() its
// whole deposit.
func TestChannelVoucherRecoveryIDNormalized(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc, id := f.open(t, 100_000, 10_000)
	p := f.payer.VoucherPayload(sc, id, big.NewInt(20_000))
	sig, err := tempo.HexBytes(p["signature"].(string))
	if err != nil || len(sig) != 65 || (sig[64] != 27 && sig[64] != 28) {
		t.Fatalf("helper signature %x %v", sig, err)
	}
	sig[64] -= 27 // same (r, s), recovery id encoded as 0/1
	p["signature"] = "0x" + hex.EncodeToString(sig)
	if _, err := f.pay(mpptest.SessionCredential(sc, p)); err != nil {
		return // refused: fine
	}
	ch, err := f.store.GetChannel(ctx, mpptest.Hex32(id))
	if err != nil {
		t.Fatal(err)
	}
	if v := ch.Signature[64]; v != 27 && v != 28 {
		t.Errorf("a voucher with v=%d paid a call and is stored as the channel's settling signature; the escrow's close() (Solady ecrecover) reverts on v not in {27,28}, so this call can never be settled", v)
	}
	closed, err := f.ch.CloseChannel(ctx, mpptest.Hex32(id))
	if err != nil {
		t.Fatalf("CloseChannel: %v", err)
	}
	if v := closed.CloseSignature[64]; v != 27 && v != 28 {
		t.Errorf("close() was submitted with a voucher signature whose v=%d: it reverts on the real escrow", v)
	}
}

// TestChannelOperatorCloseDuringCallNeverChargesWithoutResult: a voucher
// call is verified (its voucher is now the channel's highest, not yet
// spent) and, while the tool runs, the channel is closed by the operator
// (CloseChannel: POST /admin/.../close, dalil mpp close-channel, or the
// sweep). The payer must not be charged on chain for a call it never
// receives: either the close excludes unspent in-flight credit, or Settle
// still pays the call from the closing/closed channel when the close
// amount covers it. (The close once settled the highest accepted voucher,
// this call's price included, and Settle then refused the call with
// "channel-finalized", so httpapi withheld the result.)
func TestChannelOperatorCloseDuringCallNeverChargesWithoutResult(t *testing.T) {
	f := newChanFixture(t)
	ctx := context.Background()
	sc, id := f.open(t, 100_000, 10_000) // first call paid: spent 10000
	p, err := f.rail.Verify(ctx, authz(mpptest.SessionCredential(sc, f.payer.VoucherPayload(sc, id, big.NewInt(20_000)))), testQuote)
	if err != nil {
		t.Fatal(err)
	}
	// The tool is running; the operator closes the channel meanwhile.
	if _, err := f.ch.CloseChannel(ctx, mpptest.Hex32(id)); err != nil {
		t.Fatalf("CloseChannel: %v", err)
	}
	_, settleErr := f.rail.Settle(ctx, p)
	ch, _ := f.store.GetChannel(ctx, mpptest.Hex32(id))
	closed, ok := f.esc.Close(id)
	if !ok {
		t.Fatal("no close on the escrow")
	}
	if settleErr != nil && closed.Amount.Cmp(ch.Spent) > 0 {
		t.Errorf("the call's Settle failed (%v) so its result is withheld, yet the channel was closed on chain for %s while calls delivered only %s: the payer paid %s for a call it never got",
			settleErr, closed.Amount, ch.Spent, new(big.Int).Sub(closed.Amount, ch.Spent))
	}
}
