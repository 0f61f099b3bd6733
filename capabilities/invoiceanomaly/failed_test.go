package invoiceanomaly

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"dalil"
	"dalil/capability"
)

// faultyStore fails Recall the way it is told: an error, or a panic.
type faultyStore struct {
	MemoryStore
	err      error
	panicMsg string
}

func (f *faultyStore) Recall(ctx context.Context, accountID, supplierKey string) ([]Fingerprint, error) {
	if f.panicMsg != "" {
		panic(f.panicMsg)
	}
	return nil, f.err
}

// An unexpected failure answers the reference service's 500
// ANALYSIS_FAILED (Part 2 §4) without its cause in the message; a storage
// outage keeps its 503 and a deadline its own handling.
func TestAnalysisFailed(t *testing.T) {
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	body := []byte(`{"invoice":{"invoiceNumber":"INV-1","supplierId":"SUP-1","total":100}}`)
	for _, tc := range []struct {
		name  string
		store *faultyStore
		code  dalil.Code // "" : a plain error that is not a *dalil.Error
		is    error
	}{
		{"unexpected error", &faultyStore{err: errors.New("disk on fire: /var/lib/secret")}, CodeAnalysisFailed, nil},
		{"panic", &faultyStore{panicMsg: "index out of range"}, CodeAnalysisFailed, nil},
		{"storage outage", &faultyStore{err: fmt.Errorf("recall: %w", dalil.ErrStorageUnavailable)}, "", dalil.ErrStorageUnavailable},
		{"deadline", &faultyStore{err: context.DeadlineExceeded}, "", context.DeadlineExceeded},
		{"an error with a code", &faultyStore{err: dalil.Errorf(dalil.CodeServiceUnavailable, "busy")}, dalil.CodeServiceUnavailable, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Entry(Deps{Store: tc.store, Secret: []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return now }})
			in, err := e.Decode(body)
			if err != nil {
				t.Fatal(err)
			}
			ctx := capability.WithCall(context.Background(), capability.Call{AccountID: "acct-1", Now: now})
			_, err = e.Run(ctx, in)
			if err == nil {
				t.Fatal("no error")
			}
			var de *dalil.Error
			switch {
			case tc.code == "" && errors.As(err, &de):
				t.Errorf("got %s, want the error unchanged (%v)", de.Code, tc.is)
			case tc.code == "" && !errors.Is(err, tc.is):
				t.Errorf("got %v, want %v", err, tc.is)
			case tc.code != "" && dalil.ErrorCode(err) != tc.code:
				t.Errorf("got %v, want %s", err, tc.code)
			}
			if tc.code == CodeAnalysisFailed {
				errors.As(err, &de)
				if de.Message != "The invoice check failed unexpectedly. Nothing was charged; retry shortly." {
					t.Errorf("message %q", de.Message)
				}
			}
		})
	}
	// A check that works is unchanged.
	e := Entry(Deps{Now: func() time.Time { return now }})
	in, _ := e.Decode(body)
	if _, err := e.Run(context.Background(), in); err != nil {
		t.Errorf("working check: %v", err)
	}
}
