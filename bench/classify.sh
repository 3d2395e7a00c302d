#!/usr/bin/env bash
# evalkit classify vs pandas + scikit-learn on the same generated CSV of
# N rows (default 10 million) and 10 classes. Run via bench/compare.sh.
set -euo pipefail
source bench/lib.sh
N=${N:-10000000}
# LABELS=int writes 0..9 instead of class_0..class_9: scikit-learn is much
# faster on integer labels than on strings, so both are worth quoting.
LABELS=${LABELS:-str}
prefix=class_
[ "$LABELS" = int ] && prefix=
data=bench/out/classify_${LABELS}_$N.csv
if [ ! -f "$data" ]; then
  echo "  generating $data"
  awk -v n="$N" -v pre="$prefix" 'BEGIN {
    srand(1); print "y_true,y_pred"
    for (i = 0; i < n; i++) {
      t = int(rand() * 10); p = (rand() < 0.7) ? t : int(rand() * 10)
      printf "%s%d,%s%d\n", pre, t, pre, p
    } }' > "$data"
fi
echo "  $N rows, 10 classes ($LABELS labels), $(du -h "$data" | cut -f1)"
measure "evalkit classify" "$EVALKIT" classify --format json "$data"
ek=$LAST_MEDIAN
REPEAT=${REF_REPEAT:-$REPEAT} measure "pandas + scikit-learn" "$PY" bench/classify_ref.py "$data"
ref=$LAST_MEDIAN
echo "  ratio (reference / evalkit): $(ratio "$ref" "$ek")x"
