#!/usr/bin/env bash
# Interleaved before/after timing of evalkit rank on bench/rank.sh's data
# (generate it first: bench/compare.sh rank). On a shared, loaded machine
# the load drifts over the minutes a sequential run takes; running the two
# builds and the reference in turn, ROUNDS times, keeps the comparison fair.
#
#   BEFORE=path/to/old/evalkit AFTER=bench/out/evalkit bash bench/ab/rank.sh
#
# Prints, for each of old and new (exact and --bins 100000) and pandas +
# scikit-learn, the median wall time, the median user+sys CPU time and the
# peak resident memory.
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/lib.sh
N=${N:-10000000}
DATA=bench/out/rank_$N.csv
ROUNDS=${ROUNDS:-3}
BEFORE=${BEFORE:?BEFORE=old evalkit binary}
AFTER=${AFTER:-bench/out/evalkit}
[ -f "$DATA" ] && [ -f bench/out/rank_sklearn.py ] || { echo "run bench/compare.sh rank first"; exit 1; }
keys=(before_exact after_exact before_bins after_bins sklearn)
for k in "${keys[@]}"; do : > "bench/out/.ab_$k"; done
for _ in $(seq "$ROUNDS"); do
  for k in "${keys[@]}"; do
    case $k in
      sklearn) cmd=("$PY" bench/out/rank_sklearn.py "$DATA") ;;
      before_*) cmd=("$BEFORE" rank --format json --curves=false "$DATA") ;;
      after_*) cmd=("$AFTER" rank --format json --curves=false "$DATA") ;;
    esac
    [[ $k == *_bins ]] && cmd+=(--bins 100000)
    /usr/bin/time -f '%e %U %S %M' -o bench/out/.time "${cmd[@]}" > /dev/null
    cat bench/out/.time >> "bench/out/.ab_$k"
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for k in "${keys[@]}"; do
  f=bench/out/.ab_$k
  w=$(awk '{print $1}' "$f" | median)
  c=$(awk '{printf "%.2f\n", $2 + $3}' "$f" | median)
  m=$(awk '{if ($4 > m) m = $4} END {print int(m / 1024)}' "$f")
  printf '  %-13s wall median %6.2f s  cpu median %6.2f s  peak %5d MB  (wall runs: %s)\n' "$k" "$w" "$c" "$m" "$(awk '{printf "%s ", $1}' "$f")"
done
