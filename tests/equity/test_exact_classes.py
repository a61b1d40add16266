"""Exact runs planned by their classes of deals alike up to suits: the classes, the estimate, the choice.

A renaming of suits that keeps the board and the dead cards maps a deal's
boards one to one onto another deal's, so an exact run enumerates one deal
of each class.  The cost estimate counts what is enumerated: a run refused
by its deals may be planned by its classes (random vs random preflop, about
13 minutes by its 1.6 M deals, is 94,000 classes: 17 s), and the automatic choice
may pick exact by them.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from pokercore.equity import _deals, equity
from pokercore.equity._exact_plan import (
    EXACT_MAX_SECONDS,
    SUIT_RENAMINGS,
    _unique_rows,
    deal_classes,
    exact_deals,
    exact_seconds,
    normalise,
)
from pokercore.equity._holdem_equity import prepare
from pokercore.equity._tasks import exact_run
from pokercore.errors import PokercoreValueError

NO_BOARD = np.zeros(0, np.uint8)


def _ranges(players: list[str], board: str | None = None, dead: str | None = None) -> list:
    return normalise(prepare(players, board, dead)[1])


@pytest.mark.parametrize("width", [2, 4, 6, 10, 12, 20])
def test_unique_rows_is_numpys_unique_by_row(width: int) -> None:
    """First index and class of each row as np.unique(axis=0) gives them, one word (<= 10 codes) or two."""
    rng = np.random.default_rng(width)
    for m in (0, 1, 2, 50, 5000):
        rows = rng.integers(0, 3, size=(m, width)).astype(np.uint8) * 21  # few values: many equal rows
        rows[:, ::3] = rng.integers(0, 64, size=rows[:, ::3].shape)
        rows[m // 2:] = rows[: m - m // 2]  # whole rows repeated
        first, cls = _unique_rows(rows)
        _, want_first, want_cls = np.unique(rows, axis=0, return_index=True, return_inverse=True)
        assert first.tolist() == want_first.tolist() and cls.tolist() == want_cls.reshape(-1).tolist()


def test_deal_classes_group_exactly_the_deals_a_renaming_of_suits_maps_onto_each_other() -> None:
    rng = np.random.default_rng(3)
    ranges = _ranges(["AA,KK,AKs", "QQ,JJ,T9s", "random"])
    plan = exact_deals(ranges, 1, 5, NO_BOARD, 0, limit=float("inf"))
    reps, cls = plan.classes
    holes = plan.holes
    canon = _deals.canonical_deals(holes, NO_BOARD, 0)
    assert len(reps) < len(holes) / 10 and cls.min() == 0 and cls.max() == len(reps) - 1
    for a in rng.integers(0, len(holes), size=2000):  # same class <=> same least encoding
        assert (canon[a] == _deals.canonical_deals(reps[cls[a]][None, :], NO_BOARD, 0)[0]).all()
    same = canon[:, None, :] == canon[None, :300, :]
    assert ((cls[:, None] == cls[None, :300]) == same.all(axis=2)).all()
    # A renaming of suits that moves a dead card does not make two deals alike.
    one_deal = np.array([[51, 47, 43, 39], [50, 46, 42, 38]], dtype=np.uint8)  # AsKs-QsJs, AhKh-QhJh
    assert deal_classes(one_deal, NO_BOARD, 0)[1].tolist() == [0, 0]
    assert deal_classes(one_deal, NO_BOARD, 1 << 3) is None  # 2s dead: spades are no longer like hearts


def test_random_vs_random_preflop_is_planned_by_its_classes() -> None:
    ranges = _ranges(["random", "random"])
    with pytest.raises(PokercoreValueError, match=r"1,624,350 deals x 1,712,304 boards.*limit is 300 seconds"):
        exact_deals(ranges, 1_712_304, 5, NO_BOARD, 0, by_class=False)  # every deal: about 13 minutes
    plan = exact_deals(ranges, 1_712_304, 5, NO_BOARD, 0)
    assert len(plan.holes) == 1_624_350 and plan.classes is not None
    n = len(plan.classes[0])
    assert len(plan.holes) / SUIT_RENAMINGS <= n < len(plan.holes) / 15  # 93,769
    assert exact_seconds(n, 2, 5) <= EXACT_MAX_SECONDS


def test_a_run_over_the_limit_by_its_classes_is_refused_naming_them() -> None:
    ranges = _ranges(["AA", "KK", "random"])
    plan = exact_deals(ranges, 1_370_754, 5, NO_BOARD, 0, limit=60.0)
    assert len(plan.holes) == 40_608 and len(plan.classes[0]) == 1_993
    with pytest.raises(PokercoreValueError, match=r"40,608 deals in 1,993 classes alike up to suits x 1,370,754 "
                                                  r"boards x 3 players"):
        exact_deals(ranges, 1_370_754, 5, NO_BOARD, 0, limit=1.4)
    # Beyond the limit even with a class per 24 deals: refused by the deals, no classes sought.
    with pytest.raises(PokercoreValueError, match=r"40,608 deals x 1,370,754 boards.*about 30 seconds"):
        exact_deals(ranges, 1_370_754, 5, NO_BOARD, 0, limit=1.2)


def test_classes_give_the_floats_of_enumerating_every_deal_on_threads_and_on_an_executor() -> None:
    players, board = ["AA,KK", "QQ,JJ", "random"], "2c 7c Tc"  # renamings of the other three suits
    _, ranges, board_codes, _ = prepare(players, board, None)
    ranges = normalise(ranges)
    board_arr = np.array(board_codes, dtype=np.uint8)
    plan = exact_deals(ranges, 1081, 2, board_arr, 0)
    assert plan.classes is not None and len(plan.classes[0]) < len(plan.holes) / 2
    every = exact_run(plan.holes, plan.weights, board_arr, 0, 1, None)  # no classes: every deal
    threads = exact_run(plan.holes, plan.weights, board_arr, 0, 2, None, None, plan.classes)
    with ThreadPoolExecutor(2) as pool:
        pooled = exact_run(plan.holes, plan.weights, board_arr, 0, 1, None, pool, plan.classes)
    for counts, total in (threads, pooled):
        assert total == every[1] and counts.tolist() == every[0].tolist()


def test_the_automatic_choice_counts_classes_and_says_so() -> None:
    r = equity(["AKs", "random"])
    assert r.exact and r.method == ("exact (chosen: 4,900 deals in 367 classes alike up to suits x 1,712,304 boards, "
                                    "under a second on one core)")
    with ThreadPoolExecutor(1) as pool:
        on_pool = equity(["AKs", "random"], executor=pool)
    assert on_pool.method == r.method and [p.equity for p in on_pool.players] == [p.equity for p in r.players]
    # Over a second even with a class per 24 deals: Monte Carlo, and no classes sought.
    assert equity(["AA", "KK", "random"], seed=1).method.endswith("40,608 deals x 1,370,754 boards, about 30 "
                                                                  "seconds on one core)")
