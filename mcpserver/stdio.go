package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxLine bounds one stdin line (one JSON-RPC message), like the SDK's
// DefaultMaxLineLength. A longer line is discarded and answered with a
// parse error; the session goes on.
const MaxLine = mcp.DefaultMaxLineLength

// Stdio returns the transport of `dalil mcp`: newline-delimited JSON-RPC
// read from r and written to w.
//
// It works around go-sdk issue #1209 (v1.8.0: one malformed line ends the
// whole stdio session). The SDK only ever sees lines that decode as one
// JSON-RPC message; every other line is answered here, on w, with a
// JSON-RPC error whose id is null (or the line's id when one can be read):
//
//   - not JSON, or longer than MaxLine: -32700 parse error;
//   - JSON but not a JSON-RPC 2.0 message: -32600 invalid request;
//   - a batch (JSON array): -32600, since the current protocol revisions
//     (2025-06-18 and later) have no batches and the SDK would end the
//     session on one.
//
// Blank lines are skipped. The replies share one mutex with the SDK's own
// writes, so the two never interleave on w.
//
// When stdin ends (`printf '...' | dalil mcp`), the transport reports the
// end only once every request it handed to the SDK has been answered (up
// to DrainTimeout), so no answer is dropped.
func Stdio(r io.Reader, w io.Writer) mcp.Transport { return stdio(r, w, MaxLine) }

func stdio(r io.Reader, w io.Writer, max int) mcp.Transport {
	fl := newInflight()
	lw := &lockedWriter{w: w, inflight: fl}
	return &mcp.IOTransport{
		Reader:        &lineFilter{src: r, br: bufio.NewReaderSize(r, 64<<10), reply: lw, max: max, inflight: fl},
		Writer:        lw,
		MaxLineLength: -1, // lines are bounded by lineFilter
	}
}

// DrainTimeout bounds how long the end of stdin waits for the answers of
// requests still running (a paid call has a 45 s deadline).
const DrainTimeout = 2 * time.Minute

// inflight is the set of request ids handed to the SDK and not answered.
type inflight struct {
	mu   sync.Mutex
	cond *sync.Cond
	ids  map[string]int
}

func newInflight() *inflight {
	f := &inflight{ids: map[string]int{}}
	f.cond = sync.NewCond(&f.mu)
	return f
}

func (f *inflight) add(id string) { f.mu.Lock(); f.ids[id]++; f.mu.Unlock() }

func (f *inflight) done(id string) {
	f.mu.Lock()
	if f.ids[id] > 0 {
		if f.ids[id]--; f.ids[id] == 0 {
			delete(f.ids, id)
		}
		f.cond.Broadcast()
	}
	f.mu.Unlock()
}

// wait returns when no request is in flight, or after timeout.
func (f *inflight) wait(timeout time.Duration) {
	expired := false
	t := time.AfterFunc(timeout, func() { f.mu.Lock(); expired = true; f.cond.Broadcast(); f.mu.Unlock() })
	defer t.Stop()
	f.mu.Lock()
	for len(f.ids) > 0 && !expired {
		f.cond.Wait()
	}
	f.mu.Unlock()
}

// idKey names a JSON-RPC id in the inflight set.
func idKey(id jsonrpc.ID) string { return fmt.Sprintf("%T:%v", id.Raw(), id.Raw()) }

// lockedWriter serialises whole Write calls: the SDK writes each message
// (with its newline) in one call, and so does lineFilter. It notes the
// responses going out, so the end of stdin can wait for them.
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer
	inflight *inflight
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	n, err := l.w.Write(p)
	l.mu.Unlock()
	if l.inflight != nil {
		if m, derr := jsonrpc.DecodeMessage(bytes.TrimSpace(p)); derr == nil {
			if resp, ok := m.(*jsonrpc.Response); ok && resp.ID.IsValid() {
				l.inflight.done(idKey(resp.ID))
			}
		}
	}
	return n, err
}

// Close does nothing: stdout belongs to the process, not the session.
func (l *lockedWriter) Close() error { return nil }

// lineFilter passes through only lines that are single JSON-RPC messages.
type lineFilter struct {
	src     io.Reader
	br      *bufio.Reader
	reply   io.Writer
	max     int
	pending []byte // the accepted line being handed to the SDK
	err     error  // sticky read error, returned once pending is drained
	// inflight, when set, holds back the end of input until every request
	// passed on has been answered.
	inflight *inflight
	drained  bool
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			if f.inflight != nil && !f.drained {
				f.inflight.wait(DrainTimeout)
				f.drained = true
			}
			return 0, f.err
		}
		line, tooLong, err := f.readLine()
		if err != nil {
			f.err = err // a last line without newline is still judged below
		}
		switch {
		case tooLong:
			f.answer(nil, jsonrpc.CodeParseError, fmt.Sprintf("Parse error: message longer than %d bytes", f.max))
		case len(line) > 0:
			f.judge(line)
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// readLine returns the next line without its newline and surrounding white
// space. A line over f.max bytes is consumed and reported as tooLong.
func (f *lineFilter) readLine() (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := f.br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > f.max+2 { // +2: the line ending
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		return bytes.TrimSpace(buf), false, err
	}
}

// judge queues line for the SDK, or answers it with an error.
func (f *lineFilter) judge(line []byte) {
	if !json.Valid(line) {
		f.answer(nil, jsonrpc.CodeParseError, "Parse error: the line is not valid JSON")
		return
	}
	if line[0] == '[' {
		f.answer(nil, jsonrpc.CodeInvalidRequest, "Invalid Request: JSON-RPC batches are not supported; send one message per line")
		return
	}
	m, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		f.answer(idOf(line), jsonrpc.CodeInvalidRequest, "Invalid Request: "+err.Error())
		return
	}
	if req, ok := m.(*jsonrpc.Request); ok && req.ID.IsValid() && f.inflight != nil {
		f.inflight.add(idKey(req.ID))
	}
	f.pending = append(line, '\n')
}

// idOf returns the line's "id" when it is a valid JSON-RPC id, else nil.
func idOf(line []byte) any {
	var m struct {
		ID any `json:"id"`
	}
	if json.Unmarshal(line, &m) != nil {
		return nil
	}
	if _, err := jsonrpc.MakeID(m.ID); err != nil {
		return nil
	}
	return m.ID
}

// answer writes one JSON-RPC error response on the shared writer.
func (f *lineFilter) answer(id any, code int64, message string) {
	b, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": message},
	})
	if _, err := f.reply.Write(append(b, '\n')); err != nil && f.err == nil {
		f.err = err
	}
}

// Close closes the source when it can be closed (stdin).
func (f *lineFilter) Close() error {
	if c, ok := f.src.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
