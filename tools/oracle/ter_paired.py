#!/usr/bin/python3
"""sacreBLEU's paired tests for TER, for text/testdata/ter/paired.json.

    PYTHONPATH=/path/to/sacrebleu-2.6.0 /usr/bin/python3 tools/oracle/ter_paired.py > text/testdata/ter/paired.json

Runs sacreBLEU's command line (--paired-bs, --paired-ar; default seed 12345)
on the first 400 lines of four WMT17 systems copied into text/testdata/wmt17,
baseline uedin-nmt, and records each system's score, p-value, mean and CI.
Scores must agree exactly; p-values, means and CIs depend on the random
streams, which evalkit does not reproduce, so tests compare them within
sampling error.
"""
import gzip
import json
import os
import subprocess
import sys
import tempfile

import sacrebleu

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "text", "testdata", "wmt17")
SYSTEMS = ["uedin-nmt.4722", "online-B.0", "PROMT-Rule-based.4735", "LMU-nmt-single.4893"]
N = 400


def lines(name):
    with gzip.open(os.path.join(DATA, f"newstest2017.{name}.en-de.txt.gz"), "rt", encoding="utf-8") as f:
        return [next(f) for _ in range(N)]


def main():
    out = {"source": f"sacreBLEU {sacrebleu.__version__} command line; tools/oracle/ter_paired.py",
           "lines": N, "systems": SYSTEMS, "tests": {}}
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for name in ["ref"] + SYSTEMS:
            p = os.path.join(d, name + ".txt")
            with open(p, "w", encoding="utf-8") as f:
                f.writelines(lines(name))
            paths.append(p)
        for test in ["bs", "ar"]:
            res = subprocess.run([sys.executable, "-m", "sacrebleu", paths[0], "-i", *paths[1:], "-m", "ter",
                                  f"--paired-{test}", "-f", "json"], capture_output=True, text=True, check=True)
            out["tests"][test] = [{"score": r["TER"]["score"], "p_value": r["TER"]["p_value"],
                                   "mean": r["TER"].get("mean"), "ci": r["TER"].get("ci")} for r in json.loads(res.stdout)]
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
