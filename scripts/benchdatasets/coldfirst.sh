#!/usr/bin/env bash
# scripts/benchdatasets/coldfirst.sh: the first call after a restart with
# the database's files out of the operating system's page cache, without
# and with the warm-up `dalil serve` does at start (docs/performance.md,
# issue 34, session 16). PostgreSQL only; run as root on the database's
# machine (it drops the schema's files from the page cache:
# `benchdatasets evict-pg`). PostgreSQL's shared_buffers are left alone.
#
# Each round, in turn (the order rotating from round to round): "cold"
# runs bench-sanctions (BEFORE_BD, else this tree's without -warm), "warm"
# with -warm (pg_prewarm), "fallback" with -warm -warm-fallback (an index
# scan of each index); each after evicting the schema's files, each a new
# process. Settings (env): DSN (required: postgres://...&search_path=S, a
# schema holding an import, e.g. run.sh's ${PGPREFIX}_after_sanctions),
# CALLS (1000), ROUNDS (2), VARIANTS ("cold warm fallback"), BEFORE_BD,
# DIR (/tmp/benchdatasets).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
: "${DSN:?set DSN to a postgres:// URL with search_path}"
CALLS=${CALLS:-1000}
ROUNDS=${ROUNDS:-2}
VARIANTS=${VARIANTS:-cold warm fallback}
DIR=${DIR:-/tmp/benchdatasets}
mkdir -p "$DIR"
go build -o "$DIR/bd" ./scripts/benchdatasets
load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg)"; }
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
    "$DIR/bd" evict-pg -db "$DSN" | sed 's/^/  /'
    echo "$(load) | round $r: $v"
    "$bin" bench-sanctions -db "$DSN" -n "$CALLS" "${flags[@]}" | sed 's/^/  /'
    echo "  $(load)"
  done
done
