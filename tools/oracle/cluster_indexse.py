#!/usr/bin/python3
"""Generate cluster/testdata/index_se.json: standard errors of the
Davies-Bouldin indices and of Calinski-Harabasz, for cluster/indexci.go.

Rerun with Debian's Python (python3-sklearn 1.2.x, numpy):

    /usr/bin/python3 tools/oracle/cluster_indexse.py > cluster/testdata/index_se.json

With an argument it also writes the first case's rows as a CSV (columns f1,
f2, f3, cluster), the data of the golden CLI cases cluster_ci_blobs_*:

    /usr/bin/python3 tools/oracle/cluster_indexse.py cmd/evalkit/testdata/cli/blobs3.csv > cluster/testdata/index_se.json

Each case is a data set (features, cluster labels, metric) drawn here with a
fixed seed. Per index, two references:

  se_numeric   the delta method computed numerically and independently of
               evalkit's closed forms: each index is written as a function
               of row weights w (weighted centroids, weighted mean distances
               to them, avg(C) as the weighted U-statistic
               sum_{i!=j} w_i w_j d_ij / sum_{i!=j} w_i w_j, B/W from
               weighted sums); row i's empirical influence is the central
               finite difference of the index along (1 - e) P_n + e delta_i,
               e = 1e-5; se = sqrt(sum IF_i^2 / n^2 * n/(n-1)).
               Calinski-Harabasz's is (n-k)/(k-1) times that of B/W.
  se_jackknife the jackknife: each row left out, the index recomputed by
               scikit-learn 1.2.1 (davies_bouldin_score,
               calinski_harabasz_score: Euclidean only) or, for
               davies_bouldin_avgpair and the other metrics, by a direct
               formula on scipy cdist distances; Calinski-Harabasz's
               leave-one-out values rescaled by (n-k)/(n-1-k).
               se = sqrt((n-1)/n * sum (theta_(i) - mean)^2).

evalkit's standard errors must equal se_numeric to 1e-6 (relative) and
se_jackknife to 15% (the two agree to first order only: up to 12% apart on
the skewed clusters here).
"""
import json
import sys
import numpy as np
from scipy.spatial.distance import cdist
from sklearn.metrics import davies_bouldin_score, calinski_harabasz_score

rng = np.random.default_rng(20261126)
SCIPY = {"euclidean": "euclidean", "manhattan": "cityblock", "cosine": "cosine"}


def dist_to(x, u, metric):
    d = cdist(x, u[None, :], SCIPY[metric])[:, 0]
    if metric == "cosine":
        d = np.clip(d, 0, 2)
    return d


def db_rule(s, M):
    k = len(s)
    if np.allclose(s, 0, rtol=0, atol=1e-8) or np.allclose(M, 0, rtol=0, atol=1e-8):
        return 0.0
    R = np.zeros((k, k))
    for a in range(k):
        for b in range(k):
            if a != b and M[a, b] != 0:
                R[a, b] = (s[a] + s[b]) / M[a, b]
    return R.max(axis=1).mean()


def indices_weighted(x, lab, w, metric, D):
    """(DB, DB avgpair, B/W) of the rows weighted by w."""
    ks = np.unique(lab)
    mus, s, avg, p = [], [], [], []
    for c in ks:
        m = lab == c
        wc, xc = w[m], x[m]
        mu = (wc[:, None] * xc).sum(0) / wc.sum()
        mus.append(mu)
        s.append((wc * dist_to(xc, mu, metric)).sum() / wc.sum())
        Dc = D[np.ix_(m, m)]
        ww = np.outer(wc, wc)
        np.fill_diagonal(ww, 0)
        avg.append((ww * Dc).sum() / ww.sum())
        p.append(wc.sum())
    mus, p = np.array(mus), np.array(p) / w.sum()
    M = cdist(mus, mus, SCIPY[metric])
    if metric == "cosine":
        M = np.clip(M, 0, 2)
    mu_all = (w[:, None] * x).sum(0) / w.sum()
    b = (p * ((mus - mu_all) ** 2).sum(1)).sum()
    within = 0.0
    for i, c in enumerate(ks):
        m = lab == c
        within += (w[m] * ((x[m] - mus[i]) ** 2).sum(1)).sum()
    within /= w.sum()
    return np.array([db_rule(np.array(s), M), db_rule(np.array(avg), M), b / within])


def se_numeric(x, lab, metric):
    n = len(lab)
    D = cdist(x, x, SCIPY[metric])
    if metric == "cosine":
        D = np.clip(D, 0, 2)
    u = np.full(n, 1.0 / n)
    eps = 1e-5
    IF = np.zeros((n, 3))
    for i in range(n):
        e = np.zeros(n)
        e[i] = 1
        hi = indices_weighted(x, lab, (1 - eps) * u + eps * e, metric, D)
        lo = indices_weighted(x, lab, (1 + eps) * u - eps * e, metric, D)
        IF[i] = (hi - lo) / (2 * eps)
    se = np.sqrt((IF ** 2).sum(0) / n**2 * n / (n - 1))
    k = len(np.unique(lab))
    se[2] *= (n - k) / (k - 1)
    return se


def jack_values(x, lab, metric):
    n = len(lab)
    k = len(np.unique(lab))
    D = cdist(x, x, SCIPY[metric])
    if metric == "cosine":
        D = np.clip(D, 0, 2)
    vals = np.zeros((n, 3))
    for i in range(n):
        keep = np.arange(n) != i
        xs, ls = x[keep], lab[keep]
        v = indices_weighted(xs, ls, np.ones(n - 1), metric, D[np.ix_(keep, keep)])
        if metric == "euclidean":
            v[0] = davies_bouldin_score(xs, ls)
        v[2] = calinski_harabasz_score(xs, ls) * (n - k) / (n - 1 - k)
        vals[i] = v
    return vals


def case(name, x, lab, metric):
    n = len(lab)
    jv = jack_values(x, lab, metric)
    jse = np.sqrt((n - 1) / n * ((jv - jv.mean(0)) ** 2).sum(0))
    nse = se_numeric(x, lab, metric)
    full = indices_weighted(x, lab, np.ones(n), metric, np.clip(cdist(x, x, SCIPY[metric]), 0, None))
    k = len(np.unique(lab))
    exp = {}
    for j, key in enumerate(["davies_bouldin", "davies_bouldin_avgpair", "calinski_harabasz"]):
        exp[key] = {"se_numeric": float(nse[j]), "se_jackknife": float(jse[j])}
    exp["davies_bouldin"]["value"] = float(full[0])
    exp["davies_bouldin_avgpair"]["value"] = float(full[1])
    exp["calinski_harabasz"]["value"] = float(calinski_harabasz_score(x, lab))
    return {"name": name, "metric": metric, "dim": x.shape[1], "features": x.round(6).tolist(),
            "labels": [int(v) for v in lab], "expected": exp}


def gaussians(n, centres, scale=1.0):
    centres = np.array(centres, float)
    lab = rng.integers(0, len(centres), n)
    return centres[lab] + scale * rng.standard_normal((n, centres.shape[1])), lab


cases = []
x, lab = gaussians(90, [[0, 0, 0], [3, 0, 1], [0, 4, -1]])
x = x.round(6)
for metric in ["euclidean", "manhattan"]:
    cases.append(case("three gaussians, d = 3, " + metric, x, lab, metric))
cases.append(case("three gaussians shifted by 5, cosine", (x + 5).round(6), lab, "cosine"))
# Four skewed clusters (exponential noise) in 2 dimensions: the scatter's
# centroid term is far from 0.
centres = np.array([[0, 0], [4, 0], [0, 5], [5, 5]], float)
lab = rng.integers(0, 4, 120)
x = (centres[lab] + rng.exponential(1.5, (120, 2)) - 1.5).round(6)
cases.append(case("four skewed clusters, euclidean", x, lab, "euclidean"))

if len(sys.argv) > 1:
    with open(sys.argv[1], "w") as f:
        f.write("f1,f2,f3,cluster\n")
        for row, l in zip(cases[0]["features"], cases[0]["labels"]):
            f.write(",".join(repr(v) for v in row) + ",c%d\n" % l)

json.dump({"reference": "numpy 1.24.2 / scikit-learn 1.2.1 (tools/oracle/cluster_indexse.py)", "cases": cases},
          sys.stdout, indent=1)
print()
