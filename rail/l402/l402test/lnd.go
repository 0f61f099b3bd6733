// Package l402test is a local LND for tests: an HTTPS server speaking the
// LND REST JSON the l402 rail uses (POST /v1/invoices, GET
// /v1/invoice/{r_hash_str}, GET /v2/invoices/lookup), issuing signed,
// checksum-valid BOLT11 payment requests, with a method to "pay" an invoice
// and switches to make the node fail, hang or drop connections.
package l402test

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"time"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
)

// Fault makes the node misbehave on every request while it is set.
type Fault int

const (
	// FaultNone serves normally.
	FaultNone Fault = iota
	// FaultError answers 500 with a grpc-gateway error body.
	FaultError
	// FaultHang never answers, until the client gives up or Close.
	FaultHang
	// FaultDrop closes the connection without an answer.
	FaultDrop
)

// Invoice is the node's record of one invoice.
type Invoice struct {
	PaymentHash    [32]byte
	Preimage       [32]byte
	PaymentSecret  [32]byte
	ValueSats      int64
	Memo           string
	PaymentRequest string
	CreatedAt      time.Time
	Expiry         time.Duration
	AddIndex       uint64
	// State is OPEN, SETTLED or CANCELED (an OPEN invoice past its expiry
	// reads as CANCELED, as LND cancels it).
	State       string
	AmtPaidMsat int64
	SettledAt   time.Time
}

// Server is a fake LND node. Its methods are safe for concurrent use.
type Server struct {
	// URL is the REST base URL (https://127.0.0.1:port).
	URL string
	// MacaroonHex is the invoice macaroon the node expects in
	// Grpc-Metadata-macaroon.
	MacaroonHex string
	// CertPEM is the node's self-signed TLS certificate, to pin.
	CertPEM []byte
	// Network is the BOLT11 network: mainnet, testnet, signet or regtest.
	Network string
	// NodeKey signs payment requests; its public key is the payee.
	NodeKey *secp256k1.PrivateKey

	srv  *httptest.Server
	quit chan struct{}

	mu       sync.Mutex
	invoices map[[32]byte]*Invoice
	addIndex uint64
	fault    Fault
	lookups  int
	adds     int
	now      func() time.Time
	hrp      string
}

var networkHRP = map[string]string{"mainnet": "bc", "testnet": "tb", "signet": "tbs", "regtest": "bcrt"}

// NewServer starts a fake node for network ("" means mainnet) on a loopback
// port with TLS, like LND's REST listener. Call Close when done.
func NewServer(network string) (*Server, error) {
	if network == "" {
		network = "mainnet"
	}
	hrp, ok := networkHRP[network]
	if !ok {
		return nil, fmt.Errorf("l402test: unknown network %q", network)
	}
	key, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		return nil, err
	}
	mac := make([]byte, 32)
	if _, err := rand.Read(mac); err != nil {
		return nil, err
	}
	s := &Server{
		MacaroonHex: hex.EncodeToString(mac),
		Network:     network,
		NodeKey:     key,
		quit:        make(chan struct{}),
		invoices:    map[[32]byte]*Invoice{},
		now:         time.Now,
		hrp:         hrp,
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/invoices", s.addInvoice)
	mux.HandleFunc("GET /v1/invoice/{r_hash_str}", s.lookupV1)
	mux.HandleFunc("GET /v2/invoices/lookup", s.lookupV2)
	s.srv = httptest.NewTLSServer(s.guard(mux))
	s.URL = s.srv.URL
	s.CertPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.srv.Certificate().Raw})
	return s, nil
}

// Close releases hanging requests and stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.quit:
	default:
		close(s.quit)
	}
	s.mu.Unlock()
	s.srv.Close()
}

// Client returns an HTTP client that trusts the node's certificate.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// SetFault switches how the node answers from now on.
func (s *Server) SetFault(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fault = f
}

// SetNow replaces the node's clock (for invoice timestamps and expiry).
func (s *Server) SetNow(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = now
}

// Lookups returns how many invoice lookups the node has answered or
// refused; tests use it to prove a check happened before asking LND.
func (s *Server) Lookups() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lookups
}

// Adds returns how many add-invoice requests reached the node.
func (s *Server) Adds() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.adds
}

// Invoice returns a copy of the invoice for a hex payment hash.
func (s *Server) Invoice(paymentHashHex string) (Invoice, bool) {
	h, err := parseHash(paymentHashHex)
	if err != nil {
		return Invoice{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.invoices[h]
	if !ok {
		return Invoice{}, false
	}
	c := *inv
	c.State = s.stateLocked(inv)
	return c, true
}

// Preimage returns the hex preimage of an invoice without paying it, for
// tests that must present a correct preimage for an unpaid invoice.
func (s *Server) Preimage(paymentHashHex string) (string, error) {
	inv, ok := s.Invoice(paymentHashHex)
	if !ok {
		return "", errors.New("l402test: no such invoice")
	}
	return hex.EncodeToString(inv.Preimage[:]), nil
}

// Pay settles the invoice for a hex payment hash, paying exactly its value,
// and returns the hex preimage, as a paying wallet would learn it. Paying a
// settled invoice again returns the same preimage; an expired one fails.
func (s *Server) Pay(paymentHashHex string) (string, error) {
	h, err := parseHash(paymentHashHex)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.invoices[h]
	if !ok {
		return "", errors.New("l402test: no such invoice")
	}
	switch s.stateLocked(inv) {
	case "CANCELED":
		return "", errors.New("l402test: invoice expired or canceled")
	case "OPEN":
		inv.State = "SETTLED"
		inv.AmtPaidMsat = inv.ValueSats * 1000
		inv.SettledAt = s.now()
	}
	return hex.EncodeToString(inv.Preimage[:]), nil
}

// PayInvoice pays a BOLT11 payment request issued by this node.
func (s *Server) PayInvoice(bolt11 string) (string, error) {
	d, err := DecodeInvoice(bolt11)
	if err != nil {
		return "", err
	}
	return s.Pay(hex.EncodeToString(d.PaymentHash[:]))
}

func (s *Server) stateLocked(inv *Invoice) string {
	if inv.State == "OPEN" && !s.now().Before(inv.CreatedAt.Add(inv.Expiry)) {
		return "CANCELED"
	}
	return inv.State
}

func parseHash(h string) ([32]byte, error) {
	var out [32]byte
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != 32 {
		return out, errors.New("l402test: payment hash must be 64 hex digits")
	}
	copy(out[:], b)
	return out, nil
}

// guard applies the fault switch and checks the macaroon, as LND does
// before any RPC.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		f := s.fault
		s.mu.Unlock()
		switch f {
		case FaultError:
			writeError(w, http.StatusInternalServerError, 2, "fake lnd: internal error")
			return
		case FaultHang:
			select {
			case <-r.Context().Done():
			case <-s.quit:
			}
			return
		case FaultDrop:
			if hj, ok := w.(http.Hijacker); ok {
				if conn, _, err := hj.Hijack(); err == nil {
					conn.Close()
					return
				}
			}
			panic(http.ErrAbortHandler)
		}
		if r.Header.Get("Grpc-Metadata-macaroon") != s.MacaroonHex {
			// LND answers a bad or missing macaroon with gRPC Unknown (2).
			writeError(w, http.StatusInternalServerError, 2, "verification failed: signature mismatch after caveat verification")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"code": code, "message": msg, "details": []any{}})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// int64Field accepts an int64 as LND's REST gateway does: a JSON string or
// a JSON number.
type int64Field int64

func (f *int64Field) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		s = string(b)
	}
	if s == "" {
		*f = 0
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	*f = int64Field(n)
	return err
}

// addInvoice is lnrpc.Lightning/AddInvoice (POST /v1/invoices).
func (s *Server) addInvoice(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Memo      string     `json:"memo"`
		Value     int64Field `json:"value"`
		ValueMsat int64Field `json:"value_msat"`
		Expiry    int64Field `json:"expiry"`
		RPreimage string     `json:"r_preimage"`
		Private   bool       `json:"private"`
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, 3, "invalid JSON: "+err.Error())
		return
	}
	sats := int64(req.Value)
	if req.ValueMsat != 0 {
		if req.Value != 0 {
			writeError(w, http.StatusInternalServerError, 2, "value and value_msat are mutually exclusive")
			return
		}
		sats = (int64(req.ValueMsat) + 999) / 1000
	}
	if sats < 0 || len(req.Memo) > 639 {
		writeError(w, http.StatusInternalServerError, 2, "invalid invoice")
		return
	}
	expiry := time.Duration(req.Expiry) * time.Second
	if expiry == 0 {
		expiry = 24 * time.Hour // LND's default
	}
	inv := &Invoice{ValueSats: sats, Memo: req.Memo, Expiry: expiry, State: "OPEN"}
	if req.RPreimage != "" {
		p, err := base64.StdEncoding.DecodeString(req.RPreimage)
		if err != nil || len(p) != 32 {
			writeError(w, http.StatusBadRequest, 3, "r_preimage must be 32 base64 bytes")
			return
		}
		copy(inv.Preimage[:], p)
	} else if _, err := rand.Read(inv.Preimage[:]); err != nil {
		writeError(w, http.StatusInternalServerError, 2, err.Error())
		return
	}
	rand.Read(inv.PaymentSecret[:])
	inv.PaymentHash = sha256.Sum256(inv.Preimage[:])

	s.mu.Lock()
	defer s.mu.Unlock()
	s.adds++
	if _, dup := s.invoices[inv.PaymentHash]; dup {
		writeError(w, http.StatusInternalServerError, 2, "invoice with payment hash already exists")
		return
	}
	inv.CreatedAt = s.now()
	pr, err := encodeInvoice(invoiceFields{
		hrpPrefix: s.hrp, amountSats: sats, timestamp: inv.CreatedAt,
		paymentHash: inv.PaymentHash, paymentSecret: inv.PaymentSecret,
		description: req.Memo, expiry: expiry, minFinalCLTV: 80,
	}, s.NodeKey)
	if err != nil {
		writeError(w, http.StatusInternalServerError, 2, err.Error())
		return
	}
	inv.PaymentRequest = pr
	s.addIndex++
	inv.AddIndex = s.addIndex
	s.invoices[inv.PaymentHash] = inv
	writeJSON(w, map[string]any{
		"r_hash":          base64.StdEncoding.EncodeToString(inv.PaymentHash[:]),
		"payment_request": pr,
		"add_index":       strconv.FormatUint(inv.AddIndex, 10),
		"payment_addr":    base64.StdEncoding.EncodeToString(inv.PaymentSecret[:]),
	})
}

// lookupV1 is lnrpc.Lightning/LookupInvoice (GET /v1/invoice/{r_hash_str},
// hex payment hash).
func (s *Server) lookupV1(w http.ResponseWriter, r *http.Request) {
	h, err := parseHash(r.PathValue("r_hash_str"))
	if err != nil {
		s.countLookup()
		writeError(w, http.StatusBadRequest, 3, "invalid hash")
		return
	}
	s.lookup(w, h)
}

// lookupV2 is invoicesrpc.Invoices/LookupInvoiceV2 (GET
// /v2/invoices/lookup?payment_hash=<base64url>).
func (s *Server) lookupV2(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("payment_hash")
	var h [32]byte
	b, err := base64.URLEncoding.DecodeString(q)
	if err != nil {
		b, err = base64.StdEncoding.DecodeString(q)
	}
	if err != nil || len(b) != 32 {
		s.countLookup()
		writeError(w, http.StatusBadRequest, 3, "payment_hash must be 32 base64 bytes")
		return
	}
	copy(h[:], b)
	s.lookup(w, h)
}

func (s *Server) countLookup() {
	s.mu.Lock()
	s.lookups++
	s.mu.Unlock()
}

func (s *Server) lookup(w http.ResponseWriter, h [32]byte) {
	s.mu.Lock()
	s.lookups++
	inv, ok := s.invoices[h]
	var out map[string]any
	if ok {
		out = invoiceJSON(inv, s.stateLocked(inv))
	}
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, 5, "unable to locate invoice")
		return
	}
	writeJSON(w, out)
}

// invoiceJSON renders lnrpc.Invoice as the REST gateway does: bytes in
// base64, int64 as strings, enums by name.
func invoiceJSON(inv *Invoice, state string) map[string]any {
	settleDate := "0"
	if state == "SETTLED" {
		settleDate = strconv.FormatInt(inv.SettledAt.Unix(), 10)
	}
	return map[string]any{
		"memo":            inv.Memo,
		"r_preimage":      base64.StdEncoding.EncodeToString(inv.Preimage[:]),
		"r_hash":          base64.StdEncoding.EncodeToString(inv.PaymentHash[:]),
		"value":           strconv.FormatInt(inv.ValueSats, 10),
		"value_msat":      strconv.FormatInt(inv.ValueSats*1000, 10),
		"settled":         state == "SETTLED",
		"creation_date":   strconv.FormatInt(inv.CreatedAt.Unix(), 10),
		"settle_date":     settleDate,
		"payment_request": inv.PaymentRequest,
		"expiry":          strconv.FormatInt(int64(inv.Expiry/time.Second), 10),
		"cltv_expiry":     "80",
		"private":         false,
		"add_index":       strconv.FormatUint(inv.AddIndex, 10),
		"settle_index":    "0",
		"amt_paid":        strconv.FormatInt(inv.AmtPaidMsat, 10),
		"amt_paid_sat":    strconv.FormatInt(inv.AmtPaidMsat/1000, 10),
		"amt_paid_msat":   strconv.FormatInt(inv.AmtPaidMsat, 10),
		"state":           state,
		"htlcs":           []any{},
		"features":        map[string]any{},
		"is_keysend":      false,
		"payment_addr":    base64.StdEncoding.EncodeToString(inv.PaymentSecret[:]),
		"is_amp":          false,
	}
}
