"""Seeded, reproducible, parallel AI-vs-AI matches for any registered game.

A match of ``deals`` deals is cut into chunks of ``chunk_size`` deals.  Chunk
``k`` is seeded by ``SeedSequence(seed).spawn(n_chunks)[k]`` (the same as
``SeedSequence(seed, spawn_key=(k,))``, whatever ``n_chunks`` is): its deals
get their cards from that seed and its agents get their random generators from
it.  The chunks are independent, so the result is identical whether they run
in this process, in a process pool or on a cluster (any
``concurrent.futures.Executor``, e.g. ``dask.distributed.Client.get_executor()``);
only ``seed`` and ``chunk_size`` matter, and the first ``m`` deals of a longer
match are the ``m``-deal match of the same seed and chunk size.

Chunks are handed to the executor a few at a time (at most ``2 * workers`` in
flight), so memory before the first deal does not grow with ``deals``; the
result keeps one row of payoffs per deal.

An agent that raises (even ``SystemExit``), answers illegally or, with
``decision_timeout``, takes too long ends the match with an
:class:`~pokercore.sim.guard.AgentRunError` naming the agent, its seat, the
deal and the ``seed``/``chunk_size``/``deals`` that replay the match up to
that deal.

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
import itertools
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Protocol, Union

import numpy as np

from .errors import SimulationError
from .guard import AgentRunError, DecisionContext, Interrupted, Seated, short
from .stats import MatchResult, unit_of

__all__ = [
    "AgentRunError",
    "AgentSpecLike",
    "GameAdapter",
    "SimulationError",
    "effective_workers",
    "get_game",
    "register_game",
    "simulate",
]

Agent = Callable[[Any], Any]
#: A built-in agent name (``"easy"``), an import path ``"package.module:name"``,
#: an agent class (built per chunk as ``cls(rng=generator)`` or ``cls()``)
#: or any picklable callable used as the agent itself.
AgentSpecLike = Union[str, type, Agent]


class GameAdapter(Protocol):
    """What the runner needs from a game.

    ``play_deal`` plays one deal with ``agents[s]`` in seat ``s`` (seat 0
    holds the button / deals first, as the game defines) and returns one
    payoff per seat; payoffs sum to zero.  All randomness of the deal
    (cards, engine) must come from ``rng``.  The agents it gets are the
    match's agents wrapped so that a failure names the agent and its seat:
    call them and read their attributes (``hand_over``...), do not test
    their type.  Optional: ``agent_names`` (the built-in agents, for help
    texts) and ``describe(options, players)`` (the stakes or scoring, for titles).
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
    _check_adapter(adapter, repr(getattr(adapter, "name", adapter)))
    _GAMES[adapter.name] = adapter


def _import(path: str) -> Any:
    module, _, attr = path.partition(":")
    if not module or not attr:
        raise SimulationError(f"expected 'package.module:name', got {path!r}")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise SimulationError(f"cannot import {path!r}: {exc}") from None
    except Exception as exc:  # the module itself fails to load (SyntaxError, an error at import time)
        raise SimulationError(f"cannot import {path!r}: {short(exc)}") from None


def _check_adapter(adapter: Any, where: str) -> None:
    missing = [a for a in ("play_deal", "builtin_agent") if not callable(getattr(adapter, a, None))]
    missing += [a for a in ("min_players", "max_players")
                if isinstance(getattr(adapter, a, None), bool) or not isinstance(getattr(adapter, a, None), int)]
    if not isinstance(getattr(adapter, "name", None), str):
        missing.append("name")
    if missing:
        raise SimulationError(
            f"{where} is not a game adapter: it lacks {', '.join(missing)} "
            "(an adapter has name, min_players, max_players, builtin_agent() and play_deal())"
        )


def get_game(game: str | GameAdapter) -> GameAdapter:
    """The adapter for a game name, import path or adapter object."""
    if not isinstance(game, str):
        _check_adapter(game, repr(game))
        return game
    if game in _GAMES:
        return _GAMES[game]
    path = _BUILTIN.get(game, game if ":" in game else None)
    if path is None:
        raise SimulationError(f"unknown game {game!r}: use one of {sorted(set(_BUILTIN) | set(_GAMES))} "
                              "or 'package.module:Adapter'")
    obj = _import(path)
    if isinstance(obj, type):
        try:
            obj = obj()
        except Exception as exc:
            raise SimulationError(f"cannot build the game adapter {path!r}: {short(exc)}") from None
    _check_adapter(obj, repr(path))
    _GAMES[game] = obj
    return obj


def _make_agent(adapter: GameAdapter, spec: AgentSpecLike, rng: np.random.Generator) -> Agent:
    if isinstance(spec, str):
        if ":" not in spec:
            return adapter.builtin_agent(spec, rng)
        spec = _import(spec)
    if isinstance(spec, type):
        params: Mapping[str, Any]
        try:
            params = inspect.signature(spec).parameters
        except (TypeError, ValueError):  # pragma: no cover - builtins without signatures
            params = {}
        return spec(rng=rng) if "rng" in params else spec()
    if not callable(spec):
        raise SimulationError(f"an agent must be a name, an import path, a class or a callable, got {spec!r}")
    return spec


def _build_agent(adapter: GameAdapter, spec: AgentSpecLike, rng: np.random.Generator, label: str) -> Agent:
    """:func:`_make_agent`, with a failure of the agent's own code named as such."""
    try:
        return _make_agent(adapter, spec, rng)
    except SimulationError:
        raise
    except KeyboardInterrupt:
        raise
    except (Exception, SystemExit) as exc:
        raise AgentRunError(f"agent {label!r} could not be built: {short(exc)}", agent=label) from None


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


def effective_workers(workers: int, n_chunks: int) -> int:
    """Processes a pool really gets: ``min(workers, n_chunks, os.cpu_count())``.

    >>> effective_workers(64, 1)
    1
    """
    return max(1, min(int(workers), int(n_chunks), os.cpu_count() or 1))


@dataclass(frozen=True)
class _Chunk:
    """Chunk ``index`` of a match: everything a worker needs to play it."""

    game: Any
    specs: Any  # the pickled agent specs (bytes), or the specs themselves when they do not pickle
    labels: tuple
    seed: int
    index: int
    chunk_size: int
    deals: int
    duplicate: bool
    options: tuple
    decision_timeout: float | None


def _chunk_seed(seed: int, index: int) -> np.random.SeedSequence:
    """``SeedSequence(seed).spawn(n)[index]`` for any n > index, without spawning the others."""
    return np.random.SeedSequence(seed, spawn_key=(index,))


def _replay(chunk: _Chunk, d: int) -> dict[str, int]:
    return {"seed": chunk.seed, "chunk_size": chunk.chunk_size, "deals": chunk.index * chunk.chunk_size + d + 1}


def _failed(chunk: _Chunk, d: int, rotation: int, exc: BaseException, ctx: DecisionContext,
            order: Sequence[int]) -> AgentRunError:
    """The error of deal ``d`` of ``chunk``, naming the agent, seat, deal and the replay."""
    deal = chunk.index * chunk.chunk_size + d + 1
    replay = _replay(chunk, d)
    where = f"deal {deal}" + (f", seat rotation {rotation}" if chunk.duplicate else "")
    how = f"replay with seed {replay['seed']}, chunk size {replay['chunk_size']}, deals {replay['deals']}"
    if isinstance(exc, AgentRunError):
        return AgentRunError(f"{exc} ({where}; {how})", agent=exc.agent, seat=exc.seat, deal=deal, replay=replay)
    seat = getattr(exc, "seat", None)
    if isinstance(seat, int) and 0 <= seat < len(order):
        label = chunk.labels[order[seat]]
        return AgentRunError(f"agent {label!r} in seat {seat}: {short(exc, 500)} ({where}; {how})",
                             agent=label, seat=seat, deal=deal, replay=replay)
    last = ctx.last
    if last is not None:
        return AgentRunError(f"{short(exc, 500)} (last to decide: agent {last.label!r} in seat {last.seat}; "
                             f"{where}; {how})", agent=last.label, seat=last.seat, deal=deal, replay=replay)
    return AgentRunError(f"{short(exc, 500)} ({where}; {how})", deal=deal, replay=replay)


def _interrupted(chunk: _Chunk, d: int, exc: KeyboardInterrupt) -> Interrupted:
    replay = _replay(chunk, d)
    where = f"{exc}; " if str(exc) else ""
    return Interrupted(f"{where}deal {chunk.index * chunk.chunk_size + d + 1}; replay with seed {replay['seed']}, "
                       f"chunk size {replay['chunk_size']}, deals {replay['deals']}")


def _run_chunk(chunk: _Chunk) -> np.ndarray:
    """Play one chunk; payoffs of shape (deals, n_agents) by agent (not seat).

    Every chunk starts from a fresh copy of its agent specs, wherever it runs:
    a stateful agent object would otherwise carry its state from chunk to
    chunk in this process (or a thread pool) but not in a process pool.
    """
    adapter = get_game(chunk.game)
    specs = pickle.loads(chunk.specs) if isinstance(chunk.specs, bytes) else copy.deepcopy(chunk.specs)
    n = len(specs)
    card_seed, agent_seed = _chunk_seed(chunk.seed, chunk.index).spawn(2)
    agent_rngs = [np.random.default_rng(s) for s in agent_seed.spawn(n)]
    agents = [_build_agent(adapter, spec, rng, label) for spec, rng, label in zip(specs, agent_rngs, chunk.labels)]
    options = dict(chunk.options)
    out = np.zeros((chunk.deals, n), dtype=np.float64)
    rotations = range(n) if chunk.duplicate else range(1)
    with DecisionContext(chunk.decision_timeout) as ctx:
        # Rotation r puts agent (s + r) % n in seat s; the same cards in every rotation.
        orders = [[(s + r) % n for s in range(n)] for r in rotations]
        seatings = [[Seated(agents[i], chunk.labels[i], s, ctx) for s, i in enumerate(order)] for order in orders]
        # Agents with a reset() get it before every deal, in agent order (through their seat, for error reports).
        resets = [[a for a in sorted(seated, key=lambda a: order[a.seat]) if callable(getattr(a.agent, "reset", None))]
                  for order, seated in zip(orders, seatings)]
        for d, deal_seed in enumerate(card_seed.spawn(chunk.deals)):
            for r in rotations:
                order, seated = orders[r], seatings[r]
                ctx.last = None
                try:
                    for a in resets[r]:
                        a.reset()
                    pay = adapter.play_deal(seated, np.random.default_rng(deal_seed), options)
                except KeyboardInterrupt as exc:
                    raise _interrupted(chunk, d, exc) from None
                except BaseException as exc:
                    raise _failed(chunk, d, r, exc, ctx, order) from None
                if len(pay) != n:
                    raise SimulationError(f"game {adapter.name!r} returned {len(pay)} payoffs for {n} seats")
                for s, i in enumerate(order):
                    out[d, i] += pay[s]
            if chunk.duplicate:
                out[d] /= n
    return out


def _progress(total: int, enabled: bool | None, unit: str):
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        if enabled is True:
            raise ImportError('a progress bar needs tqdm: pip install "pokercore[sim]"') from None
        return None
    return tqdm(total=total, unit=unit, file=sys.stderr)


def _check_timeout(value: float | None) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not 0 < float(value) < float("inf"):
        raise SimulationError(f"decision_timeout must be a positive number of seconds or None, got {value!r}")
    return float(value)


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
    decision_timeout: float | None = None,
    max_in_flight: int | None = None,
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
        Processes of the default pool; ``1`` runs in this process.  The pool
        gets ``min(workers, number of chunks, os.cpu_count())`` processes.
    executor : concurrent.futures.Executor, optional
        Run chunks there instead (e.g. ``dask_client.get_executor()``).
    duplicate : bool, default False
        Replay every deal once per seat rotation.
    chunk_size : int, default 50
        Deals per chunk (the unit of work and of seeding).
    progress : bool or None
        Show a progress bar (needs tqdm); ``None`` shows one when stderr is
        a terminal and tqdm is installed.
    options : mapping, optional
        Game options passed to the adapter (e.g. draw's ``ante``).
    decision_timeout : float, optional
        Seconds one agent decision may take; a slower decision ends the
        match with an :class:`AgentRunError`.  Off by default.  It never
        changes a result: a match that finishes is the same with or without it.
    max_in_flight : int, optional
        Chunks handed to the executor at once; default ``2 * workers`` for
        the own pool, ``2 * executor._max_workers`` (or 64) for a given one.

    Returns
    -------
    MatchResult

    Raises
    ------
    SimulationError
        A request that cannot run (unknown game or agent, bad counts).
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
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise SimulationError(f"deals must be a positive integer, got {deals!r}")
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1:
        raise SimulationError(f"workers must be a positive integer, got {workers!r}")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, (int, np.integer)) or chunk_size < 1:
        raise SimulationError(f"chunk_size must be positive, got {chunk_size!r}")
    timeout = _check_timeout(decision_timeout)
    deals, chunk_size, seed = int(deals), int(chunk_size), int(seed)
    labels = tuple(_labels(specs))
    # Fail early (in this process) on agent specs that cannot be built.
    probe = np.random.default_rng(0)
    for spec, label in zip(specs, labels):
        _build_agent(adapter, spec, probe, label)
    game_ref = game if isinstance(game, str) else adapter
    n_chunks = -(-deals // chunk_size)
    in_process = executor is None and workers == 1
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
    opts = tuple(sorted((options or {}).items()))

    def chunks() -> Iterator[_Chunk]:
        for k in range(n_chunks):
            yield _Chunk(game_ref, packed, labels, seed, k, chunk_size, min(chunk_size, deals - k * chunk_size),
                         bool(duplicate), opts, timeout)

    bar = _progress(deals, progress, unit_of(adapter.name))
    n_workers = effective_workers(workers, n_chunks) if executor is None else None
    start = time.perf_counter()
    try:
        if executor is None and n_workers == 1:
            blocks = []
            for c in chunks():
                blocks.append(_run_chunk(c))
                if bar is not None:
                    bar.update(c.deals)
        elif executor is None:
            pool = ProcessPoolExecutor(max_workers=n_workers)
            try:
                blocks = _run_on(pool, chunks(), max_in_flight or 2 * n_workers, bar)  # type: ignore[operator]
            except BaseException:
                _stop_pool(pool)  # do not wait for the other chunks (an agent there may hang)
                raise
            pool.shutdown()
        else:
            default = 2 * int(getattr(executor, "_max_workers", 32) or 32)
            blocks = _run_on(executor, chunks(), max_in_flight or default, bar)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start
    payoffs = np.concatenate(blocks, axis=0)
    meta = {"chunk_size": chunk_size, "workers": n_workers,
            "elapsed_s": round(elapsed, 3), "deals_per_s": round(deals / elapsed, 1) if elapsed else None,
            "pid": os.getpid()}
    describe = getattr(adapter, "describe", None)
    if callable(describe):
        meta["stakes"] = describe(dict(opts), len(specs))
    return MatchResult(adapter.name, list(labels), payoffs, seed, bool(duplicate), meta)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the worker processes now."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:
        try:
            proc.terminate()
        except Exception:  # pragma: no cover - already gone
            pass
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.join(5)


def _run_on(executor: Executor, chunks: Iterator[_Chunk], limit: int, bar: Any) -> list[np.ndarray]:
    """Run ``chunks`` on ``executor`` with at most ``limit`` in flight; blocks in chunk order.

    When a chunk fails, the chunks before it that are still running are
    waited for, so the failure reported is the earliest one, the same one
    whatever the executor and the timing.
    """
    limit = max(1, int(limit))
    pending: dict[Future, _Chunk] = {}
    done_blocks: dict[int, np.ndarray] = {}
    blocks: list[np.ndarray] = []
    failure: tuple[int, BaseException] | None = None
    try:
        for c in itertools.islice(chunks, limit):
            pending[executor.submit(_run_chunk, c)] = c
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                c = pending.pop(fut)
                try:
                    block = fut.result()
                except BrokenExecutor as exc:
                    first = c.index * c.chunk_size + 1
                    raise SimulationError(
                        f"a worker process died while playing deals {first}-{first + c.deals - 1} "
                        f"(an agent may have crashed or called os._exit): {exc}"
                    ) from None
                except BaseException as exc:  # an agent's failure (or Ctrl-C) in that chunk
                    if failure is None or c.index < failure[0]:
                        failure = (c.index, exc)
                    continue
                done_blocks[c.index] = block
                while len(blocks) in done_blocks:
                    blocks.append(done_blocks.pop(len(blocks)))
                if bar is not None:
                    bar.update(c.deals)
                nxt = next(chunks, None) if failure is None else None
                if nxt is not None:
                    pending[executor.submit(_run_chunk, nxt)] = nxt
            if failure is not None:
                for fut in [f for f, c in pending.items() if c.index > failure[0]]:
                    fut.cancel()
                    del pending[fut]
        if failure is not None:
            raise failure[1]
    finally:
        for fut in pending:
            fut.cancel()
    return blocks
