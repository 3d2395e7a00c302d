#!/usr/bin/python3
"""Reference fits for package learn's built-in learners, from scikit-learn.

Writes learn/testdata/learners.json. The learners need not equal
scikit-learn bit for bit; the Go tests state each tolerance and why.
Rerun from the repository root with Debian's python3-sklearn:

    /usr/bin/python3 tools/oracle/resample_learn.py
"""
import json
import warnings

import numpy as np
import sklearn
from sklearn import datasets
from sklearn.linear_model import LinearRegression, LogisticRegression, Ridge
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

warnings.simplefilter("ignore")
rng = np.random.RandomState(6)


def tolist(a):
    return np.asarray(a, dtype=float).tolist()


sets = {
    "iris": datasets.load_iris(return_X_y=True),
    "wine": datasets.load_wine(return_X_y=True),
    "breast_cancer": datasets.load_breast_cancer(return_X_y=True),
    "diabetes": datasets.load_diabetes(return_X_y=True, scaled=False),
}
# synthetic, overlapping classes (no separation, no ties)
n = 240
Xs = rng.normal(size=(n, 3))
ys = (Xs @ [1.0, -2.0, 0.5] + rng.normal(scale=1.5, size=n) > 0).astype(int)
ys3 = np.digitize(Xs @ [1.0, 1.0, -1.0] + rng.normal(scale=1.0, size=n), [-1, 1])
yr = Xs @ [3.0, -1.0, 2.0] + 0.5 * Xs[:, 0] ** 2 + rng.normal(size=n)
synth = {"X": tolist(Xs), "y2": ys.tolist(), "y3": ys3.tolist(), "yr": tolist(yr)}


def get(name, scale):
    if name.startswith("synth"):
        X = Xs
        y = {"synth2": ys, "synth3": ys3, "synthr": yr}[name]
    else:
        X, y = sets[name]
    if scale:
        X = StandardScaler().fit_transform(X)
    return X, y


out = {"source": f"scikit-learn {sklearn.__version__}, numpy {np.__version__}; tools/oracle/resample_learn.py",
       "synth": synth, "logistic": [], "gnb": [], "knn": [], "linear": [], "tree": []}

for name, scale, C in [("synth2", False, 1.0), ("synth2", False, 1e4), ("synth3", False, 1.0),
                       ("synth3", False, 0.01), ("breast_cancer", True, 1.0), ("breast_cancer", True, 0.1),
                       ("iris", True, 1.0), ("wine", True, 1.0), ("wine", True, 100.0)]:
    X, y = get(name, scale)
    m = LogisticRegression(C=C, solver="newton-cg", tol=1e-12, max_iter=10000).fit(X, y)
    out["logistic"].append({"data": name, "standardize": scale, "C": C, "coef": tolist(m.coef_),
                            "intercept": tolist(m.intercept_), "proba": tolist(m.predict_proba(X)),
                            "pred": m.predict(X).tolist()})

for name in ["iris", "wine", "breast_cancer", "synth3"]:
    X, y = get(name, False)
    m = GaussianNB().fit(X, y)
    out["gnb"].append({"data": name, "proba": tolist(m.predict_proba(X)), "pred": m.predict(X).tolist(),
                       "theta": tolist(m.theta_), "var": tolist(m.var_)})

for name in ["wine", "breast_cancer", "synth3", "synthr"]:
    X, y = get(name, False)
    # fit on the even rows (scaled by their own mean and std on the real
    # data sets), predict the odd ones
    for k in [1, 3, 5, 8]:
        if name == "synthr":
            m = KNeighborsRegressor(n_neighbors=k, algorithm="brute").fit(X[::2], y[::2])
            out["knn"].append({"data": name, "k": k, "pred": tolist(m.predict(X[1::2]))})
        else:
            m = KNeighborsClassifier(n_neighbors=k, algorithm="brute")
            if name in ("wine", "breast_cancer"):
                m = make_pipeline(StandardScaler(), m)
            m.fit(X[::2], y[::2])
            out["knn"].append({"data": name, "k": k, "pred": m.predict(X[1::2]).tolist(),
                               "proba": tolist(m.predict_proba(X[1::2]))})

for name, alpha in [("diabetes", 0.0), ("diabetes", 1.0), ("diabetes", 1000.0), ("synthr", 0.0), ("synthr", 5.0)]:
    X, y = get(name, False)
    m = LinearRegression() if alpha == 0 else Ridge(alpha=alpha, solver="cholesky")
    m.fit(X, y)
    out["linear"].append({"data": name, "alpha": alpha, "coef": tolist(m.coef_), "intercept": float(m.intercept_),
                          "pred": tolist(m.predict(X))})

for name, depth in [("breast_cancer", 1), ("breast_cancer", 2), ("breast_cancer", 3), ("iris", 1), ("iris", 3),
                    ("synth3", 2), ("synth2", 3), ("synthr", 1), ("synthr", 3)]:
    X, y = get(name, False)
    if name == "synthr":
        m = DecisionTreeRegressor(max_depth=depth, random_state=0).fit(X, y)
        out["tree"].append({"data": name, "depth": depth, "pred": tolist(m.predict(X)),
                            "feature": m.tree_.feature[0].item(), "threshold": m.tree_.threshold[0].item()})
    else:
        m = DecisionTreeClassifier(max_depth=depth, random_state=0).fit(X, y)
        out["tree"].append({"data": name, "depth": depth, "pred": m.predict(X).tolist(),
                            "proba": tolist(m.predict_proba(X)),
                            "feature": m.tree_.feature[0].item(), "threshold": m.tree_.threshold[0].item()})

with open("learn/testdata/learners.json", "w") as f:
    json.dump(out, f, separators=(",", ":"))
print({k: len(v) for k, v in out.items() if isinstance(v, list)})
