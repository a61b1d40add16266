"""The hard draw AI's ranges and decisions: public information only, sane reads, reproducible."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.draw import DrawConfig, DrawState
from pokercore.draw._actions import Action
from pokercore.draw._observation import Observation
from pokercore.draw.ai import HardAgent
from pokercore.draw.ai._hard import MAX_BLUFF
from pokercore.draw.ai._inference import OpponentRange
from pokercore.draw.ai._odds import CATEGORY
from pokercore.draw.ai._particles import particles

PUBLIC = list(Observation._fields) + ["seats", "pot", "pots", "opponents", "is_my_turn"]


def public_copy(obs):
    return SimpleNamespace(**{k: getattr(obs, k) for k in PUBLIC})


def passive(obs):
    """Checks or calls, stands pat."""
    kinds = {a.kind: a for a in obs.legal_actions}
    if obs.street == "draw":
        return Action("draw")
    return kinds.get("check") or kinds["call"]


def bettor(obs):
    """Bets and raises whenever it can, stands pat."""
    kinds = {a.kind: a for a in obs.legal_actions}
    if obs.street == "draw":
        return Action("draw")
    return kinds.get("raise") or kinds.get("bet") or kinds.get("call") or kinds["check"]


def test_particles_are_fixed_and_follow_the_draw():
    p = particles()
    assert p is particles()  # built once per process, from a fixed seed
    cat = CATEGORY[p.final_rank]
    sensible, chase, kicker = (p.policy_prior[k] > 0 for k in range(3))
    assert (p.prior == p.policy_prior[0]).all()
    assert (cat[p.drawn == 0] >= 4).all()                   # stood pat: straight or better
    assert (cat[sensible & (p.drawn == 2)] >= 3).all()      # a sensible drawer drawing two kept trips
    assert np.mean(cat[sensible & (p.drawn == 3)] <= 1) > 0.7   # drew three: mostly a pair or nothing
    # a chaser drawing two mostly kept three to a flush, a kicker keeper a pair and an ace
    assert np.mean(cat[chase & (p.drawn == 2)] == 0) > 0.4
    assert np.mean(cat[kicker & (p.drawn == 2)] >= 1) > 0.99
    # every policy keeps the same number of deals per draw count (the prior weights sum alike)
    assert np.allclose(p.policy_prior.sum(1), p.policy_prior[0].sum())
    masks = np.bitwise_count(p.mask) if hasattr(np, "bitwise_count") else None
    if masks is not None:
        assert (masks == 5).all()


def _observe_after(actions_of_opponent, seed=4):
    """Seat 1 (hard's seat) observing after seat 0 acted with ``actions_of_opponent``."""
    s = DrawState(DrawConfig(players=2), button=1, seed=seed)  # seat 0 acts first
    s.act(actions_of_opponent(s.observe(0)))
    return s.observe(1)


def test_a_bet_makes_a_range_stronger_than_a_check():
    p = particles()
    bet = OpponentRange(_observe_after(bettor), 0)
    check = OpponentRange(_observe_after(passive), 0)
    assert (bet.weights * p.pre_pct).sum() > (check.weights * p.pre_pct).sum()


def test_draw_counts_shape_the_range_and_the_score():
    # heads-up, seat 0 stood pat: hard should fear a made hand
    s = DrawState(DrawConfig(players=2), button=1, seed=5)
    s.act(passive(s.observe(0)))
    s.act(passive(s.observe(1)))
    s.act(Action("draw"))  # seat 0 stands pat
    obs = s.observe(1)
    r = OpponentRange(obs, 0)
    p = particles()
    assert (r.weights * (CATEGORY[p.final_rank] >= 4)).sum() > 0.8
    score = HardAgent.score([r])
    pair_of_aces = 3000 + 0  # any mid rank: a pair loses to most pat hands
    assert score[pair_of_aces] < 0.25


def test_a_bettor_is_no_calling_station_and_folds_less():
    bet = OpponentRange(_observe_after(bettor), 0)
    check = OpponentRange(_observe_after(passive), 0)
    assert bet.type_probs["station"] < 0.01 < check.type_probs["station"]
    assert sum(bet.type_probs.values()) == pytest.approx(1.0)
    assert 0.0 <= bet.fold_probability() <= 1.0
    assert bet.cont.min() >= 0.0 and bet.cont.max() <= 1.0
    # the checker's range is weaker, so more of it goes on only with luck: it folds more
    assert check.fold_probability() > 0.0


def test_bluff_is_bounded():
    agent = HardAgent(np.random.default_rng(0), bluff=0.9, steal_rate=0.9)
    assert agent.bluff == MAX_BLUFF and agent.steal_rate == MAX_BLUFF
    assert agent.steal_freq(parse_cards("Ah Kh 7h 3h Qc")) <= MAX_BLUFF


def _stacked(swap: bool) -> str:
    rng = np.random.default_rng(3)
    deck = rng.permutation(52).tolist()
    if swap:  # different hidden cards for the opponent (seat 0, dealt 5..9), same for hard
        deck[5:10], deck[40:45] = deck[40:45], deck[5:10]
    return deck


def _hard_log(deck, seed=9):
    hard = HardAgent(np.random.default_rng(seed))
    log = []

    def seat1(obs):
        a = hard(public_copy(obs))
        assert a in obs.legal_actions
        log.append((obs.street, tuple(a)))
        return a

    s = DrawState(DrawConfig(players=2), button=0, deck=deck)  # seat 1 acts first
    s.play([passive, seat1])
    return log


def test_hard_ignores_hidden_cards():
    # the opponent's hidden cards change, everything public stays the same: so must hard's play
    a, b = _hard_log(_stacked(False)), _hard_log(_stacked(True))
    assert a == b and len(a) >= 3


def test_hard_is_reproducible_and_rng_driven():
    deck = _stacked(False)
    assert _hard_log(deck, 1) == _hard_log(deck, 1)


def test_hard_value_bets_against_a_calling_station():
    # a strong made hand after the draw, against a passive opponent: hard bets
    deck = parse_cards("2c 3d 5h 9s Jc  Ah Ad Ac Kd Ks")  # seat 1 gets the first five
    rest = [c for c in range(52) if c not in deck]
    hard = HardAgent(np.random.default_rng(0))
    seen = []

    def seat0(obs):
        a = hard(public_copy(obs))
        seen.append((obs.street, a.kind))
        return a

    s = DrawState(DrawConfig(players=2), button=1, deck=list(deck[5:]) + list(deck[:5]) + rest)
    s.play([seat0, passive])
    assert ("bet2", "bet") in seen or ("bet2", "raise") in seen


def test_hard_does_not_pay_off_a_maniac_with_nothing():
    # 7-high after the draw against a player who bet and raised everything: fold or check
    hard = HardAgent(np.random.default_rng(0))
    s = DrawState(DrawConfig(players=2), button=0,
                  deck="2c 4d 7h 9s Jc  Ah Ad Ac Kd Ks  3s 5d 8c")
    kinds = []

    def seat1(obs):
        a = hard(public_copy(obs))
        kinds.append((obs.street, a.kind))
        return a

    s.play([bettor, seat1])
    assert all(k != "raise" for street, k in kinds if street == "bet2")


def _hard_discard_after(opponent_draw):
    """Hard (seat 1) with kings and a four-flush, after seat 0 drew ``opponent_draw`` cards."""
    rest = [c for c in range(52) if c not in parse_cards("Kh Kd 8h 5h 2h 3c 4d 7s 9c Jd")]
    deck = parse_cards("3c 4d 7s 9c Jd Kh Kd 8h 5h 2h") + rest  # seat 0 is dealt first (button 1)
    s = DrawState(DrawConfig(players=2), button=1, deck=deck)
    s.act(passive(s.observe(0)))
    s.act(passive(s.observe(1)))
    s.act(Action("draw", 0, tuple(s.observe(0).hand[:opponent_draw])))
    obs = s.observe(1)
    assert obs.draw_counts[0] == opponent_draw and obs.street == "draw"
    return HardAgent(np.random.default_rng(0))(public_copy(obs))


def test_hard_discard_uses_earlier_draw_counts():
    # against a player who drew three, the kings are good: keep them and draw three;
    # against one who stood pat (a straight or better), only the flush will do
    assert len(_hard_discard_after(3).cards) == 3
    assert _hard_discard_after(0).cards == tuple(parse_cards("Kd"))
