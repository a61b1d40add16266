"""The normal and hard AIs against aggression: calls on pot odds against the range a raiser really has.

The spots are built with the engine (a stacked deck and the public actions
of a hand); the reads are learned by playing hands against the baselines.
"""

import numpy as np
import pytest

from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState
from pokercore.holdem._game import HoldemGame
from pokercore.holdem.ai import HardAgent, NormalAgent, make_agent
from pokercore.holdem.ai._session import LearnedRead
from pokercore.holdem.ai._spot import Spot

MOVES = {"r": "raise_", "c": "call", "k": "check", "b": "bet"}


def spot(deck, line, variant="fl"):
    """The observation of the seat to act after ``line`` (r raise, c call, k check, b bet), button 0."""
    s = HoldemState(HoldemConfig(variant, players=2), button=0, deck=deck)
    for move in line.split():
        getattr(s, MOVES[move])()
    return s.observe(s.actor)


# seat 1 (the big blind) is dealt first; seat 0, the button, raises and bets at every turn
KK_RIVER = ("Kh Ks  9c 2h  8c 6s 7d Jd 5d", "r r r c k b c k b c k b")        # 4 to call into 32
KK_RIVER_WAR = ("Kh Ks  9c 2h  8c 6s 7d Jd 5d", "r r r c b r c b r c b r")    # 4 to call into 52
FLUSH_TURN = ("6s 3d  Qc 2c  Jd Qd 4d 2d 9s", "r c k b c k b")                # 4 to call into 16
FLUSH_TURN_2 = ("4h 4s  Qc 2c  9h Th 6h 7h 9s", "r c k b c k b")              # 4 to call into 16
SET_TURN_WAR = ("Tc Th  Qc 2c  Ts As 2d 9d 3s", "r r r c b r r r c b r r r")  # a set facing a cap on the turn


def warmed(cls, opponent, hands, seed=1, variant="fl"):
    """An AI that has played ``hands`` hands heads-up against the baseline ``opponent``."""
    ai = cls(np.random.default_rng(seed))
    other = make_agent(opponent, np.random.default_rng(seed + 100))
    HoldemGame(HoldemConfig(variant, players=2, hands=hands, seed=seed, starting_stacks=400)).play([ai, other])
    return ai


@pytest.mark.parametrize("cls", [NormalAgent, HardAgent])
@pytest.mark.parametrize("deck, line", [KK_RIVER, KK_RIVER_WAR, FLUSH_TURN, FLUSH_TURN_2])
def test_strong_hands_call_a_maniac_in_fixed_limit(cls, deck, line):
    obs = spot(deck, line)
    assert obs.to_call == 4 and obs.pot in (16, 32, 52)
    ai = warmed(cls, "maniac", 40)
    action = ai(obs)
    assert action.kind in ("call", "raise"), (action, obs.pot)


@pytest.mark.parametrize("cls", [NormalAgent, HardAgent])
def test_near_nuts_never_fold_to_one_fixed_limit_bet(cls):
    obs = spot(*SET_TURN_WAR)
    assert obs.to_call in (2, 4) and Spot(obs).street == 2
    for seed in range(5):
        assert cls(np.random.default_rng(seed))(obs).kind != "fold"


RIVER_WAR = "r r r c b r r r c b r r r c b r r r"  # every street capped; seat 1 faces the river's cap


@pytest.mark.parametrize("cls", [NormalAgent, HardAgent])
def test_the_nuts_never_fold_in_fixed_limit(cls):
    # on random boards the AI holds the best hand there is (nothing beats it) and faces the fourth bet
    # of every street: it calls or raises, whatever it thinks of the raiser
    from pokercore.holdem.ai._combos import COMBOS
    from pokercore.holdem.ai._table import holdem_table

    rng = np.random.default_rng(21)
    for k in range(12):
        deck = rng.permutation(52).tolist()
        board = deck[4:9]
        t = holdem_table(deck[:2], board, rng)
        best = COMBOS[int(np.argmax(np.where(t.live, t.ranks[:, 0], -1)))].tolist()
        rest = [c for c in deck if c not in best and c not in board]
        obs = spot(best + rest[:2] + board, RIVER_WAR)
        assert obs.to_call == 4 and len(obs.board) == 5
        assert cls(np.random.default_rng(k))(obs).kind != "fold", (best, board)


def _width(ai, obs):
    """Share of the live candidates an opponent's range holds (weights, max 1)."""
    (weights,) = ai.ranges(obs).values()
    live = weights > 0
    return float(weights.sum() / live.sum())


def test_hard_reads_a_raise_everything_player_as_wide_and_a_rock_as_narrow():
    obs = spot(*KK_RIVER)
    fresh = HardAgent(np.random.default_rng(1))
    maniac = warmed(HardAgent, "maniac", 40)
    rock = warmed(HardAgent, "rock", 60)
    typical = _width(fresh, obs)
    assert _width(maniac, obs) > 0.5 > typical
    assert _width(rock, obs) <= typical
    # the same counts, the rates shrunk towards the population's while the sample is small
    st = maniac.session.stats(obs, 0)
    assert st.aggression_rate(1, 0) > 0.8 and LearnedRead(st).situation(1, 1).any_aggressive > 0.8
    assert LearnedRead(rock.session.stats(obs, 0)).situation(1, 0).any_aggressive < 0.4
    assert HardAgent(np.random.default_rng(1)).session.stats(obs, 0).aggression_rate(1, 0) == pytest.approx(0.4)


def test_normal_reads_the_table_a_raise_everything_table_as_wide():
    obs = spot(*KK_RIVER)
    assert _width(warmed(NormalAgent, "maniac", 60), obs) > 0.4 > _width(NormalAgent(np.random.default_rng(1)), obs)


@pytest.mark.parametrize("cls", [NormalAgent, HardAgent])
def test_after_a_maniac_calls_whenever_equity_against_any_hand_beats_the_odds(cls):
    # against a raise-everything player the range is any hand: a hand whose equity against a random
    # hand beats the pot odds by a clear margin is not folded
    ai = warmed(cls, "maniac", 60)
    man = make_agent("maniac", np.random.default_rng(5))
    seen = 0

    def watch(obs):
        nonlocal seen
        action = ai(obs)
        s = Spot(obs)
        if s.facing_bet and s.street >= 1:
            t = ai.table(obs)
            any_hand = t.equity([t.live.astype(float)])
            if any_hand >= s.pot_odds + 0.15:
                seen += 1
                assert action.kind != "fold", (obs.hole, obs.board, any_hand, s.pot_odds)
        return action

    watch.hand_over = ai.hand_over
    HoldemGame(HoldemConfig("fl", players=2, hands=60, seed=12, starting_stacks=400)).play([watch, man])
    assert seen >= 10


@pytest.mark.parametrize("name", ["normal", "hard"])
def test_reads_keep_decisions_reproducible(name):
    def run():
        ai = make_agent(name, np.random.default_rng(4))
        log = []

        def me(obs):
            a = ai(obs)
            log.append(tuple(a))
            return a

        me.hand_over = ai.hand_over
        HoldemGame(HoldemConfig("nl", players=2, hands=25, seed=9)).play([me, make_agent("maniac",
                                                                                         np.random.default_rng(2))])
        return log

    assert run() == run()


@pytest.mark.parametrize("cls", [NormalAgent, HardAgent])
def test_pot_odds_count_the_maniacs_still_to_act(cls):
    # six-handed fixed limit, three maniacs have capped the betting before the flop and the blinds,
    # who call everything, are still to act: ace-six on the button, whose equity is below the price of
    # the pot as it stands, is priced with their calls and plays
    ai = cls(np.random.default_rng(1))
    others = [make_agent("maniac", np.random.default_rng(10 + i)) for i in range(5)]
    HoldemGame(HoldemConfig("fl", players=6, hands=40, seed=3, starting_stacks=400)).play([ai, *others])
    deck = "2c 3d  4h 5s  7c 8d  9s Jd  Qc Kd  Ac 6c  Ah 6d 2h Ks 3s"
    s = HoldemState(HoldemConfig("fl", players=6), button=0, deck=deck)
    for _ in range(3):
        s.raise_()
    obs = s.observe(0)
    assert obs.hole == tuple(s.holes[0]) and obs.to_call == 8
    spot_ = Spot(obs)
    assert ai.pot_odds(spot_) < spot_.pot_odds - 0.05  # the blinds' calls make the pot bigger
    assert ai.pot_odds(spot_) < ai.equity(obs, ai.ranges(obs)) < spot_.pot_odds
    assert ai(obs).kind == "call"
