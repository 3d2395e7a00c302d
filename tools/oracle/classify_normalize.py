#!/usr/bin/python3
"""Golden cases for classify --normalize, from scikit-learn.

Run with Debian's Python (apt-get install python3-sklearn):

    /usr/bin/python3 tools/oracle/classify_normalize.py > classify/testdata/sklearn_normalize.json

The cases are those of classify_cases.py (same generator, another seed),
each with normalize = true, pred or all; the expected
confusion_matrix_normalized is scikit-learn's
confusion_matrix(labels=L, sample_weight=w, normalize=…).
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402
import sklearn  # noqa: E402
from sklearn import metrics as M  # noqa: E402
import classify_cases as cc  # noqa: E402


def main():
    rng = random.Random(20261127)
    cases = []
    for i in range(90):
        c = cc.make_case(rng, i)
        how = ["true", "pred", "all"][i % 3]
        present = cc.sort_labels(sorted(set(c["y_true"]) | set(c["y_pred"])))
        L = c["labels"] if c["labels"] is not None else present
        cm = M.confusion_matrix(c["y_true"], c["y_pred"], labels=L, sample_weight=c["weights"], normalize=how)
        c["normalize"] = how
        c["name"] = c["name"].replace("case", "norm_" + how, 1)
        c["expected"] = cc.clean({"labels": L, "normalize": how, "confusion_matrix_normalized": cm.tolist()})
        cases.append(c)
    doc = {
        "source": f"scikit-learn {sklearn.__version__} (numpy {np.__version__}); tools/oracle/classify_normalize.py",
        "cases": cases,
    }
    json.dump(doc, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
