"""One name and one type for the stage of a hand: :class:`~pokercore.draw.Street`."""

from __future__ import annotations

import json

import pytest

from pokercore.draw import DrawConfig, DrawError, DrawState, Street, check_call_agent, format_history


def _streets_seen(seed: int) -> tuple[list, list, DrawState]:
    s = DrawState(DrawConfig(players=3), button=0, seed=seed)
    seen = []

    def watch(obs):
        seen.append(obs.street)
        return check_call_agent(obs)

    s.play([watch] * 3)
    return seen, [e.street for e in s.events], s


def test_state_observations_and_events_carry_street_members():
    seen, events, s = _streets_seen(3)
    assert all(type(x) is Street for x in seen + events + [s.street])
    assert seen == sorted(seen, key=list(Street).index)           # bet1 ... draw ... bet2, in order
    assert {Street.BET1, Street.DRAW, Street.BET2} <= set(seen)
    assert events[0] is Street.ANTE and s.street is Street.OVER and s.observe(0).street is Street.OVER


def test_the_text_form_is_unchanged():
    # a Street is the str it always was: equal, hashed, printed and written to JSON as its text
    assert [str(x) for x in Street] == ["ante", "bet1", "draw", "bet2", "over"]
    assert Street.BET1 == "bet1" and {"bet1": 1}[Street.BET1] == 1 and {Street.DRAW: 2}["draw"] == 2
    assert f"{Street.BET2}" == "bet2" and json.dumps([Street.OVER]) == '["over"]'
    assert Street("draw") is Street.DRAW
    _, _, s = _streets_seen(5)
    assert "bet1" not in format_history(s) and "Street" not in format_history(s)
    assert "street='over'" in repr(s) and "street='over'" in repr(s.observe(1))


def test_the_state_names_it_street_as_observations_do():
    s = DrawState(DrawConfig(players=2), button=0, seed=1)
    assert s.street is s.observe(0).street is Street.BET1
    assert Street.BET1.is_betting and not Street.DRAW.is_betting and Street.BET2.round == 2


def test_bet_size_takes_a_betting_street():
    cfg = DrawConfig(small_bet=3)
    assert (cfg.bet_size(Street.BET1), cfg.bet_size(Street.BET2), cfg.bet_size("bet2"), cfg.bet_size(1)) == (3, 6, 6, 3)
    for bad in (Street.DRAW, "river", 3, True, None):
        with pytest.raises(DrawError, match=r"give a betting round, Street\.BET1 or Street\.BET2"):
            cfg.bet_size(bad)
