"""The conditional Monte Carlo sampler (two or more ranged players): its draws and weights follow the
proposal it claims, its estimates match exact enumeration on heavily overlapping ranges, and its sums are
exact, so the seed and the sample count alone decide a result."""

from __future__ import annotations

import importlib
import itertools
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercore.equity import _montecarlo
from pokercore.equity._arguments import prepare
from pokercore.equity._exact_plan import arrays, normalise
from pokercore.equity._holdem_equity import equity
from pokercore.errors import PokercoreValueError

mc = importlib.import_module("pokercore.equity._sampling")
eq = importlib.import_module("pokercore.equity._holdem_equity")


def plan_for(players: list[str], board: str = "", dead: str = "") -> tuple[_montecarlo.MonteCarloPlan, list]:
    _, ranges, board_codes, dead_codes = prepare(players, board or None, dead or None)
    ranges = normalise(ranges)
    plan = _montecarlo.MonteCarloPlan(*arrays(ranges), np.array(board_codes, dtype=np.uint8), eq._mask(dead_codes))
    return plan, ranges


# Heavy overlap, 3 to 6 players, weights; every one runs the conditional sampler (checked below).
OVERLAP = [
    (["AA,KK,QQ"] * 3, "2c 3d 4h"),
    (["AA,KK,QQ:0.5,AKs"] * 4, "2c 3d 4h 5s"),
    (["AA,KK,QQ,JJ"] * 5, "2c 3d 4h 8s"),
    (["AA,KK,QQ"] * 6, "2c 3d 4h 5s 9h"),
    (["QQ+:0.5,AKs:0.25,AQs", "AA:0.3,KK,AKs", "KK+,AK:0.7"], "Qh 7d 2c"),
    (["AK,AQ", "AK:0.4,KQ", "AQ,KQ:0.2"], "2c 7d 9h 3s"),
    (["AhKh,AsKs,AdKd", "AhQh:0.5,AsQs,KhQh", "KsQs,AdQd,KdQd"], "2c 7d 9h"),  # dead ends
    (["AK:0.5,AA,KK", "AK,AA:0.2", "KK,AK", "AA,KK:0.3,AKs"], "2c 7d 9h 3s"),
]


@pytest.mark.parametrize("players, board", OVERLAP)
def test_overlapping_ranges_match_exact_enumeration(players: list[str], board: str) -> None:
    plan, _ = plan_for(players, board)
    assert mc.choose_weighted(plan), "the case must exercise the conditional sampler"
    exact = equity(players, board=board, exact=True)
    n = 120_000
    r = equity(players, board=board, samples=n, seed=17)
    assert "conditional sampler" in r.method and r.trials == n
    for e, m in zip(exact.players, r.players):
        assert 0 < m.stderr < 0.05
        assert abs(m.equity - e.equity) <= 4.5 * m.stderr, (players, e, m)
        assert abs(m.win + m.tie_equity - m.equity) < 1e-12
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-9


def _deals(ranges: list) -> dict[tuple[int, ...], float]:
    """Every deal (combo indices) of the ranges with no card shared, and its weight (the target, unnormalised)."""
    out = {}
    for idx in itertools.product(*(range(len(r)) for r in ranges)):
        cards = [c for q, j in enumerate(idx) for c in ranges[q][j][0]]
        if len(set(cards)) == len(cards):
            out[idx] = float(np.prod([ranges[q][j][1] for q, j in enumerate(idx)]))
    return out


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sets(st.sampled_from(["AA", "KK", "QQ", "AKs", "AKo", "KQs", "AQ", "QQ:0.3", "KK:0.6"]),
                        min_size=1, max_size=3), min_size=3, max_size=4),
       st.sampled_from(["2c 7d 9h 3s", "2c 7d 9h 3s 5c", "Ts 6h 4d"]))
def test_random_overlapping_ranges_match_exact(parts: list[set[str]], board: str) -> None:
    players = [",".join(sorted(p)) for p in parts]
    try:
        exact = equity(players, board=board, exact=True)
    except Exception as exc:  # no deal at all: Monte Carlo must say so too
        with pytest.raises(type(exc)):
            equity(players, board=board, samples=20_000, seed=3)
        return
    r = equity(players, board=board, samples=60_000, seed=3)
    for e, m in zip(exact.players, r.players):
        assert abs(m.equity - e.equity) <= 5 * m.stderr + 1e-12, (players, board, e, m)


def test_draws_follow_the_proposal_and_weights_are_the_card_removal_factor() -> None:
    """Each traced deal's weight is prod Z_i / W_i (recomputed here), and the deals come with probability
    prod w_i / Z_i: so weight x frequency is proportional to the target, the product of the weights."""
    players, board = ["AA,KK:0.5,AKs", "AA:0.25,KK,AK", "KK,AA,AKo:0.7"], "2c 7d 9h 3s 5h"
    plan, ranges = plan_for(players, board)
    n = 200_000
    cards, weights = plan.trace_weighted(4, n)
    # The draw order is the narrowest range first (stable): recompute it as the kernel does.
    order = sorted(range(3), key=lambda q: len(ranges[q]))
    seen: dict[tuple[int, ...], int] = {}
    proposal: dict[tuple[int, ...], float] = {}
    for row, w in zip(cards.tolist(), weights.tolist()):
        key = tuple(row)
        if key not in proposal:
            used: set[int] = set()
            q_prob, weight = 1.0, 1.0
            for q in order:
                r = ranges[q]
                total = sum(x for _, x in r)
                left = sum(x for c, x in r if not used & set(c))
                combo, x = r[row[q]]
                q_prob *= x / left
                weight *= left / total
                used |= set(combo)
            proposal[key] = q_prob
            assert w == pytest.approx(weight, rel=1e-12)
        seen[key] = seen.get(key, 0) + 1
    keys = list(proposal)
    expected = np.array([n * proposal[k] for k in keys])
    observed = np.array([seen[k] for k in keys], dtype=float)
    assert abs(expected.sum() - n) < 1e-6 * n, "a possible deal was never drawn"
    stat = float(((observed - expected) ** 2 / expected).sum())
    dof = len(keys) - 1
    assert stat < dof + 6 * (2 * dof) ** 0.5
    # weight x proposal = target / normaliser, for every deal; every deal of the target is drawn
    target = _deals(ranges)
    assert set(target) == set(keys)
    ratio = [weights[np.flatnonzero((cards == k).all(axis=1))[0]] * proposal[k] / target[k] for k in keys]
    assert max(ratio) == pytest.approx(min(ratio), rel=1e-12)


def test_dead_ends_weigh_zero_and_deal_nothing() -> None:
    players = ["AhKh,AsKs,AdKd", "AhQh,AsQs,KhQh", "KsQs,AdQd,KdQd"]  # a draw in nine ends with no combo left
    plan, _ = plan_for(players)
    cards, weights = plan.trace_weighted(2, 20_000)
    dead = weights == 0
    assert 0 < dead.sum() < len(weights)
    assert (cards[dead] == -1).all() and (cards[~dead] >= 0).all()
    _, n_dead = plan.run_weighted(np.array([2], np.uint64), 0, 1, 20_000, 20_000)
    assert n_dead == dead.sum()
    assert abs(equity(players, samples=50_000, seed=1).players[0].equity
               - equity(players, exact=True).players[0].equity) < 0.02


def test_sums_are_exact_whatever_the_grouping() -> None:
    plan, _ = plan_for(["AA,KK,QQ:0.3,AKs"] * 4, "2c 3d 4h")
    seeds = np.random.SeedSequence(5).generate_state(8, np.uint64)
    whole = mc._exact_ints(plan.run_weighted(seeds, 0, 8, 8 * 512, 512)[0])
    parts = [mc._exact_ints(plan.run_weighted(seeds[lo:hi], lo, hi, 8 * 512, 512, None, False, lo)[0])
             for lo, hi in [(0, 3), (3, 4), (4, 8)]]
    assert (whole == parts[0] + parts[1] + parts[2]).all()
    # The fixed-point sums are the double sums of each unit: close to float64 arithmetic.
    _, w = plan.trace_weighted(seeds[0], 512)
    one = mc._exact_ints(plan.run_weighted(seeds, 0, 1, 512, 512)[0])
    assert one[-2] / 2**192 == pytest.approx(w.sum(), rel=1e-15)
    assert one[-1] / 2**192 == pytest.approx((w * w).sum(), rel=1e-15)


def test_same_seed_and_samples_same_answer_on_any_workers_and_executor() -> None:
    players, board = ["AA,KK,QQ,AKs"] * 5, "2c 3d 4h"
    runs = [equity(players, board=board, samples=70_001, seed=9, workers=w) for w in (1, 2, 3)]
    runs.append(equity(players, board=board, samples=70_001, seed=9, progress=lambda d, t: None))
    with ThreadPoolExecutor(2) as pool:
        runs.append(equity(players, board=board, samples=70_001, seed=9, executor=pool))
    assert all(r == runs[0] for r in runs)
    assert equity(players, board=board, samples=70_001, seed=10) != runs[0]


def test_target_stderr_and_a_time_budget_are_reproduced_by_samples() -> None:
    players, board = ["AA,KK,QQ"] * 4, "2c 3d 4h"
    t = equity(players, board=board, target_stderr=0.002, seed=4)
    assert t.players == equity(players, board=board, samples=int(t.trials), seed=4).players
    s = equity(players, board=board, seconds=0.05, seed=4)
    assert s.trials % mc.SECONDS_BLOCK == 0 and f"samples={int(s.trials)} with seed 4" in s.method
    assert s.players == equity(players, board=board, samples=int(s.trials), seed=4).players
    capped = equity(players, board=board, seconds=60, samples=70_000, seed=4)
    assert capped.trials == 70_000
    assert capped.players == equity(players, board=board, samples=70_000, seed=4).players


@pytest.mark.parametrize("kwargs, match", [
    ({"seconds": 0}, "seconds must be a number from 0.01"),
    ({"seconds": True}, "seconds must be a number"),
    ({"seconds": float("nan")}, "seconds must be a number"),
    ({"seconds": 1, "exact": True}, "exact=True runs to the end"),
    ({"seconds": 1, "target_stderr": 0.01}, "not both"),
])
def test_bad_time_budgets_are_refused(kwargs: dict, match: str) -> None:
    with pytest.raises(PokercoreValueError, match=match):
        equity(["AA", "KK"], **kwargs)


def test_ten_players_on_five_pairs_get_an_answer_and_exact_refuses_up_front() -> None:
    players = ["AA,KK,QQ,JJ,TT"] * 10
    with pytest.raises(PokercoreValueError, match=r"more than 2,000,000 deals.*samples="):
        equity(players, exact=True)
    r = equity(players, samples=60_000, seed=1)
    assert "conditional sampler" in r.method
    for p in r.players:  # the same range for everyone: each holds a tenth of the pot
        assert abs(p.equity - 0.1) <= 4.5 * p.stderr
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-9


def test_symmetric_six_way_overlap_is_fair() -> None:
    r = equity(["TT+,AQs+,AKo"] * 6, samples=100_000, seed=2)
    for p in r.players:
        assert abs(p.equity - 1 / 6) <= 4.5 * p.stderr


def test_the_weighted_methods_guard_their_arguments() -> None:
    plan, _ = plan_for(["AsKs", "QQ+"])
    assert not plan.weighted and not mc.choose_weighted(plan)
    with pytest.raises(ValueError, match="fewer than two ranged"):
        plan.run_weighted(np.ones(1, np.uint64), 0, 1, 10, 10)
    with pytest.raises(ValueError, match="fewer than two ranged"):
        plan.trace_weighted(1, 10)
    plan, _ = plan_for(["AA,KK", "AA,KK"])
    assert plan.weighted
    for args in [(np.ones(1, np.uint64), 0, 2, 10, 10), (np.ones(1, np.uint64), 0, 1, 10, 0),
                 (np.ones(1, np.uint64), 1, 0, 10, 10)]:
        with pytest.raises(ValueError, match="bad unit range"):
            plan.run_weighted(*args)
    with pytest.raises(ValueError):
        plan.trace_weighted(1, 0)


def test_weighted_plans_survive_any_byte() -> None:
    rng = np.random.default_rng(8)
    seeds = np.arange(1, 3, dtype=np.uint64)
    built = 0
    for _ in range(200):
        junk = rng.integers(0, 256, size=(9, 2), dtype=np.uint8)
        try:
            p = _montecarlo.MonteCarloPlan(junk, np.array([0, 3, 6, 9], dtype=np.int64), rng.random(9) + 0.1,
                                           rng.integers(0, 256, size=3, dtype=np.uint8),
                                           int(rng.integers(0, 1 << 63)))
        except ValueError:
            continue
        built += 1
        sums, dead = p.run_weighted(seeds, 0, 2, 600, 300)
        assert 0 <= dead <= 600 and sums.shape == (222, 4)
        _, w = p.trace_weighted(5, 300)
        assert ((w >= 0) & (w <= 1)).all()
    assert built > 20


def test_command_line_time_budget_prints_the_count_that_reproduces_it(capsys: pytest.CaptureFixture[str]) -> None:
    import re

    from pokercore.cli._equity import main

    args = ["AA,KK,QQ", "AA,KK,QQ", "AA,KK,QQ", "--board", "2c 3d 4h", "--seed", "3"]
    assert main([*args, "--seconds", "0.05"]) == 0
    timed = capsys.readouterr().out
    n = int(re.search(r"samples=(\d+) with seed 3", timed).group(1))  # type: ignore[union-attr]
    assert f"Monte Carlo: {n:,} samples, seed 3" in timed
    assert main([*args, "--samples", str(n)]) == 0
    again = capsys.readouterr().out
    assert timed.splitlines()[:4] == again.splitlines()[:4]
    assert main([*args, "--seconds", "-1"]) == 2
    assert "seconds must be a number" in capsys.readouterr().err
