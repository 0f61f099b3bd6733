package vehiclevalue

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"dalil"
)

// An unexpected failure is the reference's 500 VALUATION_FAILED; coded
// errors, storage outages and deadlines keep their own answers.
func TestValuationFailed(t *testing.T) {
	coded := dalil.Errorf(dalil.CodeInvalidInput, "bad")
	for _, c := range []struct {
		err  error
		code dalil.Code
	}{
		{nil, ""},
		{errors.New("index out of range"), dalil.CodeValuationFailed},
		{coded, dalil.CodeInvalidInput},
		{fmt.Errorf("listings: %w", dalil.ErrStorageUnavailable), ""},
		{context.DeadlineExceeded, ""},
	} {
		got := valuationFailed(c.err)
		if c.code != "" && dalil.ErrorCode(got) != c.code {
			t.Errorf("valuationFailed(%v) = %v, want code %q", c.err, got, c.code)
		}
		if c.code == "" && got != c.err {
			t.Errorf("valuationFailed(%v) changed it to %v", c.err, got)
		}
	}
}
