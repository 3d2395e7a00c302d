#!/usr/bin/env python3
"""Golden numbers for BLEU of another maximum n-gram order (package text,
BLEUOptions.MaxNgramOrder; evalkit bleu --max-ngram-order) from sacreBLEU.

Usage: as tools/oracle/sacrebleu_golden.py (sacreBLEU 2.6.0 checked out
outside the project, its version.py written), then

    SACREBLEU_DIR=/somewhere/sacrebleu /usr/bin/python3 tools/oracle/sacrebleu_ngram_order.py

It writes text/testdata/bleu_order_golden.json.gz with sacreBLEU's
BLEU(max_ngram_order=N) for N in 1, 2, 3, 4, 5, 6, 9:

  own       the sentences of sacreBLEU's own test_max_ngram_order
            (test/test_bleu.py: _hyps, _refs), with the score that test
            expects for N = 1…6 ("expected") beside sacreBLEU's result
  wmt17     corpus BLEU of the WMT17 en-de systems in text/testdata/wmt17
            under every smoothing method, effective order, lowercase and
            the intl and char tokenizers
  sentence  sentence-level BLEU (effective order on, as sacreBLEU's
            sentence_bleu) of the first 150 sentences of one WMT17 system
            under each smoothing method

Every result keeps sacreBLEU's signature: it has no field for the order
(BLEU(max_ngram_order=2).get_signature() prints the default's string).
"""
import gzip
import importlib.util
import json
import os
import sys

SACREBLEU_DIR = os.environ.get("SACREBLEU_DIR", "/work/oracle-src/sacrebleu")
sys.path.insert(0, SACREBLEU_DIR)

import sacrebleu  # noqa: E402
from sacrebleu.metrics import BLEU  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "text", "testdata", "bleu_order_golden.json.gz")
WMT = os.path.join(ROOT, "text", "testdata", "wmt17")
SOURCE = f"sacreBLEU {sacrebleu.__version__} (Python {sys.version.split()[0]})"
ORDERS = [1, 2, 3, 4, 5, 6, 9]


def read_lines(path):
    # as sacreBLEU's command line: UTF-8, newline="\n", line.rstrip()
    with gzip.open(path, "rt", encoding="utf-8", newline="\n") as f:
        return [line.rstrip() for line in f]


def result(metric, score):
    return {
        "score": score.score,
        "precisions": list(score.precisions),
        "counts": [float(x) for x in score.counts],
        "totals": [float(x) for x in score.totals],
        "bp": score.bp,
        "ratio": score.ratio,
        "hyp_len": score.sys_len,
        "ref_len": score.ref_len,
        "signature": str(metric.get_signature()),
    }


def opt(order, tok="13a", lc=False, smooth="exp", sv=None, eff=False):
    d = {"max_ngram_order": order, "tokenize": tok, "lowercase": lc, "smooth": smooth,
         "effective_order": eff}
    if sv is not None:
        d["smooth_value"] = sv
    return d


def metric(o):
    return BLEU(max_ngram_order=o["max_ngram_order"], tokenize=o["tokenize"],
                lowercase=o["lowercase"], smooth_method=o["smooth"],
                smooth_value=o.get("smooth_value"), effective_order=o["effective_order"])


def own():
    spec = importlib.util.spec_from_file_location(
        "sacrebleu_test_bleu", os.path.join(SACREBLEU_DIR, "test", "test_bleu.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    expected = {order: want for order, _, _, want in mod.test_bleu_max_order}
    cases = []
    for n in ORDERS:
        o = opt(n)
        m = metric(o)
        cases.append({"options": o, "hyps": mod._hyps, "refs": mod._refs,
                      "expected": expected.get(n), **result(m, m.corpus_score(mod._hyps, mod._refs))})
    return cases


def wmt17():
    ref = read_lines(os.path.join(WMT, "newstest2017.ref.en-de.txt.gz"))
    systems = sorted(f for f in os.listdir(WMT) if ".ref." not in f)
    cases = []
    for fn in systems:
        hyp = read_lines(os.path.join(WMT, fn))
        for n in ORDERS:
            for o in [opt(n), opt(n, smooth="floor"), opt(n, smooth="floor", sv=0.01),
                      opt(n, smooth="add-k"), opt(n, smooth="none"), opt(n, eff=True),
                      opt(n, "intl", lc=True), opt(n, "char")]:
                m = metric(o)
                cases.append({"system": fn, "options": o, **result(m, m.corpus_score(hyp, [ref]))})
    return cases


def sentence():
    ref = read_lines(os.path.join(WMT, "newstest2017.ref.en-de.txt.gz"))[:150]
    hyp = read_lines(os.path.join(WMT, "newstest2017.uedin-nmt.4722.en-de.txt.gz"))[:150]
    cases = []
    for n in ORDERS:
        for smooth in ["exp", "floor", "add-k", "none"]:
            o = opt(n, smooth=smooth, eff=True)
            m = metric(o)
            scores = [m.sentence_score(h, [r]) for h, r in zip(hyp, ref)]
            cases.append({"system": "newstest2017.uedin-nmt.4722.en-de.txt.gz", "options": o,
                          "signature": str(m.get_signature()),
                          "scores": [s.score for s in scores],
                          "precisions": [list(s.precisions) for s in scores]})
    return cases


def main():
    doc = {"source": SOURCE, "own": own(), "wmt17": wmt17(), "sentence": sentence()}
    with gzip.GzipFile(OUT, "wb", mtime=0) as f:  # mtime 0: the same bytes on every run
        f.write(json.dumps(doc, ensure_ascii=False).encode("utf-8"))
    print(f"wrote {OUT}: {len(doc['own'])} own, {len(doc['wmt17'])} wmt17, "
          f"{len(doc['sentence'])} sentence cases", file=sys.stderr)


if __name__ == "__main__":
    main()
