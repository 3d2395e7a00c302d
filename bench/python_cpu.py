#!/usr/bin/env python3
"""evalkit.metrics beside sklearn.metrics in CPU time: on a machine shared
with other work, the wall time of bench/python.py swings with the load
(a call waits for a processor), while the CPU time a call takes
(time.process_time: every thread of the process, the Go runtime's
included) moves less. Each function's calls and scikit-learn's alternate
in rounds, so that both see the same load; each figure is the best
round.

    EVALKIT_LIBRARY=… PYTHONPATH=python /usr/bin/python3 bench/python_cpu.py 100
    … bench/python_cpu.py 10000000 roc_auc_score,average_precision_score

At 100 rows a round is 2000 calls of evalkit's function and 400 of
scikit-learn's, best of 7 rounds; above 1000 rows one call each, best of
3. The data are those of bench/python.py. The wall-clock figures of the
same rounds follow. At 10⁷ rows evalkit works on both cores, so its CPU
time exceeds its wall time and the CPU ratio understates the wall ratio
of a quiet machine."""

import functools
import sys
import time

import numpy as np
from sklearn import metrics as sk

from evalkit import metrics as em


def main(args):
    n = int(args[0]) if args else 100
    only = set(args[1].split(",")) if len(args) > 1 else None
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    s = rng.random(n) + 0.2 * y
    yr = rng.normal(size=n)
    pr = yr + rng.normal(size=n)
    yc = rng.integers(0, 10, n)
    pc = np.where(rng.random(n) < 0.3, rng.integers(0, 10, n), yc)
    # positive targets and predictions for the logarithmic errors and the
    # deviances
    yp = rng.gamma(2.0, 1.0, n) + 0.01
    pp = yp * np.exp(0.3 * rng.normal(size=n))
    cases = [
        ("roc_auc_score", (y, s)),
        ("average_precision_score", (y, s)),
        ("f1_score", (yc, pc), {"average": "macro"}),
        ("confusion_matrix", (yc, pc)),
        ("accuracy_score", (yc, pc)),
        ("adjusted_rand_score", (yc, pc)),
        ("mean_squared_error", (yr, pr)),
        ("mean_absolute_error", (yr, pr)),
        ("r2_score", (yr, pr)),
        ("median_absolute_error", (yr, pr)),
        ("explained_variance_score", (yr, pr)),
        ("max_error", (yr, pr)),
        ("mean_absolute_percentage_error", (yr, pr)),
        ("mean_pinball_loss", (yr, pr)),
        ("d2_absolute_error_score", (yr, pr)),
        ("d2_pinball_score", (yr, pr)),
        ("mean_squared_log_error", (yp, pp)),
        ("mean_poisson_deviance", (yp, pp)),
        ("mean_gamma_deviance", (yp, pp)),
        ("mean_tweedie_deviance", (yp, pp), {"power": 1.5}),
        ("d2_tweedie_score", (yp, pp), {"power": 1.5}),
    ]
    reps, rounds = (2000, 7) if n <= 1000 else (1, 3)
    print(f"{'function':<30} {'rows':>9} {'cpu evalkit':>12} {'cpu sklearn':>12} {'ratio':>6} {'wall evalkit':>13} {'wall sklearn':>13} {'ratio':>6}")
    for name, a, *kw in cases:
        if only is not None and name not in only:
            continue
        kw = kw[0] if kw else {}
        fe = functools.partial(getattr(em, name), **kw)
        fs = functools.partial(getattr(sk, name), **kw)
        assert np.allclose(fe(*a), fs(*a), rtol=1e-9, atol=0), name
        best = {}
        for _ in range(rounds):
            for who, f, k in (("ek", fe, reps), ("sk", fs, max(1, reps // 5))):
                c, t = time.process_time(), time.perf_counter()
                for _ in range(k):
                    f(*a)
                cpu, wall = (time.process_time() - c) / k, (time.perf_counter() - t) / k
                bc, bw = best.get(who, (float("inf"), float("inf")))
                best[who] = (min(bc, cpu), min(bw, wall))
        (ce, we), (cs, ws) = best["ek"], best["sk"]
        print(f"{name:<30} {n:>9} {ce:>12.3g} {cs:>12.3g} {cs / ce:>6.1f} {we:>13.3g} {ws:>13.3g} {ws / we:>6.1f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
