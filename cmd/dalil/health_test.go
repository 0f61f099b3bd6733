package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHealthCommand runs `dalil health` against a real dalil serve: ready
// and live answer 0 with the checks; --json prints the server's answer;
// a 503 from /readyz and a closed port are errors (exit status 1) naming
// the failing part or the cause.
func TestHealthCommand(t *testing.T) {
	base, _ := serveWith(t, map[string]string{})
	addr := strings.TrimPrefix(base, "http://")
	health := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(context.Background(), append([]string{"health"}, args...), noEnv, nil, &out, io.Discard)
		return out.String(), err
	}
	out, err := health("--addr", addr)
	if err != nil || out != "ready: storage ok, warmup ok ("+base+"/readyz)\n" {
		t.Errorf("health: %q, %v", out, err)
	}
	out, err = health("--addr", addr, "--live")
	if err != nil || out != "live ("+base+"/livez)\n" {
		t.Errorf("health --live: %q, %v", out, err)
	}
	// DALIL_ADDR is read as serve reads it.
	var buf bytes.Buffer
	err = run(context.Background(), []string{"health", "--json"}, envOf(map[string]string{"DALIL_ADDR": addr}), nil, &buf, io.Discard)
	var doc struct {
		Success bool
		Data    struct{ Status string }
	}
	if err != nil || json.Unmarshal(buf.Bytes(), &doc) != nil || !doc.Success || doc.Data.Status != "ready" {
		t.Errorf("health --json: %q, %v", buf.String(), err)
	}

	// Not ready: the server's 503 names the failing part.
	notReady := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(503)
		io.WriteString(w, `{"success":false,"error":{"code":"SERVICE_UNAVAILABLE","message":"Not ready: storage failing.","details":{"checks":{"storage":"failing","voice_jobs":"ok"}}},"meta":{}}`)
	}))
	defer notReady.Close()
	_, err = health("--url", notReady.URL)
	if err == nil || !strings.Contains(err.Error(), "answered 503: Not ready: storage failing.: storage failing, voice_jobs ok") {
		t.Errorf("health of a server that is not ready: %v", err)
	}

	// Nothing listening.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	if _, err := health("--addr", closed); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Errorf("health of a closed port: %v", err)
	}
}

func TestHealthURL(t *testing.T) {
	for _, c := range []struct {
		base, addr string
		live       bool
		want, err  string
	}{
		{addr: "127.0.0.1:8080", want: "http://127.0.0.1:8080/readyz"},
		{addr: "0.0.0.0:8080", live: true, want: "http://127.0.0.1:8080/livez"},
		{addr: ":8080", want: "http://127.0.0.1:8080/readyz"},
		{addr: "[::]:8080", want: "http://[::1]:8080/readyz"},
		{addr: "10.0.0.5:9000", want: "http://10.0.0.5:9000/readyz"},
		{addr: "127.0.0.1:0", err: "port 0"},
		{base: "https://api.example/", addr: "127.0.0.1:0", want: "https://api.example/readyz"},
		{base: "ftp://x", addr: "127.0.0.1:8080", err: "--url"},
	} {
		got, err := healthURL(c.base, c.addr, c.live)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("healthURL(%q, %q): %q, %v; want an error with %q", c.base, c.addr, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("healthURL(%q, %q, %v) = %q, %v; want %q", c.base, c.addr, c.live, got, err, c.want)
		}
	}
}
