package round

import (
	"math"
	"testing"
)

func TestHalf(t *testing.T) {
	tests := []struct {
		name string
		x    float64
		dp   int
		want float64
	}{
		{"binary artefact rounds up", 1.005, 2, 1.01},
		{"half away from zero negative", -0.125, 2, -0.13},
		{"half up positive", 0.125, 2, 0.13},
		{"below half", 8.4705882, 2, 8.47},
		{"carry into whole", 9.9995, 3, 10},
		{"carry through nines", 99.995, 2, 100},
		{"already short", 7.2, 3, 7.2},
		{"integer", 600, 3, 600},
		{"omr", 108.33333333, 3, 108.333},
		{"negative to zero", -0.0004, 3, 0},
		{"tiny", 1e-320, 2, 0},
		{"large", 123456789012.3456, 3, 123456789012.346},
		{"zero dp", 2.5, 0, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Half(tc.x, tc.dp); got != tc.want {
				t.Errorf("Half(%v, %d) = %v, want %v", tc.x, tc.dp, got, tc.want)
			}
		})
	}
	if got := Half(-0.0004, 3); math.Signbit(got) {
		t.Errorf("Half(-0.0004, 3) is negative zero")
	}
	if got := Half(math.Inf(1), 2); !math.IsInf(got, 1) {
		t.Errorf("Half(+Inf) = %v", got)
	}
}

// The package promises "never -0 in JSON", also for a value that already
// has at most dp decimals (an early return once handed -0 back unchanged,
// and encoding/json writes it as -0).
func TestHalfNeverNegativeZero(t *testing.T) {
	if v := Half(math.Copysign(0, -1), 2); math.Signbit(v) {
		t.Errorf("Half(-0, 2) = -0, want 0")
	}
}
