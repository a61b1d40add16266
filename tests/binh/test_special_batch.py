"""Batch special-hand detection (``classify_special_batch``, ``special_kinds_batch``, the
compiled ``pokercore.binh._special``, which ``classify_special`` also uses) against an independent
pure-Python classifier (``tests/binh/reference_special.py``): the best kind and
the full set of kinds, on random deals, on hands built at and near every special shape, on every
suit-count vector; its bad input; and the agents that switched to it decide as before."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pytest

import pokercore as pc
from pokercore.binh import (
    BinhRules,
    SpecialHand,
    SpecialKind,
    _special,
    classify_special,
    classify_special_batch,
    special_kinds_batch,
)
from pokercore.binh import _agents as agents_mod
from pokercore.binh._agents import BestResponseAgent, HardAgent, sample_opponents
from pokercore.binh._game import Observation
from tests.binh.reference_search import ref_special_kinds
from tests.binh.reference_special import _THREE_STRAIGHTS, python_special

K = SpecialKind
ORDER = list(SpecialKind)


def python_codes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(best code, kinds mask) of every row by the pure-Python classifier."""
    best = np.empty(len(hands), dtype=np.int8)
    masks = np.empty(len(hands), dtype=np.uint16)
    for i, h in enumerate(hands):
        sp = python_special(h.tolist())
        assert classify_special(h.tolist()) == sp
        best[i] = sp.best.code if sp.best else 0
        masks[i] = sum(1 << (k.code - 1) for k in sp.kinds)
    return best, masks


def assert_same_as_python(hands: np.ndarray) -> np.ndarray:
    hands = np.ascontiguousarray(hands, dtype=np.uint8)
    best, masks = python_codes(hands)
    got_best = classify_special_batch(hands)
    got_masks = special_kinds_batch(hands)
    assert got_best.dtype == np.int8 and got_masks.dtype == np.uint16
    assert got_best.shape == got_masks.shape == (len(hands),)
    bad = np.flatnonzero((got_best != best) | (got_masks != masks))
    assert not len(bad), [(pc.format_cards(hands[i]), int(got_masks[i]), int(masks[i])) for i in bad[:5]]
    # the best code is the mask's lowest bit
    low = np.array([(m & -m).bit_length() for m in masks.tolist()])
    assert (low == best).all()
    return masks


# ---------------------------------------------------------------- codes and masks


def test_codes_follow_the_kind_order() -> None:
    assert [k.code for k in K] == list(range(1, 10))
    assert _special.KIND_CODES == {k.label: k.code for k in K}
    assert _special.NUM_KINDS == len(K)
    assert [K.from_code(c) for c in range(10)] == [None, *K]
    assert SpecialHand.from_mask(0) == SpecialHand(())
    for mask in (1, 0b110000, 0b111111111, 0b100000100):
        assert {k.code - 1 for k in SpecialHand.from_mask(mask).kinds} == {i for i in range(9) if mask >> i & 1}
    for bad in (-1, 10):
        with pytest.raises(ValueError, match=r"codes are 0\.\.9"):
            K.from_code(bad)
    with pytest.raises(ValueError, match="9 bits"):
        SpecialHand.from_mask(1 << 9)


def test_three_straight_shapes_match_python() -> None:
    assert _special.NUM_THREE_STRAIGHT_SHAPES == len(_THREE_STRAIGHTS)


# ---------------------------------------------------------------- random deals


def test_random_deals() -> None:
    hands = pc.random_hands(30_000, 13, seed=11)
    masks = assert_same_as_python(hands)
    assert np.count_nonzero(masks) > 1000  # four of a kind, straight flushes, ... do occur


def test_random_rank_count_shapes() -> None:
    """Hands with few distinct ranks and many repeats (far more pairs, trips, quads and
    stacked straights than random deals give): ranks drawn from a skewed random
    distribution, at most 4 each, suits at random."""
    rng = np.random.default_rng(5)
    rows = []
    for _ in range(20_000):
        p = rng.dirichlet(np.full(13, rng.choice([0.3, 1.0, 3.0])))
        counts = [0] * 13
        row: list[int] = []
        while len(row) < 13:
            r = int(rng.choice(13, p=p))
            if counts[r] < 4:
                counts[r] += 1
                row.append(r * 4)
        suits = {r: rng.permutation(4).tolist() for r in range(13)}
        rows.append([c + suits[c >> 2].pop() for c in row])
    masks = assert_same_as_python(np.array(rows))
    for k in (K.SIX_PAIRS, K.FOUR_OF_A_KIND, K.THREE_FULL_HOUSES, K.THREE_STRAIGHTS):
        assert np.count_nonzero(masks & (1 << (k.code - 1))) > 0, k


def test_every_suit_count_vector() -> None:
    """All 560 ways 13 cards fall into 4 suits (dragon flush, one colour, three flushes)."""
    rng = np.random.default_rng(3)
    rows = []
    for a, b, c in itertools.product(range(14), repeat=3):
        d = 13 - a - b - c
        if d < 0:
            continue
        row = []
        for s, n in enumerate((a, b, c, d)):
            row += [int(r) * 4 + s for r in rng.permutation(13)[:n]]
        rows.append(row)
    assert len(rows) == 560
    masks = assert_same_as_python(np.array(rows))
    flushes = np.array([(m >> (K.THREE_FLUSHES.code - 1)) & 1 for m in masks])
    assert flushes.sum() == 4 + 12 + 12 + 12  # 13; 10+3; 8+5; 5+5+3 over suit choices


# ---------------------------------------------------------------- near every special shape

STRAIGHTS = [[12, 0, 1, 2, 3]] + [list(range(lo, lo + 5)) for lo in range(9)]
SEQ3 = [[12, 0, 1]] + [list(range(lo, lo + 3)) for lo in range(11)]
NOT_SEQ3 = [[11, 12, 0], [12, 0, 2], [9, 11, 12]]  # K-A-2 and gaps


def _pick(rng: np.random.Generator, groups: list[list[int]], taken: set[int]) -> list[int]:
    """One free card from each group of candidate codes (groups with none free are skipped)."""
    out = []
    for group in groups:
        free = [c for c in group if c not in taken]
        if not free:
            continue
        c = int(rng.choice(free))
        taken.add(c)
        out.append(c)
    return out


def _with_ranks(rng: np.random.Generator, ranks: list[int], taken: set[int]) -> list[int]:
    return _pick(rng, [[r * 4 + s for s in range(4)] for r in ranks], taken)


def _with_suits(rng: np.random.Generator, suits: list[int], taken: set[int]) -> list[int]:
    return _pick(rng, [[r * 4 + s for r in range(13)] for s in suits], taken)


def _shape(rng: np.random.Generator, kind: str) -> list[int]:
    """Cards at (or, for the ``near`` shapes, just beside) one special kind; may be < 13."""
    taken: set[int] = set()
    suit = int(rng.integers(4))
    if kind == "dragon flush":
        return [r * 4 + suit for r in range(13)]
    if kind == "dragon straight":
        return [r * 4 + int(rng.integers(4)) for r in range(13)]
    if kind == "one colour":
        colour = [(1, 2), (0, 3)][int(rng.integers(2))]
        pool = [r * 4 + s for r in range(13) for s in colour]
        return [int(c) for c in rng.choice(pool, 13, replace=False)]
    if kind == "straight flush":
        w = STRAIGHTS[int(rng.integers(10))]
        return [r * 4 + suit for r in w]
    if kind == "six pairs":
        ranks = [int(r) for r in rng.choice(13, 6, replace=False)]
        return _with_ranks(rng, [r for r in ranks for _ in range(2)] + [ranks[0]] * int(rng.integers(2)), taken)
    if kind == "four of a kind":
        r = int(rng.integers(13))
        return [r * 4 + s for s in range(4)]
    if kind == "three full houses":
        trips = [int(r) for r in rng.choice(13, 3, replace=False)]
        pairs = [int(r) for r in rng.choice([r for r in range(13) if r not in trips], 2)]  # may repeat: a quad
        return _with_ranks(rng, [r for r in trips for _ in range(3)] + [r for r in pairs for _ in range(2)], taken)
    if kind == "three flushes":
        s1, s2, s3 = (int(s) for s in rng.integers(4, size=3))
        return _with_suits(rng, [s1] * 5 + [s2] * 5 + [s3] * 3, taken)
    if kind == "three straights":
        seqs = SEQ3 + NOT_SEQ3 if rng.random() < 0.3 else SEQ3
        ranks = STRAIGHTS[int(rng.integers(10))] + STRAIGHTS[int(rng.integers(10))] + seqs[int(rng.integers(len(seqs)))]
        return _with_ranks(rng, ranks, taken)
    raise AssertionError(kind)


def _mutate(rng: np.random.Generator, cards: list[int]) -> None:
    """One small change: another card, the same rank in another suit, or the same suit one rank off."""
    i = int(rng.integers(13))
    rank, suit = cards[i] >> 2, cards[i] & 3
    how = int(rng.integers(3))
    if how == 0:
        options = [c for c in range(52) if c not in cards]
    elif how == 1:
        options = [rank * 4 + s for s in range(4) if rank * 4 + s not in cards]
    else:
        options = [((rank + d) % 13) * 4 + suit for d in (-1, 1) if ((rank + d) % 13) * 4 + suit not in cards]
    if options:
        cards[i] = int(rng.choice(options))


def near_special_hands(kind: str, n: int, seed: int) -> Iterator[list[int]]:
    rng = np.random.default_rng(seed)
    for _ in range(n):
        cards = _shape(rng, kind)
        rest = [c for c in rng.permutation(52).tolist() if c not in cards]
        cards = cards + rest[:13 - len(cards)]
        for _ in range(int(rng.choice([0, 0, 1, 1, 2, 3]))):
            _mutate(rng, cards)
        assert len(set(cards)) == 13
        yield cards


@pytest.mark.parametrize("kind", [k.label for k in K])
def test_near_every_special_shape(kind: str) -> None:
    hands = np.array(list(near_special_hands(kind, 1500, seed=ORDER.index(K(kind)))))
    masks = assert_same_as_python(hands)
    bit = 1 << (K(kind).code - 1)
    hits = np.count_nonzero(masks & bit)
    assert 0 < hits < len(hands), (kind, hits)  # both the shape and near misses were tried


def test_against_brute_force_reference() -> None:
    """A sample of the shapes against the literal 5+5+3 split search of the test suite."""
    hands = [h for i, k in enumerate(K) for h in near_special_hands(k.label, 6, seed=100 + i)]
    masks = special_kinds_batch(np.array(hands))
    for h, m in zip(hands, masks):
        assert {k.label for k in SpecialHand.from_mask(m).kinds} == ref_special_kinds(h), pc.format_cards(h)


def test_hand_made_cases() -> None:
    from tests.binh.test_special import CASES
    hands = np.array([pc.parse_cards(text) for text, _, _ in CASES])
    masks = assert_same_as_python(hands)
    for (text, present, absent), m in zip(CASES, masks):
        kinds = set(SpecialHand.from_mask(m).kinds)
        assert present <= kinds and not (absent & kinds), text


# ---------------------------------------------------------------- input forms and bad input

GOOD = pc.parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64, np.uint64])
def test_input_forms(dtype: type) -> None:
    hands = pc.random_hands(50, 13, seed=4)
    expected = classify_special_batch(hands)
    assert (classify_special_batch(hands.astype(dtype)) == expected).all()
    assert (classify_special_batch(hands.tolist()) == expected).all()
    assert (classify_special_batch([pc.format_cards(h) for h in hands]) == expected).all()
    strided = np.asfortranarray(hands)[::3]
    assert (special_kinds_batch(strided) == special_kinds_batch(hands[::3])).all()
    assert (_special.classify_batch(np.zeros((0, 13), dtype=np.uint8)) == []).all()
    # no hands: an empty result from the public face too (pokercore.validation)
    assert classify_special_batch([]).shape == special_kinds_batch(np.zeros((0, 13), np.int64)).shape == (0,)


FNS = [classify_special_batch, special_kinds_batch]


@pytest.mark.parametrize("fn", FNS)
@pytest.mark.parametrize("hands, exc, match", [
    (np.zeros((2, 12), dtype=np.uint8), pc.HandSizeError, r"shape \(n_hands, 13\)"),
    (np.zeros((2, 13, 1), dtype=np.uint8), pc.HandSizeError, "shape"),
    (np.array(GOOD, dtype=np.uint8), pc.HandSizeError, "shape"),
    (np.array([GOOD, GOOD[:12] + [GOOD[0]]], dtype=np.uint8), pc.DuplicateCardError, "hand 1 repeats a card"),
    (np.array([GOOD, GOOD[:12] + [52]], dtype=np.uint8), pc.InvalidCardError, "hand 1 has a card code out of range"),
    (np.array([GOOD, GOOD[:12] + [-3]], dtype=np.int64), pc.InvalidCardError, "hand 1 has a card code out of range"),
    (np.array([GOOD, GOOD[:12] + [255]], dtype=np.int64), pc.InvalidCardError, "out of range"),
    (np.array([GOOD], dtype=np.float64), pc.CardTypeError, "integer dtype"),
    (np.array([GOOD], dtype=bool), pc.CardTypeError, "integer dtype"),
    ("not hands", pc.CardTypeError, "expected an"),
    (None, pc.CardTypeError, "expected an"),
])
def test_bad_input(fn, hands, exc, match) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(exc, match=match):
        fn(hands)


@pytest.mark.parametrize("fn", [_special.classify_batch, _special.kinds_batch])
def test_private_kernels_validate_too(fn) -> None:  # type: ignore[no-untyped-def]
    assert (fn([GOOD]) == fn(np.array([GOOD], dtype=np.uint8))).all()  # one batch policy: lists too
    with pytest.raises(pc.CardTypeError):
        fn("not hands")
    with pytest.raises(pc.HandSizeError):
        fn(np.array(GOOD, dtype=np.uint8))
    with pytest.raises(pc.InvalidCardError):
        fn(np.array([GOOD[:12] + [99]], dtype=np.uint8))
    with pytest.raises(pc.DuplicateCardError):
        fn(np.array([GOOD[:12] + [GOOD[3]]], dtype=np.uint8))
    with pytest.raises(pc.CardTypeError):
        fn(np.array([GOOD], dtype=np.float32))


# ---------------------------------------------------------------- the agents decide as before


def _python_batch(hands: np.ndarray) -> np.ndarray:
    return python_codes(np.asarray(hands))[0]


@pytest.mark.parametrize("rules", [BinhRules(), BinhRules(type_a_points=20, type_b_points=3),
                                   BinhRules(declare_specials=False)])
def test_sample_opponents_unchanged(rules: BinhRules, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = pc.random_hands(1, 13, seed=8)[0]
    fast = sample_opponents(cards, 700, np.random.default_rng(1), rules=rules)
    monkeypatch.setattr(agents_mod, "classify_special_batch", _python_batch)
    slow = sample_opponents(cards, 700, np.random.default_rng(1), rules=rules)
    assert fast.n == slow.n == 700
    assert np.array_equal(fast.ranks, slow.ranks)
    assert np.array_equal(fast.special_points, slow.special_points)
    if rules.declare_specials:
        assert len(fast.special_points) > 0  # the sample does hold special hands


def test_hard_and_best_response_decide_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same seeds, same decisions with the batch detector and with the pure-Python one."""
    obs = [Observation(tuple(int(c) for c in h), 0, 4) for h in pc.random_hands(6, 13, seed=21)]

    def decide() -> list[tuple[int, ...]]:
        hard = HardAgent(np.random.default_rng(7), samples=300, time_budget=float("inf"))
        br = BestResponseAgent(np.random.default_rng(7), samples=300)
        return [hard(o).to_row().tolist() + br(o).to_row().tolist() for o in obs]  # type: ignore[misc]

    fast = decide()
    monkeypatch.setattr(agents_mod, "classify_special_batch", _python_batch)
    assert decide() == fast
