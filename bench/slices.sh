#!/usr/bin/env bash
# evalkit with --by against the same run without it, on the same CSV.
#
#   bench/slices.sh                 # N=10000000 rows by default
#   N=1000000 REPEAT=1 bench/slices.sh
#
# The table has a slicing column g of 100 values; each task runs once on
# all rows (unsliced) and once with --by g (the overall result and the 100
# slices'). The goal: the sliced run costs at most 1.5 times the unsliced.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
N=${N:-10000000}
mkdir -p bench/out
go build -o "$EVALKIT" ./cmd/evalkit
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
echo "slices: $N rows, --by g (100 values)"
for task in classify rank regress cluster; do
  case $task in
    classify) args=(classify "$data") ;;
    rank) args=(rank --curves=false "$data") ;;
    regress) args=(regress --true y --pred yhat "$data") ;;
    cluster) args=(cluster --true y_true --pred y_pred "$data") ;;
  esac
  measure "$task" "$EVALKIT" "${args[@]}" --format json
  base=$LAST_MEDIAN
  measure "$task --by g" "$EVALKIT" "${args[@]}" --format json --by g
  echo "  $task: sliced / unsliced = $(ratio "$LAST_MEDIAN" "$base")"
done
