"""The native API against the command line's golden outputs: the same
columns as arrays, the same options as keywords, the same JSON to the byte
(the rows that warnings name are rows of the arrays, counted from 0, where
the command line names lines of the file)."""

import csv
import json
import re

import numpy as np
import pytest

import evalkit as ek
from conftest import GOLDEN

# Flags that take no value on the command line.
BOOL_FLAGS = {"ci", "curves", "bounded-memory", "multilabel", "renormalize"}
# Flags of files, or of what the package has not yet.
SKIP_FLAGS = {"plot", "curves-out", "input-format", "max-field", "multilabel", "gate", "renormalize"}
DEFAULT_COLUMNS = {
    "rank": {"true": "y_true", "score": "y_score"},
    "classify": {"true": "y_true", "pred": "y_pred"},
    "regress": {"true": "y_true", "pred": "y_pred"},
    "cluster": {"true": "y_true", "pred": "y_pred"},
}


def golden_cases():
    cases = []
    for args_path in sorted(GOLDEN.glob("*.args")):
        name = args_path.stem
        stderr = args_path.with_suffix(".stderr")
        if not stderr.exists() or stderr.stat().st_size > 0:
            continue
        args = args_path.read_text().rstrip("\n").split("\n")
        task = args[0]
        if task not in DEFAULT_COLUMNS:
            continue
        options, path, fmt, skip = {}, None, "json", False
        i = 1
        while i < len(args):
            a = args[i]
            if not a.startswith("--"):
                path = a
            else:
                k, eq, v = a[2:].partition("=")
                if not eq:
                    if k in BOOL_FLAGS:
                        v = "true"
                    else:
                        i += 1
                        v = args[i]
                skip = skip or k in SKIP_FLAGS
                # column patterns (--score 'p_*') are the command line's
                skip = skip or (k in ("score", "pred") and any(ch in v for ch in "*?["))
                if k == "format":
                    fmt = v
                if k == "by":  # may repeat: several slicings
                    options.setdefault("by", []).append(v)
                else:
                    options[k.replace("-", "_")] = v
            i += 1
        # one score column for every class (--classes) is the command line's
        skip = skip or (task == "rank" and "classes" in options and "," not in options.get("score", ""))
        if skip or fmt != "json" or not path or not path.endswith(".csv"):
            continue
        cols = {role: options.get(role, col) for role, col in DEFAULT_COLUMNS[task].items()}
        if task == "cluster" and "features" in options and "true" not in options:
            del cols["true"]  # internal indices only
        for role in ("weight", "features"):
            if role in options:
                cols[role] = options[role]
        if "," in cols.get("true", "") and task != "regress":
            continue
        if task == "regress" and "," in cols["true"] and len(cols["true"].split(",")) != len(cols["pred"].split(",")):
            continue
        cases.append(pytest.param(task, path, cols, options, args_path.with_suffix(".stdout"), id=name))
    return cases


def read_columns(path):
    with open(GOLDEN / path, newline="") as f:
        rows = list(csv.reader(f))
    return {h: [r[j] for r in rows[1:]] for j, h in enumerate(rows[0])}


@pytest.mark.parametrize("task,path,cols,options,stdout", golden_cases())
def test_golden_json(task, path, cols, options, stdout):
    data = read_columns(path)

    def numbers(names):
        return np.column_stack([np.array(data[c], dtype=np.float64) for c in names.split(",")])

    w = np.array(data[cols["weight"]], dtype=np.float64) if "weight" in cols else None
    options = dict(options)
    if "by" in options:
        # each --by A,B is a dict of its columns
        options["by"] = [{c: np.array(data[c]) for c in spec.split(",")} for spec in options["by"]]

    def models(role, make):
        # several models: a dict whose keys name them, as the comma list does
        names = cols[role].split(",")
        if len(names) == 1:
            return make(names[0])
        del options[role]
        return {n: make(n) for n in names}

    if task == "rank" and "classes" in options:
        del options["score"]  # the columns of one (n, k) array
        r = ek.rank(np.array(data[cols["true"]]), numbers(cols["score"]), sample_weight=w, **options)
    elif task == "rank":
        s = models("score", lambda c: np.array(data[c], dtype=np.float64))
        r = ek.rank(np.array(data[cols["true"]]), s, sample_weight=w, **options)
    elif task == "classify":
        p = models("pred", lambda c: np.array(data[c]))
        r = ek.classify(np.array(data[cols["true"]]), p, sample_weight=w, **options)
    elif task == "regress" and "," not in cols["true"] and "," in cols["pred"]:
        p = models("pred", lambda c: np.array(data[c], dtype=np.float64))
        r = ek.regress(np.array(data[cols["true"]], dtype=np.float64), p, sample_weight=w, **options)
    elif task == "cluster":
        yt = np.array(data[cols["true"]]) if "true" in cols else None
        x = numbers(cols["features"]) if "features" in cols else None
        names = options.pop("features", None)
        p = models("pred", lambda c: np.array(data[c]))
        r = ek.cluster(yt, p, features=x, sample_weight=w, feature_names=names and names.split(","), **options)
    else:
        yt, yp = numbers(cols["true"]), numbers(cols["pred"])
        if yt.shape[1] == 1:
            yt, yp = yt[:, 0], yp[:, 0]
        r = ek.regress(yt, yp, sample_weight=w, **options)
    # Row N of the arrays is line N+2 of the file (the header is line 1).
    got = re.sub(r"<arrays>: row (\d+)", lambda m: f"{path}:{int(m.group(1)) + 2}", r.json)
    want = stdout.read_text()
    assert got == want
    assert json.loads(got) == json.loads(want)
    assert r.to_dict() == json.loads(r.json)


def test_golden_cases_found():
    assert len(golden_cases()) >= 30
