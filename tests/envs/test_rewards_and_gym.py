"""Rewards are the hand's chips or points, zero-sum, once at the end; the Gym env plays its opponents faithfully."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.binh import Arrangement, run_deal
from pokercore.draw import DrawConfig, DrawState, Observation
from pokercore.draw.ai import make_agent
from pokercore.envs import BinhEnv, BinhGymEnv, DrawEnv, DrawGymEnv
from pokercore.envs.binh import SPECIAL
from pokercore.envs.draw import PolicyAgent, action_from_index

from .helpers import masked_choice, rollout


def _final_rewards(records):
    """Each agent's reward as ``last()`` shows it at its dead step (the cumulative reward of the episode)."""
    return {agent: reward for agent, _, reward, terminated, _, _ in records if terminated}


@pytest.mark.parametrize("cfg", [DrawConfig(players=2), DrawConfig(players=5),
                                 DrawConfig(players=4, all_in=True, starting_stacks=[3, 8, 50, 200])])
def test_draw_rewards_are_the_chips_won_zero_sum_and_only_at_the_end(cfg):
    env = DrawEnv(config=cfg)
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
        again = DrawState(cfg, button=state.button, deck=[c for r in state.log if r[0] == "deal" for c in r[2]]
                          + [c for r in state.log if len(r) == 4 and r[1] == "draw" for c in r[3]])
        for _, _, _, terminated, _, action in records:
            if not terminated:
                again.act(action_from_index(again.observe(again.actor), action))
        assert [final[f"player_{i}"] for i in range(cfg.players)] == [
            b - a for a, b in zip(again.starting_stacks, again.stacks)
        ]
        assert records[-1][4]["results"] == [final[f"player_{i}"] for i in range(cfg.players)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_binh_rewards_are_the_deal_nets(players):
    env = BinhEnv(players=players)
    for seed in range(15):
        records = rollout(env, seed, policy_seed=seed)
        final = _final_rewards(records)
        assert sum(final.values()) == 0
        info = records[-1][4]
        hands = env.driver._hands
        played = [None if text.startswith("special") else Arrangement.from_string(text.replace("FOUL", ""))
                  for text in (info["shown"][f"player_{i}"] for i in range(players))]
        record = run_deal([lambda obs, p=p: p for p in played], rules=env.driver.rules, hands=hands)
        assert [final[f"player_{i}"] for i in range(players)] == list(record.nets) == info["results"]
        assert sum(1 for r in records if r[5] == SPECIAL) == sum(p is None for p in played)


def test_gym_reward_is_the_learners_result_and_zero_before():
    env = DrawGymEnv(players=3, seat=1, opponents=["station", "rock"])
    total = []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        rewards, done = [], False
        while not done:
            assert env.state_view.actor == 1 and obs["action_mask"].any()
            assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
            obs, reward, done, _, info = env.step(masked_choice(rng, obs["action_mask"]))
            rewards.append(reward)
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == info["results"][1] and sum(info["results"]) == 0
        total.append(rewards[-1])
    assert any(total)


class Spy:
    """A draw agent recording what the environment hands it."""

    def __init__(self):
        self.seen, self.over, self.resets = [], [], 0

    def __call__(self, obs):
        assert isinstance(obs, Observation)
        self.seen.append(obs.seat)
        return obs.legal_actions[0]

    def hand_over(self, obs):
        self.over.append(obs.payouts)

    def reset(self):
        self.resets += 1


def test_gym_opponents_get_their_own_observations_and_hooks():
    spy = Spy()
    env = DrawGymEnv(players=3, seat=0, opponents=[spy, "call"])
    for seed in range(5):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert set(spy.seen) == {1} and spy.resets == 5 and len(spy.over) == 5


def _passive(obs):
    """Check, else call, else stand pat (an engine agent)."""
    for kind in ("check", "call"):
        for a in obs.legal_actions:
            if a.kind == kind:
                return a
    return obs.legal_actions[0]


@pytest.mark.parametrize("name", ["tag", "hard"])
def test_gym_built_in_opponents_play_as_the_engine_plays_them(name):
    # the same seed drives the opponent's generator, the button and the deck, in that order (as documented)
    cfg = DrawConfig(players=2)
    for seed in range(4):
        env = DrawGymEnv(config=cfg, seat=0, opponents=name)
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, _ = env.step(1 if 1 in legal else 2 if 2 in legal else 5)
        rng = np.random.default_rng(seed)
        opponent = make_agent(name, np.random.default_rng(rng.integers(2**63)))
        state = DrawState(cfg, button=int(rng.integers(2)), seed=rng)
        state.play([_passive, opponent])
        assert state.snapshot() == env.state_view.snapshot()


def test_render_text_in_both_modes(capsys):
    env = DrawEnv(players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "player_0" in text and "player_1" in text and "street bet1" in text
    human = BinhGymEnv(players=2, opponents="strongest", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert "player_1" in capsys.readouterr().out
    with pytest.warns(UserWarning, match="render_mode"):
        assert DrawEnv(players=2).render() is None


def test_a_trained_policy_plays_as_a_pokercore_agent():
    from pokercore.draw import play_game
    from pokercore.sim import simulate

    first = PolicyAgent(lambda o: int(np.flatnonzero(o["action_mask"])[-1]))
    result = play_game(DrawConfig(players=3, hands=20, seed=1), [first, make_agent("call"), make_agent("rock")])
    assert result.hands_played == 20
    match = simulate("draw", [first, "call"], deals=20, seed=1, duplicate=True)
    assert match.deals == 20 and abs(sum(s.mean for s in match.summary())) < 1e-9
