package x402

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// maxFacilitatorResponse bounds what we read from the facilitator; its
// answers are a few hundred bytes.
const maxFacilitatorResponse = 64 << 10

// errFacilitatorTimeout marks a call that hit our own deadline.
var errFacilitatorTimeout = errors.New("facilitator did not answer in time")

// httpStatusError is a non-2xx answer without a usable body.
type httpStatusError struct{ status int }

func (e *httpStatusError) Error() string {
	return fmt.Sprintf("facilitator answered HTTP %d", e.status)
}

// call POSTs body to the facilitator's path and decodes a JSON answer into
// out. The answer is decoded whatever the status: facilitators send
// isValid:false with 400 and success:false with 200 or 4xx. status is the
// HTTP status when an answer was decoded. The credential is in body and is
// never logged or put into errors.
func (r *Rail) call(ctx context.Context, path string, timeout time.Duration, body []byte, out any) (status int, err error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.facilitatorURL+path, bytes.NewReader(body))
	if err != nil {
		return 0, fmt.Errorf("x402: build facilitator request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if r.cfg.FacilitatorToken != "" {
		req.Header.Set("Authorization", "Bearer "+r.cfg.FacilitatorToken)
	}
	resp, err := r.client.Do(req)
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return 0, fmt.Errorf("x402: POST %s: %w", path, errFacilitatorTimeout)
		}
		// *url.Error carries the URL, which holds no secret (userinfo is
		// refused in New); the token is in a header.
		return 0, fmt.Errorf("x402: POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxFacilitatorResponse+1))
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return 0, fmt.Errorf("x402: POST %s: %w", path, errFacilitatorTimeout)
		}
		return 0, fmt.Errorf("x402: POST %s: read answer: %w", path, err)
	}
	if len(data) > maxFacilitatorResponse {
		return 0, fmt.Errorf("x402: POST %s: answer larger than %d bytes", path, maxFacilitatorResponse)
	}
	if err := json.Unmarshal(data, out); err != nil {
		if !is2xx(resp.StatusCode) {
			return 0, fmt.Errorf("x402: POST %s: %w", path, &httpStatusError{resp.StatusCode})
		}
		return 0, fmt.Errorf("x402: POST %s: answer is not the documented JSON", path)
	}
	return resp.StatusCode, nil
}

func is2xx(status int) bool { return status >= 200 && status < 300 }
