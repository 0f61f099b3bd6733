package mpp

import (
	"slices"
	"strings"
	"testing"

	"dalil"
)

// TestDescribe: the rail's listing entry and info follow what is on:
// charge alone, then budget sessions; routes come from the catalogue.
func TestDescribe(t *testing.T) {
	f := newFixture(t)
	for _, sessions := range []bool{false, true} {
		d, info := f.rail.Describe(sessions)
		want := []string{IntentCharge}
		if sessions {
			want = append(want, IntentSession)
		}
		if !slices.Equal(d["modes"].([]string), want) || !slices.Equal(info["modes"].([]string), want) {
			t.Errorf("sessions %v: modes %v / %v, want %v", sessions, d["modes"], info["modes"], want)
		}
		ends := d["endpoints"].(map[string]string)
		if ends["charge"] != "POST /api/v1/mpp/charge/<tool>" || ends["canonical"] != "POST /api/v1/<tool-path> with X-Service-Payment-Method: mpp" {
			t.Errorf("endpoints %v", ends)
		}
		_, hasSessions := ends["sessions"]
		_, hasTool := info["endpoints"].(map[string]string)["sessionTool"]
		if hasSessions != sessions || hasTool != sessions {
			t.Errorf("sessions %v: endpoints %v, info %v", sessions, ends, info["endpoints"])
		}
		if d["id"] != dalil.RailMPP || d["type"] != "pay_per_call" || d["network"] != DefaultNetwork || info["recipient"] != strings.ToLower(testRecipient) {
			t.Errorf("descriptor %v info %v", d, info)
		}
	}
}
