#!/usr/bin/env python3
"""The Python package against scikit-learn, in one process, on the same
numpy arrays: the seconds of ek.rank / ek.classify / ek.regress / ek.cluster
beside the scikit-learn functions that give the same headline number, and
their ratio (scikit-learn's time over evalkit's; > 1: evalkit is faster).

    pip install --no-build-isolation ./python     # into a venv with Debian's python3-sklearn
    python3 bench/python.py [ROWS ...]            # default 100 1000000 10000000

evalkit computes every measure of its task in one call (ek.rank: ROC and
P-R curves, AP, log loss, calibration, …), scikit-learn the one function;
so the ratios are a floor for evalkit's speed per measure. Each figure is
the best of 3 runs (of 200 calls at 100 rows)."""

import sys
import time

import numpy as np
from sklearn import metrics

import evalkit as ek


def best(f, reps):
    times = []
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(reps):
            f()
        times.append((time.perf_counter() - t) / reps)
    return min(times)


def main(sizes):
    rng = np.random.default_rng(0)
    print(f"{'task':<34} {'rows':>9} {'evalkit s':>11} {'sklearn s':>11} {'ratio':>7}")
    for n in sizes:
        reps = 200 if n <= 1000 else 1
        y = rng.integers(0, 2, n)
        s = rng.random(n) + 0.2 * y
        yc = rng.integers(0, 10, n)
        pc = np.where(rng.random(n) < 0.3, rng.integers(0, 10, n), yc)
        yr = rng.normal(size=n)
        pr = yr + rng.normal(size=n)
        rows = [
            ("rank vs roc_auc_score", lambda: ek.rank(y, s, curves=False), lambda: metrics.roc_auc_score(y, s)),
            ("classify vs f1_score(macro)", lambda: ek.classify(yc, pc), lambda: metrics.f1_score(yc, pc, average="macro")),
            ("classify vs confusion_matrix", lambda: ek.classify(yc, pc), lambda: metrics.confusion_matrix(yc, pc)),
            ("regress(bounded) vs r2_score", lambda: ek.regress(yr, pr, bounded_memory=True), lambda: metrics.r2_score(yr, pr)),
            ("cluster vs adjusted_rand_score", lambda: ek.cluster(yc, pc), lambda: metrics.adjusted_rand_score(yc, pc)),
        ]
        for name, a, b in rows:
            ta, tb = best(a, reps), best(b, reps)
            print(f"{name:<34} {n:>9} {ta:>11.6f} {tb:>11.6f} {tb / ta:>7.2f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [100, 1_000_000, 10_000_000])
