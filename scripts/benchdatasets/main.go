// Command benchdatasets builds million-row datasets and measures the
// capabilities that answer from them (issue 34):
//
//	go run ./scripts/benchdatasets gen-companies -n 1000000 > companies.csv
//	go run ./scripts/benchdatasets gen-companies -n 1000000 -bad 1 > bad.csv   # every row bad
//	go run ./scripts/benchdatasets search-companies -db dalil.db -n 1000
//	go run ./scripts/benchdatasets gen-comparables -n 1000000 > comparables.csv
//	go run ./scripts/benchdatasets bench-comparables -db dalil.db -n 1000
//	go run ./scripts/benchdatasets gen-listings -n 1000000 > listings.csv
//	go run ./scripts/benchdatasets bench-listings -db dalil.db -n 1000
//	go run ./scripts/benchdatasets gen-sanctions -n 1000000 > entities.ftm.json
//	go run ./scripts/benchdatasets bench-sanctions -db dalil.db -n 1000
//
// Names are realistic Gulf company and personal names in Latin and Arabic
// script (see gen.go, sanctions.go); places are the Muscat gazetteer's,
// in English or Arabic (property.go); vehicles the Gulf's common models
// in the six GCC markets (vehicles.go). Import a file with `dalil <name>
// import` under /usr/bin/time -v for its peak memory; scripts/benchdatasets/run.sh
// runs every round of docs/performance.md's issue 34 section.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"time"
)

// today is the day the generated data is dated back from and the
// analyses are made on: the UTC date.
func today() time.Time {
	y, m, d := time.Now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchdatasets gen-companies|gen-comparables|gen-listings|gen-sanctions [-n N] [-bad K] [-seed S]\n"+
			"       benchdatasets search-companies|bench-comparables|bench-listings|bench-sanctions -db DSN [-n N] [-cpuprofile F] [-mmap BYTES] [-warm [-warm-fallback]]\n"+
			"       benchdatasets evict-pg -db postgres://...?search_path=SCHEMA   (drop the schema's files from the page cache; root)\n"+
			"       benchdatasets evict-sqlite -db FILE   (drop a SQLite file and its -wal from the page cache)")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "gen-companies":
		fs := flag.NewFlagSet("gen-companies", flag.ExitOnError)
		n := fs.Int("n", 1_000_000, "rows")
		bad := fs.Int("bad", 0, "every K-th row is bad (0: none)")
		seed := fs.Uint64("seed", 1, "random seed")
		fs.Parse(os.Args[2:])
		if err := genCompanies(os.Stdout, *n, *bad, *seed); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "search-companies":
		fs := flag.NewFlagSet("search-companies", flag.ExitOnError)
		db := fs.String("db", "dalil.db", "SQLite file or postgres:// URL holding the companies")
		n := fs.Int("n", 1000, "searches")
		limit := fs.Int("max-mb", 6000, "stop when the process's memory passes this")
		prof := fs.String("cpuprofile", "", "write a CPU profile of the searches to this file")
		warmFlags(fs)
		fs.Parse(os.Args[2:])
		if *prof != "" {
			f, err := os.Create(*prof)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
		if err := searchCompanies(*db, *n, *limit); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "gen-comparables", "gen-listings", "gen-sanctions":
		fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
		n := fs.Int("n", 1_000_000, "rows")
		bad := fs.Int("bad", 0, "every K-th row is bad (0: none)")
		seed := fs.Uint64("seed", 1, "random seed")
		fs.Parse(os.Args[2:])
		var err error
		switch os.Args[1] {
		case "gen-comparables":
			err = genComparables(os.Stdout, *n, *bad, *seed, today())
		case "gen-listings":
			err = genListings(os.Stdout, *n, *bad, *seed, today())
		default:
			err = genSanctions(os.Stdout, *n, *bad, *seed)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "bench-comparables", "bench-listings", "bench-sanctions":
		fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
		db := fs.String("db", "dalil.db", "SQLite file or postgres:// URL holding the dataset")
		n := fs.Int("n", 1000, "calls")
		limit := fs.Int("max-mb", 6000, "stop when the process's memory passes this")
		profile := fs.String("cpuprofile", "", "write a CPU profile of the calls to this file")
		warmFlags(fs)
		fs.Parse(os.Args[2:])
		if *profile != "" {
			f, err := os.Create(*profile)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
		run := map[string]func(string, int, int, time.Time) error{"bench-comparables": benchComparables, "bench-listings": benchListings,
			"bench-sanctions": benchSanctions}[os.Args[1]]
		if err := run(*db, *n, *limit, today()); err != nil {
			pprof.StopCPUProfile()
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "evict-pg":
		fs := flag.NewFlagSet("evict-pg", flag.ExitOnError)
		db := fs.String("db", "", "postgres:// URL whose search_path names the schema")
		fs.Parse(os.Args[2:])
		if err := evictPostgres(*db); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "evict-sqlite":
		fs := flag.NewFlagSet("evict-sqlite", flag.ExitOnError)
		db := fs.String("db", "", "SQLite database file (its -wal too)")
		fs.Parse(os.Args[2:])
		if err := evictSQLite(*db); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	default:
		fmt.Fprintln(os.Stderr, "unknown command", os.Args[1])
		os.Exit(2)
	}
}

// warmFlags adds the flags every benchmark command shares: -mmap, -warm
// and -warm-fallback (openStore applies them).
func warmFlags(fs *flag.FlagSet) {
	fs.Int64Var(&readMmap, "mmap", 0, "bytes of a SQLite file each reader maps (sqlstore.Options.ReadMmapSize; 0: none)")
	fs.BoolVar(&warmFirst, "warm", false, "warm the dataset's indexes and rows as dalil serve does at start, before the first call")
	fs.BoolVar(&warmFallback, "warm-fallback", false, "with -warm: without pg_prewarm (an index scan of each index)")
}
