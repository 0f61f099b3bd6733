// Command loadgen is bench tooling for scripts/bench-http: an open-loop
// load generator that sends POST requests at a fixed rate and reports the
// latency percentiles. Unlike wrk, which sends as fast as responses come
// back, it keeps the rate whatever the server does, and measures each
// latency from the moment the request was due, so a stalled server shows
// up in the percentiles instead of silently lowering the rate
// (coordinated omission).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"
)

func main() {
	url := flag.String("url", "", "target URL")
	rate := flag.Int("rate", 1000, "requests per second")
	duration := flag.Duration("duration", 10*time.Second, "how long to send")
	body := flag.String("body", "", "JSON request body")
	key := flag.String("key", os.Getenv("KEY"), "X-API-Key header (default $KEY)")
	conns := flag.Int("conns", 256, "most requests in flight (and connections)")
	flag.Parse()
	if *url == "" || *rate <= 0 {
		fmt.Fprintln(os.Stderr, "usage: loadgen -url URL -rate N [-duration 10s] [-body JSON] [-key KEY]")
		os.Exit(2)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns}, Timeout: 30 * time.Second}
	total := int(float64(*rate) * duration.Seconds())
	interval := time.Second / time.Duration(*rate)
	var (
		mu        sync.Mutex
		latencies = make([]time.Duration, 0, total)
		failures  int
		wg        sync.WaitGroup
		slots     = make(chan struct{}, *conns)
	)
	start := time.Now()
	for i := 0; i < total; i++ {
		due := start.Add(time.Duration(i) * interval)
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		}
		slots <- struct{}{} // at most conns in flight; a wait here counts in the latency
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			req, _ := http.NewRequest(http.MethodPost, *url, bytes.NewReader([]byte(*body)))
			req.Header.Set("Content-Type", "application/json")
			if *key != "" {
				req.Header.Set("X-API-Key", *key)
			}
			res, err := client.Do(req)
			ok := err == nil && res.StatusCode/100 == 2
			if err == nil {
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
			lat := time.Since(due)
			mu.Lock()
			latencies = append(latencies, lat)
			if !ok {
				failures++
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))]
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
	fmt.Printf("rate %d/s sent %d in %.1fs (%.0f/s) p50 %s p99 %s max %s non-2xx %d\n",
		*rate, len(latencies), elapsed.Seconds(), float64(len(latencies))/elapsed.Seconds(), ms(pct(0.50)), ms(pct(0.99)), ms(pct(1)), failures)
}
