package names

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// benchNames are names as a sanctions list holds them: the sample's,
// generated people and companies in both scripts, some respelt.
func benchNames() []string {
	r := rand.New(rand.NewPCG(34, 13))
	out := append([]string(nil), sample...)
	for len(out) < 1000 {
		n := synthName(r)
		if r.IntN(4) == 0 {
			n = mutate(r, n)
		}
		out = append(out, n)
	}
	return out
}

// cpuTime is the CPU this process has used (user and system): on a
// shared machine a steadier figure than the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the process's CPU an op took (cpu-ns/op) from
// start, the CPU time at the loop's start.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkNormalize: one op normalises 1,000 names (a screening's
// engine normalises about 1,150).
func BenchmarkNormalize(b *testing.B) {
	ns := benchNames()
	start := cpuTime()
	for b.Loop() {
		for _, n := range ns {
			Normalize(n)
		}
	}
	reportCPU(b, start)
}

// BenchmarkIndexMatches: one op indexes 1,000 names and finds the
// matches of 10 of them, as a screening's engine does with its
// candidates.
func BenchmarkIndexMatches(b *testing.B) {
	ns := benchNames()
	start := cpuTime()
	for b.Loop() {
		ix := NewIndex()
		for i, n := range ns {
			ix.Add(i, n)
		}
		for _, n := range ns[:10] {
			ix.Matches(Normalize(n), MatchThreshold)
		}
	}
	reportCPU(b, start)
}
