package sqlstore_test

import (
	"context"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"dalil"
	"dalil/store/sqlstore"
)

// BenchmarkCharge: charges of one account from 32 concurrent callers, as
// the HTTP benchmark's 32 connections make them (issue #11), on SQLite
// with synchronous=FULL. Besides ns/op (wall time per charge, i.e. the
// inverse of the committer's rate) it reports the process's CPU time per
// charge (user + system, getrusage), which is what the throughput ratio
// of docs/performance.md is bound by.
//
//	go test ./store/sqlstore -run '^$' -bench Charge -benchtime 20000x
func BenchmarkCharge(b *testing.B) {
	ctx := context.Background()
	s, err := sqlstore.Open(ctx, filepath.Join(b.TempDir(), "bench.db"), sqlstore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	a, err := s.CreateAccount(ctx, "bench", "free", dalil.MicroUSD(b.N+1)*10_000)
	if err != nil {
		b.Fatal(err)
	}
	const callers = 32
	var next atomic.Int64
	var wg sync.WaitGroup
	cpu0 := cpuTime()
	b.ResetTimer()
	for range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				n := next.Add(1)
				if n > int64(b.N) {
					return
				}
				_, err := s.Charge(ctx, dalil.ChargeRequest{AccountID: a.ID, Tool: "analyze_property", Price: 10_000,
					Method: dalil.MethodAuto, RequestID: "req_bench" + strconv.FormatInt(n, 16)})
				if err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/1e3/float64(b.N), "cpu-µs/op")
}

// cpuTime is the process's user + system CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
