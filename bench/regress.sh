#!/usr/bin/env bash
# evalkit regress vs pandas + scikit-learn on the same CSV, in one run.
#
#   bench/compare.sh regress            # N=10000000 rows by default
#   N=1000000 REPEAT=1 bench/compare.sh regress
#   DATA=other.csv bench/compare.sh regress   # columns y_true, y_pred
#
# The reference reads the CSV with pandas.read_csv and computes MSE, MAE,
# MAPE, R², explained variance, median absolute error, max error and MSLE
# with scikit-learn (Debian python3-sklearn); evalkit reads the same file and
# computes those and every other measure of `evalkit regress` (RMSE,
# sMAPE, WAPE, RMSLE, pinball, deviances, D² scores) in one pass.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
N=${N:-10000000}
data=${DATA:-bench/out/regress-$N.csv}
if [ ! -s "$data" ]; then
  echo "  generating $data ($N rows)"
  "$PY" - "$N" "$data" <<'PY'
import sys
import numpy as np
import pandas as pd
n, path = int(sys.argv[1]), sys.argv[2]
rng = np.random.default_rng(42)
y = np.round(rng.gamma(2.0, 5.0, n) + 0.01, 4)
p = np.round(np.clip(y + rng.normal(0, 2.0, n), 0.001, None), 4)
pd.DataFrame({"y_true": y, "y_pred": p}).to_csv(path, index=False)
PY
fi
cat > bench/out/regress_sklearn.py <<'PY'
import sys
import pandas as pd
from sklearn import metrics as M
df = pd.read_csv(sys.argv[1])
y, p = df["y_true"].to_numpy(), df["y_pred"].to_numpy()
out = {
    "mse": M.mean_squared_error(y, p),
    "mae": M.mean_absolute_error(y, p),
    "mape": M.mean_absolute_percentage_error(y, p),
    "r2": M.r2_score(y, p),
    "explained_variance": M.explained_variance_score(y, p),
    "medae": M.median_absolute_error(y, p),
    "max_error": M.max_error(y, p),
    "msle": M.mean_squared_log_error(y, p),
}
print(out)
PY
# measure2 NAME CMD... : like lib.sh's measure (median wall time, peak RSS)
# and also the median CPU time (user + sys), which a busy machine disturbs
# less than wall time; sets WALL and CPU.
measure2() {
  local name=$1; shift
  local walls=() cpus=() rss=0 e u s r
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f '%e %U %S %M' -o bench/out/.time "$@" > /dev/null
    read -r e u s r < bench/out/.time
    walls+=("$e")
    cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')")
    [ "$r" -gt "$rss" ] && rss=$r
  done
  med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  WALL=$(med "${walls[@]}")
  CPU=$(med "${cpus[@]}")
  printf '  %-34s wall %6.2f s  cpu %6.2f s  peak %5.0f MB  (wall runs: %s)\n' "$name" "$WALL" "$CPU" "$((rss/1024))" "${walls[*]}"
}
measure2 "evalkit regress" "$EVALKIT" regress "$data" --format json
ekw=$WALL ekc=$CPU
measure2 "evalkit regress --bounded-memory" "$EVALKIT" regress "$data" --format json --bounded-memory
ekbw=$WALL ekbc=$CPU
measure2 "pandas + scikit-learn" "$PY" bench/out/regress_sklearn.py "$data"
skw=$WALL skc=$CPU
echo "  speed-up, wall: $(ratio "$skw" "$ekw")x (all measures), $(ratio "$skw" "$ekbw")x (--bounded-memory)   goal ≥ 3x"
echo "  speed-up, cpu:  $(ratio "$skc" "$ekc")x (all measures), $(ratio "$skc" "$ekbc")x (--bounded-memory)"
# The numbers agree: print both for a look.
"$EVALKIT" regress "$data" --format json | grep -E '"(mse|mae|mape|r2|explained_variance|medae|max_error|msle)"' | tr -d ' \n'; echo
"$PY" bench/out/regress_sklearn.py "$data"
