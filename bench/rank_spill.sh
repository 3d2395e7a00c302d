#!/usr/bin/env bash
# evalkit rank beyond memory: N rows (default 3·10⁸, about 5 GB of CSV)
# with scores printed to 6 decimals (at most 10⁶ distinct; DISTINCT=1:
# every digit, about as many distinct scores as rows, 6.6 GB), read with a
# --memory budget that forces the score table to spill (MEMORY, default
# 1GiB: 19 million rows held, the rest written to temporary files), and,
# for the time per row of the in-memory path, the first M rows (default
# 3·10⁷) with the default budget. Prints wall time, time per row and peak
# memory of each, and checks that both agree with the in-memory run on the
# same M rows when spilled (--memory small) — the same bytes of JSON.
# Run through bench/compare.sh rank_spill, or directly after building
# bench/out/evalkit. Needs 20 bytes a row of disk in bench/out and as much
# again in $TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
source bench/lib.sh
N=${N:-300000000}
M=${M:-30000000}
MEMORY=${MEMORY:-1GiB}
DISTINCT=${DISTINCT:-}
KIND=spill
[ -n "$DISTINCT" ] && KIND=distinct
DATA=bench/out/rank_${KIND}_$N.csv
SMALL=bench/out/rank_${KIND}_$M.csv
gen() { go run ./bench/rankgen "$1" "$2" ${DISTINCT:+full}; }
[ -f "$SMALL" ] || { echo "  generating $SMALL"; gen "$M" "$SMALL"; }
[ -f "$DATA" ] || { echo "  generating $DATA"; gen "$N" "$DATA"; }
echo "  rank beyond memory: $N rows ($(du -h "$DATA" | cut -f1) CSV), in memory: $M rows; REPEAT=$REPEAT"
a=$("$EVALKIT" rank --format json "$SMALL" | md5sum)
b=$("$EVALKIT" rank --format json --memory 64MiB "$SMALL" | md5sum)
[ "$a" = "$b" ] && echo "  check: $M rows in memory and spilled past 64MiB: the same JSON" || { echo "  check FAILED: spilled JSON differs"; exit 1; }
measure "in memory, $M rows" "$EVALKIT" rank --format json "$SMALL"
I=$LAST_MEDIAN
measure "--memory $MEMORY, $N rows" "$EVALKIT" rank --format json --memory "$MEMORY" "$DATA"
S=$LAST_MEDIAN
awk -v i="$I" -v s="$S" -v m="$M" -v n="$N" 'BEGIN { printf "  wall ns a row: in memory %.1f, spilled %.1f, ratio %.2fx\n", i/m*1e9, s/n*1e9, (s/n)/(i/m) }'
# CPU time (user + sys) of one run each: steadier than wall time on a
# shared machine.
cpu() { /usr/bin/time -f '%U %S' -o bench/out/.cpu "$@" > /dev/null; awk '{printf "%.2f", $1 + $2}' bench/out/.cpu; }
CI=$(cpu "$EVALKIT" rank --format json "$SMALL")
CS=$(cpu "$EVALKIT" rank --format json --memory "$MEMORY" "$DATA")
awk -v i="$CI" -v s="$CS" -v m="$M" -v n="$N" 'BEGIN { printf "  cpu ns a row (one run): in memory %.1f, spilled %.1f, ratio %.2fx\n", i/m*1e9, s/n*1e9, (s/n)/(i/m) }'
