#!/usr/bin/python3
"""Generate cluster/testdata/oracle.json: expected clustering indices.

Rerun with Debian's Python (python3-sklearn 1.2.x, python3-scipy):

    /usr/bin/python3 tools/oracle/cluster.py > cluster/testdata/oracle.json

Sources, per key:
  external (scikit-learn sklearn.metrics.cluster):
    a, b, c, d            pair_confusion_matrix / 2: [[2d, 2b], [2c, 2a]]
    rand_index            rand_score
    adjusted_rand_index   adjusted_rand_score
    fowlkes_mallows       fowlkes_mallows_score
    mutual_info           mutual_info_score
    nmi.<avg>, ami.<avg>  normalized_/adjusted_mutual_info_score(average_method=avg);
                          ami is null where avg(H) equals the expected MI to
                          12 digits (0/0: scikit-learn returns rounding noise)
    homogeneity, completeness, v_measure
                          homogeneity_completeness_v_measure(beta=...)
    jaccard               seed 002 formula a/(a+b+c) on scikit-learn's pair
                          counts (1 when a+b+c = 0, evalkit's documented rule)
    purity                direct formula sum_j max_i n_ij / n on
                          scikit-learn's contingency_matrix (rows = classes)
    n, n_classes, n_clusters  rows and the shape of contingency_matrix
    entropy_true, entropy_pred  sklearn.metrics.cluster.entropy
    expected_mutual_info  sklearn's expected_mutual_information (Cython)
  Frequency weights are given to scikit-learn by repeating rows.
  internal:
    silhouette, silhouette_samples   silhouette_score / silhouette_samples(metric)
    davies_bouldin        davies_bouldin_score's formula and conventions with
                          scipy.spatial.distance.cdist distances (direct);
                          for euclidean, davies_bouldin_score itself is
                          recorded as sklearn_davies_bouldin and checked to
                          agree to 1e-6 (its dot-product distances leave
                          ~1e-7 noise for one-point clusters)
    calinski_harabasz     calinski_harabasz_score (metric-independent)
    clusters[].size/centroid/scatter/avg/diam/d_min/d_cen, dunn,
    davies_bouldin_avgpair
                          seed 002 definitions computed directly from the
                          full scipy cdist distance matrix (brute force)
  Cases with k outside 2..n-1 (where scikit-learn raises) expect null for
  silhouette, davies_bouldin, calinski_harabasz and davies_bouldin_avgpair.
"""
import json, sys, math
import numpy as np
import scipy, sklearn
from scipy.spatial.distance import cdist
from sklearn.metrics import cluster as C
from sklearn.metrics.cluster._expected_mutual_info_fast import expected_mutual_information
from sklearn.metrics import silhouette_score, silhouette_samples, davies_bouldin_score, calinski_harabasz_score

rng = np.random.default_rng(20261122)
AVGS = ["min", "geometric", "arithmetic", "max"]


def sort_labels(names):
    names = sorted(set(names), key=lambda s: s.encode())
    try:
        [float(s) for s in names]
        return sorted(names, key=lambda s: (float(s), s.encode()))
    except ValueError:
        return names


def ami(T, P, m):
    """adjusted_mutual_info_score, or None where its denominator is
    rounding noise: avg(H) > 0 and |avg(H) - EMI| <= 1e-12 max(avg(H), EMI)
    (scikit-learn then divides noise by eps; evalkit reports null)."""
    v = C.adjusted_mutual_info_score(T, P, average_method=m)
    cm = C.contingency_matrix(T, P, sparse=True).astype(np.float64)
    emi = expected_mutual_information(cm, len(T))
    ht, hp = C.entropy(T), C.entropy(P)
    norm = {"min": min(ht, hp), "max": max(ht, hp), "arithmetic": (ht + hp) / 2, "geometric": math.sqrt(ht * hp)}[m]
    classes, clusters = len(set(T)), len(set(P))
    if not (classes == clusters == 1) and norm > 0 and abs(norm - emi) <= 1e-12 * max(norm, emi):
        return None
    return v


def ext_case(name, t, p, w=None, beta=1.0):
    t = [str(x) for x in t]
    p = [str(x) for x in p]
    if w is None:
        T, P = t, p
    else:
        T = [x for x, k in zip(t, w) for _ in range(k)]
        P = [x for x, k in zip(p, w) for _ in range(k)]
    pc = C.pair_confusion_matrix(T, P)
    d, b, c, a = int(pc[0, 0]) // 2, int(pc[0, 1]) // 2, int(pc[1, 0]) // 2, int(pc[1, 1]) // 2
    cm = C.contingency_matrix(T, P)
    h, cc, v = C.homogeneity_completeness_v_measure(T, P, beta=beta)
    e = {
        "a": a, "b": b, "c": c, "d": d,
        "jaccard": 1.0 if a + b + c == 0 else a / (a + b + c),
        "fowlkes_mallows": C.fowlkes_mallows_score(T, P),
        "rand_index": C.rand_score(T, P),
        "adjusted_rand_index": C.adjusted_rand_score(T, P),
        "mutual_info": C.mutual_info_score(T, P),
        "nmi": {m: C.normalized_mutual_info_score(T, P, average_method=m) for m in AVGS},
        "ami": {m: ami(T, P, m) for m in AVGS},
        "homogeneity": h, "completeness": cc, "v_measure": v,
        "purity": float(cm.max(axis=0).sum() / cm.sum()),
        "n": len(T), "n_classes": int(cm.shape[0]), "n_clusters": int(cm.shape[1]),
        "entropy_true": float(C.entropy(T)), "entropy_pred": float(C.entropy(P)),
        "expected_mutual_info": float(expected_mutual_information(C.contingency_matrix(T, P, sparse=True).astype(np.float64), len(T))),
    }
    out = {"name": name, "kind": "external", "true": t, "pred": p, "beta": beta, "expected": e}
    if w is not None:
        out["weights"] = [int(x) for x in w]
    return out


def names(kind, k):
    if kind == "int":
        return [str(i) for i in range(k)]
    if kind == "neg":
        return [str(i - 1) for i in range(k)]  # -1 is DBSCAN noise
    if kind == "float":
        return [str(i / 2) for i in range(k)]
    if kind == "utf8":
        return ["类%02d" % i for i in range(k)]
    return ["c%02d" % i for i in range(k)]


def external_cases():
    cases = []
    # Hand-made degenerate cases.
    cases.append(ext_case("one-row", ["a"], ["x"]))
    cases.append(ext_case("two-rows-same", ["a", "a"], ["x", "x"]))
    cases.append(ext_case("two-rows-split-pred", ["a", "a"], ["x", "y"]))
    cases.append(ext_case("two-rows-split-true", ["a", "b"], ["x", "x"]))
    cases.append(ext_case("one-cluster-both", ["a"] * 7, ["x"] * 7))
    cases.append(ext_case("one-class-ref", ["a"] * 6, ["x", "y", "x", "z", "y", "x"]))
    cases.append(ext_case("one-cluster-pred", ["a", "b", "a", "c", "b", "a"], ["x"] * 6))
    cases.append(ext_case("identical", list("aabbccdd"), list("aabbccdd")))
    cases.append(ext_case("renamed", list("aabbccdd"), list("ddccbbaa")))
    cases.append(ext_case("singletons-pred", list("aaaabbbb"), list("abcdefgh")))
    cases.append(ext_case("singletons-both-4", list("abcd"), list("wxyz")))
    cases.append(ext_case("seed002-example", [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2]))
    cases.append(ext_case("sklearn-doc-ari", [0, 0, 1, 2], [0, 0, 1, 1]))
    cases.append(ext_case("independent", [0, 0, 1, 1], [0, 1, 0, 1]))
    cases.append(ext_case("beta-2", [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2], beta=2.0))
    cases.append(ext_case("beta-0.5", [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2], beta=0.5))
    cases.append(ext_case("weights", ["a", "b", "a", "c"], ["x", "x", "y", "y"], w=[3, 1, 2, 5]))
    cases.append(ext_case("weights-zero", ["a", "b", "a", "c"], ["x", "x", "y", "y"], w=[3, 0, 2, 5]))
    kinds = ["int", "str", "neg", "float", "utf8"]
    i = 0
    for n in [5, 10, 30, 100, 300, 1000]:
        for kt in [1, 2, 3, 7, 20, 50]:
            for noise in [0.0, 0.3, 1.0]:
                if kt > n:
                    continue
                i += 1
                kp = max(1, min(50, kt + int(rng.integers(-2, 3))))
                nt = names(kinds[i % 5], kt)
                npn = names(kinds[(i + 2) % 5], kp)
                t = rng.integers(0, kt, n)
                p = t % kp
                flip = rng.random(n) < noise
                p[flip] = rng.integers(0, kp, flip.sum())
                w = None
                if i % 7 == 0:
                    w = rng.integers(0, 4, n)
                    if w.sum() == 0:
                        w[0] = 1
                beta = [1.0, 1.0, 1.0, 2.0, 0.5][i % 5]
                cases.append(ext_case("rand-n%d-k%d-kp%d-noise%g" % (n, kt, kp, noise),
                                      [nt[x] for x in t], [npn[x] for x in p], w, beta))
    return cases


def dunn_etc(X, lab, metric):
    """Seed 002's quantities by brute force over the full distance matrix."""
    scimetric = {"euclidean": "euclidean", "manhattan": "cityblock", "cosine": "cosine"}[metric]
    names = sort_labels(lab)
    lab = np.array(lab)
    D = cdist(X, X, scimetric)
    if metric == "cosine":
        D = np.clip(D, 0, 2)
        np.fill_diagonal(D, 0)
    k = len(names)
    idx = [np.where(lab == nm)[0] for nm in names]
    cents = np.array([X[ix].mean(axis=0) for ix in idx])
    dcen = cdist(cents, cents, scimetric)
    if metric == "cosine":
        dcen = np.clip(dcen, 0, 2)
        np.fill_diagonal(dcen, 0)
    clusters = []
    for c, ix in enumerate(idx):
        m = len(ix)
        sub = D[np.ix_(ix, ix)]
        avg = 0.0 if m < 2 else sub[np.triu_indices(m, 1)].mean()
        diam = 0.0 if m < 2 else sub.max()
        sc = cdist(X[ix], cents[c:c + 1], scimetric)
        if metric == "cosine":
            sc = np.clip(sc, 0, 2)
        dmin = [0.0 if e == c else float(D[np.ix_(ix, idx[e])].min()) for e in range(k)]
        clusters.append({"label": names[c], "size": m, "centroid": [float(v) for v in cents[c]],
                         "scatter": float(sc.mean()), "avg": float(avg),
                         "diam": float(diam), "d_min": dmin, "d_cen": [float(v) for v in dcen[c]]})

    def db(s):
        s = np.array(s)
        if np.allclose(s, 0) or np.allclose(dcen, 0):
            return 0.0
        cd = dcen.copy()
        cd[cd == 0] = np.inf
        return float(np.mean(np.max((s[:, None] + s) / cd, axis=1)))
    maxdiam = max(c["diam"] for c in clusters)
    if k < 2 or maxdiam == 0:
        dunn = None
    else:
        dunn = min(min(c["d_min"][e] for e in range(k) if e != i) for i, c in enumerate(clusters)) / maxdiam
    return clusters, dunn, db([c["avg"] for c in clusters]), db([c["scatter"] for c in clusters])


def int_case(name, X, lab, metric="euclidean"):
    X = np.asarray(X, dtype=float)
    lab = [str(x) for x in lab]
    n = len(lab)
    clusters, dunn, dbavg, dbdirect = dunn_etc(X, lab, metric)
    k = len(clusters)
    e = {"clusters": clusters, "dunn": dunn}
    ok = 2 <= k <= n - 1
    if ok:
        e["silhouette"] = float(silhouette_score(X, lab, metric=metric))
        samples = silhouette_samples(X, lab, metric=metric)
        e["silhouette_samples"] = [float(v) for v in samples]
        names = [c["label"] for c in clusters]
        la = np.array(lab)
        for c in clusters:
            c["silhouette"] = float(samples[la == c["label"]].mean())
        e["calinski_harabasz"] = float(calinski_harabasz_score(X, lab))
        e["davies_bouldin"] = dbdirect
        if metric == "euclidean":
            # scikit-learn measures distances to the centroid as
            # sqrt(|x|^2 - 2x.c + |c|^2), which leaves ~1e-7 of rounding
            # noise where the distance is 0 (a one-point cluster). The
            # expected value is the direct formula; scikit-learn's is kept
            # for the record and must agree to 1e-6.
            skl = float(davies_bouldin_score(X, lab))
            e["sklearn_davies_bouldin"] = skl
            assert abs(skl - dbdirect) <= 1e-6 * max(1, abs(dbdirect)), (name, skl, dbdirect)
        e["davies_bouldin_avgpair"] = dbavg
    else:
        for key in ["silhouette", "calinski_harabasz", "davies_bouldin", "davies_bouldin_avgpair"]:
            e[key] = None
    return {"name": name, "kind": "internal", "metric": metric, "dim": X.shape[1],
            "features": [[float(v) for v in row] for row in X], "labels": lab, "expected": e}


def internal_cases():
    cases = []
    cases.append(int_case("one-row", [[1.0, 2.0]], ["a"]))
    cases.append(int_case("two-rows-two-clusters", [[0.0, 0.0], [3.0, 4.0]], ["a", "b"]))
    cases.append(int_case("one-cluster", [[0.0], [1.0], [3.0]], ["a", "a", "a"]))
    cases.append(int_case("constant-euclidean", [[3.0, 1.0]] * 6, [0, 0, 1, 1, 2, 2]))
    cases.append(int_case("constant-manhattan", [[3.0, 1.0]] * 6, [0, 0, 1, 1, 2, 2], "manhattan"))
    cases.append(int_case("constant-cosine", [[1.0, 0.0, 0.0]] * 5, [0, 0, 1, 1, 1], "cosine"))
    cases.append(int_case("singleton-cluster", [[0.0], [0.1], [0.2], [5.0]], ["a", "a", "a", "b"]))
    cases.append(int_case("duplicates-across", [[0.0], [1.0], [1.0], [2.0]], ["a", "a", "b", "b"]))
    cases.append(int_case("same-centroid", [[-1.0], [1.0], [-2.0], [2.0]], ["a", "a", "b", "b"]))
    metrics = ["euclidean", "manhattan", "cosine"]
    kinds = ["int", "str", "neg", "float", "utf8"]
    i = 0
    for n in [4, 10, 40, 120, 250]:
        for k in [2, 3, 5, 12, 50]:
            if k > n - 1:
                continue
            for dim in [1, 3, 16]:
                i += 1
                if i % 2 == 0 and dim == 16 and n == 250:
                    continue
                metric = metrics[i % 3]
                lab = rng.integers(0, k, n)
                lab[:k] = np.arange(k)  # every cluster present
                cent = rng.normal(scale=3, size=(k, dim))
                X = cent[lab] + rng.normal(size=(n, dim))
                if metric == "cosine":
                    X += 0.1  # no zero vectors
                nm = names(kinds[i % 5], k)
                cases.append(int_case("rand-n%d-k%d-d%d-%s" % (n, k, dim, metric), X, [nm[x] for x in lab], metric))
    return cases


def main():
    cases = external_cases() + internal_cases()
    doc = {"generator": "tools/oracle/cluster.py",
           "reference": "scikit-learn %s, scipy %s, numpy %s (Debian python3-sklearn)" % (sklearn.__version__, scipy.__version__, np.__version__),
           "cases": cases}
    json.dump(doc, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
