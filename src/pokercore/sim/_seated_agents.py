"""Agents in their seats: who failed, in which deal, and an optional time limit per decision.

The runner hands each game adapter its agents wrapped in :class:`Seated`.
A wrapped agent behaves like the agent (calls and attributes such as
``hand_over`` or ``reset`` pass through), but an exception it raises -
including ``SystemExit`` - is reported as an :class:`AgentRunError` that
names the agent and its seat; the runner adds the deal and how to replay it.

With a time limit, one decision that takes longer ends the run with an
:class:`AgentRunError` instead of hanging it.  The limit only stops a run; it
never changes a result: a run that finishes gives the same payoffs with and
without it.  In the main thread of a process (``pokercore simulate``, a
process pool) a timer signal interrupts the agent wherever it is, even in
``time.sleep``; in other threads (a thread pool, Dask threads) the agent is
interrupted at its next Python instruction, so a call blocked inside C code
ends only when that call returns.

Examples
--------
>>> ctx = DecisionContext()
>>> seated = Seated(lambda obs: 1 // obs, "divider", 0, ctx)
>>> seated(1)
1
>>> seated(0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.sim._seated_agents.AgentRunError: agent 'divider' in seat 0 raised ZeroDivisionError: ...
"""

from __future__ import annotations

import ctypes
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

from ._errors import SimulationError

__all__ = ["AgentRunError", "DecisionContext", "Interrupted", "Seated", "short"]


class AgentRunError(SimulationError):
    """An agent failed during a match: it raised, answered illegally or took too long.

    Attributes
    ----------
    agent : str or None
        The agent's label in the match.
    seat : int or None
        Its seat in the failing deal.
    deal : int or None
        The deal's number in the match, from 1.
    replay : dict or None
        ``seed``, ``chunk_size`` and ``deals`` of a run that replays the
        match up to and including that deal.
    """

    def __init__(self, message: str, *, agent: str | None = None, seat: int | None = None,
                 deal: int | None = None, replay: dict[str, int] | None = None) -> None:
        super().__init__(message)
        self.agent = agent
        self.seat = seat
        self.deal = deal
        self.replay = replay


class Interrupted(KeyboardInterrupt):
    """A KeyboardInterrupt that says where the match was: the agent deciding, its seat, the deal."""


class _DecisionTimeout(BaseException):
    """Raised inside an agent whose decision ran out of time.

    A BaseException: ``except Exception`` in the agent does not swallow it.
    """


def short(exc: BaseException, limit: int = 300) -> str:
    """``"Type: message"`` of an exception, cut to ``limit`` characters."""
    try:
        text = str(exc)
    except Exception:  # a broken __str__
        text = ""
    text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


class DecisionContext:
    """Shared by the seated agents of one chunk: the last agent asked, and the time limit."""

    def __init__(self, limit: float | None = None) -> None:
        self.limit = limit
        self.last: Seated | None = None
        self._main = threading.current_thread() is threading.main_thread()
        self._deadline = 0.0
        self._watchdog: threading.Thread | None = None
        self._stop = threading.Event()
        self._thread_id = threading.get_ident()
        self._lock = threading.Lock()
        self._old_handler: Any = None
        self._old_timer: tuple[float, float] = (0.0, 0.0)
        self._entered = 0.0

    # -- time limit -----------------------------------------------------------------------
    def __enter__(self) -> DecisionContext:
        if self.limit is not None:
            if self._main:  # borrow the process's real-time timer; give back what was left of it
                self._old_timer = signal.setitimer(signal.ITIMER_REAL, 0)
                self._entered = time.monotonic()
                self._old_handler = signal.signal(signal.SIGALRM, _on_alarm)
            else:
                self._watchdog = threading.Thread(target=self._watch, name="pokercore-decision-watchdog",
                                                  daemon=True)
                self._watchdog.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.limit is not None:
            if self._main:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, self._old_handler)
                delay, interval = self._old_timer
                if delay > 0:
                    left = delay - (time.monotonic() - self._entered)
                    signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6), interval)
            else:
                self._stop.set()
                if self._watchdog is not None:
                    self._watchdog.join()

    def _watch(self) -> None:
        step = min(0.05, max(0.001, self.limit / 10))  # type: ignore[operator]
        while not self._stop.wait(step):
            with self._lock:  # never fires once call() has cleared the deadline
                deadline = self._deadline
                if deadline and time.monotonic() > deadline:
                    self._deadline = 0.0
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._thread_id),
                                                               ctypes.py_object(_DecisionTimeout))

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` under the time limit (if any)."""
        limit = self.limit
        if limit is None:
            return fn(*args)
        if self._main:
            signal.setitimer(signal.ITIMER_REAL, limit)
            try:
                return fn(*args)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        self._deadline = time.monotonic() + limit
        try:
            return fn(*args)
        finally:
            with self._lock:
                self._deadline = 0.0


def _on_alarm(signum: int, frame: object) -> None:
    raise _DecisionTimeout()


class Seated:
    """An agent in a seat: calls pass through; a failure names the agent and the seat."""

    __slots__ = ("_hooks", "agent", "ctx", "label", "seat")

    def __init__(self, agent: Callable[..., Any], label: str, seat: int, ctx: DecisionContext) -> None:
        self.agent = agent
        self.label = label
        self.seat = seat
        self.ctx = ctx
        self._hooks: dict[str, Callable[..., Any] | None] = {}

    def _run(self, fn: Callable[..., Any], args: tuple[Any, ...], what: str) -> Any:
        self.ctx.last = self
        try:
            return self.ctx.call(fn, *args)
        except _DecisionTimeout:
            raise AgentRunError(
                f"agent {self.label!r} in seat {self.seat} took more than {self.ctx.limit:g} s for one {what}",
                agent=self.label, seat=self.seat,
            ) from None
        except Interrupted:
            raise
        except KeyboardInterrupt:  # Ctrl-C, or an agent raising it: say who was deciding
            raise Interrupted(f"agent {self.label!r} in seat {self.seat} was deciding") from None
        except BaseException as exc:  # SystemExit (any BaseException) from an agent must not end the program silently
            raise AgentRunError(f"agent {self.label!r} in seat {self.seat} raised {short(exc)}",
                                agent=self.label, seat=self.seat) from exc

    def __call__(self, *args: Any) -> Any:
        ctx = self.ctx
        if ctx.limit is not None:
            return self._run(self.agent, args, "decision")
        ctx.last = self
        try:  # the same as _run without a time limit, inlined: this runs for every decision
            return self.agent(*args)
        except KeyboardInterrupt:
            raise Interrupted(f"agent {self.label!r} in seat {self.seat} was deciding") from None
        except BaseException as exc:
            raise AgentRunError(f"agent {self.label!r} in seat {self.seat} raised {short(exc)}",
                                agent=self.label, seat=self.seat) from exc

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_hooks":
            raise AttributeError(name)
        hooks = self._hooks
        if hooks.get(name, True) is None:
            raise AttributeError(name)
        try:
            attr = getattr(self.agent, name)
        except AttributeError:
            hooks[name] = None  # asked for every deal (hand_over): remember it is missing
            raise
        if not callable(attr):
            return attr
        hook = hooks.get(name)
        if hook is None:
            hook = hooks[name] = lambda *args: self._run(getattr(self.agent, name), args, f"call of {name}()")
        return hook

    def __repr__(self) -> str:
        return f"Seated({self.label!r}, seat={self.seat})"
