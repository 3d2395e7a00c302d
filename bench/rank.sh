#!/usr/bin/env bash
# evalkit rank against pandas + scikit-learn (roc_auc_score,
# average_precision_score, roc_curve, precision_recall_curve) on the same
# N-row CSV (default 10 million rows), in one run. Run through
# bench/compare.sh rank (which builds bench/out/evalkit), or directly after
# building it. N=1000000 for a quick look; CURVES=1 also times evalkit
# printing the full curves as JSON (--curve-points 0, about 100 bytes a
# row) and writing them with --curves-out. The default flags print each
# curve thinned to at most 10000 of its vertices.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
N=${N:-10000000}
DATA=bench/out/rank_$N.csv
if [ ! -f "$DATA" ]; then
  echo "  generating $DATA"
  "$PY" - "$N" "$DATA" <<'PYEOF'
import sys
import numpy as np, pandas as pd
n, path = int(sys.argv[1]), sys.argv[2]
rng = np.random.default_rng(20261122)
y = rng.integers(0, 2, n)
s = np.clip(rng.normal(0.4 + 0.2 * y, 0.2), 0, 1)
pd.DataFrame({"y_true": y, "y_score": s}).to_csv(path, index=False)
PYEOF
fi
cat > bench/out/rank_sklearn.py <<'PYEOF'
import sys
import pandas as pd
from sklearn import metrics as M
df = pd.read_csv(sys.argv[1])
y, s = df["y_true"].to_numpy(), df["y_score"].to_numpy()
auc = M.roc_auc_score(y, s)
ap = M.average_precision_score(y, s)
fpr, tpr, thr = M.roc_curve(y, s)
p, r, t = M.precision_recall_curve(y, s)
print("roc_auc", repr(auc), "average_precision", repr(ap), "roc points", len(fpr), "pr points", len(p))
PYEOF
echo "  rank: $N rows, $(du -h "$DATA" | cut -f1) CSV; REPEAT=$REPEAT"
echo "  check: evalkit $("$EVALKIT" rank --format csv "$DATA" | grep -E '^(roc_auc|average_precision|curve_thinning_error[.a-z_]*),' | tr '\n' ' ')"
echo "  check: evalkit --bins 100000 $("$EVALKIT" rank --format csv --bins 100000 "$DATA" | grep -E '^(roc_auc|auc_error_bound|bins),' | tr '\n' ' ')"
echo "  check: sklearn $("$PY" bench/out/rank_sklearn.py "$DATA")"
measure "evalkit rank (default flags)" "$EVALKIT" rank --format json "$DATA"
D=$LAST_MEDIAN
measure "evalkit rank --curves=false" "$EVALKIT" rank --format json --curves=false "$DATA"
E=$LAST_MEDIAN
measure "evalkit rank --bins 100000" "$EVALKIT" rank --format json --bins 100000 --curves=false "$DATA"
B=$LAST_MEDIAN
if [ "${CURVES:-0}" = 1 ]; then
  measure "evalkit rank --curve-points 0" "$EVALKIT" rank --format json --curve-points 0 "$DATA"
  measure "evalkit rank --curves-out" "$EVALKIT" rank --format json --curves-out bench/out/rank_curves.csv "$DATA"
fi
measure "pandas + scikit-learn" "$PY" bench/out/rank_sklearn.py "$DATA"
S=$LAST_MEDIAN
echo "  ratio sklearn/evalkit: default flags $(ratio "$S" "$D")x, --curves=false $(ratio "$S" "$E")x, binned $(ratio "$S" "$B")x"
# CPU time (user + sys) of one run each: on a shared, loaded machine this
# is steadier than the wall time.
cpu() { /usr/bin/time -f '%U %S' -o bench/out/.cpu "$@" > /dev/null; awk '{printf "%.2f", $1 + $2}' bench/out/.cpu; }
CE=$(cpu "$EVALKIT" rank --format json "$DATA")
CS=$(cpu "$PY" bench/out/rank_sklearn.py "$DATA")
echo "  cpu seconds (user+sys, one run): evalkit (default flags) $CE, pandas + scikit-learn $CS, ratio $(ratio "$CS" "$CE")x"
