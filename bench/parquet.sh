#!/usr/bin/env bash
# Parquet against CSV: the same N rows (y_true, y_score; see bench/pqgen)
# as a CSV file and as a Parquet file (snappy, row groups of 1 Mi rows, as
# pyarrow writes by default), read by evalkit's table package (pqgen read:
# both columns of every row, Reader.Parallel and Reader.Float) and by
# `evalkit rank` end to end with default flags. Prints the median wall time,
# the median CPU time (user + system: the fairer figure on a loaded
# machine) and the peak memory of each, and the CSV/Parquet ratios.
#
#   bench/compare.sh parquet            # N=10000000 rows by default
#   N=1000000 REPEAT=1 bench/compare.sh parquet
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
N=${N:-10000000}
mkdir -p bench/out
go build -o bench/out/pqgen ./bench/pqgen
[ -x "$EVALKIT" ] || go build -o "$EVALKIT" ./cmd/evalkit
prefix=bench/out/parquet-$N
if [ ! -s "$prefix.parquet" ] || [ ! -s "$prefix.csv" ]; then
  echo "  generating $prefix.csv and $prefix.parquet ($N rows)"
  bench/out/pqgen write "$N" "$prefix"
fi
ls -l "$prefix.csv" "$prefix.parquet" | awk '{printf "  %-40s %6.1f MB\n", $NF, $5/1e6}'

# cpu NAME CMD...: like measure, with the median CPU time too; sets
# LAST_WALL and LAST_CPU.
cpu() {
  local name=$1; shift
  local walls=() cpus=() rss=0 e u s r
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f '%e %U %S %M' -o bench/out/.time "$@" > /dev/null
    read -r e u s r < bench/out/.time
    walls+=("$e"); cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}')")
    [ "$r" -gt "$rss" ] && rss=$r
  done
  LAST_WALL=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  LAST_CPU=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '  %-24s wall %6.2f s  cpu %6.2f s  peak %5.0f MB  (wall: %s; cpu: %s)\n' \
    "$name" "$LAST_WALL" "$LAST_CPU" "$((rss/1024))" "${walls[*]}" "${cpus[*]}"
}

echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
cpu "read CSV" bench/out/pqgen read "$prefix.csv"; cw=$LAST_WALL cc=$LAST_CPU
cpu "read Parquet" bench/out/pqgen read "$prefix.parquet"; pw=$LAST_WALL pc=$LAST_CPU
echo "  read: Parquet is $(ratio "$cw" "$pw")x faster (wall), $(ratio "$cc" "$pc")x less CPU"
cpu "evalkit rank CSV" "$EVALKIT" rank --format json "$prefix.csv"; cw=$LAST_WALL cc=$LAST_CPU
cpu "evalkit rank Parquet" "$EVALKIT" rank --format json "$prefix.parquet"; pw=$LAST_WALL pc=$LAST_CPU
echo "  rank: Parquet is $(ratio "$cw" "$pw")x faster (wall), $(ratio "$cc" "$pc")x less CPU"
