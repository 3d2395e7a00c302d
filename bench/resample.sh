#!/usr/bin/env bash
# evalkit split vs pandas + scikit-learn on the same generated CSV of N rows
# (default 1 million) with a 5-class label and 10,000 groups: 10-fold
# stratified and group K-fold assignments written as a CSV column.
# Run via bench/compare.sh resample.
set -euo pipefail
source bench/lib.sh
N=${N:-1000000}
data=bench/out/resample_$N.csv
if [ ! -f "$data" ]; then
  echo "  generating $data"
  awk -v n="$N" 'BEGIN {
    srand(1); print "x,y,g"
    for (i = 0; i < n; i++) printf "%.6f,c%d,%d\n", rand(), int(rand() * rand() * 5), int(rand() * 10000)
  }' > "$data"
fi
echo "  $N rows, 5 classes, 10000 groups, $(du -h "$data" | cut -f1)"
for kind in stratify group; do
  measure "evalkit split --$kind" "$EVALKIT" split --kfold 10 --"$kind" "$( [ $kind = stratify ] && echo y || echo g )" --emit assign "$data"
  ek=$LAST_MEDIAN
  measure "pandas + scikit-learn ($kind)" "$PY" bench/resample_ref.py "$kind" "$data"
  ref=$LAST_MEDIAN
  echo "  ratio (reference / evalkit): $(ratio "$ref" "$ek")x"
done
