"""Binh solver core: exhaustive arrangement search, special-hand detection, deal scoring.

    python -m pytest benchmarks/test_bench_binh.py --benchmark-only

Groups (the summary at the end prints the cost per hand of each row):

- ``binh search, batch (1,000 hands per round)``: :func:`best_arrangement_batch`
  with a table objective (pokercore's goal: at most 100 us per hand on
  one core), lexicographic, and :func:`count_legal_batch`.  Every hand is
  an exhaustive search of all 72,072 splits.
- ``binh search, one call per hand``: :func:`best_arrangement` from Python
  with a table objective (target: at most 1 ms per call), lexicographic,
  and the pure-Python exhaustive reference of the test suite (all 72,072
  splits with the reference evaluator) for the ratio.
- ``binh special detection``: hands per second of :func:`classify_special`
  (compiled, one call per hand: the per-call overhead) and of
  :func:`classify_special_batch` / :func:`special_kinds_batch` (one call
  per 1,000 hands; the summary prints the batch's speed-up).
- ``binh deal scoring``: deals per second of :func:`score_deal` on 4-player deals
  (fresh :class:`Arrangement` objects each round, so special detection of
  the 4 hands is included).

Set ``POKERCORE_ASSERT_SPEED=1`` to make a missed speed target fail the run
(off by default: the machine may be shared).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pokercore as pc
from pokercore.binh import (
    TABLE_LEN,
    Arrangement,
    BranchTables,
    best_arrangement,
    best_arrangement_batch,
    classify_special,
    classify_special_batch,
    count_legal_batch,
    score_deal,
    special_kinds_batch,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
reference_search = pytest.importorskip("tests.binh.reference_search")

BATCH = 1_000
SINGLE = 200
HANDS = pc.random_hands(BATCH, 13, seed=2024)
# A realistic smooth objective: value grows with rank, differently per branch.
_ramp = np.linspace(-1.0, 1.0, TABLE_LEN)
TABLES = BranchTables(np.tanh(3 * _ramp), np.tanh(2 * _ramp), _ramp)
ASSERT = os.environ.get("POKERCORE_ASSERT_SPEED", "") not in ("", "0")
SEEN: dict[str, float] = {}  # name -> seconds per hand (best round)


def _record(benchmark: Any, name: str, per_round: int) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats:
        SEEN[name] = stats.stats.min / per_round


@pytest.mark.benchmark(group="binh search, batch (1,000 hands per round)")
def test_batch_table_objective(benchmark: Any, measure: Any) -> None:
    res = measure(lambda: best_arrangement_batch(HANDS, TABLES), BATCH, reference=True)
    assert res.cards.shape == (BATCH, 13)
    _record(benchmark, "batch table", BATCH)


@pytest.mark.benchmark(group="binh search, batch (1,000 hands per round)")
def test_batch_lexicographic(benchmark: Any, measure: Any) -> None:
    measure(lambda: best_arrangement_batch(HANDS), BATCH)
    _record(benchmark, "batch lexicographic", BATCH)


@pytest.mark.benchmark(group="binh search, batch (1,000 hands per round)")
def test_batch_count_legal(benchmark: Any, measure: Any) -> None:
    measure(lambda: count_legal_batch(HANDS), BATCH)
    _record(benchmark, "batch count", BATCH)


def _loop(objective: Any) -> Any:
    hands = [h.tolist() for h in HANDS[:SINGLE]]

    def run() -> None:
        for h in hands:
            best_arrangement(h, objective)

    return run


@pytest.mark.benchmark(group="binh search, one call per hand")
def test_single_call_table_objective(benchmark: Any, measure: Any) -> None:
    measure(_loop(TABLES), SINGLE, reference=True)
    _record(benchmark, "single table", SINGLE)


@pytest.mark.benchmark(group="binh search, one call per hand")
def test_single_call_lexicographic(benchmark: Any, measure: Any) -> None:
    measure(_loop("lexicographic"), SINGLE)
    _record(benchmark, "single lexicographic", SINGLE)


@pytest.mark.benchmark(group="binh search, one call per hand")
def test_pure_python_reference(benchmark: Any, measure: Any) -> None:
    """The test suite's exhaustive reference, table objective, on 2 hands per round."""
    hands = [h.tolist() for h in HANDS[:2]]

    def run() -> None:
        for h in hands:
            ref = reference_search.RefHand(h)
            ref.best(ref.legal(), lambda s, ref=ref: ref.table_value(s, TABLES.top, TABLES.middle, TABLES.bottom))

    measure(run, len(hands), rounds=3)
    _record(benchmark, "reference", len(hands))


@pytest.mark.benchmark(group="binh special detection (1,000 hands per round)")
def test_special_detection(benchmark: Any, measure: Any) -> None:
    hands = [h.tolist() for h in HANDS]
    measure(lambda: [classify_special(h) for h in hands], BATCH)
    _record(benchmark, "special detection", BATCH)


@pytest.mark.benchmark(group="binh special detection (1,000 hands per round)")
def test_special_detection_batch(benchmark: Any, measure: Any) -> None:
    codes = measure(lambda: classify_special_batch(HANDS), BATCH)
    assert codes.shape == (BATCH,)
    _record(benchmark, "special batch (best)", BATCH)


@pytest.mark.benchmark(group="binh special detection (1,000 hands per round)")
def test_special_kinds_batch(benchmark: Any, measure: Any) -> None:
    measure(lambda: special_kinds_batch(HANDS), BATCH)
    _record(benchmark, "special batch (kinds)", BATCH)


@pytest.mark.benchmark(group="binh deal scoring (100 four-player deals per round)")
def test_deal_scoring(benchmark: Any, measure: Any) -> None:
    rows = []
    for seed in range(100):
        deck = pc.random_hands(1, 52, seed=seed)[0].reshape(4, 13)
        rows.append([best_arrangement_batch(deck).cards[i].tolist() for i in range(4)])

    def run() -> None:
        for deal in rows:
            r = score_deal([Arrangement(h[:3], h[3:8], h[8:]) for h in deal])
            assert sum(r.nets) == 0

    measure(run, len(rows))
    _record(benchmark, "deal (4 players)", len(rows))


def _summary_lines() -> tuple[list[str], bool]:
    us = {k: v * 1e6 for k, v in SEEN.items()}
    lines = ["Binh solver core, best round (per hand; deal scoring: per 4-player deal):"]
    for name, cost in us.items():
        lines.append(f"  {name:<24} {cost:12.2f} us each  {1e6 / cost:12,.0f} per s")
    checks = []
    if "batch table" in us:
        checks.append(("batch, table objective <= 100 us/hand", us["batch table"] <= 100))
    if "single table" in us:
        checks.append(("single call, table objective <= 1 ms", us["single table"] <= 1000))
    for text, ok in checks:
        lines.append(f"  target: {text}: {'met' if ok else 'MISSED'}")
    if "reference" in us:
        for k in ("batch table", "single table"):
            if k in us:
                lines.append(f"  {k} is {us['reference'] / us[k]:,.0f}x faster than the pure-Python reference")
    if "special detection" in us and "special batch (best)" in us:
        lines.append(f"  special batch is {us['special detection'] / us['special batch (best)']:,.0f}x faster "
                     "than classify_special per hand")
    return lines, all(ok for _, ok in checks)


class _SummaryPlugin:
    """Prints the Binh targets at the end of the run (after pytest-benchmark's tables)."""

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if SEEN:
            terminalreporter.section("binh targets")
            for line in _summary_lines()[0]:
                terminalreporter.write_line(line)


@pytest.fixture(scope="module", autouse=True)
def _summary(request: pytest.FixtureRequest) -> Any:
    """Register the end-of-run summary; optionally fail on a missed target."""
    pm = request.config.pluginmanager
    if not pm.has_plugin("pokercore-binh-bench-summary"):
        pm.register(_SummaryPlugin(), "pokercore-binh-bench-summary")
    yield
    if ASSERT and SEEN:
        lines, ok = _summary_lines()
        assert ok, "\n".join(lines)
