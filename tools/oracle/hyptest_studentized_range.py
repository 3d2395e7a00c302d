#!/usr/bin/python3
"""Studentized range quantiles and tail probabilities from scipy, for
hyptest.StudentizedRange.

    /usr/bin/python3 tools/oracle/hyptest_studentized_range.py > hyptest/testdata/studentized_range.json

scipy.stats.studentized_range integrates the CDF to an absolute 1e-11
(relative 1e-12) and uses the df = inf form above df = 100 000, so the grid
stops at df = 1000 and then jumps to inf. Takes about two minutes.
"""
import json
import sys

import numpy as np
import scipy
from scipy.stats import studentized_range as sr

ks = [2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50]
dfs = [2, 3, 5, 10, 30, 120, 1000, np.inf]
alphas = [0.1, 0.05, 0.01]
rows = []
for k in ks:
    for df in dfs:
        for a in alphas:
            # Thin the finite-df grid to keep the run (and the Go test) short.
            if df != np.inf and (k, df) not in {(2, 2), (3, 5), (4, 10), (5, 30), (6, 120), (8, 2),
                                                (10, 3), (10, 1000), (15, 5), (20, 10), (30, 30),
                                                (50, 2), (50, 120), (3, 3), (2, 1000)}:
                continue
            q = sr.isf(a, k, df)
            rows.append({"k": k, "df": "inf" if df == np.inf else df, "alpha": a,
                         "q": float(q)})
cdfs = []
for k in [2, 3, 7, 20, 50]:
    for df in [2, 10, 60, np.inf]:
        for q in [0.5, 1.5, 3.0, 4.5, 6.0]:
            cdfs.append({"k": k, "df": "inf" if df == np.inf else df, "q": q,
                         "cdf": float(sr.cdf(q, k, df))})
json.dump({"scipy": scipy.__version__, "quantiles": rows, "cdf": cdfs}, sys.stdout)
sys.stdout.write("\n")
