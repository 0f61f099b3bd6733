// Command loadgen is bench tooling for scripts/bench-http: an open-loop
// load generator that sends POST requests at a fixed rate and reports the
// latency percentiles. Unlike wrk, which sends as fast as responses come
// back, it keeps the rate whatever the server does, and measures each
// latency from the moment the request was due, so a stalled server shows
// up in the percentiles instead of silently lowering the rate
// (coordinated omission), as wrk2 does.
//
// Like wrk2 it is light, so that it takes little CPU from the server on
// the same machine: each connection has its own schedule (every conns-th
// request), writes a request prepared once and reads the response with a
// minimal HTTP/1.1 parser (status line, Content-Length, body).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	target := flag.String("url", "", "target URL (http only)")
	rate := flag.Int("rate", 1000, "requests per second")
	duration := flag.Duration("duration", 10*time.Second, "how long to send")
	body := flag.String("body", "", "JSON request body")
	key := flag.String("key", os.Getenv("KEY"), "X-API-Key header (default $KEY)")
	conns := flag.Int("conns", 64, "connections, each with its share of the schedule")
	flag.Parse()
	u, err := url.Parse(*target)
	if *target == "" || *rate <= 0 || *conns <= 0 || err != nil || u.Scheme != "http" {
		fmt.Fprintln(os.Stderr, "usage: loadgen -url http://HOST:PORT/PATH -rate N [-duration 10s] [-body JSON] [-key KEY] [-conns 64]")
		os.Exit(2)
	}
	var req strings.Builder
	fmt.Fprintf(&req, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n", u.RequestURI(), u.Host, len(*body))
	if *key != "" {
		fmt.Fprintf(&req, "X-API-Key: %s\r\n", *key)
	}
	req.WriteString("\r\n")
	req.WriteString(*body)
	raw := []byte(req.String())

	total := int(float64(*rate) * duration.Seconds())
	interval := time.Second / time.Duration(*rate)
	start := time.Now().Add(50 * time.Millisecond)
	type result struct {
		lat      []time.Duration
		failures int
		err      error
	}
	results := make([]result, *conns)
	var wg sync.WaitGroup
	for c := 0; c < *conns; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := &results[c]
			conn, err := net.Dial("tcp", u.Host)
			if err != nil {
				res.err = err
				return
			}
			defer conn.Close()
			br := bufio.NewReaderSize(conn, 16<<10)
			for i := c; i < total; i += *conns {
				due := start.Add(time.Duration(i) * interval)
				if d := time.Until(due); d > 0 {
					time.Sleep(d)
				}
				if _, err := conn.Write(raw); err != nil {
					res.err = err
					return
				}
				status, err := readResponse(br)
				if err != nil {
					res.err = err
					return
				}
				res.lat = append(res.lat, time.Since(due))
				if status/100 != 2 {
					res.failures++
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	var all []time.Duration
	failures := 0
	for _, r := range results {
		if r.err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", r.err)
			os.Exit(1)
		}
		all = append(all, r.lat...)
		failures += r.failures
	}
	slices.Sort(all)
	pct := func(p float64) time.Duration {
		if len(all) == 0 {
			return 0
		}
		return all[min(len(all)-1, int(p*float64(len(all))))]
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
	fmt.Printf("rate %d/s sent %d in %.1fs (%.0f/s) p50 %s p99 %s max %s non-2xx %d\n",
		*rate, len(all), elapsed.Seconds(), float64(len(all))/elapsed.Seconds(), ms(pct(0.50)), ms(pct(0.99)), ms(pct(1)), failures)
}

// readResponse reads one HTTP/1.1 response with a Content-Length body and
// returns its status code.
func readResponse(br *bufio.Reader) (int, error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(line))
	if len(f) < 2 {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	status, err := strconv.Atoi(f[1])
	if err != nil {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	length := -1
	for {
		h, err := br.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		if len(h) <= 2 { // the blank line
			break
		}
		if name, value, ok := strings.Cut(string(h), ":"); ok && strings.EqualFold(name, "Content-Length") {
			if length, err = strconv.Atoi(strings.TrimSpace(value)); err != nil {
				return 0, fmt.Errorf("bad Content-Length %q", value)
			}
		}
	}
	if length < 0 {
		return 0, fmt.Errorf("response without Content-Length")
	}
	_, err = br.Discard(length)
	return status, err
}
