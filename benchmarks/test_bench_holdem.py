"""Hold'em and Omaha benchmarks: pokercore next to eval7, phevaluator and treys.

Run ``python -m pytest benchmarks/test_bench_holdem.py --benchmark-only``.
Each group has a pokercore reference row; the summary at the end of the run
prints every row's cost and its ratio to the reference.  Peer answers are
checked against pokercore's before timing.  No test asserts a time.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

import pokercore as pc
from pokercore.equity import equity
from pokercore.holdem import evaluate7, evaluate7_batch, evaluate_omaha_batch

SEED = 2026
CALL_HANDS = 2_000
BATCH_HANDS = 1_000_000
G_CALL = f"eval7 per call ({CALL_HANDS:,} random 7-card hands per round)"
G_BATCH = f"eval7 batch ({BATCH_HANDS:,} random 7-card hands per round)"
G_OMAHA = "omaha 4-card batch (200,000 hands per round)"
G_EXACT = "exact heads-up preflop AsKs vs QdQc (1,712,304 boards)"
G_MC = "Monte Carlo AsKs vs QQ+,AKs,AKo (200,000 samples per round)"
MC_SAMPLES = 200_000


def _cards7(eval7: Any, hands: list[list[int]]) -> list[list[Any]]:
    deck = [eval7.Card(pc.format_card(c)) for c in range(52)]
    return [[deck[c] for c in h] for h in hands]


@pytest.fixture(scope="module")
def call_hands() -> list[list[int]]:
    return pc.random_hands(CALL_HANDS, 7, seed=SEED).tolist()


@pytest.mark.benchmark(group=G_CALL)
def test_pokercore_evaluate7(measure: Any, call_hands: list[list[int]]) -> None:
    f = evaluate7

    def run() -> None:
        for h in call_hands:
            f(h)

    measure(run, CALL_HANDS, reference=True)


@pytest.mark.benchmark(group=G_CALL)
def test_eval7_evaluate(measure: Any, call_hands: list[list[int]]) -> None:
    eval7 = pytest.importorskip("eval7")
    cards = _cards7(eval7, call_hands)
    f = eval7.evaluate
    ours = [evaluate7(h) for h in call_hands]
    theirs = [f(c) for c in cards]
    assert all((a < b) == (c < d) for (a, c), (b, d) in zip(zip(ours, theirs), zip(ours[1:], theirs[1:])))

    def run() -> None:
        for c in cards:
            f(c)

    measure(run, CALL_HANDS)


@pytest.mark.benchmark(group=G_CALL)
def test_phevaluator_native(measure: Any, call_hands: list[list[int]]) -> None:
    native = pytest.importorskip("phevaluator._pheval")
    g = native.evaluate_7cards
    ours = [evaluate7(h) for h in call_hands]
    theirs = [-g(*h) for h in call_hands]
    assert all((a < b) == (c < d) for (a, c), (b, d) in zip(zip(ours, theirs), zip(ours[1:], theirs[1:])))

    def run() -> None:
        for h in call_hands:
            g(*h)

    measure(run, CALL_HANDS)


@pytest.mark.benchmark(group=G_BATCH)
def test_evaluate7_batch(measure: Any) -> None:
    hands = pc.random_hands(BATCH_HANDS, 7, seed=SEED)
    out = np.empty(BATCH_HANDS, dtype=np.int32)
    assert measure(lambda: evaluate7_batch(hands, out=out), BATCH_HANDS, reference=True) is out


@pytest.mark.benchmark(group=G_BATCH)
def test_evaluate5_batch_same_bytes(measure: Any) -> None:
    """The five-card batch on as many hands, for scale."""
    hands = pc.random_hands(BATCH_HANDS, 5, seed=SEED)
    measure(lambda: pc.evaluate5_batch(hands), BATCH_HANDS)


@pytest.mark.benchmark(group=G_OMAHA)
def test_omaha_batch(measure: Any) -> None:
    deal = pc.random_hands(200_000, 9, seed=SEED)
    holes, boards = np.ascontiguousarray(deal[:, :4]), np.ascontiguousarray(deal[:, 4:])
    measure(lambda: evaluate_omaha_batch(holes, boards), len(deal), reference=True)


@pytest.mark.benchmark(group=G_OMAHA)
def test_phevaluator_omaha_loop(measure: Any) -> None:
    native = pytest.importorskip("phevaluator._pheval")
    deal = pc.random_hands(20_000, 9, seed=SEED).tolist()
    g = native.evaluate_omaha_cards
    rows = [d[4:] + d[:4] for d in deal]

    def run() -> None:
        for r in rows:
            g(*r)

    measure(run, len(rows), rounds=3)


@pytest.mark.benchmark(group=G_EXACT)
def test_exact_preflop(measure: Any) -> None:
    r = measure(lambda: equity(["AsKs", "QdQc"]), 1, reference=True)
    assert r.exact and r.trials == 1_712_304


@pytest.mark.benchmark(group=G_EXACT)
def test_exact_preflop_two_threads(measure: Any) -> None:
    r = measure(lambda: equity(["AsKs", "QdQc"], workers=2), 1)
    assert r.exact


@pytest.mark.benchmark(group=G_EXACT)
def test_eval7_loop_every_10th_board(measure: Any) -> None:
    """eval7 over a tenth of the boards (multiply its time by 10)."""
    eval7 = pytest.importorskip("eval7")
    deck = [c for c in range(52) if c not in pc.parse_cards("As Ks Qd Qc")]
    boards = _cards7(eval7, [list(b) for i, b in enumerate(itertools.combinations(deck, 5)) if i % 10 == 0])
    h1, h2 = _cards7(eval7, [pc.parse_cards("As Ks"), pc.parse_cards("Qd Qc")])
    f = eval7.evaluate

    def run() -> int:
        return sum(f(h1 + b) > f(h2 + b) for b in boards)

    measure(run, 1, rounds=2)


@pytest.mark.benchmark(group=G_MC)
def test_mc_pokercore(measure: Any) -> None:
    measure(lambda: equity(["AsKs", "QQ+,AKs,AKo"], samples=MC_SAMPLES, seed=1), MC_SAMPLES, reference=True)


@pytest.mark.benchmark(group=G_MC)
def test_mc_pokercore_two_threads(measure: Any) -> None:
    measure(lambda: equity(["AsKs", "QQ+,AKs,AKo"], samples=MC_SAMPLES, seed=1, workers=2), MC_SAMPLES)


@pytest.mark.benchmark(group=G_MC)
def test_mc_eval7(measure: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    hand = _cards7(eval7, [pc.parse_cards("As Ks")])[0]
    hr = eval7.HandRange("QQ+,AKs,AKo")
    measure(lambda: eval7.py_hand_vs_range_monte_carlo(hand, hr, [], MC_SAMPLES), MC_SAMPLES)
