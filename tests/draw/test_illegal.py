"""Every kind of illegal action raises IllegalActionError and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pokercore.draw import Action, DrawConfig, DrawState, IllegalActionError
from pokercore.errors import PokercoreError

from .helpers import deal, run

HANDS = {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"}


def _fresh(script: str = "", **kw: object) -> DrawState:
    cfg = DrawConfig(players=3, ante=1, small_bet=2, **kw)  # type: ignore[arg-type]
    s = deal(cfg, HANDS, button=0)  # order: 1, 2, 0
    run(s, script)
    return s


CASES: list[tuple[str, str, Callable[[DrawState], object], str]] = [
    ("wrong player", "", lambda s: s.check(seat=2), "wrong player: it is seat 1's turn, not seat 2's"),
    ("wrong player act", "", lambda s: s.act(Action("check"), seat=0), "wrong player"),
    ("no such seat", "", lambda s: s.check(seat=7), "no seat 7"),
    ("check facing a bet", "s1 bet", lambda s: s.check(), "cannot check: 2 to call"),
    ("fold with nothing to call", "", lambda s: s.fold(), "cannot fold: there is no bet"),
    ("call with nothing to call", "", lambda s: s.call(), "cannot call: there is no bet"),
    ("bet when a bet is open", "s1 bet", lambda s: s.bet(), "cannot bet: a bet of 2 is open"),
    ("raise with no bet", "", lambda s: s.raise_(), "cannot raise: there is no bet yet"),
    ("wrong bet amount", "", lambda s: s.bet(3), "wrong amount: a bet costs 2 chips now, not 3"),
    ("wrong call amount", "s1 bet", lambda s: s.call(1), "wrong amount: a call costs 2"),
    ("wrong raise amount", "s1 bet", lambda s: s.raise_(2), "wrong amount: a raise costs 4"),
    ("big bet in round 1", "", lambda s: s.act(Action("bet", 4)), "wrong amount"),
    ("raise over the cap", "s1 bet; s2 raise; s0 raise; s1 raise", lambda s: s.raise_(), "cap of 4"),
    ("draw during betting", "", lambda s: s.draw("Qc"), "cannot draw now: it is the first betting round"),
    ("bet during the draw", "s1 check; s2 check; s0 check", lambda s: s.bet(), "it is the draw"),
    ("check during the draw", "s1 check; s2 check; s0 check", lambda s: s.check(), "it is the draw"),
    ("draw four cards", "s1 check; s2 check; s0 check", lambda s: s.draw("Qc Qd 8h 7h"), "at most 3"),
    ("draw a card not held", "s1 check; s2 check; s0 check", lambda s: s.draw("Ac"), "not a card it holds"),
    ("draw another's card code", "s1 check; s2 check; s0 check", lambda s: s.draw([51]), "not a card it holds"),
    ("draw a card twice", "s1 check; s2 check; s0 check", lambda s: s.draw([40, 40]), "twice"),
    ("draw garbage", "s1 check; s2 check; s0 check", lambda s: s.draw("Zz"), "cannot draw 'Zz'"),
    ("draw out of turn", "s1 check; s2 check; s0 check", lambda s: s.draw("Jc", seat=2), "wrong player"),
    ("draw with chips", "s1 check; s2 check; s0 check", lambda s: s.act(("draw", 2, ())), "moves no chips"),
    ("check with chips", "", lambda s: s.act(("check", 1, ())), "moves no chips"),
    ("bet with cards", "", lambda s: s.act(("bet", 2, (40,))), "only a draw takes cards"),
    ("unknown kind", "", lambda s: s.act(("allin", 0, ())), "unknown action kind 'allin'"),
    ("not an action", "", lambda s: s.act("check"), "not an action"),
    ("after the hand ended", "s1 bet; s2 fold; s0 fold", lambda s: s.check(), "the hand is over"),
    ("draw after the end", "s1 bet; s2 fold; s0 fold", lambda s: s.draw(), "the hand is over"),
    ("folded seat acts", "s1 bet; s2 fold", lambda s: s.call(seat=2), "wrong player"),
]


@pytest.mark.parametrize("name, script, attempt, message", CASES, ids=[c[0] for c in CASES])
def test_illegal_action_raises_and_leaves_state_unchanged(
    name: str, script: str, attempt: Callable[[DrawState], object], message: str
) -> None:
    s = _fresh(script)
    before = s.snapshot()
    deck_before = list(s._deck)
    with pytest.raises(IllegalActionError, match=message.replace("(", r"\(")) as info:
        attempt(s)
    assert isinstance(info.value, ValueError) and isinstance(info.value, PokercoreError)
    assert s.snapshot() == before
    assert s._deck == deck_before


def test_can_methods_agree_with_verify() -> None:
    s = _fresh("s1 bet")
    assert (s.can_fold(), s.can_check(), s.can_call(), s.can_bet(), s.can_raise(), s.can_draw()) == (
        True, False, True, False, True, False,
    )
    assert s.can_call(2) and not s.can_call(3) and not s.can_call(seat=0)
    assert s.verify_raise() == 4


def test_no_raise_against_all_in_opponents() -> None:
    cfg = DrawConfig(players=2, ante=1, small_bet=2, all_in=True, starting_stacks=[3, 50])
    s = deal(cfg, {0: HANDS[0], 1: HANDS[1]}, button=1)
    run(s, "s0 bet 2")  # all-in for exactly a bet
    assert s.legal_actions() == (Action("fold"), Action("call", 2))
    before = s.snapshot()
    with pytest.raises(IllegalActionError, match="no opponent has chips left to call"):
        s.raise_()
    assert s.snapshot() == before


def test_all_in_mode_off_refuses_a_call_for_less() -> None:
    cfg = DrawConfig(players=2, ante=1, small_bet=2)
    s = deal(cfg, {0: HANDS[0], 1: HANDS[1]}, button=1, stacks=[50, 2])   # seat 1 short, later in a game
    run(s, "s0 bet")
    before = s.snapshot()
    with pytest.raises(IllegalActionError, match="all-in mode is off"):
        s.act(Action("call", 1))
    assert s.snapshot() == before


def test_loose_types_are_refused_and_change_nothing():
    import numpy as np

    from pokercore.draw import DrawConfig, DrawState, IllegalActionError

    s = DrawState(DrawConfig(players=2), button=0, seed=4)
    before = s.snapshot()
    actor = s.actor
    for call in (lambda: s.check(seat=float(actor)), lambda: s.bet(2.0), lambda: s.bet("2"),
                 lambda: s.bet(True)):
        with pytest.raises(IllegalActionError):
            call()
        assert s.snapshot() == before
    s.check()
    s.check()
    held = s.observe(s.actor).hand
    before = s.snapshot()
    for bad in ([float(held[0])], [np.True_], [True]):
        with pytest.raises(IllegalActionError):
            s.draw(bad)
        assert s.snapshot() == before
