#!/usr/bin/python3
"""Expected numbers for hyptest.CorrelatedTTest.

    /usr/bin/python3 tools/oracle/hyptest_bayes.py > hyptest/testdata/bayes.json

The Bayesian correlated t-test (Corani & Benavoli 2015) in closed form,
computed directly with scipy.stats.t: the posterior of the mean difference
is t(df = n − 1, loc = mean(d), scale = sqrt((1/n + rho/(1 − rho)) var(d))),
rho = n_test/(n_train + n_test); and the Nadeau–Bengio corrected resampled
t-test, t = mean/scale, p = 2 t.sf(|t|, n − 1). Fixed numpy seed.
"""
import json
import math

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(2015)
cases = []
for n, ntr, nte, rope, lower, shift in [(10, 90, 10, 0.0, False, 0.01), (10, 90, 10, 0.01, False, 0.01),
                                        (30, 180, 20, 0.005, False, -0.004), (50, 400, 100, 0.02, True, 0.01),
                                        (5, 40, 10, 0.0, True, -0.03), (100, 900, 100, 0.001, False, 0.0005)]:
    a = (rng.normal(0.85, 0.02, n)).round(5)
    b = (a - shift + rng.normal(0, 0.015, n)).round(5)
    d = a - b
    rho = nte / (ntr + nte)
    var = np.var(d, ddof=1)
    scale = math.sqrt((1 / n + rho / (1 - rho)) * var)
    T = stats.t(n - 1, loc=d.mean(), scale=scale)
    right, left = T.sf(rope), T.cdf(-rope)
    if lower:
        right, left = left, right
    t = d.mean() / scale
    cases.append({"a": a.tolist(), "b": b.tolist(), "n_train": ntr, "n_test": nte, "rope": rope, "lower": lower,
                  "mean": d.mean(), "scale": scale, "df": n - 1,
                  "p_a_better": right, "p_b_better": left, "p_equivalent": T.cdf(rope) - T.cdf(-rope),
                  "nb_statistic": t, "nb_p_value": 2 * stats.t.sf(abs(t), n - 1)})
print(json.dumps({"scipy": scipy.__version__, "corrttest": cases}, indent=1))
