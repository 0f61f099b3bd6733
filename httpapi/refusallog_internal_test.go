package httpapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/capabilities/property"
	"dalil/capability"
	"dalil/ops"
	"dalil/ratelimit"
	"dalil/store/sqlstore"
)

// lockedBuffer is a log destination that timers may write to concurrently.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// lines decodes every JSON log line written so far.
func (l *lockedBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(l.b.Bytes()))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("log line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

// summaries returns the refusal summaries among lines.
func summaries(lines []map[string]any) []map[string]any {
	var out []map[string]any
	for _, l := range lines {
		if l["msg"] == "rate-limited requests" {
			out = append(out, l)
		}
	}
	return out
}

// checkSummary fails unless sum is a well-formed summary of want refusals
// per caller: the totals add up, the busiest callers are listed in order,
// at most refusalListed of them.
func checkSummary(t *testing.T, sum map[string]any, want map[string]int) {
	t.Helper()
	total := 0
	for _, n := range want {
		total += n
	}
	if got := sum["refused"].(float64); int(got) != total {
		t.Errorf("refused = %v, want %d", got, total)
	}
	if got := sum["callers"].(float64); int(got) != len(want) {
		t.Errorf("callers = %v, want %d", got, len(want))
	}
	top := sum["top"].([]any)
	if len(top) != min(len(want), refusalListed) {
		t.Errorf("%d callers listed, want %d", len(top), min(len(want), refusalListed))
	}
	listed, prev := 0, int(^uint(0)>>1)
	named := map[string]bool{}
	for _, e := range top {
		c := e.(map[string]any)
		caller, n := c["caller"].(string), int(c["refused"].(float64))
		if want[caller] != n {
			t.Errorf("caller %q listed with %d refusals, want %d", caller, n, want[caller])
		}
		if n > prev {
			t.Errorf("callers not listed busiest first: %v", top)
		}
		prev = n
		listed += n
		named[caller] = true
	}
	// No caller left out refused more than the last one listed.
	for caller, n := range want {
		if n > prev && !named[caller] {
			t.Errorf("caller %q (%d refusals) missing from the listed %v", caller, n, top)
		}
	}
	if others := int(sum["othersRefused"].(float64)); listed+others != total {
		t.Errorf("listed %d + othersRefused %d != refused %d", listed, others, total)
	}
}

func TestRefusalLogSumsManyRefusalsInOneLine(t *testing.T) {
	var buf lockedBuffer
	l := newRefusalLog(slog.New(slog.NewJSONHandler(&buf, nil)), time.Hour)
	want := map[string]int{}
	for i := range 25 {
		caller := fmt.Sprintf("key:k%02d", i)
		want[caller] = 10 * (i + 1) // k24 refused most
		for range want[caller] {
			l.add(caller)
		}
	}
	if l.timer == nil {
		t.Fatal("no summary pending after refusals")
	}
	if lines := buf.lines(t); len(lines) != 0 {
		t.Fatalf("%d lines written before the interval ended, want none", len(lines))
	}
	l.flush()
	lines := buf.lines(t)
	if len(lines) != 1 {
		t.Fatalf("%d lines for %d refusals, want 1", len(lines), 3250)
	}
	checkSummary(t, lines[0], want)
	if l.timer != nil {
		t.Error("timer still pending after flush")
	}
	// Nothing new: nothing written.
	l.flush()
	if got := len(buf.lines(t)); got != 1 {
		t.Errorf("an empty flush wrote a line (%d lines)", got)
	}
}

func TestRefusalLogBoundsCallers(t *testing.T) {
	var buf lockedBuffer
	l := newRefusalLog(slog.New(slog.NewJSONHandler(&buf, nil)), time.Hour)
	for i := range refusalTracked + 500 {
		l.add(fmt.Sprintf("ip:10.%d.%d.%d", i>>16, (i>>8)&255, i&255))
	}
	if len(l.counts) != refusalTracked {
		t.Errorf("%d callers held, want the cap %d", len(l.counts), refusalTracked)
	}
	l.flush()
	lines := buf.lines(t)
	if len(lines) != 1 {
		t.Fatalf("%d lines, want 1", len(lines))
	}
	s := lines[0]
	if s["refused"].(float64) != refusalTracked+500 || s["callersCapped"] != true || len(s["top"].([]any)) != refusalListed {
		t.Errorf("summary %v, want refused %d, callersCapped, %d listed", s, refusalTracked+500, refusalListed)
	}
}

func TestRefusalLogTimerWritesTheSummary(t *testing.T) {
	var buf lockedBuffer
	l := newRefusalLog(slog.New(slog.NewJSONHandler(&buf, nil)), 20*time.Millisecond)
	for range 100 {
		l.add("key:a")
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(buf.lines(t)) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	lines := buf.lines(t)
	if len(lines) != 1 {
		t.Fatalf("%d lines after the interval, want 1", len(lines))
	}
	checkSummary(t, lines[0], map[string]int{"key:a": 100})
	// A refusal after the summary starts a new interval with a new timer.
	l.add("key:b")
	l.mu.Lock()
	pending := l.timer != nil
	l.mu.Unlock()
	if !pending {
		t.Error("no timer armed by a refusal after a summary")
	}
	l.flush()
}

// TestRefusalsAreSummarisedNotLogged drives a Server: the refused calls
// write no request line, one summary counts them all, and the Prometheus
// error counter still counts each.
func TestRefusalsAreSummarisedNotLogged(t *testing.T) {
	reg, err := capability.NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	var buf lockedBuffer
	s := NewServer(Config{
		Registry: reg, Logger: slog.New(slog.NewJSONHandler(&buf, nil)),
		Limiter: ratelimit.NewMemory(nil), Limits: map[string]int{ratelimit.Preview: 2},
	})
	t.Cleanup(s.FlushRefusalLog)
	want := map[string]int{}
	const perClient = 400
	for c, addr := range []string{"192.0.2.1", "192.0.2.2", "2001:db8::7"} {
		for i := range perClient + c {
			r := httptest.NewRequest("POST", "/api/v1/preview/no_such_tool", strings.NewReader("{}"))
			r.Header.Set("Content-Type", "application/json")
			r.RemoteAddr = net.JoinHostPort(addr, "4000")
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if i >= 2 {
				if w.Code != http.StatusTooManyRequests {
					t.Fatalf("call %d from %s: status %d, want 429", i+1, addr, w.Code)
				}
				want["preview:"+addr]++
			}
		}
	}
	refused := 0
	for _, n := range want {
		refused += n
	}
	lines := buf.lines(t)
	for _, l := range lines {
		if l["msg"] == "request" && l["status"] == float64(429) {
			t.Fatalf("a refused call was logged on its own: %v", l)
		}
	}
	if got := len(lines); got != 6 { // the two allowed calls of each client
		t.Errorf("%d lines before the summary, want 6 (the allowed calls)", got)
	}
	s.FlushRefusalLog()
	sums := summaries(buf.lines(t))
	if len(sums) != 1 {
		t.Fatalf("%d summaries for %d refusals, want 1", len(sums), refused)
	}
	checkSummary(t, sums[0], want)
	// Every refusal is still counted by the metrics.
	w := httptest.NewRecorder()
	s.MetricsHandler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	m := regexp.MustCompile(`(?m)^dalil_errors_total\{code="RATE_LIMITED"\} (\d+)$`).FindStringSubmatch(w.Body.String())
	if m == nil {
		t.Fatalf("no RATE_LIMITED counter in /metrics:\n%s", w.Body)
	}
	if n, _ := strconv.Atoi(m[1]); n != refused {
		t.Errorf("dalil_errors_total{code=RATE_LIMITED} = %d, want %d", n, refused)
	}
}

// TestRefusalSummaryNamesKeysNotSecrets: a keyed caller is summarised by
// its key id, and its API key appears in no log line.
func TestRefusalSummaryNamesKeysNotSecrets(t *testing.T) {
	st, err := sqlstore.Open(t.Context(), filepath.Join(t.TempDir(), "dalil.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg, err := capability.NewRegistry(property.AnalyzeEntry())
	if err != nil {
		t.Fatal(err)
	}
	acct, err := ops.CreateAccount(t.Context(), st, "test", "free", 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	var buf lockedBuffer
	s := NewServer(Config{
		Registry: reg, Store: st, Logger: slog.New(slog.NewJSONHandler(&buf, nil)),
		Limiter: ratelimit.NewMemory(nil), Limits: map[string]int{"free": 3},
	})
	t.Cleanup(s.FlushRefusalLog)
	const calls = 50
	body := `{"propertyValue": 100000, "annualRent": 8000}`
	for i := range calls {
		r := httptest.NewRequest("POST", "/api/v1/property/analyze", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-API-Key", acct.APIKey)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if want := map[bool]int{true: 200, false: 429}[i < 3]; w.Code != want {
			t.Fatalf("call %d: status %d, want %d: %s", i+1, w.Code, want, w.Body)
		}
	}
	s.FlushRefusalLog()
	sums := summaries(buf.lines(t))
	if len(sums) != 1 {
		t.Fatalf("%d summaries, want 1", len(sums))
	}
	checkSummary(t, sums[0], map[string]int{"key:" + acct.KeyID: calls - 3})
	if strings.Contains(buf.String(), acct.APIKey) {
		t.Errorf("the API key appears in the log:\n%s", buf.String())
	}
}
