package ratelimit

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil"
)

func TestDefaultsMatchContract(t *testing.T) {
	want := map[string]int{"free": 60, "developer": 120, "growth": 600, "enterprise": 3000, "payg": 60, "preview": 30}
	if diff := cmp.Diff(want, Defaults()); diff != "" {
		t.Errorf("Defaults() (-want +got):\n%s", diff)
	}
	// Each call returns a fresh map, so a caller's change cannot leak.
	Defaults()[Free] = 1
	if Defaults()[Free] != 60 {
		t.Error("Defaults() shares its map between calls")
	}
}

// The defaults and the names DALIL_RATE_LIMITS accepts follow from the
// declarations in the root package: a plan's PerMinute and the keyless
// rates, in their order.
func TestDefaultsFollowThePlans(t *testing.T) {
	plans, keyless := dalil.Plans, dalil.KeylessRates
	t.Cleanup(func() { dalil.Plans, dalil.KeylessRates = plans, keyless })
	dalil.Plans = append(slices.Clone(plans[:1]), dalil.Plan{ID: "team", PerMinute: 250})
	dalil.KeylessRates = []dalil.Rate{{ID: Preview, PerMinute: 7}}
	want := map[string]int{Free: 60, "team": 250, Preview: 7}
	if d := cmp.Diff(want, Defaults()); d != "" {
		t.Errorf("Defaults() (-want +got)\n%s", d)
	}
	if got, err := ParseLimits("TEAM=9"); err != nil || got["team"] != 9 || got[Free] != 60 {
		t.Errorf("ParseLimits(team=9) = %v, %v", got, err)
	}
	_, err := ParseLimits("developer=9")
	if err == nil || !strings.HasSuffix(err.Error(), `unknown name "developer", want one of free, team, preview`) {
		t.Errorf("ParseLimits(developer=9): %v", err)
	}
}

func TestParseLimits(t *testing.T) {
	with := func(changes map[string]int) map[string]int {
		m := Defaults()
		for k, v := range changes {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name    string
		in      string
		want    map[string]int
		wantErr []string // substrings the error must contain
	}{
		{name: "empty gives defaults", in: "", want: Defaults()},
		{name: "blank gives defaults", in: "  ", want: Defaults()},
		{name: "contract example", in: "free=60,developer=120,payg=60,preview=30", want: Defaults()},
		{name: "one override", in: "growth=900", want: with(map[string]int{Growth: 900})},
		{name: "all six", in: "free=1,developer=2,growth=3,enterprise=4,payg=5,preview=6",
			want: map[string]int{Free: 1, Developer: 2, Growth: 3, Enterprise: 4, PayG: 5, Preview: 6}},
		{name: "spaces and case", in: " Free = 10 , PREVIEW=5 ", want: with(map[string]int{Free: 10, Preview: 5})},
		{name: "unknown name", in: "free=60,gold=10", wantErr: []string{`entry 2 "gold=10"`, `unknown name "gold"`, "free, developer, growth, enterprise, payg, preview"}},
		{name: "missing equals", in: "free=60,developer", wantErr: []string{`entry 2 "developer"`, "name=perMinute"}},
		{name: "empty entry", in: "free=60,", wantErr: []string{`entry 2 ""`}},
		{name: "zero", in: "payg=0", wantErr: []string{`"payg=0"`, "at least 1"}},
		{name: "negative", in: "payg=-5", wantErr: []string{`"payg=-5"`, "whole number"}},
		{name: "plus sign", in: "payg=+5", wantErr: []string{`"payg=+5"`, "whole number"}},
		{name: "fraction", in: "free=1.5", wantErr: []string{`"free=1.5"`, "whole number"}},
		{name: "empty value", in: "free=", wantErr: []string{`"free="`, "whole number"}},
		{name: "overflow", in: "free=99999999999999999999999", wantErr: []string{"too large"}},
		{name: "duplicate", in: "free=60,FREE=30", wantErr: []string{`entry 2 "FREE=30"`, "free is given twice"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseLimits(tt.in)
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("ParseLimits(%q) = %v, want an error", tt.in, got)
				}
				for _, s := range tt.wantErr {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("ParseLimits(%q) error %q does not contain %q", tt.in, err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseLimits(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseLimits(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestHeaders(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		want http.Header
	}{
		{
			name: "allowed",
			r:    Result{Allowed: true, Limit: 60, Remaining: 59, Reset: 1 * time.Second},
			want: http.Header{"Ratelimit-Limit": {"60"}, "Ratelimit-Remaining": {"59"}, "Ratelimit-Reset": {"1"}},
		},
		{
			name: "reset rounds up",
			r:    Result{Allowed: true, Limit: 60, Remaining: 10, Reset: 49*time.Second + time.Millisecond},
			want: http.Header{"Ratelimit-Limit": {"60"}, "Ratelimit-Remaining": {"10"}, "Ratelimit-Reset": {"50"}},
		},
		{
			name: "refused",
			r:    Result{Limit: 30, Reset: time.Minute, RetryAfter: 2 * time.Second},
			want: http.Header{"Ratelimit-Limit": {"30"}, "Ratelimit-Remaining": {"0"}, "Ratelimit-Reset": {"60"}, "Retry-After": {"2"}},
		},
		{
			name: "retry-after rounds up",
			r:    Result{Limit: 30, Reset: 59500 * time.Millisecond, RetryAfter: 1500 * time.Millisecond},
			want: http.Header{"Ratelimit-Limit": {"30"}, "Ratelimit-Remaining": {"0"}, "Ratelimit-Reset": {"60"}, "Retry-After": {"2"}},
		},
		{
			name: "retry-after is at least 1",
			r:    Result{Limit: 30, RetryAfter: time.Nanosecond},
			want: http.Header{"Ratelimit-Limit": {"30"}, "Ratelimit-Remaining": {"0"}, "Ratelimit-Reset": {"0"}, "Retry-After": {"1"}},
		},
		{
			name: "retry-after of zero still 1",
			r:    Result{Limit: 30},
			want: http.Header{"Ratelimit-Limit": {"30"}, "Ratelimit-Remaining": {"0"}, "Ratelimit-Reset": {"0"}, "Retry-After": {"1"}},
		},
		{
			name: "negative values clamp",
			r:    Result{Allowed: true, Limit: 5, Remaining: -1, Reset: -time.Second},
			want: http.Header{"Ratelimit-Limit": {"5"}, "Ratelimit-Remaining": {"0"}, "Ratelimit-Reset": {"0"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			Headers(h, tt.r)
			if diff := cmp.Diff(tt.want, h); diff != "" {
				t.Errorf("Headers (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHeadersKeepOtherRetryAfterWhenAllowed(t *testing.T) {
	h := http.Header{"Retry-After": {"3600"}} // e.g. a quota's, set by other code
	Headers(h, Result{Allowed: true, Limit: 60, Remaining: 1})
	if got := h.Get("Retry-After"); got != "3600" {
		t.Errorf("Retry-After = %q, want the existing 3600 kept", got)
	}
}

func TestBadLimit(t *testing.T) {
	for _, n := range []int{0, -1} {
		if _, err := NewMemory(nil).Allow(t.Context(), "k", n); !errors.Is(err, ErrBadLimit) {
			t.Errorf("Memory.Allow(perMinute=%d) error = %v, want ErrBadLimit", n, err)
		}
	}
}
