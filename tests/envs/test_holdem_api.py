"""Hold'em environments pass PettingZoo's and Gymnasium's own checkers, and the same seed gives the same episode."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from pokercore.envs import HoldemEnv, HoldemGymEnv
from pokercore.holdem import HoldemConfig

from .helpers import rollout, same

CONFIGS = {
    **{f"nl-{n}": HoldemConfig("nl", players=n) for n in (2, 3, 6, 10)},
    **{f"fl-{n}": HoldemConfig("fl", players=n) for n in (2, 4, 9)},
    **{f"plo-{n}": HoldemConfig("plo", players=n) for n in (2, 6)},
    "fl-uncapped": HoldemConfig("fl", players=2, heads_up_uncapped=True, starting_stacks=40),
    "plo5-5": HoldemConfig("plo", players=5, hole_cards=5),
    "nl-short-ante-straddle": HoldemConfig("nl", players=5, ante=1, straddles=(4,),
                                           starting_stacks=[3, 30, 200, 9, 60]),
    "nl-bb-ante-sitting-out": HoldemConfig("nl", players=4, ante=2, ante_mode="big-blind",
                                           starting_stacks=[0, 50, 120, 7]),
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_pettingzoo_api_test_passes(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations and masks: PettingZoo's own card games get it
        api_test(HoldemEnv(config=CONFIGS[name]), num_cycles=300)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_pettingzoo_seed_test_passes(name):
    seed_test(lambda: HoldemEnv(config=CONFIGS[name]), num_cycles=200)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_same_seed_same_episode_and_other_seeds_differ(name):
    a, b = HoldemEnv(config=CONFIGS[name]), HoldemEnv(config=CONFIGS[name])
    episodes = []
    for seed in range(6):
        ra, rb = rollout(a, seed, policy_seed=seed), rollout(b, seed, policy_seed=seed)
        assert same(ra, rb)
        assert a.state_view.snapshot() == b.state_view.snapshot()
        episodes.append(ra)
    first = [ep[0][1]["observation"] for ep in episodes]
    assert len({o.tobytes() for o in first}) == len(first)  # six seeds, six different deals


def test_reset_without_seed_continues_the_generator_and_a_config_seed_starts_it():
    a = HoldemEnv(config=HoldemConfig("nl", players=3, seed=11))
    b = HoldemEnv("nl", 3)
    a.reset()
    b.reset(seed=11)
    assert same(a.observe("player_0"), b.observe("player_0"))
    a.reset()
    b.reset()
    assert same(a.observe("player_1"), b.observe("player_1"))
    assert a.state_view.snapshot() == b.state_view.snapshot()


GYM_MAKERS = {
    "nl-2-call": lambda: HoldemGymEnv("nl", 2),
    "fl-2-random": lambda: HoldemGymEnv("fl", 2, opponents="random"),
    "plo-2-raise": lambda: HoldemGymEnv("plo", 2, opponents="raise"),
    "nl-6-mixed": lambda: HoldemGymEnv("nl", 6, seat=3, opponents=["random", "call", "fold", "raise", "random"]),
    "fl-10-random": lambda: HoldemGymEnv("fl", 10, seat=9, opponents="random"),
    "plo-4-penalty-7": lambda: HoldemGymEnv("plo", 4, opponents="random", illegal_penalty=7),
}


@pytest.mark.parametrize("name", list(GYM_MAKERS))
def test_gymnasium_check_env_passes(name):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either, but the one about made-by-hand envs having no spec
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(GYM_MAKERS[name]())


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_registered_id_makes_every_variant(variant):
    env = gym.make("pokercore/Holdem-v0", variant=variant, players=3, opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    assert env.unwrapped.driver.config.variant == variant
    env.close()


@pytest.mark.parametrize("name", list(GYM_MAKERS))
def test_gym_same_seed_same_episode(name):
    make = GYM_MAKERS[name]

    def play(seed):
        env = make()
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        out = [obs]
        done = False
        while not done:
            obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            out.append((obs, reward, done, info))
        return out, env.state_view.snapshot()

    for seed in (1, 2):
        assert same(play(seed)[0], play(seed)[0]) and play(seed)[1] == play(seed)[1]
    assert not same(play(1)[0][0], play(2)[0][0])
