// Command benchdatasets builds million-row datasets and measures the
// capabilities that answer from them (issue 34):
//
//	go run ./scripts/benchdatasets gen-companies -n 1000000 > companies.csv
//	go run ./scripts/benchdatasets gen-companies -n 1000000 -bad 1 > bad.csv   # every row bad
//	go run ./scripts/benchdatasets search-companies -db dalil.db -n 1000
//
// Names are realistic Gulf company names in Latin and Arabic script (see
// gen.go). Import a file with `dalil companies import` under
// /usr/bin/time -v for its peak memory.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchdatasets gen-companies [-n N] [-bad K] [-seed S]")
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
	default:
		fmt.Fprintln(os.Stderr, "unknown command", os.Args[1])
		os.Exit(2)
	}
}
