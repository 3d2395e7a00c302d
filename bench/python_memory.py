#!/usr/bin/env python3
"""Peak memory of ek.rank on numpy arrays beside `evalkit rank` on the same
data as CSV.

    pip install --no-build-isolation ./python   # or EVALKIT_LIBRARY=… PYTHONPATH=python
    python3 bench/python_memory.py [ROWS] [EVALKIT]   # default 10000000, bench/out/evalkit

The data: int64 labels 0/1 (30 % positives) and float64 scores, every one
distinct. The Python figure is the growth of the process's peak resident
memory over the process holding the arrays (the arrays themselves are
not counted: they are the caller's, read in place); the command line's is
its whole peak (`/usr/bin/time`), reading the CSV written from the same
arrays. Each side runs in its own process."""

import os
import resource
import subprocess
import sys


def current_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def arrays(n):
    import numpy as np

    rng = np.random.default_rng(1)
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.random(n) + 0.3 * y
    return y, s


def child(n):
    import evalkit as ek

    y, s = arrays(n)
    base = current_mb()
    r = ek.rank(y, s)
    print(f"{peak_mb() - base:.0f} {r['roc_auc']!r}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(int(sys.argv[2]))
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    evalkit = sys.argv[2] if len(sys.argv) > 2 else "bench/out/evalkit"
    os.makedirs("bench/out", exist_ok=True)
    path = f"bench/out/python-memory-{n}.csv"
    if not os.path.exists(path):
        import numpy as np

        y, s = arrays(n)
        with open(path, "w") as f:
            f.write("y,s\n")
            np.savetxt(f, np.column_stack([y, s]), fmt=["%d", "%.17g"], delimiter=",")
    out = subprocess.run([sys.executable, __file__, "--child", str(n)], check=True, capture_output=True, text=True).stdout.split()
    growth, auc = float(out[0]), out[1]
    t = subprocess.run(["/usr/bin/time", "-f", "%M", evalkit, "rank", "--true", "y", "--score", "s", "--format", "json", path],
                       check=True, capture_output=True, text=True)
    cli = int(t.stderr.strip().splitlines()[-1]) / 1024
    print(f"ek.rank on {n} rows: peak growth over the arrays {growth:.0f} MB (roc_auc {auc})")
    print(f"evalkit rank on the same CSV: peak {cli:.0f} MB")


if __name__ == "__main__":
    main()
