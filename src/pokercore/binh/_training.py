"""Self-play training of the Binh per-branch tables (fictitious play).

Round 0 arranges random deals with the lexicographically strongest legal
split.  Round ``k >= 1`` arranges fresh deals with the best response to the
current tables (exhaustive search maximising the sum of branch values), and
the opponent branch-rank distribution is blended fictitious-play style::

    pmf_k = (1 - 1/(k+1)) * pmf_{k-1} + 1/(k+1) * pmf(policy_k)

so the tables describe the average of all policies so far (as in Paul
Hankin's near-optimal closed-hand Chinese poker, about 20 rounds).  Hands
that are special (declared automatically) never compare branches and are
left out.  Each round reports

* ``changed``: the share of a fixed evaluation set of hands whose best
  arrangement differs from the previous round's tables,
* ``dvalue``: the largest change of any value-table entry,
* ``br_gain``: the mean expected points per opponent of the table best
  response against the blended field (0 for a field in equilibrium with
  itself; an exploitability proxy inside the table model).

The shipped ``pokercore/data/binh_tables.npz`` was produced on one core with::

    pokercore binh train --rounds 30 --deals 25000 --seed 2024 \\
        --out src/pokercore/data/binh_tables.npz

(25,000 four-player deals = 100,000 hands per round, ~93,000 after specials;
about 4 minutes on one shared core.  Convergence: the share of evaluation hands
whose best arrangement changed fell from 0.93 (round 1) to 0.27 (2), 0.06 (6),
0.014 (11), 0.007 (20) and 0.002-0.005 (27-30); the largest value-table change
from 0.69 to 0.002; br_gain from +0.56 to +0.038 points per opponent.)

The searches of a round (each hand on its own) can run on any
``concurrent.futures`` executor, a process pool or a Dask cluster
(``executor=client.get_executor()``): the hands are cut into fixed blocks
and the answers put back in order, so the tables are the same, bit for
bit, whatever runs them.

>>> from pokercore.binh import train
>>> t, log = train(rounds=2, deals=200, seed=1, eval_hands=50)
>>> len(log), t.pmf.shape
(3, (3, 17918))
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     t2, _ = train(rounds=2, deals=200, seed=1, eval_hands=50, executor=pool, block=300)
>>> bool((t2.pmf == t.pmf).all())
True
"""

from __future__ import annotations

import time
from concurrent.futures import Executor
from typing import IO, Any

import numpy as np

from ._search import best_arrangement_batch
from ._special_hands import classify_special_batch
from ._tables import SelfPlayTables

__all__ = ["train"]


def _normal_hands(rng: np.random.Generator, deals: int, players: int) -> np.ndarray:
    from .. import random_hands
    hands = random_hands(deals, 13 * players, seed=rng).reshape(deals * players, 13).astype(np.uint8)
    keep = classify_special_batch(hands) == 0
    return np.ascontiguousarray(hands[keep])


BLOCK = 5_000  # hands per task when an executor runs the searches


def _ranks_of(hands: np.ndarray, pmf: np.ndarray | None) -> np.ndarray:
    """The branch ranks of each hand's best arrangement (lexicographic when ``pmf`` is None)."""
    if pmf is None:
        return best_arrangement_batch(hands).ranks
    return best_arrangement_batch(hands, SelfPlayTables(pmf).branch_tables()).ranks


def _search_ranks(hands: np.ndarray, pmf: np.ndarray | None, executor: Executor | None, block: int) -> np.ndarray:
    """:func:`_ranks_of` of every hand, in blocks on ``executor`` (in this process if None), in order."""
    if executor is None or len(hands) <= block:
        return _ranks_of(hands, pmf)
    futures = [executor.submit(_ranks_of, hands[i:i + block], pmf) for i in range(0, len(hands), block)]
    try:
        return np.concatenate([f.result() for f in futures])
    finally:
        for f in futures:
            f.cancel()


def train(rounds: int = 24, deals: int = 25_000, seed: int = 2024, *, players: int = 4,
          eval_hands: int = 2000, tol: float = 0.0, log: IO[str] | None = None,
          executor: Executor | Any | None = None,
          block: int = BLOCK) -> tuple[SelfPlayTables, list[dict[str, float]]]:
    """Run fictitious-play self-play; return the final tables and the per-round log.

    Stops after ``rounds`` rounds, or earlier when ``changed <= tol`` (with
    ``tol > 0``).  Everything is determined by ``seed``: ``executor`` (a
    ``concurrent.futures.Executor``, e.g. a process pool or a Dask client's
    ``get_executor()``) runs each round's searches in blocks of ``block``
    hands and changes nothing in the result.
    """
    if executor is not None and not callable(getattr(executor, "submit", None)):
        from ..errors import PokercoreTypeError

        raise PokercoreTypeError(f"executor must be a concurrent.futures.Executor (for Dask: "
                                 f"client.get_executor()), got {type(executor).__name__}")
    if isinstance(block, bool) or not isinstance(block, int) or block < 1:
        from ..errors import PokercoreValueError

        raise PokercoreValueError(f"block must be a positive int (hands per task), got {block!r}")
    ss = np.random.SeedSequence(seed)
    eval_rng, *round_rngs = (np.random.default_rng(s) for s in ss.spawn(rounds + 2))
    evals = _normal_hands(eval_rng, max(1, eval_hands // players), players)
    t0 = time.perf_counter()
    ranks = _search_ranks(_normal_hands(round_rngs[0], deals, players), None, executor, block)
    pmf = SelfPlayTables.from_ranks(ranks).pmf
    tables = SelfPlayTables(pmf)
    prev_choice = best_arrangement_batch(evals).cards
    history = [{"round": 0, "changed": 1.0, "dvalue": 1.0, "br_gain": float("nan"),
                "seconds": time.perf_counter() - t0}]
    for k in range(1, rounds + 1):
        hands = _normal_hands(round_rngs[k], deals, players)
        ranks = _search_ranks(hands, tables.pmf, executor, block)
        a = 1.0 / (k + 1)
        pmf = (1 - a) * pmf + a * SelfPlayTables.from_ranks(ranks).pmf
        new = SelfPlayTables(pmf)
        choice, _, br = best_arrangement_batch(evals, new.branch_tables())
        rec = {
            "round": k,
            "changed": float(np.mean((choice != prev_choice).any(axis=1))),
            "dvalue": float(np.abs(new.value - tables.value).max()),
            "br_gain": float(np.mean(br)),
            "seconds": time.perf_counter() - t0,
        }
        history.append(rec)
        if log is not None:
            print(f"round {k:3d}  changed {rec['changed']:.4f}  dvalue {rec['dvalue']:.5f}  "
                  f"br_gain {rec['br_gain']:+.4f}  {rec['seconds']:.1f}s", file=log, flush=True)
        tables, prev_choice = new, choice
        if tol > 0 and rec["changed"] <= tol:
            break
    return tables, history
