"""Hands that the forced bets leave without a decision: their results are counted, never dropped.

An episode deals hands until one has a decision (PettingZoo: any seat's;
Gymnasium: the learning seat's), plays it, and pays every hand it dealt:
``reward = info["results"] + info["skipped_results"]``.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from pokercore.envs import EnvError, HoldemEnv, HoldemGymEnv
from pokercore.holdem import HoldemConfig, HoldemState, check_fold_agent

from .helpers import masked_choice

#: Tables where the hand with the button on seat 0 has no decision (the forced bets put all but one seat all-in
#: and the one left covers them) and the other buttons have one.
MIXED = {
    "nl-ante": HoldemConfig("nl", players=3, ante=5, starting_stacks=[1, 6, 1000]),
    "fl-ante": HoldemConfig("fl", players=3, ante=5, starting_stacks=[1, 6, 1000]),
    "fl-ante-2": HoldemConfig("fl", players=3, ante=1, starting_stacks=[1, 2, 1000]),
}
#: Tables where no hand ever has a decision, whatever the button.
NEVER = {
    "nl-heads-up": HoldemConfig("nl", players=2, starting_stacks=[1, 1000]),
    "fl-heads-up": HoldemConfig("fl", players=2, starting_stacks=[1, 1000]),
    "nl-ante": HoldemConfig("nl", players=3, ante=5, starting_stacks=[3, 4, 1000]),
    "fl-ante": HoldemConfig("fl", players=3, ante=5, starting_stacks=[3, 4, 1000]),
}


def test_the_mixed_tables_are_what_they_say():
    for cfg in MIXED.values():
        decides = [HoldemState(cfg, button=b, seed=1).actor is not None for b in range(3)]
        assert decides == [False, True, True]
    for cfg in NEVER.values():
        assert all(HoldemState(cfg, button=b, seed=1).actor is None for b in range(cfg.players))


@pytest.mark.parametrize("name", list(MIXED))
def test_pettingzoo_api_test_and_seed_test_pass_on_a_table_with_hands_without_decision(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(HoldemEnv(config=MIXED[name]), num_cycles=300)
    seed_test(lambda: HoldemEnv(config=MIXED[name]), num_cycles=100)


@pytest.mark.parametrize("name", list(NEVER))
def test_a_table_where_no_hand_has_a_decision_is_refused_when_built(name):
    with pytest.raises(EnvError, match=r"starting_stacks \[.*\]: no hand of this table has a decision"):
        HoldemEnv(config=NEVER[name])


def _episode(env, seed):
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    first = env.last()
    assert not first[3] and first[1] == 0.0  # a live agent with a decision, nothing paid yet
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, _, info = env.last()
        if terminated:
            final[agent] = (reward, info)
        env.step(None if terminated else masked_choice(rng, obs["action_mask"]))
    return final


@pytest.mark.parametrize("name", list(MIXED))
def test_every_hand_dealt_is_paid_and_last_gives_it(name):
    env = HoldemEnv(config=MIXED[name])
    skipped = episodes = 0
    total = np.zeros(3)
    for seed in range(150):
        final = _episode(env, seed)
        assert sorted(final) == ["player_0", "player_1", "player_2"]
        info = final["player_0"][1]
        assert sum(info["results"]) == 0 and sum(info["skipped_results"]) == 0
        for i in range(3):
            reward, seat_info = final[f"player_{i}"]
            assert reward == info["results"][i] + info["skipped_results"][i]
            assert seat_info["skipped_hands"] == info["skipped_hands"]
            total[i] += reward
        if info["skipped_hands"] == 0:
            assert info["skipped_results"] == [0.0, 0.0, 0.0]
        skipped += info["skipped_hands"]
        episodes += 1
    # one hand in three (button on seat 0) has no decision: about half a skipped hand per episode
    assert 0.3 < skipped / episodes < 0.75
    assert total.sum() == 0


def test_the_skipped_hands_are_the_ones_the_generator_dealt():
    cfg = MIXED["nl-ante"]
    env = HoldemEnv(config=cfg)
    for seed in range(40):
        final = _episode(env, seed)
        info = final["player_0"][1]
        rng = np.random.default_rng(seed)  # the environment's draws: a button among the seats with chips, a deck
        want = np.zeros(3)
        for _ in range(info["skipped_hands"]):
            st = HoldemState(cfg, button=int(rng.integers(3)), seed=rng)
            assert st.is_over
            want += [a - b for a, b in zip(st.stacks, st.starting_stacks)]
        assert info["skipped_results"] == want.tolist()
        st = HoldemState(cfg, button=int(rng.integers(3)), seed=rng)
        assert st.actor is not None and st.deck == env.state_view.deck


def test_reset_options_deal_the_first_hand_and_the_next_come_from_the_generator():
    cfg = MIXED["fl-ante"]
    deck = "As Ad  Ks Kd  2c 3c  4h 5h 6h 9s Tc"
    st = HoldemState(cfg, button=0, deck=deck)
    assert st.is_over
    want = [float(a - b) for a, b in zip(st.stacks, st.starting_stacks)]
    assert want == [2.0, 4.0, -6.0]  # seat 0's straight takes the main pot, aces the side pot
    env = HoldemEnv(config=cfg)
    env.reset(seed=3, options={"button": 0, "deck": deck})
    assert env.state_view.button != 0 and not any(env.terminations.values())
    assert env.infos["player_0"] == {"skipped_hands": 1, "skipped_results": want}
    assert env._cumulative_rewards == {"player_0": 0.0, "player_1": 0.0, "player_2": 0.0}


# ---------------------------------------------------------------- Gymnasium: hands the learning seat cannot act in
class FoldRecorder:
    """check_fold_agent that notes who had the big blind in every hand it saw end."""

    def __init__(self):
        self.big_blinds = []

    def __call__(self, obs):
        return check_fold_agent(obs)

    def hand_over(self, obs):
        self.big_blinds.append(obs.big_blind_seat)


def _gym_episodes(env, episodes, seed=0):
    """Play ``episodes`` episodes always checking or calling; return (total reward, hands dealt, infos)."""
    total, hands, infos = 0.0, 0, []
    for k in range(episodes):
        env.reset(seed=seed * 100_000 + k)
        done = False
        while not done:
            _obs, reward, done, _, info = env.step(1)
        assert reward == info["results"][env.seat] + info["skipped_results"][env.seat]
        total += reward
        hands += 1 + info["skipped_hands"]
        infos.append(info)
    return total, hands, infos


@pytest.mark.parametrize("variant", ["fl", "nl"])
def test_gym_always_call_against_a_folding_opponent_wins_half_a_chip_a_hand(variant):
    # The learner wins the small blind (+1) when it has the big blind (the opponent folds it), and the checked-down
    # hands are worth 0 when it has the small blind: +0.5 a hand.  Re-dealing the first kind measured about 0.
    env = HoldemGymEnv(variant, 2, opponents="fold")
    total, hands, infos = _gym_episodes(env, 2000)
    assert 0.44 < total / hands < 0.56
    assert 0.4 < sum(i["skipped_hands"] for i in infos) / hands < 0.6
    assert all(i["skipped_results"] == [i["skipped_hands"], -i["skipped_hands"]] for i in infos)


def test_gym_learner_has_the_big_blind_in_half_the_hands_dealt():
    opponent = FoldRecorder()
    env = HoldemGymEnv("fl", 2, opponents=opponent)  # a callable: played through the engine's observations
    total, hands, _ = _gym_episodes(env, 600, seed=1)
    assert len(opponent.big_blinds) == hands  # every hand dealt was shown to the opponent and paid
    assert 0.43 < opponent.big_blinds.count(0) / hands < 0.57
    assert 0.43 < total / hands < 0.57


def test_gym_reset_info_and_illegal_ending_carry_the_skipped_hands():
    env = HoldemGymEnv("nl", 2, opponents="fold", illegal_penalty=10)
    for seed in range(50):
        obs, info = env.reset(seed=seed)
        if info:
            break
    assert info["skipped_hands"] >= 1 and info["skipped_results"][0] == info["skipped_hands"]
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, end = env.step(bad)
    assert done and "illegal_action" in end
    assert reward == -10 + info["skipped_hands"] and end["skipped_results"] == info["skipped_results"]


def test_gym_learning_seat_that_is_all_in_from_the_forced_bets_in_every_hand_is_refused():
    cfg = HoldemConfig("nl", players=3, ante=5, starting_stacks=[3, 1000, 1000])
    with pytest.raises(EnvError, match=r"seat 0 never has a decision: the forced bets put it all-in in every hand"):
        HoldemGymEnv(config=cfg, seat=0)
    HoldemGymEnv(config=cfg, seat=1).reset(seed=1)  # the other seats play
    with pytest.raises(EnvError, match="no hand of this table has a decision"):
        HoldemGymEnv(config=NEVER["fl-heads-up"], seat=1)


def test_gym_mixed_table_pays_every_hand_dealt():
    env = HoldemGymEnv(config=MIXED["nl-ante"], seat=2, opponents="call")
    _total, hands, infos = _gym_episodes(env, 200)
    assert hands > 200 and any(i["skipped_hands"] for i in infos)
