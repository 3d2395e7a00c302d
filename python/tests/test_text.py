"""ek.bleu, chrf, ter and wer against the command line's golden outputs:
the same sentences (the lines of the --hyp and --ref files) as Python
strings, the same options as keywords, the same output to the byte."""

import json

import pytest

import evalkit as ek
from conftest import GOLDEN

TASKS = {"bleu": ek.bleu, "chrf": ek.chrf, "ter": ek.ter, "wer": ek.wer}
BOOL_FLAGS = {"ci", "confidence", "paired-bs", "paired-ar", "lowercase", "sentence", "cer"}


def lines(path):
    """The sentences of a file as the command line reads them: a line a
    sentence, the last line feed ending the last line."""
    text = (GOLDEN / path).read_bytes().decode("utf-8")
    out = text.split("\n")
    if out and out[-1] == "":
        out.pop()
    return out


def text_cases():
    cases = []
    for args_path in sorted(GOLDEN.glob("*.args")):
        args = args_path.read_text().rstrip("\n").split("\n")
        if args[0] not in TASKS:
            continue
        stderr = args_path.with_suffix(".stderr")
        if stderr.exists() and stderr.stat().st_size > 0:
            continue
        hyps, refs, options, skip = [], [], {}, False
        i = 1
        while i < len(args):
            a = args[i]
            if not a.startswith("--"):
                hyps.append(a)
            else:
                k, eq, v = a[2:].partition("=")
                if not eq:
                    if k in BOOL_FLAGS:
                        v = "true"
                    else:
                        i += 1
                        v = args[i]
                if k == "hyp":
                    hyps.append(v)
                elif k == "ref":
                    refs.append(v)
                else:
                    options[k.replace("-", "_")] = v
                skip = skip or k == "sentence"
            i += 1
        skip = skip or any(p.endswith(".gz") or p == "-" for p in hyps + refs)
        if not skip:
            cases.append(pytest.param(args[0], hyps, refs, options, args_path.with_suffix(".stdout"), id=args_path.stem))
    return cases


@pytest.mark.parametrize("task,hyps,refs,options,stdout", text_cases())
def test_text_golden(task, hyps, refs, options, stdout):
    options = dict(options)
    fmt = options.pop("format", "json")
    if task == "wer":
        r = TASKS[task](lines(hyps[0]), [lines(p) for p in refs], hyp=hyps[0], ref=refs, **options)
    else:
        h = lines(hyps[0]) if len(hyps) == 1 else {p: lines(p) for p in hyps}
        r = TASKS[task](h, [lines(p) for p in refs], hyp=hyps if len(hyps) == 1 else None, ref=refs, **options)
    want = stdout.read_text()
    got = r.json if fmt == "json" else r.text if fmt == "text" else r._render(fmt)
    assert got == want
    if fmt == "json":
        assert r.to_dict() == json.loads(want)


def test_text_cases_found():
    assert len(text_cases()) >= 15


def test_text_api():
    h = ["the cat sat on the mat", "a dog", "hello world"]
    ref = ["the cat sat on a mat", "the dog", "hello there world"]
    one = ek.bleu(h, ref)
    assert one.to_dict() == ek.bleu(h, [ref]).to_dict()  # one reference stream
    assert one["sentences"] == 3 and 0 < one["bleu"] < 100
    assert ek.wer(h, ref)["errors"] == 3
    assert set(ek.bleu({"a": h, "b": ref}, ref, paired_bs=True, paired_bs_n=50).to_dict()) >= {"systems", "test"}


def test_bleu_max_ngram_order():
    # sacreBLEU 2.6.0's own test_max_ngram_order (test/test_bleu.py): its
    # sentences and the scores it expects for orders 1, 2, 5 and 6.
    refs = [["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
            ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."]]
    hyps = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
    for order, want in [(1, "77.65"), (2, "60.50"), (5, "46.14"), (6, "43.28")]:
        r = ek.bleu(hyps, refs, max_ngram_order=order)
        assert f"{r['score']:.2f}" == want and r["bleu"] == r["score"]
        assert len(r["precisions"]) == order and f"|order:{order}|" in r["signature"]
    assert "order:" not in ek.bleu(hyps, refs, max_ngram_order=4)["signature"]
    with pytest.raises(ValueError, match="max-ngram-order 10 is not an order from 1 to 9"):
        ek.bleu(hyps, refs, max_ngram_order=10)


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: ek.bleu(["a", "b"], ["a"]), "references has 1 lines but the hypothesis hypotheses has 2"),
        (lambda: ek.chrf(["a\nb"], ["a"]), r"hypotheses: row 0: a sentence holds a line break"),
        (lambda: ek.ter("a b", ["a"]), "a sequence of sentences expected"),
        (lambda: ek.bleu([1, 2], ["a", "b"]), r"hypotheses: row 0: a sentence \(str\) expected"),
        (lambda: ek.bleu(["a"], ["a"], tokenize="nope"), "tokenize"),
        (lambda: ek.wer(["a"], [["a"], ["b"]]), "one --ref FILE, got 2"),
        (lambda: ek.bleu(["a"], ["a"], sentence=True), "library gives the corpus result"),
    ],
)
def test_text_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
