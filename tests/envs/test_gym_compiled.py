"""The Gymnasium environments on compiled hands play exactly the engines' episodes.

:class:`~pokercore.envs.DrawGymEnv` and, on fixed-limit tables,
:class:`~pokercore.envs.HoldemGymEnv` deal their hands to the compiled hands
(``DrawHand``, ``LimitHand``); the other seats are pokercore's own agents,
which read the engine's observation, so the engine's state of the hand is
built and kept in step with it.  Here each environment is run side by side with
the same environment over the engine's driver, from the same seeds, against
every kind of opponent (the AIs, the styles, random, user callables, one per
seat), with random learning moves including illegal ones: every observation,
mask, reward, end and info must be the same.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pokercore.draw import DrawConfig
from pokercore.envs import DrawGymEnv, HoldemGymEnv
from pokercore.envs._draw_driver import DrawDriver
from pokercore.envs._draw_hand_driver import DrawHandDriver
from pokercore.envs._holdem_driver import HoldemDriver
from pokercore.envs._limit_hand_driver import LimitHandDriver
from pokercore.envs._single import CardGameGym
from pokercore.holdem import HoldemConfig


def _same_step(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    (obs_a, *rest_a), (obs_b, *rest_b) = a, b
    for key in ("observation", "action_mask"):
        np.testing.assert_array_equal(obs_a[key], obs_b[key], err_msg=key)
    assert rest_a == rest_b


def _lockstep(fast: CardGameGym, ref: CardGameGym, seed: int, episodes: int, illegal: float) -> int:
    """Play ``episodes`` from ``seed`` on both; returns the learning decisions made."""
    rng = np.random.default_rng(seed)
    decisions = 0
    for e in range(episodes):
        a, b = fast.reset(seed=seed * 1000 + e), ref.reset(seed=seed * 1000 + e)
        _same_step((a[0], a[1]), (b[0], b[1]))
        obs, done = a[0], False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.integers(fast.action_space.n)) if rng.random() < illegal else int(rng.choice(legal))
            sa, sb = fast.step(action), ref.step(action)
            _same_step(sa, sb)
            obs, done = sa[0], sa[2]
            decisions += 1
        assert fast.driver.returns() == ref.driver.returns()
    return decisions


def _styles(names: tuple[str, ...], rng: np.random.Generator, others: int) -> list[str]:
    return [str(rng.choice(names)) for _ in range(others)]


@pytest.mark.parametrize("table", range(12))
def test_draw_gym_env_plays_the_engines_episodes(table: int) -> None:
    rng = np.random.default_rng([5, table])
    players = int(rng.integers(2, 7))
    cfg = DrawConfig(players=players, ante=int(rng.integers(0, 3)),
                     all_in=bool(rng.random() < 0.4),
                     starting_stacks=[int(rng.integers(3, 200)) for _ in range(players)])
    seat = int(rng.integers(players))
    names = DrawDriver(cfg).agent_names
    opponents = _styles(names, rng, players - 1) if table % 3 else str(rng.choice(names))
    fast = DrawGymEnv(config=cfg, seat=seat, opponents=opponents)
    assert type(fast.driver) is DrawHandDriver
    ref = CardGameGym(DrawDriver(cfg), seat=seat, opponents=opponents)
    assert _lockstep(fast, ref, table, 25, illegal=0.03) > 25


@pytest.mark.parametrize("table", range(12))
def test_fixed_limit_gym_env_plays_the_engines_episodes(table: int) -> None:
    rng = np.random.default_rng([6, table])
    players = int(rng.integers(2, 7))
    cfg = HoldemConfig("fl", players=players, ante=int(rng.integers(0, 2)),
                       starting_stacks=[int(rng.integers(5, 300)) for _ in range(players)])
    seat = int(rng.integers(players))
    names = tuple(n for n in HoldemDriver(cfg, None).agent_names)
    opponents = _styles(names, rng, players - 1) if table % 3 else str(rng.choice(names))
    fast = HoldemGymEnv(config=cfg, seat=seat, opponents=opponents)
    assert type(fast.driver) is LimitHandDriver
    ref = CardGameGym(HoldemDriver(cfg, None), seat=seat, opponents=opponents)
    assert _lockstep(fast, ref, table, 25, illegal=0.03) > 25


@pytest.mark.parametrize("rule", ["call", "fold", "raise"])
@pytest.mark.parametrize("players", [2, 6])
def test_rule_opponents_are_played_off_the_compiled_hand_alone(rule: str, players: int) -> None:
    """check/call, check/fold and min-raise opponents: the same episodes, and no engine state built."""
    rng = np.random.default_rng([7, players, len(rule)])
    for table in range(3):
        stacks = [int(rng.integers(1, 40)) if rng.random() < 0.5 else int(rng.integers(40, 400))
                  for _ in range(players)]
        cfg = HoldemConfig("fl", players=players, starting_stacks=stacks)
        seat = int(rng.integers(players))
        fast = HoldemGymEnv(config=cfg, seat=seat, opponents=rule)
        ref = CardGameGym(HoldemDriver(cfg, None), seat=seat, opponents=rule)
        assert _lockstep(fast, ref, 100 * players + table, 30, illegal=0.02) > 30
        _lockstep(fast, ref, 999, 1, illegal=0.0)  # an episode of legal moves only: nothing asks for the engine
        assert fast.driver._state is None  # type: ignore[attr-defined]


def test_user_callables_see_the_same_observations_through_either_driver() -> None:
    seen: dict[str, list[Any]] = {"fast": [], "ref": []}

    def agent(tag: str) -> Any:
        from pokercore.holdem import RandomAgent

        inner = RandomAgent(7)

        def act(observation: Any) -> Any:
            seen[tag].append(observation)
            return inner(observation)

        return act

    cfg = HoldemConfig("fl", players=3)
    fast = HoldemGymEnv(config=cfg, opponents=agent("fast"))
    ref = CardGameGym(HoldemDriver(cfg, None), opponents=agent("ref"))
    _lockstep(fast, ref, 99, 20, illegal=0.0)
    assert seen["fast"] and seen["fast"] == seen["ref"]


def test_tables_the_compiled_hands_cannot_hold_keep_the_engine() -> None:
    assert type(HoldemGymEnv("nl").driver) is HoldemDriver
    assert type(HoldemGymEnv("plo").driver) is HoldemDriver
    assert type(HoldemGymEnv(config=HoldemConfig("fl", starting_stacks=2**60)).driver) is HoldemDriver
    assert type(DrawGymEnv(config=DrawConfig(players=2, starting_stacks=2**53)).driver) is DrawDriver


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
@pytest.mark.parametrize("make", ["holdem", "draw"])
def test_a_copied_or_pickled_gym_env_plays_on_like_the_original(make: str, how: str) -> None:
    import copy
    import pickle

    for seed in range(10):
        env = HoldemGymEnv("fl", 3, opponents="hard") if make == "holdem" else DrawGymEnv(3, opponents="normal")
        obs, _ = env.reset(seed=seed)
        twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
        done = False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[-1])
            mine, theirs = env.step(action), twin.step(action)
            _same_step(mine, theirs)
            obs, done = mine[0], mine[2]
