"""A game with almost no cost per deal, to measure what the runner itself does (memory, streaming)."""

from __future__ import annotations


class CoinFlip:
    """Two players; the deal's generator says who wins one chip."""

    name = "coinflip"
    min_players = 2
    max_players = 2
    agent_names = ("any",)

    def builtin_agent(self, name, rng):
        return lambda obs: None

    def play_deal(self, agents, rng, options):
        win = float(rng.integers(2))
        return [2 * win - 1, 1 - 2 * win]
