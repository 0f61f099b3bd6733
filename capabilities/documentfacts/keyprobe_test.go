package documentfacts

import "testing"

// keyProbeFloors (strict precision, recall of dates, durations and money
// only): the probe (testdata/keyprobe, README there) was written blind in
// session 18 as development data for round 16's key families. First
// scoring on main's rules (e339899 merged with main, round 16 off): date
// 0.830/0.830, money 0.852/0.883, duration 0.867/0.876; on round 16's
// family rules before the probe was read: 0.830/0.830, 0.858/0.890,
// 0.888/0.888. Round 16 then developed on it: floors two points under
// its final figures (date 0.962/0.962, money 0.947/0.982, duration
// 0.946/0.978); it measures fitting now, not carry-over.
var keyProbeFloors = map[string][2]float64{
	"date":     {0.94, 0.94},
	"money":    {0.92, 0.96},
	"duration": {0.92, 0.95},
}

// TestKeyProbe scores the key probe: 30 short documents (10 English, 10
// Arabic, 10 bilingual) whose dates, periods and sums are annotated with
// their keys. Only its date, duration and money rows count; the set
// annotates no other type.
// go test ./capabilities/documentfacts -run KeyProbe -v
func TestKeyProbe(t *testing.T) {
	scoreHeldOut(t, "testdata/keyprobe", 30, keyProbeFloors)
}
