"""Hold'em rewards are the chips won minus the chips put in, zero-sum, once at the end; the Gym env plays faithfully."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.envs import HoldemEnv, HoldemGymEnv
from pokercore.envs.holdem import PolicyAgent, action_from_index
from pokercore.holdem import HoldemConfig, HoldemState, Observation, RandomAgent, check_call_agent, play_game

from .helpers import masked_choice, rollout


def _final_rewards(records):
    """Each agent's reward as ``last()`` shows it at its dead step (the cumulative reward of the episode)."""
    return {agent: reward for agent, _, reward, terminated, _, _ in records if terminated}


def _deck(state):
    deck = []
    for rec in state.log:
        if rec[0] in ("deal", "board"):
            deck.extend(rec[2])
    return deck


@pytest.mark.parametrize("cfg", [HoldemConfig("nl", players=2), HoldemConfig("fl", players=6),
                                 HoldemConfig("plo", players=3),
                                 HoldemConfig("nl", players=5, ante=1, starting_stacks=[4, 30, 200, 9, 60])],
                         ids=["nl-2", "fl-6", "plo-3", "nl-5-short"])
def test_rewards_are_the_chips_won_zero_sum_and_only_at_the_end(cfg):
    env = HoldemEnv(config=cfg)
    nonzero = 0
    for seed in range(30):
        records = rollout(env, seed, policy_seed=seed)
        for _, _, reward, terminated, info, _ in records:
            if not terminated:
                assert reward == 0 and info == {}
        final = _final_rewards(records)
        assert set(final) == set(env.possible_agents)
        assert sum(final.values()) == 0
        # the same hand played through the engine directly gives the same chips
        state = env.state_view
        again = HoldemState(cfg, button=state.button, deck=_deck(state))
        for _, _, _, terminated, _, action in records:
            if not terminated:
                again.act(action_from_index(again.observe(again.actor), action))
        assert again.snapshot() == state.snapshot()
        want = [b - a for a, b in zip(again.starting_stacks, again.stacks)]
        assert [final[f"player_{i}"] for i in range(cfg.players)] == want
        info = records[-1][4]
        assert info["results"] == want and info["payouts"] == list(again.payouts)
        nonzero += any(want)
    assert nonzero == 30


def test_gym_reward_is_the_learners_result_and_zero_before():
    env = HoldemGymEnv("nl", 3, seat=1, opponents=["random", "call"])
    total = []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        rewards, done = [], False
        while not done:
            assert env.state_view.actor == 1 and obs["action_mask"].any()
            assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
            assert sorted(env.legal_moves()) == np.flatnonzero(obs["action_mask"]).tolist()
            obs, reward, done, _, info = env.step(masked_choice(rng, obs["action_mask"]))
            rewards.append(reward)
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        st = env.state_view
        assert rewards[-1] == info["results"][1] == st.stacks[1] - st.starting_stacks[1] and sum(info["results"]) == 0
        total.append(rewards[-1])
    assert any(r > 0 for r in total) and any(r < 0 for r in total)


class Spy:
    """A hold'em agent recording what the environment hands it."""

    def __init__(self):
        self.seen, self.over, self.resets = [], [], 0

    def __call__(self, obs):
        assert isinstance(obs, Observation) and obs.is_my_turn
        self.seen.append(obs.seat)
        return check_call_agent(obs)

    def hand_over(self, obs):
        self.over.append(obs.payouts)

    def reset(self):
        self.resets += 1


def test_gym_opponents_get_their_own_observations_and_hooks():
    spy = Spy()
    env = HoldemGymEnv("fl", 3, seat=0, opponents=[spy, "call"])
    for seed in range(5):
        env.reset(seed=seed)
        done = False
        while not done:
            done = env.step(1)[2]
    assert set(spy.seen) == {1} and spy.resets == 5 and len(spy.over) >= 5


class Asked:
    """check_call_agent that remembers whether it was asked."""

    def __init__(self):
        self.asked = False

    def __call__(self, obs):
        self.asked = True
        return check_call_agent(obs)


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_gym_random_opponent_plays_as_the_engine_plays_it(variant):
    # the seed drives the opponent's generator, then the button and the deck of each deal, in that order
    cfg = HoldemConfig(variant, players=2)
    compared = 0
    for seed in range(12):
        env = HoldemGymEnv(config=cfg, seat=0, opponents="random")
        env.reset(seed=seed)
        done = False
        while not done:
            done = env.step(1)[2]
        rng = np.random.default_rng(seed)
        opponent = RandomAgent(int(np.random.default_rng(rng.integers(2**63)).integers(2**63)))
        while True:  # a deal where seat 0 has no decision (the opponent folds its small blind) is played out
            me = Asked()
            state = HoldemState(cfg, button=int(rng.integers(2)), seed=rng)
            state.play([me, opponent])
            if me.asked:
                break
        assert state.snapshot() == env.state_view.snapshot()
        compared += 1
    assert compared == 12


def test_render_text_in_both_modes(capsys):
    env = HoldemEnv("nl", 3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "player_0" in text and "player_2" in text and "street preflop" in text and "no-limit hold'em" in text
    human = HoldemGymEnv("plo", 2, opponents="call", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert "pot-limit Omaha" in capsys.readouterr().out
    with pytest.warns(UserWarning, match="render_mode"):
        assert HoldemEnv("fl", 2).render() is None


def test_a_trained_policy_plays_as_a_pokercore_agent():
    largest = PolicyAgent(lambda o: int(np.flatnonzero(o["action_mask"])[-1]))
    result = play_game(HoldemConfig("nl", players=3, hands=20, seed=1), [largest, check_call_agent, RandomAgent(2)])
    assert result.hands_played >= 1 and sum(result.stacks) == 600
    slots = PolicyAgent(lambda o: int(np.flatnonzero(o["action_mask"])[0]), history_slots=3)
    s = HoldemState(HoldemConfig("fl", players=2), seed=3)
    s.play([slots, slots])
    assert s.is_over
