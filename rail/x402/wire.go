package x402

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// HTTP header names of both protocol versions (payment-protocols.md §1).
const (
	HeaderPaymentRequired  = "PAYMENT-REQUIRED"   // v2 challenge
	HeaderPaymentSignature = "PAYMENT-SIGNATURE"  // v2 credential
	HeaderPaymentResponse  = "PAYMENT-RESPONSE"   // v2 receipt
	HeaderXPayment         = "X-PAYMENT"          // v1 credential
	HeaderXPaymentResponse = "X-PAYMENT-RESPONSE" // v1 receipt
)

// SchemeExact is the only x402 scheme this rail speaks: EIP-3009
// TransferWithAuthorization of an exact amount.
const SchemeExact = "exact"

// MaxHeaderLen bounds an incoming payment header (base64 text). Real
// payloads are about 1.5 KiB (v2, with the echoed requirement); 16 KiB
// leaves room for echoed extensions while keeping decoding cheap.
const MaxHeaderLen = 16 << 10

// maxJSONDepth bounds nesting in a decoded payload; real ones nest 3 deep.
const maxJSONDepth = 16

// extra is the exact-EVM "extra" of a requirement: the EIP-712 domain name
// and version of the asset, which clients need to sign.
type extra struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type resourceInfo struct {
	URL         string `json:"url"`
	Description string `json:"description"`
	MimeType    string `json:"mimeType"`
}

// requirementV2 is one accepts[] entry of a v2 PAYMENT-REQUIRED header.
type requirementV2 struct {
	Scheme            string `json:"scheme"`
	Network           string `json:"network"`
	Amount            string `json:"amount"`
	Asset             string `json:"asset"`
	PayTo             string `json:"payTo"`
	MaxTimeoutSeconds int    `json:"maxTimeoutSeconds"`
	Extra             extra  `json:"extra"`
}

type paymentRequiredV2 struct {
	X402Version int             `json:"x402Version"`
	Error       string          `json:"error,omitempty"`
	Resource    resourceInfo    `json:"resource"`
	Accepts     []requirementV2 `json:"accepts"`
}

// requirementV1 is one accepts[] entry of a v1 402 body. x402-fetch
// zod-parses it: resource must be an absolute URL, description and
// mimeType strings, outputSchema and extra objects when present (never
// null).
type requirementV1 struct {
	Scheme            string          `json:"scheme"`
	Network           string          `json:"network"`
	MaxAmountRequired string          `json:"maxAmountRequired"`
	Resource          string          `json:"resource"`
	Description       string          `json:"description"`
	MimeType          string          `json:"mimeType"`
	OutputSchema      json.RawMessage `json:"outputSchema,omitempty"`
	PayTo             string          `json:"payTo"`
	MaxTimeoutSeconds int             `json:"maxTimeoutSeconds"`
	Asset             string          `json:"asset"`
	Extra             extra           `json:"extra"`
}

// Incoming payloads. Only the fields we check are typed; the raw bytes go
// to the facilitator unchanged.
type paymentV1 struct {
	X402Version int             `json:"x402Version"`
	Scheme      string          `json:"scheme"`
	Network     string          `json:"network"`
	Payload     json.RawMessage `json:"payload"`
}

type paymentV2 struct {
	X402Version int             `json:"x402Version"`
	Accepted    *acceptedV2     `json:"accepted"`
	Payload     json.RawMessage `json:"payload"`
}

type acceptedV2 struct {
	Scheme  string                     `json:"scheme"`
	Network string                     `json:"network"`
	Amount  string                     `json:"amount"`
	Asset   string                     `json:"asset"`
	PayTo   string                     `json:"payTo"`
	Extra   map[string]json.RawMessage `json:"extra"`
}

type exactPayload struct {
	Signature     string         `json:"signature"`
	Authorization *Authorization `json:"authorization"`
}

// Facilitator wire format (payment-protocols.md §1.5).
type facilitatorRequest struct {
	X402Version         int             `json:"x402Version"`
	PaymentPayload      json.RawMessage `json:"paymentPayload"`
	PaymentRequirements json.RawMessage `json:"paymentRequirements"`
}

type verifyResponse struct {
	IsValid        bool   `json:"isValid"`
	InvalidReason  string `json:"invalidReason"`
	InvalidMessage string `json:"invalidMessage"`
	Payer          string `json:"payer"`
}

type settleResponse struct {
	Success      bool   `json:"success"`
	ErrorReason  string `json:"errorReason"`
	ErrorMessage string `json:"errorMessage"`
	Transaction  string `json:"transaction"`
	Network      string `json:"network"`
	Payer        string `json:"payer"`
}

// receipt is the PAYMENT-RESPONSE / X-PAYMENT-RESPONSE JSON.
type receipt struct {
	Success     bool   `json:"success"`
	ErrorReason string `json:"errorReason,omitempty"`
	Transaction string `json:"transaction"`
	Network     string `json:"network"`
	Payer       string `json:"payer,omitempty"`
}

// encodeHeader is standard base64 with padding of v's JSON, the encoding
// of every x402 header.
func encodeHeader(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// decodeHeader turns a header value into the JSON it carries: bounded
// length, strict standard base64 with padding, then checkJSON.
func decodeHeader(value string) ([]byte, error) {
	if value == "" {
		return nil, errors.New("the header is empty")
	}
	if len(value) > MaxHeaderLen {
		return nil, fmt.Errorf("the header is longer than %d bytes", MaxHeaderLen)
	}
	if strings.ContainsAny(value, "\r\n") { // the std decoder would skip them
		return nil, errors.New("the header is not standard base64")
	}
	raw, err := base64.StdEncoding.Strict().DecodeString(value)
	if err != nil {
		return nil, errors.New("the header is not standard base64 with padding")
	}
	if err := checkJSON(raw); err != nil {
		return nil, err
	}
	return raw, nil
}

// checkJSON accepts exactly one JSON object, nested at most maxJSONDepth
// deep, with no key repeated in any object — also not in another case,
// because encoding/json matches field names case-insensitively and a
// JavaScript facilitator does not, so "to" and "TO" could mean different
// payees to each.
func checkJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return errors.New("the header does not hold JSON")
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return errors.New("the header does not hold a JSON object")
	}
	if err := walkJSON(dec, tok, 1); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("the header holds data after its JSON object")
	}
	return nil
}

func walkJSON(dec *json.Decoder, tok json.Token, depth int) error {
	d, ok := tok.(json.Delim)
	if !ok {
		return nil // scalar
	}
	if depth > maxJSONDepth {
		return fmt.Errorf("the JSON nests deeper than %d levels", maxJSONDepth)
	}
	switch d {
	case '{':
		seen := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return errors.New("the header holds invalid JSON")
			}
			key, _ := k.(string)
			// Every x402 key is ASCII; a non-ASCII one could fold onto an
			// ASCII key in Go's decoder ("ſcheme" matches "scheme") and not
			// in the facilitator's, so the two would read different values.
			for i := 0; i < len(key); i++ {
				if key[i] >= 0x80 {
					return fmt.Errorf("the JSON has a non-ASCII key %q", truncate(key, 40))
				}
			}
			fold := strings.ToLower(key)
			if seen[fold] {
				return fmt.Errorf("the JSON repeats the key %q", truncate(key, 40))
			}
			seen[fold] = true
			v, err := dec.Token()
			if err != nil {
				return errors.New("the header holds invalid JSON")
			}
			if err := walkJSON(dec, v, depth+1); err != nil {
				return err
			}
		}
	case '[':
		for dec.More() {
			v, err := dec.Token()
			if err != nil {
				return errors.New("the header holds invalid JSON")
			}
			if err := walkJSON(dec, v, depth+1); err != nil {
				return err
			}
		}
	default:
		return errors.New("the header holds invalid JSON")
	}
	if _, err := dec.Token(); err != nil { // closing delimiter
		return errors.New("the header holds invalid JSON")
	}
	return nil
}

// decodeStrict unmarshals data into v refusing unknown fields.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data")
	}
	return nil
}

// truncate shortens s to n bytes of printable ASCII, for echoing
// untrusted text (facilitator reasons, keys) into messages.
func truncate(s string, n int) string {
	var b strings.Builder
	for i := 0; i < len(s) && b.Len() < n; i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			b.WriteByte(c)
		} else {
			b.WriteByte('?')
		}
	}
	return b.String()
}
