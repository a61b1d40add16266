"""Hold'em's spaces: the action numbering with its bet-size buckets, the observation layout, the conversions.

Everything here is a pure function of one seat's
:class:`pokercore.holdem.Observation`, so a policy trained in
:class:`~pokercore.envs.HoldemEnv` can play wherever pokercore takes a
hold'em agent (:class:`PolicyAgent`).

Actions
-------
No-limit and pot-limit (``Discrete(10)``); every bet or raise is a "to"
amount, clamped to the legal range, and ``P`` is the pot after the seat
called (every chip in the middle plus its call):

=====  ============  ===============================================================
index  name          action
=====  ============  ===============================================================
0      fold          fold (only when facing a bet)
1      check/call    check, or call (all-in for less when short)
2      min-raise     bet or raise the smallest amount allowed
3      1/3 pot       bet or raise to ``current_bet + P / 3``
4      1/2 pot       ... ``current_bet + P / 2``
5      2/3 pot       ... ``current_bet + 2 P / 3``
6      pot           ... ``current_bet + P`` (the pot-limit maximum)
7      1.5 pot       ... ``current_bet + 3 P / 2``
8      2 pot         ... ``current_bet + 2 P``
9      max           the largest bet or raise allowed: all-in in no-limit; the pot
                     (or all-in, when less) in pot-limit
=====  ============  ===============================================================

Amounts are rounded to the nearest chip.  Index 2 is legal whenever a bet or
raise is; index 9 when the largest amount is above the smallest; a pot
bucket (3-8) only when its amount lies strictly between the two and differs
from every smaller bucket's, so no two legal indices play the same amount.

Fixed limit (``Discrete(3)``): 0 fold, 1 check/call, 2 bet/raise (the fixed amount).

:func:`legal_moves` gives the exact engine :class:`~pokercore.holdem.Action`
(kind and "to" amount) of every legal index, and the observation's
``amounts`` field holds the same amounts.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import cut
from ..holdem import (
    FIXED_LIMIT,
    STREETS,
    Action,
    HoldemConfig,
    HoldemState,  # noqa: F401  (the examples)
    Observation,
)
from ._driver import read_index, refusal
from ._errors import EnvError

__all__ = [
    "BUCKETS",
    "CALL",
    "FOLD",
    "MAX",
    "NUM_ACTIONS_LIMIT",
    "NUM_ACTIONS_NO_LIMIT",
    "RAISE",
    "HoldemLayout",
    "PolicyAgent",
    "action_from_index",
    "action_mask",
    "describe_action",
    "encode_observation",
    "holdem_layout",
    "index_of_action",
    "legal_moves",
    "num_actions",
]

FOLD, CALL, RAISE = 0, 1, 2
#: Index of the largest bet or raise (no-limit and pot-limit).
MAX = 9
#: Names of the no-limit / pot-limit indices 0..9.
BUCKETS = ("fold", "check/call", "min-raise", "1/3 pot", "1/2 pot", "2/3 pot", "pot", "1.5 pot", "2 pot", "max")
NUM_ACTIONS_NO_LIMIT = len(BUCKETS)
NUM_ACTIONS_LIMIT = 3
_LIMIT_NAMES = ("fold", "check/call", "bet/raise")
#: Pot fractions of indices 3..8, as (numerator, denominator).
_FRACTIONS = ((1, 3), (1, 2), (2, 3), (1, 1), (3, 2), (2, 1))
_ROUNDS: dict[str, int] = {s: i for i, s in enumerate(STREETS)}
_STREET_INDEX: dict[str, int] = {**_ROUNDS, "over": len(STREETS)}
_KIND_INDEX = {"fold": 0, "check": 1, "call": 2, "bet": 3, "raise": 4}
#: A legal move: (index, kind, "to" amount).
Move = tuple[int, str, int]


def num_actions(config: HoldemConfig) -> int:
    """Size of the action space: 3 in fixed limit, 10 in no-limit and pot-limit.

    >>> num_actions(HoldemConfig("fl")), num_actions(HoldemConfig("plo"))
    (3, 10)
    """
    return NUM_ACTIONS_LIMIT if config.betting == FIXED_LIMIT else NUM_ACTIONS_NO_LIMIT


def describe_action(index: int, limit: bool = False) -> str:
    """A short name of an action index, e.g. ``"6 (pot)"`` (``limit``: the fixed-limit numbering).

    >>> describe_action(2), describe_action(9), describe_action(2, limit=True)
    ('2 (min-raise)', '9 (max)', '2 (bet/raise)')
    """
    names = _LIMIT_NAMES if limit else BUCKETS
    return f"{index} ({names[index]})" if 0 <= index < len(names) else str(index)


def _moves(obs: Observation) -> tuple[Move, ...]:
    """Every legal (index, kind, "to" amount) of an observation, by index."""
    out: list[Move] = []
    for kind, low, high in obs.legal_actions:
        if kind == "fold":
            out.append((FOLD, kind, 0))
        elif kind == "check":
            out.append((CALL, kind, 0))
        elif kind == "call":
            out.append((CALL, kind, low))
        else:
            out.append((RAISE, kind, low))
            if high > low and obs.config.betting != FIXED_LIMIT:
                after_call = sum(obs.committed) + obs.to_call
                current = obs.current_bet
                last = low
                for k, (num, den) in enumerate(_FRACTIONS):
                    to = current + (2 * num * after_call + den) // (2 * den)  # rounded half up
                    if last < to < high:
                        out.append((3 + k, kind, to))
                        last = to
                out.append((MAX, kind, high))
    return tuple(out)


def legal_moves(obs: Observation) -> dict[int, Action]:
    """The engine action of every legal index of ``obs``: the exact kind and "to" amount each one plays.

    >>> s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=1)
    >>> [f"{i}: {a}" for i, a in legal_moves(s.observe(0)).items()]  # pot 3, calling 1 makes it 4
    ['0: fold', '1: call (to 2)', '2: raise to 4', '5: raise to 5', '6: raise to 6', '7: raise to 8', '8: raise to 10',
     '9: raise to 200']
    """
    return {i: Action(kind, amount) for i, kind, amount in _moves(obs)}


class HoldemLayout:
    """Where each part of the observation vector lives, for one table and its limits.

    ``fields`` maps a name to its ``slice`` of the vector; ``low`` and
    ``high`` bound every entry.  The parts, in order (``n`` seats, ``h`` hole
    cards, ``A`` actions, ``K`` history slots per street):

    ==============  ========  ========================================================
    field           size      content
    ==============  ========  ========================================================
    hole            h         own hole card codes, highest first (-1: not dealt in)
    hole_cards      52        own hole cards as a 0/1 vector indexed by card code
    board           5         board card codes in the order dealt (-1: not dealt yet)
    board_cards     52        board cards as a 0/1 vector
    street          5         one-hot: preflop, flop, turn, river, over
    seat            n         one-hot: the observing seat
    button          n         one-hot: the button seat
    actor           n         one-hot: the seat to act (all 0 once the hand is over)
    small_blind     n         one-hot: the seat that posted the small blind
    big_blind       n         one-hot: the seat that posted the big blind
    dealt_in        n         1 for each seat dealt into the hand
    live            n         1 for each seat still holding cards (not folded)
    all_in          n         1 for each seat still in the hand with no chips behind
    stacks          n         chips behind, per seat
    bets            n         chips bet in this betting round, per seat
    committed       n         chips put in this hand (antes and blinds included), per seat
    pot             1         chips in the middle (0 once paid out)
    to_call         1         chips this seat must add to call
    current_bet     1         the bet to match this round
    min_raise_to    1         smallest "to" amount of a bet or raise (0: none allowed)
    max_raise_to    1         largest "to" amount of a bet or raise (0: none allowed)
    bet_unit        1         fixed limit: this street's bet; otherwise the minimum bet
    amounts         A         the "to" amount each legal index plays (0 for fold, check
                              and masked indices)
    street_actions  4         betting actions taken on each street so far
    history         4*K*W     betting actions, street by street, K slots each: seat
                              one-hot (n), kind one-hot (fold, check, call, bet, raise),
                              the seat's bet after it ("to"), chips it put in; unused
                              slots are 0.  A street with more than K actions keeps its
                              last K (``street_actions`` still counts them all).
    ==============  ========  ========================================================

    ``W = n + 7``.  In fixed limit without ``heads_up_uncapped`` the default
    ``K = n * (max_bets + 1)`` bounds the actions of a street, so nothing is
    ever dropped; otherwise the default is ``K = 5 * n``.
    """

    def __init__(self, players: int, hole_cards: int, actions: int, slots: int, total_chips: int) -> None:
        n = players
        self.players, self.hole_cards, self.num_actions = n, hole_cards, actions
        self.slots = slots
        self.slot_width = n + 7
        chips = float(total_chips)
        parts = [
            ("hole", hole_cards, -1.0, 51.0), ("hole_cards", 52, 0.0, 1.0), ("board", 5, -1.0, 51.0),
            ("board_cards", 52, 0.0, 1.0), ("street", 5, 0.0, 1.0), ("seat", n, 0.0, 1.0), ("button", n, 0.0, 1.0),
            ("actor", n, 0.0, 1.0), ("small_blind", n, 0.0, 1.0), ("big_blind", n, 0.0, 1.0),
            ("dealt_in", n, 0.0, 1.0), ("live", n, 0.0, 1.0), ("all_in", n, 0.0, 1.0), ("stacks", n, 0.0, chips),
            ("bets", n, 0.0, chips), ("committed", n, 0.0, chips), ("pot", 1, 0.0, chips), ("to_call", 1, 0.0, chips),
            ("current_bet", 1, 0.0, chips), ("min_raise_to", 1, 0.0, chips), ("max_raise_to", 1, 0.0, chips),
            ("bet_unit", 1, 0.0, chips), ("amounts", actions, 0.0, chips),
            ("street_actions", 4, 0.0, float(n * (total_chips + 1))),
            ("history", 4 * slots * self.slot_width, 0.0, chips),
        ]
        self.fields: dict[str, slice] = {}
        low: list[np.ndarray] = []
        high: list[np.ndarray] = []
        start = 0
        for name, size, lo, hi in parts:
            self.fields[name] = slice(start, start + size)
            low.append(np.full(size, lo, dtype=np.float32))
            high.append(np.full(size, hi, dtype=np.float32))
            start += size
        self.size = start
        self.low = np.concatenate(low)
        self.high = np.concatenate(high)
        self.low.flags.writeable = self.high.flags.writeable = False
        self._at = {name: s.start for name, s in self.fields.items()}
        self._offsets = tuple(self._at[name] for name in (
            "hole", "hole_cards", "board", "board_cards", "street", "seat", "button", "actor", "small_blind",
            "big_blind", "dealt_in", "amounts", "street_actions", "history"))
        self.zero_bytes = bytes(4 * self.size)

    def __getitem__(self, name: str) -> slice:
        return self.fields[name]

    def __repr__(self) -> str:
        return (f"HoldemLayout(players={self.players}, hole_cards={self.hole_cards}, actions={self.num_actions}, "
                f"size={self.size}, slots per street={self.slots})")


@lru_cache(maxsize=64)
def _layout(players: int, hole_cards: int, actions: int, slots: int, total_chips: int) -> HoldemLayout:
    return HoldemLayout(players, hole_cards, actions, slots, total_chips)


def default_slots(config: HoldemConfig) -> int:
    """History slots per street: the bound of fixed limit, else ``5 * players``.

    >>> default_slots(HoldemConfig("fl", players=2)), default_slots(HoldemConfig("nl", players=6))
    (10, 30)
    """
    if config.betting == FIXED_LIMIT and not config.heads_up_uncapped:
        return config.players * (config.max_bets + 1)
    return 5 * config.players


def holdem_layout(config: HoldemConfig, history_slots: int | None = None) -> HoldemLayout:
    """The :class:`HoldemLayout` of a configuration (cached); ``history_slots``: ``K``, slots per street.

    >>> lay = holdem_layout(HoldemConfig("fl", players=2))
    >>> lay.size, lay["hole"], lay["board"], lay.slots
    (511, slice(0, 2, None), slice(54, 59, None), 10)
    """
    if history_slots is None:
        slots = default_slots(config)
    elif isinstance(history_slots, bool) or not isinstance(history_slots, (int, np.integer)) or history_slots < 1:
        raise EnvError(f"history_slots must be an int >= 1 (actions kept per street), got {cut(history_slots)}")
    else:
        slots = int(history_slots)
    return _layout(config.players, int(config.hole_cards or 2), num_actions(config), slots, sum(config.stacks))


def _encode(obs: Observation, lay: HoldemLayout, moves: tuple[Move, ...]) -> np.ndarray:
    # A hot path of training loops: plain Python writes into an array.array of zeros, then one numpy view.
    hole_at, hole_cards_at, board_at, board_cards_at, street_at, seat_at, button_at, actor_at, sb_at, bb_at, \
        dealt_at, amounts_at, counts_at, history_at = lay._offsets
    n = lay.players
    v = array("f", lay.zero_bytes)
    hole = sorted(obs.hole, reverse=True)
    board = obs.board
    for c in hole:
        v[hole_cards_at + c] = 1.0
    for c in board:
        v[board_cards_at + c] = 1.0
    v[street_at + _STREET_INDEX[obs.street]] = 1.0
    v[seat_at + obs.seat] = 1.0
    v[button_at + obs.button] = 1.0
    if obs.actor is not None:
        v[actor_at + obs.actor] = 1.0
    v[sb_at + obs.small_blind_seat] = 1.0
    v[bb_at + obs.big_blind_seat] = 1.0
    h = lay.hole_cards
    v[hole_at:hole_at + h] = array("f", hole + [-1] * (h - len(hole)))
    v[board_at:board_at + 5] = array("f", [*board] + [-1] * (5 - len(board)))
    stacks, live = obs.stacks, obs.live
    low = high = 0
    for i, _kind, amount in moves:
        v[amounts_at + i] = amount
        if i >= RAISE:
            high = amount
            if i == RAISE:
                low = amount
    pot = 0 if obs.payouts is not None else sum(obs.committed)
    v[dealt_at:dealt_at + 6 * n + 6] = array("f", [
        *obs.dealt_in, *live, *[x and s == 0 for x, s in zip(live, stacks)], *stacks, *obs.bets, *obs.committed,
        pot, obs.to_call, obs.current_bet, low, high, obs.bet_unit,
    ])
    width, slots = lay.slot_width, lay.slots
    per: tuple[list[Any], ...] = ([], [], [], [])
    kinds, rounds = _KIND_INDEX, _ROUNDS
    for ev in obs.events:  # (street, seat, kind, chips, to, all_in)
        kind_index = kinds.get(ev[2])
        if kind_index is not None:
            per[rounds[ev[0]]].append((ev[1], kind_index, ev[4], ev[3]))
    for rnd, acts in enumerate(per):
        if not acts:
            continue
        v[counts_at + rnd] = len(acts)
        o = history_at + rnd * slots * width
        for seat, kind_index, to, chips in (acts[-slots:] if len(acts) > slots else acts):
            v[o + seat] = 1.0
            v[o + n + kind_index] = 1.0
            v[o + n + 5] = to
            v[o + n + 6] = chips
            o += width
    return np.frombuffer(v, dtype=np.float32)


def _mask(moves: tuple[Move, ...], size: int) -> npt.NDArray[np.int8]:
    mask = np.zeros(size, dtype=np.int8)
    if moves:
        mask[[m[0] for m in moves]] = 1
    return mask


def action_mask(obs: Observation) -> np.ndarray:
    """The int8 mask of the legal action indices of an observation (all 0 unless the seat is to act).

    >>> s = HoldemState(HoldemConfig("fl", players=2), button=0, seed=1)
    >>> action_mask(s.observe(0)).tolist(), action_mask(s.observe(1)).tolist()
    ([1, 1, 1], [0, 0, 0])
    """
    return _mask(_moves(obs), num_actions(obs.config))


def encode_observation(obs: Observation, history_slots: int | None = None) -> dict[str, np.ndarray]:
    """The environment's observation of a hold'em :class:`~pokercore.holdem.Observation`.

    Returns ``{"observation": float32 vector (see HoldemLayout), "action_mask": int8 vector}``;
    ``history_slots`` must be the environment's.

    >>> s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=1)
    >>> o = encode_observation(s.observe(0))
    >>> lay = holdem_layout(s.config)
    >>> o["observation"][lay["amounts"]].tolist()
    [0.0, 2.0, 4.0, 0.0, 0.0, 5.0, 6.0, 8.0, 10.0, 200.0]
    """
    moves = _moves(obs)
    lay = holdem_layout(obs.config, history_slots)
    return {"observation": _encode(obs, lay, moves), "action_mask": _mask(moves, lay.num_actions)}


def _reason(obs: Observation, index: int, moves: tuple[Move, ...], limit: bool) -> str:
    """Why the masked ``index`` is not legal for the actor of ``obs``."""
    if index == FOLD:
        return "there is nothing to call: check instead"
    aggressive = next((m for m in moves if m[0] == RAISE), None)
    if aggressive is None:
        return "no bet or raise is allowed now"
    if limit:  # cannot happen: every fixed-limit index is legal or explained above
        return "not offered"
    low, high = aggressive[2], max(m[2] for m in moves)
    if index == MAX:
        return f"the largest {aggressive[1]} is the smallest, to {low}: play {RAISE} (min-raise)"
    num, den = _FRACTIONS[index - 3]
    to = obs.current_bet + (2 * num * (sum(obs.committed) + obs.to_call) + den) // (2 * den)
    where = "below the smallest" if to <= low else "above the largest" if to >= high else "the same as a smaller bucket"
    plays = next(m[0] for m in moves if m[0] >= RAISE and m[2] >= min(max(to, low), high))
    return f"{BUCKETS[index]} is {aggressive[1]} to {to}, {where}: play {describe_action(plays)}"


def action_from_index(obs: Observation, index: int) -> Action:
    """The engine :class:`~pokercore.holdem.Action` of action index ``index`` for the seat of ``obs``.

    Raises
    ------
    IllegalMoveError
        The index is not legal now; the message says why and names the legal ones.

    >>> s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=1)
    >>> action_from_index(s.observe(0), 6)
    Action(kind='raise', amount=6)
    >>> action_from_index(s.observe(0), 3)
    Traceback (most recent call last):
    ...
    pokercore.envs._errors.IllegalMoveError: player_0: action 3 (1/3 pot) is not legal now: 1/3 pot is raise to 3,
    below the smallest: play 2 (min-raise); legal: 0 (fold), 1 (check/call), 2 (min-raise), 5 (2/3 pot), 6 (pot),
    7 (1.5 pot), 8 (2 pot), 9 (max)
    """
    limit = obs.config.betting == FIXED_LIMIT
    size = NUM_ACTIONS_LIMIT if limit else NUM_ACTIONS_NO_LIMIT
    index = read_index(index, size, f"player_{obs.seat}")
    moves = _moves(obs)
    for i, kind, amount in moves:
        if i == index:
            return Action(kind, amount)

    def describe(i: int) -> str:
        return describe_action(i, limit)

    if not moves:
        why = "the hand is over" if obs.actor is None else f"it is player_{obs.actor}'s turn"
    else:
        why = _reason(obs, index, moves, limit)
    raise refusal(f"player_{obs.seat}", index, why, _mask(moves, size), describe)


def index_of_action(obs: Observation, action: Action) -> int:
    """The action index that plays ``action`` exactly (inverse of :func:`action_from_index`).

    Raises :class:`~pokercore.envs.EnvError` for an action no index plays
    (a bet size between the buckets, or an action that is not legal now).

    >>> s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=1)
    >>> index_of_action(s.observe(0), Action("raise", 200)), index_of_action(s.observe(0), Action("call", 2))
    (9, 1)
    """
    for i, kind, amount in _moves(obs):
        if kind == action[0] and (amount == action[1] or (kind == "call" and action[1] == 0)):
            return i
    raise EnvError(f"no action index plays {action} now: the legal ones play "
                   f"{', '.join(str(a) for a in legal_moves(obs).values()) or 'nothing'}")


class PolicyAgent:
    """A hold'em agent (``Observation -> Action``) made of a policy over the environment's arrays.

    Use a policy trained in :class:`~pokercore.envs.HoldemEnv` wherever
    pokercore takes a hold'em agent.

    Parameters
    ----------
    policy : callable
        ``policy({"observation": ..., "action_mask": ...}) -> action index``.
    history_slots : int, optional
        The environment's ``history_slots`` (default: the same default).

    >>> from pokercore.holdem import check_call_agent
    >>> first_legal = PolicyAgent(lambda o: int(np.flatnonzero(o["action_mask"])[-1]))
    >>> s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=1)
    >>> s.play([first_legal, check_call_agent])
    >>> s.is_over, sum(s.stacks)
    (True, 400)
    """

    def __init__(self, policy: Callable[[dict[str, np.ndarray]], Any], history_slots: int | None = None) -> None:
        if not callable(policy):
            raise EnvError(f"policy must be callable, got {cut(policy)}")
        self.policy = policy
        self.history_slots = history_slots

    def __call__(self, obs: Observation) -> Action:
        return action_from_index(obs, self.policy(encode_observation(obs, self.history_slots)))
