#!/usr/bin/python3
"""Oracle for `rank --multilabel` (rank.Multilabel.Report).

Expected values from Debian's python3-sklearn (1.2.1):
roc_auc_score and average_precision_score of a multilabel-indicator target
(average=None, "micro", "macro", "weighted", "samples"),
label_ranking_average_precision_score, coverage_error, label_ranking_loss,
dcg_score and ndcg_score (k, ignore_ties), with sample_weight for the
weighted cases. Where scikit-learn raises (a ROC AUC of one class) the
value is null. ignore_ties=True is only asked on tie-free scores (numpy's
order among ties is unspecified).

It writes
  rank/testdata/multilabel.json.gz        random cases for the library test
  cmd/evalkit/testdata/cli/multilabel*.csv  inputs of the CLI tests
  cmd/evalkit/testdata/rank_multilabel.json the CLI runs and their values

Rerun:  /usr/bin/python3 tools/oracle/rank_multilabel.py
"""
import gzip, json, os, warnings
import numpy as np
import sklearn
from sklearn import metrics as M

warnings.simplefilter("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
SOURCE = "scikit-learn %s, numpy %s (tools/oracle/rank_multilabel.py)" % (sklearn.__version__, np.__version__)
AVERAGES = ("micro", "macro", "weighted", "samples")


def num(f):
    try:
        v = float(f())
    except ValueError:
        return None
    return None if np.isnan(v) else v


def expected(y, s, w, graded, k, ignore_ties):
    """The JSON values of one run: dcg/ndcg always; the rest when binary."""
    e = {"dcg": num(lambda: M.dcg_score(y, s, k=k, sample_weight=w, ignore_ties=ignore_ties)),
         "ndcg": num(lambda: M.ndcg_score(y, s, k=k, sample_weight=w, ignore_ties=ignore_ties))}
    if graded:
        return e
    yi = y.astype(int)
    e["label_ranking_average_precision"] = num(lambda: M.label_ranking_average_precision_score(yi, s, sample_weight=w))
    e["coverage_error"] = num(lambda: M.coverage_error(yi, s, sample_weight=w))
    e["label_ranking_loss"] = num(lambda: M.label_ranking_loss(yi, s, sample_weight=w))
    for name, fn in (("roc_auc", M.roc_auc_score), ("average_precision", M.average_precision_score)):
        for av in AVERAGES:
            e["multilabel.%s.%s" % (name, av)] = num(lambda: fn(yi, s, average=av, sample_weight=w))
        for j in range(y.shape[1]):
            # average=None raises when any label has one class: ask each
            # label alone (the same binary metric, the same weights).
            e["multilabel.per_label.%d.%s" % (j, name)] = num(lambda: fn(yi[:, j], s[:, j], sample_weight=w))
    return e


def library_cases(rng):
    cases = []
    for n in (2, 5, 20, 60):
        for L in (2, 3, 5):
            for ties in (False, True):
                for weighted in (False, True):
                    for graded in (False, True):
                        y = rng.integers(0, 4 if graded else 2, (n, L)).astype(float)
                        if not graded and n >= 5:
                            # make each label two-class, so that the AUCs exist
                            y[0, :], y[1, :] = 1, 0
                        s = rng.normal(size=(n, L))
                        if ties:
                            s = np.round(s)
                        w = np.round(rng.uniform(0.1, 2, n), 2) if weighted else None
                        runs = []
                        for k in (None, 1, 2):
                            for it in ((False, True) if not ties else (False,)):
                                runs.append({"k": 0 if k is None else k, "ignore_ties": it,
                                             "expected": expected(y, s, w, graded, k, it)})
                        cases.append({"name": "n%d_L%d_%s_%s_%s" % (n, L, "ties" if ties else "cont", "w" if weighted else "u", "graded" if graded else "binary"),
                                      "graded": graded, "truth": y.tolist(), "score": s.tolist(),
                                      "weight": None if w is None else w.tolist(), "runs": runs})
    # Rows of weight 0 (scikit-learn drops them from each binary curve but
    # not from its one-class check), from a generator of their own.
    zr = np.random.default_rng(7)
    for n, L in ((12, 3), (40, 4)):
        y = zr.integers(0, 2, (n, L)).astype(float)
        y[0, :], y[1, :] = 1, 0
        s = np.round(zr.normal(size=(n, L)), 1)
        w = np.round(zr.uniform(0.1, 2, n), 2)
        w[zr.random(n) < 0.25] = 0
        w[0] = w[1] = 1
        runs = [{"k": k, "ignore_ties": False, "expected": expected(y, s, w, False, None if k == 0 else k, False)} for k in (0, 2)]
        cases.append({"name": "n%d_L%d_zero_weights" % (n, L), "graded": False, "truth": y.tolist(), "score": s.tolist(),
                      "weight": w.tolist(), "runs": runs})
    return cases


def write_csv(path, header, rows):
    with open(path, "w") as f:
        f.write(",".join(header) + "\n")
        for r in rows:
            f.write(",".join(r) + "\n")


def fmt(v):
    return repr(float(v)) if v != int(v) else str(int(v))


def cli_cases(rng):
    cli = os.path.join(ROOT, "cmd", "evalkit", "testdata", "cli")
    runs = []
    # multilabel.csv: 40 samples, 4 labels, scores with ties, weights.
    n, L = 40, 4
    y = (rng.random((n, L)) < 0.4).astype(float)
    y[0, :], y[1, :] = 1, 0
    s = np.round(rng.random((n, L)), 1)
    w = np.round(rng.uniform(0.5, 3, n), 1)
    header = ["id"] + ["y_%s" % c for c in "abcd"] + ["s_%s" % c for c in "abcd"] + ["w"]
    rows = [[str(i)] + [fmt(v) for v in y[i]] + [fmt(v) for v in s[i]] + [fmt(w[i])] for i in range(n)]
    write_csv(os.path.join(cli, "multilabel.csv"), header, rows)
    base = ["rank", "--multilabel", "--true", "y_*", "--score", "s_*", "--format", "json", "multilabel.csv"]
    for extra, ww, k, it in (([], None, None, False), (["--weight", "w"], w, None, False),
                             (["--k", "2"], None, 2, False), (["--weight", "w", "--k", "3"], w, 3, False)):
        runs.append({"args": base + extra, "expected": expected(y, s, ww, False, k, it)})
    # comma lists, in a different order from the file (paired in order)
    order = [2, 0, 3]
    runs.append({"args": ["rank", "--multilabel", "--true", ",".join("y_%s" % "abcd"[j] for j in order),
                          "--score", ",".join("s_%s" % "abcd"[j] for j in order), "--format", "json", "multilabel.csv"],
                 "expected": expected(y[:, order], s[:, order], None, False, None, False)})
    # multilabel_cont.csv: continuous scores (no ties) for --ignore-ties.
    n, L = 30, 3
    y = (rng.random((n, L)) < 0.5).astype(float)
    y[0, :], y[1, :] = 1, 0
    s = rng.normal(size=(n, L))
    header = ["t1", "t2", "t3", "p1", "p2", "p3"]
    rows = [[fmt(v) for v in y[i]] + [repr(float(v)) for v in s[i]] for i in range(n)]
    write_csv(os.path.join(cli, "multilabel_cont.csv"), header, rows)
    for extra, k in (([], None), (["--k", "2"], 2)):
        runs.append({"args": ["rank", "--multilabel", "--true", "t*", "--score", "p*", "--ignore-ties", "--format", "json", "multilabel_cont.csv"] + extra,
                     "expected": expected(y, s, None, False, k, True)})
    # multilabel_graded.csv: graded relevance 0–3 for dcg/ndcg.
    n, L = 25, 5
    y = rng.integers(0, 4, (n, L)).astype(float)
    s = np.round(rng.random((n, L)), 1)
    w = np.round(rng.uniform(0.5, 2, n), 2)
    header = ["rel_%d" % j for j in range(L)] + ["score_%d" % j for j in range(L)] + ["w"]
    rows = [[fmt(v) for v in y[i]] + [fmt(v) for v in s[i]] + [fmt(w[i])] for i in range(n)]
    write_csv(os.path.join(cli, "multilabel_graded.csv"), header, rows)
    for extra, ww, k in (([], None, None), (["--k", "3", "--weight", "w"], w, 3)):
        runs.append({"args": ["rank", "--multilabel", "--graded", "--true", "rel_*", "--score", "score_*", "--format", "json", "multilabel_graded.csv"] + extra,
                     "expected": expected(y, s, ww, True, k, False)})
    # multilabel_oneclass.csv: label c has no relevant sample, and some
    # samples have one class: AUCs null, the rest defined.
    y = np.array([[1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 0], [1, 0, 0], [0, 1, 0]], dtype=float)
    s = np.array([[.9, .2, .1], [.3, .8, .4], [.7, .6, .5], [.2, .1, .3], [.4, .5, .6], [.1, .9, .2]])
    header = ["y_a", "y_b", "y_c", "s_a", "s_b", "s_c"]
    rows = [[fmt(v) for v in y[i]] + [fmt(v) for v in s[i]] for i in range(len(y))]
    write_csv(os.path.join(cli, "multilabel_oneclass.csv"), header, rows)
    runs.append({"args": ["rank", "--multilabel", "--true", "y_*", "--score", "s_*", "--format", "json", "multilabel_oneclass.csv"],
                 "expected": expected(y, s, None, False, None, False)})
    return runs


def main():
    rng = np.random.default_rng(20261127)
    lib = {"source": SOURCE, "cases": library_cases(rng)}
    out = os.path.join(ROOT, "rank", "testdata", "multilabel.json.gz")
    with open(out, "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as g:
            g.write(json.dumps(lib, separators=(",", ":")).encode())
    print(len(lib["cases"]), "cases ->", out)
    runs = cli_cases(rng)
    out = os.path.join(ROOT, "cmd", "evalkit", "testdata", "rank_multilabel.json")
    with open(out, "w") as f:
        json.dump({"source": SOURCE, "runs": runs}, f, indent=1)
        f.write("\n")
    print(len(runs), "runs ->", out)


main()
