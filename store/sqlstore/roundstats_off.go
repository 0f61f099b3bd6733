//go:build !roundstats

package sqlstore

// roundStats is false in every ordinary build: the committer's phase
// counters (roundstats_on.go, built with -tags roundstats) compile away,
// and a job carries no times.
const roundStats = false

type jobTimes struct{}

type roundClock struct{}

func (*roundClock) mark(int)             {}
func (*roundClock) started([]*chargeJob) {}
func jobQueued(*chargeJob)               {}
func jobClosed(*chargeJob)               {}
func jobWoken(*chargeJob)                {}
func roundNow() int64                    { return 0 }
func roundPhase(int, int64)              {}
