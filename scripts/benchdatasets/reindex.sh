#!/usr/bin/env bash
# scripts/benchdatasets/reindex.sh: the reindex figures of docs/performance.md's
# issue 34 section ("Rebuilding the name index"): on PostgreSQL, import N
# companies (or sanctions entities) into a fresh schema, then run
# `dalil <dataset> reindex` twice while another session holds a snapshot open
# (a REPEATABLE READ transaction, as any long transaction in the cluster
# would), printing the time, peak RSS and the pages of the index's tables
# (pg_relation_size) after the import and after each reindex.
#
# Settings (env): DIR (/tmp/benchdatasets: the generated file and the
# binaries), N (1000000), DATASET (companies or sanctions), BEFORE (a dalil
# binary to measure first, e.g. one built at an older commit), HOLD (1: hold
# the snapshot; 0: do not), DALIL_TEST_POSTGRES
# (postgres://postgres@127.0.0.1:5432/test?sslmode=disable; the schemas
# reindex_before and reindex_after are made, and dropped at the end).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

DIR=${DIR:-/tmp/benchdatasets}
N=${N:-1000000}
DATASET=${DATASET:-companies}
PG=${DALIL_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
mkdir -p "$DIR"
go build -o "$DIR/dalil" ./cmd/dalil
go build -o "$DIR/bd" ./scripts/benchdatasets
case $DATASET in
  companies) f=$DIR/companies-$N.csv; gen=gen-companies; flags="--source bench --license benchmark"
    tables="'company_name_terms','company_name_terms_pkey','company_term_counts','company_term_counts_pkey'";;
  sanctions) f=$DIR/entities-$N.ftm.json; gen=gen-sanctions
    flags="--format ftm --source bench --license OpenSanctions-commercial-licence-benchmark"
    tables="'sanctions_name_terms','sanctions_name_terms_pkey','sanctions_term_counts','sanctions_term_counts_pkey'";;
  *) echo "DATASET: companies or sanctions" >&2; exit 2;;
esac
[ -s "$f" ] || "$DIR/bd" $gen -n "$N" > "$f"
load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg)"; }
sep() { case "$PG" in *\?*) echo "&";; *) echo "?";; esac; }
pages() {
  psql "$PG" -Atq -c "SELECT string_agg(relname || ' ' || pg_relation_size(oid)/8192, ', ' ORDER BY relname) FROM pg_class
    WHERE relnamespace = '$1'::regnamespace AND relname IN ($tables)"
}
unhold() { psql "$PG" -Atq -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'reindex_hold'" >/dev/null; }
trap unhold EXIT

bins=after; [ -n "${BEFORE:-}" ] && bins="before after"
for bin in $bins; do
  s=reindex_$bin b=$DIR/dalil
  [ $bin = before ] && b=$BEFORE
  psql "$PG" -q -c "DROP SCHEMA IF EXISTS $s CASCADE" -c "CREATE SCHEMA $s" >/dev/null 2>&1
  dsn="$PG$(sep)search_path=$s"
  echo "== $bin: $(load) | import $(basename "$f")"
  DALIL_DB="$dsn" /usr/bin/time -f "  %e s, peak RSS %M KB" "$b" $DATASET import "$f" $flags 2>&1 | tail -1
  echo "  pages: $(pages $s)"
  if [ "${HOLD:-1}" = 1 ]; then
    psql "$PG$(sep)application_name=reindex_hold" -q \
      -c "BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT count(*) FROM pg_class; SELECT pg_sleep(7200);" >/dev/null 2>&1 &
    sleep 2
  fi
  for i in 1 2; do
    echo "  $(load) | reindex $i"
    DALIL_DB="$dsn" /usr/bin/time -f "  %e s, peak RSS %M KB" "$b" $DATASET reindex 2>&1 | tail -1
    echo "  pages: $(pages $s)"
  done
  unhold
  wait
  psql "$PG" -q -c "DROP SCHEMA $s CASCADE" >/dev/null 2>&1
done
