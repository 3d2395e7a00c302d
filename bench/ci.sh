#!/usr/bin/env bash
# Cost of --ci (issue 9 §2): evalkit classify on N rows (default 10⁷, 10
# classes) with and without --ci (1000 bootstrap replicates, the default),
# run alternately REPEAT times so that a loaded machine slows both alike;
# and evalkit rank --ci on M rows (default 10⁶; bench/rankgen data: up to
# 10⁶ distinct scores) with 1000 replicates of AP, PR-AUC and BEP. Prints
# median wall and CPU (user + system) seconds and the ratios.
#
#	bash bench/ci.sh            # from the repository root
set -euo pipefail
source bench/lib.sh
N=${N:-10000000}
M=${M:-1000000}
mkdir -p bench/out
[ -x "$EVALKIT" ] || go build -o "$EVALKIT" ./cmd/evalkit
cdata=bench/out/classify_ci_$N.csv
if [ ! -f "$cdata" ]; then
  awk -v n="$N" 'BEGIN { srand(1); print "y_true,y_pred"
    for (i = 0; i < n; i++) { t = int(rand() * 10); p = (rand() < 0.7) ? t : int(rand() * 10)
      printf "class_%d,class_%d\n", t, p } }' > "$cdata"
fi
rdata=bench/out/rank_ci_$M.csv
[ -f "$rdata" ] || go run ./bench/rankgen "$M" "$rdata"

# run NAME CMD...: one run; appends "wall cpu" to bench/out/.ci_NAME.
run() {
  local name=$1; shift
  /usr/bin/time -f '%e %U %S' -o bench/out/.time "$@" > /dev/null
  awk '{printf "%s %.2f\n", $1, $2 + $3}' bench/out/.time >> "bench/out/.ci_$name"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
report() {
  local name=$1
  W=$(cut -d' ' -f1 "bench/out/.ci_$name" | median); C=$(cut -d' ' -f2 "bench/out/.ci_$name" | median)
  printf '  %-34s wall %7.2f s  cpu %7.2f s  (runs: %s)\n' "$name" "$W" "$C" "$(cut -d' ' -f1 "bench/out/.ci_$name" | tr '\n' ' ')"
}
rm -f bench/out/.ci_*
echo "classify, $N rows, 10 classes"
for _ in $(seq "$REPEAT"); do
  run classify "$EVALKIT" classify --format json "$cdata"
  run classify_ci "$EVALKIT" classify --format json --ci "$cdata"
done
report classify; w0=$W; c0=$C
report classify_ci; w1=$W; c1=$C
echo "  --ci / plain: wall $(awk -v a="$w1" -v b="$w0" 'BEGIN{printf "%.3f", a/b}')x, cpu $(awk -v a="$c1" -v b="$c0" 'BEGIN{printf "%.3f", a/b}')x"
echo "rank, $M rows (bench/rankgen)"
for _ in $(seq "$REPEAT"); do
  run rank "$EVALKIT" rank --format json --curves=false "$rdata"
  run rank_ci "$EVALKIT" rank --format json --curves=false --ci "$rdata"
done
report rank
report rank_ci
