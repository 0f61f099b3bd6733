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
// the companies in dsn and prints the figures (measure), with how many
// found a company and the slowest queries.
func searchCompanies(dsn string, n, limitMB int) error {
	watchdog(limitMB)
	ctx := context.Background()
	st, err := openStore(ctx, dsn, sqlstore.Options{Modules: []sqlstore.Module{companysql.Module()}, OpTimeout: time.Hour})
	if err != nil {
		return err
	}
	defer st.Close()
	deps := omanbusiness.Deps{Directory: companysql.New(st.DB()), Now: time.Now}
	qs := queries(n, 5)
	type slow struct {
		q string
		d time.Duration
	}
	var slowest []slow
	found := 0
	kinds := []string{"as written", "a letter dropped", "Arabic", "first two words", "not there"}
	return measure("search_oman_company", len(qs), func(i int) string { return kinds[i%5] }, func(i int) error {
		t := time.Now()
		out, err := omanbusiness.Search(ctx, deps, omanbusiness.SearchInput{Query: qs[i], Limit: 10})
		if err != nil {
			return err
		}
		if out.TotalMatches > 0 {
			found++
		}
		if i > 0 {
			slowest = append(slowest, slow{qs[i], time.Since(t)})
		}
		return nil
	}, func() string {
		slices.SortFunc(slowest, func(a, b slow) int { return int(b.d - a.d) })
		var s []string
		for _, x := range slowest[:min(3, len(slowest))] {
			s = append(s, fmt.Sprintf("%v %q", x.d.Round(time.Millisecond), x.q))
		}
		return fmt.Sprintf("%d of %d with a match; slowest %s", found, len(qs), strings.Join(s, ", "))
	})
}
