#!/usr/bin/env bash
# evalkit-beam rank on Beam's local prism runner, reading one Parquet file
# split by row group (one unit a row group), against evalkit rank on the
# same file: N rows (default 10^7) of y_true, y_score from bench/pqgen
# (snappy, row groups of 1 Mi rows, as pyarrow writes: 10 row groups for
# 10^7 rows). Default flags. Prints wall time, rows/s and the ratio, and
# checks that the two JSON outputs are the same bytes. Run directly (it
# builds both commands into bench/out). REPEAT defaults to 1.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
source bench/lib.sh
N=${N:-10000000}
mkdir -p bench/out
go build -o bench/out/pqgen ./bench/pqgen
go build -o bench/out/evalkit ./cmd/evalkit
(cd beam && go build -o ../bench/out/evalkit-beam ./cmd/evalkit-beam)
prefix=bench/out/parquet-$N
if [ ! -s "$prefix.parquet" ]; then
  echo "  generating $prefix.parquet ($N rows)"
  bench/out/pqgen write "$N" "$prefix"
fi
echo "  rank: $N rows, $(du -h "$prefix.parquet" | cut -f1) of Parquet"
measure "evalkit rank" bench/out/evalkit rank --format json "$prefix.parquet"
cli=$LAST_MEDIAN
bench/out/evalkit rank --format json "$prefix.parquet" > bench/out/beam_pq_cli.json
measure "evalkit-beam rank (prism)" bench/out/evalkit-beam rank --input "$prefix.parquet" --output bench/out/beam_pq_beam.json --runner prism
beam=$LAST_MEDIAN
if cmp -s bench/out/beam_pq_cli.json bench/out/beam_pq_beam.json; then same="same JSON bytes"; else same="JSON DIFFERS"; fi
awk -v n="$N" -v c="$cli" -v b="$beam" -v s="$same" 'BEGIN { printf "  rows/s: evalkit %.3g, evalkit-beam on prism %.3g (%.1fx the time); %s\n", n/c, n/b, b/c, s }'
