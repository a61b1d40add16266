"""Five-card draw engine: pokercore against pokerkit, hands per second in the same run.

    python -m pytest benchmarks/test_bench_draw.py --benchmark-only

Each round plays 1,000 hands of fixed-limit five-card draw (ante 1, bets
2/4, cap of 4 bets per round).  pokercore plays a whole game with
:func:`pokercore.draw.play_game`: agents called with a fresh observation for
every decision, every action validated.  pokerkit gets its fastest path: a
new :class:`pokerkit.State` per hand with every dealer chore automated, the
policy written inline (no observation objects, no agent calls).

Scenarios: 6 players check/call (pokercore's goal: at least 10x
pokerkit's hands/s), 2 players check/call, 6 players raise-heavy (bet or
raise whenever allowed).  Everyone stands pat in the draw.  The summary at
the end prints each scenario's hands/s and the ratio; set
``POKERCORE_ASSERT_SPEED=1`` to make a ratio under 10x fail the run (off by
default: the machine may be shared).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pokercore.draw import DrawConfig, check_call_agent, play_game, raise_agent

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
pokerkit_ref = pytest.importorskip("tests.draw.pokerkit_ref")

HANDS = 1_000
STACK = 10**7  # nobody ever busts: every game plays all its hands
TARGET = 10.0
MAIN = "6 players, check/call"

SCENARIOS = {
    "6 players, check/call": (6, "check_call"),
    "2 players, check/call": (2, "check_call"),
    "6 players, raise-heavy": (6, "raise"),
}
RESULTS: dict[str, dict[str, float]] = {}


def _pokercore(players: int, policy: str) -> Callable[[], Any]:
    agent = check_call_agent if policy == "check_call" else raise_agent
    cfg = DrawConfig(players=players, ante=1, small_bet=2, hands=HANDS, starting_stacks=STACK, seed=1)

    def run() -> Any:
        result = play_game(cfg, [agent] * players)
        assert result.hands_played == HANDS and sum(result.stacks) == players * STACK
        return result

    return run


def _pokerkit(players: int, policy: str) -> Callable[[], Any]:
    cfg = DrawConfig(players=players, ante=1, small_bet=2)
    stacks = [STACK] * players
    make = pokerkit_ref.make_state
    aggressive = policy == "raise"

    def run() -> Any:
        for _ in range(HANDS):
            state = make(cfg, stacks)
            while state.status:
                if state.can_stand_pat_or_discard():
                    state.stand_pat_or_discard()
                elif aggressive and state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to()
                else:
                    state.check_or_call()
            assert sum(state.stacks) == players * STACK
        return state

    return run


class _Summary:
    """Prints the hands/s table at the end of the run (a plugin registered by the fixture below)."""

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not RESULTS:
            return
        tr = terminalreporter
        tr.section(f"five-card draw engine: hands per second ({HANDS:,} hands per round, best round)")
        for name, row in RESULTS.items():
            if "pokercore" not in row or "pokerkit" not in row:
                continue
            ratio = row["pokercore"] / row["pokerkit"]
            mark = f"  (target {TARGET:.0f}x: {'met' if ratio >= TARGET else 'MISSED'})" if name == MAIN else ""
            tr.write_line(
                f"{name:<24} pokercore {row['pokercore']:9,.0f}   pokerkit {row['pokerkit']:7,.0f}"
                f"   {ratio:5.1f}x{mark}"
            )


@pytest.fixture(scope="module", autouse=True)
def _summary(request: pytest.FixtureRequest) -> None:
    manager = request.config.pluginmanager
    if not manager.has_plugin("pokercore-draw-summary"):
        manager.register(_Summary(), "pokercore-draw-summary")


@pytest.mark.parametrize("library", ["pokercore", "pokerkit"])
@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_draw_hands_per_second(benchmark: Any, scenario: str, library: str) -> None:
    players, policy = SCENARIOS[scenario]
    benchmark.group = f"draw: {scenario}, {HANDS:,} hands"
    func = (_pokercore if library == "pokercore" else _pokerkit)(players, policy)
    rounds = 5 if library == "pokercore" else 2
    benchmark.pedantic(func, rounds=rounds, iterations=1, warmup_rounds=1 if library == "pokercore" else 0)
    stats = getattr(benchmark, "stats", None)
    if stats:
        rate = HANDS / stats.stats.min
        benchmark.extra_info["hands_per_s"] = rate
        RESULTS.setdefault(scenario, {})[library] = rate
        row = RESULTS[scenario]
        if os.environ.get("POKERCORE_ASSERT_SPEED") and scenario == MAIN and len(row) == 2:
            assert row["pokercore"] / row["pokerkit"] >= TARGET, row
