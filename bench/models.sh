#!/usr/bin/env bash
# evalkit classify with five models (--pred m1,…,m5: every model's report,
# McNemar for every pair) vs one model (--pred m1) on the same generated CSV
# of N rows (default 10 million), 4 classes. Issue 9 §3's goal: five models
# in under 3× one model's time. Run via bench/compare.sh models.
set -euo pipefail
source bench/lib.sh
N=${N:-10000000}
data=bench/out/models_$N.csv
if [ ! -f "$data" ]; then
  echo "  generating $data"
  awk -v n="$N" 'BEGIN {
    srand(1); print "y_true,m1,m2,m3,m4,m5"
    split("cat dog fox owl", L, " ")
    split("0.8 0.75 0.7 0.85 0.6", S, " ")
    for (i = 0; i < n; i++) {
      t = int(rand() * 4); line = L[t + 1]
      for (j = 1; j <= 5; j++) {
        p = (rand() < S[j]) ? t : (t + 1 + int(rand() * 3)) % 4
        line = line "," L[p + 1]
      }
      print line
    } }' > "$data"
fi
echo "  $N rows, 4 classes, 5 models, $(du -h "$data" | cut -f1)"
measure "classify, one model" "$EVALKIT" classify --pred m1 --format json "$data"
one=$LAST_MEDIAN
measure "classify, five models" "$EVALKIT" classify --pred m1,m2,m3,m4,m5 --format json "$data"
five=$LAST_MEDIAN
echo "  ratio (five models / one model): $(ratio "$five" "$one")x"
