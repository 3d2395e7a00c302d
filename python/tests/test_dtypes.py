"""Numbers of every dtype the library reads in place (float64, float32,
int64, int32, bool) give the results of the same numbers as float64, with
no copy on the Python side; other dtypes are converted once."""

import numpy as np
import pytest

import evalkit as ek
from evalkit import _native


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.int32, np.bool_, np.int16, np.uint8, np.float16, ">f8"])
def test_dtypes(dtype):
    g = np.random.default_rng(3)
    y = g.integers(0, 2, 500)
    s = (g.integers(0, 2, 500) if dtype in (np.bool_,) else g.integers(0, 50, 500)).astype(dtype)
    w = g.integers(1, 4, 500).astype(dtype) if dtype is not np.bool_ else None
    ref = ek.rank(y, s.astype(np.float64), sample_weight=None if w is None else w.astype(np.float64))
    assert ek.rank(y, s, sample_weight=w).to_dict() == ref.to_dict()
    assert ek.regress(s, s[::-1]).to_dict() == ek.regress(s.astype(np.float64), s[::-1].astype(np.float64)).to_dict()


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32, np.bool_])
def test_in_place(dtype):
    a = np.zeros(10, dtype=dtype)
    call = _native._Call()
    call.values("score", a, "a")
    assert call.keep[-1] is a  # the caller's array, not a copy
    assert call.columns[-1].values == a.ctypes.data
    call.values("score", a[::2], "b")  # strided: made contiguous once
    assert call.keep[-1].flags.c_contiguous


def test_2d_dtypes():
    g = np.random.default_rng(4)
    y = g.integers(0, 3, 300)
    p = g.dirichlet([1, 1, 1], 300)
    a = ek.rank(y, p.astype(np.float32), classes=[0, 1, 2]).to_dict()
    b = ek.rank(y, p.astype(np.float32).astype(np.float64), classes=[0, 1, 2]).to_dict()
    assert a == b
    x = g.integers(0, 9, (300, 2)).astype(np.int32)
    assert ek.cluster(y, y, features=x).to_dict() == ek.cluster(y, y, features=x.astype(np.float64)).to_dict()
