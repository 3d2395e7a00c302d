#!/usr/bin/python3
"""Oracle for rank's multilabel ranking measures: writes rank/testdata/ranking.json.gz.

Expected values from Debian's python3-sklearn: dcg_score, ndcg_score (k,
ignore_ties), label_ranking_loss, label_ranking_average_precision_score,
coverage_error, with and without sample weights, with tied scores.
ignore_ties=True is only asked on tie-free scores (numpy's order among ties
is unspecified).

Rerun:  /usr/bin/python3 tools/oracle/rank_ranking.py
"""
import gzip, json, os, warnings
import numpy as np
import sklearn
from sklearn import metrics as M

warnings.simplefilter("ignore")
rng = np.random.default_rng(11)
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "rank", "testdata", "ranking.json.gz")

cases = []
for n in (1, 2, 5, 20, 60):
    for L in (2, 3, 5, 8):
        for ties in (False, True):
            for weighted in (False, True):
                rel = rng.integers(0, 4, (n, L)).astype(float)
                truth = rng.random((n, L)) < 0.4
                s = rng.normal(size=(n, L))
                if ties:
                    s = np.round(s)
                w = np.round(rng.uniform(0.1, 2, n), 2) if weighted else None
                E = {}
                for k in (None, 1, 3):
                    key = "all" if k is None else str(k)
                    E["dcg_" + key] = M.dcg_score(rel, s, k=k, sample_weight=w)
                    E["ndcg_" + key] = M.ndcg_score(rel, s, k=k, sample_weight=w)
                    if not ties:
                        E["dcg_it_" + key] = M.dcg_score(rel, s, k=k, sample_weight=w, ignore_ties=True)
                        E["ndcg_it_" + key] = M.ndcg_score(rel, s, k=k, sample_weight=w, ignore_ties=True)
                # sklearn needs a multilabel-indicator target: at least 2 columns, not all one value
                E["label_ranking_loss"] = M.label_ranking_loss(truth.astype(int), s, sample_weight=w)
                E["coverage_error"] = M.coverage_error(truth.astype(int), s, sample_weight=w)
                E["lrap"] = M.label_ranking_average_precision_score(truth.astype(int), s, sample_weight=w)
                cases.append({"name": "n%d_L%d_%s_%s" % (n, L, "ties" if ties else "cont", "w" if weighted else "u"),
                              "rel": rel.tolist(), "truth": truth.tolist(), "score": s.tolist(),
                              "weight": None if w is None else w.tolist(), "expected": E})

doc = {"source": "scikit-learn %s, numpy %s (tools/oracle/rank_ranking.py)" % (sklearn.__version__, np.__version__),
       "cases": cases}
with open(OUT, "wb") as f:
    with gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as g:
        g.write(json.dumps(doc, separators=(",", ":")).encode())
print(len(cases), "cases ->", OUT, os.path.getsize(OUT), "bytes")
