"""Opponent statistics over a session: counts from public events only, type priors, the agents use them."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.draw import DrawConfig, DrawState
from pokercore.draw._actions import Event
from pokercore.draw.ai import HardAgent, NormalAgent, make_agent
from pokercore.draw.ai._session import SeatStats, Session


def _over(events, seats=3, me=0, revealed=None, draws=None):
    s = DrawState(DrawConfig(players=seats), button=0, seed=1)
    base = s.observe(me)
    return base._replace(street="over", events=tuple(events), revealed=revealed or {},
                         draw_counts=tuple(draws or [0] * seats), hand_number=7, actor=None)


def test_counts_follow_the_public_events():
    ev = [Event("ante", k, "ante", 1) for k in range(3)] + [
        Event("bet1", 1, "bet", 2), Event("bet1", 2, "fold"), Event("bet1", 0, "raise", 4),
        Event("bet1", 1, "call", 2),
        Event("draw", 1, "draw", 0, 2), Event("draw", 0, "draw", 0, 1),
        Event("bet2", 1, "check"), Event("bet2", 0, "bet", 4), Event("bet2", 1, "fold")]
    session = Session()
    obs = _over(ev, draws=[1, 2, None])
    session.record(obs)
    session.record(obs)     # the same hand twice counts once
    one, two = session.stats(obs, 1), session.stats(obs, 2)
    assert (one.hands, one.entered, one.bet_hands, one.bets, one.calls, one.checks) == (1, 1, 1, 1, 1, 1)
    assert (one.faced, one.folded) == (2, 1)           # faced the raise (called) and the bet (folded)
    assert (two.hands, two.entered, two.faced, two.folded) == (1, 0, 1, 1)
    assert session.stats(obs, 0).hands == 0             # never about itself
    assert session.record(obs._replace(street="bet2")) is None and session.stats(obs, 1).hands == 1


def test_an_opponent_is_keyed_by_its_seat_relative_to_the_observer():
    ev = [Event("bet1", 2, "bet", 2), Event("bet1", 0, "fold")]
    session = Session(learn_types=False)
    session.record(_over(ev, me=1))                         # seat 2 is one to the left of seat 1
    rotated = _over([Event("bet1", 0, "check")], me=2)      # one rotation on: that player sits in seat 0
    assert session.stats(rotated, 0).bets == 1


def test_rates_are_smoothed_and_bet_weight_is_bounded():
    st = SeatStats()
    assert 0 < st.vpip < 1 and 0 < st.fold_to_bet < 1 and st.bet_weight() == pytest.approx(0.5)
    st.hands = st.bet_hands = 100
    assert st.bet_weight() < 0.05
    st.bet_hands = 0
    assert 0.8 < st.bet_weight() <= 1.0


@pytest.mark.parametrize("style,expected", [("maniac", {"maniac"}), ("station", {"station"}),
                                            ("rock", {"rock", "tight"}), ("tag", {"tight"}), ("easy", {"loose"})])
def test_type_priors_learn_the_style_from_a_short_session(style, expected):
    session = Session()
    me = make_agent("easy", np.random.default_rng(0))
    opp = make_agent(style, np.random.default_rng(1))
    for k in range(30):
        s = DrawState(DrawConfig(players=2), button=k % 2, seed=100 + k)
        s.play([me, opp])
        session.record(s.observe(0))
    priors = session.type_priors(s.observe(0), 1)
    assert sum(priors[k] for k in expected) > 0.85
    if style == "rock":
        assert priors["rock"] > 5 * Session().type_priors(s.observe(0), 1)["rock"]
    assert min(priors.values()) >= session.floor - 1e-12 and sum(priors.values()) == pytest.approx(1)


def test_the_agents_learn_through_hand_over_and_keep_it_across_reset():
    hard, normal = HardAgent(np.random.default_rng(0), samples=200), NormalAgent(np.random.default_rng(0))
    maniac = make_agent("maniac", np.random.default_rng(1))
    for k in range(12):
        s = DrawState(DrawConfig(players=3), button=k % 3, seed=k)
        s.play([hard, normal, maniac])
        for seat, a in enumerate((hard, normal)):
            a.hand_over(s.observe(seat))
            a.reset()
    obs = s.observe(0)
    assert hard.session.stats(obs, 2).hands == 12
    priors = hard.session.type_priors(obs, 2)
    assert max(priors, key=priors.get) == "maniac"
    assert normal.session.stats(s.observe(1), 2).bet_weight() < 0.2


def test_normal_raises_thinner_against_a_maniac():
    agent = NormalAgent(np.random.default_rng(0))
    s = DrawState(DrawConfig(players=2), button=0, seed=3)
    obs = s.observe(s.actor)
    fresh = agent.edges(obs._replace(events=obs.events + (Event("bet1", 1 - obs.seat, "bet", 2),)))
    st = agent.session._stats.setdefault(agent.session.key(obs, 1 - obs.seat), SeatStats())
    st.hands = st.bet_hands = 40
    learnt = agent.edges(obs._replace(events=obs.events + (Event("bet1", 1 - obs.seat, "bet", 2),)))
    assert learnt[1] < fresh[1]


def test_hard_bets_thinner_against_players_who_never_fold_and_raises_more_against_maniacs():
    agent = HardAgent(np.random.default_rng(0), samples=200)
    s = DrawState(DrawConfig(players=2), button=0, seed=3)
    obs = s.observe(s.actor)
    opp = 1 - obs.seat
    fresh = agent.edges(obs)
    st = agent.session._stats.setdefault(agent.session.key(obs, opp), SeatStats())
    st.faced, st.folded = 40, 0
    assert agent.edges(obs)["bet_edge"] < fresh["bet_edge"] and agent.margin(obs) < agent.value_margin
    facing = obs._replace(events=obs.events + (Event("bet1", opp, "bet", 2),))
    before = agent.edges(facing)["raise_edge"]
    st.hands = st.bet_hands = 40
    assert agent.edges(facing)["raise_edge"] < before


def test_learnt_priors_change_what_a_bet_says():
    """The same public bet reads as a stronger range from a rock than from a maniac."""
    from pokercore.draw.ai._inference import OpponentRange
    from pokercore.draw.ai._particles import particles

    s = DrawState(DrawConfig(players=2), button=0, seed=3)
    obs = s.observe(s.actor)
    opp = 1 - obs.seat
    facing = obs._replace(events=obs.events + (Event("bet1", opp, "raise", 4),))
    pct = particles().pre_pct
    mean = {}
    for style in ("maniac", "rock"):
        priors = dict.fromkeys(("station", "loose", "tight", "maniac", "rock"), 0.01)
        priors[style] = 0.96
        r = OpponentRange(facing, opp, priors=priors)
        mean[style] = float((r.weights * pct).sum())
    assert mean["rock"] > mean["maniac"] + 0.1


@pytest.mark.parametrize("style, policy", [("station", "chase"), ("tag", "kicker"), ("rock", "sensible")])
def test_the_session_learns_how_an_opponent_draws(style, policy):
    """Draw counts and showdowns tell a chaser (the station), a kicker keeper (tag's exact draw)
    and a sensible drawer (the rock draws like easy) apart within a session."""
    from pokercore.draw.ai._params import POLICIES

    session = Session()
    me = make_agent("call", np.random.default_rng(0))   # calls down: every hand shows down
    opp = make_agent(style, np.random.default_rng(1))
    for k in range(100):
        s = DrawState(DrawConfig(players=2), button=k % 2, seed=500 + k)
        s.play([me, opp])
        session.record(s.observe(0))
    draws = session.draws(s.observe(0), 1)
    assert draws[POLICIES.index(policy)] > 0.8
    assert sum(draws) == pytest.approx(1.0)


def test_different_deals_with_the_same_number_and_length_each_count():
    """In the simulator every deal is hand 1, and many deals have as many events as the one
    before: each must still count (they were once taken for the same hand, and 22-59% of a
    session's hands were lost); only the very same final observation counts once."""
    ev_a = [Event("bet1", 1, "bet", 2), Event("bet1", 0, "fold")]
    ev_b = [Event("bet1", 1, "check"), Event("bet1", 0, "check")]
    session = Session()
    first = _over(ev_a)._replace(hand_number=1)
    second = _over(ev_b)._replace(hand_number=1)
    assert len(first.events) == len(second.events)
    session.record(first)
    session.record(second)
    session.record(second)
    assert session.stats(first, 1).hands == 2
