"""Helpers of the environment tests: random masked play, every seat's view at every step, cards in any value,
and the checks the draw and hold'em tests share (refused moves, hidden cards)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from pokercore import format_cards, parse_cards
from pokercore.envs import IllegalMoveError
from pokercore.errors import PokercoreError

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    """A uniformly random legal index of ``mask``."""
    return int(rng.choice(np.flatnonzero(mask)))


def rollout(env: Any, seed: int, policy_seed: int = 0, *, views: bool = False,
            options: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
    """Play one episode of an AEC env with random legal actions.

    Returns one record per ``agent_iter`` step: ``(agent, observation, reward,
    terminated, info, action)``; with ``views`` also every agent's observation
    at that moment (``observe`` of each live agent).
    """
    rng = np.random.default_rng(policy_seed)
    env.reset(seed=seed, options=options)
    out: list[tuple[Any, ...]] = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else masked_choice(rng, obs["action_mask"])
        rec: tuple[Any, ...] = (agent, obs, reward, terminated, info, action)
        if views:
            rec += ({a: env.observe(a) for a in env.agents},)
        out.append(rec)
        env.step(action)
    return out


def cards_in(value: Any) -> set[int]:
    """Every card named in a value: card strings inside any text, in dicts, lists and tuples (keys too)."""
    found: set[int] = set()
    if isinstance(value, str):
        for m in CARD.findall(value):
            found.add(parse_cards(m)[0])
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= cards_in(k) | cards_in(v)
    elif isinstance(value, (list, tuple, set)):
        for v in value:
            found |= cards_in(v)
    return found


def same(a: Any, b: Any) -> bool:
    """Deep equality of observations (dicts of arrays), rewards and infos."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


# ---------------------------------------------------------------- checks the draw and hold'em tests share
def aec_snapshot(env: Any) -> tuple[Any, ...]:
    """Everything an AEC env shows its agents: who acts, rewards, terminations, infos and every observation."""
    return (env.agent_selection, dict(env.rewards), dict(env._cumulative_rewards), dict(env.terminations),
            copy.deepcopy(env.infos), {a: env.observe(a) for a in env.agents})


def check_masked_indices_refused(env: Any, seeds: Any, describe: Callable[[int], str],
                                 pick_bad: Callable[[np.random.Generator, np.ndarray], Any],
                                 *, no_cards: bool = False) -> int:
    """Play ``seeds`` episodes at random; at every decision step the indices ``pick_bad(rng, mask)`` chooses
    among the masked ones: each is refused with the legal choices named and the hand and env exactly as they
    were (``no_cards``: the message names no card either).  Returns how many were refused."""
    refused = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            legal = np.flatnonzero(mask).tolist()
            before, state = aec_snapshot(env), env.state_view.snapshot()
            for bad in pick_bad(rng, mask):
                with pytest.raises(IllegalMoveError) as err:
                    env.step(int(bad))
                e = err.value
                assert isinstance(e, PokercoreError) and isinstance(e, ValueError)
                assert list(e.legal) == legal
                text = str(e)
                assert text.startswith(f"{agent}: action {describe(int(bad))} is not legal now: ")
                assert all(describe(i) in text for i in legal[:8])
                if no_cards:
                    assert cards_in(text) == set()  # the message goes to every info in penalty mode: no card
                assert env.state_view.snapshot() == state and same(aec_snapshot(env), before)
                refused += 1
            env.step(masked_choice(rng, mask))
    return refused


def check_not_an_index_refused(env: Any, bad: Any, agent: str) -> None:
    """``bad`` (not an action index) is refused for ``agent`` and the hand is unchanged; numpy ints are indices."""
    state = env.state_view.snapshot()
    with pytest.raises(IllegalMoveError, match=f"{agent}: "):
        env.step(bad)
    assert env.state_view.snapshot() == state
    env.step(np.int64(1))  # numpy ints and 0-d arrays are indices
    env.step(np.array(1))


def check_penalty_ends_the_episode(env: Any, bad: int, penalty: float) -> str:
    """``bad`` (illegal) in penalty mode: the hand unchanged, the offender gets ``-penalty`` and the others 0,
    every agent is done and steps ``None`` once.  Returns the offender's illegal-action text."""
    agent = env.agent_selection
    state = env.state_view.snapshot()
    env.step(bad)
    assert env.state_view.snapshot() == state
    assert all(env.terminations.values())
    assert env.rewards == {a: (-penalty if a == agent else 0.0) for a in env.possible_agents}
    assert "illegal_action" in env.infos[agent] and env.infos[agent]["offender"] == agent
    text = str(env.infos[agent]["illegal_action"])
    steps = 0
    for _ in env.agent_iter():
        env.step(None)
        steps += 1
    assert steps == len(env.possible_agents) and env.agents == []
    return text


def check_gym_raise_mode(strict: Any, seed: int) -> None:
    """A Gym env with ``illegal_action="raise"``: a masked index raises, names the legal ones, changes nothing."""
    obs, _ = strict.reset(seed=seed)
    state = strict.state_view.snapshot()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError, match="legal: "):
        strict.step(bad)
    assert strict.state_view.snapshot() == state
    strict.step(int(np.flatnonzero(obs["action_mask"])[0]))  # still playable


def check_views_hold_only_own_cards(env: Any, seeds: Any, own_fields: Callable[[np.ndarray, Any, int], None],
                                    visible: Callable[[Any, int], set[int]]) -> None:
    """Random masked play of ``seeds`` episodes of an AEC env: at every step every seat's observation passes
    ``own_fields(vector, state, seat)``, and its info names no card but ``visible(state, seat)`` and, once the
    hand is over, the shown hands (empty during the hand); at the end the revealed hands are exactly the
    engine's showdown, never a folded (or mucked) hand."""
    for seed in seeds:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            state = env.state_view
            for a in env.agents:
                seat = int(a.split("_")[1])
                own_fields(env.observe(a)["observation"], state, seat)
                shown = set().union(*state.revealed.values()) if state.is_over else set()
                assert cards_in(env.infos[a]) <= visible(state, seat) | shown
                if not state.is_over:
                    assert env.infos[a] == {}
            obs, _, terminated, _, info = env.last()
            env.step(None if terminated else masked_choice(rng, obs["action_mask"]))
        assert info["revealed"] == {f"player_{i}": format_cards(c) for i, c in state.revealed.items()}
        assert all(not state.folded[i] for i in state.revealed)
        assert not set(getattr(state, "mucked", ())) & set(state.revealed)


def random_actions(env: Any, seed: int, rng: np.random.Generator) -> list[int | None]:
    """Play one episode of an AEC env with random legal actions from ``rng``; the actions, dead steps included."""
    env.reset(seed=seed)
    actions: list[int | None] = []
    for _agent in env.agent_iter():
        obs, _, terminated, _, _ = env.last()
        action = None if terminated else masked_choice(rng, obs["action_mask"])
        actions.append(action)
        env.step(action)
    return actions


def replay_seeing_the_same(a_env: Any, b_env: Any, seed: int, actions: list[int | None], me: str,
                           deck: list[int], button: int) -> int:
    """Replay ``actions`` in ``a_env`` (dealt from ``seed``) and ``b_env`` (dealt ``deck``): ``me`` sees the same
    arrays and info bit for bit while the hand runs.  Returns how many steps were compared."""
    a_env.reset(seed=seed)
    b_env.reset(seed=seed, options={"deck": deck, "button": button})
    compared = 0
    for action in actions:
        if a_env.state_view.is_over:
            break
        va, vb = a_env.observe(me), b_env.observe(me)
        assert np.array_equal(va["observation"], vb["observation"])
        assert np.array_equal(va["action_mask"], vb["action_mask"])
        assert a_env.infos[me] == b_env.infos[me]
        compared += 1
        a_env.step(action)
        b_env.step(action)
    assert a_env.state_view.is_over and b_env.state_view.is_over
    return compared


def check_gym_learner_views(env: Any, seed: int, seat: int, own_fields: Callable[[np.ndarray, Any, int], None],
                            visible: Callable[[Any, int], set[int]]) -> None:
    """One random episode of a Gym env: the learner's arrays pass ``own_fields`` and its info names no card but
    ``visible(state, seat)`` and, at the end, the shown hands."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    done = False
    while True:
        state = env.state_view
        own_fields(obs["observation"], state, seat)
        shown = set().union(*state.revealed.values()) if state.is_over else set()
        assert cards_in(info) <= visible(state, seat) | shown
        if done:
            break
        obs, _, done, _, info = env.step(masked_choice(rng, obs["action_mask"]))
