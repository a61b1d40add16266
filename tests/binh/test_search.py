"""The Cython arrangement search equals the slow exhaustive reference.

For each random hand the reference (``reference_search``) visits all 72,072
splits with the independent reference evaluator; the library must report
the same legal count, the same set of legal arrangements, the same
lexicographic best and the same table-objective best (value and the
documented tie-break), whatever the order of the input cards.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore.binh import (
    LEGAL_DTYPE,
    NUM_SPLITS,
    TABLE_LEN,
    Arrangement,
    BranchTables,
    best_arrangement,
    best_arrangement_batch,
    count_legal,
    count_legal_batch,
    legal_arrangements,
)
from tests.binh.reference_search import RefHand, code_set

# A tie-heavy table (values 0..3), a smooth one and an all-zero one (every split
# ties, so the tie-break alone decides).
_RNG = np.random.default_rng(20240603)
TABLES = {
    "coarse": BranchTables(*(_RNG.integers(0, 4, TABLE_LEN).astype(float) for _ in range(3))),
    "normal": BranchTables(*(_RNG.normal(size=TABLE_LEN) for _ in range(3))),
    "zero": BranchTables.uniform(np.zeros(TABLE_LEN)),
}

REF = settings(
    derandomize=True,
    deadline=None,
    max_examples=14,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    """13 distinct cards from the full deck or from a deck rich in pairs, flushes or straights."""
    seed = draw(st.integers(0, 2**32 - 1))
    kind = draw(st.sampled_from(["deck", "few ranks", "two suits", "five ranks"]))
    rng = random.Random(seed)
    if kind == "deck":
        pool = list(range(52))
    elif kind == "few ranks":  # many pairs, trips, quads and full houses
        ranks = rng.sample(range(13), 6)
        pool = [r * 4 + s for r in ranks for s in range(4)]
    elif kind == "two suits":  # flushes and straight flushes
        suits = rng.sample(range(4), 2)
        pool = [r * 4 + s for r in range(13) for s in suits]
    else:  # A-2-3-4-5 and 10-J-Q-K-A material
        ranks = rng.choice([[12, 0, 1, 2, 3, 4, 5], [7, 8, 9, 10, 11, 12, 0]])
        pool = [r * 4 + s for r in ranks for s in range(4)]
    return rng.sample(pool, 13)


def _split_of(a: Arrangement) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    return frozenset(a.bottom), frozenset(a.middle), frozenset(a.top)


def _ref_split(split: tuple[tuple[int, ...], ...]) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(x) for x in split)


@REF
@given(hands())
def test_matches_exhaustive_reference(cards: list[int]) -> None:
    ref = RefHand(cards)
    legal_ref = ref.legal()

    # count and the exact set of legal splits, with their ranks
    assert count_legal(cards) == len(legal_ref)
    legal = legal_arrangements(cards)
    assert legal.dtype == LEGAL_DTYPE and len(legal) == len(legal_ref)

    def bits(mask: int) -> frozenset[int]:
        return frozenset(cards[i] for i in range(13) if mask >> i & 1)

    got = {(bits(b), bits(m), bits(t)) for t, m, b, *_ in legal.tolist()}
    assert got == {_ref_split(s) for s in legal_ref}
    for row in legal[:: max(1, len(legal) // 50)]:
        t, m, b = bits(row["top"]), bits(row["middle"]), bits(row["bottom"])
        assert (row["top_rank"], row["middle_rank"], row["bottom_rank"]) == (
            ref.rank(tuple(t)), ref.rank(tuple(m)), ref.rank(tuple(b)))

    # lexicographic best, from any input order
    best = ref.best(legal_ref)
    shuffled = random.Random(len(legal_ref)).sample(cards, 13)
    for order in (cards, shuffled):
        assert _split_of(best_arrangement(order)) == _ref_split(best)

    # table objectives: value and tie-break
    for name, tables in TABLES.items():
        def value(s, tables=tables):
            return ref.table_value(s, tables.top, tables.middle, tables.bottom)

        best_t = ref.best(legal_ref, value)
        for order in (cards, shuffled):
            a = best_arrangement(order, tables)
            assert _split_of(a) == _ref_split(best_t), name
            assert tables.value(a) == value(best_t), name
        batch = best_arrangement_batch(np.array([cards, shuffled]), tables)
        assert batch.values.tolist() == [value(best_t)] * 2
        assert _split_of(batch.arrangement(1)) == _ref_split(best_t)


def test_callable_objective_agrees_with_tables() -> None:
    """A callable computing the table value picks the same arrangement (same tie-break)."""
    tables = TABLES["coarse"]

    def objective(legal: np.ndarray) -> np.ndarray:
        return tables.bottom[legal["bottom_rank"]] + tables.middle[legal["middle_rank"]] + tables.top[
            legal["top_rank"]]

    hands_ = pc.random_hands(6, 13, seed=11)
    for h in hands_:
        assert best_arrangement(h, objective) == best_arrangement(h, tables)
        # all-equal scores: the callable reduces to the lexicographic order
        assert best_arrangement(h, lambda legal: np.zeros(len(legal))) == best_arrangement(h)
    batch = best_arrangement_batch(hands_[:2], objective)
    assert batch.arrangement(0) == best_arrangement(hands_[0], tables)


def test_batch_equals_single_calls() -> None:
    hands_ = pc.random_hands(40, 13, seed=7)
    counts = count_legal_batch(hands_)
    lex = best_arrangement_batch(hands_)
    tab = best_arrangement_batch(hands_.astype(np.int64), TABLES["normal"])
    assert np.isnan(lex.values).all()
    for i, h in enumerate(hands_):
        assert counts[i] == count_legal(h)
        a = best_arrangement(h)
        assert lex.arrangement(i) == a
        assert tuple(lex.ranks[i]) == a.ranks
        t = best_arrangement(h, TABLES["normal"])
        assert tab.arrangement(i) == t
        assert tab.values[i] == TABLES["normal"].value(t)
        # layout: top 3, middle 5, bottom 5, each branch highest code first
        row = lex.cards[i]
        assert set(row[:3]) == set(a.top) and set(row[3:8]) == set(a.middle) and set(row[8:]) == set(a.bottom)
        assert all((np.diff(part.astype(int)) < 0).all() for part in (row[:3], row[3:8], row[8:]))


def test_legal_rows_are_legal_partitions() -> None:
    for h in pc.random_hands(5, 13, seed=3):
        legal = legal_arrangements(h)
        assert len(legal) == count_legal(h) <= NUM_SPLITS
        assert ((legal["top"] | legal["middle"] | legal["bottom"]) == 8191).all()
        assert ((legal["top"] & legal["middle"]) == 0).all() and ((legal["middle"] & legal["bottom"]) == 0).all()
        assert ((legal["top_rank"] <= legal["middle_rank"]) & (legal["middle_rank"] <= legal["bottom_rank"])).all()
        assert len(np.unique(legal[["top", "middle"]])) == len(legal)
        for r in legal[:: len(legal) // 7]:
            a = Arrangement.from_masks(h, r["top"], r["middle"], r["bottom"])
            assert not a.is_foul and a.ranks == (r["top_rank"], r["middle_rank"], r["bottom_rank"])


def test_results_never_foul_and_lexicographic_dominates() -> None:
    """The lexicographic best beats or equals every legal split in (bottom, middle, top) order."""
    for h in pc.random_hands(8, 13, seed=99):
        a = best_arrangement(h)
        legal = legal_arrangements(h)
        assert not a.is_foul
        order = np.lexsort((legal["top_rank"], legal["middle_rank"], legal["bottom_rank"]))
        top_row = legal[order[-1]]
        assert (top_row["bottom_rank"], top_row["middle_rank"], top_row["top_rank"]) == (
            a.bottom_rank, a.middle_rank, a.top_rank)


def test_tie_break_prefers_greater_card_sets() -> None:
    """Suits never rank, so suit swaps give ties; the higher card codes go to the bottom."""
    hand = pc.parse_cards("2c 2d 7h 7s 9c 9d Jh Js Kc Kd Ah As 4c")
    a = best_arrangement(hand)
    legal = legal_arrangements(hand)
    ranks = (a.bottom_rank, a.middle_rank, a.top_rank)
    tied = legal[(legal["bottom_rank"] == ranks[0]) & (legal["middle_rank"] == ranks[1])
                 & (legal["top_rank"] == ranks[2])]
    assert len(tied) > 1

    def cs(mask: int) -> int:
        return code_set([hand[i] for i in range(13) if mask >> i & 1])

    best = max(tied.tolist(), key=lambda r: (cs(r[2]), cs(r[1])))
    assert _split_of(a) == _split_of(Arrangement.from_masks(hand, best[0], best[1], best[2]))


@pytest.mark.parametrize("text", [
    "As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc Js",
    "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",
    "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
])
def test_extreme_hands(text: str) -> None:
    """A legal split always exists (even for hands that would be special)."""
    cards = pc.parse_cards(text)
    n = count_legal(cards)
    assert 0 < n <= NUM_SPLITS
    assert not best_arrangement(cards).is_foul
    assert not best_arrangement(cards, TABLES["normal"]).is_foul


def test_gil_released_threads_agree() -> None:
    from concurrent.futures import ThreadPoolExecutor

    hands_ = pc.random_hands(16, 13, seed=5)
    serial = best_arrangement_batch(hands_, TABLES["coarse"]).cards
    with ThreadPoolExecutor(2) as ex:
        parts = list(ex.map(lambda h: best_arrangement_batch(h, TABLES["coarse"]).cards, np.split(hands_, 4)))
    assert (np.concatenate(parts) == serial).all()


@pytest.mark.parametrize("text", [
    "2c 3c 4c 5c 7c 2d 3d 4d 5d 7d 9h Th Jh",  # middle == bottom (equal flushes) is legal
    "Ac Kd Qh Js 9c Ad Kh Qs Jc 9d 2h 3s 4c",  # equal high-card 5-card hands
    "Ah 2c 3d 4s 5h Kc Qd Jh Ts 9c Ac 7d 7h",  # A-2-3-4-5 vs K-high straight
])
def test_hand_made_equals_reference(text: str) -> None:
    cards = pc.parse_cards(text)
    ref = RefHand(cards)
    legal_ref = ref.legal()
    assert count_legal(cards) == len(legal_ref)
    assert _split_of(best_arrangement(cards)) == _ref_split(ref.best(legal_ref))


def test_pruned_search_equals_full_enumeration() -> None:
    """The bound-pruned search returns exactly what visiting every split returns.

    Many hands and objectives, including adversarial tables (decreasing in
    rank, all zero, coarse ties) where the bounds prune little or only tie.
    """
    from pokercore.binh import _arrange

    rng = np.random.default_rng(77)
    ramp = np.linspace(-1.0, 1.0, TABLE_LEN)
    objectives = [None, (ramp, ramp, ramp), (-ramp, -ramp, -ramp), (np.zeros(TABLE_LEN),) * 3,
                  tuple(rng.integers(0, 3, TABLE_LEN).astype(float) for _ in range(3)),
                  tuple(rng.normal(size=TABLE_LEN) for _ in range(3)),
                  (np.tanh(3 * ramp), np.tanh(2 * ramp), ramp)]
    hands_ = np.concatenate([pc.random_hands(150, 13, seed=1),
                             np.array([random.Random(i).sample(range(24), 13) for i in range(50)], dtype=np.uint8)])
    for tables in objectives:
        fast = _arrange.best_batch(hands_, tables)
        full = _arrange.best_batch(hands_, tables, prune=False)
        for a, b in zip(fast, full):
            assert np.array_equal(a, b, equal_nan=True)
    h = hands_[0]
    assert _arrange.best_lexicographic(h) == _arrange.best_lexicographic(h, prune=False)
    t = objectives[-1]
    assert _arrange.best_table(h, *t) == _arrange.best_table(h, *t, prune=False)


@settings(derandomize=True, deadline=None, max_examples=60)
@given(hands(), st.sampled_from(["lexicographic", *TABLES]), st.sampled_from(["tuple", "list", "array", "text"]))
def test_search_answer_is_the_arrangement_the_constructor_builds(cards: list[int], objective: str,
                                                                  form: str) -> None:
    """best_arrangement builds its answer from the kernel's masks and ranks without checking them
    again: the result must be exactly what the checking constructor makes of the same branches
    (cards in reading order, the evaluators' ranks), whatever form the cards come in."""
    obj = objective if objective == "lexicographic" else TABLES[objective]
    given_cards = {"tuple": tuple(cards), "list": list(cards), "array": np.array(cards, dtype=np.int64),
                   "text": pc.format_cards(cards)}[form]
    a = best_arrangement(given_cards, obj)
    b = Arrangement(a.top, a.middle, a.bottom)
    assert (a.top, a.middle, a.bottom) == (b.top, b.middle, b.bottom)
    assert a.ranks == b.ranks == (pc.evaluate3(a.top), pc.evaluate5(a.middle, "binh"), pc.evaluate5(a.bottom, "binh"))
    assert sorted(a.cards) == sorted(cards) and not a.is_foul


def test_branch_tables_are_frozen_after_the_check() -> None:
    """The search trusts the tables it was given once checked: nobody can write NaN into them later."""
    t = BranchTables.uniform(np.arange(TABLE_LEN, dtype=float))
    for arr in (t.top, t.middle, t.bottom):
        assert not arr.flags.writeable
        with pytest.raises(ValueError):
            arr.setflags(write=True)
        with pytest.raises(ValueError):
            arr[10001] = np.nan
