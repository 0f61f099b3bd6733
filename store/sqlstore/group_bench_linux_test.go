package sqlstore

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"dalil"
)

// BenchmarkGroup: the committer's cost per group of charges of one
// account on SQLite (synchronous=FULL), by group size, apart from the
// HTTP path and the callers: the CPU time of the thread that runs the
// group (user + system, fsync included), its user time alone (SQLite's
// and the Go code's, which the kernel's share of a shared machine's
// noise does not blur) and the WAL frames it writes (automatic
// checkpoints off while it runs). On a machine shared with
// other work, compare builds by alternating runs (docs/performance.md,
// session 13):
//
//	go test ./store/sqlstore -run '^$' -bench Group -benchtime 1000x
func BenchmarkGroup(b *testing.B) {
	for _, k := range []int{1, 10, 32} {
		b.Run(strconv.Itoa(k), func(b *testing.B) {
			ctx := context.Background()
			path := filepath.Join(b.TempDir(), "g.db")
			s, err := Open(ctx, path, Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			a, err := s.CreateAccount(ctx, "bench", "free", 1_000_000_000_000)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			group := func() []*chargeJob {
				g := make([]*chargeJob, k)
				for i := range g {
					n++
					g[i] = &chargeJob{ctx: ctx, done: make(chan struct{}), req: dalil.ChargeRequest{AccountID: a.ID, Tool: "analyze_property", Price: 10_000,
						Method: dalil.MethodAuto, RequestID: "req_0123456789ab" + strconv.FormatUint(uint64(n)+1<<40, 16)}}
				}
				return g
			}
			for range 50 { // a ledger past its first pages, the account known
				s.runGroup(group())
			}
			for _, q := range []string{"PRAGMA wal_checkpoint(TRUNCATE)", "PRAGMA wal_autocheckpoint=0"} {
				if _, err := s.w.ExecContext(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
			groups := make([][]*chargeJob, b.N)
			for i := range groups {
				groups[i] = group()
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu, user time.Duration
			b.ResetTimer()
			for _, g := range groups {
				u0, t0 := threadCPU()
				s.runGroup(g)
				u1, t1 := threadCPU()
				cpu, user = cpu+t1-t0, user+u1-u0
				if g[0].err != nil {
					b.Fatal(g[0].err)
				}
			}
			b.StopTimer()
			fi, err := os.Stat(path + "-wal")
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/1e3/float64(b.N), "cpu-µs/group")
			b.ReportMetric(float64(user.Nanoseconds())/1e3/float64(b.N), "user-µs/group")
			b.ReportMetric(float64(fi.Size()-32)/(24+4096)/float64(b.N), "frames/group")
		})
	}
}

// threadCPU is the calling thread's user time and its user + system time
// (RUSAGE_THREAD).
func threadCPU() (user, total time.Duration) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
