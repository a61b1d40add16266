"""The hold'em Gymnasium environment against pokercore's hold'em AIs by name."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pokercore.envs import HoldemGymEnv
from pokercore.envs.holdem import AGENTS


def _episode(env, seed):
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace, done, total = [], False, 0.0
    while not done:
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, r, done, _, info = env.step(a)
        trace.append((a, obs["observation"].tobytes()))
        total += r
    return trace, total, info


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "maniac", "rock", "station", "tag"])
def test_each_ai_plays_the_other_seats_and_the_same_seed_gives_the_same_episode(name):
    assert name in AGENTS
    env = HoldemGymEnv("nl", players=3, opponents=name)
    first = _episode(env, 5)
    again = _episode(HoldemGymEnv("nl", players=3, opponents=name), 5)
    assert first[0] == again[0] and first[1] == again[1]
    assert first[1] == first[2]["results"][0]


def test_check_env_passes_against_the_hard_ai():
    check_env(HoldemGymEnv("fl", players=2, opponents="hard"), skip_render_check=True)
