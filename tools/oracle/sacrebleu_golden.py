#!/usr/bin/env python3
"""Golden numbers for package text (BLEU, chrF, paired tests) from sacreBLEU.

Usage (Debian's python3 with python3-regex, -tabulate, -portalocker,
-colorama, -lxml, -numpy installed):

    git clone https://github.com/mjpost/sacrebleu /somewhere/sacrebleu
    git -C /somewhere/sacrebleu checkout v2.6.0
    echo '__version__ = version = "2.6.0"' > /somewhere/sacrebleu/sacrebleu/version.py
    SACREBLEU_DIR=/somewhere/sacrebleu /usr/bin/python3 tools/oracle/sacrebleu_golden.py

(version.py is normally written by setuptools-scm at install time.) It
imports sacreBLEU from SACREBLEU_DIR (default /work/oracle-src/sacrebleu)
and writes, under text/testdata/:

  wmt17_golden.json      corpus BLEU/chrF of the 16 WMT17 en-de systems under
                         several settings
  generated_golden.json.gz  >= 200 generated corpora (every tokenizer, Unicode
                         punctuation/symbols, CJK, empty lines, 1-3 refs, every
                         smoothing, effective order, sentence level, chrF/chrF++
                         variants) with sacreBLEU's results and tokenizations
  random_tokenize.json.gz  3000 random Unicode strings: tokenizations, lower()
  pyunicode.json.gz      Python/regex-module Unicode facts the Go code mirrors
  significance_golden.json  sacreBLEU's paired bootstrap / approximate
                         randomisation results on WMT17 subsets
"""
import gzip
import json
import os
import random
import sys
import unicodedata

SACREBLEU_DIR = os.environ.get("SACREBLEU_DIR", "/work/oracle-src/sacrebleu")
sys.path.insert(0, SACREBLEU_DIR)

import regex  # noqa: E402
import sacrebleu  # noqa: E402
from sacrebleu.metrics import BLEU, CHRF  # noqa: E402
from sacrebleu.metrics.bleu import _get_tokenizer  # noqa: E402
from sacrebleu.significance import PairedTest  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "text", "testdata")
WMT = os.environ.get("WMT17_DIR", os.path.join(ROOT, "..", "shared", "data", "wmt17-en-de"))
SOURCE = f"sacreBLEU {sacrebleu.__version__} (Python {sys.version.split()[0]})"

TOKENIZERS = ["13a", "intl", "zh", "char", "none"]


def read_lines(path):
    # as sacreBLEU's command line: UTF-8, newline="\n", line.rstrip()
    with gzip.open(path, "rt", encoding="utf-8", newline="\n") as f:
        return [line.rstrip() for line in f]


def bleu_result(metric, score, nrefs):
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


def bleu_kwargs(opt):
    return dict(tokenize=opt["tokenize"], lowercase=opt["lowercase"],
                smooth_method=opt["smooth"], smooth_value=opt.get("smooth_value"),
                effective_order=opt["effective_order"])


def chrf_kwargs(opt):
    return dict(char_order=opt["char_order"], word_order=opt["word_order"],
                beta=opt["beta"], lowercase=opt["lowercase"],
                whitespace=opt["whitespace"], eps_smoothing=opt["eps_smoothing"])


def bopt(tok="13a", lc=False, smooth="exp", sv=None, eff=False):
    d = {"tokenize": tok, "lowercase": lc, "smooth": smooth, "effective_order": eff}
    if sv is not None:
        d["smooth_value"] = sv
    return d


def copt(nc=6, nw=0, beta=2, lc=False, ws=False, eps=False):
    return {"char_order": nc, "word_order": nw, "beta": beta, "lowercase": lc,
            "whitespace": ws, "eps_smoothing": eps}


# ---------------------------------------------------------------- WMT17
def wmt17():
    files = sorted(os.listdir(WMT))
    ref = read_lines(os.path.join(WMT, "newstest2017.ref.en-de.txt.gz"))
    systems = [f for f in files if f.endswith(".en-de.txt.gz") and ".ref." not in f]
    bleu_settings = [bopt(), bopt("intl"), bopt("char"), bopt("none"), bopt(lc=True),
                     bopt("intl", lc=True, smooth="floor"), bopt(smooth="add-k"),
                     bopt(smooth="none"), bopt("zh", smooth="floor", sv=0.01, eff=True)]
    chrf_settings = [copt(), copt(nw=2), copt(lc=True, eps=True), copt(beta=1, ws=True)]
    cases = []
    for fn in systems:
        hyp = read_lines(os.path.join(WMT, fn))
        for opt in bleu_settings:
            m = BLEU(**bleu_kwargs(opt))
            s = m.corpus_score(hyp, [ref])
            cases.append({"system": fn, "metric": "bleu", "options": opt, **bleu_result(m, s, 1)})
        for opt in chrf_settings:
            m = CHRF(**chrf_kwargs(opt))
            s = m.corpus_score(hyp, [ref])
            cases.append({"system": fn, "metric": "chrf", "options": opt, "name": s.name,
                          "score": s.score, "signature": str(m.get_signature())})
    return {"source": SOURCE, "reference": "newstest2017.ref.en-de.txt.gz", "cases": cases}


# ---------------------------------------------------------- generated
ASCII_WORDS = "the a cat sat on mat dog house is not very good I you we they Mr. U.S. e.g. can't it's".split()
DE_WORDS = "Haus Straße über Äpfel größer Müller schön Öl Übung heißt".split()
GREEK = ["ΟΔΟΣ", "Σοφία", "ΣΣ", "ΑΣ.", "Σ", "λόγος", "ΚΑΛΗΣΠΈΡΑ", "ΦΩΣ'Σ", "Α\u0301Σ"]
TURKISH = ["İstanbul", "ISPARTA", "ıi", "KİŞİ"]
CJK = ["中文", "我们", "今天", "天气", "很好", "东京", "日本語", "ひらがな", "カタカナ", "한국어",
       "ＡＢＣ", "１２３", "。", "，", "、", "「引用」", "（注）", "𠀀𠀁", "龥", "㐀"]
UNI_PUNCT = ["«", "»", "„", "“", "”", "‘", "’", "—", "–", "…", "¿", "¡", "‹", "›", "·", "§", "¶",
             "†", "‡", "‰", "′", "″", "⁂", "※", "‼", "⸮", "؟", "،", "।", "־", "״", "〜", "・"]
SYMBOLS = ["€", "£", "¥", "$", "©", "®", "™", "°", "±", "×", "÷", "→", "⇒", "∑", "√", "∞", "☺",
           "♥", "✓", "😀", "👍🏽", "^", "`", "|", "~", "+", "=", "<", ">", "¢", "¬", "¦", "˚", "♪"]
ASCII_PUNCT = list("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
NUMBERS = ["3.14", "1,000", "2017.", "10-20", "-5", "5-", "0.5.", "1.2,3", "a.b", "x,y", "12:30",
           "٣", "½", "²", "Ⅻ", "四", "①", "1.", ".5", ",7"]
ENTITIES = ["&quot;", "&amp;", "&lt;", "&gt;", "&amp;quot;", "&apos;", "AT&T", "<skipped>", "x-\ny"]
MIXED = ["(hi)", "'quoted'", "\"dq\"", "end.", "U.S.A.", "co-op", "e-mail:", "-dash", "..", "?!",
         "a", "é", "e\u0301", "ﬁ", "Ǆ", "ǅ"]
SPACES = [" ", " ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\u2009", "\u200b", "\x1c", "\x85", "\u2028"]

POOLS = {
    "ascii": (ASCII_WORDS + ASCII_PUNCT + NUMBERS[:10], [" "]),
    "latin": (ASCII_WORDS + DE_WORDS + MIXED + ASCII_PUNCT, [" "]),
    "unicode_punct": (ASCII_WORDS + UNI_PUNCT + DE_WORDS, [" ", " ", ""]),
    "symbols": (ASCII_WORDS + SYMBOLS + NUMBERS, [" ", " ", ""]),
    "cjk": (CJK + ["ok", "42", "."], ["", "", " "]),
    "greek_turkish": (GREEK + TURKISH + ASCII_WORDS[:8], [" "]),
    "entities": (ASCII_WORDS + ENTITIES + NUMBERS, [" "]),
    "numbers": (NUMBERS + ASCII_WORDS[:6] + ASCII_PUNCT[:12], [" "]),
    "whitespace": (ASCII_WORDS + DE_WORDS + UNI_PUNCT[:6], SPACES),
    "everything": (ASCII_WORDS + DE_WORDS + GREEK + TURKISH + CJK + UNI_PUNCT + SYMBOLS
                   + ASCII_PUNCT + NUMBERS + ENTITIES + MIXED, SPACES + [""]),
}


def gen_sentence(rng, pool, seps, maxlen=14):
    n = rng.randint(0, maxlen)
    if rng.random() < 0.08:
        return rng.choice(["", " ", "\u00a0", "."])
    out = []
    for i in range(n):
        if i:
            out.append(rng.choice(seps))
        out.append(rng.choice(pool))
    s = "".join(out)
    return s.rstrip()  # files are read with rstrip() by the command line


def perturb(rng, sent, pool, seps):
    toks = sent.split(" ")
    out = []
    for t in toks:
        r = rng.random()
        if r < 0.12:
            continue
        if r < 0.24:
            out.append(rng.choice(pool))
        else:
            out.append(t)
        if rng.random() < 0.05:
            out.append(rng.choice(pool))
    if rng.random() < 0.2 and len(out) > 1:
        i = rng.randrange(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]
    if rng.random() < 0.1:
        out.append(rng.choice(pool))
    return " ".join(out).rstrip()


SMOOTHS = [("exp", None), ("floor", None), ("add-k", None), ("none", None),
           ("floor", 0.25), ("add-k", 0.5), ("add-k", 2)]


def generated():
    rng = random.Random(20261122)
    corpora = []
    kinds = list(POOLS)
    idx = 0
    for i in range(240):
        kind = kinds[i % len(kinds)]
        pool, seps = POOLS[kind]
        nsent = rng.randint(1, 12)
        nrefs = 1 + (i % 3)
        hyps, refs = [], [[] for _ in range(nrefs)]
        for _ in range(nsent):
            h = gen_sentence(rng, pool, seps)
            hyps.append(h)
            for k in range(nrefs):
                if rng.random() < 0.1:
                    refs[k].append(gen_sentence(rng, pool, seps))
                else:
                    refs[k].append(perturb(rng, h, pool, seps))
        tok = TOKENIZERS[i % len(TOKENIZERS)]
        sm, sv = SMOOTHS[(i // 5) % len(SMOOTHS)]
        lc = (i // 3) % 2 == 1
        eff = (i // 7) % 2 == 1
        bo = bopt(tok, lc, sm, sv, eff)
        m = BLEU(**bleu_kwargs(bo))
        corpus_bleu = bleu_result(m, m.corpus_score(hyps, refs), nrefs)
        # sentence level as sacreBLEU's --sentence-level: effective order on
        so = dict(bo, effective_order=True)
        ms = BLEU(**bleu_kwargs(so))
        sent_bleu = [bleu_result(ms, ms.sentence_score(h, [r[j] for r in refs]), nrefs)
                     for j, h in enumerate(hyps)]
        co = copt(nc=[6, 6, 4, 1, 6][i % 5], nw=[0, 2, 0, 1, 2][(i // 2) % 5],
                  beta=[2, 2, 1, 3][(i // 4) % 4], lc=(i % 4 == 1), ws=(i % 6 == 5),
                  eps=(i % 8 == 3))
        mc = CHRF(**chrf_kwargs(co))
        cs = mc.corpus_score(hyps, refs)
        sent_chrf = [mc.sentence_score(h, [r[j] for r in refs]).score for j, h in enumerate(hyps)]
        toks = {}
        for t in TOKENIZERS:
            f = _get_tokenizer(t)()
            toks[t] = [f(x) for x in hyps + [r for rr in refs for r in rr]]
        corpora.append({
            "name": f"{idx:03d}-{kind}-{tok}-{sm}-r{nrefs}",
            "hyps": hyps, "refs": refs,
            "lower": [x.lower() for x in hyps],
            "tokens": toks,
            "bleu_options": bo, "bleu": corpus_bleu, "sentence_bleu": sent_bleu,
            "chrf_options": co, "chrf_name": cs.name, "chrf": cs.score,
            "chrf_signature": str(mc.get_signature()), "sentence_chrf": sent_chrf,
        })
        idx += 1
    return {"source": SOURCE, "corpora": corpora}


# -------------------------------------------------- random tokenizations
def random_strings():
    """Random strings over all of Unicode (weighted towards ASCII, digits,
    punctuation, symbols, spaces and CJK) with sacreBLEU's tokenizations
    and Python's lower()."""
    rng = random.Random(5)
    assigned = [cp for cp in range(0x110000)
                if unicodedata.category(chr(cp)) not in ("Cn", "Cs")]
    special = [cp for cp in assigned if unicodedata.category(chr(cp))[0] in "PSNZ"]
    ascii_ = list(range(0x20, 0x7F)) + [9, 10, 11, 12, 13, 0x1c, 0x1f]
    cjk = list(range(0x2000, 0x2A80)) + list(range(0x2F70, 0x3100)) + list(range(0x4E00, 0x4E40)) + list(range(0xFF00, 0xFF70))
    pools = [ascii_, special, cjk, assigned, [0x3A3, 0x130, 0x301, 0x27, 0x2E, 0x41, 0x20, 0x3C3]]
    out = []
    for _ in range(3000):
        n = rng.randint(0, 24)
        s = "".join(chr(rng.choice(rng.choice(pools))) for _ in range(n))
        toks = {t: _get_tokenizer(t)()(s) for t in TOKENIZERS}
        out.append({"s": s, "lower": s.lower(), "tokens": toks})
    return {"source": SOURCE, "strings": out}


# ------------------------------------------------------------ unicode
def ranges(pred):
    out, start = [], None
    for cp in range(0x110000):
        ok = pred(cp)
        if ok and start is None:
            start = cp
        elif not ok and start is not None:
            out.append([start, cp - 1])
            start = None
    if start is not None:
        out.append([start, 0x10FFFF])
    return out


def unicode_facts():
    def ch(cp):
        return chr(cp)
    P, S, N = regex.compile(r"\p{P}"), regex.compile(r"\p{S}"), regex.compile(r"\p{N}")
    lower = {}
    ignorable, cased = [], []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        lc = c.lower()
        if lc != c:
            lower[cp] = [ord(x) for x in lc]
        # Final_Sigma probes (see pystr.go): t1 = lower("A"+c+"Σ"),
        # t2 = lower("AΣ"+c)
        t1 = ("A" + c + "Σ").lower()[-1] == "ς"
        t2 = ("AΣ" + c).lower()[1] == "ς"
        ign = t1 and t2
        if ign:
            ignorable.append(cp)
        elif (c + "Σ").lower()[-1] == "ς":
            cased.append(cp)

    def to_ranges(cps):
        out = []
        for cp in cps:
            if out and out[-1][1] == cp - 1:
                out[-1][1] = cp
            else:
                out.append([cp, cp])
        return out
    return {
        "source": f"Python {sys.version.split()[0]} unicodedata {unicodedata.unidata_version}, regex {regex.__version__}",
        "unassigned": ranges(lambda cp: unicodedata.category(ch(cp)) == "Cn"),
        "space": ranges(lambda cp: ch(cp).isspace()),
        "punct": ranges(lambda cp: P.match(ch(cp)) is not None),
        "symbol": ranges(lambda cp: S.match(ch(cp)) is not None),
        "number": ranges(lambda cp: N.match(ch(cp)) is not None),
        "lower": lower,
        "case_ignorable": to_ranges(ignorable),
        "cased_not_ignorable": to_ranges(cased),
    }


# ------------------------------------------------------- significance
def significance():
    ref = read_lines(os.path.join(WMT, "newstest2017.ref.en-de.txt.gz"))
    names = ["newstest2017.uedin-nmt.4722.en-de.txt.gz",
             "newstest2017.LMU-nmt-reranked.4934.en-de.txt.gz",
             "newstest2017.LMU-nmt-single.4893.en-de.txt.gz",
             "newstest2017.KIT.4950.en-de.txt.gz",
             "newstest2017.online-B.0.en-de.txt.gz"]
    n = int(os.environ.get("SIG_LINES", "400"))
    systems = [(nm, read_lines(os.path.join(WMT, nm))[:n]) for nm in names]
    refs = [ref[:n]]
    out = []
    for test, samples in [("bs", 1000), ("ar", 10000)]:
        for metric in ["bleu", "chrf"]:
            m = BLEU() if metric == "bleu" else CHRF()
            ps = PairedTest(systems, {metric: m}, refs, test_type=test, n_samples=samples)
            sigs, scores = ps()
            key = [k for k in scores if k != "System"][0]
            rows = []
            for name, r in zip(scores["System"], scores[key]):
                rows.append({"system": name, "score": r.score, "p_value": r.p_value,
                             "mean": r.mean, "ci": r.ci})
            out.append({"test": test, "metric": metric, "samples": samples, "lines": n,
                        "signature": str(sigs[key]), "systems": rows})
    # single-system confidence interval (--confidence)
    m = BLEU()
    s = m.corpus_score(systems[0][1], refs, n_bootstrap=1000)
    out.append({"test": "confidence", "metric": "bleu", "samples": 1000, "lines": n,
                "signature": str(m.get_signature()),
                "systems": [{"system": names[0], "score": s.score, "mean": s._mean, "ci": s._ci}]})
    return {"source": SOURCE + ", numpy default_rng(12345)", "cases": out}


def main():
    os.makedirs(OUT, exist_ok=True)
    what = sys.argv[1:] or ["wmt17", "generated", "random", "unicode", "significance"]
    if "wmt17" in what:
        with open(os.path.join(OUT, "wmt17_golden.json"), "w") as f:
            json.dump(wmt17(), f, indent=0, ensure_ascii=False)
    if "generated" in what:
        with gzip.open(os.path.join(OUT, "generated_golden.json.gz"), "wt", encoding="utf-8") as f:
            json.dump(generated(), f, ensure_ascii=False)
    if "random" in what:
        with gzip.open(os.path.join(OUT, "random_tokenize.json.gz"), "wt", encoding="utf-8") as f:
            json.dump(random_strings(), f, ensure_ascii=False)
    if "unicode" in what:
        with gzip.open(os.path.join(OUT, "pyunicode.json.gz"), "wt", encoding="utf-8") as f:
            json.dump(unicode_facts(), f)
    if "significance" in what:
        with open(os.path.join(OUT, "significance_golden.json"), "w") as f:
            json.dump(significance(), f, indent=0, ensure_ascii=False)


if __name__ == "__main__":
    main()
