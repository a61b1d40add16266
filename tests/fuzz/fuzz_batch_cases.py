"""Hypothesis cases over every batch entry point (run in a child process by ``test_batch_fuzz``).

Not collected directly (the file name does not start with ``test_``): a crash
here would kill the test run, so ``test_batch_fuzz`` runs this module under
pytest in a child process, where a signal fails the parent test.

Every case states the one allowed outcome: a pokercore error, or exactly the
answer of the per-call functions on the same cards.
"""

from __future__ import annotations

import os

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore.binh import search, special

EXAMPLES = int(os.environ.get("POKERCORE_FUZZ_EXAMPLES", "60"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))

DTYPES = ["uint8", "int8", "uint16", "int16", "int32", "uint32", "int64", "uint64", "float64", "bool"]


def _per_row_5(rows, rules):
    return [pc.evaluate5(r, rules=rules) for r in rows]


_TABLES = search.BranchTables(*(np.linspace(-1.0, 1.0, search.TABLE_LEN) ** p for p in (1, 3, 1)))


def _top_first(legal):
    return legal["top_rank"]


def _layout(a):
    """The documented batch row: top, middle, bottom, each highest code first."""
    return sorted(a.top, reverse=True) + sorted(a.middle, reverse=True) + sorted(a.bottom, reverse=True)


#: name -> (cards per hand, batch function, per-row reference on a list of valid rows)
ENTRY = {
    "evaluate5_batch": (5, pc.evaluate5_batch, lambda rows: _per_row_5(rows, "standard")),
    "evaluate5_batch_binh": (5, lambda h: pc.evaluate5_batch(h, rules="binh"),
                             lambda rows: _per_row_5(rows, "binh")),
    "evaluate3_batch": (3, pc.evaluate3_batch, lambda rows: [pc.evaluate3(r) for r in rows]),
    "count_legal_batch": (13, search.count_legal_batch, lambda rows: [search.count_legal(r) for r in rows]),
    "best_arrangement_batch": (13, lambda h: search.best_arrangement_batch(h).ranks.tolist(),
                               lambda rows: [list(search.best_arrangement(r).ranks) for r in rows]),
    "best_arrangement_batch_tables": (
        13, lambda h: search.best_arrangement_batch(h, _TABLES).ranks.tolist(),
        lambda rows: [list(search.best_arrangement(r, _TABLES).ranks) for r in rows]),
    "best_arrangement_batch_callable": (
        13, lambda h: search.best_arrangement_batch(h, _top_first).cards.tolist(),
        lambda rows: [_layout(search.best_arrangement(r, _top_first)) for r in rows]),
    "classify_special_batch": (13, special.classify_special_batch,
                               lambda rows: [special.classify_special(r).best.code
                                             if special.classify_special(r) else 0 for r in rows]),
    "special_kinds_batch": (13, special.special_kinds_batch, None),
}
NAMES = sorted(ENTRY)


def _as_list(result):
    return np.asarray(result).tolist()


def _check(name, arr):
    """The call raises a pokercore error or returns the per-row answers."""
    k, fn, ref = ENTRY[name]
    snapshot = np.array(arr, copy=True)
    try:
        got = fn(arr)
    except pc.PokercoreError:
        return
    rows = [[int(c) for c in row] for row in np.asarray(snapshot).reshape(-1, k)]
    assert all(len(set(r)) == k and all(0 <= c <= 51 for c in r) for r in rows), "accepted invalid cards"
    if ref is not None:
        assert _as_list(got) == ref(rows)
    else:
        assert _as_list(got) == _as_list(fn(np.array(rows, dtype=np.uint8)))


@st.composite
def arrays(draw, k):
    """Arrays of many dtypes, shapes, layouts and values, mostly near-valid."""
    n = draw(st.integers(0, 4))
    width = draw(st.sampled_from([k, k, k, k - 1, k + 1, 1]))
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    valid = draw(st.booleans())
    seed = draw(st.integers(0, 2**32 - 1))
    base = pc.random_hands(max(n, 1), k, seed=seed)[:n].astype(np.int64)
    if width != k:
        base = np.resize(base, (n, width))
    if not valid and base.size:
        i = draw(st.integers(0, base.size - 1))
        base.reshape(-1)[i] = draw(st.sampled_from([-1, 52, 255, 256, 2**31, base.reshape(-1)[0]]))
    with np.errstate(all="ignore"):
        arr = base.astype(dtype) if dtype.kind != "b" else base.astype(bool)
    layout = draw(st.sampled_from(["c", "f", "strided", "reversed", "1d", "3d", "readonly"]))
    if layout == "f":
        arr = np.asfortranarray(arr)
    elif layout == "strided":
        big = np.zeros((arr.shape[0], 2 * arr.shape[1]), dtype=arr.dtype)
        big[:, ::2] = arr
        arr = big[:, ::2]
    elif layout == "reversed":
        arr = arr[::-1]
    elif layout == "1d":
        arr = arr.reshape(-1)
    elif layout == "3d":
        arr = arr.reshape(1, *arr.shape)
    elif layout == "readonly":
        arr.flags.writeable = False
    return arr


@SETTINGS
@given(st.sampled_from(NAMES), st.data())
def test_any_array_is_refused_or_answered_right(name, data):
    k = ENTRY[name][0]
    _check(name, data.draw(arrays(k)))


@SETTINGS
@given(st.sampled_from(["evaluate5_batch", "evaluate3_batch"]), st.integers(1, 30),
       st.integers(0, 400), st.integers(0, 400), st.sampled_from(["standard", "binh"]))
def test_out_sharing_memory_is_refused(name, n, hands_at, out_at, rules):
    """``out`` anywhere in the buffer that holds the hands: refused when they overlap, else right."""
    k = 5 if name == "evaluate5_batch" else 3
    buf = np.zeros(2048, dtype=np.uint8)
    hands = buf[hands_at : hands_at + n * k].reshape(n, k)
    hands[:] = pc.random_hands(n, k, seed=n)
    start = out_at - out_at % 4
    out = buf[start : start + 4 * n].view(np.int32)
    expect = [pc.evaluate5(r, rules=rules) if k == 5 else pc.evaluate3(r) for r in hands.tolist()]
    overlap = start < hands_at + n * k and hands_at < start + 4 * n
    call = (lambda: pc.evaluate5_batch(hands, rules=rules, out=out)) if k == 5 else (
        lambda: pc.evaluate3_batch(hands, out=out))
    if overlap:
        try:
            call()
        except pc.errors.InvalidArrayError as exc:
            assert "shares memory" in str(exc) and "copy" in str(exc)
        else:
            raise AssertionError("out overlapping hands was accepted")
    else:
        assert call().tolist() == expect


class ReshapingArray(np.ndarray):
    """A subclass whose astype/copy/reshape answer with another shape."""

    def astype(self, *args, **kwargs):
        return np.asarray(self).reshape(-1)[: max(1, self.size - 1)].astype(*args, **kwargs).reshape(-1, 1)

    def copy(self, *args, **kwargs):
        return np.zeros((1, 2), dtype=self.dtype).view(type(self))

    def __array__(self, dtype=None, copy=None):  # still the real data for numpy itself
        return np.asarray(self.view(np.ndarray), dtype=dtype)


@SETTINGS
@given(st.sampled_from(NAMES), st.sampled_from(["uint8", "int64", "int32"]), st.integers(1, 5), st.integers(0, 99))
def test_subclass_with_another_shape_is_read_as_its_data(name, dtype, n, seed):
    k = ENTRY[name][0]
    arr = pc.random_hands(n, k, seed=seed).astype(dtype).view(ReshapingArray)
    _check(name, arr)


@SETTINGS
@given(st.sampled_from(NAMES), st.integers(1, 4), st.integers(0, 99))
def test_masked_and_matrix_inputs(name, n, seed):
    k, fn, _ = ENTRY[name]
    hands = pc.random_hands(n, k, seed=seed)
    masked = np.ma.masked_array(hands, mask=np.zeros_like(hands, dtype=bool))
    try:
        fn(masked)
    except pc.errors.CardTypeError as exc:
        assert "masked" in str(exc)
    else:
        raise AssertionError("a masked array was accepted")
    bad = hands.astype(np.int64)
    bad[-1, 0] = 99
    try:
        fn(np.matrix(bad))
    except pc.PokercoreError as exc:
        assert "99" in str(exc) or "out of range" in str(exc)
    else:
        raise AssertionError("a matrix with a bad row was accepted")
    _check(name, np.matrix(hands))
