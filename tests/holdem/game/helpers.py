"""Shared helpers of the hold'em game tests: stacked decks and action scripts."""

from __future__ import annotations

from collections.abc import Sequence

from pokercore import parse_cards
from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState


def deal(
    cfg: HoldemConfig,
    holes: dict[int, str],
    board: str = "",
    *,
    button: int = 0,
    stacks: Sequence[int] | None = None,
    sitting_out: Sequence[int] = (),
) -> HoldemState:
    """A hand whose seats get exactly ``holes`` (others get unused cards) and whose board is ``board``."""
    stacks = list(cfg.stacks if stacks is None else stacks)
    n = cfg.players
    order = [(button + 1 + k) % n for k in range(n)]
    order = [s for s in order if stacks[s] > 0 and s not in sitting_out]
    used = set(parse_cards(" ".join(holes.values()) + " " + board, allow_duplicates=True))
    spare = iter(c for c in range(52) if c not in used)
    h = cfg.hole_cards or 2
    deck: list[int] = []
    for s in order:
        deck += parse_cards(holes[s]) if s in holes else [next(spare) for _ in range(h)]
    deck += parse_cards(board) if board.strip() else []
    state = HoldemState(cfg, stacks, button, deck=deck, sitting_out=sitting_out)
    for s, cards in holes.items():
        assert state.format_hole(s) == " ".join(cards.split()), (s, state.format_hole(s), cards)
    return state


def run(state: HoldemState, script: str) -> None:
    """Apply ``"s1 raise 6; s2 call; s0 fold; s1 check; s2 bet 10"`` (the seat is checked at each step)."""
    for step in filter(None, (p.strip() for p in script.split(";"))):
        seat_tok, kind, *rest = step.split()
        seat = int(seat_tok[1:])
        amount = int(rest[0]) if rest else None
        if kind == "raise":
            state.raise_(amount, seat=seat)
        elif kind in ("bet", "call"):
            getattr(state, kind)(amount, seat=seat)
        else:
            getattr(state, kind)(seat=seat)


def kinds(state: HoldemState) -> list[str]:
    """The legal actions as short strings, e.g. ``['fold', 'call (to 2)', 'raise to 4..100']``."""
    return [str(a) for a in state.legal_actions()]
