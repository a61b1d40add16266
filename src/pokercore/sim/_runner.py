"""Seeded, reproducible, parallel AI-vs-AI matches for any registered game: :func:`simulate`.

A match of ``deals`` deals is cut into chunks of ``chunk_size`` deals, each
seeded on its own (:mod:`~pokercore.sim._chunks`), so the result is
identical whether they run in this process, in a process pool or on a
cluster (:mod:`~pokercore.sim._executor`); only ``seed`` and ``chunk_size``
matter, and the first ``m`` deals of a longer match are the ``m``-deal
match of the same seed and chunk size.

Chunks are handed out a few at a time and their payoffs are folded into
running statistics as they come back (:mod:`~pokercore.sim._stats`), so
memory does not grow with ``deals``; per-deal payoffs are kept only with
``keep_payoffs=True``.

An agent that raises (even ``SystemExit``), answers illegally or, with
``decision_timeout``, takes too long ends the match with an
:class:`~pokercore.sim._seated_agents.AgentRunError` naming the agent, its seat, the
deal and the ``seed``/``chunk_size``/``deals`` that replay the match up to
that deal.

Duplicate mode replays every deal once per seat rotation (same cards, the
agents moved one seat on each time) and scores each agent by its mean over
the rotations, which removes most of the luck of the cards.

Examples
--------
>>> from pokercore.sim import simulate
>>> r = simulate("toy", ["high", "random"], deals=200, seed=3, keep_payoffs=True)
>>> r.deals, r.agents
(200, ['high', 'random'])
>>> bool(r.payoffs.sum(axis=1).max() == 0)
True
>>> simulate("toy", ["high", "random"], deals=200, seed=3, duplicate=True).summary()[0].deals
200
"""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np

from ._agents import AgentSpecLike, build_agent, labels
from ._chunks import Chunk
from ._cluster import is_dask_client, ship_files
from ._errors import SimulationError
from ._executor import effective_workers, run_chunks
from ._loading import absolute_spec
from ._progress import progress_reporter
from ._registry import GameAdapter, get_game, register_game
from ._result import MatchResult
from ._seated_agents import AgentRunError, short
from ._stats import RunningStats, unit_of

__all__ = [
    "MAX_CHUNK_SIZE",
    "MAX_DEALS",
    "AgentRunError",
    "AgentSpecLike",
    "GameAdapter",
    "SimulationError",
    "effective_workers",
    "get_game",
    "register_game",
    "simulate",
]


#: Most deals a match can have: far beyond any run (three years at 10,000 deals a second), and the
#: deal numbers, counts and checkpoints stay exact 64-bit integers.
MAX_DEALS = 10**12
#: Most deals in one chunk: a chunk is held whole in memory while it is played (its payoffs, 8 bytes
#: per agent per deal, and a seed per deal, about 400 bytes); larger chunks only cost memory.
MAX_CHUNK_SIZE = 100_000


def _positive(name: str, value: Any, what: str = "a positive integer") -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise SimulationError(f"{name} must be {what}, got {value!r}")
    return int(value)


def _at_most(name: str, value: int, limit: int, shown: str) -> int:
    if value > limit:
        got = str(value) if len(str(value)) <= 40 else f"{str(value)[:40]}... ({len(str(value))} digits)"
        raise SimulationError(f"{name} must be at most {shown}, got {got}")
    return value


def _check_timeout(value: float | None) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not 0 < float(value) < float("inf"):
        raise SimulationError(f"decision_timeout must be a positive number of seconds or None, got {value!r}")
    return float(value)


def _check_options(adapter: GameAdapter, options: Mapping[str, Any], players: int) -> None:
    """The game's own check of its options, before the first deal: a configuration error is one, not an agent's."""
    if not isinstance(options, Mapping):
        raise SimulationError(f"options must be a mapping of option names to values, got {type(options).__name__}")
    check = getattr(adapter, "check_options", None)
    if not callable(check):
        return
    try:
        check(options, players)
    except SimulationError:
        raise
    except Exception as exc:
        raise SimulationError(f"{adapter.name} options: {short(exc)}") from None


def _pack(specs: tuple[Any, ...], game_ref: Any, in_process: bool) -> Any:
    """The agent specs as bytes for the workers (or as they are, to run here, when they do not pickle)."""
    try:
        packed: Any = pickle.dumps(specs)
        pickle.dumps(game_ref)
    except Exception as exc:
        if not in_process:
            raise SimulationError(
                f"to run on workers, agents and game must be picklable (a module-level function or "
                f"class, or an import path 'package.module:name'): {exc}"
            ) from None
        packed = specs  # e.g. a lambda agent: run here, each chunk on a deep copy
    return packed


def simulate(
    game: str | GameAdapter,
    agents: Sequence[AgentSpecLike],
    deals: int,
    seed: int = 0,
    *,
    workers: int = 1,
    executor: Executor | Any | None = None,
    duplicate: bool = False,
    chunk_size: int = 50,
    progress: bool | Callable[[int, int], None] | None = None,
    options: Mapping[str, Any] | None = None,
    decision_timeout: float | None = None,
    max_in_flight: int | None = None,
    keep_payoffs: bool = False,
) -> MatchResult:
    """Play ``deals`` deals between ``agents`` and summarise the result.

    Parameters
    ----------
    game : str or GameAdapter
        ``"binh"``, ``"draw"``, a registered name, ``"package.module:Adapter"``
        (or ``"path/to/file.py:Adapter"``) or an adapter object (an object is
        only picklable to a process pool if its class is importable).
    agents : sequence of agent specs
        One per seat: a built-in level (``"easy"``, ``"normal"``, ``"hard"``,
        baselines such as ``"random"``), an import path
        ``"package.module:name"`` or ``"path/to/file.py:name"``, an agent
        class or a picklable callable.
    deals : int
        Number of deals (hands), at most :data:`MAX_DEALS` (10**12).
    seed : int, default 0
        Match seed; with ``chunk_size`` it fixes the result exactly.
    workers : int, default 1
        Processes of the default pool; ``1`` runs in this process.  The pool
        gets ``min(workers, number of chunks, os.cpu_count())`` processes.
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Run chunks there instead: any Executor (a thread or process pool,
        ``client.get_executor()``) or a Dask ``Client`` itself.
    duplicate : bool, default False
        Replay every deal once per seat rotation.
    chunk_size : int, default 50
        Deals per chunk (the unit of work and of seeding), at most
        :data:`MAX_CHUNK_SIZE` (100,000): a chunk is held in memory whole.
    progress : bool, callable or None
        ``True`` shows a progress bar (needs tqdm), ``False`` nothing,
        ``None`` a bar when stderr is a terminal and tqdm is installed; a
        callable is called as ``progress(done, total)`` (deals) after
        every chunk, e.g. a :class:`~pokercore.sim._progress.LineProgress`.
    options : mapping, optional
        Game options passed to the adapter (e.g. draw's ``ante``).
    decision_timeout : float, optional
        Seconds one agent decision may take; a slower decision ends the
        match with an :class:`AgentRunError`.  Off by default.  It never
        changes a result: a match that finishes is the same with or without it.
    max_in_flight : int, optional
        Chunks handed to the executor at once; default ``2 * workers`` for
        the own pool, ``2 * executor._max_workers`` (or 64) for a given one,
        twice the worker threads of a Dask Client.
    keep_payoffs : bool, default False
        Keep every deal's payoffs in :attr:`MatchResult.payoffs` (8 bytes
        per agent per deal).  The statistics, the table, the JSON and the
        plot never need them: they are kept as the deals stream in.

    Returns
    -------
    MatchResult
        Its ``meta`` says how the match ran: ``chunk_size``, ``workers``,
        ``elapsed_s``, ``deals_per_s``, ``rotations`` (the seat rotations
        each deal was played in: the number of agents in duplicate mode,
        else 1), ``played`` (deals times rotations: the hands actually
        played) and ``played_per_s``.

    Raises
    ------
    SimulationError
        A request that cannot run (unknown game or agent, bad counts, options
        the game cannot play), before the first deal.
    OutputError
        A file the game writes (a hold'em ``history``) could not be written.
    AgentRunError
        An agent failed; the message names the agent, its seat, the deal and
        how to replay it (also in its attributes).
    """
    adapter = get_game(game)
    specs = tuple(agents)
    if not adapter.min_players <= len(specs) <= adapter.max_players:
        raise SimulationError(
            f"{adapter.name} needs {adapter.min_players}-{adapter.max_players} agents, got {len(specs)}"
        )
    _check_options(adapter, options or {}, len(specs))
    deals = _at_most("deals", _positive("deals", deals), MAX_DEALS, "10**12 (1,000,000,000,000)")
    workers = _positive("workers", workers)
    chunk_size = _at_most("chunk_size", _positive("chunk_size", chunk_size, "positive"), MAX_CHUNK_SIZE,
                          f"{MAX_CHUNK_SIZE:,} deals (a chunk is held in memory whole)")
    if max_in_flight is not None:
        max_in_flight = _positive("max_in_flight", max_in_flight)
    timeout = _check_timeout(decision_timeout)
    seed = int(seed)
    names = tuple(labels(specs))
    # Fail early (in this process) on agent specs that cannot be built, naming them as the caller did.
    probe = np.random.default_rng(0)
    for spec, label in zip(specs, names):
        build_agent(adapter, spec, probe, label)
    specs = tuple(absolute_spec(s) if isinstance(s, str) else s for s in specs)  # for workers elsewhere
    game_ref = absolute_spec(game) if isinstance(game, str) else adapter
    if is_dask_client(executor):  # workers on other machines get the agents' own files
        ship_files(executor, (*specs, game_ref))
    n_chunks = -(-deals // chunk_size)
    n_workers = effective_workers(workers, n_chunks) if executor is None else None
    packed = _pack(specs, game_ref, executor is None and workers == 1)
    opts = tuple(sorted((options or {}).items()))

    def chunks() -> Iterator[Chunk]:
        for k in range(n_chunks):
            yield Chunk(game_ref, packed, names, seed, k, chunk_size, min(chunk_size, deals - k * chunk_size),
                        bool(duplicate), opts, timeout)

    stats = RunningStats(len(specs), deals)
    kept: list[np.ndarray] | None = [] if keep_payoffs else None
    reporter = progress_reporter(progress, deals, unit_of(adapter.name))
    start = time.perf_counter()
    try:
        for block in run_chunks(chunks(), workers=n_workers or 1, executor=executor, limit=max_in_flight,
                                reporter=reporter):
            stats.add(block)
            if kept is not None:
                kept.append(block)
    finally:
        if reporter is not None:
            reporter.close()
    elapsed = time.perf_counter() - start
    rotations = len(specs) if duplicate else 1  # a duplicate deal is played once per seat rotation
    played = deals * rotations
    meta = {"chunk_size": chunk_size, "workers": n_workers,
            "elapsed_s": round(elapsed, 3), "deals_per_s": round(deals / elapsed, 1) if elapsed else None,
            "rotations": rotations, "played": played,
            "played_per_s": round(played / elapsed, 1) if elapsed else None, "pid": os.getpid()}
    describe = getattr(adapter, "describe", None)
    if callable(describe):
        meta["stakes"] = describe(dict(opts), len(specs))
    payoffs = np.concatenate(kept, axis=0) if kept is not None else None
    return MatchResult(adapter.name, list(names), payoffs, seed, bool(duplicate), meta, stats=stats)
