"""Shared helpers of the draw tests: stacked decks and action scripts."""

from __future__ import annotations

from collections.abc import Sequence

from pokercore.draw import DrawConfig, DrawState


def deal(
    cfg: DrawConfig,
    hands: dict[int, str],
    *,
    button: int = 0,
    draws: str = "",
    stacks: Sequence[int] | None = None,
) -> DrawState:
    """A hand whose seats get exactly ``hands`` and whose draws take ``draws`` in order."""
    n = cfg.players
    order = [(button + 1 + k) % n for k in range(n)]
    deck = " ".join(hands[s] for s in order if s in hands) + " " + draws
    state = DrawState(cfg, stacks, button, deck=deck)
    for s, cards in hands.items():
        assert state.format_hand(s) == " ".join(cards.split()), (s, state.format_hand(s), cards)
    return state


def run(state: DrawState, script: str) -> None:
    """Apply ``"s1 bet; s2 call; s0 draw Kd 7h; ..."`` (seat checked for each step)."""
    for step in filter(None, (p.strip() for p in script.split(";"))):
        seat_tok, kind, *rest = step.split(maxsplit=2)
        seat = int(seat_tok[1:])
        arg = rest[0] if rest else None
        if kind == "draw":
            state.draw(arg or "", seat=seat)
        elif kind == "raise":
            state.raise_(int(arg) if arg else None, seat=seat)
        elif kind in ("bet", "call"):
            getattr(state, kind)(int(arg) if arg else None, seat=seat)
        else:
            getattr(state, kind)(seat=seat)
