package dataset

import (
	"strings"
	"testing"
)

func TestCheckReason(t *testing.T) {
	for _, tc := range []struct {
		name, reason, want string
	}{
		{"none", "", ""},
		{"plain", "licence withdrawn by the publisher", ""},
		{"arabic", "سحب الترخيص", ""},
		{"at the limit", strings.Repeat("ب", MaxReason), ""},
		{"over the limit", strings.Repeat("b", MaxReason+1), "is longer than 500 characters"},
		{"NUL", "a\x00b", NULByte},
		{"not UTF-8", "a\xffb", "is not UTF-8 text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckReason(tc.reason)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("CheckReason = %q, want %q", got, tc.want)
			}
		})
	}
}
