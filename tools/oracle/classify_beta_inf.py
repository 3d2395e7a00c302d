#!/usr/bin/python3
"""Golden cases for classify with beta = +inf (F-beta's limit, the recall).

Run with Debian's Python (apt-get install python3-sklearn):

    /usr/bin/python3 tools/oracle/classify_beta_inf.py > classify/testdata/sklearn_beta_inf.json

The cases are those of classify_cases.py (same generator, another seed) with
beta = float("inf"); every number comes from scikit-learn's
precision_recall_fscore_support, which gives F = recall for beta = inf,
except macro fbeta_from_pr, the limit of (1+b^2) P R / (b^2 P + R) as
b -> inf: R when P > 0, else 0.
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402
import sklearn  # noqa: E402
import classify_cases as cc  # noqa: E402


def main():
    rng = random.Random(20261126)
    cases = []
    for i in range(80):
        c = cc.make_case(rng, i)
        beta = float("inf")
        pos = c["pos_label"]
        exp = cc.expected(c["y_true"], c["y_pred"], c["weights"], c["labels"], beta, c["zero_division"], pos)
        P, R = exp["macro"]["precision"], exp["macro"]["recall"]
        exp["macro"]["fbeta_from_pr"] = None if P is None or R is None else (R if P > 0 else 0.0)
        c["expected"] = exp
        c["beta"] = "inf"
        c["name"] = c["name"].replace("case", "inf", 1)
        cases.append(c)
    doc = {
        "source": f"scikit-learn {sklearn.__version__} (numpy {np.__version__}); tools/oracle/classify_beta_inf.py",
        "cases": cases,
    }
    json.dump(doc, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
