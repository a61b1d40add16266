"""Game adapters for the simulation runner (see :class:`~pokercore.sim.runner.GameAdapter`).

``ToyAdapter`` is a tiny showdown game that exercises the runner in tests
and examples without the cost of a real game: every player antes 1, sees 5
cards and either shows or folds; the best shown hand takes the antes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .. import evaluate5, random_hands
from .runner import Agent, SimulationError

__all__ = ["ToyAdapter"]


class ToyAdapter:
    """Show-or-fold with 5 cards: a minimal zero-sum game for the runner.

    Built-in agents: ``"always"`` shows, ``"high"`` shows a pair or better,
    ``"random"`` shows at random.  An agent gets its 5 card codes and
    returns ``True`` to show.
    """

    name = "toy"
    min_players = 2
    max_players = 6

    def builtin_agent(self, name: str, rng: np.random.Generator) -> Agent:
        if name == "always":
            return lambda cards: True
        if name == "high":
            return lambda cards: len({c >> 2 for c in cards}) < 5
        if name == "random":
            return lambda cards: bool(rng.random() < 0.5)
        raise SimulationError(f"unknown toy agent {name!r}: use 'always', 'high' or 'random'")

    def play_deal(self, agents: Sequence[Agent], rng: np.random.Generator,
                  options: Mapping[str, Any]) -> list[float]:
        n = len(agents)
        cards = random_hands(1, 5 * n, seed=rng)[0].reshape(n, 5).tolist()
        shown = [i for i in range(n) if agents[i](cards[i])]
        pay = [-1.0] * n
        if not shown:
            return [0.0] * n
        ranks = {i: evaluate5(cards[i]) for i in shown}
        best = max(ranks.values())
        winners = [i for i in shown if ranks[i] == best]
        for i in winners:
            pay[i] += n / len(winners)
        return pay
