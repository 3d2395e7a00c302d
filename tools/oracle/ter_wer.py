#!/usr/bin/python3
"""Golden word and character error rates for evalkit's text.WER / text.CER.

jiwer and torchmetrics are not packaged for Debian, so this is a small
independent oracle that follows their definitions (torchmetrics 1.x
functional/text/wer.py and cer.py; jiwer 3.x measures.py):

  * WER tokens: Python's str.split() (runs of Unicode whitespace);
    CER tokens: the code points of the string, spaces included, nothing
    stripped (torchmetrics; jiwer strips the ends first);
  * per sentence, errors = Levenshtein distance with unit costs for
    substitution, deletion and insertion (textbook full-matrix recursion);
  * corpus rate = sum of errors / sum of reference tokens (not the mean of
    sentence rates); undefined (None) when there are no reference tokens.

    /usr/bin/python3 tools/oracle/ter_wer.py [--out text/testdata/ter]

writes wer.json: >= 200 generated corpora with corpus and per-sentence
errors and reference lengths at both levels.
"""
import argparse
import json
import os
import random


def levenshtein(a, b):
    """Edit distance between sequences a and b, full (len(a)+1) x (len(b)+1)
    matrix."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(
                d[i - 1][j] + 1,
                d[i][j - 1] + 1,
                d[i - 1][j - 1] + (a[i - 1] != b[j - 1]),
            )
    return d[len(a)][len(b)]


def rates(hyps, refs, chars):
    tok = list if chars else str.split
    errors, total, se, sn = 0, 0, [], []
    for h, r in zip(hyps, refs):
        e = levenshtein(tok(r), tok(h))
        n = len(tok(r))
        errors += e
        total += n
        se.append(e)
        sn.append(n)
    return {
        "rate": errors / total if total else None,
        "errors": errors,
        "ref_tokens": total,
        "sent_errors": se,
        "sent_ref_tokens": sn,
    }


WORDS = ("the a cat sat on mat dog and is was it to of in "
         "Straße über ΟΔΟΣ 東京 我们 café naïve").split()
SPACES = [" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\x1c"]


def sentence(rng, n):
    out = ""
    for i in range(n):
        if i:
            out += rng.choice(SPACES)
        out += rng.choice(WORDS)
    if rng.random() < 0.1:
        out = " " + out + " "
    return out


def perturb(rng, s):
    w = s.split(" ")
    for _ in range(rng.randint(0, 5)):
        r = rng.random()
        if r < 0.3 and w:
            del w[rng.randrange(len(w))]
        elif r < 0.6:
            w.insert(rng.randint(0, len(w)), rng.choice(WORDS))
        elif w:
            w[rng.randrange(len(w))] = rng.choice(WORDS)
    return " ".join(w)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="text/testdata/ter")
    ap.add_argument("--n", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(5)
    corpora = []
    for idx in range(args.n):
        hyps, refs = [], []
        for _ in range(rng.randint(1, 8)):
            ref = sentence(rng, rng.randint(0 if idx % 7 == 0 else 1, 30 if idx % 11 == 0 else 12))
            hyp = perturb(rng, ref) if rng.random() < 0.9 else sentence(rng, rng.randint(0, 10))
            if idx % 13 == 0 and rng.random() < 0.3:
                hyp = ""
            hyps.append(hyp)
            refs.append(ref)
        corpora.append({
            "name": f"wer{idx:03d}",
            "hyps": hyps,
            "refs": refs,
            "words": rates(hyps, refs, False),
            "chars": rates(hyps, refs, True),
        })
    meta = {"reference": "tools/oracle/ter_wer.py: textbook Levenshtein, torchmetrics/jiwer corpus definition"}
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "wer.json"), "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "corpora": corpora}, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
