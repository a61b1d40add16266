"""The draw baselines: one home, old names kept, the four styles play as documented."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.draw import DrawConfig, DrawState
from pokercore.draw._actions import Action
from pokercore.draw.ai import AGENTS, make_agent
from pokercore.draw.ai import _baselines as home
from pokercore.draw.ai._baselines import (
    STYLES,
    ManiacAgent,
    RockAgent,
    StationAgent,
    TightAggressiveAgent,
    chase_discard,
    easy_discard,
)
from pokercore.sim import simulate


def test_one_home_and_one_name_for_each_baseline():
    import importlib

    import pokercore.draw as draw
    from pokercore.draw.ai import _easy as easy

    for name in ("check_call_agent", "raise_agent", "RandomLegalAgent"):
        assert getattr(draw, name) is getattr(home, name)
    assert easy.easy_discard is home.easy_discard and easy.drawing_hand is home.drawing_hand
    # no second name or second module for the same objects
    assert not hasattr(draw, "RandomAgent") and not hasattr(home, "RandomAgent")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("pokercore.draw.baseline")


def test_styles_are_built_in_agents_by_name():
    for name, cls in STYLES.items():
        assert AGENTS[name] is cls
        assert isinstance(make_agent(name, np.random.default_rng(0)), cls)


def test_the_simulator_resolves_the_style_names():
    r = simulate("draw", ["maniac", "rock", "station", "tag"], deals=6, seed=3, duplicate=True, keep_payoffs=True)
    assert r.agents == ["maniac", "rock", "station", "tag"]
    assert abs(r.payoffs.sum(axis=1)).max() < 1e-9


def _obs(hand, street="bet1", events=(), to_call=0, kinds=("check", "bet"), players=2):
    """A hand-made observation: seat 0, the given hand and legal action kinds."""
    legal = tuple(Action(k, 2 if k in ("call", "bet") else 4 if k == "raise" else 0) for k in kinds)
    s = DrawState(DrawConfig(players=players), button=0, seed=1)
    base = s.observe(s.actor)
    return base._replace(seat=0, hand=tuple(parse_cards(hand)), street=street, events=tuple(events),
                         to_call=to_call, legal_actions=legal, actor=0)


FACING = ("fold", "call", "raise")


def test_maniac_always_bets_or_raises_and_never_folds():
    m = ManiacAgent(np.random.default_rng(0))
    assert m(_obs("2c 7d 9h Js 4s")).kind == "bet"
    assert m(_obs("2c 7d 9h Js 4s", to_call=2, kinds=FACING)).kind == "raise"
    assert m(_obs("2c 7d 9h Js 4s", to_call=2, kinds=("fold", "call"))).kind == "call"
    calm = ManiacAgent(np.random.default_rng(0), aggression=0.0)
    assert calm(_obs("2c 7d 9h Js 4s")).kind == "check"


def test_rock_folds_weak_hands_and_raises_strong_ones():
    r = RockAgent(np.random.default_rng(0))
    assert r(_obs("2c 7d 9h Js 4s", to_call=2, kinds=FACING)).kind == "fold"
    assert r(_obs("Ac Ad 9h Js 4s", to_call=2, kinds=FACING)).kind == "raise"
    assert r(_obs("Kc Kd Kh Js 4s")).kind == "bet"
    assert r(_obs("2c 7d 9h Js 4s")).kind == "check"    # a free look is not a commitment


def test_station_calls_everything_and_bets_only_monsters():
    st = StationAgent(np.random.default_rng(0))
    assert st(_obs("2c 7d 9h Js 4s", to_call=2, kinds=FACING)).kind == "call"
    assert st(_obs("2c 7d 9h Js 4s", street="bet2", to_call=4, kinds=FACING)).kind == "call"
    assert st(_obs("Ac Ad As Ah 4s", street="bet2")).kind == "bet"
    assert st(_obs("Ac Ad 9h Js 4s", street="bet2")).kind == "check"


def test_tag_plays_few_hands_hard():
    t = TightAggressiveAgent(np.random.default_rng(0))
    assert t(_obs("2c 7d 9h Js 4s", to_call=2, kinds=FACING)).kind == "fold"
    assert t(_obs("Ac Ad Ah Js 4s", to_call=2, kinds=FACING)).kind == "raise"
    assert t(_obs("Ac Ad Ah Js 4s")).kind == "bet"
    assert t(_obs("2c 7d 9h Js 4s")).kind == "check"


def test_draw_rules():
    fmt = sorted
    assert fmt(chase_discard(parse_cards("Ah Kh 7h 3h 3c"))) == parse_cards("3c")        # breaks the pair
    assert fmt(chase_discard(parse_cards("5c 6d 8h 9s Kd"))) == parse_cards("Kd")        # inside straight
    assert fmt(chase_discard(parse_cards("Ah 2d 3c 4s Kd"))) == parse_cards("Kd")        # wheel draw
    assert sorted(chase_discard(parse_cards("Ah Kh 7h 3c 2d"))) == sorted(parse_cards("3c 2d"))   # 3 to a flush
    assert sorted(easy_discard(parse_cards("Ah Kh 7h 3c 2d"))) == sorted(parse_cards("7h 3c 2d"))
    assert chase_discard(parse_cards("Qh Qd 9c 9s 2d")) == easy_discard(parse_cards("Qh Qd 9c 9s 2d"))


@pytest.mark.parametrize("name", sorted(STYLES))
def test_styles_are_reproducible_from_the_seed(name):
    a = simulate("draw", [name, "easy"], deals=8, seed=11, keep_payoffs=True)
    b = simulate("draw", [name, "easy"], deals=8, seed=11, keep_payoffs=True)
    assert np.array_equal(a.payoffs, b.payoffs)
