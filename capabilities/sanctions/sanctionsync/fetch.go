package sanctionsync

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"dalil/internal/safehttp"
)

// HTTPFetcher downloads lists through internal/safehttp: https only,
// every address checked, redirects checked alike, the body capped.
type HTTPFetcher struct {
	c *safehttp.Client
}

var _ Fetcher = (*HTTPFetcher)(nil)

// NewHTTPFetcher is a Fetcher with the policy o (cmd/dalil's Config.Fetch:
// production's, or a test's resolver and dialer), reading at most
// maxBytes (0: DefaultMaxBytes) within timeout (0: DefaultTimeout).
func NewHTTPFetcher(o safehttp.Options, maxBytes int64, timeout time.Duration) *HTTPFetcher {
	o.MaxBytes = maxBytes
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	o.Timeout = timeout
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	o.UserAgent = "Dalil/1 (sanctions list sync)"
	return &HTTPFetcher{c: safehttp.New(o)}
}

// Fetch implements Fetcher: a GET, conditional when req carries
// validators. 304 is NotModified; any other status but 2xx is an error.
// The body is written to a temporary file as it arrives (a list of
// hundreds of MiB is never held in memory), which the Body's Close
// removes.
func (f *HTTPFetcher) Fetch(ctx context.Context, req Request) (Response, error) {
	h := http.Header{}
	if req.ETag != "" {
		h.Set("If-None-Match", req.ETag)
	}
	if req.LastModified != "" {
		h.Set("If-Modified-Since", req.LastModified)
	}
	tmp, err := os.CreateTemp("", "dalil-sanctions-*")
	if err != nil {
		return Response{}, err
	}
	body := &tempFile{File: tmp}
	ok := false
	defer func() {
		if !ok {
			body.Close()
		}
	}()
	r, err := f.c.Download(ctx, safehttp.Request{Method: http.MethodGet, URL: req.URL, Header: h}, tmp)
	var se *safehttp.Error
	switch {
	case errors.As(err, &se) && se.Err != nil:
		// safehttp's sentence, and its cause for the operator.
		return Response{}, fmt.Errorf("%s (%v)", strings.TrimSuffix(se.Message, "."), se.Err)
	case errors.As(err, &se):
		return Response{}, errors.New(strings.TrimSuffix(se.Message, "."))
	case err != nil:
		return Response{}, err
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return Response{}, err
	}
	switch {
	case r.Status == http.StatusNotModified:
		return Response{NotModified: true, ETag: req.ETag, LastModified: req.LastModified}, nil
	case !r.OK():
		return Response{}, fmt.Errorf("the publisher answered HTTP %d %s", r.Status, http.StatusText(r.Status))
	case size == 0:
		return Response{}, fmt.Errorf("the publisher answered HTTP %d with an empty body", r.Status)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return Response{}, err
	}
	ok = true
	return Response{Body: body, ETag: r.Header.Get("ETag"), LastModified: r.Header.Get("Last-Modified")}, nil
}

// tempFile is a downloaded list: a file (an import reads it in place)
// that Close removes.
type tempFile struct{ *os.File }

func (t *tempFile) Close() error {
	t.File.Close()
	return os.Remove(t.Name())
}
