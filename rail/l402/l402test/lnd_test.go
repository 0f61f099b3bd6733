package l402test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
)

// A BOLT11 example invoice (mainnet, 20m, fallback address and routing
// hints) and its payee: decoding it proves the bech32 checksum and the
// signature digest are the spec's.
const (
	specInvoice = "lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqsfpp3qjmp7lwpagxun9pygexvgpjdc4jdj85fr9yq20q82gphp2nflc7jtzrcazrra7wwgzxqc8u7754cdlpfrmccae92qgzqvzq2ps8pqqqqqqpqqqqq9qqqvpeuqafqxu92d8lr6fvg0r5gv0heeeqgcrqlnm6jhphu9y00rrhy4grqszsvpcgpy9qqqqqqgqqqqq7qqzqj9n4evl6mr5aj9f58zp6fyjzup6ywn3x6sk8akg5v4tgn2q8g4fhx05wf6juaxu9760yp46454gpg5mtzgerlzezqcqvjnhjh8z3g2qqdhhwkj"
	specPayee   = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
	specHash    = "0001020304050607080900010203040506070809000102030405060708090102"
)

func TestDecodeSpecInvoice(t *testing.T) {
	inv, err := DecodeInvoice(specInvoice)
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(inv.PayeeKey); got != specPayee {
		t.Errorf("payee %s, want %s", got, specPayee)
	}
	if got := hex.EncodeToString(inv.PaymentHash[:]); got != specHash {
		t.Errorf("payment hash %s, want %s", got, specHash)
	}
	if inv.HRP != "lnbc20m" || inv.Timestamp.Unix() != 1496314658 {
		t.Errorf("hrp %q timestamp %d", inv.HRP, inv.Timestamp.Unix())
	}
	bad := []byte(specInvoice)
	bad[len(bad)-10] = 'q'
	if bytes.Equal(bad, []byte(specInvoice)) {
		bad[len(bad)-10] = 'p'
	}
	if _, err := DecodeInvoice(string(bad)); err == nil {
		t.Error("decoded an invoice with a broken checksum")
	}
}

func TestEncodeInvoiceRoundTrip(t *testing.T) {
	key, _ := secp256k1.GeneratePrivateKey()
	tests := []struct {
		sats int64
		hrp  string
	}{
		{1, "lnbc10n"},
		{11, "lnbc110n"},
		{100, "lnbc1u"},
		{2500, "lnbc25u"},
		{100_000, "lnbc1m"},
		{150_000_000, "lnbc1500m"},
		{200_000_000, "lnbc2"},
		{0, "lnbc"},
	}
	for _, tt := range tests {
		f := invoiceFields{
			hrpPrefix: "bc", amountSats: tt.sats, timestamp: time.Unix(1_800_000_000, 0),
			description: "dalil analyze_property", expiry: 600 * time.Second, minFinalCLTV: 80,
		}
		f.paymentHash = sha256.Sum256([]byte{byte(tt.sats)})
		s, err := encodeInvoice(f, key)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(s, tt.hrp+"1") {
			t.Errorf("%d sats: %q, want hrp %s", tt.sats, s, tt.hrp)
		}
		inv, err := DecodeInvoice(s)
		if err != nil {
			t.Fatalf("%d sats: %v", tt.sats, err)
		}
		if inv.PaymentHash != f.paymentHash || inv.Description != f.description || inv.Expiry != f.expiry ||
			!inv.Timestamp.Equal(f.timestamp) || !bytes.Equal(inv.PayeeKey, key.PubKey().SerializeCompressed()) {
			t.Errorf("%d sats: decoded %+v", tt.sats, inv)
		}
	}
}

func TestREST(t *testing.T) {
	s, err := NewServer("regtest")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	hc := s.Client()
	call := func(method, path, mac string, body any) (int, map[string]any) {
		t.Helper()
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, s.URL+path, rd)
		if mac != "" {
			req.Header.Set("Grpc-Metadata-macaroon", mac)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}

	if code, out := call("POST", "/v1/invoices", "", map[string]string{"value": "10"}); code != 500 || out["code"] != float64(2) {
		t.Errorf("no macaroon: %d %v", code, out)
	}
	if code, _ := call("POST", "/v1/invoices", "beef", map[string]string{"value": "10"}); code != 500 {
		t.Errorf("wrong macaroon: %d", code)
	}
	// value_msat as a JSON number, rounded up to whole sats.
	code, add := call("POST", "/v1/invoices", s.MacaroonHex, map[string]any{"value_msat": 10_500, "memo": "m", "expiry": "60"})
	if code != 200 {
		t.Fatalf("add: %d %v", code, add)
	}
	rh, _ := base64.StdEncoding.DecodeString(add["r_hash"].(string))
	if len(rh) != 32 || !strings.HasPrefix(add["payment_request"].(string), "lnbcrt110n1") || add["add_index"] != "1" {
		t.Errorf("add answer %v", add)
	}
	hashHex := hex.EncodeToString(rh)
	v1 := "/v1/invoice/" + hashHex
	v2 := "/v2/invoices/lookup?payment_hash=" + base64.URLEncoding.EncodeToString(rh)
	for _, p := range []string{v1, v2} {
		code, inv := call("GET", p, s.MacaroonHex, nil)
		if code != 200 || inv["state"] != "OPEN" || inv["value"] != "11" || inv["amt_paid_msat"] != "0" || inv["settled"] != false {
			t.Errorf("GET %s before paying: %d %v", p, code, inv)
		}
	}
	pre, err := s.Pay(hashHex)
	if err != nil {
		t.Fatal(err)
	}
	if pb, _ := hex.DecodeString(pre); sha256.Sum256(pb) != [32]byte(rh) {
		t.Error("Pay returned a preimage that does not hash to r_hash")
	}
	for _, p := range []string{v1, v2} {
		code, inv := call("GET", p, s.MacaroonHex, nil)
		if code != 200 || inv["state"] != "SETTLED" || inv["amt_paid_msat"] != "11000" || inv["settled"] != true {
			t.Errorf("GET %s after paying: %d %v", p, code, inv)
		}
	}
	if code, out := call("GET", "/v1/invoice/"+strings.Repeat("00", 32), s.MacaroonHex, nil); code != 404 || out["code"] != float64(5) {
		t.Errorf("unknown invoice: %d %v", code, out)
	}
	if s.Lookups() != 5 || s.Adds() != 1 {
		t.Errorf("lookups %d adds %d, want 5 and 1", s.Lookups(), s.Adds())
	}

	// An open invoice past its expiry reads CANCELED and cannot be paid.
	now := time.Now()
	s.SetNow(func() time.Time { return now })
	_, add = call("POST", "/v1/invoices", s.MacaroonHex, map[string]string{"value": "5", "expiry": "60"})
	rh, _ = base64.StdEncoding.DecodeString(add["r_hash"].(string))
	s.SetNow(func() time.Time { return now.Add(time.Minute) })
	if inv, _ := s.Invoice(hex.EncodeToString(rh)); inv.State != "CANCELED" {
		t.Errorf("expired invoice state %q", inv.State)
	}
	if _, err := s.Pay(hex.EncodeToString(rh)); err == nil {
		t.Error("paid an expired invoice")
	}
}
