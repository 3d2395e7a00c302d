#!/usr/bin/python3
"""Expected adjusted p-values for hyptest.AdjustPValues (Holm, Bonferroni).

    /usr/bin/python3 tools/oracle/hyptest_adjust.py > hyptest/testdata/adjust.json

statsmodels.stats.multitest.multipletests(p, method="holm" | "bonferroni")
on fixed and random families (fixed numpy seed, so a rerun reproduces the
file), including ties and p-values whose adjustment reaches 1.
"""
import json

import numpy as np
import statsmodels
from statsmodels.stats.multitest import multipletests

rng = np.random.default_rng(20261123)
fams = [
    [0.01, 0.04, 0.03, 0.005],
    [0.2, 0.2, 0.01, 0.01, 0.5, 1.0],
    [0.0, 1e-12, 0.049, 0.9],
    [0.3],
]
for n in (3, 6, 10, 21, 45):
    fams.append((rng.random(n) ** 3).tolist())
cases = []
for p in fams:
    c = {"p": p}
    for m in ("holm", "bonferroni"):
        c[m] = multipletests(p, method=m)[1].tolist()
    cases.append(c)
print(json.dumps({"statsmodels": statsmodels.__version__, "cases": cases}, indent=1))
