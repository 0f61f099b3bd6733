package mpp

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"

	"dalil/rail/mpp/mpptest"
)

// FuzzSessionCredential feeds arbitrary Authorization values through the
// session-intent path of Verify and Manage (split, base64url, JSON, HMAC,
// pinning, payload decoding): it must never panic, and nothing it accepts
// may lack a payment. Seeds include a well-formed voucher credential for a
// channel the store does not know.
func FuzzSessionCredential(f *testing.F) {
	r, err := New(Config{SecretKey: testSecret, Realm: "127.0.0.1", Recipient: testRecipient, RPCURL: "http://127.0.0.1:1"})
	if err != nil {
		f.Fatal(err)
	}
	if _, err := r.EnableChannels(ChannelsConfig{Store: NewMemoryChannelStore(), PayeeKey: testPayeeKey[:]}); err != nil {
		f.Fatal(err)
	}
	ch, err := r.Challenge(context.Background(), testQuote)
	if err != nil {
		f.Fatal(err)
	}
	h, _ := mpptest.SessionHeader(ch.Headers.Values("WWW-Authenticate"))
	sc, err := mpptest.ParseSessionChallenge(h)
	if err != nil {
		f.Fatal(err)
	}
	p := mpptest.NewPayer("fuzz")
	var id [32]byte
	id[0] = 1
	f.Add(mpptest.SessionCredential(sc, p.VoucherPayload(sc, id, big.NewInt(10_000))))
	f.Add(mpptest.SessionCredential(sc, p.ClosePayload(sc, id, big.NewInt(10_000))))
	f.Add(mpptest.SessionCredential(sc, map[string]any{"action": "topUp", "type": "transaction", "channelId": mpptest.Hex32(id), "transaction": "0x76c0", "additionalDeposit": "1"}))
	f.Add("Payment eyJjaGFsbGVuZ2UiOnsiaW50ZW50Ijoic2Vzc2lvbiJ9fQ")
	f.Fuzz(func(t *testing.T, header string) {
		hd := authz(header)
		pay, err := r.Verify(context.Background(), hd, testQuote)
		if err == nil && (pay == nil || pay.CredentialID == "" || pay.State == nil) {
			t.Fatalf("accepted without a payment: %q", header)
		}
		if err == nil {
			t.Fatalf("a channel the store does not know paid a call: %q", header)
		}
		v, _, handled, err := r.Manage(context.Background(), hd, testQuote)
		if handled && err == nil && v == nil {
			t.Fatalf("managed without a result: %q", header)
		}
	})
}

// FuzzParseSessionPayload checks the payload decoder on hostile JSON.
func FuzzParseSessionPayload(f *testing.F) {
	f.Add([]byte(`{"action":"voucher","channelId":"0x` + "00000000000000000000000000000000000000000000000000000000000000aa" + `","cumulativeAmount":"1","signature":"0x00"}`))
	f.Add([]byte(`{"action":"topUp","type":"transaction","channelId":"0x1","transaction":"0x76","additionalDeposit":"340282366920938463463374607431768211456"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		sc, err := ParseSessionPayload(json.RawMessage(in))
		if err != nil {
			return
		}
		if len(sc.idHex) != 66 || (sc.amount != nil && (sc.amount.Sign() < 0 || sc.amount.Cmp(maxUint128) > 0)) ||
			(sc.sig != nil && len(sc.sig) != 65) || (sc.action == "topUp" && (sc.additional == nil || sc.additional.Sign() <= 0)) {
			t.Fatalf("accepted a malformed payload %s: %+v", in, sc)
		}
	})
}
