#!/usr/bin/env bash
# TER: evalkit ter vs sacreBLEU 2.6.0 TER.corpus_score on the WMT17 en-de
# systems (3 004 sentences each), in one run: one system, then four.
#
#   SACREBLEU_DIR=/path/to/sacrebleu-2.6.0 bench/compare.sh ter
#
# Data: ../shared/data/wmt17-en-de (override with WMT17_DIR). Both sides read
# the gzip files and tokenise with the default options.
set -euo pipefail
source bench/lib.sh
WMT=${WMT17_DIR:-../shared/data/wmt17-en-de}
[ -d "$WMT" ] || WMT=/work/shared/data/wmt17-en-de
SB=${SACREBLEU_DIR:-/work/oracle-src/sacrebleu-ter}
if [ ! -d "$WMT" ]; then echo "  no WMT17 data at $WMT: skipped"; exit 0; fi
if [ ! -d "$SB/sacrebleu" ]; then echo "  no sacreBLEU checkout at $SB (set SACREBLEU_DIR): skipped"; exit 0; fi
ref=$WMT/newstest2017.ref.en-de.txt.gz
one=$WMT/newstest2017.uedin-nmt.4722.en-de.txt.gz
four="$one $WMT/newstest2017.online-B.0.en-de.txt.gz $WMT/newstest2017.KIT.4950.en-de.txt.gz $WMT/newstest2017.PROMT-Rule-based.4735.en-de.txt.gz"

echo "  TER, 1 system (3004 sentences), default options"
measure "evalkit ter" "$EVALKIT" ter --hyp "$one" --ref "$ref" --format json
ek=$LAST_MEDIAN
measure "sacreBLEU corpus_score" env PYTHONPATH="$SB" "$PY" tools/oracle/ter_bench.py "$ref" "$one"
sb=$LAST_MEDIAN
echo "  ratio sacreBLEU/evalkit: $(ratio "$sb" "$ek")x"

echo "  TER, 4 systems (12016 sentences), default options"
# shellcheck disable=SC2086
measure "evalkit ter (4 runs)" bash -c "for h in $four; do \"$EVALKIT\" ter --hyp \$h --ref \"$ref\" --format json; done"
ek=$LAST_MEDIAN
# shellcheck disable=SC2086
measure "sacreBLEU corpus_score x4" env PYTHONPATH="$SB" "$PY" tools/oracle/ter_bench.py "$ref" $four
sb=$LAST_MEDIAN
echo "  ratio sacreBLEU/evalkit: $(ratio "$sb" "$ek")x"
