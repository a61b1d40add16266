"""The final observation's mask under autoreset, the illegal-action penalty of each seat, rewards in big blinds."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from pokercore.draw import DrawConfig
from pokercore.envs import BinhEnv, DrawEnv, DrawGymEnv, EnvError, HoldemEnv, HoldemGymEnv
from pokercore.holdem import HoldemConfig

from .helpers import masked_choice


# ---------------------------------------------------------------- the mask of the final observation
@pytest.mark.parametrize(("env_id", "kwargs"), [
    ("pokercore/Holdem-v0", {"variant": "fl", "opponents": "random"}),
    ("pokercore/Holdem-v0", {"variant": "nl", "players": 3, "opponents": "call"}),
    ("pokercore/Draw-v0", {"opponents": "random"}),
])
def test_make_vec_autoreset_never_shows_a_masked_sampler_an_empty_mask(env_id, kwargs):
    envs = gym.make_vec(env_id, num_envs=3, vectorization_mode="sync", **kwargs)
    obs, _ = envs.reset(seed=1)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(400):
        masks = obs["action_mask"]
        assert masks.any(axis=1).all()
        obs, _, terminated, _, _ = envs.step(np.array([masked_choice(rng, m) for m in masks]))
        ends += int(terminated.sum())
    assert ends > 50
    envs.close()


def test_gym_final_observation_offers_every_index_and_nothing_is_played():
    env = HoldemGymEnv("nl", 2, opponents="call")
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(1)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].tolist() == [1] * 10
    assert env.action_masks().tolist() == [True] * 10
    assert env.observation_space.contains(obs)
    with pytest.raises(EnvError, match="episode is over"):
        env.step(0)


def test_gym_final_observation_after_an_illegal_index_keeps_the_legal_mask():
    env = HoldemGymEnv("nl", 2, opponents="call")
    obs, _ = env.reset(seed=2)
    legal = obs["action_mask"].copy()
    obs, _, done, _, info = env.step(int(np.flatnonzero(legal == 0)[0]))
    assert done and "illegal_action" in info and np.array_equal(obs["action_mask"], legal)


# ---------------------------------------------------------------- the penalty of each seat
def test_default_penalty_is_what_each_seat_can_lose():
    env = HoldemEnv(config=HoldemConfig("nl", players=3, starting_stacks=[10, 500, 70]), illegal_action="penalty")
    assert env.illegal_penalty is None
    assert env.illegal_penalties == {"player_0": 10.0, "player_1": 70.0, "player_2": 70.0}
    fl = HoldemEnv(config=HoldemConfig("fl", players=3, starting_stacks=[10, 500, 70]))
    assert fl.illegal_penalties == {"player_0": 10.0, "player_1": 48.0, "player_2": 48.0}
    draw = DrawEnv(config=DrawConfig(players=3, starting_stacks=[10, 500, 70]))
    assert draw.illegal_penalties == {"player_0": 10.0, "player_1": 25.0, "player_2": 25.0}
    assert BinhEnv(players=3).illegal_penalties == dict.fromkeys(["player_0", "player_1", "player_2"], 24.0)
    given = HoldemEnv(config=HoldemConfig("nl", players=3, starting_stacks=[10, 500, 70]), illegal_penalty=7)
    assert given.illegal_penalty == 7 and set(given.illegal_penalties.values()) == {7.0}
    for seat, want in enumerate((10, 70, 70)):
        gym_env = HoldemGymEnv(config=HoldemConfig("nl", players=3, starting_stacks=[10, 500, 70]), seat=seat)
        assert gym_env.illegal_penalty == want


def test_the_offender_pays_its_own_penalty():
    cfg = HoldemConfig("nl", players=3, starting_stacks=[10, 500, 70])
    env = HoldemEnv(config=cfg, illegal_action="penalty")
    paid = {}
    for seed in range(30):
        env.reset(seed=seed)
        agent = env.agent_selection
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0]))
        assert all(r == 0 for a, r in env.rewards.items() if a != agent)
        paid[agent] = env.rewards[agent]
    assert paid == {"player_0": -10.0, "player_1": -70.0, "player_2": -70.0}


# ---------------------------------------------------------------- rewards and chips in big blinds
CFG = HoldemConfig("nl", players=3, small_blind=5, big_blind=10, starting_stacks=[1000, 640, 2000])


def _chip_positions(layout):
    n, width = layout.players, layout.slot_width
    at = [np.arange(layout["stacks"].start, layout["amounts"].stop)]
    start = layout["history"].start
    slots = (layout["history"].stop - start) // width
    at.append(start + np.arange(slots)[:, None] * width + np.array([n + 5, n + 6]))
    return np.concatenate([a.ravel() for a in at])


@pytest.mark.parametrize("variant", ["nl", "fl"])
def test_big_blind_units_scale_the_chip_fields_and_the_rewards(variant):
    cfg = HoldemConfig(variant, players=3, small_blind=5, big_blind=10, starting_stacks=[1000, 640, 2000],
                       **({"small_bet": 10, "big_bet": 20} if variant == "fl" else {}))
    chips, bbs = HoldemEnv(config=cfg), HoldemEnv(config=cfg, units="big_blinds")
    lay = chips.layout
    at = _chip_positions(lay)
    other = np.setdiff1d(np.arange(lay.size), at)
    space = bbs.observation_space("player_0")["observation"]
    assert space.high[lay["stacks"].start] == 3640 / 10 and space.high[lay["street_actions"].start] == \
        chips.observation_space("player_0")["observation"].high[lay["street_actions"].start]
    rng = np.random.default_rng(3)
    for seed in range(20):
        chips.reset(seed=seed)
        bbs.reset(seed=seed)
        for agent in chips.agent_iter():
            a, b = chips.last(), bbs.last()
            assert bbs.agent_selection == agent
            np.testing.assert_allclose(b[0]["observation"][at], a[0]["observation"][at] / 10, rtol=1e-6)
            assert np.array_equal(b[0]["observation"][other], a[0]["observation"][other])
            assert np.array_equal(a[0]["action_mask"], b[0]["action_mask"]) and space.contains(b[0]["observation"])
            assert b[1] == pytest.approx(a[1] / 10)
            if a[2]:
                for key in ("results", "payouts", "skipped_results"):
                    assert b[4][key] == pytest.approx([x / 10 for x in a[4][key]])
                action = None
            else:
                action = masked_choice(rng, a[0]["action_mask"])
            chips.step(action)
            bbs.step(action)
    assert bbs.illegal_penalties["player_1"] == (64.0 if variant == "nl" else 24.0)  # fl: 4 bets a street


def test_big_blind_units_pass_the_checkers_and_the_gym_env_scales_too():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(HoldemEnv(config=CFG, units="big_blinds"), num_cycles=100)
        check_env(HoldemGymEnv(config=CFG, units="big_blinds", opponents="random"))
    chips, bbs = HoldemGymEnv(config=CFG, opponents="call"), HoldemGymEnv(config=CFG, opponents="call",
                                                                          units="big_blinds")
    assert bbs.illegal_penalty == 100.0  # seat 0: 1000 chips
    at = _chip_positions(chips.layout)
    for seed in range(10):
        a, _ = chips.reset(seed=seed)
        b, _ = bbs.reset(seed=seed)
        done = False
        while not done:
            a, ra, done, _, ia = chips.step(1)
            b, rb, _, _, ib = bbs.step(1)
            np.testing.assert_allclose(b["observation"][at], a["observation"][at] / 10, rtol=1e-6)
            assert rb == pytest.approx(ra / 10) and ib.get("results", []) == pytest.approx(
                [x / 10 for x in ia.get("results", [])])


def test_units_are_checked():
    for bad in ("bb", None, 10):
        with pytest.raises(EnvError, match="units must be 'chips' or 'big_blinds'"):
            HoldemEnv("nl", 2, units=bad)
        with pytest.raises(EnvError, match="units must be 'chips' or 'big_blinds'"):
            HoldemGymEnv("nl", 2, units=bad)
    assert DrawGymEnv(players=2).driver.num_actions == 37  # draw has no blinds: chips only
