"""Refused actions name the problem and leave the state exactly as it was; agents' answers are never trusted."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.errors import PokercoreError
from pokercore.holdem._actions import Action
from pokercore.holdem._agents import check_call_agent
from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState
from pokercore.holdem._errors import ConfigError, HoldemError, IllegalActionError

from .helpers import run


def fresh(**kw: object) -> HoldemState:
    return HoldemState(HoldemConfig("nl", players=3, **kw), button=0, seed=1)  # type: ignore[arg-type]


REFUSALS = [
    (lambda s: s.check(), "seat 0 cannot check: 2 to call"),
    (lambda s: s.bet(10), "seat 0 cannot bet: there is a bet of 2 already, raise instead"),
    (lambda s: s.raise_(3), "seat 0 cannot raise to 3: the minimum is raise to 4"),
    (lambda s: s.raise_(500), "seat 0 cannot raise to 500: seat 0 has 200 chips: 200 is all-in"),
    (lambda s: s.call(5), "a call is to 2, putting in 2 chips, not to 5"),
    (lambda s: s.call(seat=1), "wrong player: it is seat 0's turn, not seat 1's"),
    (lambda s: s.fold(seat=7), "no seat 7 at this table"),
    (lambda s: s.fold(seat="0"), "a seat is an int 0..2, got str '0'"),
    (lambda s: s.raise_(4.5), "an amount is a whole number of chips, got float 4.5"),
    (lambda s: s.act(("raise",)), "say how much to raise to: raise to 4..200"),
    (lambda s: s.act(Action("raise", 0)), "say how much to raise to"),
    (lambda s: s.act(("fold", 3)), "fold moves no chips"),
    (lambda s: s.act(("shove", 200)), "unknown action kind 'shove'"),
    (lambda s: s.act("call"), "not an action: 'call'"),
    (lambda s: s.act(Action("raise", True)), "an amount is a whole number of chips, got bool True"),
]


@pytest.mark.parametrize("refuse, message", REFUSALS, ids=[m for _, m in REFUSALS])
def test_refusals_name_the_problem_and_change_nothing(refuse, message):
    s = fresh()
    before = s.snapshot()
    with pytest.raises(IllegalActionError) as err:
        refuse(s)
    assert message in str(err.value)
    assert isinstance(err.value, PokercoreError) and isinstance(err.value, ValueError)
    assert s.snapshot() == before


def test_postflop_refusals():
    s = fresh()
    run(s, "s0 call; s1 call; s2 check")
    before = s.snapshot()
    for bad, message in [
        (lambda: s.fold(), "cannot fold: there is no bet to call, check instead"),
        (lambda: s.raise_(10), "cannot raise: there is no bet yet, bet instead"),
        (lambda: s.bet(1), "cannot bet 1: the minimum bet is 2"),
        (lambda: s.call(), "cannot call: there is no bet, check instead"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            bad()
        assert s.snapshot() == before


def test_fixed_and_pot_limit_refusals_say_the_amount():
    s = HoldemState(HoldemConfig("fl", players=3), button=0, seed=2)
    with pytest.raises(IllegalActionError, match="in fixed limit it is to 4"):
        s.raise_(3)
    with pytest.raises(IllegalActionError, match="fixed limit, a raise is to 4"):
        s.raise_(6)
    p = HoldemState(HoldemConfig("plo", players=3), button=0, seed=2)
    with pytest.raises(IllegalActionError, match="the pot limit is raise to 7"):
        p.raise_(8)


def test_no_action_after_the_hand():
    s = fresh()
    run(s, "s0 fold; s1 fold")
    assert s.is_over and s.legal_actions() == ()
    for act in (s.check, s.fold, lambda: s.act(Action("call"))):
        with pytest.raises(IllegalActionError, match="the hand is over"):
            act()


def test_amount_types_read_as_plain_numbers():
    s = fresh()
    s.raise_(np.int64(6))
    s.act(("raise", 10.0))
    assert s.bets == (6, 10, 2)


class Liar(tuple):
    """A tuple that claims to equal everything and lies about its items."""

    def __eq__(self, other):  # type: ignore[override]
        return True

    def __hash__(self) -> int:
        return 0

    def __iter__(self):  # type: ignore[override]
        return iter(("check", 0))

    def __getitem__(self, k):  # type: ignore[override]
        return ("check", 0)[k]


class Cheat(int):
    def __eq__(self, other):  # type: ignore[override]
        return True

    __hash__ = int.__hash__


@pytest.mark.parametrize("answer, message", [
    (Liar(("raise", 1)), "cannot raise to 1: the minimum is raise to 4"),
    (Action("raise", Cheat(1)), "cannot raise to 1: the minimum is raise to 4"),
    (object(), "not an action: <object>"),
    (None, "not an action: None"),
    (("raise", "lots"), "an amount is a whole number of chips, got str 'lots'"),
])
def test_hostile_agents_are_read_as_plain_values(answer, message):
    s = fresh()
    before = s.snapshot()
    with pytest.raises(IllegalActionError) as err:
        s.play([lambda obs: answer] * 3)
    assert message in str(err.value) and err.value.seat == 0 and "the agent of seat 0 returned" in str(err.value)
    assert s.snapshot() == before


def test_play_needs_one_agent_per_seat():
    s = fresh()
    with pytest.raises(HoldemError, match="2 agents for 3 seats"):
        s.play([check_call_agent] * 2)


@pytest.mark.parametrize("kw, message", [
    ({"variant": "stud"}, "unknown variant 'stud'"),
    ({"players": 11}, "players must be 2..10, got 11"),
    ({"players": 1}, "players must be 2..10, got 1"),
    ({"big_blind": 0}, "big_blind must be >= 1"),
    ({"small_blind": 3}, "small_blind (3) must not be larger than big_blind (2)"),
    ({"ante_mode": "button"}, "ante_mode must be 'each' or 'big-blind'"),
    ({"straddles": (3, 3)}, "straddle 2 (3) must be larger than the forced bet before it (3)"),
    ({"straddles": (2,)}, "straddle 1 (2) must be larger than the forced bet before it (2)"),
    ({"variant": "fl", "straddles": (4,)}, "straddles are played in no-limit and pot-limit games only"),
    ({"variant": "fl", "min_bet": 4}, "min_bet is for no-limit and pot-limit"),
    ({"small_bet": 4}, "small_bet and big_bet are for fixed limit"),
    ({"hole_cards": 4}, "hold'em deals 2 hole cards, got 4"),
    ({"variant": "plo", "hole_cards": 3}, "Omaha deals 4, 5 or 6 hole cards, got 3"),
    ({"variant": "plo", "players": 8, "hole_cards": 6}, "need 8 x 6 + 5 = 53 cards"),
    ({"starting_stacks": [1, 2]}, "starting_stacks has 2 entries for 6 players"),
    ({"starting_stacks": -1}, "starting stack of seat 0 must be >= 0"),
    ({"starting_stacks": "lots"}, "starting_stacks must be an int or a sequence of ints"),
    ({"seed": -1}, "seed must be >= 0"),
    ({"heads_up_uncapped": 1}, "heads_up_uncapped must be True or False"),
    ({"players": 3, "straddles": (4, 8)}, "2 straddles need at least 4 players, got 3"),
])
def test_config_refusals(kw, message):
    with pytest.raises(ConfigError) as err:
        HoldemConfig(**kw)
    assert message in str(err.value)


@pytest.mark.parametrize("make, message", [
    (lambda c: HoldemState(c, stacks=[1, 2]), "2 stacks given for 3 seats"),
    (lambda c: HoldemState(c, stacks=[0, 0, 5]), "the button seat 0 is not dealt in"),
    (lambda c: HoldemState(c, stacks=[5, 0, 0]), "a hand needs two seats with chips"),
    (lambda c: HoldemState(c, button=3), "button must be a seat 0..2, got 3"),
    (lambda c: HoldemState(c, deck="As As"), "deck: card As appears twice"),
    (lambda c: HoldemState(c, deck="Zz"), "deck: "),
    (lambda c: HoldemState(c, deck=[60]), "card code 60 is out of range"),
    (lambda c: HoldemState(c, sitting_out=[9]), "sitting_out holds seats 0..2"),
    (lambda c: HoldemState("nl"), "config must be a HoldemConfig"),  # type: ignore[arg-type]
])
def test_hand_setup_refusals(make, message):
    with pytest.raises(ConfigError) as err:
        make(HoldemConfig("nl", players=3))
    assert message in str(err.value)


def test_observe_refuses_a_seat_that_does_not_exist():
    with pytest.raises(IllegalActionError, match="no seat 5"):
        fresh().observe(5)


def test_an_offered_legal_action_may_be_returned_as_it_is():
    s = fresh()
    s.play([lambda obs: obs.legal_actions[-1] if obs.legal("raise") else obs.legal_actions[0]] * 3)
    assert s.is_over and sum(s.stacks) == 600
    first = next(e for e in s.events if e.kind == "raise")
    assert (first.seat, first.to) == (0, 4)  # the smallest raise
