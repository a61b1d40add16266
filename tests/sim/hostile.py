"""Agents and games that misbehave, importable by path from worker processes and subprocesses."""

from __future__ import annotations

import time


def shows(cards):
    return True


def value_error(cards):
    raise ValueError("boom")


def runtime_error(cards):
    raise RuntimeError("kaput")


def exits(cards):
    raise SystemExit(3)


def ctrl_c(cards):
    raise KeyboardInterrupt


def sleeps(cards):
    time.sleep(600)


def spins(cards):
    while True:
        pass


class FailsOnDeal:
    """Shows until its ``n``-th decision, then raises (a bug that only some deals reach)."""

    def __init__(self, n=3):
        self.calls = 0
        self.n = n

    def __call__(self, cards):
        self.calls += 1
        if self.calls == self.n:
            raise ValueError(f"decision {self.n}")
        return True


class CannotBuild:
    def __init__(self):
        raise RuntimeError("no table")


def draw_eq_all(obs):
    """A draw agent whose answer equals everything."""

    class EqAll(tuple):
        def __eq__(self, other):
            return True

        __hash__ = tuple.__hash__

    return EqAll(("draw", 0, ()))


NOT_AN_ADAPTER = 42


def fails_with_the_ace_of_spades(cards):
    """Shows, but raises in every deal that gives it the ace of spades."""
    if 51 in cards:
        raise ValueError("holds As")
    return True
