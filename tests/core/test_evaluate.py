"""Correctness of the Cython evaluators (issue 2, section "Correctness").

What is proved here:

* exhaustively, on all 2,598,960 five-card hands and both straight orders:
  the category counts, exactly 7,462 distinct ranks, agreement with the
  pure-Python reference (``tests/reference_eval.py``) on every hand, and
  per-call == batch;
* the standard order induces the same ordering as a peer library (eval7,
  every hand; treys, a sample);
* the Binh order differs from the standard one only where A-2-3-4-5 is
  involved, and puts it just below 10-J-Q-K-A;
* all 22,100 three-card hands: counts, 455 distinct ranks, reference order,
  and the merged 3- and 5-card Binh scale (ruling 4) is exactly 10001..17917 (BINH_RANK_OFFSET + 1..7917);
* hypothesis: random pairs/lists of hands order like the reference, per call
  and batch, including 3-vs-5 comparisons;
* hand-made cases from the rules, names from :mod:`pokercore.ranking`,
  thread safety of the batch, and the compiled module's doctests.
"""

from __future__ import annotations

import doctest
import itertools
import threading
from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokercore as pc
import pokercore._eval
from pokercore.ranking import HandCategory, categories_of, category_of, describe_rank, num_ranks, rank_detail
from tests.core.reference_eval import (
    MISSING,
    parse,
    ref_category3,
    ref_category5,
    ref_compare,
    ref_key3,
    ref_key5,
)

RULES = ("standard", "binh")
N5 = comb(52, 5)
N3 = comb(52, 3)

CATEGORY_COUNTS_5 = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
CATEGORY_COUNTS_3 = {
    HandCategory.THREE_OF_A_KIND: 52,
    HandCategory.PAIR: 3_744,
    HandCategory.HIGH_CARD: 18_304,
}

# Reproducible hypothesis runs (CI must see the same examples every time).
HYP = settings(derandomize=True, deadline=None, max_examples=300,
               suppress_health_check=[HealthCheck.too_slow])


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# --------------------------------------------------------------------------
# Exhaustive data, computed once per module (about 0.3 s)


def _all_hands(k: int) -> np.ndarray:
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), k))
    return np.fromiter(flat, dtype=np.uint8, count=k * comb(52, k)).reshape(-1, k)


@pytest.fixture(scope="module")
def hands5() -> np.ndarray:
    h = _all_hands(5)
    h.flags.writeable = False
    return h


@pytest.fixture(scope="module")
def hands3() -> np.ndarray:
    h = _all_hands(3)
    h.flags.writeable = False
    return h


@pytest.fixture(scope="module")
def ranks5(hands5) -> dict[str, np.ndarray]:
    return {rules: pc.evaluate5_batch(hands5, rules) for rules in RULES}


@pytest.fixture(scope="module")
def ranks3(hands3) -> np.ndarray:
    return pc.evaluate3_batch(hands3)


def _signatures(hands: np.ndarray) -> np.ndarray:
    """Sorted ranks (base 13) and a flush bit: all a hand's strength depends on.

    The reference evaluator reads nothing else, so one reference call per
    distinct signature covers every hand exactly.
    """
    ranks = np.sort(hands // 4, axis=1).astype(np.int64)
    sig = np.zeros(len(hands), dtype=np.int64)
    for j in range(hands.shape[1]):
        sig = sig * 13 + ranks[:, j]
    suits = hands % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    return sig * 2 + flush


@pytest.fixture(scope="module")
def classes5(hands5):
    """One representative hand per strength class, and each hand's class."""
    _, rep, inverse = np.unique(_signatures(hands5), return_index=True, return_inverse=True)
    return rep, inverse.ravel()


def _is_wheel(hands: np.ndarray) -> np.ndarray:
    """Hands whose ranks are exactly A-2-3-4-5 (straight or straight flush)."""
    return (np.sort(hands // 4, axis=1) == np.array([0, 1, 2, 3, 12])).all(axis=1)


# --------------------------------------------------------------------------
# Exhaustive five-card checks


@pytest.mark.parametrize("rules", RULES)
def test_category_counts_and_distinct_ranks_5(ranks5, rules):
    r = ranks5[rules]
    assert r.shape == (N5,) and r.dtype == np.int32
    cats = np.bincount(categories_of(r, rules), minlength=9)
    assert {HandCategory(i): int(n) for i, n in enumerate(cats)} == CATEGORY_COUNTS_5
    assert len(np.unique(r)) == 7462
    if rules == "standard":
        assert r.min() == 1 and r.max() == 7462 == num_ranks("standard")
    else:
        assert r.max() == 17917 == pc.BINH_RANK_OFFSET + num_ranks("binh")


@pytest.mark.parametrize("rules", RULES)
def test_matches_reference_on_every_hand(hands5, ranks5, classes5, rules):
    """Every hand's rank equals its class representative's, and the classes
    sorted by reference key have strictly increasing ranks."""
    r = ranks5[rules]
    rep, inverse = classes5
    assert len(rep) == 7462
    # (1) the rank is a function of the reference's input (ranks + flush bit)
    np.testing.assert_array_equal(r, r[rep][inverse])
    # (2) ordered like the reference keys, ties only on equal keys
    keys = [ref_key5(hands5[i].tolist(), rules) for i in rep]
    assert len(set(keys)) == 7462
    order = sorted(range(len(rep)), key=keys.__getitem__)
    ranks_in_key_order = r[rep][order]
    assert (np.diff(ranks_in_key_order) > 0).all()
    if rules == "standard":
        np.testing.assert_array_equal(ranks_in_key_order, np.arange(1, 7463))
    # (3) the category of each rank is the reference category
    cats = categories_of(r[rep], rules)
    assert cats.tolist() == [k[0] for k in keys]


@pytest.mark.parametrize("rules", RULES)
def test_per_call_equals_batch_on_every_hand(ranks5, rules):
    ev = pc.evaluate5
    per_call = np.fromiter((ev(h, rules) for h in itertools.combinations(range(52), 5)),
                           dtype=np.int32, count=N5)
    np.testing.assert_array_equal(per_call, ranks5[rules])


def _assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """``ours`` is a strictly increasing function of ``theirs`` (higher = better)."""
    assert ours.min() >= 0 and abs(theirs).max() < 2**30
    # distinct (theirs, ours) pairs, sorted by theirs: packed into one int64
    pairs = np.unique(theirs.astype(np.int64) * 2**32 + ours.astype(np.int64))
    # one of our ranks per peer value and vice versa ...
    assert len(pairs) == len(np.unique(theirs)) == len(np.unique(ours))
    # ... and sorted by the peer value ours increase strictly
    assert (np.diff(pairs & (2**32 - 1)) > 0).all()


def test_standard_order_agrees_with_eval7_on_every_hand(ranks5):
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    evaluate = eval7.evaluate
    theirs = np.fromiter(
        (evaluate([deck[a], deck[b], deck[c], deck[d], deck[e]])
         for a, b, c, d, e in itertools.combinations(range(52), 5)),
        dtype=np.int64, count=N5)
    _assert_same_order(ranks5["standard"], theirs)


def test_standard_order_agrees_with_treys_on_a_sample(hands5, ranks5):
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    deck = [treys.Card.new(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    rng = np.random.default_rng(2024)
    idx = rng.choice(N5, size=20_000, replace=False)
    # make sure every straight and straight flush (rare, and where orders differ) is in
    idx = np.union1d(idx, np.flatnonzero(categories_of(ranks5["standard"]) >= HandCategory.STRAIGHT))
    theirs = np.array([-ev.evaluate([], [deck[c] for c in hands5[i]]) for i in idx])  # treys: lower = better
    _assert_same_order(ranks5["standard"][idx], theirs)


def test_binh_differs_from_standard_only_on_wheels(hands5, ranks5):
    std, binh = ranks5["standard"], ranks5["binh"]
    wheel = _is_wheel(hands5)
    assert wheel.sum() == 4 ** 5  # 1,020 wheel straights + 4 steel wheels
    # away from A-2-3-4-5 the two orders are the same order
    _assert_same_order(binh[~wheel], std[~wheel])
    # wheels: lowest straight in standard, second highest in Binh
    sorted_ranks = np.sort(hands5 // 4, axis=1)
    high, low = sorted_ranks[:, 4], sorted_ranks[:, 0]
    cats = categories_of(std, "standard")
    for cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        in_cat = cats == cat
        broadway = in_cat & (low == 8)
        king_high = in_cat & (high == 11)
        six_high = in_cat & (high == 4) & ~wheel
        w = in_cat & wheel
        assert len(np.unique(std[w])) == len(np.unique(binh[w])) == 1
        assert std[w][0] < std[six_high].min()
        assert std[w][0] == std[in_cat].min()
        assert binh[king_high].max() < binh[w][0] < binh[broadway].min()
        assert binh[broadway][0] == binh[in_cat].max()


# --------------------------------------------------------------------------
# Three-card hands and the merged Binh scale


def test_three_card_counts_reference_and_per_call(hands3, ranks3):
    cats = np.bincount(categories_of(ranks3, "binh"), minlength=9)
    assert {HandCategory(i): int(n) for i, n in enumerate(cats) if n} == CATEGORY_COUNTS_3
    assert len(np.unique(ranks3)) == 455
    hands = hands3.tolist()
    per_call = [pc.evaluate3(h) for h in hands]
    assert per_call == ranks3.tolist()
    keys = [ref_key3(h) for h in hands]
    assert [k[0] for k in keys] == categories_of(ranks3, "binh").tolist()
    # same order as the reference: distinct keys <-> distinct ranks, monotone
    pairs = sorted(set(zip(keys, ranks3.tolist())))
    assert len(pairs) == 455
    assert all(a[1] < b[1] for a, b in itertools.pairwise(pairs))


def test_binh_scale_merges_3_and_5_card_classes(hands5, hands3, ranks5, ranks3, classes5):
    """Ruling 4 exhaustively: all 7,462 + 455 classes sorted by reference key
    get strictly increasing ranks, and together they fill 10001..17917."""
    rep, _ = classes5
    five = [(ref_key5(hands5[i].tolist(), "binh"), int(ranks5["binh"][i])) for i in rep]
    _, rep3 = np.unique(ranks3, return_index=True)
    three = [(ref_key3(hands3[i].tolist()), int(ranks3[i])) for i in rep3]
    merged = sorted(five + three)
    assert len({k for k, _ in merged}) == 7917
    assert [r for _, r in merged] == list(range(10001, 17918))


# --------------------------------------------------------------------------
# Hypothesis: Cython == reference on random hands


@st.composite
def hands(draw, n: int = 5) -> list[int]:
    """``n`` distinct cards, biased towards pairs, flushes and straights by
    drawing from a random window of ranks and a random set of suits."""
    if draw(st.booleans()):
        return draw(st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))
    width = draw(st.integers(2, 13))
    low = draw(st.integers(0, 13 - width))
    ranks = list(range(low, low + width))
    if draw(st.booleans()):  # wrap the ace around, for wheels
        ranks = [12] + ranks
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    pool = sorted({r * 4 + s for r in ranks for s in suits})
    if len(pool) < n:
        pool = sorted(set(pool) | set(range(52)))
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))


rules_st = st.sampled_from(RULES)


@HYP
@given(hands(), hands(), rules_st)
def test_pair_of_hands_orders_like_reference(a, b, rules):
    ra, rb = pc.evaluate5(a, rules), pc.evaluate5(b, rules)
    assert sign(ra - rb) == sign((ref_key5(a, rules) > ref_key5(b, rules)) - (ref_key5(a, rules) < ref_key5(b, rules)))
    assert category_of(ra, rules) == ref_category5(a, rules)
    # every accepted form of the same hand gives the same rank
    assert pc.evaluate5(tuple(a), rules) == pc.evaluate5(np.array(a, dtype=np.int64), rules) == ra
    assert pc.evaluate5(pc.format_cards(a), rules) == ra
    # order of the cards is irrelevant
    assert pc.evaluate5(a[::-1], rules) == ra


@HYP
@given(st.lists(hands(), min_size=1, max_size=40), rules_st)
def test_batch_orders_like_reference(hs, rules):
    arr = np.array(hs, dtype=np.uint8)
    r = pc.evaluate5_batch(arr, rules).tolist()
    assert r == [pc.evaluate5(h, rules) for h in hs]
    keys = [ref_key5(h, rules) for h in hs]
    for i, j in itertools.combinations(range(len(hs)), 2):
        assert sign(r[i] - r[j]) == sign((keys[i] > keys[j]) - (keys[i] < keys[j]))
    # other integer dtypes give the same ranks
    assert pc.evaluate5_batch(arr.astype(np.int64), rules).tolist() == r


@HYP
@given(hands(3), hands(5))
def test_three_vs_five_orders_like_reference(top, middle):
    r3, r5 = pc.evaluate3(top), pc.evaluate5(middle, "binh")
    assert sign(r3 - r5) == ref_compare(top, middle, "binh")
    assert category_of(r3, "binh") == ref_category3(top)
    assert pc.evaluate3_batch(np.array([top])).tolist() == [r3]


@HYP
@given(st.lists(hands(3), min_size=1, max_size=30), st.lists(hands(5), min_size=1, max_size=30))
def test_three_vs_five_batch_orders_like_reference(tops, middles):
    r3 = pc.evaluate3_batch(np.array(tops, dtype=np.uint8)).tolist()
    r5 = pc.evaluate5_batch(np.array(middles, dtype=np.uint8), "binh").tolist()
    for t, a in zip(tops, r3):
        for m, b in zip(middles, r5):
            assert sign(a - b) == ref_compare(t, m, "binh")


# --------------------------------------------------------------------------
# Hand-made cases straight from the rules

# (stronger, weaker, rules); a 3-card hand means evaluate3 on the Binh scale.
STRONGER = [
    # ruling 4 examples: missing kickers count lowest
    ("Ac As Kd 3c 2d", "Ah Ad Kc", "binh"),
    ("7h 7d Ac", "7c 7s Kd Qc Jd", "binh"),
    ("Ah Ad Kc", "Ac As Qd Jc Td", "binh"),
    ("Kh Kd Kc", "Qs Qd Qh As Ks", "binh"),
    ("Ac Ad Ah 3s 2c", "Kc Kd Ks", "binh"),
    ("2c 2d 2h 4s 3c", "2s 2d 2h", "binh"),
    ("Ac Kd Qh", "Kc Qd Jh 9s 8d", "binh"),
    ("Ac Kd Qh 3s 2d", "As Kh Qd", "binh"),
    ("2c 2d 3h", "Ac Kd Qh Js 9d", "binh"),
    ("Ah Kh Qh", "Ac Kd Jh 9s 8d", "binh"),
    # wheel vs 6-high, both orders
    ("2h 3c 4d 5s 6h", "Ah 2c 3d 4s 5h", "standard"),
    ("Ah 2c 3d 4s 5h", "2h 3c 4d 5s 6h", "binh"),
    ("Ah 2c 3d 4s 5h", "Kh Qc Jd Ts 9h", "binh"),
    ("Th Jc Qd Ks Ah", "Ah 2c 3d 4s 5h", "binh"),
    ("Th Jc Qd Ks Ah", "Ah 2c 3d 4s 5h", "standard"),
    ("Kh Qc Jd Ts 9h", "Ah 2c 3d 4s 5h", "standard"),
    # the same for straight flushes
    ("2h 3h 4h 5h 6h", "Ad 2d 3d 4d 5d", "standard"),
    ("Ad 2d 3d 4d 5d", "Kh Qh Jh Th 9h", "binh"),
    ("Ts Js Qs Ks As", "Ad 2d 3d 4d 5d", "binh"),
    # a wheel is still only a straight
    ("2c 3c 4c 5c 7c", "Ah 2c 3d 4s 5h", "binh"),
    ("Ah 2c 3d 4s 5h", "Ac Ad Ah Ks Qd", "binh"),
    # ruling 3 tie-breaks
    ("Kc Kd Kh 2s 2d", "Qc Qd Qh As Ad", "standard"),
    ("Kc Kd Kh 3s 3d", "Kc Kd Ks 2s 2d", "standard"),
    ("Ah 9h 7h 5h 3h", "Ah 9h 7h 5h 2h", "standard"),
    ("Kh Kd 7c 7s 3d", "Kh Kd 7c 7s 2d", "standard"),
    ("Kh Kd 8c 8s 2d", "Kh Kd 7c 7s Ad", "standard"),
    ("Ah Ad 9c 5s 3d", "Ah Ad 9c 5s 2d", "binh"),
    ("9h 9d 9c As 2d", "9h 9d 9c Ks Qd", "binh"),
    ("2h 2d 2c 2s 3d", "Ah Ad Ac Ks Kd", "binh"),
    ("As Kd Qh Jc 9d", "Ks Qd Jh Tc 8d", "binh"),
]

TIES = [
    ("As Kd 7h 7c 2s", "Ad Ks 7d 7s 2c", "standard"),
    ("Ah 2c 3d 4s 5h", "Ad 2h 3c 4c 5d", "binh"),
    ("Ah Kh Qh Jh 9h", "As Ks Qs Js 9s", "binh"),
    ("Ah Ad Kc", "As Ac Kh", "binh"),
]


def _rank(text: str, rules: str) -> int:
    codes = parse(text)
    return pc.evaluate3(codes) if len(codes) == 3 else pc.evaluate5(codes, rules)


@pytest.mark.parametrize("strong, weak, rules", STRONGER)
def test_hand_made_stronger(strong, weak, rules):
    assert ref_compare(strong, weak, rules) == 1  # the reference agrees with the rules too
    assert _rank(strong, rules) > _rank(weak, rules)


@pytest.mark.parametrize("a, b, rules", TIES)
def test_hand_made_ties(a, b, rules):
    assert ref_compare(a, b, rules) == 0
    assert _rank(a, rules) == _rank(b, rules)


def test_top_and_bottom_of_each_scale():
    assert pc.evaluate5("As Ks Qs Js Ts") == 7462
    assert pc.evaluate5("As Ks Qs Js Ts", rules="binh") == 17917
    assert pc.evaluate5("7c 5d 4h 3s 2c") == 1
    assert pc.evaluate3("4c 3d 2h") == 10001  # 4-3-2 is below every five-card hand
    # 7-5-4-3-2 sits above 3-card 6-5-4 and 7-5-4 (missing kickers lowest), below 7-6-2
    assert pc.evaluate3("6c 5d 4h") < pc.evaluate3("7c 5d 4h") < pc.evaluate5("7c 5d 4h 3s 2c", rules="binh")
    assert pc.evaluate5("7c 5d 4h 3s 2c", rules="binh") < pc.evaluate3("7c 6d 2h")
    # trips on top beat two pair in the middle (a foul)
    assert pc.evaluate3("2c 2d 2h") > pc.evaluate5("Ac Ad Kh Ks Jd", rules="binh")


# --------------------------------------------------------------------------
# Names and categories (pokercore.ranking)


@pytest.mark.parametrize("text, rules, expected", [
    ("Kh Kd 7c 7s 2d", "standard", "Two pair, kings and sevens"),
    ("Kh Kd 7c 7s 2d", "binh", "Two pair, kings and sevens"),
    ("Ah 2c 3d 4s 5h", "standard", "Straight, five high"),
    ("Ah 2c 3d 4s 5h", "binh", "Straight, A-2-3-4-5"),
    ("Ad 2d 3d 4d 5d", "standard", "Straight flush, five high"),
    ("Ad 2d 3d 4d 5d", "binh", "Straight flush, A-2-3-4-5"),
    ("Th Jc Qd Ks Ah", "binh", "Straight, ace high"),
    ("Ac Kc Qc Jc Tc", "standard", "Straight flush, ace high"),
    ("9d 9c 9h 4s 4d", "standard", "Full house, nines full of fours"),
    ("6d 6c 6h 6s Ad", "standard", "Four of a kind, sixes"),
    ("Jd Jc Jh 4s 2d", "standard", "Three of a kind, jacks"),
    ("2h 3h 4h 5h 7h", "standard", "Flush, seven high"),
    ("Qh Qd 9c", "binh", "Pair of queens"),
    ("Ah Ad Ac", "binh", "Three of a kind, aces"),
    ("Ah 7d 2c", "binh", "High card, ace high"),
    ("Th Td 8c 5s 2d", "standard", "Pair of tens"),
])
def test_describe_rank_by_hand(text, rules, expected):
    assert describe_rank(_rank(text, rules), rules) == expected


def test_describe_rank_kickers_by_hand():
    assert describe_rank(pc.evaluate5("Kh Kd 7c 7s 2d"), kickers=True) == "Two pair, kings and sevens, 2 kicker"
    assert describe_rank(pc.evaluate3("Qh Qd 9c"), "binh", kickers=True) == "Pair of queens, 9 kicker"
    assert rank_detail(pc.evaluate5("Kh Kd Kc 7s 7d")) == (HandCategory.FULL_HOUSE, (11, 5))


@pytest.mark.parametrize("rules", RULES)
def test_every_rank_is_described_consistently(hands5, ranks5, classes5, hands3, ranks3, rules):
    """For every rank of a scale: the category and the tie-break ranks agree
    with the reference key, and ``kickers=True`` names are all distinct."""
    rep, _ = classes5
    samples = [(hands5[i].tolist(), int(ranks5[rules][i])) for i in rep]
    if rules == "binh":
        _, rep3 = np.unique(ranks3, return_index=True)
        samples += [(hands3[i].tolist(), int(ranks3[i])) for i in rep3]
    lo, hi = pc.rank_range(rules)
    assert sorted(r for _, r in samples) == list(range(lo, hi + 1)) and hi - lo + 1 == num_ranks(rules)
    names = set()
    for cards, rank in samples:
        key = ref_key3(cards) if len(cards) == 3 else ref_key5(cards, rules)
        cat, tb = rank_detail(rank, rules)
        assert cat == key[0]
        if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            ranks = sorted({c // 4 for c in cards})
            assert tb == ((3,) if ranks == [0, 1, 2, 3, 12] else (ranks[-1],))
        else:
            assert tb == tuple(v for v in key[1:] if v != MISSING)
        names.add(describe_rank(rank, rules, kickers=True))
    assert len(names) == len(samples)


def test_ranking_rejects_non_ranks():
    with pytest.raises(ValueError, match="not a standard rank"):
        category_of(7463, "standard")
    with pytest.raises(ValueError, match=r"not a rank: standard ranks are 1\.\.7462, Binh ranks 10001\.\.17917"):
        category_of(7463)
    with pytest.raises(ValueError, match="not a binh rank"):
        describe_rank(0, "binh")
    with pytest.raises(TypeError, match="rank must be an int"):
        describe_rank(5.0)
    with pytest.raises(ValueError, match="rules must be"):
        category_of(5, "texas")


# --------------------------------------------------------------------------
# Threads and the compiled module's doctests


@pytest.mark.parametrize("rules", RULES)
def test_batch_from_two_threads_is_identical(hands5, ranks5, rules):
    expected = ranks5[rules]
    results: dict[int, list[np.ndarray]] = {0: [], 1: []}
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def work(tid: int) -> None:
        try:
            barrier.wait()
            for _ in range(3):
                out = np.empty(N5, dtype=np.int32) if tid else None
                results[tid].append(pc.evaluate5_batch(hands5, rules, out=out))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for res in results.values():
        assert len(res) == 3
        for r in res:
            np.testing.assert_array_equal(r, expected)


def test_out_parameter_is_filled_and_returned(hands3, ranks3):
    out = np.zeros(N3, dtype=np.int32)
    assert pc.evaluate3_batch(hands3, out=out) is out
    np.testing.assert_array_equal(out, ranks3)


def test_compiled_module_doctests():
    # (pytest --doctest-modules does not collect doctests from compiled modules)
    result = doctest.testmod(pokercore._eval, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


def test_a_a_a_is_the_best_three_card_hand_but_below_five_card_aces_full():
    aaa = pc.evaluate3("Ah Ad Ac")
    assert aaa == max(pc.evaluate3_batch(np.array(list(itertools.combinations(range(52), 3)))))
    assert pc.evaluate5("Kc Kd Kh As Qs", "binh") < aaa < pc.evaluate5("Ac Ad Ah 3s 2c", "binh")
    assert aaa < pc.evaluate5("7c 8d 9h Ts Js", "binh")
