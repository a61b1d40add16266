"""AI decisions in worker processes, so a server's hands per second grow with its cores.

In one process every AI decision of every table shares one interpreter: on
a machine with several cores the server levels off where one core does.
An :class:`AIPool` runs the built-in AIs in ``processes`` worker processes
instead.  Each table is pinned to one worker (the one with the fewest
tables when it opens), and its AI seats *live* there: the agent object is
sent once, when the table opens, and every later decision and hook
(``reset``, ``hand_over``) goes to the same worker in the order the table
made them.  So an AI that reads its opponents over a session keeps its
memory, and a table's AIs decide exactly as they would in the server's own
process: the same seed gives the same session either way.

The table itself does not change: it calls ``agent(obs)`` (in a thread, as
always) and gets an answer; :class:`RemoteAgent` is the stand-in that sends
the observation to the worker and waits.  If a worker dies (killed, out of
memory), its tables' AIs start again in a fresh worker from the state they
had when their table opened, and the failed decision becomes the table's
safe move; both are logged.

A worker never sees Ctrl-C: a terminal sends it to every process of the
server, and the server, not its workers, decides how to stop (it closes
them, or kills them with :meth:`AIPool.abort` when it is stopped while they
are still warming up).

>>> import numpy as np
>>> from pokercore.draw import DrawConfig, DrawGame
>>> from pokercore.draw.ai import make_agent
>>> game = DrawGame(DrawConfig(players=2, hands=1, seed=3))
>>> hand = game.start_hand()
>>> local = make_agent("normal", np.random.default_rng(7))
>>> with AIPool(1, warm=False) as pool:
...     remote = pool.adopt("t1", 0, make_agent("normal", np.random.default_rng(7)))
...     remote(hand.observe(hand.actor)) == local(hand.observe(hand.actor))
True
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any

__all__ = ["HOOKS", "AIPool", "RemoteAgent"]

log = logging.getLogger("pokercore.web")

#: The agent methods a table calls besides the decision itself; a stand-in has those its agent has.
HOOKS = ("reset", "hand_over")

#: Seconds a decision may take in a worker before the table plays its safe move instead.
DECISION_TIMEOUT = 120.0

# ---------------------------------------------------------------------- worker side
# Each worker process holds the agents of the tables pinned to it, by (table id, seat).
_AGENTS: dict[tuple[str, int], Any] = {}


def _watch_parent(parent: int) -> None:
    # a server killed with SIGKILL cannot stop its workers: each leaves on its own when its parent is gone
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _worker_start(warm: bool) -> None:
    threading.Thread(target=_watch_parent, args=(os.getppid(),), name="pokercore-parent-watch", daemon=True).start()
    if warm:
        from ._warmup import warm_up
        warm_up()


def _worker_ready() -> bool:
    return True


def _worker_adopt(key: tuple[str, int], blob: bytes) -> None:
    _AGENTS[key] = pickle.loads(blob)


def _worker_call(key: tuple[str, int], method: str | None, args: tuple[Any, ...]) -> Any:
    agent = _AGENTS[key]
    func = agent if method is None else getattr(agent, method)
    return func(*args)


def _worker_drop(table_id: str) -> None:
    for key in [k for k in _AGENTS if k[0] == table_id]:
        del _AGENTS[key]


# ---------------------------------------------------------------------- server side
class RemoteAgent:
    """Stands in for an agent that lives in a worker of an :class:`AIPool`.

    Calling it sends the observation and waits for the answer (tables call
    agents from a thread, never from the event loop).  It has the hooks of
    :data:`HOOKS` its agent has; a hook is sent without waiting, and the
    worker runs it before any later decision of the same table.
    """

    def __init__(self, pool: AIPool, key: tuple[str, int], hooks: tuple[str, ...]) -> None:
        self._pool = pool
        self._key = key
        for name in hooks:
            setattr(self, name, self._hook(name))

    def _hook(self, name: str) -> Callable[..., None]:
        def hook(*args: Any) -> None:
            self._pool.submit(self._key[0], _worker_call, self._key, name, args).add_done_callback(self._logged)
        hook.__name__ = name
        return hook

    def _logged(self, future: Future[Any]) -> None:
        if not future.cancelled() and future.exception() is not None:
            log.error("AI seat %d of table %s: a hook failed: %r", self._key[1], self._key[0], future.exception())

    def __call__(self, obs: Any) -> Any:
        return self._pool.call(self._key[0], _worker_call, self._key, None, (obs,))

    def __repr__(self) -> str:
        return f"RemoteAgent(table={self._key[0]!r}, seat={self._key[1]})"


class AIPool:
    """``processes`` worker processes that hold the AIs of the server's tables.

    Parameters
    ----------
    processes : int
        How many worker processes (at least 1).  Each starts with a fresh
        interpreter (the ``spawn`` method, safe beside the server's threads).
    warm : bool
        Build what the AIs need (:func:`~pokercore.web._warmup.warm_up`) in
        every worker as it starts, so no player waits for it.

    Use :meth:`start` (or ``with``) before the first table, :meth:`close` at
    the end.
    """

    def __init__(self, processes: int, *, warm: bool = True) -> None:
        if not isinstance(processes, int) or isinstance(processes, bool) or processes < 1:
            raise ValueError(f"AIPool: processes must be a whole number of at least 1, got {processes!r}")
        self.processes = processes
        self.warm = warm
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        started = [self._new_worker() for _ in range(processes)]
        self._workers = [worker for worker, _ in started]
        self._ready = [ready for _, ready in started]
        #: Which worker each open table is pinned to.
        self.pins: dict[str, int] = {}
        # The agents as they were when their table opened, to start again in a fresh worker.
        self._adopted: dict[str, dict[int, Any]] = {}

    def _new_worker(self) -> tuple[ProcessPoolExecutor, Future[bool]]:
        """A worker whose process starts now, with Ctrl-C (SIGINT) blocked in it from its first instruction.

        Also the future that is done once the worker is ready.
        """
        worker = ProcessPoolExecutor(1, mp_context=self._context, initializer=_worker_start, initargs=(self.warm,))
        blocking = hasattr(signal, "pthread_sigmask")
        # A blocked signal stays blocked across fork and exec: set in the worker itself, Python would still
        # have its KeyboardInterrupt handler while it starts (imports), and print a traceback on Ctrl-C there.
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if blocking else None
        try:
            ready = worker.submit(_worker_ready)   # the first task starts the process
        finally:
            if old is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)
        return worker, ready

    def start(self) -> None:
        """Wait until every worker is ready (warmed up when ``warm``).

        Raises
        ------
        concurrent.futures.process.BrokenProcessPool
            A worker died while starting (killed, or :meth:`abort`).
        """
        for future in self._ready:
            future.result()

    def __enter__(self) -> AIPool:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers (pending decisions are cancelled)."""
        for w in self._workers:
            w.shutdown(wait=True, cancel_futures=True)

    def abort(self) -> None:
        """Kill the worker processes at once (the server stops while they warm up); :meth:`start` then raises.

        Safe from a signal handler.  Decisions in progress fail; call
        :meth:`close` afterwards to release what is left.
        """
        for w in list(self._workers):
            # concurrent.futures has no public way to stop a running task (terminate_workers is Python 3.14)
            processes = getattr(w, "_processes", None) or {}
            for process in list(processes.values()):
                with contextlib.suppress(OSError, ValueError, AttributeError):
                    process.kill()

    # ------------------------------------------------------------------ tables
    def adopt(self, table_id: str, seat: int, agent: Any) -> Any:
        """Move ``agent`` (seat ``seat`` of table ``table_id``) into the table's worker; its stand-in.

        An agent that cannot be pickled (a class defined inside a function,
        one holding a lock or a file) stays in this process: it is returned
        as it is, and the table calls it in a thread as without a pool.
        """
        try:
            blob = pickle.dumps(agent)
        except Exception as exc:
            log.info("AI seat %d of table %s stays in the server's process (it cannot be pickled: %s)",
                     seat, table_id, exc)
            return agent
        with self._lock:
            if table_id not in self.pins:
                counts = [0] * self.processes
                for k in self.pins.values():
                    counts[k] += 1
                self.pins[table_id] = counts.index(min(counts))
            self._adopted.setdefault(table_id, {})[seat] = agent
        self.submit(table_id, _worker_adopt, (table_id, seat), blob).add_done_callback(
            lambda f: None if f.cancelled() or f.exception() is None else
            log.error("AI seat %d of table %s could not be moved to a worker: %r", seat, table_id, f.exception()))
        hooks = tuple(name for name in HOOKS if callable(getattr(agent, name, None)))
        return RemoteAgent(self, (table_id, seat), hooks)

    def drop(self, table_id: str) -> None:
        """Forget a closed table's AIs (in its worker too)."""
        with self._lock:
            k = self.pins.pop(table_id, None)
            self._adopted.pop(table_id, None)
        if k is not None:
            try:
                self._workers[k].submit(_worker_drop, table_id)
            except (BrokenProcessPool, RuntimeError):
                pass  # the worker is gone or shutting down: nothing of the table is left in it

    def submit(self, table_id: str, func: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``func(*args)`` in the worker ``table_id`` is pinned to, after everything sent there before."""
        with self._lock:
            k = self.pins[table_id]
            worker = self._workers[k]
        try:
            return worker.submit(func, *args)
        except BrokenProcessPool:
            self._restart(k, worker)
            raise

    def call(self, table_id: str, func: Callable[..., Any], *args: Any) -> Any:
        """:meth:`submit` and wait (at most :data:`DECISION_TIMEOUT` seconds) for the answer."""
        with self._lock:
            k = self.pins[table_id]
            worker = self._workers[k]
        try:
            return worker.submit(func, *args).result(DECISION_TIMEOUT)
        except BrokenProcessPool:
            self._restart(k, worker)
            raise

    def _restart(self, k: int, broken: ProcessPoolExecutor) -> None:
        """Replace worker ``k`` (which died) and give it its tables' AIs as they were when each table opened."""
        with self._lock:
            if self._workers[k] is not broken:
                return  # another thread restarted it already
            log.error("AI worker %d stopped; starting a new one (its tables' AIs start again from the "
                      "beginning of their sessions)", k)
            fresh, _ = self._new_worker()
            self._workers[k] = fresh
            for table_id, seats in self._adopted.items():
                if self.pins.get(table_id) == k:
                    for seat, agent in seats.items():
                        fresh.submit(_worker_adopt, (table_id, seat), pickle.dumps(agent))
        broken.shutdown(wait=False, cancel_futures=True)
