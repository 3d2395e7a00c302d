#!/usr/bin/python3
"""Reference for bench/resample.sh: read the CSV with pandas, assign
StratifiedKFold(10) or GroupKFold(10) folds with scikit-learn, write
row,fold as CSV to stdout (what `evalkit split --emit assign` does)."""
import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import GroupKFold, StratifiedKFold

kind, path = sys.argv[1], sys.argv[2]
df = pd.read_csv(path)
n = len(df)
fold = np.empty(n, dtype=np.int64)
X = np.zeros((n, 1))
if kind == "stratify":
    splits = StratifiedKFold(10).split(X, df["y"].to_numpy())
else:
    splits = GroupKFold(10).split(X, groups=df["g"].to_numpy())
for f, (_, test) in enumerate(splits):
    fold[test] = f
pd.DataFrame({"row": np.arange(n), "fold": fold}).to_csv(sys.stdout, index=False)
