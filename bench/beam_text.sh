#!/usr/bin/env bash
# evalkit-beam bleu on Beam's local prism runner against evalkit bleu on the
# same sentences: the WMT17 en-de uedin-nmt output and its reference (as
# bench/bleu.sh: repeated to N sentences, default 10^6, each copy's lines
# made distinct by its copy number), written whole for evalkit and as PARTS
# aligned shards (default 20) for evalkit-beam. Default flags, and FLAGS
# (e.g. FLAGS="--confidence") for both. Prints wall time, sentences/s and
# the ratio, and checks that the two JSON outputs are the same bytes. Run
# directly (it builds both commands into bench/out). REPEAT defaults to 1.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
source bench/lib.sh
N=${N:-1000000}
PARTS=${PARTS:-20}
FLAGS=${FLAGS:-}
WMT=${WMT17_DIR:-../shared/data/wmt17-en-de}
[ -d "$WMT" ] || WMT=text/testdata/wmt17
mkdir -p bench/out
go build -o bench/out/evalkit ./cmd/evalkit
(cd beam && go build -o ../bench/out/evalkit-beam ./cmd/evalkit-beam)
dir=bench/out/beam_bleu_$N
if [ ! -f "$dir/whole/hyp" ]; then
  echo "  generating $dir ($PARTS shards)"
  mkdir -p "$dir/whole" "$dir/shards"
  rep() { zcat "$1" | awk -v n="$N" '{a[NR]=$0} END {for (i=0; i<n; i++) { k=int(i/NR); print (k ? a[i%NR+1] " " k : a[i%NR+1]) }}'; }
  rep "$WMT/newstest2017.uedin-nmt.4722.en-de.txt.gz" > "$dir/whole/hyp"
  rep "$WMT/newstest2017.ref.en-de.txt.gz" > "$dir/whole/ref"
  per=$(( (N + PARTS - 1) / PARTS ))
  split -d -a 4 -l "$per" "$dir/whole/hyp" "$dir/shards/hyp-"
  split -d -a 4 -l "$per" "$dir/whole/ref" "$dir/shards/ref-"
fi
echo "  bleu: $N sentences, $PARTS shards, $(du -sh "$dir/whole" | cut -f1) whole"
# One system: the JSON names no file, so the whole files and the shards
# can be named differently.
measure "evalkit bleu $FLAGS" bench/out/evalkit bleu --format json $FLAGS --hyp "$dir/whole/hyp" --ref "$dir/whole/ref"
cli=$LAST_MEDIAN
bench/out/evalkit bleu --format json $FLAGS --hyp "$dir/whole/hyp" --ref "$dir/whole/ref" > bench/out/beam_text_cli.json
measure "evalkit-beam bleu (prism)" bench/out/evalkit-beam bleu $FLAGS --hyp "$dir/shards/hyp-*" --ref "$dir/shards/ref-*" --output bench/out/beam_text_beam.json --runner prism
beam=$LAST_MEDIAN
if cmp -s bench/out/beam_text_cli.json bench/out/beam_text_beam.json; then same="same JSON bytes"; else same="JSON DIFFERS"; fi
awk -v n="$N" -v c="$cli" -v b="$beam" -v s="$same" 'BEGIN { printf "  sentences/s: evalkit %.3g, evalkit-beam on prism %.3g (%.1fx the time); %s\n", n/c, n/b, b/c, s }'
