//go:build roundstats

package sqlstore

// The committer's rounds, measured (docs/performance.md, issue 34,
// session 27, "what bounds 32 connections"): built only with -tags
// roundstats. With DALIL_ROUNDSTATS_ADDR set (a loopback address) the
// process serves GET /rounds there: per phase of a group's round its
// count, mean and quantiles since the last GET, which resets them.

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"sort"
	"sync"
	"time"
)

const roundStats = true

var phaseNames = [nPhases]string{"wait first", "gather", "run group", " of it commit", " of it finish", "charge queued", "charge wake", "charge total"}

var base = time.Now()

func roundNow() int64 { return int64(time.Since(base)) }

// hist: 10 µs buckets to 20 ms, then one.
const nBuckets = 2001

type hist struct {
	n, sum int64
	b      [nBuckets]int64
}

func (h *hist) add(ns int64) {
	h.n++
	h.sum += ns
	i := ns / 10_000
	if i >= nBuckets {
		i = nBuckets - 1
	}
	h.b[i]++
}

func (h *hist) q(f float64) float64 {
	want := int64(f * float64(h.n))
	var c int64
	for i, v := range h.b {
		c += v
		if c > want {
			return float64(i*10 + 5)
		}
	}
	return 0
}

var (
	rsMu    sync.Mutex
	phases  [nPhases]hist
	sizes   []int
	started = time.Now()
)

func roundPhase(p int, ns int64) {
	rsMu.Lock()
	phases[p].add(ns)
	rsMu.Unlock()
}

// jobTimes: when a charge was queued and when its channel was closed.
type jobTimes struct{ queuedAt, closedAt int64 }

// roundClock times one round of the committer.
type roundClock struct {
	last int64
}

func (c *roundClock) mark(p int) {
	now := roundNow()
	// A wait over 50 ms is the server idle between loads, not a round's.
	if c.last != 0 && (p != phWait || now-c.last < 50e6) {
		roundPhase(p, now-c.last)
	}
	c.last = now
}

// started records a group's size and its charges' time in the queue.
func (c *roundClock) started(group []*chargeJob) {
	now := roundNow()
	rsMu.Lock()
	sizes = append(sizes, len(group))
	for _, j := range group {
		phases[phQueued].add(now - j.times.queuedAt)
	}
	rsMu.Unlock()
}

func jobQueued(j *chargeJob) { j.times.queuedAt = roundNow() }

func jobClosed(j *chargeJob) { j.times.closedAt = roundNow() }

func jobWoken(j *chargeJob) {
	now := roundNow()
	rsMu.Lock()
	phases[phWake].add(now - j.times.closedAt)
	phases[phTotal].add(now - j.times.queuedAt)
	rsMu.Unlock()
}

func init() {
	addr := os.Getenv("DALIL_ROUNDSTATS_ADDR")
	if addr == "" {
		return
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "DALIL_ROUNDSTATS_ADDR:", err)
		return
	}
	fmt.Fprintf(os.Stderr, "round stats on http://%s/rounds\n", ln.Addr())
	mux := http.NewServeMux()
	mux.HandleFunc("/rounds", func(w http.ResponseWriter, r *http.Request) {
		rsMu.Lock()
		ph, sz, since := phases, sizes, time.Since(started)
		phases, sizes, started = [nPhases]hist{}, nil, time.Now()
		rsMu.Unlock()
		charges := 0
		for _, n := range sz {
			charges += n
		}
		sort.Ints(sz)
		if len(sz) == 0 {
			fmt.Fprintln(w, "no groups")
			return
		}
		secs := since.Seconds()
		fmt.Fprintf(w, "over %.2fs: %d groups (%.0f/s), %d charges (%.0f/s); group size mean %.1f p10 %d p50 %d p90 %d max %d\n",
			secs, len(sz), float64(len(sz))/secs, charges, float64(charges)/secs,
			float64(charges)/float64(len(sz)), sz[len(sz)/10], sz[len(sz)/2], sz[len(sz)*9/10], sz[len(sz)-1])
		fmt.Fprintf(w, "%-14s %9s %9s %8s %8s %8s %9s\n", "phase", "count", "mean µs", "p10", "p50", "p90", "share")
		for p := range nPhases {
			h := &ph[p]
			if h.n == 0 {
				continue
			}
			share := ""
			if p <= phRun {
				share = fmt.Sprintf("%.1f %%", float64(h.sum)/since.Seconds()/1e7)
			}
			fmt.Fprintf(w, "%-14s %9d %9.1f %8.0f %8.0f %8.0f %9s\n", phaseNames[p], h.n, float64(h.sum)/float64(h.n)/1e3, h.q(0.1), h.q(0.5), h.q(0.9), share)
		}
	})
	go http.Serve(ln, mux)
}
