#!/usr/bin/env bash
# evalkit report against --format json of the same task on the same file:
# the size of the page and the time to write it (goal: under 1 MB at 10⁷
# rows, in under 1.5× the time of the JSON). Default flags, end to end, as
# a user runs them. N=100000 for a quick look; TASK=rank (default),
# classify (10 classes), regress or cluster (8 classes, 12 clusters).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
mkdir -p bench/out
[ -x "$EVALKIT" ] || go build -o "$EVALKIT" ./cmd/evalkit
N=${N:-10000000}
TASK=${TASK:-rank}
DATA=bench/out/${TASK}_report_$N.csv
if [ ! -f "$DATA" ]; then
  echo "  generating $DATA"
  "$PY" - "$N" "$DATA" "$TASK" <<'PYEOF'
import sys
import numpy as np, pandas as pd
n, path, task = int(sys.argv[1]), sys.argv[2], sys.argv[3]
rng = np.random.default_rng(20261123)
if task == "rank":
    y = rng.integers(0, 2, n)
    s = np.clip(rng.normal(0.4 + 0.2 * y, 0.2), 0, 1)
    pd.DataFrame({"y_true": y, "y_score": s}).to_csv(path, index=False)
elif task == "regress":
    y = rng.normal(10, 3, n)
    p = y + rng.normal(0, 1 + 0.1 * np.abs(y - 10), n)
    pd.DataFrame({"y_true": y, "y_pred": p}).to_csv(path, index=False)
elif task == "cluster":
    y = rng.integers(0, 8, n)
    p = np.where(rng.random(n) < 0.7, y, rng.integers(0, 12, n))
    pd.DataFrame({"y_true": y, "y_pred": p}).to_csv(path, index=False)
else:
    y = rng.integers(0, 10, n)
    p = np.where(rng.random(n) < 0.7, y, rng.integers(0, 10, n))
    pd.DataFrame({"y_true": y, "y_pred": p}).to_csv(path, index=False)
PYEOF
fi
case $TASK in
  rank) FLAGS=(--score y_score) ;;
  regress|cluster) FLAGS=(--task "$TASK") ;;
  *) FLAGS=() ;;
esac
echo "  $TASK: $N rows, $(du -h "$DATA" | cut -f1) CSV; REPEAT=$REPEAT; load $(cut -d' ' -f1-3 /proc/loadavg)"
measure "evalkit $TASK --format json" "$EVALKIT" "$TASK" --format json "$DATA"
J=$LAST_MEDIAN
measure "evalkit report" "$EVALKIT" report "${FLAGS[@]}" -o bench/out/report_${TASK}_$N.html "$DATA"
R=$LAST_MEDIAN
# The report turns --ci on where the task has it: time the JSON with it too.
# (The help is read whole first: grep -q would close the pipe early, and
# under pipefail the killed writer fails the test.)
HELP=$("$EVALKIT" "$TASK" --help 2>&1 || true)
if grep -q -- '-ci$' <<<"$HELP"; then
  measure "evalkit $TASK --format json --ci" "$EVALKIT" "$TASK" --format json --ci "$DATA"
  echo "  time report/(json --ci): $(ratio "$R" "$LAST_MEDIAN")x"
fi
echo "  report $(stat -c %s bench/out/report_${TASK}_$N.html) bytes; JSON $("$EVALKIT" "$TASK" --format json "$DATA" | wc -c) bytes"
echo "  time report/json: $(ratio "$R" "$J")x"
cpu() { /usr/bin/time -f '%U %S' -o bench/out/.cpu "$@" > /dev/null; awk '{printf "%.2f", $1 + $2}' bench/out/.cpu; }
CJ=$(cpu "$EVALKIT" "$TASK" --format json "$DATA")
CR=$(cpu "$EVALKIT" report "${FLAGS[@]}" -o bench/out/report_${TASK}_$N.html "$DATA")
echo "  cpu seconds (user+sys, one run): json $CJ, report $CR, ratio $(ratio "$CR" "$CJ")x"
