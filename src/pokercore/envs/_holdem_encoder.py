"""Hold'em's observation vectors built incrementally, one hand at a time (the environments' hot path).

:func:`~pokercore.envs._holdem_spaces.encode_observation` builds a vector from
scratch out of one :class:`~pokercore.holdem.Observation`.  An
environment asks for one vector per decision of the same hand, and most of
the vector does not change between two decisions: the blinds, the button,
the board dealt so far, the betting history.  :class:`HandEncoder` keeps
those parts in a buffer that grows with the hand (new events and board
cards are written once) and writes only the rest for each call.

The result is the same vector, entry for entry, as ``encode_observation``
(``tests/envs/test_holdem_encoder.py`` compares them at every decision of
many hands of every variant).

>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> from pokercore.envs._holdem_spaces import _encode, _moves, holdem_layout
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=4)
>>> enc = HandEncoder(holdem_layout(s.config))
>>> s.call(); s.fold(); obs = s.observe(2)
>>> moves = _moves(obs)
>>> bool((enc.encode(obs, moves) == _encode(obs, enc.layout, moves)).all())
True
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from ..holdem import Observation
    from ._holdem_spaces import HoldemLayout, Move

__all__ = ["HandEncoder", "MaskCache"]

_STREET_INDEX = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "over": 4}
_KIND_INDEX = {"fold": 0, "check": 1, "call": 2, "bet": 3, "raise": 4}
_RAISE = 2


class HandEncoder:
    """The observation vectors of one hand, from the seats' observations, in any order of seats and moments.

    Call :meth:`new_hand` before the first observation of each hand.  The
    observations must come from the same hand, and none may be older than
    one already encoded (the engine's history only grows).
    """

    __slots__ = ("_at", "_base", "_board_done", "_events_done", "_per", "layout")

    def __init__(self, layout: HoldemLayout) -> None:
        self.layout = layout
        at = layout._at
        self._at = (at["hole"], at["hole_cards"], at["street"], at["seat"], at["actor"], at["live"],
                    at["amounts"], layout.players)
        self._base: array[float] | None = None
        self._events_done = 0
        self._board_done = 0
        self._per: tuple[list[tuple[int, int, int, int]], ...] = ([], [], [], [])

    def new_hand(self) -> None:
        """Forget the hand encoded so far."""
        self._base = None

    def _start(self, obs: Observation) -> array[float]:
        """The buffer of a new hand: zeros, -1 in the card-code fields, the seats that never change."""
        lay = self.layout
        f = lay.fields
        base = array("f", lay.zero_bytes)
        n = lay.players
        hole, board = f["hole"], f["board"]
        base[hole] = array("f", [-1.0] * (hole.stop - hole.start))
        base[board] = array("f", [-1.0] * 5)
        base[f["button"].start + obs.button] = 1.0
        base[f["small_blind"].start + obs.small_blind_seat] = 1.0
        base[f["big_blind"].start + obs.big_blind_seat] = 1.0
        dealt = f["dealt_in"].start
        base[dealt:dealt + n] = array("f", obs.dealt_in)
        self._events_done = 0
        self._board_done = 0
        self._per = ([], [], [], [])
        self._base = base
        return base

    def _catch_up(self, base: array[float], obs: Observation) -> None:
        """Write the board cards and betting actions that came since the last call."""
        lay = self.layout
        board = obs.board
        done = self._board_done
        if len(board) > done:
            board_at, cards_at = lay._at["board"], lay._at["board_cards"]
            for k in range(done, len(board)):
                c = board[k]
                base[board_at + k] = c
                base[cards_at + c] = 1.0
            self._board_done = len(board)
        events = obs.events
        if len(events) == self._events_done:
            return
        n, width, slots = lay.players, lay.slot_width, lay.slots
        counts_at, history_at = lay._at["street_actions"], lay._at["history"]
        kinds, per = _KIND_INDEX, self._per
        for k in range(self._events_done, len(events)):
            ev = events[k]  # (street, seat, kind, chips, to, all_in)
            kind_index = kinds.get(ev[2])
            if kind_index is None:
                continue
            rnd = _STREET_INDEX[ev[0]]
            acts = per[rnd]
            acts.append((ev[1], kind_index, ev[4], ev[3]))
            count = len(acts)
            base[counts_at + rnd] = count
            block = history_at + rnd * slots * width
            if count <= slots:
                self._slot(base, block + (count - 1) * width, n, acts[-1])
            else:  # the street keeps its last ``slots`` actions: shift them all
                base[block:block + slots * width] = array("f", bytes(4 * slots * width))
                for j, act in enumerate(acts[-slots:]):
                    self._slot(base, block + j * width, n, act)
        self._events_done = len(events)

    @staticmethod
    def _slot(base: array[float], o: int, n: int, act: tuple[int, int, int, int]) -> None:
        seat, kind_index, to, chips = act
        base[o + seat] = 1.0
        base[o + n + kind_index] = 1.0
        base[o + n + 5] = to
        base[o + n + 6] = chips

    def encode(self, obs: Observation, moves: tuple[Move, ...]) -> npt.NDArray[np.float32]:
        """The vector of ``obs`` (whose legal moves are ``moves``): a new float32 array."""
        base = self._base
        if base is None:
            base = self._start(obs)
        if len(obs.events) != self._events_done or len(obs.board) != self._board_done:
            self._catch_up(base, obs)
        hole_at, hole_cards_at, street_at, seat_at, actor_at, live_at, amounts_at, n = self._at
        v = base[:]
        hole = obs.hole
        if hole:
            for k, c in enumerate(sorted(hole, reverse=True)):
                v[hole_at + k] = c
                v[hole_cards_at + c] = 1.0
        v[street_at + _STREET_INDEX[obs.street]] = 1.0
        v[seat_at + obs.seat] = 1.0
        actor = obs.actor
        if actor is not None:
            v[actor_at + actor] = 1.0
        low = high = 0
        for i, _kind, amount in moves:
            v[amounts_at + i] = amount
            if i >= _RAISE:
                high = amount
                if i == _RAISE:
                    low = amount
        stacks, live, committed = obs.stacks, obs.live, obs.committed
        v[live_at:live_at + 5 * n + 6] = array("f", [
            *live, *[x and s == 0 for x, s in zip(live, stacks)], *stacks, *obs.bets, *committed,
            0 if obs.payouts is not None else sum(committed), obs.to_call, obs.current_bet, low, high, obs.bet_unit,
        ])
        return np.frombuffer(v, dtype=np.float32)


class MaskCache:
    """Action masks by their legal indices: each distinct mask is built once, then copied.

    >>> masks = MaskCache(3)
    >>> masks.get(((0, "fold", 0), (1, "call", 2))).tolist(), masks.get(()).tolist()
    ([1, 1, 0], [0, 0, 0])
    """

    __slots__ = ("_known", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._known: dict[tuple[int, ...], bytes] = {}

    def get(self, moves: tuple[Move, ...]) -> npt.NDArray[np.int8]:
        """The int8 mask of ``moves``: a new writable array."""
        key = tuple([m[0] for m in moves])
        raw = self._known.get(key)
        if raw is None:
            mask = bytearray(self.size)
            for i in key:
                mask[i] = 1
            raw = self._known[key] = bytes(mask)
        return np.frombuffer(bytearray(raw), dtype=np.int8)
