package docfetch_test

import (
	"context"
	"net/http"
	"testing"

	"dalil"
	"dalil/capabilities/documentfacts"
	"dalil/capabilities/documentfacts/docfetch"
	"dalil/internal/safehttp/safehttptest"
)

func TestFetchErrors(t *testing.T) {
	srv := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/gone":
			http.Error(w, "gone", http.StatusGone)
		case "/big":
			w.Write(make([]byte, 2<<20))
		default:
			w.Write([]byte("Invoice No: INV-9"))
		}
	}), "docs.test.example")
	srv.Resolve("private.test.example", "10.0.0.8")
	o := srv.Options()
	o.MaxBytes = 1 << 20
	deps := documentfacts.Deps{Fetcher: docfetch.New(o)}
	for u, want := range map[string]dalil.Code{
		"https://docs.test.example/gone":   dalil.CodeDocumentFetchFailed,
		"https://docs.test.example/big":    dalil.CodeDocumentTooLarge,
		"https://private.test.example/x":   dalil.CodeInvalidURL,
		"https://[::1]/x":                  dalil.CodeInvalidURL,
		"https://nowhere.test.example/x":   dalil.CodeDocumentFetchFailed,
		"https://docs.test.example:8443/x": dalil.CodeInvalidURL,
		"https://docs.test.example/ok":     "",
	} {
		_, err := documentfacts.Handle(context.Background(), deps, documentfacts.Input{DocumentURL: u})
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", u, err)
			}
			continue
		}
		if dalil.ErrorCode(err) != want {
			t.Errorf("%s: %v, want %s", u, err, want)
		}
	}
}
