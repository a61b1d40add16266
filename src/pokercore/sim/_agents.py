"""Agents of a match built from what the caller gave: names, import paths, classes or callables.

An agent spec is one of

* a built-in agent's name (``"easy"``), which the game adapter builds;
* ``"package.module:name"`` or ``"path/to/file.py:name"`` (see
  :mod:`pokercore.sim._loading`), naming one of the forms below;
* a class, built per chunk as ``cls(rng=generator)`` if it takes ``rng``,
  else ``cls()``;
* any other callable, used as the agent itself.

Examples
--------
>>> from pokercore.sim import get_game
>>> import numpy as np
>>> agent = make_agent(get_game("toy"), "always", np.random.default_rng(0))
>>> agent([0, 1, 2, 3, 4])
True
>>> labels(["easy", "easy", "json:dumps"])
['easy#1', 'easy#2', 'json:dumps']
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ._errors import SimulationError
from ._loading import load_object
from ._registry import Agent, GameAdapter
from ._seated_agents import AgentRunError, short

__all__ = ["AgentSpecLike", "build_agent", "labels", "make_agent"]

#: A built-in agent name (``"easy"``), an import path ``"package.module:name"``,
#: an agent class (built per chunk as ``cls(rng=generator)`` or ``cls()``)
#: or any picklable callable used as the agent itself.
AgentSpecLike = str | type | Agent


def make_agent(adapter: GameAdapter, spec: AgentSpecLike, rng: np.random.Generator) -> Agent:
    """The agent ``spec`` names, with ``rng`` as its random generator when it takes one."""
    if isinstance(spec, str):
        if ":" not in spec:
            return adapter.builtin_agent(spec, rng)
        spec = load_object(spec)
    if isinstance(spec, type):
        params: Mapping[str, Any]
        try:
            params = inspect.signature(spec).parameters
        except (TypeError, ValueError):  # pragma: no cover - builtins without signatures
            params = {}
        agent: Agent = spec(rng=rng) if "rng" in params else spec()
        return agent
    if not callable(spec):
        raise SimulationError(f"an agent must be a name, an import path, a class or a callable, got {spec!r}")
    return spec


def build_agent(adapter: GameAdapter, spec: AgentSpecLike, rng: np.random.Generator, label: str) -> Agent:
    """:func:`make_agent`, with a failure of the agent's own code named as such (:class:`AgentRunError`)."""
    try:
        return make_agent(adapter, spec, rng)
    except SimulationError:
        raise
    except KeyboardInterrupt:
        raise
    except (Exception, SystemExit) as exc:
        raise AgentRunError(f"agent {label!r} could not be built: {short(exc)}", agent=label) from None


def labels(specs: Sequence[AgentSpecLike]) -> list[str]:
    """One unique label per agent: its name, numbered (``easy#2``) when it repeats."""
    names = []
    for s in specs:
        if isinstance(s, str):
            names.append(s)
        else:
            names.append(getattr(s, "__name__", type(s).__name__))
    out = []
    for i, n in enumerate(names):
        out.append(f"{n}#{names[: i + 1].count(n)}" if names.count(n) > 1 else n)
    return out
