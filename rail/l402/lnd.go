package l402

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// maxLNDResponse caps how much of an LND answer is read. An invoice is
// well under 4 KiB of JSON; anything much larger is not LND.
const maxLNDResponse = 64 << 10

// stateSettled is the paid state as LND's REST API spells it
// (lnrpc.Invoice.InvoiceState; the others are OPEN, ACCEPTED, CANCELED).
const stateSettled = "SETTLED"

// errInvoiceNotFound means LND does not know the payment hash.
var errInvoiceNotFound = errors.New("invoice not found")

// lndClient speaks the two LND REST calls the rail needs.
type lndClient struct {
	base        *url.URL
	macaroonHex string
	hc          *http.Client
	timeout     time.Duration
}

// newHTTPClient builds the client for LND: TLS pinned to certPEM when given,
// no proxy (the node is ours, and the macaroon must not take detours), no
// redirects (they would carry the macaroon header elsewhere), and every
// phase bounded.
func newHTTPClient(certPEM []byte, timeout time.Duration) (*http.Client, error) {
	tlsCfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if len(certPEM) > 0 {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(certPEM) {
			return nil, errors.New("l402: TLSCertPEM holds no PEM certificate")
		}
		tlsCfg.RootCAs = pool
	}
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           (&net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}).DialContext,
		TLSClientConfig:       tlsCfg,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       90 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &http.Client{
		Transport: tr,
		Timeout:   timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}, nil
}

// addInvoiceRequest is lnrpc.Invoice as POST /v1/invoices takes it; REST
// wants int64 fields as JSON strings.
type addInvoiceRequest struct {
	Memo   string `json:"memo,omitempty"`
	Value  string `json:"value"`
	Expiry string `json:"expiry"`
}

// addInvoiceResponse is lnrpc.AddInvoiceResponse; bytes fields are base64.
type addInvoiceResponse struct {
	RHash          string `json:"r_hash"`
	PaymentRequest string `json:"payment_request"`
	AddIndex       string `json:"add_index"`
}

// lndInvoice is the part of lnrpc.Invoice the rail reads.
type lndInvoice struct {
	RHash       string `json:"r_hash"`
	Value       string `json:"value"`
	State       string `json:"state"`
	AmtPaidMsat string `json:"amt_paid_msat"`
	SettleDate  string `json:"settle_date"`
}

// addInvoice creates an invoice for sats with memo, payable for expiry, and
// returns its payment hash and BOLT11 payment request.
func (c *lndClient) addInvoice(ctx context.Context, sats int64, memo string, expiry time.Duration) ([32]byte, string, error) {
	var hash [32]byte
	body, _ := json.Marshal(addInvoiceRequest{
		Memo:   memo,
		Value:  strconv.FormatInt(sats, 10),
		Expiry: strconv.FormatInt(int64(expiry/time.Second), 10),
	})
	var out addInvoiceResponse
	if err := c.do(ctx, http.MethodPost, "/v1/invoices", body, &out); err != nil {
		return hash, "", fmt.Errorf("add invoice: %w", err)
	}
	h, err := base64.StdEncoding.DecodeString(out.RHash)
	if err != nil || len(h) != len(hash) {
		return hash, "", errors.New("add invoice: r_hash is not 32 base64 bytes")
	}
	if out.PaymentRequest == "" {
		return hash, "", errors.New("add invoice: empty payment_request")
	}
	copy(hash[:], h)
	return hash, out.PaymentRequest, nil
}

// lookupInvoice reads the invoice for a payment hash (GET
// /v1/invoice/{r_hash_str}, hex; available on every LND release).
func (c *lndClient) lookupInvoice(ctx context.Context, hash [32]byte) (*lndInvoice, error) {
	var out lndInvoice
	if err := c.do(ctx, http.MethodGet, "/v1/invoice/"+hex.EncodeToString(hash[:]), nil, &out); err != nil {
		return nil, fmt.Errorf("lookup invoice: %w", err)
	}
	return &out, nil
}

// lndError is the grpc-gateway error body.
type lndError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// do sends one request with the macaroon and decodes a 200 JSON answer into
// out. A 404, or LND's "unable to locate invoice" message, is
// errInvoiceNotFound; every other failure is returned as is for the caller
// to treat as the node being unavailable.
func (c *lndClient) do(ctx context.Context, method, path string, body []byte, out any) error {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	u := c.base.JoinPath(path)
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return err
	}
	req.Header.Set("Grpc-Metadata-macaroon", c.macaroonHex)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxLNDResponse+1))
	if err != nil {
		return fmt.Errorf("read answer: %w", err)
	}
	if len(data) > maxLNDResponse {
		return errors.New("answer too large")
	}
	if resp.StatusCode != http.StatusOK {
		var le lndError
		_ = json.Unmarshal(data, &le)
		if resp.StatusCode == http.StatusNotFound || strings.Contains(le.Message, "unable to locate invoice") {
			return errInvoiceNotFound
		}
		msg := le.Message
		if len(msg) > 200 {
			msg = msg[:200]
		}
		return fmt.Errorf("LND answered %s: %q", resp.Status, msg)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("decode answer: %w", err)
	}
	return nil
}
