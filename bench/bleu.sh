#!/usr/bin/env bash
# evalkit bleu / chrf versus sacreBLEU on the same data, in one run.
#
#   bench/compare.sh bleu                 # builds bench/out/evalkit first
#   N=20000 REPEAT=1 bench/compare.sh bleu
#
# Data: the WMT17 en-de uedin-nmt output and reference (../shared/data, or
# WMT17_DIR), repeated to N sentences (default 100 000). From the second
# copy on, every hypothesis and reference line ends in its copy number, so
# no line repeats: sacreBLEU memoises its tokenizers (lru_cache of 65 536
# lines), which would otherwise score the copies almost for free. sacreBLEU is
# imported from SACREBLEU_DIR (a checkout of v2.6.0 with its version.py; see
# tools/oracle/sacrebleu_golden.py). Both sides run end to end: start the
# program, read the files, score, print.
set -euo pipefail
source bench/lib.sh
# measure_cpu NAME CMD... : as measure (lib.sh), and also prints the median
# CPU time (user + system), which is steadier than wall time on a busy
# machine; sets LAST_MEDIAN and LAST_CPU.
measure_cpu() {
  local name=$1; shift
  local times=() cpus=() rss=0 t u s r
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f '%e %U %S %M' -o bench/out/.time "$@" > /dev/null 2> bench/out/.stderr
    read -r t u s r < bench/out/.time
    times+=("$t"); cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}')")
    [ "$r" -gt "$rss" ] && rss=$r
  done
  LAST_MEDIAN=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  LAST_CPU=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '  %-28s median %7.2f s wall %7.2f s cpu  peak %6.0f MB  (wall: %s)\n' "$name" "$LAST_MEDIAN" "$LAST_CPU" "$((rss/1024))" "${times[*]}"
}
# compare EVALKIT_CMD... -- REFERENCE_CMD... : measures both, prints ratios.
compare() {
  local a=() b=() seen=0 x
  for x in "$@"; do
    if [ "$x" = "--" ]; then seen=1; elif [ $seen = 0 ]; then a+=("$x"); else b+=("$x"); fi
  done
  measure_cpu "evalkit" "${a[@]}"; local ew=$LAST_MEDIAN ec=$LAST_CPU
  measure_cpu "sacreBLEU" "${b[@]}"; local sw=$LAST_MEDIAN sc=$LAST_CPU
  echo "  ratio: evalkit is $(ratio "$sw" "$ew")x faster (wall), $(ratio "$sc" "$ec")x less CPU"
}
N=${N:-100000}
SACREBLEU_DIR=${SACREBLEU_DIR:-/work/oracle-src/sacrebleu}
WMT=${WMT17_DIR:-../shared/data/wmt17-en-de}
[ -d "$WMT" ] || WMT=text/testdata/wmt17
hyp=bench/out/bleu.hyp ref=bench/out/bleu.ref
rep() { zcat "$1" | awk -v n="$N" '{a[NR]=$0} END {for (i=0; i<n; i++) { k=int(i/NR); print (k ? a[i%NR+1] " " k : a[i%NR+1]) }}'; }
rep "$WMT/newstest2017.uedin-nmt.4722.en-de.txt.gz" > $hyp
rep "$WMT/newstest2017.ref.en-de.txt.gz" > $ref
cat > bench/out/sacrebleu_score.py <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from sacrebleu.metrics import BLEU, CHRF
metric, hyp, ref = sys.argv[2:5]
def lines(p):
    with open(p, encoding="utf-8", newline="\n") as f:
        return [l.rstrip() for l in f]
m = BLEU() if metric == "bleu" else CHRF(word_order=int(sys.argv[5]) if len(sys.argv) > 5 else 0)
print(m.corpus_score(lines(hyp), [lines(ref)]))
PY
echo "corpus: $N sentences (WMT17 uedin-nmt vs reference, repeated); $(nproc) cores"
echo "check: evalkit $($EVALKIT bleu --hyp $hyp --ref $ref --format json | grep '"bleu"')"
echo "       sacreBLEU $($PY bench/out/sacrebleu_score.py "$SACREBLEU_DIR" bleu $hyp $ref)"
echo "BLEU (13a, exp):"
compare $EVALKIT bleu --hyp $hyp --ref $ref --format json -- $PY bench/out/sacrebleu_score.py "$SACREBLEU_DIR" bleu $hyp $ref
echo "chrF2:"
compare $EVALKIT chrf --hyp $hyp --ref $ref --format json -- $PY bench/out/sacrebleu_score.py "$SACREBLEU_DIR" chrf $hyp $ref
echo "chrF2++:"
compare $EVALKIT chrf --hyp $hyp --ref $ref --word-order 2 --format json -- $PY bench/out/sacrebleu_score.py "$SACREBLEU_DIR" chrf $hyp $ref 2
# chrF and a paired bootstrap test on the real WMT17 files: the baseline and
# four systems, 3 004 sentences each, through both command lines.
sys=()
for s in uedin-nmt.4722 LMU-nmt-reranked.4934 KIT.4950 online-B.0 xmu.4910; do
  f="$WMT/newstest2017.$s.en-de.txt.gz"
  [ -f "$f" ] && { zcat "$f" > "bench/out/$s.txt"; sys+=("bench/out/$s.txt"); }
done
zcat "$WMT/newstest2017.ref.en-de.txt.gz" > bench/out/wmt17.ref
echo "chrF2 on WMT17 (${#sys[@]} systems x 3004 sentences, one run each):"
hy=(); for s in "${sys[@]}"; do hy+=(--hyp "$s"); done
compare $EVALKIT chrf "${hy[@]}" --ref bench/out/wmt17.ref --format json -- env PYTHONPATH="$SACREBLEU_DIR" $PY -m sacrebleu bench/out/wmt17.ref -i "${sys[@]}" -m chrf
if [ ${#sys[@]} -ge 2 ]; then
  echo "paired bootstrap (BLEU, ${#sys[@]} systems x 3004 sentences, 1000 resamples):"
  compare $EVALKIT bleu "${hy[@]}" --ref bench/out/wmt17.ref --paired-bs --format json -- env PYTHONPATH="$SACREBLEU_DIR" $PY -m sacrebleu bench/out/wmt17.ref -i "${sys[@]}" --paired-bs -m bleu
  echo "paired approximate randomisation (chrF, 10000 trials):"
  compare $EVALKIT chrf "${hy[@]}" --ref bench/out/wmt17.ref --paired-ar --format json -- env PYTHONPATH="$SACREBLEU_DIR" $PY -m sacrebleu bench/out/wmt17.ref -i "${sys[@]}" --paired-ar -m chrf
fi
