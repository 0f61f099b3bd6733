package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"
)

// measure runs call n times, the first alone (the first call after an
// import or a restart: nothing cached in the process), and prints its
// time, the warm calls' p50, p99 and max (overall and by the class each
// input is of), and the process's memory after the first call, after a
// tenth of the calls and at the end (flat memory shows as the same
// figures), then what more says.
func measure(name string, n int, class func(i int) string, call func(i int) error, more func() string) error {
	var lat []time.Duration
	byClass := map[string][]time.Duration{}
	var early int
	for i := 0; i < n; i++ {
		t := time.Now()
		if err := call(i); err != nil {
			return fmt.Errorf("call %d: %w", i, err)
		}
		d := time.Since(t)
		switch {
		case i == 0:
			fmt.Printf("%s: first call %v (%s; RSS %d MB)\n", name, d.Round(10*time.Microsecond), class(i), rssKB("VmRSS")>>10)
			continue
		case i == n/10:
			early = rssKB("VmRSS")
		}
		lat = append(lat, d)
		byClass[class(i)] = append(byClass[class(i)], d)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%s: %d warm calls: %s; RSS %d MB after %d calls, %d MB after %d, peak %d MB; Go heap in use %d MB; %s\n",
		name, len(lat), percentiles(lat), early>>10, n/10+1, rssKB("VmRSS")>>10, n, rssKB("VmHWM")>>10, ms.HeapInuse>>20, more())
	var classes []string
	for c, l := range byClass {
		classes = append(classes, fmt.Sprintf("%s (%d): %s", c, len(l), percentiles(l)))
	}
	slices.Sort(classes)
	fmt.Printf("%s: by input: %s\n", name, strings.Join(classes, "; "))
	return nil
}

// percentiles are the p50, p99 and max of lat.
func percentiles(lat []time.Duration) string {
	lat = slices.Clone(lat)
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))].Round(10 * time.Microsecond) }
	return fmt.Sprintf("p50 %v p99 %v max %v", pct(0.5), pct(0.99), lat[len(lat)-1].Round(10*time.Microsecond))
}
