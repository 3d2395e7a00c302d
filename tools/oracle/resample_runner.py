#!/usr/bin/python3
"""Reference numbers for package resample's runner, from scikit-learn/scipy.

Writes resample/testdata/runner.json: per-fold scores of cross_val_score,
learning_curve means, and Student-t confidence intervals (scipy.stats.t).
Rerun from the repository root with Debian's python3-sklearn:

    /usr/bin/python3 tools/oracle/resample_runner.py
"""
import json

import numpy as np
import scipy
import sklearn
from scipy import stats
from sklearn import datasets
from sklearn.linear_model import LinearRegression, LogisticRegression, Ridge
from sklearn.model_selection import KFold, StratifiedKFold, cross_val_score, learning_curve
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeRegressor

iris = datasets.load_iris(return_X_y=True)
wine = datasets.load_wine(return_X_y=True)
cancer = datasets.load_breast_cancer(return_X_y=True)
diabetes = datasets.load_diabetes(return_X_y=True, scaled=False)

cv = []


def add(name, model, data, splitter, scoring):
    s = cross_val_score(model, *data, cv=splitter, scoring=scoring)
    if scoring.startswith("neg_"):
        s = -s
    cv.append({"name": name, "scores": s.tolist()})


add("gnb_iris_skf10", GaussianNB(), iris, StratifiedKFold(10), "accuracy")
add("gnb_cancer_skf10", GaussianNB(), cancer, StratifiedKFold(10), "accuracy")
add("knn5_wine_skf5", make_pipeline(StandardScaler(), KNeighborsClassifier(5, algorithm="brute")), wine,
    StratifiedKFold(5), "accuracy")
add("linear_diabetes_kf5", LinearRegression(), diabetes, KFold(5), "neg_mean_squared_error")
add("logistic_cancer_skf10", make_pipeline(StandardScaler(), LogisticRegression(solver="newton-cg", tol=1e-6, max_iter=10000)),
    cancer, StratifiedKFold(10), "accuracy")

# every default measure per fold (resample.DefaultMeasures) vs cross_validate
from sklearn.metrics import cohen_kappa_score, make_scorer, matthews_corrcoef
from sklearn.model_selection import cross_validate

multi = []
cls_scoring = {"accuracy": "accuracy", "roc_auc": "roc_auc_ovr", "log_loss": "neg_log_loss", "balanced_accuracy": "balanced_accuracy",
               "macro_precision": "precision_macro", "macro_recall": "recall_macro", "macro_f1": "f1_macro",
               "cohen_kappa": make_scorer(cohen_kappa_score), "mcc": make_scorer(matthews_corrcoef)}
reg_scoring = {"mse": "neg_mean_squared_error", "rmse": "neg_root_mean_squared_error",
               "mae": "neg_mean_absolute_error", "medae": "neg_median_absolute_error",
               "mape": "neg_mean_absolute_percentage_error", "r2": "r2",
               "explained_variance": "explained_variance", "max_error": "max_error"}
for name, model, data, splitter, scoring in [
        ("gnb_wine_skf5", GaussianNB(), wine, StratifiedKFold(5), cls_scoring),
        ("gnb_cancer_skf10", GaussianNB(), cancer, StratifiedKFold(10),
         dict(cls_scoring, roc_auc="roc_auc", average_precision="average_precision", brier="neg_brier_score")),
        ("linear_diabetes_kf5", LinearRegression(), diabetes, KFold(5), reg_scoring),
        ("ridge1_diabetes_kf3", Ridge(alpha=1.0, solver="cholesky"), diabetes, KFold(3), reg_scoring)]:
    r = cross_validate(model, *data, cv=splitter, scoring=scoring)
    scores = {}
    for m, sc in scoring.items():
        v = r["test_" + m]
        if isinstance(sc, str) and (sc.startswith("neg_") or sc == "max_error"):
            v = -v
        scores[m] = v.tolist()
    multi.append({"name": name, "scores": scores})

curves = []
sizes, tr, va = learning_curve(GaussianNB(), *cancer, cv=KFold(5), train_sizes=[0.1, 0.325, 0.55, 0.775, 1.0],
                               scoring="accuracy")
curves.append({"name": "gnb_cancer_kf5", "sizes": sizes.tolist(), "train": tr.mean(axis=1).tolist(),
               "valid": va.mean(axis=1).tolist()})
sizes, tr, va = learning_curve(LinearRegression(), *diabetes, cv=KFold(4), train_sizes=[0.2, 0.6, 1.0],
                               scoring="neg_mean_squared_error")
curves.append({"name": "linear_diabetes_kf4", "sizes": sizes.tolist(), "train": (-tr).mean(axis=1).tolist(),
               "valid": (-va).mean(axis=1).tolist()})

ci = []
rng = np.random.RandomState(3)
for n in [2, 3, 5, 10, 30]:
    for level in [0.9, 0.95, 0.99]:
        x = rng.normal(0.8, 0.05, n)
        lo, hi = stats.t.interval(level, n - 1, loc=x.mean(), scale=stats.sem(x))
        ci.append({"values": x.tolist(), "level": level, "mean": x.mean(), "std": x.std(ddof=1),
                   "lo": lo, "hi": hi})

out = {"source": f"scikit-learn {sklearn.__version__}, scipy {scipy.__version__}; tools/oracle/resample_runner.py",
       "cv": cv, "multi": multi, "curves": curves, "ci": ci}
with open("resample/testdata/runner.json", "w") as f:
    json.dump(out, f)
print(len(cv), len(curves), len(ci))
