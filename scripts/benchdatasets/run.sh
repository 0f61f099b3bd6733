#!/usr/bin/env bash
# scripts/benchdatasets/run.sh: the million-row figures of docs/performance.md's
# issue 34 section for comparables, vehicle listings, sanctions entries and
# companies:
#
#   1. generate a million good rows of each (and a million bad ones);
#   2. import each with `dalil <name> import` under /usr/bin/time on SQLite and
#      on PostgreSQL: wall time and peak RSS (a file of bad rows is refused,
#      after every row was read: its time and memory are the validation's);
#   3. run bench-comparables, bench-listings, bench-sanctions and
#      search-companies (1,000 calls of the capability's own code) ROUNDS
#      times on each database: the first call after the restart (a new
#      process), p50/p99/max warm, CPU a call (the process's and its
#      PostgreSQL backends'), RSS after a tenth of the calls and at the end.
#
# Each figure is printed with the load average (the machine is shared).
# Settings (env): DIR (/tmp/benchdatasets), N (1000000), CALLS (1000),
# ROUNDS (3), CASES ("import bench"), DATASETS ("comparables listings
# sanctions companies"), DBS ("sqlite postgres"), DALIL_TEST_POSTGRES
# (postgres://postgres@127.0.0.1:5432/test?sslmode=disable; the schemas
# $PGPREFIX_* are dropped and made again), PGPREFIX (benchds: another name keeps
# two people's runs on one server apart), BEFORE (a dalil binary to import with
# too, for a before/after comparison) and BEFORE_DBS ("sqlite postgres": the
# databases it imports into), BEFORE_BD (a benchdatasets binary built from
# the code before a change: each round then runs it and this tree's, in
# turn, the first of the two alternating from round to round), BAD (1; 0:
# neither generate nor import the files of bad rows).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

DIR=${DIR:-/tmp/benchdatasets}
N=${N:-1000000}
CALLS=${CALLS:-1000}
ROUNDS=${ROUNDS:-3}
CASES=${CASES:-import bench}
DATASETS=${DATASETS:-comparables listings sanctions companies}
DBS=${DBS:-sqlite postgres}
BEFORE_DBS=${BEFORE_DBS:-sqlite postgres}
PG=${DALIL_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
PGPREFIX=${PGPREFIX:-benchds}
BAD=${BAD:-1}
mkdir -p "$DIR"
go build -o "$DIR/dalil" ./cmd/dalil
go build -o "$DIR/bd" ./scripts/benchdatasets
load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg)"; }
pgurl() { case "$PG" in *\?*) echo "$PG&search_path=$1";; *) echo "$PG?search_path=$1";; esac; }
schema() { psql "$PG" -q -c "DROP SCHEMA IF EXISTS $1 CASCADE" -c "CREATE SCHEMA $1" >/dev/null 2>&1; }

declare -A gen=([comparables]=gen-comparables [listings]=gen-listings [sanctions]=gen-sanctions [companies]=gen-companies)
declare -A file=([comparables]=comparables.csv [listings]=listings.csv [sanctions]=entities.ftm.json [companies]=companies.csv)
declare -A bench=([comparables]=bench-comparables [listings]=bench-listings [sanctions]=bench-sanctions [companies]=search-companies)
flags() {
  case $1 in
    sanctions) echo "--format ftm --source bench --license OpenSanctions-commercial-licence-benchmark";;
    *) echo "--source bench --license benchmark";;
  esac
}

for ds in $DATASETS; do
  [ -s "$DIR/${file[$ds]}" ] || "$DIR/bd" "${gen[$ds]}" -n "$N" > "$DIR/${file[$ds]}"
  [ "$BAD" = 0 ] || [ -s "$DIR/bad-${file[$ds]}" ] || "$DIR/bd" "${gen[$ds]}" -n "$N" -bad 1 -seed 2 > "$DIR/bad-${file[$ds]}"
done

imp() { # binary label dataset file dsn
  local bin=$1 label=$2 ds=$3 f=$4 dsn=$5
  echo "$(load) | $label $ds $(basename "$f"): $(ls -l "$f" | awk '{printf "%.0f MB", $5/1048576}')"
  # A file of bad rows is refused: the command exits non-zero.
  { DALIL_DB="$dsn" /usr/bin/time -f "  %e s, peak RSS %M KB" "$bin" $ds import "$f" $(flags $ds) 2>&1 || true; } |
    grep -v -e " import: " -e "^  line " -e "more bad rows" -e "exited with" | sed 's/^/  /' | tail -2
}

if [[ " $CASES " == *" import "* ]]; then
  for db in $DBS; do
    for ds in $DATASETS; do
      files=("$DIR/${file[$ds]}"); [ "$BAD" = 0 ] || files+=("$DIR/bad-${file[$ds]}")
      for f in "${files[@]}"; do
        bins=after
        [[ -n "${BEFORE:-}" && " $BEFORE_DBS " == *" $db "* ]] && bins="before after"
        for bin in $bins; do
          b="$DIR/dalil"; [ $bin = before ] && b=$BEFORE
          if [ $db = sqlite ]; then
            dsn="$DIR/$bin-$ds.db"; [[ $f == */bad-* ]] && dsn="$DIR/$bin-bad-$ds.db"
            rm -f "$dsn" "$dsn-wal" "$dsn-shm"
          else
            s="${PGPREFIX}_${bin}_${ds}"; [[ $f == */bad-* ]] && s="${PGPREFIX}_${bin}_bad_${ds}"
            schema "$s"; dsn=$(pgurl "$s")
          fi
          imp "$b" "$bin $db" $ds "$f" "$dsn"
        done
      done
    done
  done
fi

if [[ " $CASES " == *" bench "* ]]; then
  for r in $(seq "$ROUNDS"); do
    for db in $DBS; do
      for ds in $DATASETS; do
        dsn="$DIR/after-$ds.db"; [ $db = postgres ] && dsn=$(pgurl "${PGPREFIX}_after_$ds")
        bds="after"
        if [ -n "${BEFORE_BD:-}" ]; then
          bds="before after"; [ $((r % 2)) = 0 ] && bds="after before"
        fi
        for b in $bds; do
          bin="$DIR/bd"; [ $b = before ] && bin=$BEFORE_BD
          echo "$(load) | round $r $db ${bench[$ds]} ($b)"
          "$bin" "${bench[$ds]}" -db "$dsn" -n "$CALLS" | sed 's/^/  /'
          echo "  $(load)"
        done
      done
    done
  done
fi
