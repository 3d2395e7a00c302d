#!/usr/bin/env bash
# evalkit-beam on Beam's local prism runner against evalkit on the same data:
# N rows (default 10 million) of classify, binary rank and regress (TASKS,
# default all three; also rank-models, three binary score columns, and
# rank-multi, four classes; regress against evalkit regress --bounded-memory,
# which is what evalkit-beam computes), written as
# PARTS files (default 20) for evalkit-beam and as one concatenated CSV for
# evalkit. Prints wall time, peak memory, rows/s and the ratios (prism over
# evalkit), and checks that the two JSON outputs are the same bytes: a
# difference is shown and the run goes on. Run directly (it builds both commands into
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
summary=()
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
        elif task == "rank-models":
            y = rng.integers(0, 2, m)
            df = pd.DataFrame({"y_true": y})
            for j, sep in enumerate([0.1, 0.2, 0.3]):
                df[f"m{j + 1}"] = np.round(rng.normal(sep * y, 0.3), 6)
        elif task == "rank-multi":
            y = rng.integers(0, 4, m)
            z = rng.normal(0, 1, (m, 4))
            z[np.arange(m), y] += 1.0
            pr = np.exp(z)
            pr /= pr.sum(axis=1, keepdims=True)
            pr = np.round(pr, 6)
            pr[:, 3] = np.round(1 - pr[:, :3].sum(axis=1), 6)
            df = pd.DataFrame({"y_true": np.array(list("abcd"))[y], "pa": pr[:, 0], "pb": pr[:, 1], "pc": pr[:, 2], "pd": pr[:, 3]})
        else:
            y = rng.integers(0, 2, m)
            s = np.clip(rng.normal(0.4 + 0.2 * y, 0.2), 0, 1)
            df = pd.DataFrame({"y_true": y, "y_score": s})
        df.to_csv(f"{d}/part-{p:04d}.csv", index=False)
        df.to_csv(whole, index=False, header=(p == 0))
PYEOF
  fi
  echo "  $task: $N rows, $PARTS parts, $(du -sh "$dir" | cut -f1) with the concatenation"
  extra=() flags=() cmd=$task
  if [ "$task" = regress ]; then extra=(--bounded-memory); fi
  if [ "$task" = rank-models ]; then cmd=rank flags=(--score m1,m2,m3); fi
  if [ "$task" = rank-multi ]; then cmd=rank flags=(--score pa,pb,pc,pd --classes a,b,c,d); fi
  measure "evalkit $task ${extra[*]}" "$EVALKIT" "$cmd" --format json "${flags[@]}" "${extra[@]}" "$dir/all.csv"
  cli=$LAST_MEDIAN cli_mb=$LAST_MB
  "$EVALKIT" "$cmd" --format json "${flags[@]}" "${extra[@]}" "$dir/all.csv" > bench/out/beam_cli.json
  measure "evalkit-beam $task (prism)" bench/out/evalkit-beam "$cmd" "${flags[@]}" --input "$dir/part-*.csv" --output bench/out/beam_beam.json --runner prism
  beam=$LAST_MEDIAN beam_mb=$LAST_MB
  # A difference is reported (the first lines of the diff) and the run goes
  # on to the next task. Warnings name a row by its file and line: the
  # part's for evalkit-beam, the concatenation's for evalkit; so that alone
  # is told apart.
  mask() { sed -E 's#[^ "]*\.csv:[0-9]+#FILE:LINE#g' "$1"; }
  if cmp -s bench/out/beam_cli.json bench/out/beam_beam.json; then same="same JSON bytes"
  elif cmp -s <(mask bench/out/beam_cli.json) <(mask bench/out/beam_beam.json); then
    same="same JSON bytes but for the file:line of rows named in warnings (a part's, the concatenation's)"
  else
    nd=$(diff bench/out/beam_cli.json bench/out/beam_beam.json | grep -c '^<' || true)
    same="JSON DIFFERS in $nd lines (diff above)"
    diff bench/out/beam_cli.json bench/out/beam_beam.json | head -12 | sed 's/^/    /' || true
  fi
  line=$(awk -v t="$task" -v n="$N" -v c="$cli" -v b="$beam" -v cm="$cli_mb" -v bm="$beam_mb" -v s="$same" 'BEGIN {
    printf "%-9s evalkit %6.2f s %5d MB %9.3g rows/s | prism %6.2f s %5d MB %9.3g rows/s | time %.2fx, memory %.2fx | %s", t, c, cm, n/c, b, bm, n/b, b/c, bm/cm, s }')
  echo "  $line"
  summary+=("$line")
done
echo
echo "summary ($N rows, $PARTS parts; ratios are prism over evalkit, wall time and peak memory; REPEAT=$REPEAT, median):"
printf '  %s\n' "${summary[@]}"
