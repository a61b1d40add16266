"""A chunk of a match: the unit of work and of seeding, and how one is played.

Chunk ``k`` of a match is seeded by ``SeedSequence(seed).spawn(n_chunks)[k]``
(the same as ``SeedSequence(seed, spawn_key=(k,))``, whatever ``n_chunks``
is).  That seed spawns two: the first gives each deal of the chunk its own
generator (the cards, the engine), the second gives each agent its generator.
A chunk depends on nothing else, so it plays the same wherever it runs.

Examples
--------
>>> c = Chunk("toy", ("always", "high"), ("always", "high"), seed=3, index=0, chunk_size=4, deals=4,
...           duplicate=False, options=(), decision_timeout=None)
>>> run_chunk(c).shape
(4, 2)
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._agents import build_agent
from ._errors import SimulationError
from ._files import OutputError
from ._registry import get_game
from ._seated_agents import AgentRunError, DecisionContext, Interrupted, Seated, short

__all__ = ["Chunk", "chunk_seed", "run_chunk"]


@dataclass(frozen=True)
class Chunk:
    """Chunk ``index`` of a match: everything a worker needs to play it."""

    game: Any
    specs: Any  # the pickled agent specs (bytes), or the specs themselves when they do not pickle
    labels: tuple[str, ...]
    seed: int
    index: int
    chunk_size: int
    deals: int
    duplicate: bool
    options: tuple[tuple[str, Any], ...]
    decision_timeout: float | None

    @property
    def first_deal(self) -> int:
        """The match's number (from 1) of this chunk's first deal."""
        return self.index * self.chunk_size + 1


def chunk_seed(seed: int, index: int) -> np.random.SeedSequence:
    """``SeedSequence(seed).spawn(n)[index]`` for any n > index, without spawning the others."""
    return np.random.SeedSequence(seed, spawn_key=(index,))


def _replay(chunk: Chunk, d: int) -> dict[str, int]:
    return {"seed": chunk.seed, "chunk_size": chunk.chunk_size, "deals": chunk.first_deal + d}


def _failed(chunk: Chunk, d: int, rotation: int, exc: BaseException, ctx: DecisionContext,
            order: Sequence[int]) -> AgentRunError:
    """The error of deal ``d`` of ``chunk``, naming the agent, seat, deal and the replay."""
    deal = chunk.first_deal + d
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


def _interrupted(chunk: Chunk, d: int, exc: KeyboardInterrupt) -> Interrupted:
    replay = _replay(chunk, d)
    where = f"{exc}; " if str(exc) else ""
    return Interrupted(f"{where}deal {chunk.first_deal + d}; replay with seed {replay['seed']}, "
                       f"chunk size {replay['chunk_size']}, deals {replay['deals']}")


def run_chunk(chunk: Chunk) -> np.ndarray:
    """Play one chunk; payoffs of shape (deals, n_agents) by agent (not seat).

    In duplicate mode a row is the agent's mean over the seat rotations of
    that deal.  Every chunk starts from a fresh copy of its agent specs,
    wherever it runs: a stateful agent object would otherwise carry its
    state from chunk to chunk in this process (or a thread pool) but not in
    a process pool.
    """
    adapter = get_game(chunk.game)
    specs = pickle.loads(chunk.specs) if isinstance(chunk.specs, bytes) else copy.deepcopy(chunk.specs)
    n = len(specs)
    card_seed, agent_seed = chunk_seed(chunk.seed, chunk.index).spawn(2)
    agent_rngs = [np.random.default_rng(s) for s in agent_seed.spawn(n)]
    agents = [build_agent(adapter, spec, rng, label) for spec, rng, label in zip(specs, agent_rngs, chunk.labels)]
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
                except OutputError:  # a file the game writes (a full disk): no agent's doing
                    raise
                except BaseException as exc:
                    raise _failed(chunk, d, r, exc, ctx, order) from None
                if len(pay) != n:
                    raise SimulationError(f"game {adapter.name!r} returned {len(pay)} payoffs for {n} seats")
                for s, i in enumerate(order):
                    out[d, i] += pay[s]
            if chunk.duplicate:
                out[d] /= n
    return out
