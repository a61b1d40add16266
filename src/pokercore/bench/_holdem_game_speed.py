"""Hold'em game engine speed next to pokerkit: hands per second of random legal play, in one run.

Both engines play the same kind of hand: a table of players with 100 big
blinds each (blinds 1-2), every decision a random legal action (each allowed
kind equally likely; a bet or raise the minimum a third of the time, all-in a
sixth, otherwise uniform in range).  pokercore plays with
:meth:`HoldemState.play <pokercore.holdem.HoldemState.play>`: agents
get a fresh observation for every decision and every answer is verified.
pokerkit gets its fastest path: ``create_state`` with every dealer chore
automated and the random policy written inline.  The note of each row gives
both engines' decisions per hand, so the work is seen to be alike.

Run ``python -m pokercore.bench.holdem_game [--quick]``.

Examples
--------
>>> rows = bench_rows(quick=True, hands=40)
>>> rows[0].section, rows[0].rate > 0
("hold'em game", True)
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..holdem import HoldemConfig, HoldemState, RandomAgent
from ._records import Row

__all__ = ["SECTION", "bench_rows", "main"]

SECTION = "hold'em game"
STACK = 200
#: (variant, players) of every row; the first is the speed goal's row (6-max no-limit).
CASES = [("nl", 6), ("fl", 6), ("plo", 6), ("nl", 2)]
_NAMES = {"nl": "no-limit hold'em", "fl": "fixed-limit hold'em", "plo": "pot-limit Omaha"}


def _pokercore(variant: str, players: int, hands: int, seed: int) -> Callable[[], int]:
    cfg = HoldemConfig(variant, players=players, starting_stacks=STACK)

    def run() -> int:
        rng = np.random.default_rng(seed)
        agents = [RandomAgent(seed + k) for k in range(players)]
        decisions = 0
        for h in range(hands):
            s = HoldemState(cfg, None, h % players, seed=rng)
            s.play(agents)
            decisions += sum(1 for e in s.events if e.kind in ("fold", "check", "call", "bet", "raise"))
        return decisions

    return run


def _pokerkit(pokerkit: Any, variant: str, players: int, hands: int, seed: int) -> Callable[[], int]:
    a = pokerkit.Automation
    automations = (
        a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING, a.HOLE_DEALING,
        a.BOARD_DEALING, a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING,
    )
    stacks = (STACK,) * players
    if variant == "fl":
        def make() -> Any:
            return pokerkit.FixedLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 4, stacks, players)
    else:
        game = pokerkit.NoLimitTexasHoldem if variant == "nl" else pokerkit.PotLimitOmahaHoldem

        def make() -> Any:
            return game.create_state(automations, True, 0, (1, 2), 2, stacks, players)

    def run() -> int:
        rng = random.Random(seed)
        decisions = 0
        for _ in range(hands):
            s = make()
            while s.status:
                kinds = ["cc"]
                if s.can_fold():
                    kinds.append("f")
                if s.can_complete_bet_or_raise_to():
                    kinds.append("cbr")
                kind = kinds[rng.randrange(len(kinds))]
                decisions += 1
                if kind == "f":
                    s.fold()
                elif kind == "cc":
                    s.check_or_call()
                else:
                    low = s.min_completion_betting_or_raising_to_amount
                    high = s.max_completion_betting_or_raising_to_amount
                    r = rng.random()
                    s.complete_bet_or_raise_to(
                        low if r < 1 / 3 or low == high else high if r < 0.5 else rng.randint(low, high))
        return decisions

    return run


def _best(funcs: Sequence[Callable[[], int]], repeats: int) -> tuple[list[float], list[int]]:
    """Best wall time of each function (repeats round-robin, the garbage collector off) and its last result."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        best = [float("inf")] * len(funcs)
        results = [0] * len(funcs)
        for _ in range(repeats):
            for i, f in enumerate(funcs):
                t0 = time.perf_counter()
                results[i] = f()
                best[i] = min(best[i], time.perf_counter() - t0)
        return best, results
    finally:
        if was_on:
            gc.enable()


def bench_rows(quick: bool = False, hands: int | None = None) -> list[Row]:
    """The hold'em game rows of ``pokercore bench`` (section ``"hold'em game"``).

    Parameters
    ----------
    quick : bool
        Only the 6-max no-limit row, with fewer hands and repeats.
    hands : int, optional
        pokercore's hands per repeat (pokerkit plays a tenth of them, at least 20).

    Returns
    -------
    list of Row
        One row per case: pokercore's hands per second, the ratio to
        pokerkit's hands per second measured in the same run (None without
        pokerkit), and a note with pokerkit's figure and both engines'
        decisions per hand.
    """
    hands = hands or (300 if quick else 2000)
    theirs_hands = max(20, hands // 10)
    repeats = 3 if quick else 5
    try:
        pokerkit = importlib.import_module("pokerkit")
    except ImportError:
        pokerkit = None
    rows = []
    for variant, players in CASES[:1] if quick else CASES:
        funcs = [_pokercore(variant, players, hands, 1)]
        if pokerkit is not None:
            funcs.append(_pokerkit(pokerkit, variant, players, theirs_hands, 1))
        times, decisions = _best(funcs, repeats)
        rate = hands / times[0]
        table = "heads-up" if players == 2 else f"{players}-max"
        form = f"{table} {_NAMES[variant]}, random legal actions: HoldemState.play with RandomAgent"
        note = f"{decisions[0] / hands:.1f} decisions/hand"
        ratio = None
        if pokerkit is not None:
            theirs = theirs_hands / times[1]
            ratio = rate / theirs
            note = (f"vs pokerkit {theirs:,.0f} hands/s (create_state, chores automated, policy inline; "
                    f"{decisions[1] / theirs_hands:.1f} decisions/hand); pokercore {note}")
        rows.append(Row(SECTION, "pokercore", form, "Python", rate=rate, seconds=times[0], n=hands,
                        ratio=ratio, note=note))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokercore.bench.holdem_game [--quick]``: print the rows."""
    p = argparse.ArgumentParser(prog="pokercore.bench.holdem_game", description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="the 6-max no-limit row only, fewer hands")
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    for r in bench_rows(quick=args.quick):
        ratio = f"{r.ratio:5.1f}x" if r.ratio is not None else "    -"
        print(f"{r.form:<88} {r.rate:10,.0f} hands/s  {ratio}  {r.note}")
    return 0

