package mcpserver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Request is one HTTP request to the REST API: a method, a path such as
// "/api/v1/property/analyze", headers and a body.
type Request struct {
	Method string
	Path   string
	Header http.Header
	Body   []byte
}

// Response is the REST API's answer: status, headers and body.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Caller sends a Request through the REST handler stack. An error means the
// stack could not be reached at all (network, timeout); every answer the
// stack gives, 4xx and 5xx included, is a Response.
type Caller interface {
	Call(ctx context.Context, req Request) (Response, error)
}

// InProcess is a Caller that serves each request with Handler in memory,
// without a network: the tool server of `dalil mcp` against the local
// database, and /mcp of `dalil serve` calling its own REST routes.
type InProcess struct {
	Handler http.Handler
}

// maxResponse bounds what a Caller keeps of a response body. Capability
// results are small JSON documents; 8 MiB leaves room for large reports and
// still stops a misbehaving upstream from exhausting memory.
const maxResponse = 8 << 20

// Call implements Caller.
func (c InProcess) Call(ctx context.Context, req Request) (Response, error) {
	r, err := newHTTPRequest(ctx, "http://dalil.internal", req)
	if err != nil {
		return Response{}, err
	}
	// The REST stack keys keyless rate limits on the client address: the
	// HTTP caller's when the call came over /mcp, else this machine (stdio).
	r.RemoteAddr = "127.0.0.1:0"
	if c, ok := ctx.Value(clientKey{}).(client); ok {
		r.RemoteAddr = c.addr
		if len(c.forwardedFor) > 0 {
			r.Header["X-Forwarded-For"] = c.forwardedFor
		}
	}
	w := &recorder{header: http.Header{}}
	c.Handler.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return Response{Status: w.status, Header: w.header, Body: w.body.Bytes()}, nil
}

// recorder is a minimal in-memory http.ResponseWriter (net/http/httptest's
// ResponseRecorder is meant for tests and registers a command-line flag).
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	if w.body.Len()+len(b) > maxResponse {
		return 0, fmt.Errorf("mcpserver: response over %d bytes", maxResponse)
	}
	return w.body.Write(b)
}

// Flush lets handlers that stream treat the recorder as a Flusher.
func (w *recorder) Flush() {}

// DefaultTimeout bounds one remote call. Calculations answer in
// milliseconds; capabilities that reach external providers have their own
// shorter provider timeouts, so 60 s only ends calls that are truly stuck.
const DefaultTimeout = 60 * time.Second

// Remote is a Caller that forwards each request over HTTP to a Dalil
// service at BaseURL (DALIL_BASE_URL).
type Remote struct {
	BaseURL string
	Client  *http.Client
}

// NewRemote returns a Remote for baseURL whose client gives up after
// timeout (DefaultTimeout when zero). It refuses a URL that is not http(s).
func NewRemote(baseURL string, timeout time.Duration) (*Remote, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("mcpserver: DALIL_BASE_URL must be an http:// or https:// URL")
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return &Remote{BaseURL: u.String(), Client: &http.Client{Timeout: timeout, CheckRedirect: noRedirects}}, nil
}

// Call implements Caller.
func (c *Remote) Call(ctx context.Context, req Request) (Response, error) {
	r, err := newHTTPRequest(ctx, c.BaseURL, req)
	if err != nil {
		return Response{}, err
	}
	client := c.Client
	if client == nil {
		client = &http.Client{Timeout: DefaultTimeout, CheckRedirect: noRedirects}
	}
	resp, err := client.Do(r)
	if err != nil {
		return Response{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse+1))
	if err != nil {
		return Response{}, fmt.Errorf("read response: %w", err)
	}
	if len(body) > maxResponse {
		return Response{}, fmt.Errorf("response over %d bytes", maxResponse)
	}
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: body}, nil
}

func newHTTPRequest(ctx context.Context, base string, req Request) (*http.Request, error) {
	r, err := http.NewRequestWithContext(ctx, req.Method, base+req.Path, bytes.NewReader(req.Body))
	if err != nil {
		return nil, err
	}
	for k, vs := range req.Header {
		r.Header[k] = append([]string(nil), vs...)
	}
	return r, nil
}

// noRedirects stops the remote caller at a redirect: following one would
// send the X-API-Key header to whatever host it names.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
