#!/usr/bin/python3
"""Generate regress/testdata/cumweights.json: weighted cases where
scikit-learn's cumulative weights, summed in floating point, and exact
ones pick different weighted percentiles.

    /usr/bin/python3 tools/oracle/regress_cumweights.py > regress/testdata/cumweights.json

Each case has y_true, y_pred, weights (decimal weights such as 0.1 and 0.3,
which binary floating point does not hold exactly), alpha, and:
  sklearn    the values of Debian's python3-sklearn 1.2.1 (numpy 1.24):
             medae = median_absolute_error, d2_absolute_error =
             d2_absolute_error_score, d2_pinball = d2_pinball_score(alpha),
             all with sample_weight (sklearn.utils.stats._weighted_percentile:
             np.cumsum of the weights in argsort order)
  exact      the same lower weighted percentiles with the cumulative
             weights summed exactly (fractions.Fraction of the float64
             weights; the target q/100 * total, total rounded once to
             float64): medae, and q_abs / q_pinball, the null models'
             quantiles of y_true at 50 and 100 alpha
Only cases of at most 16 rows (numpy's argsort is then an insertion
sort: ties stay in input order) where sklearn's medae differs from the
exact one are kept.
"""
import json
from fractions import Fraction

import numpy as np
from sklearn import metrics as M

rng = np.random.default_rng(20261127)


def exact_percentile(a, w, q):
    order = np.argsort(a, kind="stable")
    total = float(sum(Fraction(x) for x in w))
    target = Fraction(q / 100 * total)
    if target == 0:
        target = Fraction(np.nextafter(0.0, 1.0))
    c = Fraction(0)
    for i in order:
        c += Fraction(w[i])
        if c >= target:
            return float(a[i])
    return float(a[order[-1]])


cases = []
while len(cases) < 12:
    n = int(rng.integers(3, 17))
    y = np.round(rng.normal(size=n), 1)
    p = np.round(rng.normal(size=n), 1)
    w = rng.choice([0.1, 0.2, 0.3, 0.7, 1.0], size=n)
    alpha = float(rng.choice([0.3, 0.5, 0.9]))
    medae = M.median_absolute_error(y, p, sample_weight=w)
    ex = exact_percentile(np.abs(p - y), w, 50)
    if medae == ex:
        continue
    cases.append({
        "y_true": y.tolist(), "y_pred": p.tolist(), "weights": w.tolist(), "alpha": alpha,
        "sklearn": {
            "medae": float(medae),
            "d2_absolute_error": float(M.d2_absolute_error_score(y, p, sample_weight=w)),
            "d2_pinball": float(M.d2_pinball_score(y, p, sample_weight=w, alpha=alpha)),
        },
        "exact": {
            "medae": ex,
            "q_abs": exact_percentile(y, w, 50),
            "q_pinball": exact_percentile(y, w, alpha * 100),
        },
    })
json.dump(cases, __import__("sys").stdout, indent=1)
print()
