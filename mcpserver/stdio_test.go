package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/mcpserver"

	"github.com/google/go-cmp/cmp"
)

// rawSession runs the tool server over the stdio transport on pipes and
// lets the test write raw lines and read raw responses.
type rawSession struct {
	in   *io.PipeWriter
	out  *bufio.Scanner
	done chan error
}

func newRawSession(t *testing.T, max int) *rawSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	srv := mcpserver.New(testRegistry(t), mcpserver.Options{Caller: &spy{resp: okResponse()}})
	s := &rawSession{in: inW, out: bufio.NewScanner(outR), done: make(chan error, 1)}
	s.out.Buffer(nil, 1<<20)
	go func() {
		s.done <- srv.Run(context.Background(), mcpserver.StdioMax(inR, outW, max))
		outW.Close()
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			t.Error("server did not stop after stdin closed")
		}
	})
	return s
}

func (s *rawSession) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(s.in, line); err != nil {
		t.Fatal(err)
	}
}

func (s *rawSession) recv(t *testing.T) map[string]any {
	t.Helper()
	if !s.out.Scan() {
		t.Fatalf("no response: %v", s.out.Err())
	}
	var m map[string]any
	if err := json.Unmarshal(s.out.Bytes(), &m); err != nil {
		t.Fatalf("stdout line %q is not JSON: %v", s.out.Text(), err)
	}
	return m
}

// go-sdk #1209: a malformed line must not end the session. Each bad line
// gets its JSON-RPC error, and the session then initializes and calls tools.
func TestStdioSurvivesMalformedLines(t *testing.T) {
	s := newRawSession(t, 256)
	bad := []struct {
		line string
		code float64
		id   any
	}{
		{"garbage{\n", -32700, nil},
		{`{"jsonrpc":"2.0","id":1,"method":` + "\r\n", -32700, nil}, // truncated message
		{strings.Repeat("x", 300) + "\n", -32700, nil},              // over the line limit
		{`{"foo":1}` + "\n", -32600, nil},                           // JSON, not JSON-RPC
		{`{"jsonrpc":"1.0","id":7,"method":"ping"}` + "\n", -32600, 7.0},
		{`[{"jsonrpc":"2.0","id":8,"method":"ping"}]` + "\n", -32600, nil}, // batch
	}
	for _, b := range bad {
		s.send(t, "\n"+b.line) // blank lines are skipped silently
		got := s.recv(t)
		want := map[string]any{"jsonrpc": "2.0", "id": b.id}
		errObj, _ := got["error"].(map[string]any)
		if diff := cmp.Diff(want, map[string]any{"jsonrpc": got["jsonrpc"], "id": got["id"]}); diff != "" || errObj["code"] != b.code {
			t.Errorf("line %.40q: got %v, want code %v (-want +got):\n%s", b.line, got, b.code, diff)
		}
	}

	s.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`+"\n")
	if got := s.recv(t); got["id"] != 1.0 || got["result"] == nil {
		t.Fatalf("initialize after bad lines: %v", got)
	}
	s.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	s.send(t, "not json either\n")
	if got := s.recv(t); got["error"].(map[string]any)["code"] != -32700.0 {
		t.Fatalf("want a parse error, got %v", got)
	}
	s.send(t, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"analyze_property","arguments":{}}}`+"\n")
	got := s.recv(t)
	res, _ := got["result"].(map[string]any)
	if got["id"] != 2.0 || res == nil || res["structuredContent"] == nil {
		t.Fatalf("tools/call after bad lines: %v", got)
	}
}

// slowCaller answers like spy after a delay, so a call is still running
// when stdin ends.
type slowCaller struct{ delay time.Duration }

func (c slowCaller) Call(ctx context.Context, r mcpserver.Request) (mcpserver.Response, error) {
	time.Sleep(c.delay)
	return okResponse(), nil
}

// TestStdioAnswersEverythingReadBeforeEOF: `printf '<initialize +
// tools/call>' | dalil mcp` must print the answer of every request it
// read, even when stdin ends while a call is still running.
func TestStdioAnswersEverythingReadBeforeEOF(t *testing.T) {
	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"printf","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"analyze_property","arguments":{"propertyValue":85000,"annualRent":7200}}}
{"jsonrpc":"2.0","id":"three","method":"tools/list"}
`)
	var out strings.Builder
	srv := mcpserver.New(testRegistry(t), mcpserver.Options{Caller: slowCaller{delay: 300 * time.Millisecond}})
	done := make(chan error, 1)
	go func() { done <- srv.Run(context.Background(), mcpserver.Stdio(in, &lockedBuilder{b: &out})) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("dalil mcp did not stop after stdin ended")
	}
	ids := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			ID     any             `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if json.Unmarshal([]byte(line), &m) == nil && m.Result != nil {
			ids[fmt.Sprint(m.ID)] = true
		}
	}
	for _, id := range []string{"1", "2", "three"} {
		if !ids[id] {
			t.Errorf("no answer to request %s; output:\n%s", id, out.String())
		}
	}
}

type lockedBuilder struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
