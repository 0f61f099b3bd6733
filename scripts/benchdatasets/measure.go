package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"dalil/capabilities/omanbusiness/companysql"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/vehiclevalue/vehiclesql"
	"dalil/module"
	"dalil/store/sqlstore"
)

// appName is the application_name the benchmarks' PostgreSQL sessions
// carry: serverCPU finds their backends by it.
const appName = "dalil-benchdatasets"

// openStore opens the store at dsn with modules, as the benchmarks do:
// on PostgreSQL its sessions are named appName.
// readMmap is the -mmap flag: sqlstore.Options.ReadMmapSize of the
// stores the benchmarks open.
var readMmap int64

func openStore(ctx context.Context, dsn string, opts sqlstore.Options) (*sqlstore.Store, error) {
	opts.ReadMmapSize = readMmap
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		dsn += sep + "application_name=" + appName
	}
	st, err := sqlstore.Open(ctx, dsn, opts)
	if err != nil {
		return nil, err
	}
	if st.DB().Dialect() == "postgres" {
		serverCPU = func() map[int]time.Duration { return backendCPU(st.DB()) }
	}
	if warmFirst {
		if err := warmDatasets(ctx, st, opts.Modules); err != nil {
			st.Close()
			return nil, err
		}
	}
	return st, nil
}

// warmFirst and warmFallback are the -warm and -warm-fallback flags: the
// opened store's datasets are warmed as `dalil serve` warms them at start
// (their module.Dataset.Warm), before the first call; with the fallback,
// without pg_prewarm.
var warmFirst, warmFallback bool

// warmDatasets warms the datasets of the modules among mods, and prints
// what it read and how long it took.
func warmDatasets(ctx context.Context, st *sqlstore.Store, mods []sqlstore.Module) error {
	for _, m := range []module.Module{sanctionssql.Data(), companysql.Data(), omanpropertysql.Data(), vehiclesql.Data()} {
		if !slices.ContainsFunc(mods, func(x sqlstore.Module) bool { return x.Name == m.Store.Name }) {
			continue
		}
		for _, d := range m.Datasets {
			t0 := time.Now()
			w, err := st.DB().Warm(ctx, d.Warm, sqlstore.WarmOptions{Rows: d.WarmRows, NoExtension: warmFallback})
			if err != nil {
				return fmt.Errorf("warm %s: %w", d.Name, err)
			}
			fmt.Printf("warm-up of %s: %v (%s, %d relations, %d pages, %d MB)\n", d.Name, time.Since(t0).Round(time.Millisecond), w.Method,
				w.Relations, w.Pages, w.Bytes>>20)
		}
	}
	return nil
}

// serverCPU, when set (PostgreSQL), is the CPU time each of this
// process's backends has used, by pid.
var serverCPU func() map[int]time.Duration

// backendCPU reads the CPU time of the PostgreSQL backends named appName
// from /proc (the server runs on this machine).
func backendCPU(db sqlstore.DB) map[int]time.Duration {
	out := map[int]time.Duration{}
	rows, err := db.Read().Query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, appName)
	if err != nil {
		return out
	}
	defer rows.Close()
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) != nil {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// Fields after the command's closing parenthesis: utime and stime
		// are the 12th and 13th, in clock ticks (100 a second).
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		k, _ := strconv.ParseInt(f[12], 10, 64)
		out[pid] = time.Duration(u+k) * 10 * time.Millisecond
	}
	return out
}

// processCPU is the CPU time (user and system) this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs call n times, the first alone (the first call after an
// import or a restart: nothing cached in the process), and prints its
// time, the warm calls' p50, p99 and max (overall and by the class each
// input is of), the process's memory after the first call, after a
// tenth of the calls and at the end (flat memory shows as the same
// figures), the CPU a warm call took (this process's, and on PostgreSQL
// its backends'; the steadier figure on a shared machine), then what
// more says.
func measure(name string, n int, class func(i int) string, call func(i int) error, more func() string) error {
	var lat []time.Duration
	byClass := map[string][]time.Duration{}
	var early, earlyAnon int
	var cpu0 time.Duration
	var server0 map[int]time.Duration
	for i := 0; i < n; i++ {
		if i == 1 {
			cpu0 = processCPU()
			if serverCPU != nil {
				server0 = serverCPU()
			}
		}
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
			early, earlyAnon = rssKB("VmRSS"), rssKB("RssAnon")
		}
		lat = append(lat, d)
		byClass[class(i)] = append(byClass[class(i)], d)
	}
	cpu := (processCPU() - cpu0) / time.Duration(max(1, len(lat)))
	cpuText := fmt.Sprintf("CPU %v a call", cpu.Round(10*time.Microsecond))
	if serverCPU != nil {
		var server time.Duration
		for pid, d := range serverCPU() {
			server += d - server0[pid]
		}
		cpuText += fmt.Sprintf(" + PostgreSQL %v", (server / time.Duration(max(1, len(lat)))).Round(10*time.Microsecond))
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	// RSS counts the pages of a file the process maps (SQLite's
	// mmap_size) once a mapping: private memory (RssAnon) is printed
	// apart, and the mapped file's pages (RssFile: the page cache's,
	// shared, not this process's own).
	fmt.Printf("%s: %d warm calls: %s; %s; RSS %d MB after %d calls, %d MB after %d, peak %d MB; private %d MB after %d calls, %d MB after %d, file-backed %d MB; Go heap in use %d MB; %s\n",
		name, len(lat), percentiles(lat), cpuText, early>>10, n/10+1, rssKB("VmRSS")>>10, n, rssKB("VmHWM")>>10,
		earlyAnon>>10, n/10+1, rssKB("RssAnon")>>10, n, rssKB("RssFile")>>10, ms.HeapInuse>>20, more())
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
