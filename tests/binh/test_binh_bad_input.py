"""Bad input to every Binh entry point: a clear ValueError/TypeError, never a crash."""

from __future__ import annotations

import numpy as np
import pytest

import pokercore as pc
from pokercore.binh import (
    TABLE_LEN,
    Arrangement,
    BinhRules,
    BranchTables,
    _arrange,
    best_arrangement,
    best_arrangement_batch,
    classify_special,
    count_legal,
    count_legal_batch,
    legal_arrangements,
)

GOOD = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
CODES = pc.parse_cards(GOOD)

SINGLE = [count_legal, legal_arrangements, best_arrangement, classify_special]


@pytest.mark.parametrize("fn", SINGLE)
@pytest.mark.parametrize("cards, match", [
    (CODES[:12], "exactly 13 cards, got 12"),
    (CODES + [1], "exactly 13 cards, got 14"),
    (CODES[:12] + [CODES[0]], "duplicate card As"),
    (GOOD + " Qh", "exactly 13 cards, got 14"),
    ("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 3h", "duplicate card 3h"),
    (CODES[:12] + [52], r"0\.\.51"),
    (CODES[:12] + [-1], r"0\.\.51"),
    (np.array(CODES[:12] + [60]), r"0\.\.51"),
    (np.array(CODES).reshape(1, 13), "shape"),
    ("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 1c", "malformed card"),
    ([], "exactly 13 cards, got 0"),
])
def test_single_hand_value_errors(fn, cards, match) -> None:
    with pytest.raises(ValueError, match=match):
        fn(cards)


@pytest.mark.parametrize("fn", SINGLE)
@pytest.mark.parametrize("cards", [None, 13, 3.5, np.array(CODES, dtype=float), [1.0] * 13, object()])
def test_single_hand_type_errors(fn, cards) -> None:
    with pytest.raises(TypeError):
        fn(cards)


BATCH = [count_legal_batch, best_arrangement_batch]


@pytest.mark.parametrize("fn", BATCH)
@pytest.mark.parametrize("hands, exc, match", [
    (np.zeros((2, 12), dtype=np.uint8), ValueError, r"shape \(n_hands, 13\)"),
    (np.zeros((2, 13, 1), dtype=np.uint8), ValueError, "shape"),
    (np.array(CODES, dtype=np.uint8), ValueError, "shape"),
    (np.array([CODES, CODES[:12] + [CODES[0]]], dtype=np.uint8), ValueError, "hand 1 repeats a card"),
    (np.array([CODES, CODES[:12] + [52]], dtype=np.uint8), ValueError, "hand 1 has a card code out of range"),
    (np.array([CODES, CODES[:12] + [-3]], dtype=np.int64), ValueError, "hand 1 has a card code out of range"),
    (np.array([CODES, CODES[:12] + [255]], dtype=np.int64), ValueError, "out of range"),
    (np.array([CODES], dtype=np.float64), TypeError, "integer dtype"),
    ("not hands", TypeError, "expected an"),
])
def test_batch_errors(fn, hands, exc, match) -> None:
    with pytest.raises(exc, match=match):
        fn(hands)


@pytest.mark.parametrize("fn", BATCH)
def test_batch_of_no_hands_gives_empty_results(fn) -> None:
    for hands in (np.zeros((0, 13), dtype=np.uint8), np.zeros((0, 13), dtype=np.int64), []):
        res = fn(hands)
        for part in res if isinstance(res, tuple) else (res,):
            assert len(part) == 0


def test_batch_accepts_lists_and_views() -> None:
    hands = pc.random_hands(6, 13, seed=2)
    assert (count_legal_batch(hands.tolist()) == count_legal_batch(hands)).all()
    assert (count_legal_batch([pc.format_cards(h) for h in hands]) == count_legal_batch(hands)).all()
    strided = np.asfortranarray(hands)[::2]  # non-contiguous: copied, not misread
    assert (count_legal_batch(strided) == count_legal_batch(hands[::2])).all()


def test_private_kernels_validate_too() -> None:
    """The compiled module checks its own input (bounds checks are off in release builds)."""
    bad = np.array(CODES[:12] + [99], dtype=np.uint8)
    for fn in (_arrange.count_legal, _arrange.legal_arrangements, _arrange.best_lexicographic):
        with pytest.raises(ValueError):
            fn(bad)
        with pytest.raises(ValueError):
            fn(np.array(CODES[:12], dtype=np.uint8))
        with pytest.raises(TypeError):
            fn(CODES)
    z = np.zeros(TABLE_LEN)
    with pytest.raises(ValueError):
        _arrange.best_table(np.array(CODES, dtype=np.uint8), z, z, z[:-1])
    with pytest.raises(ValueError):
        _arrange.best_batch(np.array([CODES], dtype=np.uint8), (z, z, np.full(TABLE_LEN, np.nan)))
    with pytest.raises(TypeError):
        _arrange.best_batch(np.array([CODES], dtype=np.uint8), [z, z, z])


def test_objectives() -> None:
    with pytest.raises(ValueError, match="unknown objective"):
        best_arrangement(GOOD, "strongest")
    with pytest.raises(TypeError, match="objective must be"):
        best_arrangement(GOOD, 3)
    with pytest.raises(ValueError, match="one score per legal arrangement"):
        best_arrangement(GOOD, lambda legal: np.zeros(3))
    with pytest.raises(ValueError, match="NaN"):
        best_arrangement(GOOD, lambda legal: np.full(len(legal), np.nan))
    with pytest.raises(ValueError, match="unknown objective"):
        best_arrangement_batch(pc.random_hands(1, 13, seed=1), "nope")


@pytest.mark.parametrize("tables, match", [
    ((np.zeros(TABLE_LEN - 1),) * 3, "shape"),
    ((np.zeros((TABLE_LEN, 1)),) * 3, "shape"),
    ((np.zeros(TABLE_LEN), np.zeros(TABLE_LEN), np.full(TABLE_LEN, np.inf)), "finite"),
    ((np.zeros(TABLE_LEN), np.full(TABLE_LEN, np.nan), np.zeros(TABLE_LEN)), "finite"),
])
def test_branch_tables_rejected(tables, match) -> None:
    with pytest.raises(ValueError, match=match):
        BranchTables(*tables)


@pytest.mark.parametrize("bad, match", [
    (np.zeros(TABLE_LEN, dtype=complex), r"real numbers .*got dtype complex128; pass table\.real"),
    (np.zeros(TABLE_LEN, dtype=complex) + 1j, r"got dtype complex128"),
    (np.array([1 + 0j] * TABLE_LEN, dtype=object), r"got dtype object"),
    (np.array(["1"] * TABLE_LEN), r"got dtype <U1"),
    (np.zeros(TABLE_LEN, dtype="m8[s]"), r"got dtype timedelta64"),
])
def test_branch_tables_refuse_tables_that_are_not_real(bad, match) -> None:
    """A complex table once passed with only a ComplexWarning (its imaginary part dropped)."""
    import warnings

    z = np.zeros(TABLE_LEN)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for tables in ((bad, z, z), (z, z, bad)):
            with pytest.raises(pc.errors.PokercoreTypeError, match=match):
                BranchTables(*tables)
        with pytest.raises(TypeError, match=match):
            _arrange.best_table(np.array(CODES, dtype=np.uint8), z, bad, z)
        with pytest.raises(TypeError, match=match):
            _arrange.best_batch(np.array([CODES], dtype=np.uint8), (z, z, bad))


def test_branch_tables_take_real_dtypes_and_refuse_masked() -> None:
    z = np.zeros(TABLE_LEN)
    for t in (np.zeros(TABLE_LEN, dtype=np.int64), np.zeros(TABLE_LEN, dtype=np.float32),
              np.zeros(TABLE_LEN, dtype=bool), [0] * TABLE_LEN):
        assert BranchTables(t, z, z).top.dtype == np.float64
    with pytest.raises(TypeError, match="masked"):
        BranchTables(np.ma.masked_array(z), z, z)


def test_branch_tables_are_read_only_copies() -> None:
    src = np.zeros(TABLE_LEN)
    t = BranchTables(src, src, src)
    src[5] = 1.0
    assert t.top[5] == 0.0
    with pytest.raises(ValueError):
        t.top[5] = 2.0
    with pytest.raises(AttributeError):
        t.top = src  # type: ignore[misc]


@pytest.mark.parametrize("kwargs, exc", [
    ({"foul_points": -9}, ValueError),
    ({"type_a_points": -1}, ValueError),
    ({"type_b_points": -6}, ValueError),
    ({"scoop_bonus": -1}, ValueError),
    ({"foul_points": 9.0}, TypeError),
    ({"foul_points": True}, TypeError),
    ({"type_a_points": "12"}, TypeError),
    ({"declare_specials": 1}, TypeError),
    ({"declare_specials": "yes"}, TypeError),
])
def test_rules_rejected(kwargs, exc) -> None:
    with pytest.raises(exc, match="BinhRules"):
        BinhRules(**kwargs)


def test_rules_frozen_and_valid_house_rules() -> None:
    r = BinhRules(foul_points=6, type_a_points=18, type_b_points=3, declare_specials=False, scoop_bonus=3)
    assert r.special_points("A") == 18 and r.special_points("B") == 3
    with pytest.raises(AttributeError):
        r.foul_points = 1  # type: ignore[misc]
    with pytest.raises(ValueError):
        r.special_points("C")


@pytest.mark.parametrize("args, exc, match", [
    (("Ah Ad", "As Ac Kd 3c 2d", "7s 7h 7d 4c 4d"), ValueError, "top needs exactly 3 cards, got 2"),
    (("Ah Ad Kc", "As Ac Kd 3c", "7s 7h 7d 4c 4d"), ValueError, "middle needs exactly 5 cards, got 4"),
    (("Ah Ad Kc", "As Ac Kd 3c 2d", "7s 7h 7d 4c 4d 5d"), ValueError, "bottom needs exactly 5 cards, got 6"),
    (("Ah Ad Kc", "As Ac Kd 3c 2d", "7s 7h 7d 4c Ah"), ValueError, "duplicate card Ah"),
    (("Ah Ad Ah", "As Ac Kd 3c 2d", "7s 7h 7d 4c 4d"), ValueError, "duplicate card Ah"),
    (("Ah Ad Kc", "As Ac Kd 3c 2d", [28, 29, 30, 16, 60]), ValueError, "out of range"),
    ((None, "As Ac Kd 3c 2d", "7s 7h 7d 4c 4d"), TypeError, "cards must be"),
])
def test_arrangement_rejected(args, exc, match) -> None:
    with pytest.raises(exc, match=match):
        Arrangement(*args)


def test_arrangement_helpers_rejected() -> None:
    with pytest.raises(ValueError, match="three branches"):
        Arrangement.from_string("Ah Ad Kc As Ac Kd 3c 2d 7s 7h 7d 4c 4d")
    with pytest.raises(TypeError):
        Arrangement.from_string(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="disjoint and cover"):
        Arrangement.from_masks(GOOD, 0b111, 0b11111000, 0b1111100000001)
    with pytest.raises(ValueError, match="13-bit"):
        Arrangement.from_masks(GOOD, 0b111, 0b11111000, 1 << 14)
    with pytest.raises(ValueError, match="exactly 13 cards"):
        Arrangement.from_row(CODES[:12])


# Every refusal is a PokercoreError as well as a ValueError/TypeError (so one
# `except pokercore.PokercoreError` catches them all).
_HAND = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"


def _bad_calls():
    import numpy as np

    from pokercore import parse_cards
    from pokercore.binh import (
        Arrangement,
        BinhRules,
        BranchTables,
        best_arrangement,
        best_arrangement_batch,
        count_legal_batch,
        score_deal,
        score_pair,
    )

    codes = parse_cards(_HAND)
    dup = np.array([codes[:12] + [codes[0]]])
    a = best_arrangement(_HAND)
    return [
        lambda: BinhRules(foul_points=-1),
        lambda: BinhRules(foul_points=1.5),
        lambda: count_legal_batch(dup),
        lambda: best_arrangement_batch(dup),
        lambda: count_legal_batch(np.array([codes[:12]])),
        lambda: count_legal_batch(np.array([codes], dtype=float)),
        lambda: score_deal([a]),
        lambda: score_deal([a, a]),
        lambda: score_pair(a, "x"),
        lambda: best_arrangement(_HAND, 5),
        lambda: best_arrangement(_HAND, "foo"),
        lambda: BranchTables(np.zeros(5), np.zeros(5), np.zeros(5)),
        lambda: BranchTables(["x"] * TABLE_LEN, ["x"] * TABLE_LEN, ["x"] * TABLE_LEN),
        lambda: Arrangement.from_masks(codes, 7, 7, 0),
        lambda: Arrangement.from_string(5),
    ]


@pytest.mark.parametrize("i", range(15))
def test_refusals_are_pokercore_errors(i):
    from pokercore import PokercoreError

    call = _bad_calls()[i]
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    assert isinstance(info.value, PokercoreError), f"{type(info.value).__name__}: {info.value}"
