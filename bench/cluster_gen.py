# Generates the data of bench/cluster.sh (run by it; numbers are seeded).
import sys
import numpy as np
import pandas as pd
kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = np.random.default_rng(4)
if kind == "external":
    t = rng.integers(0, 20, n)
    p = t.copy()
    flip = rng.random(n) < 0.3
    p[flip] = rng.integers(0, 25, flip.sum())
    pd.DataFrame({"y_true": t, "y_pred": p}).to_csv(path, index=False)
else:
    k = 10
    lab = rng.integers(0, k, n)
    cent = rng.normal(scale=2, size=(k, 16))
    X = cent[lab] + rng.normal(size=(n, 16))
    df = pd.DataFrame(X, columns=["f%d" % i for i in range(16)])
    df.insert(0, "y_pred", lab)
    df.to_csv(path, index=False, float_format="%.6f")
