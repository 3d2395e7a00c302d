#!/usr/bin/env python3
"""evalkit.metrics against sklearn.metrics, in one process, on the same
numpy arrays: the seconds of each drop-in beside scikit-learn's function
of the same name, and their ratio (scikit-learn's time over evalkit's;
> 1: evalkit is faster).

    pip install --no-build-isolation ./python     # into a venv with Debian's python3-sklearn
    python3 bench/python.py [ROWS ...]            # default 100 1000000 10000000
    python3 bench/python.py 10000000 --only roc_auc_score,average_precision_score
    python3 bench/python.py 1000000 --regress        # the regression functions only

Each figure is the best of 3 runs (of 200 calls at 100 rows and 20 at
10⁴). The data: binary labels and scores (roc_auc_score,
average_precision_score), 10 classes of which 70 % predicted right
(f1_score, confusion_matrix, adjusted_rand_score), normal targets and
predictions (regression; gamma targets and log-normal multiplicative
predictions for the logarithmic errors and the deviances). The native API's calls (ek.rank, …, every
measure of the task) follow with --native."""

import sys
import time

import numpy as np
from sklearn import metrics as sk

import evalkit as ek
from evalkit import metrics as em


def best(f, reps):
    times = []
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(reps):
            f()
        times.append((time.perf_counter() - t) / reps)
    return min(times)


REGRESS = (
    "mean_squared_error mean_absolute_error r2_score median_absolute_error explained_variance_score max_error "
    "mean_absolute_percentage_error mean_pinball_loss d2_absolute_error_score d2_pinball_score mean_squared_log_error "
    "mean_poisson_deviance mean_gamma_deviance mean_tweedie_deviance d2_tweedie_score"
).split()


def rows(n, rng):
    y = rng.integers(0, 2, n)
    s = rng.random(n) + 0.2 * y
    yc = rng.integers(0, 10, n)
    pc = np.where(rng.random(n) < 0.3, rng.integers(0, 10, n), yc)
    yr = rng.normal(size=n)
    pr = yr + rng.normal(size=n)
    # positive targets and predictions for the logarithmic errors and the
    # deviances
    yp = rng.gamma(2.0, 1.0, n) + 0.01
    pp = yp * np.exp(0.3 * rng.normal(size=n))
    out = [
        ("roc_auc_score", (y, s), {}),
        ("average_precision_score", (y, s), {}),
        ("f1_score", (yc, pc), {"average": "macro"}),
        ("confusion_matrix", (yc, pc), {}),
        ("accuracy_score", (yc, pc), {}),
        ("adjusted_rand_score", (yc, pc), {}),
        ("mean_squared_error", (yr, pr), {}),
        ("mean_absolute_error", (yr, pr), {}),
        ("r2_score", (yr, pr), {}),
        ("median_absolute_error", (yr, pr), {}),
        ("explained_variance_score", (yr, pr), {}),
        ("max_error", (yr, pr), {}),
        ("mean_absolute_percentage_error", (yr, pr), {}),
        ("mean_pinball_loss", (yr, pr), {"alpha": 0.9}),
        ("d2_absolute_error_score", (yr, pr), {}),
        ("d2_pinball_score", (yr, pr), {"alpha": 0.9}),
        ("mean_squared_log_error", (yp, pp), {}),
        ("mean_poisson_deviance", (yp, pp), {}),
        ("mean_gamma_deviance", (yp, pp), {}),
        ("mean_tweedie_deviance", (yp, pp), {"power": 1.5}),
        ("d2_tweedie_score", (yp, pp), {"power": 1.5}),
    ]
    return out, (y, s, yc, pc, yr, pr)


def main(args):
    native = "--native" in args
    only = None
    if "--only" in args:
        i = args.index("--only")
        only = set(args[i + 1].split(","))
        args = args[:i] + args[i + 2 :]
    if "--regress" in args:
        args = [a for a in args if a != "--regress"]
        only = set(REGRESS)
    sizes = [int(a) for a in args if not a.startswith("--")] or [100, 1_000_000, 10_000_000]
    rng = np.random.default_rng(0)
    print(f"{'function':<30} {'rows':>9} {'evalkit s':>11} {'sklearn s':>11} {'ratio':>7}")
    for n in sizes:
        reps = 200 if n <= 1000 else 20 if n <= 10_000 else 1
        cases, (y, s, yc, pc, yr, pr) = rows(n, rng)
        for name, a, kw in cases:
            if only is not None and name not in only:
                continue
            fe, fs = getattr(em, name), getattr(sk, name)
            want, got = fs(*a, **kw), fe(*a, **kw)
            assert np.allclose(got, want, rtol=1e-9, atol=0), (name, got, want)
            te, ts = best(lambda: fe(*a, **kw), reps), best(lambda: fs(*a, **kw), reps)
            print(f"{name:<30} {n:>9} {te:>11.6f} {ts:>11.6f} {ts / te:>7.2f}", flush=True)
        if native:
            for name, f, g in [
                ("ek.rank vs roc_auc_score", lambda: ek.rank(y, s, curves=False), lambda: sk.roc_auc_score(y, s)),
                ("ek.classify vs f1_score", lambda: ek.classify(yc, pc), lambda: sk.f1_score(yc, pc, average="macro")),
                ("ek.regress vs r2_score", lambda: ek.regress(yr, pr, bounded_memory=True), lambda: sk.r2_score(yr, pr)),
                ("ek.cluster vs adjusted_rand", lambda: ek.cluster(yc, pc), lambda: sk.adjusted_rand_score(yc, pc)),
            ]:
                te, ts = best(f, reps), best(g, reps)
                print(f"{name:<30} {n:>9} {te:>11.6f} {ts:>11.6f} {ts / te:>7.2f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
