#!/usr/bin/python3
"""Generate regress/testdata/oracle.json: regression cases with the values of
Debian's python3-sklearn (1.2.1) and numpy (1.24).

    /usr/bin/python3 tools/oracle/regress.py > regress/testdata/oracle.json

Every case has y_true / y_pred (lists for one output, lists of rows for k
outputs), weights (or null), options (mape_epsilon, alpha, power, n_features,
multioutput) and "expected": the value of every key of `evalkit regress
--format json`, null where evalkit reports null with a warning.

Sources, key by key (sklearn = sklearn.metrics of scikit-learn 1.2.1):
  mse, rmse        mean_squared_error (squared=True / False)
  mae              mean_absolute_error
  mape             mean_absolute_percentage_error; sklearn always uses
                   eps = 2.22e-16, so cases with a zero target and no
                   --mape-epsilon expect null, and cases with a zero target
                   give mape_epsilon = eps
  medae            median_absolute_error (np.median; with weights
                   _weighted_percentile)
  max_error        max_error (per output)
  r2, explained_variance   r2_score / explained_variance_score; fewer than
                   two rows: null (sklearn returns NaN with a warning)
  msle, rmsle      mean_squared_log_error (squared=True / False); it raises
                   on negatives: null
  pinball          mean_pinball_loss(alpha)
  poisson_deviance, gamma_deviance, tweedie_deviance
                   mean_poisson_deviance / mean_gamma_deviance /
                   mean_tweedie_deviance(power) (per output); domain errors:
                   null
  d2_tweedie       d2_tweedie_score(power) (per output); NaN/-inf: null
  d2_pinball, d2_absolute_error   d2_pinball_score(alpha) /
                   d2_absolute_error_score
  smape, wape      no sklearn function: direct numpy formulas
                   mean(2|y-p|/(|y|+|p|)) (0 when both are 0) and
                   sum(w|y-p|)/sum(w|y|)
  adjusted_r2      1 - (1 - r2_score)(n - 1)/(n - p - 1), n rows
  n, weight_sum    row count, numpy sum of the weights
Multi-output: sklearn's multioutput where the function has it
("raw_values", "uniform_average"; "variance_weighted" for r2 and explained
variance); elsewhere the per-output values are combined with np.average,
with weights = each output's sum of w(y - mean_w(y))^2 for
variance-weighted (uniform when all are zero, as sklearn does for r2).
Multioutput "output-weighted" with options.output_weights (evalkit's
--output-weights) passes those weights as sklearn's array-like multioutput,
and combines the other measures with np.average(weights=output_weights).
"""
import json
import math
import sys
import warnings

import numpy as np
import sklearn
from sklearn import metrics as M

warnings.simplefilter("ignore")
EPS = float(np.finfo(np.float64).eps)
rng = np.random.default_rng(20261122)


def fin(v):
    v = float(v)
    return v if math.isfinite(v) else None


def guard(f):
    try:
        return fin(f())
    except ValueError:
        return None


def per_output(y, p, w, opt):
    """All measures of one output (1-D arrays)."""
    n = len(y)
    alpha, power = opt["alpha"], opt["power"]
    sw = w
    e = {}
    e["mse"] = fin(M.mean_squared_error(y, p, sample_weight=sw))
    e["rmse"] = fin(M.mean_squared_error(y, p, sample_weight=sw, squared=False))
    e["mae"] = fin(M.mean_absolute_error(y, p, sample_weight=sw))
    if opt["mape_epsilon"] == 0 and np.any(y == 0):
        e["mape"] = None
    else:
        e["mape"] = fin(M.mean_absolute_percentage_error(y, p, sample_weight=sw))
    ww = np.ones(n) if w is None else w
    den = np.abs(y) + np.abs(p)
    term = np.where(den > 0, 2 * np.abs(y - p) / np.where(den > 0, den, 1), 0.0)
    e["smape"] = fin(np.average(term, weights=ww))
    sy = np.sum(ww * np.abs(y))
    e["wape"] = fin(np.sum(ww * np.abs(y - p)) / sy) if sy > 0 else None
    e["medae"] = fin(M.median_absolute_error(y, p, sample_weight=sw))
    e["max_error"] = fin(M.max_error(y, p))
    e["r2"] = None if n < 2 else fin(M.r2_score(y, p, sample_weight=sw))
    e["explained_variance"] = fin(M.explained_variance_score(y, p, sample_weight=sw))
    e["msle"] = guard(lambda: M.mean_squared_log_error(y, p, sample_weight=sw))
    e["rmsle"] = guard(lambda: M.mean_squared_log_error(y, p, sample_weight=sw, squared=False))
    e["pinball"] = fin(M.mean_pinball_loss(y, p, sample_weight=sw, alpha=alpha))
    e["poisson_deviance"] = guard(lambda: M.mean_poisson_deviance(y, p, sample_weight=sw))
    e["gamma_deviance"] = guard(lambda: M.mean_gamma_deviance(y, p, sample_weight=sw))
    e["tweedie_deviance"] = guard(lambda: M.mean_tweedie_deviance(y, p, sample_weight=sw, power=power))
    e["d2_tweedie"] = None if n < 2 else guard(lambda: M.d2_tweedie_score(y, p, sample_weight=sw, power=power))
    e["d2_pinball"] = None if n < 2 else fin(M.d2_pinball_score(y, p, sample_weight=sw, alpha=alpha))
    e["d2_absolute_error"] = None if n < 2 else fin(M.d2_absolute_error_score(y, p, sample_weight=sw))
    nf = opt["n_features"]
    if nf > 0:
        e["adjusted_r2"] = None if (e["r2"] is None or n <= nf + 1) else fin(1 - (1 - e["r2"]) * (n - 1) / (n - nf - 1))
    return e


# Measures whose sklearn function takes multioutput.
NATIVE = {
    "mse": lambda y, p, w, o, mo: M.mean_squared_error(y, p, sample_weight=w, multioutput=mo),
    "rmse": lambda y, p, w, o, mo: M.mean_squared_error(y, p, sample_weight=w, multioutput=mo, squared=False),
    "mae": lambda y, p, w, o, mo: M.mean_absolute_error(y, p, sample_weight=w, multioutput=mo),
    "medae": lambda y, p, w, o, mo: M.median_absolute_error(y, p, sample_weight=w, multioutput=mo),
    "r2": lambda y, p, w, o, mo: M.r2_score(y, p, sample_weight=w, multioutput=mo),
    "explained_variance": lambda y, p, w, o, mo: M.explained_variance_score(y, p, sample_weight=w, multioutput=mo),
    "pinball": lambda y, p, w, o, mo: M.mean_pinball_loss(y, p, sample_weight=w, multioutput=mo, alpha=o["alpha"]),
    "d2_pinball": lambda y, p, w, o, mo: M.d2_pinball_score(y, p, sample_weight=w, multioutput=mo, alpha=o["alpha"]),
    "d2_absolute_error": lambda y, p, w, o, mo: M.d2_absolute_error_score(y, p, sample_weight=w, multioutput=mo),
    "msle": lambda y, p, w, o, mo: M.mean_squared_log_error(y, p, sample_weight=w, multioutput=mo),
    "rmsle": lambda y, p, w, o, mo: M.mean_squared_log_error(y, p, sample_weight=w, multioutput=mo, squared=False),
    "mape": lambda y, p, w, o, mo: M.mean_absolute_percentage_error(y, p, sample_weight=w, multioutput=mo),
}
KEYS = ["mse", "rmse", "mae", "mape", "smape", "wape", "medae", "max_error", "r2",
        "explained_variance", "msle", "rmsle", "pinball", "poisson_deviance",
        "gamma_deviance", "tweedie_deviance", "d2_tweedie", "d2_pinball", "d2_absolute_error"]


def expected(y, p, w, opt):
    y, p = np.asarray(y, float), np.asarray(p, float)
    w = None if w is None else np.asarray(w, float)
    n = y.shape[0]
    e = {"n": n, "weight_sum": float(n if w is None else np.sum(w)),
         "alpha": opt["alpha"], "power": opt["power"]}
    if y.ndim == 1:
        e.update(per_output(y, p, w, opt))
        return e
    k = y.shape[1]
    outs = [per_output(y[:, j], p[:, j], w, opt) for j in range(k)]
    mo = opt["multioutput"]
    ww = np.ones(n) if w is None else w
    var = np.array([np.sum(ww * (y[:, j] - np.average(y[:, j], weights=ww)) ** 2) for j in range(k)])
    vw = var if np.any(var != 0) else None
    keys = KEYS + (["adjusted_r2"] if opt["n_features"] > 0 else [])
    for key in keys:
        vals = [o[key] for o in outs]
        if mo == "raw":
            e[key] = vals
        elif any(v is None for v in vals):
            e[key] = None
        elif key in NATIVE and not (key in ("r2", "d2_pinball", "d2_absolute_error") and n < 2):
            if mo == "uniform":
                arg = "uniform_average"
            elif mo == "output-weighted":
                arg = np.asarray(opt["output_weights"], float)
            elif key in ("r2", "explained_variance"):
                arg = "variance_weighted"
            else:
                arg = vw if vw is not None else "uniform_average"
            e[key] = fin(NATIVE[key](y, p, w, opt, arg))
        else:
            ow = opt.get("output_weights") if mo == "output-weighted" else None
            e[key] = fin(np.average(vals, weights=vw if mo == "variance-weighted" else ow))
    e["outputs"] = outs
    return e


cases = []


def add(name, y, p, w=None, **kw):
    opt = {"mape_epsilon": 0.0, "alpha": 0.5, "power": 0.0, "n_features": 0, "multioutput": "uniform"}
    opt.update(kw)
    y = np.asarray(y, float)
    if opt["mape_epsilon"] == "sklearn":
        opt["mape_epsilon"] = EPS
    cases.append({"name": name, "y_true": y.tolist(), "y_pred": np.asarray(p, float).tolist(),
                  "weights": None if w is None else np.asarray(w, float).tolist(),
                  "options": opt, "expected": expected(y, p, w, opt)})


def pos(n, k=None):
    shape = n if k is None else (n, k)
    return np.round(rng.gamma(2.0, 3.0, size=shape) + 0.01, 4)


def noisy(y, s=1.0):
    return np.round(np.abs(y + rng.normal(0, s, size=np.shape(y))) + 0.001, 4)


# 1. positive single-output data, unweighted (every domain valid)
for i, n in enumerate([2, 3, 4, 5, 7, 10, 16, 31, 50, 64, 100, 199, 200, 3, 8, 12, 25, 40, 75, 150]):
    y = pos(n)
    add(f"positive-n{n}-{i}", y, noisy(y), n_features=(i % 3))
# 2. weighted: random, integer, with zero weights
for i, n in enumerate([2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 4, 6, 9, 17, 33]):
    y = pos(n)
    w = np.round(rng.uniform(0.1, 3.0, n), 3)
    add(f"weighted-random-n{n}-{i}", y, noisy(y), w, n_features=1)
for i, n in enumerate([3, 4, 6, 10, 20, 50, 101, 7, 11, 30]):
    y = pos(n)
    w = rng.integers(1, 5, n).astype(float)
    add(f"weighted-integer-n{n}-{i}", y, noisy(y), w)
for i, n in enumerate([4, 6, 10, 20, 40]):
    y = pos(n)
    w = np.round(rng.uniform(0.1, 3.0, n), 3)
    w[rng.choice(n, n // 3, replace=False)] = 0
    add(f"weighted-zeros-n{n}-{i}", y, noisy(y), w)
# 3. integer data: many tied residuals (medians, weighted percentiles)
for i, n in enumerate([4, 5, 6, 9, 10, 20, 21, 50, 51, 100]):
    y = rng.integers(1, 6, n).astype(float)
    p = rng.integers(1, 6, n).astype(float)
    add(f"ties-n{n}-{i}", y, p)
    add(f"ties-weighted-n{n}-{i}", y, p, rng.integers(1, 4, n).astype(float))
# 4. zero targets: MAPE null without epsilon, sklearn's with it
for i, n in enumerate([3, 5, 10, 20, 40]):
    y = pos(n)
    y[rng.choice(n, max(1, n // 4), replace=False)] = 0
    p = noisy(y)
    add(f"zero-target-n{n}-{i}", y, p)
    add(f"zero-target-eps-n{n}-{i}", y, p, mape_epsilon="sklearn")
    add(f"zero-target-eps-weighted-n{n}-{i}", y, p, np.round(rng.uniform(0.5, 2, n), 2), mape_epsilon="sklearn")
# 5. negative values: MSLE, deviances null
for i, n in enumerate([2, 3, 5, 10, 20, 30, 60, 100]):
    y = np.round(rng.normal(0, 5, n), 3)
    p = np.round(y + rng.normal(0, 2, n), 3)
    add(f"signed-n{n}-{i}", y, p, None if i % 2 else np.round(rng.uniform(0.5, 2, n), 2), n_features=2)
# 6. one row, constant inputs, perfect predictions
add("one-row", [2.5], [3.0])
add("one-row-weighted", [2.5], [3.0], [2.0])
add("one-row-perfect", [4.0], [4.0])
add("one-row-zero", [0.0], [1.0])
add("constant-y-imperfect", [3.0, 3.0, 3.0], [2.0, 3.0, 4.5])
add("constant-y-perfect", [3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0])
add("constant-y-weighted", [2.0, 2.0, 2.0, 2.0], [1.0, 2.5, 2.0, 3.0], [1.0, 2.0, 3.0, 2.0])
add("constant-both", [5.0, 5.0], [5.0, 5.0])
add("constant-pred", [1.0, 2.0, 3.0, 4.0], [2.5, 2.5, 2.5, 2.5])
add("constant-offset", [3.0, 3.0, 3.0], [4.0, 4.0, 4.0])
add("perfect", [1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0])
add("two-rows", [1.0, 2.0], [1.5, 1.5], n_features=1)
add("zeros-everywhere", [0.0, 0.0, 0.0], [0.0, 0.0, 0.0])
add("zero-target-perfect", [0.0, 1.0, 2.0], [0.0, 1.0, 2.0], mape_epsilon="sklearn")
add("sklearn-doc-example", [3, -0.5, 2, 7], [2.5, 0.0, 2, 8])
add("seed-001-style", [10.0, 20.0, 30.0, 40.0], [12.0, 18.0, 33.0, 39.0], n_features=1)
# 7. alpha and power
for i, (a, pw) in enumerate([(0.1, 1.5), (0.9, 3.0), (0.25, -1.0), (0.75, 1.0), (0.05, 2.0), (0.95, 1.2),
                             (0.5, -0.5), (0.3, 2.5), (0.6, 1.8), (0.99, 4.0)]):
    n = [5, 10, 20, 40, 80][i % 5]
    y = pos(n)
    add(f"alpha{a}-power{pw}-n{n}", y, noisy(y), None if i % 2 else np.round(rng.uniform(0.5, 2, n), 2),
        alpha=a, power=pw)
for i, pw in enumerate([1.5, 3.0, -1.0]):
    y = np.round(rng.normal(1, 2, 10), 3)
    add(f"power{pw}-domain-{i}", y, np.abs(y) + 0.5, power=pw)
# 8. multi-output
for mo in ["uniform", "raw", "variance-weighted"]:
    for i, (n, k) in enumerate([(5, 2), (10, 3), (20, 2), (50, 4), (3, 2), (100, 3)]):
        y = pos(n, k)
        p = noisy(y)
        add(f"multi-{mo}-n{n}-k{k}-{i}", y, p, n_features=1 if i % 2 else 0, multioutput=mo)
        add(f"multi-{mo}-weighted-n{n}-k{k}-{i}", y, p, np.round(rng.uniform(0.2, 2, n), 2), multioutput=mo,
            alpha=0.3, power=1.5)
    add(f"multi-{mo}-constant-column", [[1.0, 2.0], [1.0, 3.0], [1.0, 5.0]], [[1.5, 2.0], [1.0, 3.5], [0.5, 4.0]],
        multioutput=mo)
    add(f"multi-{mo}-all-constant", [[1.0, 2.0], [1.0, 2.0]], [[1.5, 2.0], [1.0, 2.5]], multioutput=mo)
    add(f"multi-{mo}-signed", [[1.0, -2.0], [0.5, 3.0], [2.0, 1.0], [4.0, -1.0]],
        [[1.5, -1.0], [1.0, 2.5], [2.5, 0.0], [3.0, -2.0]], multioutput=mo)
    add(f"multi-{mo}-one-row", [[1.0, 2.0]], [[1.5, 2.5]], multioutput=mo)

# 9. multi-output with output weights (sklearn's array-like multioutput)
for i, (n, k, ow) in enumerate([(5, 2, [0.4, 0.6]), (10, 3, [1.0, 2.0, 3.0]), (20, 2, [0.0, 1.0]),
                                (50, 4, [0.1, 0.2, 0.3, 0.4]), (3, 2, [2.5, 0.5]), (100, 3, [1e-3, 5.0, 0.25])]):
    y = pos(n, k)
    p = noisy(y)
    add(f"multi-output-weights-n{n}-k{k}-{i}", y, p, n_features=1 if i % 2 else 0,
        multioutput="output-weighted", output_weights=ow)
    add(f"multi-output-weights-weighted-n{n}-k{k}-{i}", y, p, np.round(rng.uniform(0.2, 2, n), 2),
        multioutput="output-weighted", output_weights=ow, alpha=0.3, power=1.5)
add("multi-output-weights-signed", [[1.0, -2.0], [0.5, 3.0], [2.0, 1.0], [4.0, -1.0]],
    [[1.5, -1.0], [1.0, 2.5], [2.5, 0.0], [3.0, -2.0]], multioutput="output-weighted", output_weights=[0.3, 0.7])

json.dump({"generator": "tools/oracle/regress.py",
           "reference": f"scikit-learn {sklearn.__version__}, numpy {np.__version__} (Debian python3-sklearn)",
           "cases": cases}, sys.stdout, indent=None, separators=(",", ":"))
print()
