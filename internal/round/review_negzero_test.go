package round

import (
	"math"
	"testing"
)

// The package promises "never -0 in JSON", but a value that already has
// at most dp decimals is returned unchanged by the early return, so -0
// stays -0 (and encoding/json writes it as -0).
func TestReviewHalfNeverNegativeZero(t *testing.T) {
	if v := Half(math.Copysign(0, -1), 2); math.Signbit(v) {
		t.Errorf("Half(-0, 2) = -0, want 0")
	}
}
