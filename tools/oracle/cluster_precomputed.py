#!/usr/bin/python3
"""Generate cluster/testdata/precomputed.json and the CLI golden input
cmd/evalkit/testdata/cli/cluster_dist.csv: the silhouette of a precomputed
distance matrix. (cluster_dist_diag.csv beside it is cluster_dist.csv with
row 5's diagonal entry set to 0.5, written by hand: the refused case.)

Rerun with Debian's Python (python3-sklearn 1.2.x):

    /usr/bin/python3 tools/oracle/cluster_precomputed.py

Source: scikit-learn's silhouette_score(D, labels, metric="precomputed")
and silhouette_samples(D, labels, metric="precomputed"). Matrices: Euclidean
and Manhattan distances of random points (sklearn's pairwise_distances),
asymmetric random matrices with a zero diagonal, matrices whose diagonal
holds values within scikit-learn's tolerance (100 machine epsilons, which
it accepts and sums), singleton clusters; and the cases scikit-learn
refuses (a diagonal entry beyond the tolerance, a negative entry), with
its error message.
"""
import json, os
import numpy as np
import sklearn
from sklearn.metrics import pairwise_distances, silhouette_samples, silhouette_score

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
rng = np.random.default_rng(20261127)
cases = []


def add(name, D, labels):
    c = {"name": name, "d": D.tolist(), "labels": [int(v) for v in labels]}
    try:
        c["silhouette"] = float(silhouette_score(D, labels, metric="precomputed"))
        c["samples"] = silhouette_samples(D, labels, metric="precomputed").tolist()
    except ValueError as e:
        c["error"] = str(e)
    cases.append(c)


for n in (5, 12, 40, 150):
    for k in (2, 3, 5):
        if k >= n:
            continue
        labels = rng.integers(0, k, n)
        labels[:k] = np.arange(k)
        X = rng.normal(size=(n, 3)) + labels[:, None]
        for metric in ("euclidean", "manhattan"):
            add("n%d_k%d_%s" % (n, k, metric), pairwise_distances(X, metric=metric), labels)
        A = np.round(rng.uniform(0, 5, (n, n)), 3)
        np.fill_diagonal(A, 0)
        add("n%d_k%d_asymmetric" % (n, k), A, labels)
        T = pairwise_distances(X)
        np.fill_diagonal(T, rng.uniform(0, 2e-14, n))
        add("n%d_k%d_tiny_diagonal" % (n, k), T, labels)
labels = np.array([0, 0, 1, 1, 1, 2])
X = rng.normal(size=(6, 2))
add("singleton", pairwise_distances(X), labels)
D = pairwise_distances(X)
D[3, 3] = 0.5
add("diagonal", D, labels)
D = pairwise_distances(X)
D[1, 4] = -0.25
add("negative", D, labels)

doc = {"source": "scikit-learn %s, numpy %s (tools/oracle/cluster_precomputed.py)" % (sklearn.__version__, np.__version__), "cases": cases}
with open(os.path.join(ROOT, "cluster", "testdata", "precomputed.json"), "w") as f:
    json.dump(doc, f, separators=(",", ":"))

# The CLI golden input: 8 rows, their clusters and the distance matrix
# (Manhattan distances of small integer points, so the file is exact).
P = np.array([[0, 0], [1, 0], [0, 2], [6, 5], [7, 7], [5, 6], [2, 9], [3, 8]])
lab = ["a", "a", "a", "b", "b", "b", "c", "c"]
D = pairwise_distances(P, metric="manhattan")
with open(os.path.join(ROOT, "cmd", "evalkit", "testdata", "cli", "cluster_dist.csv"), "w") as f:
    f.write("cluster," + ",".join("d%d" % j for j in range(len(P))) + "\n")
    for i in range(len(P)):
        f.write(lab[i] + "," + ",".join("%g" % v for v in D[i]) + "\n")
print("cluster_dist.csv silhouette", repr(silhouette_score(D, lab, metric="precomputed")))
print(len(cases), "cases")
