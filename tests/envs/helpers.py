"""Helpers of the environment tests: random masked play, every seat's view at every step, cards in any value."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from pokercore import parse_cards

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
