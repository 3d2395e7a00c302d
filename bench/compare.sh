#!/usr/bin/env bash
# Runs evalkit and the reference implementation on the same generated data,
# in one run, and prints the ratio of their times (and evalkit's peak memory).
#
#   bench/compare.sh            # every comparison
#   bench/compare.sh classify   # only bench/classify.sh (likewise rank, ...)
#
# Needs Debian's python3-sklearn and python3-pandas (apt-get install) and, for
# BLEU, a sacreBLEU checkout named by SACREBLEU_DIR. Data goes to bench/out/
# (ignored by git); sizes can be lowered with N=... for a quick look, and the
# (slow) reference run fewer times with REF_REPEAT=1.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
go build -o bench/out/evalkit ./cmd/evalkit
tasks=("$@")
if [ ${#tasks[@]} -eq 0 ]; then
  for f in bench/*.sh; do
    t=$(basename "$f" .sh)
    [ "$t" = compare ] || [ "$t" = lib ] || tasks+=("$t")
  done
fi
for t in "${tasks[@]}"; do
  echo "== $t"
  bash "bench/$t.sh"
done
