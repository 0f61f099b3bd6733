package main

import "runtime/debug"

// defaultGCPercent is the garbage collector's target (GOGC) that dalil
// serve sets when the GOGC environment variable is not set; an operator's
// GOGC (a number or off) always wins, and GOMEMLIMIT still caps the heap.
//
// The server's live heap is small (a few MiB) and every call allocates
// tens of KiB, so Go's default of 100 runs a collection every few
// milliseconds under load (13 a second at 4,300 calls/s). Each cycle takes
// CPU from the requests (background marking, mark assists on allocating
// goroutines, two stop-the-world pauses), which on a small machine shows
// as queueing in the latency tail. At 400 the heap may grow to five times
// the live data instead of twice (tens of MiB here) and collections are
// about four times rarer: on the two-core benchmark machine, interleaved
// with the old binary, peak charged throughput rose by about a quarter and
// the open-loop p99 at 4,300 calls/s fell from 12-18 ms to 10-13 ms
// (docs/performance.md).
const defaultGCPercent = 400

// gcPercent is the GOGC that serve applies, and false when the operator
// set GOGC (which the runtime has already applied).
func gcPercent(getenv func(string) string) (int, bool) {
	if getenv("GOGC") != "" {
		return 0, false
	}
	return defaultGCPercent, true
}

// setGC applies gcPercent and returns a function restoring the previous
// setting (serve also runs inside tests).
func setGC(getenv func(string) string) (restore func()) {
	p, ok := gcPercent(getenv)
	if !ok {
		return func() {}
	}
	prev := debug.SetGCPercent(p)
	return func() { debug.SetGCPercent(prev) }
}
