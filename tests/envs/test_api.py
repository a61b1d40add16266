"""The environments pass PettingZoo's and Gymnasium's own checkers, and the same seed gives the same episode."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from pokercore.binh import BinhRules
from pokercore.draw import DrawConfig
from pokercore.envs import GYM_IDS, BinhEnv, BinhGymEnv, DrawEnv, DrawGymEnv

from .helpers import rollout, same

AEC_MAKERS = {
    **{f"draw-{n}": (lambda n=n: DrawEnv(players=n)) for n in range(2, 7)},
    "draw-all-in": lambda: DrawEnv(config=DrawConfig(players=4, all_in=True, starting_stacks=[3, 9, 40, 200])),
    "draw-no-cap": lambda: DrawEnv(config=DrawConfig(players=3, raise_cap=0, ante=0)),
    **{f"binh-{n}": (lambda n=n: BinhEnv(players=n)) for n in range(2, 5)},
    "binh-no-specials-fouls": lambda: BinhEnv(players=3, rules=BinhRules(declare_specials=False), allow_fouls=True),
}


@pytest.mark.parametrize("name", list(AEC_MAKERS))
def test_pettingzoo_api_test_passes(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations and masks: PettingZoo's own card games get it
        api_test(AEC_MAKERS[name](), num_cycles=300)


@pytest.mark.parametrize("name", list(AEC_MAKERS))
def test_pettingzoo_seed_test_passes(name):
    seed_test(AEC_MAKERS[name], num_cycles=200)


@pytest.mark.parametrize("name", list(AEC_MAKERS))
def test_same_seed_same_episode_and_other_seeds_differ(name):
    make = AEC_MAKERS[name]
    a, b = make(), make()
    episodes = []
    for seed in range(6):
        ra, rb = rollout(a, seed, policy_seed=seed), rollout(b, seed, policy_seed=seed)
        assert same(ra, rb)
        episodes.append(ra)
    first = [ep[0][1]["observation"] for ep in episodes]
    assert len({o.tobytes() for o in first}) == len(first)  # six seeds, six different deals


def test_reset_without_seed_continues_the_generator_and_a_config_seed_starts_it():
    a = DrawEnv(config=DrawConfig(players=2, seed=11))
    b = DrawEnv(players=2)
    a.reset()
    b.reset(seed=11)
    assert same(a.observe("player_0"), b.observe("player_0"))
    a.reset()
    b.reset()
    assert same(a.observe("player_1"), b.observe("player_1"))


GYM_MAKERS = {
    "draw-2-call": lambda: DrawGymEnv(players=2),
    "draw-4-mixed": lambda: DrawGymEnv(players=4, seat=2, opponents=["easy", "normal", "tag"]),
    "draw-3-penalty-7": lambda: DrawGymEnv(players=3, illegal_action="penalty", illegal_penalty=7),
    "binh-2-strongest": lambda: BinhGymEnv(players=2, opponents="strongest"),
    "binh-4-normal": lambda: BinhGymEnv(players=4, seat=3),
}


@pytest.mark.parametrize("name", list(GYM_MAKERS))
def test_gymnasium_check_env_passes(name):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either, but the one about made-by-hand envs having no spec
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(GYM_MAKERS[name]())


@pytest.mark.parametrize("env_id", list(GYM_IDS))
def test_registered_ids_make_checked_envs_with_every_render_mode(env_id):
    env = gym.make(env_id, players=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)  # with a spec it also renders in "ansi" and "human"
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
        return out

    for seed in (1, 2):
        assert same(play(seed), play(seed))
    assert not same(play(1)[0], play(2)[0])
