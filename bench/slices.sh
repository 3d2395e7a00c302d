#!/usr/bin/env bash
# evalkit with --by against the same run without it, on the same CSV.
#
#   bench/slices.sh                 # N=10000000 rows, each run twice
#   N=1000000 REPEAT=1 bench/slices.sh
#   TASKS="classify rank rank-distinct regress cluster" bench/slices.sh
#   EVALKIT=/tmp/evalkit-old NO_BUILD=1 bench/slices.sh   # another build
#
# The table has a slicing column g of 100 values; each task runs with its
# default flags (only the column names), end to end, its output written
# to a file, once on all rows (unsliced) and once with --by g (the overall
# result and the 100 slices'). Each run's wall time and CPU time
# (user + sys) are printed; the ratios are of the fastest of the runs,
# whose CPU time the other engineers' load on the shared cores inflates
# least. The goal: the sliced run costs at most 1.5 times the unsliced.
#
# rank runs on two tables: the one above, whose scores have 5 decimals
# (about 130000 distinct values, each slice's about 70000), and, as
# "rank-distinct", one shaped as bench/rank.sh's (scores normal around
# 0.4, 0.6 for positives, sd 0.2, clipped to [0, 1], 9 decimals: nearly
# all distinct, as a model's probabilities are), with the same column g.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-2}
source bench/lib.sh
N=${N:-10000000}
TASKS=${TASKS:-classify rank rank-distinct regress}
mkdir -p bench/out
[ -n "${NO_BUILD:-}" ] || go build -o "$EVALKIT" ./cmd/evalkit
data=bench/out/slices-$N.csv
if [ ! -s "$data" ]; then
  echo "  generating $data ($N rows)"
  awk -v n="$N" 'BEGIN {
    srand(24); print "g,y_true,y_pred,y_score,y,yhat"
    for (i = 0; i < n; i++) {
      g = int(rand() * 100); y = int(rand() * 2)
      p = (rand() < 0.2 + 0.002 * g) ? 1 - y : y
      t = (rand() - 0.5) * 20
      printf "g%d,%d,%d,%.5f,%.4f,%.4f\n", g, y, p, 0.3 * y + rand() * (1 - 0.004 * g), t, t + (rand() - 0.5) * (2 + 0.04 * g)
    }
  }' > "$data"
fi

distinct=bench/out/slices-rank-$N.csv
if [[ " $TASKS " == *" rank-distinct "* && ! -s "$distinct" ]]; then
  echo "  generating $distinct ($N rows)"
  awk -v n="$N" 'BEGIN {
    srand(27); print "g,y_true,y_score"
    for (i = 0; i < n; i++) {
      g = int(rand() * 100); y = int(rand() * 2)
      z = sqrt(-2 * log(1 - rand())) * cos(6.283185307179586 * rand())
      s = 0.4 + 0.2 * y + 0.2 * z
      printf "g%d,%d,%.9f\n", g, y, (s < 0 ? 0 : (s > 1 ? 1 : s))
    }
  }' > "$distinct"
fi

# cpu_measure NAME CMD... : runs CMD REPEAT times, its output to
# bench/out/slices.out, prints each run's wall and CPU (user + sys)
# seconds and the peak resident memory, and sets BEST_WALL and BEST_CPU.
cpu_measure() {
  local name=$1; shift
  local runs=() e u s m c rss=0
  BEST_WALL= BEST_CPU=
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f '%e %U %S %M' -o bench/out/.time "$@" > bench/out/slices.out
    read -r e u s m < bench/out/.time
    c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    runs+=("${e}s/${c}s")
    [ "$m" -gt "$rss" ] && rss=$m
    if [ -z "$BEST_WALL" ] || awk -v a="$e" -v b="$BEST_WALL" 'BEGIN { exit !(a < b) }'; then BEST_WALL=$e; fi
    if [ -z "$BEST_CPU" ] || awk -v a="$c" -v b="$BEST_CPU" 'BEGIN { exit !(a < b) }'; then BEST_CPU=$c; fi
  done
  printf '  %-16s wall/cpu: %-28s peak %5d MB, output %s bytes\n' "$name" "${runs[*]}" "$((rss/1024))" "$(wc -c < bench/out/slices.out)"
}

# ratio2 A B : prints A/B to two decimals.
ratio2() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a/b; else print "inf" }'; }

echo "slices: $N rows, --by g (100 values); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for task in $TASKS; do
  case $task in
    classify) args=(classify "$data") ;;
    rank) args=(rank "$data") ;;
    rank-distinct) args=(rank "$distinct") ;;
    regress) args=(regress --true y --pred yhat "$data") ;;
    cluster) args=(cluster --true y_true --pred y_pred "$data") ;;
  esac
  cpu_measure "$task" "$EVALKIT" "${args[@]}"
  wall=$BEST_WALL cpu=$BEST_CPU
  cpu_measure "$task --by g" "$EVALKIT" "${args[@]}" --by g
  echo "  $task: sliced / unsliced = $(ratio2 "$BEST_CPU" "$cpu") CPU, $(ratio2 "$BEST_WALL" "$wall") wall"
done
