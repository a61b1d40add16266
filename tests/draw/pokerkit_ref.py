"""pokerkit as a reference for five-card draw (differential tests and benchmarks).

pokerkit has no fixed-limit five-card draw (high) game class, so we build one
from its generic :class:`pokerkit.State`: fixed-limit betting, antes and no
blinds, two streets (five down cards with the small bet; a draw with the big
bet), standard high hands, a raise cap of ``1 + raise_cap`` bets per street.

pokerkit numbers players by position: player 0 is the first seat left of the
button, the button is the last player.  :func:`seat_of_player` maps back.
"""

from __future__ import annotations

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    Mode,
    Opening,
    StandardHighHand,
    State,
    Street,
)

from pokercore import format_cards
from pokercore.draw import DrawConfig, DrawState

#: Every dealer chore automated (the fastest pokerkit path, used by benchmarks).
ALL_AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)
#: Everything but dealing, for dealing the same cards by hand.
MANUAL_DEALING = tuple(a for a in ALL_AUTOMATIONS if a is not Automation.HOLE_DEALING)


def make_state(cfg: DrawConfig, stacks: list[int], automations=ALL_AUTOMATIONS) -> State:
    """A pokerkit State for one hand of ``cfg``; ``stacks`` in pokerkit player order."""
    cap = cfg.max_bets
    return State(
        automations,
        Deck.STANDARD,
        (StandardHighHand,),
        (
            Street(False, (False,) * 5, 0, False, Opening.POSITION, cfg.small_bet, cap),
            Street(False, (), 0, True, Opening.POSITION, cfg.big_bet, cap),
        ),
        BettingStructure.FIXED_LIMIT,
        True,
        cfg.ante,
        (0,) * len(stacks),
        0,
        tuple(stacks),
        len(stacks),
        mode=Mode.CASH_GAME,
    )


def seat_of_player(state: DrawState) -> list[int]:
    """Our seat of each pokerkit player index (first seat left of the button first)."""
    n = state.seats
    return [(state.button + 1 + k) % n for k in range(n) if state.dealt_in[(state.button + 1 + k) % n]]


def replay_on_pokerkit(state: DrawState) -> tuple[int, ...]:
    """Play the finished ``state`` again on pokerkit with the same cards; final stacks by seat."""
    seats = seat_of_player(state)
    player = {s: p for p, s in enumerate(seats)}
    pk = make_state(state.config, [state.starting_stacks[s] for s in seats], MANUAL_DEALING)
    pending_deals: list[tuple[int, ...]] = []
    for rec in state.log:
        head = rec[0]
        if head == "deal":
            pk.deal_hole(format_cards(rec[2]))
        elif head in ("show", "muck", "win"):
            continue
        else:
            kind = rec[1]
            if kind == "draw":
                pk.stand_pat_or_discard(format_cards(rec[2]) if rec[2] else ())
                pending_deals.append(rec[3])
                if pk.can_deal_hole() if hasattr(pk, "can_deal_hole") else False:
                    for cards in pending_deals:
                        if cards:
                            pk.deal_hole(format_cards(cards))
                    pending_deals.clear()
                continue
            assert pk.actor_index == player[head], (pk.actor_index, player[head], rec)
            if kind == "fold":
                pk.fold()
            elif kind in ("check", "call"):
                pk.check_or_call()
            else:
                pk.complete_bet_or_raise_to()
    assert not pk.status, "pokerkit did not finish the hand"
    out = list(state.starting_stacks)
    for p, s in enumerate(seats):
        out[s] = pk.stacks[p]
    return tuple(out)
