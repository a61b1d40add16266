"""Five-card draw's observation vectors built incrementally, one hand at a time (the environments' hot path).

The same idea as :mod:`pokercore.envs._holdem_encoder`: the button, the
seats dealt in and the betting history are kept in a buffer that grows with
the hand; each call writes only the parts that change between decisions.
The result is the vector of :func:`~pokercore.envs._draw_spaces.encode_observation`,
entry for entry (``tests/envs/test_draw_fast_paths.py`` compares them at
every decision of many hands).

>>> from pokercore.draw import DrawConfig, DrawState
>>> from pokercore.envs._draw_spaces import _encode, draw_layout
>>> s = DrawState(DrawConfig(players=3), button=0, seed=4)
>>> enc = DrawHandEncoder(draw_layout(s.config))
>>> s.check(); s.bet(); obs = s.observe(0)
>>> bool((enc.encode(obs) == _encode(obs)).all())
True
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..draw import Street
from ._errors import EnvError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..draw import Event, Observation
    from ._draw_spaces import DrawLayout

__all__ = ["DrawHandEncoder"]

_STREET_INDEX = {Street.BET1: 0, Street.DRAW: 1, Street.BET2: 2, Street.OVER: 3}
_KIND_INDEX = {"fold": 0, "check": 1, "call": 2, "bet": 3, "raise": 4}
_BET1 = Street.BET1


class DrawHandEncoder:
    """The observation vectors of one draw hand, from the seats' observations, in any order of seats and moments.

    Call :meth:`new_hand` before the first observation of each hand.  The
    observations must come from the same hand, and none may be older than
    one already encoded (the engine's history only grows).
    """

    __slots__ = ("_at", "_base", "_events_done", "_used", "layout")

    def __init__(self, layout: DrawLayout) -> None:
        self.layout = layout
        at = layout._at
        self._at = (at["hand"], at["cards"], at["street"], at["seat"], at["actor"], at["live"], at["history"])
        self._base: array[float] | None = None
        self._events_done = 0
        self._used = [0, 0]

    def new_hand(self) -> None:
        """Forget the hand encoded so far."""
        self._base = None

    def _start(self, obs: Observation) -> array[float]:
        lay = self.layout
        at = lay._at
        n = lay.players
        base = array("f", lay.zero_bytes)
        base[at["button"] + obs.button] = 1.0
        dealt = at["dealt_in"]
        base[dealt:dealt + n] = array("f", obs.dealt_in)
        self._events_done = 0
        self._used = [0, 0]
        self._base = base
        return base

    def _catch_up(self, base: array[float], events: Sequence[Event]) -> None:
        lay = self.layout
        n, width, slots = lay.players, lay.slot_width, lay.slots
        history_at = self._at[6]
        used = self._used
        for k in range(self._events_done, len(events)):
            ev = events[k]  # (street, seat, kind, amount, drawn)
            kind_index = _KIND_INDEX.get(ev[2])
            if kind_index is None:  # antes and draws: in committed and draw_counts
                continue
            rnd = 0 if ev[0] is _BET1 else 1
            slot = used[rnd]
            if slot >= slots:  # cannot happen: slots bound the actions of a round
                raise EnvError(f"more than {slots} actions in one betting round: the layout is too small")
            used[rnd] = slot + 1
            o = history_at + (rnd * slots + slot) * width
            base[o + ev[1]] = 1.0
            base[o + n + kind_index] = 1.0
            base[o + n + 5] = ev[3]
        self._events_done = len(events)

    def encode(self, obs: Observation) -> npt.NDArray[np.float32]:
        """The vector of ``obs``: a new float32 array."""
        base = self._base
        if base is None:
            base = self._start(obs)
        events = obs.events
        if len(events) != self._events_done:
            self._catch_up(base, events)
        hand_at, cards_at, street_at, seat_at, actor_at, live_at, _ = self._at
        n = self.layout.players
        v = base[:]
        hand = sorted(obs.hand, reverse=True)
        for c in hand:
            v[cards_at + c] = 1.0
        v[hand_at:hand_at + 5] = array("f", hand + [-1] * (5 - len(hand)))
        v[street_at + _STREET_INDEX[obs.street]] = 1.0
        v[seat_at + obs.seat] = 1.0
        actor = obs.actor
        if actor is not None:
            v[actor_at + actor] = 1.0
        committed = obs.committed
        v[live_at:live_at + 5 * n + 5] = array("f", [
            *obs.live, *obs.stacks, *obs.bets, *committed, *[-1 if d is None else d for d in obs.draw_counts],
            0 if obs.payouts is not None else sum(committed), obs.to_call, obs.current_bet, obs.bet_size,
            obs.raises_left,
        ])
        return np.frombuffer(v, dtype=np.float32)
