#!/usr/bin/env bash
# scripts/benchdatasets/coldfirst.sh: the first call after a restart with
# the database's files out of the operating system's page cache, without
# and with the warm-up `dalil serve` does at start (docs/performance.md,
# issue 34, sessions 16 and 17). Run as root on the database's machine:
# it drops the files from the page cache (`benchdatasets evict-pg` for a
# PostgreSQL schema's, `benchdatasets evict-sqlite` for a SQLite file and
# its -wal).
#
# Each round, in turn (the order rotating from round to round): "cold"
# runs the dataset's benchmark (BEFORE_BD, else this tree's, without
# -warm), "warm" with -warm (pg_prewarm on PostgreSQL, dbstat on SQLite),
# "fallback" with -warm -warm-fallback (PostgreSQL: an index scan of each
# index); each after evicting the files, each a new process. With
# RESTART=1 (PostgreSQL) the server is restarted before each eviction,
# which also empties its shared_buffers; the script waits for pg_isready
# after each restart.
#
# Settings (env): DSN (required: postgres://...&search_path=S, a schema
# holding an import, e.g. run.sh's ${PGPREFIX}_after_sanctions, or a
# SQLite file, e.g. run.sh's $DIR/after-sanctions.db), DATASET (sanctions;
# companies, comparables, listings: the benchmark run.sh runs for it),
# CALLS (1000), ROUNDS (2), VARIANTS ("cold warm fallback"; on SQLite
# "cold warm"), RESTART (0), PGCLUSTER ("<the version under
# /etc/postgresql> main": pg_ctlcluster's), BEFORE_BD, DIR
# (/tmp/benchdatasets).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
: "${DSN:?set DSN to a postgres:// URL with search_path, or a SQLite file}"
DATASET=${DATASET:-sanctions}
CALLS=${CALLS:-1000}
ROUNDS=${ROUNDS:-2}
RESTART=${RESTART:-0}
DIR=${DIR:-/tmp/benchdatasets}
declare -A bench=([comparables]=bench-comparables [listings]=bench-listings [sanctions]=bench-sanctions [companies]=search-companies)
cmd=${bench[$DATASET]:?DATASET is one of companies, comparables, listings, sanctions}
case "$DSN" in
  postgres://* | postgresql://*) evict=evict-pg; VARIANTS=${VARIANTS:-cold warm fallback};;
  *) evict=evict-sqlite; VARIANTS=${VARIANTS:-cold warm}
     [ "$RESTART" = 1 ] && { echo "RESTART=1 is for PostgreSQL" >&2; exit 2; };;
esac
PGCLUSTER=${PGCLUSTER:-"$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1) main"}
mkdir -p "$DIR"
go build -o "$DIR/bd" ./scripts/benchdatasets
load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg)"; }
restart() {
  local t0=$SECONDS
  # shellcheck disable=SC2086 # PGCLUSTER is "version name"
  pg_ctlcluster --skip-systemctl-redirect $PGCLUSTER restart
  for _ in $(seq 120); do pg_isready -q -h 127.0.0.1 && break; sleep 1; done
  pg_isready -h 127.0.0.1 | sed 's/^/  /'
  echo "  restarted PostgreSQL $PGCLUSTER in $((SECONDS - t0)) s"
}
read -ra vs <<< "$VARIANTS"
for r in $(seq "$ROUNDS"); do
  n=${#vs[@]}
  for i in $(seq 0 $((n - 1))); do
    v=${vs[$(((i + r - 1) % n))]}
    bin="$DIR/bd"; flags=()
    case $v in
      cold) [ -n "${BEFORE_BD:-}" ] && bin=$BEFORE_BD;;
      warm) flags=(-warm);;
      fallback) flags=(-warm -warm-fallback);;
    esac
    [ "$RESTART" = 1 ] && restart
    "$DIR/bd" $evict -db "$DSN" | sed 's/^/  /'
    echo "$(load) | round $r: $DATASET $v"
    "$bin" "$cmd" -db "$DSN" -n "$CALLS" "${flags[@]}" | sed 's/^/  /'
    echo "  $(load)"
  done
done
