"""The calls into the Go core (cmd/libevalkit) through ctypes.

Numbers go to Go by pointer and length, with no copy when they are
C-contiguous float64, float32, int64, int32 or bool (the library reads
them in place; other numeric dtypes are converted to float64 once, and a
strided array is made contiguous once). Labels go as
int64 codes into a list of names, each name's UTF-8 bytes at offsets into
one buffer. ctypes releases the GIL during the call; the Go side keeps no
state between calls, so calls from several threads at once are safe.
"""

import ctypes
import json
import os
import sys
import warnings
from pathlib import Path

import numpy as np

from ._result import Result


class _Column(ctypes.Structure):
    # evalkit_column of cmd/libevalkit/export.go
    _fields_ = [
        ("role", ctypes.c_char_p),
        ("n", ctypes.c_int64),
        ("values", ctypes.c_void_p),
        ("dtype", ctypes.c_int32),
        ("codes", ctypes.POINTER(ctypes.c_int64)),
        ("nnames", ctypes.c_int64),
        ("offsets", ctypes.POINTER(ctypes.c_int64)),
        ("bytes", ctypes.c_char_p),
    ]


_ABI = 3

# The value types the library reads in place (evalkit_column's dtype).
_DTYPES = {np.dtype(np.float64): 0, np.dtype(np.float32): 1, np.dtype(np.int64): 2, np.dtype(np.int32): 3, np.dtype(np.bool_): 4}


def _library_path():
    env = os.environ.get("EVALKIT_LIBRARY")
    if env:
        return env
    name = {"darwin": "libevalkit.dylib", "win32": "libevalkit.dll"}.get(sys.platform, "libevalkit.so")
    return str(Path(__file__).resolve().parent / name)


def _load():
    lib = ctypes.CDLL(_library_path())
    lib.evalkit_abi.restype = ctypes.c_int
    lib.evalkit_abi.argtypes = []
    if lib.evalkit_abi() != _ABI:
        raise ImportError(f"evalkit: the library's ABI is {lib.evalkit_abi()}, the package's {_ABI}: reinstall the package")
    lib.evalkit_eval.restype = ctypes.c_int
    lib.evalkit_eval.argtypes = [
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.POINTER(_Column),
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_void_p),
        ctypes.POINTER(ctypes.c_int64),
    ]
    lib.evalkit_measure.restype = ctypes.c_int64
    lib.evalkit_measure.argtypes = [
        ctypes.c_char_p,  # name
        ctypes.c_char_p,  # options
        ctypes.c_int64,  # rows
        ctypes.c_int32,  # columns of a and of b
        ctypes.c_void_p,  # a
        ctypes.c_int32,
        ctypes.c_void_p,  # b
        ctypes.c_int32,
        ctypes.c_void_p,  # weights
        ctypes.c_int32,
        ctypes.POINTER(_Column),
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_double),  # out
        ctypes.c_int64,
    ]
    lib.evalkit_free.restype = None
    lib.evalkit_free.argtypes = [ctypes.c_void_p]
    return lib


_lib = _load()


class _Call:
    """The columns of one call, kept alive until it returns."""

    def __init__(self):
        self.columns = []
        self.keep = []

    def values(self, role, x, what):
        a = np.asarray(x)
        if a.dtype.kind not in "biuf":
            raise ValueError(f"{what}: numbers expected, got an array of dtype {a.dtype}")
        if a.ndim != 1:
            raise ValueError(f"{what}: a 1-D array expected, got shape {a.shape}")
        if a.dtype.newbyteorder("=") != a.dtype or a.dtype not in _DTYPES:
            a = a.astype(np.float64)  # another type (int8, float16, …): converted once
        a = np.ascontiguousarray(a)  # a view when contiguous already
        self.keep.append(a)
        self.columns.append(_Column(role.encode(), a.shape[0], a.ctypes.data, _DTYPES[a.dtype], None, 0, None, None))

    def labels(self, role, x, what):
        names, codes = _encode_labels(x, what)
        raw = [n.encode("utf-8") for n in names]
        offsets = np.zeros(len(raw) + 1, dtype=np.int64)
        np.cumsum([len(b) for b in raw], out=offsets[1:])
        buf = b"".join(raw)
        self.keep += [codes, offsets, buf]
        self.columns.append(
            _Column(
                role.encode(),
                codes.shape[0],
                None,
                0,
                codes.ctypes.data_as(ctypes.POINTER(ctypes.c_int64)),
                len(raw),
                offsets.ctypes.data_as(ctypes.POINTER(ctypes.c_int64)),
                buf,
            )
        )

    def texts(self, role, x, what):
        """A column of sentences: each row's text its own name (UTF-8
        bytes at offsets into one buffer), the codes 0, 1, …."""
        if isinstance(x, (str, bytes)):
            raise ValueError(f"{what}: a sequence of sentences expected, got one string")
        raw = []
        for i, v in enumerate(x):
            if isinstance(v, bytes):
                raw.append(v)
            elif isinstance(v, str):
                raw.append(v.encode("utf-8"))
            else:
                raise ValueError(f"{what}: row {i}: a sentence (str) expected, got {type(v).__name__}")
        offsets = np.zeros(len(raw) + 1, dtype=np.int64)
        if raw:
            np.cumsum([len(b) for b in raw], out=offsets[1:])
        buf = b"".join(raw)
        codes = np.arange(len(raw), dtype=np.int64)
        self.keep += [codes, offsets, buf]
        self.columns.append(
            _Column(
                role.encode(),
                len(raw),
                None,
                0,
                codes.ctypes.data_as(ctypes.POINTER(ctypes.c_int64)),
                len(raw),
                offsets.ctypes.data_as(ctypes.POINTER(ctypes.c_int64)),
                buf,
            )
        )

    def run(self, task, options):
        opts = json.dumps(options).encode()
        cols = (_Column * len(self.columns))(*self.columns)
        out = ctypes.c_void_p()
        n = ctypes.c_int64()
        status = _lib.evalkit_eval(task.encode(), opts, cols, len(self.columns), ctypes.byref(out), ctypes.byref(n))
        try:
            text = ctypes.string_at(out.value, n.value).decode("utf-8") if n.value else ""
        finally:
            _lib.evalkit_free(out)
        if status != 0:
            raise ValueError(text)
        return text


def _array(x):
    """x as an array the library reads in place (C-contiguous, 1-D, or
    2-D in column order: a column after the other) and its type's code,
    or None when it holds no numbers or is more than 2-D."""
    a = np.asarray(x)
    code = _DTYPES.get(a.dtype)
    if code is None:
        if a.dtype.kind not in "biuf":
            return None
        a, code = a.astype(np.float64), 0  # another type (int8, float16, big-endian, …): converted once
    if a.ndim == 1:
        if not a.flags.c_contiguous:
            a = np.ascontiguousarray(a)
    elif a.ndim == 2:
        a = np.asfortranarray(a)
    else:
        return None
    return a, code


_OUT = ctypes.c_double * 16


class _Declined(Exception):
    """A lean call left its input to the task (status 3)."""


_c_char = ctypes.c_char
_addressof = ctypes.addressof


def _pointer(a):
    """The address of the first value of a, an array from _array: through
    the buffer protocol when a is writable and C-contiguous (a fifth of
    the time of numpy's a.ctypes), else from a.ctypes."""
    try:
        return _addressof(_c_char.from_buffer(a))
    except (TypeError, ValueError, BufferError):  # read-only, Fortran-ordered or empty
        return a.ctypes.data


def _lean(name, options, n, k=1, a=None, b=None, w=None, columns=None, size=1):
    """The numbers of one lean call of the library (evalkit_measure):
    a, b and w are (array, type code) pairs from _array or None (a and b
    of k columns of n rows), columns a _Call's label columns or None,
    size the numbers expected (a larger result is fetched again). Options
    are "key=value" texts, or their bytes already joined by 0x1f; an
    error of the call is a ValueError."""
    opts = options if type(options) is bytes else "\x1f".join(options).encode()
    pa, ta = (_pointer(a[0]), a[1]) if a is not None else (None, 0)
    pb, tb = (_pointer(b[0]), b[1]) if b is not None else (None, 0)
    pw, tw = (_pointer(w[0]), w[1]) if w is not None else (None, 0)
    cols, ncols = None, 0
    if columns is not None and columns.columns:
        ncols = len(columns.columns)
        cols = (_Column * ncols)(*columns.columns)
    while True:
        out = _OUT() if size <= 16 else (ctypes.c_double * size)()
        r = _lib.evalkit_measure(name, opts, n, k, pa, ta, pb, tb, pw, tw, cols, ncols, out, len(out))
        if r >= 0:
            if r <= len(out):
                return out, r
            size = r
            continue
        length = (-r) // 4
        if (-r) % 4 == 3:
            raise _Declined()
        if length <= 8 * len(out):
            raise ValueError(ctypes.string_at(out, length).decode("utf-8", "replace"))
        size = (length + 7) // 8


# Integer labels over a range this small are coded without sorting.
_DENSE_RANGE = 1 << 16


def _encode_labels(x, what):
    """Names and int64 codes of a 1-D label array: booleans are 0 and 1,
    integers and floats their decimal text, anything else str()."""
    a = np.asarray(x)
    if a.ndim != 1:
        raise ValueError(f"{what}: a 1-D array of labels expected, got shape {a.shape}")
    if a.dtype.kind == "b":
        return ["0", "1"], a.astype(np.int64)
    if a.dtype.kind in "iu" and a.size:
        lo, hi = int(a.min()), int(a.max())
        if hi - lo < _DENSE_RANGE:
            names = [str(v) for v in range(lo, hi + 1)]
            if a.dtype == np.int64 and lo == 0 and a.flags.c_contiguous:
                return names, a  # the codes are the labels: no copy
            codes = a.astype(np.int64)
            if lo:
                codes -= lo
            return names, codes
    if a.dtype.kind not in "iufUS":
        a = np.array([str(v) for v in a.tolist()])
    uniq, codes = np.unique(a, return_inverse=True)
    if a.dtype.kind == "S":
        names = [v.decode("utf-8") for v in uniq.tolist()]
    else:
        names = [str(v) for v in uniq.tolist()]
    return names, codes.astype(np.int64, copy=False).reshape(-1)


def _label_text(v):
    """A label as the arrays' names spell it (booleans 0 and 1)."""
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


def _options(kw):
    """The keyword options as the library's JSON object: None means the
    default, numpy scalars become numbers, lists and arrays lists."""
    out = {}
    for k, v in kw.items():
        if v is None:
            continue
        if isinstance(v, np.ndarray):
            v = v.tolist()
        elif isinstance(v, np.generic):
            v = v.item()
        elif isinstance(v, tuple):
            v = list(v)
        out[k] = v
    return out


def _slicings(by):
    """The slicings of by=: an array (one column, named by its .name or
    "by"), a dict {name: array} (the combinations of its columns' values),
    or a list of those (several slicings)."""
    if isinstance(by, list) and by and all(isinstance(e, dict) or np.ndim(e) == 1 for e in by):
        items = by
    else:
        items = [by]
    out = []
    for e in items:
        if isinstance(e, dict):
            if not e:
                raise ValueError("by: an empty dict of slicing columns")
            out.append([(str(k), v) for k, v in e.items()])
        else:
            name = getattr(e, "name", None)
            out.append([(str(name) if name is not None else "by", e)])
    return out


def _result(task, call, options):
    by = options.pop("by", None)
    if by is not None:
        seen = {}
        slicings = []
        for cols in _slicings(by):
            for name, x in cols:
                if name in seen:
                    if not np.array_equal(np.asarray(seen[name]), np.asarray(x)):
                        raise ValueError(f"by: two different columns named {name!r}")
                    continue
                seen[name] = x
                call.labels("by:" + name, x, f"by[{name!r}]")
            slicings.append([name for name, _ in cols])
        options["by"] = slicings
    if options.get("conf") is not None:
        warnings.warn("conf= is deprecated: use level= (same meaning)", DeprecationWarning, stacklevel=3)
    opts = _options(options)
    opts.setdefault("format", "json")
    text = call.run(task, opts)

    def render(fmt, **extra):
        return call.run(task, dict(opts, format=fmt, **_options(extra)))

    return Result(task, text, render)


def _models(x, option, options):
    """The models of a dict {name: array}, their names set as the option
    (the command line's comma list); one array is one model."""
    if not isinstance(x, dict):
        return [(None, x)]
    if not x:
        raise ValueError(f"{option}: an empty dict of models")
    names = [str(k) for k in x]
    if option in options and options[option] is not None:
        raise ValueError(f"{option}= names the models, which the dict's keys name already")
    options[option] = names
    return list(x.items())


# Every task takes by= (an array, a dict {name: array}, or a list of
# those: the command line's --by), min_slice_rows= and max_slices=: the
# overall result with each slice's ("slices") and their "disparity".


def rank(y_true, y_score, sample_weight=None, **options):
    """Ranking measures of binary scores: ROC AUC, average precision, log
    loss, calibration, thresholds, curves, … (evalkit rank).

    y_true holds the labels (0/1, −1/1, or any labels with pos_label=),
    y_score the scores (higher = more positive), or a dict {name: scores}
    of several models: their leaderboard and comparisons (DeLong's paired
    test, with compare= the paired bootstrap), or an (n, k) array of class
    probabilities with classes= the class of each column (multiclass:
    one-vs-rest and one-vs-one AUC, top-k accuracy, log loss, …), or a
    dict {name: (n, k) array} of several multiclass models (compared by
    macro one-vs-rest AUC, log loss and accuracy, with the verdict). Options are those of
    `evalkit rank` in snake_case: pos_label, max_fpr, cal_bins, curves,
    curve_points, bins, ci, ci_method, level, bootstrap, seed, memory,
    primary, baseline, compare, adjust, …
    """
    call = _Call()
    call.labels("true", y_true, "y_true")
    if isinstance(y_score, dict) and y_score and all(np.ndim(v) == 2 for v in y_score.values()):
        # several multiclass models: each an (n, k) array of class probabilities
        classes = options.get("classes")
        if classes is None:
            raise ValueError("rank: 2-D scores need classes= (the class of each column, as clf.classes_)")
        if not isinstance(classes, str):
            options["classes"] = [_label_text(c) for c in np.asarray(classes).tolist()]
        if options.get("score") is not None:
            raise ValueError("score= names the models, which the dict's keys name already")
        options["multiclass_models"] = [str(k) for k in y_score]
        for name, v in y_score.items():
            p = np.asfortranarray(v)
            for j in range(p.shape[1]):
                call.values("score", p[:, j], f"y_score[{name!r}][:, {j}]")
        if sample_weight is not None:
            call.values("weight", sample_weight, "sample_weight")
        return _result("rank", call, options)
    if not isinstance(y_score, dict) and np.ndim(y_score) == 2:
        # multiclass: a column of probabilities a class
        p = np.asfortranarray(y_score)  # a contiguous column a class, in its own type
        classes = options.get("classes")
        if classes is None:
            raise ValueError("rank: 2-D scores need classes= (the class of each column, as clf.classes_)")
        if not isinstance(classes, str):
            options["classes"] = [_label_text(c) for c in np.asarray(classes).tolist()]
        for j in range(p.shape[1]):
            call.values("score", p[:, j], f"y_score[:, {j}]")
        if sample_weight is not None:
            call.values("weight", sample_weight, "sample_weight")
        return _result("rank", call, options)
    for name, s in _models(y_score, "score", options):
        call.values("score", s, f"y_score[{name!r}]" if name is not None else "y_score")
    if sample_weight is not None:
        call.values("weight", sample_weight, "sample_weight")
    return _result("rank", call, options)


def classify(y_true, y_pred, sample_weight=None, **options):
    """Classification measures of predicted labels: confusion matrix,
    accuracy, per-class and averaged precision/recall/F, kappa, MCC, …
    (evalkit classify).

    y_pred is one model's predicted labels, or a dict {name: labels} of
    several models: their leaderboard and comparisons. 2-D y_true and
    y_pred are multilabel indicator matrices (n rows, a column a label:
    `evalkit classify --multilabel`), the labels 0, 1, … unless labels=
    names the columns. Options are those of
    `evalkit classify` in snake_case: labels, pos_label, beta,
    zero_division, class_weights, cost, max_matrix, ci, primary, baseline,
    compare, adjust, …
    """
    call = _Call()
    if np.ndim(y_true) == 2 and not isinstance(y_pred, dict):
        # multilabel: (n, k) indicator matrices, column j the label j (or
        # the j-th of labels=)
        yt, yp = np.asfortranarray(y_true), np.asfortranarray(y_pred)
        if yp.shape != yt.shape:
            raise ValueError(f"classify: y_true has shape {yt.shape} and y_pred {np.shape(y_pred)}; multilabel indicators need the same shape")
        options["multilabel"] = True
        if options.get("labels") is None:
            options["labels"] = [str(j) for j in range(yt.shape[1])]
        elif not isinstance(options["labels"], str):
            options["labels"] = [_label_text(v) for v in np.asarray(options["labels"]).tolist()]
        for j in range(yt.shape[1]):
            call.values("true", yt[:, j], f"y_true[:, {j}]")
        for j in range(yp.shape[1]):
            call.values("pred", yp[:, j], f"y_pred[:, {j}]")
        if sample_weight is not None:
            call.values("weight", sample_weight, "sample_weight")
        return _result("classify", call, options)
    call.labels("true", y_true, "y_true")
    for name, p in _models(y_pred, "pred", options):
        call.labels("pred", p, f"y_pred[{name!r}]" if name is not None else "y_pred")
    if sample_weight is not None:
        call.values("weight", sample_weight, "sample_weight")
    return _result("classify", call, options)


def regress(y_true, y_pred, sample_weight=None, **options):
    """Regression measures: MSE, MAE, MAPE, R², deviances, pinball, …
    (evalkit regress).

    y_true and y_pred are 1-D, or 2-D of shape (n, k) for k outputs (named
    y_true_0, … unless true= and pred= name them); y_pred may be a dict
    {name: predictions} of several models of the one target y_true: their
    leaderboard and comparisons. Options are those of
    `evalkit regress` in snake_case: multioutput, mape_epsilon, alpha,
    power, n_features, bounded_memory, ci, …
    """
    call = _Call()
    if isinstance(y_pred, dict):
        for name, p in _models(y_pred, "pred", options):
            call.values("pred", p, f"y_pred[{name!r}]")
        call.values("true", y_true, "y_true")
        if sample_weight is not None:
            call.values("weight", sample_weight, "sample_weight")
        return _result("regress", call, options)
    yt, yp = np.asarray(y_true), np.asarray(y_pred)
    if yt.ndim == 1 and yp.ndim == 1:
        call.values("true", yt, "y_true")
        call.values("pred", yp, "y_pred")
    else:
        if yt.ndim == 1:
            yt = yt[:, None]
        if yp.ndim == 1:
            yp = yp[:, None]
        if yt.ndim != 2 or yp.ndim != 2 or yt.shape != yp.shape:
            raise ValueError(f"regress: y_true has shape {yt.shape} and y_pred {yp.shape}; give one prediction column per target")
        for j in range(yt.shape[1]):
            call.values("true", yt[:, j], f"y_true[:, {j}]")
        for j in range(yp.shape[1]):
            call.values("pred", yp[:, j], f"y_pred[:, {j}]")
    if sample_weight is not None:
        call.values("weight", sample_weight, "sample_weight")
    return _result("regress", call, options)


def cluster(labels_true, labels_pred, features=None, sample_weight=None, feature_names=None, **options):
    """Clustering indices (evalkit cluster): external ones (adjusted Rand,
    NMI, AMI, V-measure, purity, …) from the reference labels labels_true,
    internal ones (silhouette, Davies–Bouldin, Calinski–Harabasz, Dunn) from
    features, an (n, d) array; labels_true=None gives the internal indices
    only. labels_pred may be a dict {name: clusters} of several clusterings
    (external indices only): their leaderboard and comparisons. sample_weight holds whole-number frequency weights (external
    indices only). Options are those of `evalkit cluster` in snake_case:
    metric, average, beta, sample, seed, pairwise_limit, max_matrix, ci, …;
    feature_names (the command line's --features) names the features
    (default x0, x1, …).
    """
    call = _Call()
    if labels_true is not None:
        call.labels("true", labels_true, "labels_true")
    for name, p in _models(labels_pred, "pred", options):
        call.labels("pred", p, f"labels_pred[{name!r}]" if name is not None else "labels_pred")
    if sample_weight is not None:
        call.values("weight", sample_weight, "sample_weight")
    if features is not None:
        x = np.asarray(features)
        if x.ndim == 1:
            x = x[:, None]
        if x.ndim != 2:
            raise ValueError(f"cluster: features must be an (n, d) array, got shape {x.shape}")
        x = np.asfortranarray(x)  # one contiguous column a feature, in its own type
        for j in range(x.shape[1]):
            call.values("features", x[:, j], f"features[:, {j}]")
    if feature_names is not None:
        options["features"] = list(feature_names)
    return _result("cluster", call, options)


def _measure(task, labels=(), values=(), **options):
    """One narrow call of the core (cmd/libevalkit's "curve" and
    "ranking"): labels and values are (role, array) pairs; the parsed
    JSON object it returns."""
    call = _Call()
    for role, x in labels:
        call.labels(role, x, role)
    for role, x in values:
        call.values(role, x, role)
    return json.loads(call.run(task, _options(options)))


def _text(task, hypotheses, references, options):
    call = _Call()
    for name, h in _models(hypotheses, "hyp", options):
        call.texts("hyp", h, f"hypotheses[{name!r}]" if name is not None else "hypotheses")
    if isinstance(references, (str, bytes)):
        raise ValueError("references: a sequence of sentences, or a list of such sequences (several references), expected")
    refs = list(references)
    if refs and isinstance(refs[0], (str, bytes)):
        refs = [refs]  # one reference a sentence
    if not refs:
        raise ValueError("references: no reference given")
    for j, r in enumerate(refs):
        call.texts("ref", r, f"references[{j}]" if len(refs) > 1 else "references")
    return _result(task, call, options)


def bleu(hypotheses, references, **options):
    """BLEU of hypotheses (a sequence of sentences, or a dict {name:
    sentences} of several systems, the first the baseline of a paired
    test) against references (a sequence of sentences, one a hypothesis,
    or a list of such sequences: several references), as sacreBLEU
    (evalkit bleu). Options are those of `evalkit bleu` in snake_case:
    tokenize, smooth, smooth_value, lowercase, max_ngram_order (1 to 9,
    default 4, as sacreBLEU's BLEU(max_ngram_order=N)), confidence,
    paired_bs, paired_ar, ci, seed, …; hyp= and ref= name the systems and
    the references (default "hypotheses" and "references"). The score is
    r["score"] (also r["bleu"])."""
    return _text("bleu", hypotheses, references, options)


def chrf(hypotheses, references, **options):
    """chrF (chrF++ with word_order=2) of hypotheses against references, as
    sacreBLEU (evalkit chrf); arguments as bleu's, options those of
    `evalkit chrf`: char_order, word_order, beta, lowercase, …"""
    return _text("chrf", hypotheses, references, options)


def ter(hypotheses, references, **options):
    """Translation edit rate of hypotheses against references, as sacreBLEU
    (evalkit ter); arguments as bleu's, options those of `evalkit ter`:
    normalized, no_punct, asian_support, case_sensitive, …"""
    return _text("ter", hypotheses, references, options)


def wer(hypotheses, references, **options):
    """Word error rate (cer=True: character error rate) of one system's
    hypotheses against one reference a sentence (evalkit wer); sentences
    are compared as given, whitespace included."""
    if isinstance(hypotheses, dict):
        raise ValueError("wer: one system's hypotheses, not a dict")
    return _text("wer", hypotheses, references, options)
