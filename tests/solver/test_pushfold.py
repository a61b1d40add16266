"""Heads-up push/fold: the solver against an independent fictitious play, exact best responses and charts."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from functools import lru_cache
from importlib.resources import files

import numpy as np
import pytest

from pokercore.equity import equity
from pokercore.equity._grid import hand_class
from pokercore.errors import PokercoreError, PokercoreTypeError
from pokercore.solver import HAND_CLASSES, InvalidStacksError, PushFoldResult, SolverInputError, push_fold


@lru_cache(maxsize=1)
def shipped_equity() -> np.ndarray:
    """The shipped table, read straight from the file (not through the solver)."""
    with files("pokercore").joinpath("data", "pushfold_equity.npz").open("rb") as f, np.load(f) as data:
        assert [str(x) for x in data["classes"]] == list(HAND_CLASSES)
        return np.asarray(data["equity"], dtype=np.float64)


@lru_cache(maxsize=1)
def meetings() -> np.ndarray:
    """Combo pairs of two classes that share no card, counted one pair at a time."""
    index = {name: k for k, name in enumerate(HAND_CLASSES)}
    combos = [(set(c), index[hand_class(*c)]) for c in itertools.combinations(range(52), 2)]
    counts = np.zeros((169, 169))
    for (c1, k1), (c2, k2) in itertools.product(combos, combos):
        if not c1 & c2:
            counts[k1, k2] += 1
    return counts


def payoff(stack: float, ante: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The small blind's result for (push, call), (push, fold), (fold, any), per pair of classes."""
    e = shipped_equity()
    called = 2 * stack * e - stack
    stolen = np.full_like(e, 1 + ante)
    folded = np.full_like(e, -(0.5 + ante))
    return called, stolen, folded


def sb_value(p: np.ndarray, q: np.ndarray, stack: float, ante: float) -> float:
    """The small blind's EV per hand, straight from the definition: sum over deals of prob x result."""
    called, stolen, folded = payoff(stack, ante)
    w = meetings() / meetings().sum()
    pp, qq = p[:, None], q[None, :]
    return float((w * (pp * qq * called + pp * (1 - qq) * stolen + (1 - pp) * folded)).sum())


def best_responses(p: np.ndarray, q: np.ndarray, stack: float, ante: float) -> tuple[float, float]:
    """(small blind's best EV against q, small blind's EV against the big blind's best reply to p)."""
    called, stolen, folded = payoff(stack, ante)
    w = meetings()
    best_sb = 0.0
    for a in range(169):
        push = (w[a] * (q * called[a] + (1 - q) * stolen[a])).sum()
        fold = (w[a] * folded[a]).sum()
        best_sb += max(push, fold)
    worst = 0.0
    for b in range(169):
        call = (w[:, b] * (p * called[:, b] + (1 - p) * folded[:, b])).sum()
        no = (w[:, b] * (p * stolen[:, b] + (1 - p) * folded[:, b])).sum()
        worst += min(call, no)
    return best_sb / w.sum(), worst / w.sum()


def fictitious_play(stack: float, ante: float, rounds: int) -> tuple[np.ndarray, np.ndarray]:
    """Brown's fictitious play: each round both best-respond to the other's average so far."""
    called, stolen, folded = payoff(stack, ante)
    w = meetings()
    p_sum, q_sum = np.zeros(169), np.zeros(169)
    p, q = np.full(169, 0.5), np.full(169, 0.5)
    for t in range(1, rounds + 1):
        p_sum += p
        q_sum += q
        p_avg, q_avg = p_sum / t, q_sum / t
        push = (w * (q_avg[None, :] * called + (1 - q_avg[None, :]) * stolen)).sum(axis=1)
        fold = (w * folded).sum(axis=1)
        call = (w * (p_avg[:, None] * called)).sum(axis=0)  # the small blind's result when called...
        no = (w * (p_avg[:, None] * stolen)).sum(axis=0)  # ...and when the big blind folds
        p = (push > fold).astype(float)
        q = (call < no).astype(float)  # the big blind calls where the small blind gets less
    return p_sum / rounds, q_sum / rounds


def combo_share(weights: np.ndarray | tuple[float, ...]) -> float:
    sizes = np.array([6 if len(c) == 2 else 4 if c[2] == "s" else 12 for c in HAND_CLASSES])
    return float(sizes @ np.asarray(weights) / 1326)


def test_the_shipped_table_is_pokercores_exact_equity():
    e = shipped_equity()
    k = HAND_CLASSES.index
    for a, b in [("AKs", "QQ"), ("72o", "AA"), ("AKo", "AQo"), ("T9s", "86s"), ("22", "AKo"), ("K2o", "K2o")]:
        exact = equity([a, b], exact=True).players[0].equity
        assert e[k(a), k(b)] == pytest.approx(exact, abs=1e-7)
    assert np.abs(e + e.T - 1).max() < 1e-7


@pytest.mark.parametrize("hand", ["AA", "72o", "T9s"])
def test_whole_rows_of_the_table_match_the_engine(hand: str):
    # A whole row against every class: what `python -m pokercore.solver._table` computes, one call each.
    row = shipped_equity()[HAND_CLASSES.index(hand)]
    exact = [equity([hand, other], exact=True).players[0].equity for other in HAND_CLASSES]
    assert np.abs(row - np.array(exact)).max() < 1e-7


def test_the_card_removal_counts_every_pair_of_combos():
    w = meetings()
    assert w.sum() == 1326 * 1225
    k = HAND_CLASSES.index
    assert w[k("AA"), k("AA")] == 6 and w[k("AKs"), k("AQs")] == 12 and w[k("AA"), k("KK")] == 36


@pytest.mark.parametrize(("stack", "ante"), [(2.0, 0.0), (5.0, 0.0), (10.0, 0.0), (20.0, 0.0), (10.0, 0.125)])
def test_agrees_with_an_independent_fictitious_play(stack: float, ante: float):
    r = push_fold(stack, ante)
    p_fp, q_fp = fictitious_play(stack, ante, rounds=3000)
    # Fictitious play's averages are within about 1/rounds of an equilibrium's shape: shares within 1%.
    assert r.sb_push_fraction == pytest.approx(combo_share(p_fp), abs=0.01)
    assert r.bb_call_fraction == pytest.approx(combo_share(q_fp), abs=0.01)
    # The game value is unique: both reach it (fictitious play within 2e-3 bb).
    assert r.sb_ev == pytest.approx(sb_value(p_fp, q_fp, stack, ante), abs=2e-3)
    # Hands far from indifference are played alike.
    strong = [k for k in range(169) if abs(p_fp[k] - 0.5) > 0.49]
    assert sum(round(p_fp[k]) != round(r.sb_push[k]) for k in strong) <= 2


@pytest.mark.parametrize(("stack", "ante"), [(1.0, 0.0), (3.0, 0.0), (7.5, 0.0), (10.0, 0.0), (15.0, 0.1),
                                             (40.0, 0.0), (100.0, 0.0)])
def test_exploitability_recomputed_from_the_definition(stack: float, ante: float):
    r = push_fold(stack, ante)
    p, q = np.array(r.sb_push), np.array(r.bb_call)
    v = sb_value(p, q, stack, ante)
    best_sb, worst = best_responses(p, q, stack, ante)
    independent = ((best_sb - v) + (v - worst)) / 2
    assert r.converged
    assert independent <= 1e-5 + 1e-9
    assert r.exploitability == pytest.approx(max(independent, 0.0), abs=1e-9)
    assert r.sb_ev == pytest.approx(v, abs=1e-9)
    assert r.sb_ev + r.bb_ev == 0.0  # chips conserved: what one wins the other loses


def test_holdemresources_chart_thresholds():
    # HoldemResources' heads-up Nash push/fold charts (holdemresources.net/h/poker-theory/hune/usage.html):
    # 63s is pushed "for stack sizes between 7.1 and 5.1bb, and stacks below 2.3bb"; the big blind calls
    # Q2o up to 5.6bb.
    assert push_fold(2.2).push_weight("63s") == 1.0
    assert push_fold(2.4).push_weight("63s") == 0.0
    assert push_fold(4.0).push_weight("63s") == 0.0
    assert push_fold(6.0).push_weight("63s") == 1.0
    assert push_fold(7.2).push_weight("63s") == 0.0
    assert push_fold(5.5).call_weight("Q2o") == 1.0
    assert push_fold(5.7).call_weight("Q2o") == 0.0


def test_ten_big_blinds():
    r = push_fold(10)
    assert r.sb_push_fraction == pytest.approx(0.583, abs=0.001)  # about 58% of hands, as the charts say
    assert r.bb_call_fraction == pytest.approx(0.374, abs=0.001)
    assert r.push_weight("AA") == 1.0 and r.push_weight("72o") == 0.0 and r.push_weight("K2o") == 1.0
    assert r.call_weight("A2o") == 1.0 and r.call_weight("K2o") == 0.0
    assert 0 < r.push_weight("43s") < 1  # the one mixed push


def test_shape_over_stack_depths():
    shares = [push_fold(s).sb_push_fraction for s in (1.5, 3, 6, 10, 15, 25, 50)]
    assert shares == sorted(shares, reverse=True)
    assert push_fold(1.0).sb_push_fraction == 1.0  # the big blind is all in already: push everything
    deep = push_fold(1000)
    assert deep.push_weight("AA") == 1.0 and deep.sb_push_fraction < 0.01
    assert push_fold(10, ante=0.125).sb_push_fraction > push_fold(10).sb_push_fraction


def test_result_is_frozen_and_serialises():
    r = push_fold(8)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.stack = 9  # type: ignore[misc]
    d = json.loads(json.dumps(r.to_dict(), allow_nan=False))
    assert {"sb_push_fraction", "bb_call_fraction", "sb_push", "bb_call", "sb_range", "bb_range",
            "exploitability", "sb_ev", "bb_ev"} <= set(d)
    assert d["sb_push"]["AA"] == 1.0 and "72o" not in d["sb_push"]
    assert isinstance(r, PushFoldResult) and len(r.sb_push) == 169


def test_iteration_limit_reports_not_converged():
    r = push_fold(100, target=1e-300, max_iterations=1)
    assert r.iterations == 1
    assert r.converged == (r.exploitability <= 1e-300)


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"stack": -1}, "stack"), ({"stack": 0.5}, "stack"), ({"stack": math.nan}, "stack"),
    ({"stack": math.inf}, "stack"), ({"stack": 1.05, "ante": 0.1}, "stack"), ({"stack": 10, "ante": -0.1}, "ante"),
    ({"stack": 10, "target": 0}, "target"), ({"stack": 10, "max_iterations": 0}, "max_iterations"),
    ({"stack": 2e6}, "stack"),
])
def test_refuses_bad_input_naming_the_field(kwargs: dict[str, float], field: str):
    with pytest.raises(SolverInputError, match=field):
        push_fold(**kwargs)  # type: ignore[arg-type]


def test_refusals_are_pokercore_errors():
    with pytest.raises(InvalidStacksError, match="stack must be a number >= 1"):
        push_fold(0.5)
    with pytest.raises(PokercoreTypeError, match="stack must be a number"):
        push_fold("10")  # type: ignore[arg-type]
    with pytest.raises(PokercoreTypeError):
        push_fold(True)
    with pytest.raises(PokercoreError, match="starting-hand class"):
        push_fold(10).push_weight("AKx")
