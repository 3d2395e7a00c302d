#!/usr/bin/python3
"""Coverage of candidate 95% intervals of a mean log loss on heavy-tailed
per-row losses (docs/ci.md, "Log loss"): the t-interval, the t-interval on
the scale of log(mean) (evalkit's delta-lognormal), and percentile, BCa
and bootstrap-t intervals of the rows (1000 replicates). Rows' probability
for their true class is Beta(4, 1.5), a fraction q of them 10^U(-15, -4);
the population mean from 4·10⁶ rows. 600 data sets a setting. Needs
Debian's python3-numpy and python3-scipy.

Rerun:  /usr/bin/python3 tools/oracle/rank_logloss_coverage.py
"""
import numpy as np, scipy.stats as st

rng = np.random.default_rng(1)


def losses(n, q, rng):
    p = rng.beta(4, 1.5, n)
    bad = rng.random(n) < q
    p[bad] = 10 ** rng.uniform(-15, -4, bad.sum())
    return -np.log(np.clip(p, 2.220446049250313e-16, 1))


B, R = 1000, 600
for n, q in [(50, 0.0), (200, 0.0), (200, 0.005), (200, 0.01), (200, 0.03)]:
    mu = losses(4_000_000, q, np.random.default_rng(99)).mean()
    hit = {k: 0 for k in ["t", "delta-lognormal", "percentile", "bca", "bootstrap-t"]}
    for r in range(R):
        x = losses(n, q, rng)
        m, se = x.mean(), x.std(ddof=1) / np.sqrt(n)
        tq = st.t.ppf(0.975, n - 1)
        hit["t"] += max(0, m - tq * se) <= mu <= m + tq * se
        f = np.exp(tq * se / m)
        hit["delta-lognormal"] += m / f <= mu <= m * f
        idx = rng.integers(0, n, (B, n))
        bm = x[idx].mean(axis=1)
        lo, hi = np.percentile(bm, [2.5, 97.5])
        hit["percentile"] += lo <= mu <= hi
        z0 = st.norm.ppf((bm < m).mean() + 0.5 * (bm == m).mean())
        jk = (x.sum() - x) / (n - 1)
        d = jk.mean() - jk
        a = (d ** 3).sum() / (6 * ((d ** 2).sum()) ** 1.5) if (d ** 2).sum() > 0 else 0
        zs = st.norm.ppf([0.025, 0.975])
        al = st.norm.cdf(z0 + (z0 + zs) / (1 - a * (z0 + zs)))
        lo, hi = np.percentile(bm, 100 * al)
        hit["bca"] += lo <= mu <= hi
        bs = x[idx].std(axis=1, ddof=1) / np.sqrt(n)
        tt = (bm - m) / np.where(bs > 0, bs, np.inf)
        ql, qh = np.percentile(tt, [2.5, 97.5])
        hit["bootstrap-t"] += m - qh * se <= mu <= m - ql * se
    print(f"n={n} q={q} mu={mu:.4f} " + " ".join(f"{k}={v / R:.3f}" for k, v in hit.items()), flush=True)
