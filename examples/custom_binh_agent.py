"""Write a Binh agent and pit it against the built-in AIs in a duplicate match.

An agent is any callable from an observation (its own 13 cards, seat, number
of players, rules) to an arrangement.  This one plays the strongest middle it
can, then the strongest top, a "defensive" style the brief mentions.
"""

from pokercore.binh import Arrangement, best_arrangement
from pokercore.sim import simulate


class StrongMiddle:
    """Strongest middle, then strongest top, among the legal arrangements."""

    def __call__(self, observation) -> Arrangement:
        # Score = middle rank * 8000 + top rank: middle first, top second.
        return best_arrangement(observation.cards,
                                lambda legal: legal["middle_rank"] * 8000.0 + legal["top_rank"])


if __name__ == "__main__":
    result = simulate("binh", [StrongMiddle, "normal", "easy", "strongest"], deals=300, seed=1,
                      duplicate=True, workers=2)
    print(result.table())
