"""Build what the built-in AIs need before the first player arrives.

Some AIs build tables on their first decision (the hard draw AI's particle
set takes a second or two); :func:`warm_up` makes one decision with every
AI level of each game on a fixed deal, so that cost is paid while the
server starts, not by the first person to sit down.

>>> seconds = warm_up()
>>> sorted(seconds) == sorted(["binh", "draw", "holdem"])
True
"""

from __future__ import annotations

import threading
import time

import numpy as np

from .. import binh, draw, holdem
from ..draw import ai as draw_ai
from ..holdem import ai as holdem_ai

__all__ = ["warm_up"]


def _draw() -> None:
    game = draw.DrawGame(draw.DrawConfig(players=2, hands=1, seed=0))
    game.start_hand()
    hand = game.current_hand
    assert hand is not None and hand.actor is not None
    obs = hand.observe(hand.actor)
    for level in draw_ai.AGENTS:
        draw_ai.make_agent(level, np.random.default_rng(0))(obs)


def _binh() -> None:
    rng = np.random.default_rng(0)
    deal = binh.DealState(binh.deal_hands(2, rng), binh.DEFAULT_RULES)
    seat = next(iter(deal.to_arrange), None)
    if seat is not None:
        for level in binh.AGENT_LEVELS:
            binh.make_agent(level, np.random.default_rng(0), binh.DEFAULT_RULES)(deal.observation(seat))


def _holdem() -> None:
    for variant in holdem.VARIANTS:  # a decision on the flop: the AIs' equity code runs once
        flop = holdem.HoldemState(holdem.HoldemConfig(variant, players=3), seed=0)
        flop.call()
        flop.call()
        flop.check()
        assert flop.actor is not None
        for level in holdem_ai.LEVELS:
            holdem_ai.make_agent(level, np.random.default_rng(0))(flop.observe(flop.actor))


def warm_up(stop: threading.Event | None = None) -> dict[str, float]:
    """One decision by every AI level of draw, Binh and hold'em; the seconds each game took.

    Parameters
    ----------
    stop : threading.Event, optional
        Checked before each game: once it is set, the games not built yet
        are left out (the server is stopping during its start-up).

    Returns
    -------
    dict of str to float
        The seconds each game that was built took, by game name.
    """
    out: dict[str, float] = {}
    for game, build in (("draw", _draw), ("binh", _binh), ("holdem", _holdem)):
        if stop is not None and stop.is_set():
            break
        start = time.perf_counter()
        build()
        out[game] = time.perf_counter() - start
    return out
