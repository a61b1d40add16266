"""Write a Binh agent and pit it against the built-in AIs in a duplicate match.

An agent is any callable from an observation (its own 13 cards, seat, number
of players, rules) to an arrangement.  This one is a plain function: it
plays the strongest middle it can, then the strongest top, a defensive
style that gives up some bottom strength to win the middle.
"""

from pokercore.binh import Arrangement, best_arrangement
from pokercore.sim import simulate


def strong_middle(observation) -> Arrangement:
    """Strongest middle, then strongest top, among the legal arrangements."""
    # Score = middle rank * 8000 + top rank: middle first, top second.
    return best_arrangement(observation.cards,
                            lambda legal: legal["middle_rank"] * 8000.0 + legal["top_rank"])


if __name__ == "__main__":
    result = simulate("binh", [strong_middle, "normal", "easy", "strongest"], deals=300, seed=1,
                      duplicate=True, workers=2)
    print(result.table())
