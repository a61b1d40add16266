"""Bad input to every evaluator entry point (issue 2, section "Bad input").

Never a crash, never a silent wrong answer: each bad input raises a
``ValueError`` or ``TypeError`` that is also a :mod:`pokercore.errors`
subclass and whose message names the problem.  Covered for
``evaluate5``, ``evaluate3``, ``evaluate5_batch`` and ``evaluate3_batch``:
codes out of range (negative, 52, 255, huge, numpy ints), bools, duplicates,
wrong counts, wrong dtypes (float, object, bool, str, complex), non-contiguous,
empty, 1-D and 3-D arrays, malformed strings, wrong ``rules`` and ``out=``
misuse.  Hypothesis then fuzzes the entry points with arbitrary objects and
arrays and checks "accepted exactly when valid, and then right".
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pokercore as pc
from pokercore import (
    CardTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidArrayError,
    InvalidCardError,
    PokercoreError,
)
from tests.core.reference_eval import ref_key3, ref_key5

HYP = settings(derandomize=True, deadline=None, max_examples=400,
               suppress_health_check=[HealthCheck.too_slow])

GOOD5 = [51, 47, 43, 39, 35]  # As Ks Qs Js Ts
GOOD3 = [51, 50, 49]  # As Ah Ad


def per_call(k: int):
    """The per-call evaluator for k cards (both rule sets for 5)."""
    return pc.evaluate5 if k == 5 else pc.evaluate3


def batch(k: int):
    return pc.evaluate5_batch if k == 5 else pc.evaluate3_batch


def raises(exc, match):
    """``pytest.raises`` that also checks the error is a pokercore error and
    a ValueError/TypeError."""
    class _Ctx:
        def __enter__(self):
            self._cm = pytest.raises(exc, match=match)
            self.info = self._cm.__enter__()
            return self.info

        def __exit__(self, *a):
            out = self._cm.__exit__(*a)
            if not out:  # wrong exception type: let it propagate
                return out
            err = self.info.value
            assert isinstance(err, PokercoreError), f"{type(err).__name__} is not a PokercoreError"
            assert isinstance(err, (ValueError, TypeError))
            return out
    return _Ctx()


# --------------------------------------------------------------------------
# Per-call entry points


def _with(k: int, last) -> list:
    base = GOOD5 if k == 5 else GOOD3
    return base[:-1] + [last]


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("last, exc, match", [
    (52, InvalidCardError, r"card code 52 is out of range 0\.\.51"),
    (-1, InvalidCardError, r"card code -1 is out of range 0\.\.51"),
    (255, InvalidCardError, r"255 is out of range"),
    (256, InvalidCardError, r"256 is out of range"),
    (2**64, InvalidCardError, r"18446744073709551616 is out of range"),
    (-(2**70), InvalidCardError, r"out of range 0\.\.51"),
    (np.int64(52), InvalidCardError, r"52 is out of range"),
    (np.uint8(200), InvalidCardError, r"200 is out of range"),
    (np.int8(-3), InvalidCardError, r"-3 is out of range"),
    (True, CardTypeError, r"got bool True"),
    (np.bool_(True), CardTypeError, r"got bool"),
    (4.0, CardTypeError, r"got float 4\.0"),
    (np.float32(4), CardTypeError, r"got float32"),
    (None, CardTypeError, r"got NoneType"),
    ([4], CardTypeError, r"got list \[4\]"),
    (b"4c", CardTypeError, r"got bytes"),
    ("1h", InvalidCardError, r"'1h'.*write 10 or T"),
    ("Ax", InvalidCardError, r"'Ax'.*suit must be"),
    ("", InvalidCardError, r"no cards in ''"),
    ("4c 5c", HandSizeError, r"expected one card, got 2"),
])
def test_per_call_bad_card(k, last, exc, match):
    with raises(exc, match):
        per_call(k)(_with(k, last))
    with raises(exc, match):
        per_call(k)(tuple(_with(k, last)))


@pytest.mark.parametrize("k", [5, 3])
def test_per_call_numpy_ints_are_fine(k):
    good = GOOD5 if k == 5 else GOOD3
    expected = per_call(k)(good)
    for t in (np.uint8, np.int16, np.int32, np.int64, np.uint64):
        assert per_call(k)([t(c) for c in good]) == expected
        assert per_call(k)(np.array(good, dtype=t)) == expected
    # a non-contiguous 1-D array is read correctly
    spread = np.zeros(2 * k, dtype=np.int64)
    spread[::2] = good
    assert per_call(k)(spread[::2]) == expected


@pytest.mark.parametrize("k", [5, 3])
def test_per_call_duplicates(k):
    good = GOOD5 if k == 5 else GOOD3
    dup = good[:-1] + [good[0]]
    name = "evaluate5" if k == 5 else "evaluate3"
    with raises(DuplicateCardError, rf"{name}: duplicate card As \(code 51\)"):
        per_call(k)(dup)
    with raises(DuplicateCardError, r"duplicate card As"):
        per_call(k)(pc.format_cards(dup, sep=" ").replace("As", "as", 1))  # via the string path
    with raises(DuplicateCardError, r"duplicate card"):
        per_call(k)(np.array(dup, dtype=np.uint8))
    with raises(DuplicateCardError, r"duplicate card"):
        per_call(k)(["As"] + [pc.format_card(c) for c in dup[1:]])


@pytest.mark.parametrize(("k", "n"), [(k, n) for k in (5, 3) for n in (0, 1, 2, 3, 4, 5, 6, 7, 13) if n != k])
def test_per_call_wrong_count(k, n):
    cards = list(range(0, 4 * n, 4))[:n] if n <= 13 else list(range(n))
    name = "evaluate5" if k == 5 else "evaluate3"
    with raises(HandSizeError, rf"{name} needs exactly {k} cards, got {n}"):
        per_call(k)(cards)
    if n:
        with raises(HandSizeError, rf"needs exactly {k} cards, got {n}"):
            per_call(k)(pc.format_cards(cards))
        with raises(HandSizeError, rf"needs exactly {k} cards, got {n}"):
            per_call(k)(np.array(cards, dtype=np.uint8))


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("cards, exc, match", [
    (None, CardTypeError, r"string or a sequence of card codes, got NoneType"),
    (5, CardTypeError, r"got int"),
    (5.0, CardTypeError, r"got float"),
    (np.int64(5), CardTypeError, r"got int64"),
    ("", InvalidCardError, r"no cards in ''"),
    ("   ", InvalidCardError, r"no cards"),
    ("As Kd 1h", InvalidCardError, r"'1h'"),
    ("As Kd Ax", InvalidCardError, r"'Ax'"),
    ("As Kd 7", InvalidCardError, r"missing suit"),
    (np.array([1.0, 2.0, 3.0]), CardTypeError, r"integer dtype, got float64"),
    (np.array([1, 2, 3], dtype=object), CardTypeError, r"integer dtype, got object"),
    (np.array([True, False, True]), CardTypeError, r"integer dtype, got bool"),
    (np.array([[1, 2, 3, 4, 5]]), HandSizeError, r"1-D array of card codes, got shape \(1, 5\)"),
    (np.array(3), HandSizeError, r"1-D array.*shape \(\)"),
])
def test_per_call_bad_containers(k, cards, exc, match):
    with raises(exc, match):
        per_call(k)(cards)


@pytest.mark.parametrize("rules", ["texas", "", None, 1, b"binh", ["binh"], "standard "])
def test_bad_rules_per_call_and_batch(rules):
    with pytest.raises(ValueError, match=r"rules must be 'standard' or 'binh', got"):
        pc.evaluate5(GOOD5, rules=rules)
    with pytest.raises(ValueError, match=r"rules must be 'standard' or 'binh', got"):
        pc.evaluate5_batch(np.array([GOOD5], dtype=np.uint8), rules=rules)


def test_bad_rules_is_a_pokercore_error():
    with pytest.raises(PokercoreError):
        pc.evaluate5(GOOD5, rules="texas")


def test_rules_checked_even_for_bad_cards_and_before_work():
    # a bad rules value is reported whatever the cards are
    with pytest.raises(ValueError, match="rules must be"):
        pc.evaluate5([0, 0, 0], rules="texas")


# --------------------------------------------------------------------------
# Batch entry points


def _good_batch(k: int, n: int = 4, dtype=np.uint8) -> np.ndarray:
    return pc.random_hands(n, k, seed=k * 100 + n).astype(dtype)


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32,
                                   np.uint32, np.int64, np.uint64, ">i4"])
def test_batch_accepts_every_integer_dtype(k, dtype):
    hands = _good_batch(k, 50)
    expected = batch(k)(hands)
    assert expected.dtype == np.int32 and expected.shape == (50,)
    np.testing.assert_array_equal(batch(k)(hands.astype(dtype)), expected)
    np.testing.assert_array_equal(batch(k)(hands.tolist()), expected)
    np.testing.assert_array_equal(expected, [per_call(k)(h) for h in hands.tolist()])


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("bad_code", [52, 63, 64, 200, 255])
def test_batch_out_of_range_uint8(k, bad_code):
    hands = _good_batch(k, 6)
    hands[4, 1] = bad_code
    name = f"evaluate{k}_batch"
    with raises(InvalidCardError, rf"{name}: hand 4 has a card code out of range 0\.\.51: .*{bad_code}"):
        batch(k)(hands)


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("dtype, bad_code", [
    (np.int64, -1), (np.int64, 52), (np.int64, 2**40), (np.int64, -(2**63)),
    (np.int8, -128), (np.int16, 256), (np.int16, 307), (np.uint16, 256 + 3), (np.uint64, 2**64 - 1),
    (np.int32, 256 * 3 + 4),
])
def test_batch_out_of_range_wide_dtypes(k, dtype, bad_code):
    """Codes that would wrap to a valid uint8 (256 + 3 -> 3) must be caught before conversion."""
    hands = _good_batch(k, 6).astype(dtype)
    hands[2, 0] = bad_code
    with raises(InvalidCardError, r"hand 2 has a card code out of range 0\.\.51"):
        batch(k)(hands)


@pytest.mark.parametrize("k", [5, 3])
def test_batch_duplicates(k):
    hands = _good_batch(k, 6)
    hands[3, -1] = hands[3, 0]
    with raises(DuplicateCardError, rf"evaluate{k}_batch: hand 3 repeats a card"):
        batch(k)(hands)
    with raises(DuplicateCardError, r"hand 3 repeats a card"):
        batch(k)(hands.astype(np.int64))
    # duplicates that only appear after a uint8 wrap are out of range, not duplicates
    wide = hands.astype(np.int64)
    wide[3, -1] = int(hands[3, 0]) + 256
    with raises(InvalidCardError, r"out of range"):
        batch(k)(wide)


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("arr, exc, match", [
    (np.zeros((4, 5), dtype=np.float64), CardTypeError, r"integer dtype \(uint8 is fastest\), got float64"),
    (np.zeros((4, 5), dtype=np.float32), CardTypeError, r"got float32"),
    (np.zeros((4, 5), dtype=object), CardTypeError, r"got object"),
    (np.zeros((4, 5), dtype=bool), CardTypeError, r"got bool"),
    (np.zeros((4, 5), dtype=np.complex64), CardTypeError, r"got complex64"),
    (np.zeros((4, 5), dtype="U2"), CardTypeError, r"got <U2"),
    (np.zeros((4, 5), dtype="V1"), CardTypeError, r"got \|V1"),
])
def test_batch_wrong_dtype(k, arr, exc, match):
    with raises(exc, match):
        batch(k)(arr[:, :k].copy())


_SHAPES = [(5,), (3,), (0,), (), (1, 2, 5), (2, 1, 3), (4, 4), (4, 6), (4, 1), (1, 0), (4, 3), (4, 5)]


@pytest.mark.parametrize(("k", "shape"), [(k, s) for k in (5, 3) for s in _SHAPES if not (len(s) == 2 and s[1] == k)])
def test_batch_wrong_shape(k, shape):
    arr = np.arange(int(np.prod(shape)), dtype=np.uint8).reshape(shape) % 52
    with raises(HandSizeError, rf"expected a 2-D array of shape \(n_hands, {k}\), got shape"):
        batch(k)(arr)


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_batch_empty(k, dtype):
    # The batch policy (pokercore.validation): no hands give an empty result.
    res = batch(k)(np.zeros((0, k), dtype=dtype))
    assert res.dtype == np.int32 and res.shape == (0,)


def test_batch_empty_list_gives_an_empty_result():
    res = pc.evaluate5_batch([])
    assert res.dtype == np.int32 and res.shape == (0,)


@pytest.mark.parametrize("k", [5, 3])
def test_batch_non_contiguous(k):
    base = _good_batch(k, 8)
    views = [
        base[::2],  # strided rows
        np.asfortranarray(base),  # column-major
        np.ascontiguousarray(base.T).T,  # transposed view
        np.concatenate([base, base], axis=1)[:, :k],  # row stride 2k
    ]
    for v in views:
        assert not v.flags.c_contiguous
        # The batch policy (pokercore.validation): any layout is read (one copy), the same answer.
        np.testing.assert_array_equal(batch(k)(v), [per_call(k)(h) for h in v.tolist()])
        np.testing.assert_array_equal(batch(k)(v), batch(k)(np.ascontiguousarray(v)))


@pytest.mark.parametrize("k", [5, 3])
def test_batch_read_only_input_is_fine(k):
    hands = _good_batch(k, 5)
    hands.flags.writeable = False
    assert batch(k)(hands).shape == (5,)


@pytest.mark.parametrize("k", [5, 3])
@pytest.mark.parametrize("hands, exc, match", [
    ([[0, 4, 8, 12]], HandSizeError, r"shape"),
    ([[0, 4, 8], [1, 5]], HandSizeError, r"hand \d has \d cards; expected shape"),
    ([[0.0, 4.0, 8.0, 12.0, 16.0]], CardTypeError, r"hand 0: card code must be an integer"),
    ([0, 4, 8, 12, 16], HandSizeError, r"not a hand; expected shape.*wrap a single hand"),
    (None, CardTypeError, r"expected an integer array of shape \(n_hands, \d\) or a list of hands, got NoneType"),
    (5, CardTypeError, r"expected an integer array.*got int 5"),
    ("As Kd 7h 2c 3c", CardTypeError, r"expected an integer array.*got str"),
    (["As Kd 1h"], InvalidCardError, r"'1h'"),
    ([["As", "Kd"]], HandSizeError, r"hand 0 has 2 cards"),
])
def test_batch_bad_python_objects(k, hands, exc, match):
    with raises(exc, match):
        batch(k)(hands)


def test_batch_bool_in_nested_list_is_rejected():
    with raises(CardTypeError, r"bool"):
        pc.evaluate5_batch([[0, 4, 8, 12, True]])


def test_batch_huge_int_in_nested_list_names_the_range():
    with raises(InvalidCardError, r"out of range"):
        pc.evaluate5_batch([[0, 1, 2, 3, 2**70]])


def test_per_call_array_item_is_a_card_type_error():
    with raises(CardTypeError, r"card code"):
        pc.evaluate5([0, 1, 2, 3, np.array([4])])


# --------------------------------------------------------------------------
# out=


@pytest.mark.parametrize("k", [5, 3])
def test_out_misuse(k):
    hands = _good_batch(k, 4)
    ro = np.empty(4, dtype=np.int32)
    ro.flags.writeable = False
    bad_outs = [
        np.empty(4, dtype=np.int64),
        np.empty(4, dtype=np.uint32),
        np.empty(4, dtype=np.float64),
        np.empty(3, dtype=np.int32),
        np.empty(5, dtype=np.int32),
        np.empty((4, 1), dtype=np.int32),
        np.empty(8, dtype=np.int32)[::2],
        ro,
        [0, 0, 0, 0],
        "out",
        hands,
    ]
    for out in bad_outs:
        with raises(InvalidArrayError, rf"evaluate{k}_batch: out must be a writeable C-contiguous "
                                       rf"int32 array of shape \(4,\)"):
            batch(k)(hands, out=out)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("k", [5, 3])
def test_a_refused_batch_writes_only_true_ranks_to_out(k, workers):
    """Rows are checked as they are ranked: a refused batch may have ranked other rows into
    ``out``, each entry then the true rank of its row or untouched, the bad rows untouched."""
    n = 100_000  # enough rows for two threads
    hands = _good_batch(k, n)
    want = batch(k)(hands)
    cases = ((99, 52, InvalidCardError), (n // 2 + 7, 255, InvalidCardError), (n - 1, None, DuplicateCardError))
    for bad, value, exc in cases:
        h = hands.copy()
        h[bad, 0] = h[bad, 1] if value is None else value
        h[n - 3, 2] = 200  # a later bad row: the error names the first
        out = np.full(n, -7, dtype=np.int32)
        with raises(exc if bad < n - 3 else InvalidCardError, rf"hand {min(bad, n - 3)} "):
            batch(k)(h, out=out, workers=workers)
        assert out[bad] == -7 and out[n - 3] == -7
        assert ((out == -7) | (out == want)).all()


@pytest.mark.parametrize("k", [5, 3])
def test_out_is_used(k):
    hands = _good_batch(k, 10)
    out = np.zeros(10, dtype=np.int32)
    res = batch(k)(hands, out=out)
    assert res is out and (out > 0).all()


def test_input_is_never_modified():
    hands = _good_batch(5, 20, np.int64)
    before = hands.copy()
    pc.evaluate5_batch(hands, "binh")
    np.testing.assert_array_equal(hands, before)
    lst = [51, 47, 43, 39, 35]
    pc.evaluate5(lst)
    assert lst == [51, 47, 43, 39, 35]


# --------------------------------------------------------------------------
# Hypothesis fuzzing: accepted exactly when valid, and then right; otherwise
# only ValueError/TypeError.


def _valid_codes(items: list, k: int) -> bool:
    return (len(items) == k
            and all(type(c) is int and 0 <= c <= 51 for c in items)
            and len(set(items)) == k)


def _check_rank(k: int, codes: list[int], rank: int, rules: str = "binh") -> None:
    """A returned rank is the right one (compared through the reference's class)."""
    assert type(rank) is int
    if k == 5:
        lo, hi = pc.rank_range(rules)
        assert lo <= rank <= hi
        assert pc.category_of(rank, rules) == ref_key5(codes, rules)[0]
    else:
        lo, hi = pc.rank_range("binh")
        assert lo <= rank <= hi
        assert pc.category_of(rank, "binh") == ref_key3(codes)[0]


codes_st = st.one_of(st.integers(0, 51), st.integers(-3, 60), st.integers(-(2**70), 2**70))


@HYP
@given(st.sampled_from([3, 5]), st.lists(codes_st, min_size=0, max_size=7), st.sampled_from(["standard", "binh"]))
def test_fuzz_int_lists_per_call(k, items, rules):
    f = (lambda c: pc.evaluate5(c, rules)) if k == 5 else pc.evaluate3
    if _valid_codes(items, k):
        _check_rank(k, items, f(items), rules)
    else:
        with pytest.raises((InvalidCardError, HandSizeError)) as info:
            f(items)
        assert isinstance(info.value, ValueError) and str(info.value)


anything = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**66), 2**66), st.floats(allow_nan=True),
              st.text(max_size=20), st.binary(max_size=8), st.complex_numbers(),
              st.sampled_from([np.int64(3), np.uint8(250), np.float32(1.0), np.bool_(True), np.str_("As")])),
    lambda children: st.one_of(st.lists(children, max_size=6), st.tuples(children, children),
                               st.dictionaries(st.integers(0, 51), children, max_size=5)),
    max_leaves=12,
)


@HYP
@given(anything, st.sampled_from([3, 5]))
def test_fuzz_anything_per_call(obj, k):
    f = per_call(k)
    try:
        rank = f(obj)
    except (ValueError, TypeError) as exc:
        assert str(exc)
    else:
        assert type(rank) is int and 1 <= rank <= pc.num_ranks("binh")


@HYP
@given(anything, st.sampled_from([3, 5]))
def test_fuzz_anything_batch(obj, k):
    try:
        res = batch(k)(obj)
    except (ValueError, TypeError) as exc:
        assert str(exc)
    else:
        assert isinstance(res, np.ndarray) and res.dtype == np.int32 and res.ndim == 1
        assert (res >= 1).all() and (res <= pc.num_ranks("binh")).all()


array_dtypes = st.sampled_from([np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64,
                                np.uint64, np.float64, np.bool_, object])


@st.composite
def arrays(draw):
    """Arrays of mostly plausible card codes in assorted dtypes, shapes and layouts."""
    dtype = draw(array_dtypes)
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=6))
    if dtype is object or dtype is np.float64 or dtype is np.bool_:
        arr = draw(hnp.arrays(np.int64, shape, elements=st.integers(0, 51))).astype(dtype)
    else:
        info = np.iinfo(dtype)
        elements = st.one_of(st.integers(0, 51), st.integers(max(info.min, -300), min(info.max, 600)))
        arr = draw(hnp.arrays(dtype, shape, elements=elements))
    if arr.ndim >= 1 and arr.shape[0] > 1 and draw(st.booleans()):
        arr = arr[::2]  # often non-contiguous
    if arr.ndim == 2 and draw(st.booleans()):
        arr = np.asfortranarray(arr)
    return arr


@HYP
@given(arrays(), st.sampled_from([3, 5]), st.sampled_from(["standard", "binh"]))
def test_fuzz_arrays_batch(arr, k, rules):
    f = (lambda a: pc.evaluate5_batch(a, rules)) if k == 5 else pc.evaluate3_batch
    valid = (  # any layout and no rows are fine (pokercore.validation)
        arr.dtype.kind in "iu" and arr.ndim == 2 and arr.shape[1] == k
        and ((arr >= 0) & (arr <= 51)).all()
        and all(len(set(row)) == k for row in arr.tolist())
    )
    if not valid:
        with pytest.raises((ValueError, TypeError)) as info:
            f(arr)
        assert isinstance(info.value, PokercoreError), repr(info.value)
        return
    res = f(arr)
    assert res.shape == (arr.shape[0],) and res.dtype == np.int32
    for row, rank in zip(arr.tolist(), res.tolist()):
        expected = pc.evaluate5(row, rules) if k == 5 else pc.evaluate3(row)
        assert rank == expected
        _check_rank(k, row, rank, rules)


@HYP
@given(arrays(), st.sampled_from([3, 5]), st.sampled_from(["standard", "binh"]))
def test_fuzz_1d_arrays_per_call(arr, k, rules):
    f = (lambda a: pc.evaluate5(a, rules)) if k == 5 else pc.evaluate3
    valid = (arr.dtype.kind in "iu" and arr.ndim == 1 and arr.shape[0] == k
             and ((arr >= 0) & (arr <= 51)).all() and len(set(arr.tolist())) == k)
    if not valid:
        with pytest.raises((ValueError, TypeError)) as info:
            f(arr)
        assert isinstance(info.value, PokercoreError), repr(info.value)
        return
    _check_rank(k, arr.tolist(), f(arr), rules)


def test_batch_masked_array_is_refused_not_silently_unmasked():
    hands = np.ma.masked_array(np.array([[0, 4, 8, 12, 16]], dtype=np.uint8), mask=[[0, 0, 0, 0, 1]])
    with raises(CardTypeError, r"masked arrays are not supported"):
        pc.evaluate5_batch(hands)


def test_deck_errors_are_pokercore_errors():
    deck = pc.Deck(seed=1)
    with raises(pc.errors.DeckError, r"only 52 left"):
        deck.deal(53)
    with raises(pc.errors.DeckError, r"negative"):
        deck.deal(-1)
    assert len(deck) == 52  # a refused deal takes nothing


def test_ranking_errors_are_pokercore_errors():
    with raises(pc.errors.InvalidRankError, r"not a standard rank \(valid: 1\.\.7462\)"):
        pc.describe_rank(7463, "standard")
    with raises(pc.errors.InvalidRankError,
                r"7463 is not a rank: standard ranks are 1\.\.7462, Binh ranks 10001\.\.17917"):
        pc.describe_rank(7463)
    with raises(pc.errors.InvalidRulesError, r"rules must be"):
        pc.category_of(5, rules="texas")
    with raises(pc.errors.PokercoreTypeError, r"rank must be an int"):
        pc.category_of(5.0)


@pytest.mark.parametrize("call, exc, match", [
    (lambda: pc.cards_to_array(5), CardTypeError, r"cards_to_array expects"),
    (lambda: pc.cards_to_array(None), CardTypeError, r"cards_to_array expects"),
    (lambda: pc.Deck(exclude=5), CardTypeError, r"sequence of card codes"),
    (lambda: pc.Deck("abc"), pc.errors.PokercoreTypeError, r"seed must be"),
    (lambda: pc.Deck(-1), pc.errors.DeckError, r"seed must be >= 0"),
    (lambda: pc.random_hands(3, 5, seed="x"), pc.errors.PokercoreTypeError, r"seed must be"),
    (lambda: pc.Deck(1).deal_hands(-1, 5), pc.errors.DeckError, r">= 0"),
    (lambda: pc.evaluate5(b"\x00\x04\x08\x0c\x10"), CardTypeError, r"got bytes"),
    (lambda: pc.evaluate5({0: 1, 4: 1, 8: 1, 12: 1, 16: 1}), CardTypeError, r"got dict"),
])
def test_more_bad_inputs_name_the_problem(call, exc, match):
    with raises(exc, match):
        call()


def test_rules_names_are_case_insensitive_everywhere():
    r = pc.evaluate5("Ah 2c 3d 4s 5h", rules="BINH")
    assert r == pc.evaluate5("Ah 2c 3d 4s 5h", rules="binh")
    assert pc.describe_rank(r, rules="BINH") == "Straight, A-2-3-4-5"
