package watchlist

import (
	"context"
	"errors"
	"testing"

	"dalil"
	"dalil/capability"
)

// A pay-per-call rail (or no account) is refused with
// PAYMENT_METHOD_UNSUPPORTED before anything is recorded.
func TestRegisterAccountRailsOnly(t *testing.T) {
	for name, call := range map[string]capability.Call{
		"x402":       {RequestID: "r1", Rail: dalil.RailX402},
		"mpp":        {RequestID: "r2", Rail: dalil.RailMPP},
		"no account": {RequestID: "r3"},
	} {
		_, err := Register(capability.WithCall(context.Background(), call), Deps{}, Input{Name: "Rashid Example"})
		var de *dalil.Error
		if !errors.As(err, &de) || de.Code != dalil.CodePaymentMethodUnsupported {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// The input's own rules: a name with letters, a country, an https webhook.
func TestInputValidate(t *testing.T) {
	for _, tc := range []struct {
		in   Input
		bad  bool
		name string
	}{
		{Input{Name: "Rashid Example"}, false, "plain"},
		{Input{Name: "Rashid Example", WebhookURL: "https://example.com/h"}, false, "https"},
		{Input{Name: "Rashid Example", WebhookURL: "http://example.com/h"}, true, "http webhook"},
		{Input{Name: "!!"}, true, "no letters"},
		{Input{Name: "Rashid Example", Country: "Atlantis"}, true, "country"},
		{Input{Name: "Rashid Example", DateOfBirth: "1970-13"}, true, "date"},
	} {
		if got := len(tc.in.Validate()) > 0; got != tc.bad {
			t.Errorf("%s: problems %v", tc.name, tc.in.Validate())
		}
	}
}
