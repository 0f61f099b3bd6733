package webhook

import (
	"strings"
	"testing"
	"time"
)

// A signature verifies with its secret and body only, inside the
// tolerance.
func TestSignVerify(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	body := []byte(`{"event":"x"}`)
	sig := Sign("s3cret", now, body)
	if err := Verify("t", "s3cret", sig, body, now.Add(time.Minute)); err != nil {
		t.Fatalf("valid signature refused: %v", err)
	}
	for name, err := range map[string]error{
		"other secret": Verify("t", "other", sig, body, now),
		"other body":   Verify("t", "s3cret", sig, []byte(`{"event":"y"}`), now),
		"too old":      Verify("t", "s3cret", sig, body, now.Add(SignatureTolerance+time.Second)),
		"malformed":    Verify("t", "s3cret", "v1=abc", body, now),
	} {
		if err == nil || !strings.HasPrefix(err.Error(), "t: ") {
			t.Errorf("%s: %v, want a refusal", name, err)
		}
	}
}
