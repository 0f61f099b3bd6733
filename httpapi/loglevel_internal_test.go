package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"testing"

	"dalil"
)

// ERROR is for what the operator must act on; a client's mistake, an
// unconfigured capability and a client that left are not (issue #33 item
// 9: seven ERROR lines for a client calling unconfigured tools).
func TestRequestLevel(t *testing.T) {
	for _, tc := range []struct {
		name         string
		status       int
		code         dalil.Code
		cause, ctxer error
		want         slog.Level
	}{
		{"ok", 200, "", nil, nil, slog.LevelInfo},
		{"invalid input", 400, dalil.CodeInvalidInput, nil, nil, slog.LevelInfo},
		{"no credits", 402, dalil.CodeInsufficientCredits, nil, nil, slog.LevelInfo},
		{"unconfigured capability", 503, dalil.CodeProviderNotConfigured, nil, nil, slog.LevelInfo},
		{"client left", 503, dalil.CodeServiceUnavailable, context.Canceled, context.Canceled, slog.LevelInfo},
		{"provider down", http.StatusBadGateway, dalil.CodeProviderUnavailable, nil, nil, slog.LevelWarn},
		{"provider timeout", http.StatusGatewayTimeout, dalil.CodeProviderTimeout, nil, nil, slog.LevelWarn},
		{"storage unavailable", 503, dalil.CodeServiceUnavailable, errors.New("storage unavailable"), nil, slog.LevelError},
		{"call deadline", 503, dalil.CodeServiceUnavailable, context.DeadlineExceeded, context.DeadlineExceeded, slog.LevelError},
		{"internal", 500, dalil.CodeInternal, errors.New("panic"), nil, slog.LevelError},
	} {
		if got := requestLevel(tc.status, tc.code, tc.cause, tc.ctxer); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
