package capability_test

import (
	"context"
	"testing"

	"dalil/capability"
)

type reviewIntIn struct {
	Units int `json:"units" schema:"minimum=1,maximum=1000"`
}

// Contract §5: a non-integer for an integer is 400. parseValue rewrites
// any number whose float64 value is integral to an integer, so
// 1.0000000000000001 (not an integer) is accepted as units = 1.
func TestReviewNearIntegerAcceptedAsInteger(t *testing.T) {
	e := capability.Define("review_int", capability.Options{Group: "T", Summary: "s", Path: "/api/v1/review/int", Price: 1},
		func(_ context.Context, in reviewIntIn) (reviewIntIn, error) { return in, nil })
	if v, err := e.Decode([]byte(`{"units":1.0000000000000001}`)); err == nil {
		t.Errorf("non-integer 1.0000000000000001 accepted for an integer field: %+v", v)
	}
}
