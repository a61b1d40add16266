"""Decision times of the five-card draw AIs on recorded observations.

    python -m pytest benchmarks/test_bench_draw_ai.py --benchmark-only

Observations are recorded from 40 six-handed hands played by the agents
themselves (every decision: first round, draw, second round), then each
agent decides all of them once per benchmark round; the mean per
decision is the round time divided by the number of observations.  The
goal for the hard agent: under 20 ms per decision on average.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.draw import DrawConfig, DrawState
from pokercore.draw.ai import make_agent

NAMES = ["easy", "normal", "hard", "random", "call", "maniac", "rock", "station", "tag"]


def _observations(players: int, hands: int = 40) -> list:
    seen = []
    agents = [make_agent(NAMES[i % 3], np.random.default_rng(i)) for i in range(players)]

    def spy(agent):
        def act(obs):
            seen.append(obs)
            return agent(obs)
        return act

    wrapped = [spy(a) for a in agents]
    for d in range(hands):
        for a in agents:
            a.reset()
        DrawState(DrawConfig(players=players), button=d % players, seed=d).play(wrapped)
    return seen


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("name", NAMES)
def test_decision_time(benchmark, name, players):
    obs = _observations(players)
    agent = make_agent(name, np.random.default_rng(0))
    benchmark.group = f"draw AI decisions ({len(obs)} observations, {players} players)"

    def run():
        for o in obs:
            agent(o)

    benchmark.pedantic(run, rounds=3, iterations=1)
    if benchmark.stats is not None:  # None under --benchmark-disable
        benchmark.extra_info["ms_per_decision"] = 1000 * benchmark.stats.stats.mean / len(obs)
