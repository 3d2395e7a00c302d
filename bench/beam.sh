#!/usr/bin/env bash
# evalkit-beam on Beam's local prism runner against evalkit on the same data:
# N rows (default 10 million) of classify, binary rank and regress (TASKS,
# default all three; regress against evalkit regress --bounded-memory,
# which is what evalkit-beam computes), written as
# PARTS files (default 20) for evalkit-beam and as one concatenated CSV for
# evalkit. Prints wall time, rows/s and the ratio, and checks that the two
# JSON outputs are the same bytes. Run directly (it builds both commands into
# bench/out); N=1000000 for a quick look. REPEAT defaults to 1 here.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
source bench/lib.sh
N=${N:-10000000}
PARTS=${PARTS:-20}
mkdir -p bench/out
go build -o bench/out/evalkit ./cmd/evalkit
(cd beam && go build -o ../bench/out/evalkit-beam ./cmd/evalkit-beam)
for task in ${TASKS:-classify rank regress}; do
  dir=bench/out/beam_${task}_$N
  if [ ! -f "$dir/all.csv" ]; then
    echo "  generating $dir ($PARTS parts)"
    mkdir -p "$dir"
    "$PY" - "$task" "$N" "$PARTS" "$dir" <<'PYEOF'
import sys
import numpy as np, pandas as pd
task, n, parts, d = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(20261123)
with open(f"{d}/all.csv", "w") as whole:
    for p in range(parts):
        m = n // parts + (1 if p < n % parts else 0)
        if task == "classify":
            y = rng.integers(0, 5, m)
            pred = np.where(rng.random(m) < 0.7, y, rng.integers(0, 5, m))
            df = pd.DataFrame({"y_true": np.array(list("abcde"))[y], "y_pred": np.array(list("abcde"))[pred]})
        elif task == "regress":
            y = np.round(rng.gamma(2.0, 50.0, m), 2)
            pred = np.round(y * rng.normal(1.0, 0.1, m) + rng.normal(0, 5, m), 2)
            df = pd.DataFrame({"y_true": y, "y_pred": pred})
        else:
            y = rng.integers(0, 2, m)
            s = np.clip(rng.normal(0.4 + 0.2 * y, 0.2), 0, 1)
            df = pd.DataFrame({"y_true": y, "y_score": s})
        df.to_csv(f"{d}/part-{p:04d}.csv", index=False)
        df.to_csv(whole, index=False, header=(p == 0))
PYEOF
  fi
  echo "  $task: $N rows, $PARTS parts, $(du -sh "$dir" | cut -f1) with the concatenation"
  extra=()
  if [ "$task" = regress ]; then extra=(--bounded-memory); fi
  measure "evalkit $task ${extra[*]}" "$EVALKIT" "$task" --format json "${extra[@]}" "$dir/all.csv"
  cli=$LAST_MEDIAN
  "$EVALKIT" "$task" --format json "${extra[@]}" "$dir/all.csv" > bench/out/beam_cli.json
  measure "evalkit-beam $task (prism)" bench/out/evalkit-beam "$task" --input "$dir/part-*.csv" --output bench/out/beam_beam.json --runner prism
  beam=$LAST_MEDIAN
  if cmp -s bench/out/beam_cli.json bench/out/beam_beam.json; then same="same JSON bytes"
  else same="JSON DIFFERS: $(diff bench/out/beam_cli.json bench/out/beam_beam.json | grep -c '^<') lines"; fi
  awk -v n="$N" -v c="$cli" -v b="$beam" -v s="$same" 'BEGIN { printf "  rows/s: evalkit %.3g, evalkit-beam on prism %.3g (%.1fx the time); %s\n", n/c, n/b, b/c, s }'
done
