package invoiceanomaly

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Fingerprint is what remember: true keeps of a checked invoice: keyed
// hashes (HMAC-SHA256 with the operator's secret) of the supplier and of the
// supplier plus normalized invoice number, and the non-secret facts that
// duplicate detection compares. Never the invoice, its number, its supplier
// name or its bank account.
type Fingerprint struct {
	// SupplierKey is HMAC(secret, supplier); Recall looks fingerprints up
	// by it. An invoice with both a supplier id and a name gets one
	// fingerprint per key.
	SupplierKey string `json:"supplierKey"`
	// InvoiceKey is HMAC(secret, supplier, normalized invoice number);
	// empty when the invoice had no number.
	InvoiceKey string `json:"invoiceKey,omitempty"`
	// RecordKey is HMAC(secret, invoiceId); a later check of the same record
	// (same invoiceId) is not a duplicate of itself.
	RecordKey string `json:"recordKey,omitempty"`
	// Ref identifies the remembered invoice across its supplier keys.
	Ref         string `json:"ref"`
	AmountMinor int64  `json:"amountMinor"` // total in the currency's minor units
	Currency    string `json:"currency"`
	InvoiceDate string `json:"invoiceDate,omitempty"` // YYYY-MM-DD
}

// FingerprintStore keeps fingerprints per account until they expire.
// Implementations wrap dalil.ErrStorageUnavailable when the database is
// unreachable.
type FingerprintStore interface {
	// Remember stores fps for the account; storing a fingerprint with the
	// same SupplierKey and Ref again replaces it (and its expiry).
	Remember(ctx context.Context, accountID string, fps []Fingerprint, expires time.Time) error
	// Recall returns the account's unexpired fingerprints with the given
	// supplier key, newest first (the most likely to be resubmitted, and the
	// ones kept when a check caps how many it compares).
	Recall(ctx context.Context, accountID, supplierKey string) ([]Fingerprint, error)
	// Forget deletes every fingerprint of the account and reports how many.
	Forget(ctx context.Context, accountID string) (int, error)
}

func mac(secret []byte, parts ...string) string {
	h := hmac.New(sha256.New, secret)
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// supplierMaterials are the identities of the invoice's supplier that
// fingerprints are keyed by: "id:<normalized id>" and "name:<normalized name>".
func supplierMaterials(inv Invoice) []string {
	var m []string
	if id := normalizeReference(inv.SupplierID); id != "" {
		m = append(m, "id:"+id)
	}
	if n := normalizeSupplierName(inv.SupplierName); n != "" {
		m = append(m, "name:"+n)
	}
	return m
}

// SupplierKeys returns the keys under which the invoice's supplier's
// fingerprints are stored (none without a secret or a supplier).
func SupplierKeys(inv Invoice, secret []byte) []string {
	if len(secret) == 0 {
		return nil
	}
	var keys []string
	for _, m := range supplierMaterials(inv) {
		keys = append(keys, mac(secret, "supplier", m))
	}
	return keys
}

// invoiceKeys are the InvoiceKey values the invoice would have.
func invoiceKeys(inv Invoice, secret []byte) map[string]bool {
	num := normalizeInvoiceNumber(inv.InvoiceNumber)
	if len(secret) == 0 || num == "" {
		return nil
	}
	keys := map[string]bool{}
	for _, m := range supplierMaterials(inv) {
		keys[mac(secret, "invoice", m, num)] = true
	}
	return keys
}

// Fingerprints returns the fingerprints of the invoice, one per supplier
// key; none when there is no secret, no supplier or no valid total.
func Fingerprints(inv Invoice, secret []byte) []Fingerprint {
	total := amt(inv.Total)
	if len(secret) == 0 || !total.ok {
		return nil
	}
	cur := normCurrency(inv.Currency)
	minor, ok := mulDivRound(total.v, 1, unitMicros(cur))
	if !ok {
		return nil
	}
	d := ""
	if od := date(inv.InvoiceDate); od.ok {
		d = od.d.String()
	}
	num := normalizeInvoiceNumber(inv.InvoiceNumber)
	ref := mac(secret, "ref", num, strconv.FormatInt(minor, 10), cur, d)
	rec := ""
	if id := strings.TrimSpace(inv.InvoiceID); id != "" {
		rec = mac(secret, "record", id)
	}
	var fps []Fingerprint
	for _, m := range supplierMaterials(inv) {
		fp := Fingerprint{SupplierKey: mac(secret, "supplier", m), RecordKey: rec, Ref: ref, AmountMinor: minor, Currency: cur, InvoiceDate: d}
		if num != "" {
			fp.InvoiceKey = mac(secret, "invoice", m, num)
		}
		fps = append(fps, fp)
	}
	return fps
}

func fromFingerprint(fp Fingerprint) record {
	r := record{source: "remembered", index: -1, currency: fp.Currency, date: date(fp.InvoiceDate), fingerprintID: fp.InvoiceKey}
	if v, ok := mulDivRound(fp.AmountMinor, unitMicros(fp.Currency), 1); ok && v >= 0 {
		r.total = amount{v: v, ok: true}
	}
	return r
}

// Deps are what Handle needs from the server.
type Deps struct {
	// Store keeps remembered fingerprints; nil switches remember off.
	Store FingerprintStore
	// Secret keys the fingerprints. Changing it orphans every stored one.
	// Empty switches remember off.
	Secret []byte
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Retention is how long fingerprints are kept, and the upper bound of
	// rememberDays (default 365 days).
	Retention time.Duration
}

// maxRecalled bounds the remembered fingerprints used as history per call,
// like historicalInvoices (1,000).
const maxRecalled = 1000

// Handle runs invoice_anomaly_check for an account: it recalls the
// account's remembered fingerprints of this supplier as extra history, runs
// Check, and with remember: true stores the invoice's fingerprints. It
// returns the *dalil.Error of ValidateError when the input has problems
// (INVALID_INPUT or the reference's INVALID_MONETARY_VALUE, INVALID_DATE,
// UNSUPPORTED_CURRENCY_FORMAT), and a wrapped store error (INTERNAL_ERROR
// or SERVICE_UNAVAILABLE at the edge) when the store fails; nothing is
// charged for either.
func Handle(ctx context.Context, deps Deps, accountID string, in Input) (Output, error) {
	if de := in.ValidateError(); de != nil {
		return Output{}, de
	}
	now := time.Now
	if deps.Now != nil {
		now = deps.Now
	}
	opts := Options{Now: now().UTC(), Secret: deps.Secret}
	enabled := deps.Store != nil && len(deps.Secret) > 0 && accountID != ""

	var recalled []Fingerprint
	if enabled {
		seen := map[string]bool{}
		keys := SupplierKeys(in.Invoice, deps.Secret)
		if normalizeReference(in.Invoice.SupplierID) != "" && len(keys) > 1 {
			// With a supplier id, the id decides who the supplier is (as in
			// history): a namesake with another id is another supplier.
			keys = keys[:1]
		}
		for _, key := range keys {
			fps, err := deps.Store.Recall(ctx, accountID, key)
			if err != nil {
				return Output{}, fmt.Errorf("invoiceanomaly: recall fingerprints: %w", err)
			}
			for _, fp := range fps {
				if seen[fp.Ref] || len(recalled) >= maxRecalled {
					continue
				}
				if fp.RecordKey != "" && fp.RecordKey == recordKey(in.Invoice, deps.Secret) {
					continue // the same record checked again
				}
				seen[fp.Ref] = true
				recalled = append(recalled, fp)
			}
		}
	}
	opts.Remembered = recalled
	out := Check(in, opts)

	if !in.Remember {
		if len(recalled) > 0 {
			out.Remembered = &RememberedResult{Recalled: len(recalled)}
		}
		return out, nil
	}
	res := &RememberedResult{Recalled: len(recalled)}
	out.Remembered = res
	if !enabled {
		res.Reason = "remembering is not configured on this server; nothing was stored"
		return out, nil
	}
	fps := Fingerprints(in.Invoice, deps.Secret)
	if len(fps) == 0 {
		res.Reason = "the invoice has no supplier id or name to file a fingerprint under; nothing was stored"
		return out, nil
	}
	retention := deps.Retention
	if retention <= 0 {
		retention = 365 * 24 * time.Hour
	}
	if in.RememberDays > 0 {
		retention = min(retention, time.Duration(in.RememberDays)*24*time.Hour)
	}
	expires := opts.Now.Add(retention)
	if err := deps.Store.Remember(ctx, accountID, fps, expires); err != nil {
		return Output{}, fmt.Errorf("invoiceanomaly: remember fingerprints: %w", err)
	}
	res.Stored, res.Fingerprints, res.ExpiresAt = true, len(fps), expires.Format(time.RFC3339)
	return out, nil
}

func recordKey(inv Invoice, secret []byte) string {
	if id := strings.TrimSpace(inv.InvoiceID); id != "" {
		return mac(secret, "record", id)
	}
	return ""
}

// Forget deletes every remembered fingerprint of the account (the DELETE of
// remembered fingerprints) and reports how many there were.
func Forget(ctx context.Context, deps Deps, accountID string) (int, error) {
	if deps.Store == nil {
		return 0, nil
	}
	n, err := deps.Store.Forget(ctx, accountID)
	if err != nil {
		return 0, fmt.Errorf("invoiceanomaly: forget fingerprints: %w", err)
	}
	return n, nil
}

// MemoryStore is an in-memory FingerprintStore for tests and single-process
// use. The zero value is ready; Now defaults to time.Now.
type MemoryStore struct {
	Now func() time.Time

	mu sync.Mutex
	m  map[string][]memEntry // accountID -> entries in storage order
}

type memEntry struct {
	fp      Fingerprint
	expires time.Time
}

var _ FingerprintStore = (*MemoryStore)(nil)

func (s *MemoryStore) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Remember implements FingerprintStore.
func (s *MemoryStore) Remember(_ context.Context, accountID string, fps []Fingerprint, expires time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string][]memEntry{}
	}
	entries := s.m[accountID]
	for _, fp := range fps {
		i := slices.IndexFunc(entries, func(e memEntry) bool { return e.fp.SupplierKey == fp.SupplierKey && e.fp.Ref == fp.Ref })
		if i >= 0 {
			entries[i] = memEntry{fp: fp, expires: expires}
			continue
		}
		entries = append(entries, memEntry{fp: fp, expires: expires})
	}
	s.m[accountID] = entries
	return nil
}

// Recall implements FingerprintStore.
func (s *MemoryStore) Recall(_ context.Context, accountID, supplierKey string) ([]Fingerprint, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	var out []Fingerprint
	for _, e := range s.m[accountID] {
		if e.fp.SupplierKey == supplierKey && now.Before(e.expires) {
			out = append(out, e.fp)
		}
	}
	slices.Reverse(out) // stored oldest first; recalled newest first
	return out, nil
}

// Forget implements FingerprintStore.
func (s *MemoryStore) Forget(_ context.Context, accountID string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.m[accountID])
	delete(s.m, accountID)
	return n, nil
}
