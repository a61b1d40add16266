"""Hold'em game engine: pokercore against pokerkit, hands per second of random legal play in the same run.

    python -m pytest benchmarks/test_bench_holdem_game.py --benchmark-only

Each round plays a number of hands (pokercore 2,000, pokerkit 200: it is
much slower) of random legal actions at a table with 100 big blinds each
(see :mod:`pokercore.bench.holdem_game`, which ``pokercore bench`` uses for
the same figures).  pokercore plays through :meth:`HoldemState.play` with
:class:`RandomAgent` (a fresh observation per decision, every answer
verified); pokerkit gets ``create_state`` with every chore automated and the
same random policy written inline.

Scenarios: 6-max no-limit hold'em (pokercore's goal: at least 10x pokerkit's
hands/s), 6-max fixed-limit hold'em, 6-max pot-limit Omaha, heads-up
no-limit.  The summary at the end prints each scenario's hands/s and the
ratio; set ``POKERCORE_ASSERT_SPEED=1`` to make a 6-max no-limit ratio under
10x fail the run (off by default: the machine may be shared).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from pokercore.bench._holdem_game_speed import _pokercore, _pokerkit

pokerkit = pytest.importorskip("pokerkit")

OURS, THEIRS = 2_000, 200
TARGET = 10.0
MAIN = "6-max no-limit"
SCENARIOS = {
    "6-max no-limit": ("nl", 6),
    "6-max fixed-limit": ("fl", 6),
    "6-max pot-limit Omaha": ("plo", 6),
    "heads-up no-limit": ("nl", 2),
}
RESULTS: dict[str, dict[str, float]] = {}


class _Summary:
    """Prints the hands/s table at the end of the run (a plugin registered by the fixture below)."""

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not RESULTS:
            return
        tr = terminalreporter
        tr.section("hold'em game engine: hands per second (best round)")
        for name, row in RESULTS.items():
            if "pokercore" not in row or "pokerkit" not in row:
                continue
            ratio = row["pokercore"] / row["pokerkit"]
            mark = f"  (target {TARGET:.0f}x: {'met' if ratio >= TARGET else 'MISSED'})" if name == MAIN else ""
            tr.write_line(f"{name:<24} pokercore {row['pokercore']:9,.0f}   pokerkit {row['pokerkit']:7,.0f}"
                          f"   {ratio:5.1f}x{mark}")


@pytest.fixture(scope="module", autouse=True)
def _summary(request: pytest.FixtureRequest) -> None:
    manager = request.config.pluginmanager
    if not manager.has_plugin("pokercore-holdem-game-summary"):
        manager.register(_Summary(), "pokercore-holdem-game-summary")


@pytest.mark.parametrize("library", ["pokercore", "pokerkit"])
@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_holdem_hands_per_second(benchmark: Any, scenario: str, library: str) -> None:
    variant, players = SCENARIOS[scenario]
    hands = OURS if library == "pokercore" else THEIRS
    func = _pokercore(variant, players, hands, 1) if library == "pokercore" else \
        _pokerkit(pokerkit, variant, players, hands, 1)
    benchmark.group = f"hold'em game: {scenario}"
    decisions = benchmark.pedantic(func, rounds=5 if library == "pokercore" else 2, iterations=1,
                                   warmup_rounds=1 if library == "pokercore" else 0)
    assert decisions > hands  # every hand asked for decisions
    stats = getattr(benchmark, "stats", None)
    if stats:
        rate = hands / stats.stats.min
        benchmark.extra_info["hands_per_s"] = rate
        RESULTS.setdefault(scenario, {})[library] = rate
        row = RESULTS[scenario]
        if os.environ.get("POKERCORE_ASSERT_SPEED") and scenario == MAIN and len(row) == 2:
            assert row["pokercore"] / row["pokerkit"] >= TARGET, row
