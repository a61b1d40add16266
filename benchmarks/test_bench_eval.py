"""Evaluator benchmarks: pokercore next to treys, eval7, phevaluator and pokerkit.

Run ``python -m pytest benchmarks/ --benchmark-only`` (see README.md here).
Every library gets its natural fastest input, built before the clock starts
(the call forms are :data:`pokercore.bench.PER_CALL_CASES`, shared with
``python -m pokercore bench``).  Each per-call benchmark first checks that
the library orders the hands exactly as pokercore does, so a wrong
conversion cannot pass for a fast one.  No test asserts a time.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import pokercore as pc
from pokercore.bench import PER_CALL_CASES, Case, Prepared, all_five_card_hands

SEED = 2024
CALL_HANDS = 1_000  # hands per round of the per-call benchmarks
LOOP_HANDS = 10_000  # hands per round of "batch vs per-call loops"
BATCH_HANDS = 1_000_000  # hands per round of the batch benchmarks
ALL_HANDS = 2_598_960

G_CALL = f"eval5 per call ({CALL_HANDS:,} random hands per round)"
G_VS = f"eval5 batch vs per-call loops ({LOOP_HANDS:,} random hands per round)"
G_BATCH = f"eval5 batch ({BATCH_HANDS:,} random hands per round)"
G_ALL = f"eval5 batch, all {ALL_HANDS:,} hands"
G_EVAL3 = "eval3 (Binh 3-card hands)"
G_IMPORT = "import in a fresh interpreter (includes start-up)"

HEADLINE = [c for c in PER_CALL_CASES if c.headline]


def _prepare(case: Case, hands: list[list[int]]) -> Prepared:
    try:
        return case.prepare(hands)
    except ImportError as exc:
        pytest.skip(f"{case.library} is not installed ({exc})")


@pytest.fixture(scope="module")
def call_hands() -> list[list[int]]:
    return pc.random_hands(CALL_HANDS, 5, seed=SEED).tolist()


@pytest.fixture(scope="module")
def loop_hands() -> np.ndarray:
    return pc.random_hands(LOOP_HANDS, 5, seed=SEED + 1)


@pytest.fixture(scope="module")
def batch_hands() -> np.ndarray:
    return pc.random_hands(BATCH_HANDS, 5, seed=SEED + 2)


@pytest.fixture(scope="module")
def every_hand() -> np.ndarray:
    return all_five_card_hands()


# -- per call ---------------------------------------------------------------


@pytest.mark.benchmark(group=G_CALL)
@pytest.mark.parametrize("case", PER_CALL_CASES, ids=[c.name for c in PER_CALL_CASES])
def test_eval5_per_call(measure: Any, case: Case, call_hands: list[list[int]]) -> None:
    prepared = _prepare(case, call_hands)
    reference = [pc.evaluate5(h) for h in call_hands]
    assert prepared.orders_like(reference) is not False, f"{case.form} disagrees with pokercore"
    measure(prepared.run, len(call_hands), reference=case.name == "pokercore")


# -- batch next to the peers' per-call loops on the same hands ----------------


@pytest.mark.benchmark(group=G_VS)
def test_vs_pokercore_batch(measure: Any, loop_hands: np.ndarray) -> None:
    ranks = measure(lambda: pc.evaluate5_batch(loop_hands), LOOP_HANDS, reference=True)
    assert ranks.tolist()[:100] == [pc.evaluate5(h) for h in loop_hands[:100].tolist()]


@pytest.mark.benchmark(group=G_VS)
@pytest.mark.parametrize("case", HEADLINE, ids=[f"{c.name}-loop" for c in HEADLINE])
def test_vs_per_call_loop(measure: Any, case: Case, loop_hands: np.ndarray) -> None:
    prepared = _prepare(case, loop_hands.tolist())
    measure(prepared.run, LOOP_HANDS, rounds=5)


# -- batch --------------------------------------------------------------------


@pytest.mark.benchmark(group=G_BATCH)
def test_batch_random(measure: Any, batch_hands: np.ndarray) -> None:
    ranks = measure(lambda: pc.evaluate5_batch(batch_hands), BATCH_HANDS, reference=True)
    assert ranks.shape == (BATCH_HANDS,) and ranks.min() >= 1 and ranks.max() <= 7462


@pytest.mark.benchmark(group=G_BATCH)
def test_batch_random_binh(measure: Any, batch_hands: np.ndarray) -> None:
    ranks = measure(lambda: pc.evaluate5_batch(batch_hands, "binh"), BATCH_HANDS)
    assert ranks.shape == (BATCH_HANDS,)


@pytest.mark.benchmark(group=G_BATCH)
def test_batch_random_out(measure: Any, batch_hands: np.ndarray) -> None:
    out = np.empty(BATCH_HANDS, dtype=np.int32)
    assert measure(lambda: pc.evaluate5_batch(batch_hands, out=out), BATCH_HANDS) is out


@pytest.mark.benchmark(group=G_BATCH)
def test_batch_random_int64_input(measure: Any, batch_hands: np.ndarray) -> None:
    wide = batch_hands.astype(np.int64)  # converted to uint8 inside every call
    ranks = measure(lambda: pc.evaluate5_batch(wide), BATCH_HANDS)
    assert ranks[:1000].tolist() == pc.evaluate5_batch(batch_hands[:1000]).tolist()


@pytest.mark.benchmark(group=G_ALL)
def test_batch_all_hands(measure: Any, every_hand: np.ndarray) -> None:
    ranks = measure(lambda: pc.evaluate5_batch(every_hand), ALL_HANDS, reference=True)
    assert len(np.unique(ranks)) == 7462


@pytest.mark.benchmark(group=G_ALL)
def test_batch_all_hands_binh(measure: Any, every_hand: np.ndarray) -> None:
    ranks = measure(lambda: pc.evaluate5_batch(every_hand, "binh"), ALL_HANDS)
    assert len(np.unique(ranks)) == 7462


@pytest.mark.benchmark(group=G_ALL)
def test_batch_all_hands_out(measure: Any, every_hand: np.ndarray) -> None:
    out = np.empty(ALL_HANDS, dtype=np.int32)
    assert measure(lambda: pc.evaluate5_batch(every_hand, out=out), ALL_HANDS) is out


# -- three cards --------------------------------------------------------------


@pytest.mark.benchmark(group=G_EVAL3)
def test_eval3_batch(measure: Any) -> None:
    hands = pc.random_hands(BATCH_HANDS, 3, seed=SEED)
    ranks = measure(lambda: pc.evaluate3_batch(hands), BATCH_HANDS, reference=True)
    assert ranks[:100].tolist() == [pc.evaluate3(h) for h in hands[:100].tolist()]


@pytest.mark.benchmark(group=G_EVAL3)
def test_eval3_per_call(measure: Any) -> None:
    hands = pc.random_hands(CALL_HANDS, 3, seed=SEED).tolist()
    f = pc.evaluate3

    def run() -> None:
        for h in hands:
            f(h)

    measure(run, CALL_HANDS)


# -- import time ----------------------------------------------------------------

IMPORTS = {
    "pass": "pass",
    "pokercore": "import pokercore",
    "pokercore+evaluate5": "import pokercore; pokercore.evaluate5([0, 5, 10, 15, 20])",
    "numpy": "import numpy",
    "eval7": "import eval7",
    "phevaluator": "import phevaluator.evaluator",
    "treys": "import treys; treys.Evaluator()",
    "pokerkit": "import pokerkit",
}


@pytest.mark.benchmark(group=G_IMPORT)
@pytest.mark.parametrize("name", list(IMPORTS))
def test_import(measure: Any, name: str) -> None:
    code = IMPORTS[name]
    if name not in ("pass", "numpy") and not name.startswith("pokercore"):
        pytest.importorskip(name)
    argv = [sys.executable, "-c", code]
    measure(lambda: subprocess.run(argv, check=True), 1, reference=name == "pokercore",
            baseline=name == "pass", rounds=10)
