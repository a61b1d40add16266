"""Monte Carlo sampler: the dealt cards and combos follow the right distributions, the counts follow the
dealt cards, results are reproducible on any number of workers, and the kernel is safe for any byte."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import pokercore as pc
from pokercore.equity import _montecarlo
from pokercore.equity._arguments import prepare
from pokercore.equity._exact_plan import arrays, normalise
from pokercore.equity._holdem_equity import equity
from pokercore.holdem import evaluate7

eq = importlib.import_module("pokercore.equity._holdem_equity")  # the module (the package exports the function)


def plan_for(players: list[str], board: str = "", dead: str = "") -> tuple[_montecarlo.MonteCarloPlan, list, list[int]]:
    """The plan :func:`equity` builds, its ranges and the known board."""
    _, ranges, board_codes, dead_codes = prepare(players, board or None, dead or None)
    ranges = normalise(ranges)
    plan = _montecarlo.MonteCarloPlan(*arrays(ranges), np.array(board_codes, dtype=np.uint8),
                                      eq._mask(dead_codes))
    return plan, ranges, board_codes + dead_codes


def chi2_ok(observed: np.ndarray, expected: np.ndarray) -> bool:
    """Pearson's statistic below its mean + 6 standard deviations (seeded draws: never flaky)."""
    keep = expected > 0
    assert observed[~keep].sum() == 0
    stat = float((((observed - expected) ** 2)[keep] / expected[keep]).sum())
    dof = int(keep.sum()) - 1
    return stat < dof + 6 * (2 * dof) ** 0.5


# Fixed hands only; one range (per-combo decks, no rejection); two ranges (rejection); weights.
SETUPS = [
    (["AsKs", "QdQc"], "", ""),
    (["AsKs", "QQ+,AKs,AKo"], "", ""),
    (["AsKs", "random"], "Qh 7d 2c 5s", ""),
    (["AhKh", "QQ:0.25,AKs,JJ"], "Qh 7d 2c", "3s"),
    (["AsKs", "JJ+,AQs:0.5", "22,33"], "", ""),
    (["AsKs", "QQ+,AK", "7c6c"], "Qh 7d 2c 3s", ""),
]


@pytest.mark.parametrize("players, board, dead", SETUPS)
def test_dealt_cards_are_legal_and_uniform(players: list[str], board: str, dead: str) -> None:
    plan, ranges, known = plan_for(players, board, dead)
    need = 5 - len(pc.parse_cards(board) if board else [])
    ranged = [p for p, r in enumerate(ranges) if len(r) > 1]
    fixed = {c for r in ranges if len(r) == 1 for c in r[0][0]}
    n = 60_000
    t = plan.trace(11, n)
    assert t.shape == (n, need + len(ranged))
    cards = t[:, :need]
    hole = np.array([[ranges[p][j][0] for p, j in zip(ranged, row)] for row in t[:, need:].tolist()],
                    dtype=np.int64).reshape(n, -1)
    every = np.concatenate([cards, hole], axis=1)
    assert every.min() >= 0 and every.max() < 52
    srt = np.sort(every, axis=1)
    assert (np.diff(srt, axis=1) > 0).all(), "a card dealt twice in one sample"
    assert not np.isin(every, list(fixed) + known).any(), "a known card dealt"
    # Each card's frequency on the board: need/left for every live card outside the sample's combos.
    live = [c for c in range(52) if c not in fixed and c not in known]
    left = len(live) - 2 * len(ranged)
    expected = np.zeros(52)
    for row in hole.tolist():
        hit = np.ones(52, dtype=bool)
        hit[row] = False
        expected[live] += need / left * hit[live]
    observed = np.bincount(cards.ravel(), minlength=52).astype(float)
    assert chi2_ok(observed, expected)
    # Ordered pairs of the first two board cards: uniform too (no position bias in the shuffle).
    if need >= 2 and not ranged:
        pairs = np.bincount(cards[:, 0] * 52 + cards[:, 1], minlength=52 * 52).astype(float)
        exp = np.zeros(52 * 52)
        for a in live:
            for b in live:
                if a != b:
                    exp[a * 52 + b] = n / (len(live) * (len(live) - 1))
        assert chi2_ok(pairs, exp)


@pytest.mark.parametrize("players, board, dead", SETUPS[:3])
def test_consecutive_samples_are_independent(players: list[str], board: str, dead: str) -> None:
    """The decks are shuffled in place from sample to sample: the next board must not depend on the last."""
    from math import comb

    plan, ranges, known = plan_for(players, board, dead)
    need = 5 - len(pc.parse_cards(board) if board else [])
    ranged = [p for p, r in enumerate(ranges) if len(r) > 1]
    fixed = {c for r in ranges if len(r) == 1 for c in r[0][0]}
    left = 52 - len(fixed) - len(known) - 2 * len(ranged)
    t = plan.trace(8, 100_000)
    if ranged:  # pairs of consecutive samples of the same combo
        same = np.flatnonzero(t[1:, need] == t[:-1, need])
        a, b = t[same, :need], t[same + 1, :need]
    else:
        a, b = t[:-1, :need], t[1:, :need]
    # Same card in the same position: 1/left; overlap of the two boards: hypergeometric.
    for d in range(need):
        hits = float((a[:, d] == b[:, d]).sum())
        assert chi2_ok(np.array([hits, len(a) - hits]), len(a) * np.array([1 / left, 1 - 1 / left]))
    overlap = np.array([len(set(x) & set(y)) for x, y in zip(a.tolist(), b.tolist())])
    law = np.array([comb(need, k) * comb(left - need, need - k) / comb(left, need) for k in range(need + 1)])
    assert chi2_ok(np.bincount(overlap, minlength=need + 1).astype(float), len(a) * law)


@pytest.mark.parametrize("players", [["AsKs", "QQ:0.25,AKs:0.5,JJ"], ["AsKs", "random"],
                                     ["AsKs", "QQ+:0.3,AK", "JJ:0.7,AQs"]])
def test_combos_follow_the_weights(players: list[str]) -> None:
    plan, ranges, _ = plan_for(players)
    ranged = [p for p, r in enumerate(ranges) if len(r) > 1]
    n = 120_000
    t = plan.trace(5, n)[:, 5:]
    if len(ranged) == 1:
        w = np.array([x for _, x in ranges[ranged[0]]])
        observed = np.bincount(t[:, 0], minlength=len(w)).astype(float)
        assert chi2_ok(observed, n * w / w.sum())
    else:  # joint law: product of the weights over disjoint pairs of combos
        r1, r2 = ranges[ranged[0]], ranges[ranged[1]]
        joint = np.array([[w1 * w2 * (not set(c1) & set(c2)) for c2, w2 in r2] for c1, w1 in r1])
        observed = np.bincount(t[:, 0] * len(r2) + t[:, 1], minlength=joint.size).astype(float)
        assert chi2_ok(observed, n * joint.ravel() / joint.sum())


@pytest.mark.parametrize("players, board, dead", SETUPS)
def test_counts_are_the_traced_samples_scored(players: list[str], board: str, dead: str) -> None:
    plan, ranges, _ = plan_for(players, board, dead)
    board_codes = pc.parse_cards(board) if board else []
    need = 5 - len(board_codes)
    ranged = [p for p, r in enumerate(ranges) if len(r) > 1]
    n = 3000
    t = plan.trace(21, n).tolist()
    expected = np.zeros((len(ranges), 11), dtype=np.int64)
    for row in t:
        hands = [list(r[0][0]) for r in ranges]
        for p, j in zip(ranged, row[need:]):
            hands[p] = list(ranges[p][j][0])
        full = board_codes + row[:need]
        ranks = [evaluate7(h + full) for h in hands]
        best = max(ranks)
        winners = [p for p, r in enumerate(ranks) if r == best]
        for p in winners:
            expected[p, 0 if len(winners) == 1 else len(winners)] += 1
    counts, rejects = plan.run(np.array([21], dtype=np.uint64), 0, 1, n, 1 << 20, 1_000_000)
    assert rejects >= 0
    assert (counts == expected).all()


MC_CASES = [
    (["AsKs", "QdQc"], "", ""),
    (["AsKs", "QQ+,AKs,AKo"], "", ""),
    (["AhKh", "QQ:0.25,AKs,JJ"], "Qh 7d 2c", "3s"),
    (["2c2d", "3c3d", "4c4d"], "Ah Kh Qh Jh", ""),       # mostly 3-way splits
    (["AsKs", "JJ+,AQs:0.5", "22,33"], "Qh 7d 2c", ""),  # two ranges: rejection sampling
    (["AsKd", "AcKh", "random"], "2c 3d 4h", ""),
    (["7s7h", "6d6c", "5s5h", "AK"], "Ks Kh Kd", ""),
]


@pytest.mark.parametrize("players, board, dead", MC_CASES)
def test_monte_carlo_within_4_standard_errors_of_exact(players: list[str], board: str, dead: str) -> None:
    exact = equity(players, board=board, dead=dead, exact=True)
    mc = equity(players, board=board, dead=dead, samples=80_000, seed=2)
    for e, m in zip(exact.players, mc.players):
        assert m.stderr > 0 or e.equity in (0.0, 1.0)
        assert abs(m.equity - e.equity) <= 4 * m.stderr + 1e-12, (e, m)
        se_win = (e.win * (1 - e.win) / 80_000) ** 0.5
        assert abs(m.win - e.win) <= 4 * se_win + 1e-12, (e, m)


def test_same_seed_same_result_on_any_number_of_workers() -> None:
    for players, board in [(["AsKs", "QQ+,AKs,AKo"], ""), (["AhKh", "QQ+,AKs", "random"], "Qh 7d 2c")]:
        runs = [equity(players, board=board, samples=50_001, seed=9, workers=w) for w in (1, 2, 3)]
        runs.append(equity(players, board=board, samples=50_001, seed=9, workers=2, progress=lambda d, t: None))
        assert all(r == runs[0] for r in runs)
        assert equity(players, board=board, samples=50_001, seed=10) != runs[0]
    # A prefix of units is the same stream: the first 4,096 samples do not depend on the total.
    plan, _, _ = plan_for(["AsKs", "QQ+,AKs,AKo"])
    seeds = np.random.SeedSequence(9).generate_state(3, np.uint64)
    a, _ = plan.run(seeds, 0, 1, eq.MC_UNIT, eq.MC_UNIT, 1000)
    b, _ = plan.run(seeds, 0, 1, 3 * eq.MC_UNIT, eq.MC_UNIT, 1000)
    assert (a == b).all()


def test_plan_copies_its_inputs_and_survives_any_byte() -> None:
    combos = np.array([[51, 47], [43, 42], [43, 41], [42, 41]], dtype=np.uint8)
    offsets = np.array([0, 1, 4], dtype=np.int64)
    weights = np.ones(4)
    board = np.array([0, 5, 9], dtype=np.uint8)
    plan = _montecarlo.MonteCarloPlan(combos, offsets, weights, board, 0)
    seeds = np.arange(1, 4, dtype=np.uint64)
    before, _ = plan.run(seeds, 0, 3, 10_000, 4096, 1000)
    combos[:] = 255
    offsets[:] = [0, 4, 1]
    board[:] = 200
    after, _ = plan.run(seeds, 0, 3, 10_000, 4096, 1000)
    assert (before == after).all()
    with pytest.raises(ValueError, match="already"):
        plan.__init__(combos, offsets, weights, board, 0)  # type: ignore[misc]
    # Codes outside 0..51: no crash, every sample scored (answers meaningless, memory safe).
    rng = np.random.default_rng(3)
    for _ in range(50):
        junk = rng.integers(0, 256, size=(6, 2), dtype=np.uint8)
        try:
            p = _montecarlo.MonteCarloPlan(junk, np.array([0, 2, 6], dtype=np.int64), rng.random(6) + 0.1,
                                       rng.integers(0, 256, size=3, dtype=np.uint8), int(rng.integers(0, 1 << 63)))
        except ValueError:
            continue
        counts, rejects = p.run(seeds, 0, 1, 500, 4096, 50)
        assert rejects == -1 or counts[:, 0].sum() + counts[:, 2:].sum() >= 500


@pytest.mark.parametrize("args", [
    (np.zeros((2, 2), np.uint8), np.array([0, 1], np.int64), np.ones(2)),     # one player
    (np.zeros((2, 2), np.uint8), np.array([0, 1, 3], np.int64), np.ones(2)),  # offsets past the end
    (np.zeros((2, 2), np.uint8), np.array([0, 2, 2], np.int64), np.ones(2)),  # an empty range
    (np.array([[0, 1], [2, 3]], np.uint8), np.array([0, 1, 2], np.int64), np.array([1.0, 0.0])),
    (np.array([[0, 1], [2, 3]], np.uint8), np.array([0, 1, 2], np.int64), np.array([1.0, np.nan])),
])
def test_plan_rejects_bad_shapes(args: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    combos, offsets, weights = args
    with pytest.raises(ValueError):
        _montecarlo.MonteCarloPlan(combos, offsets, weights, np.zeros(0, np.uint8), 0)
    plan = _montecarlo.MonteCarloPlan(np.array([[0, 1], [2, 3]], np.uint8), np.array([0, 1, 2], np.int64),
                                  np.ones(2), np.zeros(0, np.uint8), 0)
    with pytest.raises(ValueError):
        plan.run(np.ones(2, np.uint64), 0, 3, 100, 50, 10)
