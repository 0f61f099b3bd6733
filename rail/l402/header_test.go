package l402

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	testMac      = []byte{2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0xfb, 0xff} // encodes with '+' and '/'
	testMacB64   = base64.StdEncoding.EncodeToString(testMac)
	testPreHex   = strings.Repeat("ab", 32)
	testPreimage [32]byte
)

func init() {
	for i := range testPreimage {
		testPreimage[i] = 0xab
	}
}

func TestParseAuthorization(t *testing.T) {
	mac2 := []byte("second macaroon")
	mac2B64 := base64.StdEncoding.EncodeToString(mac2)
	tests := []struct {
		name   string
		values []string
		want   *credential
	}{
		{"L402", []string{"L402 " + testMacB64 + ":" + testPreHex},
			&credential{scheme: "L402", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"LSAT", []string{"LSAT " + testMacB64 + ":" + testPreHex},
			&credential{scheme: "LSAT", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"lowercase scheme, uppercase hex", []string{"l402 " + testMacB64 + ":" + strings.ToUpper(testPreHex)},
			&credential{scheme: "L402", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"unpadded and url-safe base64", []string{"L402 " + base64.RawURLEncoding.EncodeToString(testMac) + ":" + testPreHex},
			&credential{scheme: "L402", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"after another scheme", []string{"Payment eyJhIjoxfQ, L402 " + testMacB64 + ":" + testPreHex},
			&credential{scheme: "L402", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"before another scheme", []string{"L402 " + testMacB64 + ":" + testPreHex + ", Bearer abc"},
			&credential{scheme: "L402", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"quoted comma in another scheme", []string{`Digest realm="a, L402 x:y", nonce="n", L402 ` + testMacB64 + ":" + testPreHex},
			&credential{scheme: "L402", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"two macaroons", []string{"L402 " + testMacB64 + ", " + mac2B64 + ":" + testPreHex},
			&credential{scheme: "L402", macaroons: [][]byte{testMac, mac2}, preimage: testPreimage}},
		{"second header line", []string{"Bearer x", "LSAT " + testMacB64 + ":" + testPreHex},
			&credential{scheme: "LSAT", macaroons: [][]byte{testMac}, preimage: testPreimage}},
		{"same credential twice", []string{"L402 " + testMacB64 + ":" + testPreHex + ", L402 " + testMacB64 + ":" + testPreHex},
			&credential{scheme: "L402", macaroons: [][]byte{testMac}, preimage: testPreimage}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseAuthorization(tt.values)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(credential{})); diff != "" {
				t.Errorf("parseAuthorization(%q) (-want +got):\n%s", tt.values, diff)
			}
		})
	}
}

func TestParseAuthorizationRefuses(t *testing.T) {
	tests := []struct {
		name   string
		values []string
		none   bool // errNoCredential rather than malformed
	}{
		{"no header", nil, true},
		{"other scheme", []string{"Bearer abc"}, true},
		{"scheme name inside a token", []string{"Bearer L402"}, true},
		{"bare scheme", []string{"L402"}, false},
		{"no colon", []string{"L402 " + testMacB64}, false},
		{"short preimage", []string{"L402 " + testMacB64 + ":abcd"}, false},
		{"long preimage", []string{"L402 " + testMacB64 + ":" + testPreHex + "00"}, false},
		{"non-hex preimage", []string{"L402 " + testMacB64 + ":" + strings.Repeat("zz", 32)}, false},
		{"empty macaroon", []string{"L402 :" + testPreHex}, false},
		{"empty second macaroon", []string{"L402 " + testMacB64 + ",:" + testPreHex}, false},
		{"not base64", []string{"L402 !!!!:" + testPreHex}, false},
		{"too many macaroons", []string{"L402 " + strings.Repeat(testMacB64+",", maxMacaroons) + testMacB64 + ":" + testPreHex}, false},
		{"macaroon too large", []string{"L402 " + base64.StdEncoding.EncodeToString(make([]byte, maxMacaroonLen+1)) + ":" + testPreHex}, false},
		{"header too large", []string{"Bearer " + strings.Repeat("a", maxAuthorizationLen)}, false},
		{"two different credentials", []string{"L402 " + testMacB64 + ":" + testPreHex, "LSAT " + testMacB64 + ":" + strings.Repeat("cd", 32)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseAuthorization(tt.values)
			if err == nil {
				t.Fatalf("parseAuthorization(%q) = %+v, want an error", tt.values, got)
			}
			if (err == errNoCredential) != tt.none {
				t.Errorf("parseAuthorization(%q) error = %v, want errNoCredential: %v", tt.values, err, tt.none)
			}
		})
	}
}

func TestHasCredential(t *testing.T) {
	tests := []struct {
		values []string
		want   bool
	}{
		{nil, false},
		{[]string{"Bearer abc"}, false},
		{[]string{"Payment eyJ"}, false},
		{[]string{"Basic L402"}, false},
		{[]string{"L402 garbage"}, true},
		{[]string{"L402"}, true},
		{[]string{"lsat x:y"}, true},
		{[]string{"Payment eyJ, L402 x:y"}, true},
		{[]string{"Bearer a", "L402 x:y"}, true},
	}
	for _, tt := range tests {
		h := http.Header{}
		for _, v := range tt.values {
			h.Add("Authorization", v)
		}
		if got := hasCredential(h); got != tt.want {
			t.Errorf("hasCredential(%q) = %v, want %v", tt.values, got, tt.want)
		}
	}
}

// FuzzParseAuthorization feeds arbitrary Authorization values to the parser:
// it must not panic, must respect its bounds, and whatever it accepts must
// survive a format/parse round trip unchanged.
func FuzzParseAuthorization(f *testing.F) {
	f.Add("L402 " + testMacB64 + ":" + testPreHex)
	f.Add("LSAT " + testMacB64 + "," + testMacB64 + ":" + testPreHex)
	f.Add(`Digest realm="x, y", L402 ` + testMacB64 + ":" + testPreHex)
	f.Add("Payment abc, l402 " + testMacB64 + ":" + testPreHex)
	f.Add("L402 :")
	f.Add(",,,L402 ,:")
	f.Fuzz(func(t *testing.T, v string) {
		c, err := parseAuthorization([]string{v})
		if err != nil {
			return
		}
		if len(c.macaroons) == 0 || len(c.macaroons) > maxMacaroons {
			t.Fatalf("accepted %d macaroons", len(c.macaroons))
		}
		for _, m := range c.macaroons {
			if len(m) == 0 || len(m) > maxMacaroonLen {
				t.Fatalf("accepted a %d-byte macaroon", len(m))
			}
		}
		if c.scheme != SchemeL402 && c.scheme != SchemeLSAT {
			t.Fatalf("accepted scheme %q", c.scheme)
		}
		var parts []string
		for _, m := range c.macaroons {
			parts = append(parts, base64.StdEncoding.EncodeToString(m))
		}
		again, err := parseAuthorization([]string{c.scheme + " " + strings.Join(parts, ",") + ":" + strings.ToLower(hexString(c.preimage[:]))})
		if err != nil {
			t.Fatalf("round trip of %q: %v", v, err)
		}
		if again.preimage != c.preimage || len(again.macaroons) != len(c.macaroons) {
			t.Fatalf("round trip of %q changed the credential", v)
		}
		for i := range c.macaroons {
			if !bytes.Equal(again.macaroons[i], c.macaroons[i]) {
				t.Fatalf("round trip of %q changed macaroon %d", v, i)
			}
		}
		if !hasCredential(http.Header{"Authorization": {v}}) {
			t.Fatalf("parsed %q but hasCredential is false", v)
		}
	})
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

func TestFormatAuthorization(t *testing.T) {
	got := FormatAuthorization(SchemeL402, testMac, testPreimage[:])
	if want := "L402 " + testMacB64 + ":" + testPreHex; got != want {
		t.Errorf("FormatAuthorization = %q, want %q", got, want)
	}
}
