package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/store/sqlstore"
)

// rssKB reads a field of /proc/self/status (VmRSS, VmHWM) in kB.
func rssKB(field string) int {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, field+":") {
			n, _ := strconv.Atoi(strings.Fields(l)[1])
			return n
		}
	}
	return 0
}

// watchdog ends the process when its memory passes limitMB: a scan of a
// million rows has taken a machine's memory before (issue 34).
func watchdog(limitMB int) {
	go func() {
		for range time.Tick(100 * time.Millisecond) {
			if kb := rssKB("VmRSS"); kb > limitMB<<10 {
				fmt.Printf("stopped: memory passed %d MB (RSS %d MB)\n", limitMB, kb>>10)
				os.Exit(3)
			}
		}
	}()
}

// queries are n searches for generated companies: a name as written, with
// a letter dropped, in Arabic, a prefix, and a name that is not there.
func queries(n int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 9))
	var out []string
	for len(out) < n {
		en, ar := companyName(rng)
		switch len(out) % 5 {
		case 0:
			out = append(out, en)
		case 1:
			i := 3 + rng.IntN(len(en)-4)
			out = append(out, en[:i]+en[i+1:])
		case 2:
			out = append(out, ar)
		case 3:
			out = append(out, strings.Join(strings.Fields(en)[:2], " "))
		default:
			out = append(out, "Zzyzx Qwerty Holdings")
		}
	}
	return out
}

// searchCompanies runs n searches through search_oman_company's code over
// the companies in dsn and prints the first call's time, p50, p99, max
// and memory.
func searchCompanies(dsn string, n, limitMB int) error {
	watchdog(limitMB)
	ctx := context.Background()
	st, err := sqlstore.Open(ctx, dsn, sqlstore.Options{Modules: []sqlstore.Module{companysql.Module()}, OpTimeout: time.Hour})
	if err != nil {
		return err
	}
	defer st.Close()
	deps := omanbusiness.Deps{Directory: companysql.New(st.DB()), Now: time.Now}
	qs := queries(n, 5)
	var lat []time.Duration
	type slow struct {
		q string
		d time.Duration
	}
	var slowest []slow
	found := 0
	for i, q := range qs {
		t := time.Now()
		out, err := omanbusiness.Search(ctx, deps, omanbusiness.SearchInput{Query: q, Limit: 10})
		d := time.Since(t)
		if err != nil {
			return err
		}
		if out.TotalMatches > 0 {
			found++
		}
		if i == 0 {
			fmt.Printf("first search: %v (RSS %d MB)\n", d.Round(time.Millisecond), rssKB("VmRSS")>>10)
			continue
		}
		lat = append(lat, d)
		slowest = append(slowest, slow{q, d})
	}
	slices.SortFunc(slowest, func(a, b slow) int { return int(b.d - a.d) })
	for _, s := range slowest[:min(5, len(slowest))] {
		fmt.Printf("  slow: %v %q\n", s.d.Round(time.Millisecond), s.q)
	}
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))].Round(10 * time.Microsecond) }
	fmt.Printf("%d warm searches: p50 %v p99 %v max %v; %d of %d with a match; RSS %d MB, peak %d MB\n",
		len(lat), pct(0.5), pct(0.99), lat[len(lat)-1].Round(time.Millisecond), found, len(qs), rssKB("VmRSS")>>10, rssKB("VmHWM")>>10)
	return nil
}
