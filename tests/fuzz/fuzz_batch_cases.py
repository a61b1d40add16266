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
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore import holdem
from pokercore.binh import _search as search
from pokercore.binh import _special_hands as special
from pokercore.cards import to_codes

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


def _free(row, m):
    """The ``m`` highest codes that are not in ``row`` (whatever else the row holds)."""
    used = {int(c) for c in row if isinstance(c, (int, float)) and 0 <= c <= 51}
    return [c for c in range(51, -1, -1) if c not in used][:m]


def _row_codes(row):
    """A row of a list of hands as codes (card names and strings read), [] if it is not one."""
    try:
        if isinstance(row, str) or any(isinstance(c, str) for c in row):
            return to_codes(row)
        return list(row)
    except (pc.PokercoreError, TypeError):
        return []


def _partners(arr, m):
    """For every row of ``arr``: ``m`` cards disjoint from it, as a plain (n, m) uint8 array.

    Read through numpy (``np.asarray``) whatever ``arr`` is, or row by row for a
    list of hands, so the fuzzed argument decides the number of rows; an array
    of another rank gets one partner row.
    """
    if isinstance(arr, (list, tuple)):
        rows = [_row_codes(r) for r in arr] or [[]]
    else:
        a = np.asarray(arr)
        rows = a.tolist() if a.ndim == 2 else [[]]
    return np.array([(_free(r, m) + [0] * m)[:m] for r in rows], dtype=np.uint8).reshape(len(rows), m)


def _omaha_ref_holes(rows):
    return [pc.evaluate_omaha(r, _free(r, 5)) for r in rows]


def _omaha_ref_boards(rows):
    return [pc.evaluate_omaha(_free(r, 4), r) for r in rows]


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
    "evaluate6_batch": (6, pc.evaluate6_batch, lambda rows: [pc.evaluate6(r) for r in rows]),
    "evaluate7_batch": (7, pc.evaluate7_batch, lambda rows: [pc.evaluate7(r) for r in rows]),
    # Omaha: the fuzzed array is the holes (n, 4|5|6) or the boards (n, 5); the
    # other argument is a valid partner built from it (cards disjoint row by row).
    **{f"evaluate_omaha_batch_holes{k}": (
        k, lambda h: pc.evaluate_omaha_batch(h, _partners(h, 5)), _omaha_ref_holes) for k in (4, 5, 6)},
    "evaluate_omaha_batch_boards": (
        5, lambda b: pc.evaluate_omaha_batch(_partners(b, 4), b), _omaha_ref_boards),
    **{f"holdem.evaluate_batch{k}": (
        k, holdem.evaluate_batch, lambda rows: [holdem.evaluate(r) for r in rows]) for k in (5, 6, 7)},
}
NAMES = sorted(ENTRY)

#: entry points that accept more than one row width: name -> the widths
WIDTHS = {
    **{f"evaluate_omaha_batch_holes{k}": (4, 5, 6) for k in (4, 5, 6)},
    **{f"holdem.evaluate_batch{k}": (5, 6, 7) for k in (5, 6, 7)},
}


def _as_list(result):
    return np.asarray(result).tolist()


def _check(name, arr, codes=None):
    """The call raises a pokercore error or returns the per-row answers (rows of ``codes`` if given)."""
    k, fn, ref = ENTRY[name]
    snapshot = np.array(arr if codes is None else codes, copy=True)
    try:
        got = fn(arr)
    except pc.PokercoreError:
        return
    snap = np.asarray(snapshot)
    if isinstance(arr, (list, tuple)) and len(arr) == 0:  # no hands (of no known width): an empty answer
        assert np.asarray(got).size == 0
        return
    if name in WIDTHS:  # the width of what was accepted decides the game
        assert snap.ndim == 2 and snap.shape[1] in WIDTHS[name], f"accepted shape {snap.shape}"
        k = snap.shape[1]
    rows = [[int(c) for c in row] for row in snap.reshape(-1, k)]
    assert all(len(set(r)) == k and all(0 <= c <= 51 for c in r) for r in rows), "accepted invalid cards"
    if ref is not None:
        assert _as_list(got) == ref(rows)
    else:
        assert _as_list(got) == _as_list(fn(np.array(rows, dtype=np.uint8).reshape(len(rows), k)))


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


#: name -> (cards per row of the array in the shared buffer, call(array, out), per-row reference)
ALIAS = {
    "evaluate5_batch": (5, lambda h, out, rules: pc.evaluate5_batch(h, rules=rules, out=out),
                        lambda r, rules: pc.evaluate5(r, rules=rules)),
    "evaluate3_batch": (3, lambda h, out, rules: pc.evaluate3_batch(h, out=out), lambda r, rules: pc.evaluate3(r)),
    "evaluate6_batch": (6, lambda h, out, rules: pc.evaluate6_batch(h, out=out), lambda r, rules: pc.evaluate6(r)),
    "evaluate7_batch": (7, lambda h, out, rules: pc.evaluate7_batch(h, out=out), lambda r, rules: pc.evaluate7(r)),
    "holdem.evaluate_batch": (7, lambda h, out, rules: holdem.evaluate_batch(h, out=out),
                              lambda r, rules: holdem.evaluate(r)),
    # Omaha: ``out`` against the holes, or against the boards, in the same buffer.
    **{f"evaluate_omaha_batch_holes{k}": (
        k, lambda h, out, rules: pc.evaluate_omaha_batch(h, _partners(h, 5), out=out),
        lambda r, rules: pc.evaluate_omaha(r, _free(r, 5))) for k in (4, 5, 6)},
    "evaluate_omaha_batch_boards": (
        5, lambda b, out, rules: pc.evaluate_omaha_batch(_partners(b, 4), b, out=out),
        lambda r, rules: pc.evaluate_omaha(_free(r, 4), r)),
}


@SETTINGS
@given(st.sampled_from(sorted(ALIAS)), st.integers(1, 30),
       st.integers(0, 400), st.integers(0, 400), st.sampled_from(["standard", "binh"]))
def test_out_sharing_memory_is_refused(name, n, hands_at, out_at, rules):
    """``out`` anywhere in the buffer that holds the hands: refused when they overlap, else right."""
    k, call, ref = ALIAS[name]
    buf = np.zeros(2048, dtype=np.uint8)
    hands = buf[hands_at : hands_at + n * k].reshape(n, k)
    hands[:] = pc.random_hands(n, k, seed=n)
    start = out_at - out_at % 4
    out = buf[start : start + 4 * n].view(np.int32)
    expect = [ref(r, rules) for r in hands.tolist()]
    overlap = start < hands_at + n * k and hands_at < start + 4 * n
    if overlap:
        try:
            call(hands, out, rules)
        except pc.errors.InvalidArrayError as exc:
            assert "shares memory" in str(exc) and ("separate" in str(exc) or "copy" in str(exc))
        else:
            raise AssertionError("out overlapping hands was accepted")
    else:
        assert call(hands, out, rules).tolist() == expect
        assert out.tolist() == expect


class OutSubclass(np.ndarray):
    """An ``out`` subclass whose own methods lie about it."""

    def __len__(self):
        return 0


@SETTINGS
@given(st.sampled_from(sorted(ALIAS)), st.integers(1, 6), st.sampled_from(
    ["ok", "int64", "uint32", "float64", "short", "long", "2d", "strided", "readonly", "subclass", "list"]))
def test_out_of_any_form_is_refused_or_written_right(name, n, form):
    """``out`` of another dtype, shape, layout or type: refused, or the right ranks written into it."""
    k, call, ref = ALIAS[name]
    hands = pc.random_hands(n, k, seed=n)
    expect = [ref(r, "standard") for r in hands.tolist()]
    base = np.zeros(2 * n + 2, dtype=np.int32)
    out = {
        "ok": base[:n], "int64": np.zeros(n, np.int64), "uint32": np.zeros(n, np.uint32),
        "float64": np.zeros(n), "short": base[: n - 1], "long": base[: n + 1], "2d": base[:n].reshape(n, 1),
        "strided": base[: 2 * n : 2], "readonly": np.zeros(n, np.int32), "subclass": base[:n].view(OutSubclass),
        "list": [0] * n,
    }[form]
    if form == "readonly":
        out.flags.writeable = False
    fits = (isinstance(out, np.ndarray) and out.dtype == np.int32 and out.shape == (n,)
            and out.flags.c_contiguous and out.flags.writeable)
    try:
        got = call(hands, out, "standard")
    except pc.errors.InvalidArrayError as exc:
        assert "out" in str(exc)
        assert type(out) is not np.ndarray or not fits, "a plain int32 out that fits was refused"
        return
    assert fits, f"out of form {form!r} was accepted"
    assert np.asarray(got).tolist() == expect and np.asarray(out).tolist() == expect


@SETTINGS
@given(st.sampled_from([4, 5, 6]), st.integers(1, 6), st.integers(0, 2**32 - 1), st.data())
def test_omaha_rows_must_match_and_stay_disjoint(k, n, seed, data):
    """Holes and boards: one board per hand, no card in both, each row checked; else the per-row answers."""
    dealt = pc.random_hands(n, k + 5, seed=seed)
    holes, boards = np.ascontiguousarray(dealt[:, :k]), np.ascontiguousarray(dealt[:, k:])
    expect = [pc.evaluate_omaha(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    assert pc.evaluate_omaha_batch(holes, boards).tolist() == expect
    try:
        pc.evaluate_omaha_batch(holes, np.concatenate([boards, boards[:1]]))
    except pc.errors.HandSizeError as exc:
        assert "rows" in str(exc)
    else:
        raise AssertionError("holes and boards with different row counts were accepted")
    row, i, j = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, k - 1)), data.draw(st.integers(0, 4))
    shared = boards.copy()
    shared[row, j] = holes[row, i]  # one card both in the hand and on its board
    try:
        pc.evaluate_omaha_batch(holes, shared)
    except pc.errors.DuplicateCardError as exc:
        assert f"hand {row}" in str(exc)
    else:
        raise AssertionError("a card both in the holes and on the board was accepted")
    # The same buffer for both (read-only inputs may alias each other): still checked row by row.
    same = np.ascontiguousarray(dealt[:, :5])
    try:
        pc.evaluate_omaha_batch(same if k == 5 else np.ascontiguousarray(same[:, :4]), same)
    except pc.errors.DuplicateCardError:
        pass
    else:
        raise AssertionError("holes that are the board were accepted")


_NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _name(c):
    return _NAMES[c] if 0 <= c <= 51 else f"X{c}"


@SETTINGS
@given(st.sampled_from(NAMES), st.sampled_from(["ints", "names", "text", "tuples"]), st.data())
def test_lists_of_rows_are_refused_or_answered_right(name, form, data):
    """A list of hands (codes, card names or one string a hand), as the batch forms accept them."""
    k = ENTRY[name][0]
    arr = np.asarray(data.draw(arrays(k)))
    assume(arr.dtype.kind in "iu" and arr.ndim == 2)
    rows = arr.tolist()
    if form == "ints":
        hands = rows
    elif form == "tuples":
        hands = tuple(tuple(r) for r in rows)
    elif form == "names":
        hands = [[_name(c) for c in r] for r in rows]
    else:
        hands = [" ".join(_name(c) for c in r) for r in rows]
    _check(name, hands, codes=np.array(rows, dtype=object).reshape(arr.shape))


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


def test_subclass_is_read_by_the_holdem_kernels_as_its_data():
    """Regression: the 6/7-card and Omaha batch forms once took a subclass's ``astype``.

    ``ReshapingArray.astype`` answers with shape (5, 1); the kernel then read
    six or seven bytes a row from it, past the end of its 5-byte buffer.
    """
    hands = np.array([[33, 14, 4, 3, 43, 47]], dtype=np.int64)
    assert pc.evaluate6_batch(hands.view(ReshapingArray)).tolist() == [pc.evaluate6(hands[0])]
    hands7 = np.array([[33, 14, 4, 3, 43, 47, 0]], dtype=np.int64)
    assert pc.evaluate7_batch(hands7.view(ReshapingArray)).tolist() == [pc.evaluate7(hands7[0])]
    assert holdem.evaluate_batch(hands7.view(ReshapingArray)).tolist() == [pc.evaluate7(hands7[0])]
    holes, boards = hands7[:, :4].copy(), np.array([[51, 50, 49, 48, 44]], dtype=np.int64)
    expect = [pc.evaluate_omaha(holes[0], boards[0])]
    assert pc.evaluate_omaha_batch(holes.view(ReshapingArray), boards).tolist() == expect
    assert pc.evaluate_omaha_batch(holes, boards.view(ReshapingArray)).tolist() == expect


# -- equity() with a Range built field by field ------------------------------------
# ``Range(text, combos_weights)`` is a public dataclass constructor.  It once checked
# nothing and ``equity`` trusted what it held: codes past 51 reached the kernels
# (masked to 0..63: no crash, a silent wrong answer), a code past 255 raised
# numpy's OverflowError, and weights that are not positive numbers gave NaN or
# infinite equities.  Now a pokercore error names the combo or weight.
HOSTILE_RANGES = [
    (((99, 98), 1.0),),                      # codes past 51: read as 35 and 34
    (((51, 51), 1.0),),                      # one card twice
    (((300, 2), 1.0),),                      # past 255: numpy's OverflowError
    (((51, 47), float("nan")), ((50, 46), 1.0)),
    (((51, 47), -1.0), ((50, 46), 1.0)),
    (((51, 47), 0.0), ((50, 46), 0.0)),      # no weight at all
    (((51, 47), float("inf")), ((50, 46), 1.0)),
]


@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize("combos_weights", HOSTILE_RANGES)
def test_equity_refuses_a_hand_built_invalid_range(combos_weights, exact):
    from pokercore.equity._holdem_equity import equity
    from pokercore.equity._holdem_ranges import Range

    with pytest.raises(pc.PokercoreError), np.errstate(all="ignore"):
        hostile = Range("hand-built", combos_weights)
        equity(["2c3d", hostile], board="4h 5h 6h", exact=exact, samples=None if exact else 2000, seed=1)


LONG_ROWS = [b"x" * 100_000, "x" * 100_000, list(range(100_000)), np.arange(100_000), 2.5]


@pytest.mark.parametrize("row", LONG_ROWS, ids=["bytes", "str", "list", "array", "float"])
@pytest.mark.parametrize("name", NAMES)
def test_a_long_bad_row_gives_a_short_message(name, row):
    """Regression: the 6/7-card and Omaha batch forms once put a whole bad row (1 MB) in the message."""
    fn = ENTRY[name][1]
    for hands in ([row], row):
        try:
            fn(hands)
        except pc.PokercoreError as exc:
            assert len(str(exc)) < 400, str(exc)[:200]
        else:
            raise AssertionError("a bad row was accepted")
