"""Hold'em action kinds and streets are ``str`` enums: members everywhere, equal to today's text."""

from __future__ import annotations

import json

from pokercore.holdem import STREETS, Action, ActionKind, HoldemConfig, HoldemState, Street


def _hand() -> HoldemState:
    s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=4)
    s.act(Action("call", 2))                # a plain-text action is read as its kind
    s.act(Action(ActionKind.RAISE, 8))       # a member as well
    s.act(("call", 8))
    s.act(Action("call", 8))
    return s


def test_events_and_legal_actions_carry_members_equal_to_the_text():
    s = _hand()
    assert s.street is Street.FLOP and s.street == "flop"
    kinds = [e.kind for e in s.events if e.kind in ActionKind.__members__.values()]
    assert kinds == ["call", "raise", "call", "call"]
    assert all(type(k) is ActionKind for k in kinds)
    assert all(type(e.street) is Street for e in s.events)
    assert {type(a.kind) for a in s.legal_actions()} == {ActionKind}
    assert [str(a.kind) for a in s.legal_actions()] == ["check", "bet"]


def test_members_print_hash_and_serialise_as_their_text():
    assert STREETS == ("preflop", "flop", "turn", "river")
    assert {"flop": 1}[Street.FLOP] == 1 and {ActionKind.CALL: 2}["call"] == 2
    assert f"{Street.TURN}-{ActionKind.BET}" == "turn-bet" and str(ActionKind.FOLD) == "fold"
    assert repr(Action(ActionKind.CALL, 2)) == "Action(kind='call', amount=2)"
    assert json.dumps([Street.RIVER, ActionKind.RAISE]) == '["river", "raise"]'


def test_an_unknown_kind_is_still_refused_by_name():
    import pytest

    from pokercore.holdem import IllegalActionError

    s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=1)
    with pytest.raises(IllegalActionError, match="unknown action kind 'shove'"):
        s.act(("shove", 10))
    assert s.street is Street.PREFLOP and len(s.events) == 2  # the blinds only: the state is unchanged
