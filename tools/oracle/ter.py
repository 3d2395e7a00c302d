#!/usr/bin/python3
"""Golden TER numbers from sacreBLEU for evalkit's text package.

Reference: sacreBLEU 2.6.0 (git tag v2.6.0 of github.com/mjpost/sacrebleu),
metrics.TER, run from a checkout outside the project:

    PYTHONPATH=/path/to/sacrebleu-2.6.0 /usr/bin/python3 tools/oracle/ter.py \
        [--wmt ../shared/data/wmt17-en-de] [--out text/testdata/ter] [--only wmt|gen]

(The checkout needs a sacrebleu/version.py with __version__ = "2.6.0", which
setuptools-scm writes on installation; Debian's python3-regex,
python3-tabulate, python3-portalocker, python3-colorama, python3-lxml and
python3-numpy are its dependencies.)

It writes
  wmt17.json      corpus TER of every WMT17 en-de system under the default
                  options and under each flag, plus per-sentence edits and
                  reference lengths for the systems copied into testdata;
  generated.json  >= 200 generated corpora (punctuation, XML escapes, digits,
                  CJK, Greek sigma, Turkish dotted I, odd whitespace, empty
                  lines, 1-3 references, long sentences that reach the shift
                  limits, extreme length ratios) with corpus and sentence
                  results under every combination of the four flags;
  lower.json      every code point whose Python str.lower() differs from
                  itself, with the lowercase string (Python's Unicode
                  database; checks evalkit's emulation of str.lower).

Files are read as evalkit reads them: UTF-8, split at "\n", a trailing "\r"
removed.
"""
import argparse
import gzip
import itertools
import json
import multiprocessing
import os
import random
import sys
import unicodedata

import sacrebleu
from sacrebleu.metrics import TER

FLAGS = ["case_sensitive", "normalized", "no_punct", "asian_support"]


def read_lines(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    text = data.decode("utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [l[:-1] if l.endswith("\r") else l for l in lines]


def opts_key(o):
    return ",".join(k for k in FLAGS if o.get(k)) or "default"


def score(hyps, refs, o, per_sentence):
    """Corpus score as TER.corpus_score computes it, plus the sentence
    statistics it sums (TER._extract_corpus_statistics)."""
    m = TER(**o)
    stats = m._extract_corpus_statistics(hyps, refs)
    s = m._aggregate_and_compute(stats)
    out = {
        "options": opts_key(o),
        "score": s.score,
        "num_edits": s.num_edits,
        "ref_length": s.ref_length,
        "signature": str(m.get_signature()),
    }
    if per_sentence:
        out["sent_edits"] = [int(x[0]) for x in stats]
        out["sent_ref_length"] = [float(x[1]) for x in stats]
        # sentence_score of a few lines through the public API as well
        out["sentence_scores"] = [
            m.sentence_score(hyps[i], [r[i] for r in refs]).score
            for i in range(min(len(hyps), 5))
        ]
    return out


def _wmt_task(task):
    dirname, name, o, per_sentence = task
    ref = read_lines(os.path.join(dirname, "newstest2017.ref.en-de.txt.gz"))
    hyp = read_lines(os.path.join(dirname, f"newstest2017.{name}.en-de.txt.gz"))
    r = score(hyp, [ref], o, per_sentence=per_sentence)
    r["system"] = name
    print(name, r["options"], r["score"], file=sys.stderr, flush=True)
    return r


def wmt17(dirname, copied, procs, save):
    """Scores every system under every option set, the default first, then
    the copied systems under each flag, then the rest; save is called with
    the results so far after each one, so that an interrupted run leaves a
    usable file."""
    systems = sorted(
        f[len("newstest2017."):-len(".en-de.txt.gz")]
        for f in os.listdir(dirname)
        if f.endswith(".en-de.txt.gz") and ".ref." not in f
    )
    optsets = [{}] + [{k: True} for k in FLAGS] + [
        {"normalized": True, "no_punct": True, "asian_support": True, "case_sensitive": True}]
    tasks = [(dirname, name, {}, name in copied) for name in systems]
    tasks += [(dirname, name, o, True) for o in optsets[1:] for name in copied]
    tasks += [(dirname, name, o, False) for o in optsets[1:] for name in systems if name not in copied]
    res = []
    with multiprocessing.Pool(procs) as pool:
        for r in pool.imap(_wmt_task, tasks, chunksize=1):
            res.append(r)
            save(res)
    return res


# --- generated corpora -------------------------------------------------------

WORDS = ("the a of and to in is was it that for on with as by at from this be "
         "are or an which one all were we when there can if more has what "
         "Haus Straße über Mädchen ÄRGER Öl Grüße Ἀθῆναι").split()
PUNCT_WORDS = ["word,", "(word)", "it's", "John's", "3.5", "1,000", "a.b", "x,y",
               "a-b", "9-10", "12-", "&amp;", "&quot;hi&quot;", "&lt;b&gt;",
               "&amp;lt;", "e.g.", "U.S.", "end.", "wow!", "why?", "semi;",
               "colon:", "\"quoted\"", "[br]", "{c}", "50%", "$5", "#tag",
               "@me", "a/b", "x+y", "~t", "^_^", "`tick`", "'s", "'", "...",
               "--", ",,", ".5", "5.", "-3", "8-", "a'sb", "it's'"]
UNICODE_WORDS = ["ΟΔΟΣ", "ΣΑΣ", "ΑΣ.", "Σ", "ΜΑΣ'Σ", "İstanbul", "İİ", "Iİ",
                 "ǅemal", "ΣΑΣ́", "Ꞵeta", "ẞ", "Ω", "K", "ＡＢＣ", "ǈ", "ΣʼΑ",
                 "σ", "ς", "MİSS", "Ǆ"]
CJK = ["我们", "今天", "天气", "很好", "中华人民共和国", "東京", "ひらがな", "カタカナ",
       "テスト", "ㇰ", "㈱", "㍻", "豈", "︰", "、", "。", "〈", "〉", "【", "】", "〔", "〕",
       "｡", "･", "・", "．", "，", "？", "：", "；", "！", "＂", "（", "）", "㐀", "⺀", "漢字。",
       "日本語、", "中文（简体）", "한국어"]
SPACES = [" ", " ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\x1c", "\u2009", "\u200b", "\x85"]


def sentence(rng, n, pools):
    words = []
    for _ in range(n):
        pool = rng.choice(pools)
        words.append(rng.choice(pool))
    out = ""
    for i, w in enumerate(words):
        if i:
            out += rng.choice(SPACES)
        out += w
    if rng.random() < 0.15:
        out += rng.choice([" ", "  ", "\t", "\u3000"])
    if rng.random() < 0.05:
        out = " " + out
    return out


def perturb(rng, s):
    """A hypothesis from a reference: block moves, edits, case changes."""
    words = s.split(" ")
    ops = rng.randint(0, 4)
    for _ in range(ops):
        r = rng.random()
        if len(words) >= 2 and r < 0.35:
            a = rng.randrange(len(words))
            ln = rng.randint(1, min(12, len(words) - a))
            block = words[a:a + ln]
            del words[a:a + ln]
            b = rng.randint(0, len(words))
            words[b:b] = block
        elif r < 0.5 and words:
            del words[rng.randrange(len(words))]
        elif r < 0.65:
            words.insert(rng.randint(0, len(words)), rng.choice(WORDS))
        elif r < 0.8 and words:
            words[rng.randrange(len(words))] = rng.choice(WORDS + PUNCT_WORDS)
        elif words:
            i = rng.randrange(len(words))
            words[i] = words[i].upper() if rng.random() < 0.5 else words[i].capitalize()
    return " ".join(words)


def long_sentence(rng, n, vocab):
    return " ".join(rng.choice(vocab) for _ in range(n))


def gen_corpus(rng, idx):
    kind = idx % 10
    nrefs = 1 + idx % 3
    nsent = rng.randint(1, 8)
    if kind == 7 and idx % 20 == 7:
        nsent = rng.randint(1, 2)
    pools = [WORDS]
    if kind in (1, 2, 3):
        pools = [WORDS, PUNCT_WORDS]
    elif kind in (4, 5):
        pools = [CJK, CJK, WORDS, PUNCT_WORDS]
    elif kind == 6:
        pools = [WORDS, UNICODE_WORDS, PUNCT_WORDS]
    hyps, refs = [], [[] for _ in range(nrefs)]
    long_kind = kind == 7 and idx % 20 == 7
    for _ in range(nsent):
        if long_kind:
            # long sentences with a small vocabulary: many repeated words
            # make many shift candidates (the 1000-candidate limit), the
            # 50-word shift distance and the 10-word block limit matter
            vocab = rng.choice([WORDS[:4], WORDS[:8], WORDS[:20]])
            n = rng.randint(30, 80)
            base = long_sentence(rng, n, vocab)
            rs = [base] + [perturb(rng, base) for _ in range(nrefs - 1)]
            h = base.split(" ")
            # rotate big chunks so that shifts are far
            cut = rng.randrange(len(h))
            h = h[cut:] + h[:cut]
            for _ in range(rng.randint(0, 6)):
                h[rng.randrange(len(h))] = rng.choice(vocab)
            hyp = " ".join(h)
        elif kind == 8 and rng.random() < 0.5:
            # extreme length ratios widen the beam
            a = long_sentence(rng, rng.randint(0, 3), WORDS[:10])
            b = long_sentence(rng, rng.randint(60, 180), WORDS[:10])
            hyp, rs = (a, [b] * nrefs) if rng.random() < 0.5 else (b, [a] * nrefs)
            rs = [perturb(rng, x) if x else x for x in rs]
        else:
            base = sentence(rng, rng.randint(1, 25), pools)
            rs = [base] + [perturb(rng, base) for _ in range(nrefs - 1)]
            hyp = perturb(rng, base)
            if kind == 9:
                # empty lines on either side
                c = rng.random()
                if c < 0.25:
                    hyp = ""
                elif c < 0.5:
                    rs[0] = ""
                elif c < 0.65:
                    hyp, rs = "", ["" for _ in rs]
                elif c < 0.75:
                    hyp = "   "
        hyps.append(hyp)
        for k in range(nrefs):
            refs[k].append(rs[k])
    return hyps, refs


def generated(n):
    rng = random.Random(20261122)
    corpora = []
    for idx in range(n):
        hyps, refs = gen_corpus(rng, idx)
        long_kind = idx % 20 == 7 or idx % 10 == 8
        combos = [dict(zip(FLAGS, bits)) for bits in itertools.product([False, True], repeat=4)]
        if long_kind:
            combos = [{}, {"normalized": True, "case_sensitive": True}]
        results = [score(hyps, refs, {k: v for k, v in o.items() if v}, True) for o in combos]
        corpora.append({"name": f"gen{idx:03d}", "hyps": hyps, "refs": refs, "results": results})
        print("generated", idx, file=sys.stderr)
    return corpora


def lower_table():
    out = []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        if c == "\u03a3":
            continue  # context-dependent; tested with sentences
        lc = c.lower()
        if lc != c:
            out.append([cp, lc])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wmt", default="../shared/data/wmt17-en-de")
    ap.add_argument("--out", default="text/testdata/ter")
    ap.add_argument("--n", type=int, default=220)
    ap.add_argument("--procs", type=int, default=2, help="processes for the WMT17 runs")
    ap.add_argument("--only", choices=["wmt", "gen"], help="write only wmt17.json or only generated.json and lower.json")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    meta = {
        "reference": f"sacreBLEU {sacrebleu.__version__} metrics.TER",
        "python": sys.version.split()[0],
        "unicode": unicodedata.unidata_version,
        "script": "tools/oracle/ter.py",
    }
    copied = ["uedin-nmt.4722", "online-B.0", "PROMT-Rule-based.4735"]

    def dump(name, obj):
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")

    if args.only != "wmt":
        dump("lower.json", {"meta": meta, "map": lower_table()})
        dump("generated.json", {"meta": meta, "corpora": generated(args.n)})
    if args.only != "gen":
        wmt17(args.wmt, copied, args.procs,
              lambda res: dump("wmt17.json", {"meta": meta, "copied": copied, "results": res}))


if __name__ == "__main__":
    main()
