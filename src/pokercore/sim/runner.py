"""Seeded, reproducible, parallel AI-vs-AI matches for any registered game.

A match of ``deals`` deals is cut into chunks of ``chunk_size`` deals.  Chunk
``k`` is seeded by ``SeedSequence(seed).spawn(n_chunks)[k]``: its deals get
their cards from that seed and its agents get their random generators from
it.  The chunks are independent, so the result is identical whether they run
in this process, in a process pool or on a cluster (any
``concurrent.futures.Executor``, e.g. ``dask.distributed.Client.get_executor()``);
only ``seed`` and ``chunk_size`` matter.

Duplicate mode replays every deal once per seat rotation (same cards, the
agents moved one seat on each time) and scores each agent by its mean over
the rotations, which removes most of the luck of the cards.

Examples
--------
>>> from pokercore.sim.runner import simulate
>>> r = simulate("toy", ["high", "random"], deals=200, seed=3)
>>> r.deals, r.agents
(200, ['high', 'random'])
>>> bool(r.payoffs.sum(axis=1).max() == 0)
True
>>> simulate("toy", ["high", "random"], deals=200, seed=3, duplicate=True).payoffs.shape
(200, 2)
"""

from __future__ import annotations

import copy
import importlib
import inspect
import os
import pickle
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, Union

import numpy as np

from ..errors import PokercoreError
from .stats import MatchResult

__all__ = ["GameAdapter", "simulate", "register_game", "get_game", "SimulationError", "AgentSpecLike"]

Agent = Callable[[Any], Any]
#: A built-in agent name (``"easy"``), an import path ``"package.module:name"``,
#: an agent class (built per chunk as ``cls(rng=generator)`` or ``cls()``)
#: or any picklable callable used as the agent itself.
AgentSpecLike = Union[str, type, Agent]


class SimulationError(PokercoreError, ValueError):
    """A simulation request that cannot run (unknown game or agent, bad counts)."""


class GameAdapter(Protocol):
    """What the runner needs from a game.

    ``play_deal`` plays one deal with ``agents[s]`` in seat ``s`` (seat 0
    holds the button / deals first, as the game defines) and returns one
    payoff per seat; payoffs sum to zero.  All randomness of the deal
    (cards, engine) must come from ``rng``.
    """

    name: str
    min_players: int
    max_players: int

    def builtin_agent(self, name: str, rng: np.random.Generator) -> Agent: ...

    def play_deal(self, agents: Sequence[Agent], rng: np.random.Generator,
                  options: Mapping[str, Any]) -> Sequence[float]: ...


_GAMES: dict[str, GameAdapter] = {}
_BUILTIN = {"binh": "pokercore.sim.games:BinhAdapter", "draw": "pokercore.sim.games:DrawAdapter",
            "toy": "pokercore.sim.games:ToyAdapter"}


def register_game(adapter: GameAdapter) -> None:
    """Make a game available to :func:`simulate` under ``adapter.name``.

    In a process pool the registration must also happen in the workers, so
    prefer an import path: ``simulate("pkg.mod:MyAdapter", ...)``.
    """
    _GAMES[adapter.name] = adapter


def _import(path: str) -> Any:
    module, _, attr = path.partition(":")
    if not module or not attr:
        raise SimulationError(f"expected 'package.module:name', got {path!r}")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise SimulationError(f"cannot import {path!r}: {exc}") from None


def get_game(game: str | GameAdapter) -> GameAdapter:
    """The adapter for a game name, import path or adapter object."""
    if not isinstance(game, str):
        return game
    if game in _GAMES:
        return _GAMES[game]
    path = _BUILTIN.get(game, game if ":" in game else None)
    if path is None:
        raise SimulationError(f"unknown game {game!r}: use one of {sorted(set(_BUILTIN) | set(_GAMES))}")
    obj = _import(path)
    adapter = obj() if isinstance(obj, type) else obj
    _GAMES[game] = adapter
    return adapter


def _make_agent(adapter: GameAdapter, spec: AgentSpecLike, rng: np.random.Generator) -> Agent:
    if isinstance(spec, str):
        if ":" not in spec:
            return adapter.builtin_agent(spec, rng)
        spec = _import(spec)
    if isinstance(spec, type):
        try:
            params = inspect.signature(spec).parameters
        except (TypeError, ValueError):  # pragma: no cover - builtins without signatures
            params = {}
        return spec(rng=rng) if "rng" in params else spec()
    if not callable(spec):
        raise SimulationError(f"an agent must be a name, an import path, a class or a callable, got {spec!r}")
    return spec


def _labels(specs: Sequence[AgentSpecLike]) -> list[str]:
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


@dataclass(frozen=True)
class _Chunk:
    game: Any
    specs: tuple
    seed: np.random.SeedSequence
    deals: int
    duplicate: bool
    options: tuple


def _run_pickled(payload: bytes) -> np.ndarray:
    """Run a chunk from its pickle.

    Every chunk starts from a fresh copy of its agent specs, wherever it runs:
    a stateful agent object would otherwise carry its state from chunk to
    chunk in this process (or a thread pool) but not in a process pool.
    """
    return _run_chunk(pickle.loads(payload))


def _run_chunk(chunk: _Chunk) -> np.ndarray:
    """Play one chunk; payoffs of shape (deals, n_agents) by agent (not seat)."""
    adapter = get_game(chunk.game)
    n = len(chunk.specs)
    card_seed, agent_seed = chunk.seed.spawn(2)
    agent_rngs = [np.random.default_rng(s) for s in agent_seed.spawn(n)]
    agents = [_make_agent(adapter, spec, rng) for spec, rng in zip(chunk.specs, agent_rngs)]
    options = dict(chunk.options)
    out = np.zeros((chunk.deals, n), dtype=np.float64)
    rotations = range(n) if chunk.duplicate else range(1)
    for d, deal_seed in enumerate(card_seed.spawn(chunk.deals)):
        for r in rotations:
            # Seat s holds agent (s + r) % n; the same cards in every rotation.
            order = [(s + r) % n for s in range(n)]
            for a in agents:
                reset = getattr(a, "reset", None)
                if callable(reset):
                    reset()
            pay = adapter.play_deal([agents[i] for i in order], np.random.default_rng(deal_seed), options)
            if len(pay) != n:
                raise SimulationError(f"game {adapter.name!r} returned {len(pay)} payoffs for {n} seats")
            for s, i in enumerate(order):
                out[d, i] += pay[s]
        if chunk.duplicate:
            out[d] /= n
    return out


def _progress(total: int, enabled: bool | None):
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency of the sim extra
        return None
    return tqdm(total=total, unit="deal", file=sys.stderr)


def simulate(
    game: str | GameAdapter,
    agents: Sequence[AgentSpecLike],
    deals: int,
    seed: int = 0,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    duplicate: bool = False,
    chunk_size: int = 50,
    progress: bool | None = None,
    options: Mapping[str, Any] | None = None,
) -> MatchResult:
    """Play ``deals`` deals between ``agents`` and summarise the result.

    Parameters
    ----------
    game : str or GameAdapter
        ``"binh"``, ``"draw"``, a registered name, ``"package.module:Adapter"``
        or an adapter object (an object is only picklable to a process pool
        if its class is importable).
    agents : sequence of agent specs
        One per seat: a built-in level (``"easy"``, ``"normal"``, ``"hard"``,
        baselines such as ``"random"``), an import path
        ``"package.module:name"``, an agent class or a picklable callable.
    deals : int
        Number of deals (hands).
    seed : int, default 0
        Match seed; with ``chunk_size`` it fixes the result exactly.
    workers : int, default 1
        Processes of the default pool; ``1`` runs in this process.
    executor : concurrent.futures.Executor, optional
        Run chunks there instead (e.g. ``dask_client.get_executor()``).
    duplicate : bool, default False
        Replay every deal once per seat rotation.
    chunk_size : int, default 50
        Deals per chunk (the unit of work and of seeding).
    progress : bool or None
        Show a progress bar; ``None`` shows one when stderr is a terminal.
    options : mapping, optional
        Game options passed to the adapter (e.g. draw's ``ante``).

    Returns
    -------
    MatchResult
    """
    adapter = get_game(game)
    specs = tuple(agents)
    if not adapter.min_players <= len(specs) <= adapter.max_players:
        raise SimulationError(
            f"{adapter.name} needs {adapter.min_players}-{adapter.max_players} agents, got {len(specs)}"
        )
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise SimulationError(f"deals must be a positive integer, got {deals!r}")
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1:
        raise SimulationError(f"workers must be a positive integer, got {workers!r}")
    if chunk_size < 1:
        raise SimulationError(f"chunk_size must be positive, got {chunk_size!r}")
    # Fail early (in this process) on agent specs that cannot be built.
    probe = np.random.default_rng(0)
    for spec in specs:
        _make_agent(adapter, spec, probe)
    game_ref = game if isinstance(game, str) else adapter
    n_chunks = -(-int(deals) // chunk_size)
    sizes = [min(chunk_size, int(deals) - k * chunk_size) for k in range(n_chunks)]
    seeds = np.random.SeedSequence(int(seed)).spawn(n_chunks)
    opts = tuple(sorted((options or {}).items()))
    chunks = [_Chunk(game_ref, specs, s, m, duplicate, opts) for s, m in zip(seeds, sizes)]
    in_process = executor is None and workers == 1
    try:
        payloads: list[Any] = [pickle.dumps(c) for c in chunks]
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        if not in_process:
            raise SimulationError(
                f"to run on workers, agents and game must be picklable (a module-level function or "
                f"class, or an import path 'package.module:name'): {exc}"
            ) from None
        payloads = chunks  # e.g. a lambda agent: run here, each chunk on a deep copy

    start = time.perf_counter()
    bar = _progress(int(deals), progress)
    results: list[np.ndarray | None] = [None] * n_chunks
    own_pool = None
    try:
        if executor is None and workers > 1:
            own_pool = executor = ProcessPoolExecutor(max_workers=int(workers))
        if executor is None:
            for k, c in enumerate(chunks):
                p = payloads[k]
                results[k] = _run_pickled(p) if isinstance(p, bytes) else _run_chunk(copy.deepcopy(p))
                if bar is not None:
                    bar.update(c.deals)
        else:
            futures = {executor.submit(_run_pickled, p): k for k, p in enumerate(payloads)}
            from concurrent.futures import as_completed

            for fut in as_completed(futures):
                k = futures[fut]
                results[k] = fut.result()
                if bar is not None:
                    bar.update(chunks[k].deals)
    finally:
        if bar is not None:
            bar.close()
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)
    elapsed = time.perf_counter() - start
    payoffs = np.concatenate(results, axis=0)  # type: ignore[arg-type]
    meta = {"chunk_size": chunk_size, "workers": int(workers) if executor is None or own_pool else None,
            "elapsed_s": round(elapsed, 3), "deals_per_s": round(int(deals) / elapsed, 1) if elapsed else None,
            "pid": os.getpid()}
    return MatchResult(adapter.name, _labels(specs), payoffs, int(seed), bool(duplicate), meta)
