"""Write a five-card draw agent and pit it against the built-in AIs.

An agent is any callable from an observation to one of
``observation.legal_actions``.  This one is tight: it raises with two pair
or better, calls with a pair, folds the rest to a bet, and in the draw keeps
its pairs (or its four best cards of one suit) and exchanges the rest.
"""

from collections import Counter

from pokercore import HandCategory, card_rank, card_suit, category_of, evaluate5
from pokercore.draw import Action, Street
from pokercore.sim import simulate


def tight_agent(obs):
    legal = obs.legal_actions
    if obs.street == Street.DRAW:
        ranks = Counter(card_rank(c) for c in obs.hand)
        suits = Counter(card_suit(c) for c in obs.hand)
        suit, n_suit = suits.most_common(1)[0]
        if category_of(evaluate5(obs.hand)) >= HandCategory.STRAIGHT:
            keep = set(obs.hand)
        elif n_suit == 4:
            keep = {c for c in obs.hand if card_suit(c) == suit}
        else:
            keep = {c for c in obs.hand if ranks[card_rank(c)] > 1}
        discard = sorted(set(obs.hand) - keep, key=card_rank)[:3]
        return Action("draw", 0, tuple(discard))
    strength = category_of(evaluate5(obs.hand))
    kinds = {a.kind: a for a in legal}
    if strength >= HandCategory.TWO_PAIR:
        for kind in ("raise", "bet", "call", "check"):
            if kind in kinds:
                return kinds[kind]
    if strength >= HandCategory.PAIR or obs.to_call == 0:
        return kinds.get("check") or kinds.get("call") or kinds["fold"]
    return kinds["fold"]


if __name__ == "__main__":
    result = simulate("draw", [tight_agent, "normal", "easy", "call"], deals=800, seed=1,
                      duplicate=True, workers=2)
    print(result.table())
