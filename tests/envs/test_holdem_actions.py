"""Hold'em action numbering and observation layout: every index plays what the docs say, every field holds its value."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.envs import HoldemEnv
from pokercore.envs.holdem import (
    BUCKETS,
    MAX,
    action_from_index,
    action_mask,
    describe_action,
    encode_observation,
    holdem_layout,
    index_of_action,
    legal_moves,
)
from pokercore.holdem import Action, HoldemConfig, HoldemState

from .helpers import masked_choice

FRACTIONS = {3: (1, 3), 4: (1, 2), 5: (2, 3), 6: (1, 1), 7: (3, 2), 8: (2, 1)}
TABLES = [
    HoldemConfig("nl", players=2), HoldemConfig("nl", players=6, starting_stacks=[5, 40, 200, 80, 13, 300]),
    HoldemConfig("nl", players=4, ante=1, straddles=(4,)), HoldemConfig("plo", players=3),
    HoldemConfig("plo", players=6, starting_stacks=[30, 500, 60, 200, 9, 1000]),
    HoldemConfig("fl", players=2), HoldemConfig("fl", players=5, starting_stacks=[7, 50, 200, 11, 90]),
    HoldemConfig("fl", players=2, heads_up_uncapped=True, starting_stacks=60),
]


def test_numbering_constants():
    assert len(BUCKETS) == 10 and MAX == 9
    assert [describe_action(i) for i in range(10)] == [
        "0 (fold)", "1 (check/call)", "2 (min-raise)", "3 (1/3 pot)", "4 (1/2 pot)", "5 (2/3 pot)", "6 (pot)",
        "7 (1.5 pot)", "8 (2 pot)", "9 (max)"]
    assert [describe_action(i, limit=True) for i in range(3)] == ["0 (fold)", "1 (check/call)", "2 (bet/raise)"]


def _check_moves(obs):
    """The moves of one decision against the engine's own legal actions and the documented bucket rule."""
    legal = {a.kind: a for a in obs.legal_actions}
    moves = legal_moves(obs)
    mask = action_mask(obs)
    assert np.flatnonzero(mask).tolist() == sorted(moves)
    limit = obs.config.betting == "fixed-limit"
    assert len(mask) == (3 if limit else 10)
    assert (0 in moves) == ("fold" in legal)
    assert 1 in moves and moves[1].kind in ("check", "call")  # the actor can always check or call
    for a in moves.values():
        assert legal[a.kind].allows(a)  # every index plays a legal action
    agg = legal.get("bet") or legal.get("raise")
    raises = {i: a.amount for i, a in moves.items() if i >= 2}
    if agg is None:
        assert raises == {}
        return
    assert raises[2] == agg.min_amount  # the smallest and the largest are always there
    assert raises.get(MAX, agg.min_amount) == agg.max_amount
    assert (MAX in raises) == (agg.max_amount > agg.min_amount and not limit)
    assert len(set(raises.values())) == len(raises)  # no amount twice
    after_call = sum(obs.committed) + obs.to_call
    last = agg.min_amount
    for i, (num, den) in FRACTIONS.items():
        if limit:
            break
        to = obs.current_bet + round(num * after_call / den + 1e-9)
        played = agg.min_amount < to < agg.max_amount and to > last
        assert (i in raises) == played, (i, to, agg, raises)
        if played:
            assert raises[i] == to
            last = to
    if obs.config.betting == "pot-limit" and agg.max_amount < obs.stacks[obs.seat] + obs.bets[obs.seat]:
        assert agg.max_amount == obs.current_bet + after_call  # the max is the pot bucket's amount
    for i, a in moves.items():
        assert action_from_index(obs, i) == a
        assert index_of_action(obs, a) == i


@pytest.mark.parametrize("cfg", TABLES, ids=lambda c: f"{c.variant}-{c.players}")
def test_every_index_plays_a_legal_action_and_covers_the_range(cfg):
    decisions = 0
    for seed in range(60):
        rng = np.random.default_rng(seed)
        s = HoldemState(cfg, button=int(rng.integers(cfg.players)) if min(cfg.stacks) > 0 else 2, seed=seed)
        while not s.is_over:
            obs = s.observe(s.actor)
            _check_moves(obs)
            for other in range(cfg.players):
                if other != s.actor:
                    assert not action_mask(s.observe(other)).any() and legal_moves(s.observe(other)) == {}
            s.act(action_from_index(obs, masked_choice(rng, action_mask(obs))))
            decisions += 1
    assert decisions > 200


def test_pot_buckets_by_hand():
    # no-limit, blinds 50-100, 10,000 deep; seat 0 opens to 300, seat 1 (small blind) to act
    s = HoldemState(HoldemConfig("nl", players=3, small_blind=50, big_blind=100, starting_stacks=10_000), button=0,
                    seed=1)
    s.raise_(300)
    obs = s.observe(1)
    # pot 450, calling 250 makes it 700: pot fractions on top of the 300 to call
    amounts = {i: a.amount for i, a in legal_moves(obs).items()}
    assert amounts == {0: 0, 1: 300, 2: 500, 3: 533, 4: 650, 5: 767, 6: 1000, 7: 1350, 8: 1700, 9: 10_000}
    # pot-limit: the pot bucket is the maximum, so 6 and above are masked and 9 plays the pot
    p = HoldemState(HoldemConfig("plo", players=3, small_blind=50, big_blind=100, starting_stacks=10_000), button=0,
                    seed=1)
    p.raise_(300)
    amounts = {i: a.amount for i, a in legal_moves(p.observe(1)).items()}
    assert amounts == {0: 0, 1: 300, 2: 500, 3: 533, 4: 650, 5: 767, 9: 1000}
    # fixed limit: one index, the fixed amount
    f = HoldemState(HoldemConfig("fl", players=3), button=0, seed=1)
    assert legal_moves(f.observe(0)) == {0: Action("fold"), 1: Action("call", 2), 2: Action("raise", 4)}


def test_short_stacks_collapse_to_one_amount():
    # seat 1 can only go all-in for less than a full raise: index 2 plays it, 9 is masked (the same amount)
    s = HoldemState(HoldemConfig("nl", players=2), stacks=[200, 3], button=0, seed=1)
    obs = s.observe(0)
    moves = legal_moves(obs)
    assert moves[1] == Action("call", 2)
    s.call()
    obs = s.observe(1)
    moves = legal_moves(obs)
    assert moves == {1: Action("check"), 2: Action("raise", 3)}
    with pytest.raises(ValueError, match="the largest raise is the smallest, to 3: play 2"):
        action_from_index(obs, MAX)


def _history(vec, lay):
    """The history slots decoded: per street, (seat, kind, to, chips) of every used slot."""
    n, width, k = lay.players, lay.slot_width, lay.slots
    h = vec[lay["history"]].reshape(4, k, width)
    kinds = ("fold", "check", "call", "bet", "raise")
    out = []
    for street in range(4):
        acts = []
        for slot in h[street]:
            if not slot.any():
                break
            assert slot[:n].sum() == 1 and slot[n:n + 5].sum() == 1
            acts.append((int(np.argmax(slot[:n])), kinds[int(np.argmax(slot[n:n + 5]))], int(slot[n + 5]),
                         int(slot[n + 6])))
        out.append(acts)
    return out


@pytest.mark.parametrize("cfg,slots", [(HoldemConfig("fl", players=3), None), (HoldemConfig("nl", players=4), None),
                                       (HoldemConfig("nl", players=3), 2), (HoldemConfig("plo", players=2), 1)],
                         ids=["fl-3", "nl-4", "nl-3-two-slots", "plo-2-one-slot"])
def test_every_field_holds_the_engines_value(cfg, slots):
    lay = holdem_layout(cfg, slots)
    streets = ("preflop", "flop", "turn", "river")
    for seed in range(40):
        rng = np.random.default_rng(seed)
        s = HoldemState(cfg, button=seed % cfg.players, seed=seed)
        while True:
            for seat in range(cfg.players):
                obs = s.observe(seat)
                v = encode_observation(obs, slots)["observation"]
                assert v.dtype == np.float32 and v.shape == (lay.size,)
                assert (lay.low <= v).all() and (v <= lay.high).all()
                assert v[lay["hole"]].tolist() == sorted(s.holes[seat], reverse=True)
                assert v[lay["board"]].tolist() == list(s.board) + [-1] * (5 - len(s.board))
                assert np.flatnonzero(v[lay["board_cards"]]).tolist() == sorted(s.board)
                one = {name: int(np.argmax(v[lay[name]])) for name in ("street", "seat", "button", "small_blind",
                                                                       "big_blind")}
                assert one == {"street": (*streets, "over").index(s.street), "seat": seat, "button": s.button,
                               "small_blind": s.small_blind_seat, "big_blind": s.big_blind_seat}
                actor = v[lay["actor"]]
                assert actor.tolist() == [float(i == s.actor) for i in range(cfg.players)]
                for name, want in (("dealt_in", s.dealt_in), ("live", s.live), ("stacks", s.stacks),
                                   ("bets", s.bets), ("committed", s.committed),
                                   ("all_in", [x and st == 0 for x, st in zip(s.live, s.stacks)])):
                    assert v[lay[name]].tolist() == [float(x) for x in want], name
                scalars = [float(v[lay[f]][0]) for f in ("pot", "to_call", "current_bet", "min_raise_to",
                                                        "max_raise_to", "bet_unit")]
                agg = obs.legal("bet") or obs.legal("raise")
                assert scalars == [s.pot, obs.to_call, s.current_bet, agg.min_amount if agg else 0,
                                   agg.max_amount if agg else 0, s.bet_unit]
                amounts = np.zeros(lay.num_actions)
                for i, a in legal_moves(obs).items():
                    amounts[i] = a.amount
                assert v[lay["amounts"]].tolist() == amounts.tolist()
                acts = [[(e.seat, e.kind, e.to, e.chips) for e in s.events
                         if e.street == st and e.kind in ("fold", "check", "call", "bet", "raise")] for st in streets]
                assert v[lay["street_actions"]].tolist() == [len(a) for a in acts]
                assert _history(v, lay) == [a[-lay.slots:] for a in acts]
                if slots is None and cfg.variant == "fl":
                    assert max(len(a) for a in acts) <= lay.slots  # the fixed-limit bound is never passed
            if s.is_over:
                break
            obs = s.observe(s.actor)
            s.act(action_from_index(obs, masked_choice(rng, action_mask(obs))))


def test_layout_sizes_and_a_stacked_hand():
    lay = holdem_layout(HoldemConfig("fl", players=2))
    assert lay.size == 2 + 52 + 5 + 52 + 5 + 11 * 2 + 6 + 3 + 4 + 4 * 10 * 9 == 511
    assert holdem_layout(HoldemConfig("plo", players=6)).slots == 30
    assert holdem_layout(HoldemConfig("nl", players=3), 7).slots == 7
    env = HoldemEnv("nl", 2)
    env.reset(options={"button": 1, "deck": "Kc Kd  As Ah  2c 7d 9h Jd Ts"})
    lay = env.layout
    assert env.agent_selection == "player_1"
    v = env.observe("player_0")["observation"]
    assert sorted(v[lay["hole"]].astype(int).tolist()) == sorted(parse_cards("Kc Kd"))
    assert v[lay["board"]].tolist() == [-1] * 5 and v[lay["pot"]][0] == 3 and v[lay["to_call"]][0] == 0
    env.step(1)
    env.step(1)  # call, check: the flop
    v = env.observe("player_1")["observation"]
    assert v[lay["board"]].astype(int).tolist() == [*parse_cards("2c 7d 9h"), -1, -1]
    assert v[lay["street_actions"]].tolist() == [2, 0, 0, 0]


def test_env_legal_moves_and_history_slots_are_checked():
    env = HoldemEnv("plo", 3)
    env.reset(seed=2)
    seat = int(env.agent_selection.split("_")[1])
    assert env.legal_moves() == legal_moves(env.state_view.observe(seat))
    assert env.legal_moves("player_0" if seat else "player_1") == {}
    with pytest.raises(ValueError, match="history_slots must be an int >= 1"):
        HoldemEnv("nl", 2, history_slots=0)
