package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConsoleMounted: `dalil serve` mounts the operator console at
// /console when DALIL_ADMIN_TOKEN is set, and /console is 404 without it.
func TestConsoleMounted(t *testing.T) {
	for _, tc := range []struct {
		token string
		want  int
	}{
		{"", http.StatusNotFound},
		{strings.Repeat("k", 40), http.StatusOK},
	} {
		cfg := &Config{
			Listen:   Listen{Addr: "127.0.0.1:0", AdminToken: Secret(tc.token)},
			Storage:  Storage{DSN: Location(filepath.Join(t.TempDir(), "dalil.db")), Timeout: 2 * time.Second},
			LogLevel: "error",
		}
		svc, err := buildServer(context.Background(), cfg, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(svc.api)
		resp, err := http.Get(srv.URL + "/console")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		srv.Close()
		svc.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("token set %v: GET /console = %d; want %d", tc.token != "", resp.StatusCode, tc.want)
		}
		if tc.want == http.StatusOK && !strings.Contains(string(body), `action="/console/login"`) {
			t.Errorf("GET /console is not the log-in form:\n%s", body)
		}
	}
}
