#!/usr/bin/python3
"""Times sacreBLEU's TER for bench/ter.sh: reads a reference and one or more
system outputs (gzip or plain) and prints TER.corpus_score for each, as
"evalkit ter" does. Run with PYTHONPATH naming a sacreBLEU 2.6.0 checkout.

    ter_bench.py REF SYS [SYS ...]
"""
import gzip
import sys

from sacrebleu.metrics import TER


def read(path):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rt", encoding="utf-8") as f:
        return [l.rstrip("\n") for l in f]


ref = read(sys.argv[1])
for p in sys.argv[2:]:
    print(p, TER().corpus_score(read(p), [ref]).score)
