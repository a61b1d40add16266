"""Five-card draw's spaces: the action numbering, the observation layout, and the conversions.

Everything here is a pure function of one seat's :class:`pokercore.draw.Observation`,
so a policy trained in :class:`~pokercore.envs.DrawEnv` can play anywhere
pokercore takes an agent (:class:`PolicyAgent`).

Actions (``Discrete(37)``)
--------------------------
=========  ===============================================================
index      action
=========  ===============================================================
0          fold
1          check
2          call (the engine's amount)
3          bet (the fixed amount)
4          raise (by the fixed amount)
5 + m      in the draw: discard the cards of bit mask ``m`` (0..31); bit
           ``k`` is the ``k``-th card of ``hand`` in the observation (the
           own cards, highest code first).  ``m = 0`` (index 5) stands pat.
           The 26 masks with 0-3 bits are legal; the 6 with 4 or 5 bits never are.
=========  ===============================================================
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import format_cards
from ..draw import Action, DrawChoices, DrawConfig, DrawState, Observation, Street  # noqa: F401  (DrawState: the examples)
from ..errors import cut
from ._driver import read_index, refusal
from ._errors import EnvError, IllegalMoveError

__all__ = [
    "BETTING",
    "DISCARD",
    "LEGAL_DISCARDS",
    "NUM_ACTIONS",
    "DrawLayout",
    "PolicyAgent",
    "action_from_index",
    "action_mask",
    "describe_action",
    "draw_layout",
    "encode_observation",
    "index_of_action",
]

#: The betting actions, by index 0..4.
BETTING = ("fold", "check", "call", "bet", "raise")
#: Index of discard mask 0 (standing pat); mask ``m`` is index ``DISCARD + m``.
DISCARD = 5
#: Size of the action space: 5 betting actions and 32 discard masks.
NUM_ACTIONS = DISCARD + 32
#: The 26 discard masks with 0 to 3 bits, ascending.
LEGAL_DISCARDS = tuple(m for m in range(32) if bin(m).count("1") <= 3)
_KIND_INDEX = {k: i for i, k in enumerate(BETTING)}
_STREETS = (Street.BET1, Street.DRAW, Street.BET2, Street.OVER)
_STREET_INDEX = {s: i for i, s in enumerate(_STREETS)}
_BET1 = Street.BET1
_DRAW_MASK: npt.NDArray[np.int8] = np.zeros(NUM_ACTIONS, dtype=np.int8)
_DRAW_MASK[[DISCARD + m for m in LEGAL_DISCARDS]] = 1


def describe_action(index: int) -> str:
    """A short name of an action index, e.g. ``"3 (bet)"`` or ``"10 (discard #1 #3)"``.

    Discards name positions in the observation's ``hand`` (never cards).

    >>> describe_action(0), describe_action(5), describe_action(DISCARD + 0b101)
    ('0 (fold)', '5 (stand pat)', '10 (discard #0 #2)')
    """
    if 0 <= index < DISCARD:
        return f"{index} ({BETTING[index]})"
    m = index - DISCARD
    if m == 0:
        return f"{index} (stand pat)"
    return f"{index} (discard {' '.join(f'#{k}' for k in range(5) if m >> k & 1)})"


class DrawLayout:
    """Where each part of the observation vector lives, for one table size and set of limits.

    ``fields`` maps a name to its ``slice`` of the vector; ``low`` and
    ``high`` are the bounds of every entry.  The parts, in order (``n``
    seats):

    ==============  ======  ==========================================================
    field           size    content
    ==============  ======  ==========================================================
    hand            5       own card codes, highest first (-1: no cards, sitting out)
    cards           52      own cards as a 0/1 vector indexed by card code
    street          4       one-hot: bet1, draw, bet2, over
    seat            n       one-hot: the observing seat
    button          n       one-hot: the button seat
    actor           n       one-hot: the seat to act (all 0 once the hand is over)
    dealt_in        n       1 for each seat dealt into the hand
    live            n       1 for each seat still holding cards (not folded)
    stacks          n       chips behind, per seat
    bets            n       chips bet in this betting round, per seat
    committed       n       chips put in this hand (antes included), per seat
    draw_counts     n       cards each seat exchanged (-1 before it drew)
    pot             1       chips in the pot (0 once paid out)
    to_call         1       chips this seat must add to call
    current_bet     1       highest bet of this round
    bet_size        1       the fixed bet of this round
    raises_left     1       bets and raises still allowed this round
    history         2*R*W   betting actions of round 1 (R slots), then round 2 (R slots);
                            each slot: seat one-hot (n), kind one-hot (fold, check,
                            call, bet, raise), chips; unused slots are 0
    ==============  ======  ==========================================================

    ``R = n * (max_bets + 1)`` (plus ``n * n`` in all-in mode) bounds the
    actions of one round; ``W = n + 6``.
    """

    def __init__(self, players: int, max_bets: int, all_in: bool, total_chips: int, big_bet: int) -> None:
        n = players
        self.players = n
        self.slots = n * (max_bets + 1 + (n if all_in else 0))
        self.slot_width = n + 6
        chips = float(total_chips)
        parts = [
            ("hand", 5, -1.0, 51.0), ("cards", 52, 0.0, 1.0), ("street", 4, 0.0, 1.0),
            ("seat", n, 0.0, 1.0), ("button", n, 0.0, 1.0), ("actor", n, 0.0, 1.0),
            ("dealt_in", n, 0.0, 1.0), ("live", n, 0.0, 1.0), ("stacks", n, 0.0, chips), ("bets", n, 0.0, chips),
            ("committed", n, 0.0, chips), ("draw_counts", n, -1.0, 3.0), ("pot", 1, 0.0, chips),
            ("to_call", 1, 0.0, chips), ("current_bet", 1, 0.0, chips), ("bet_size", 1, 0.0, float(big_bet)),
            ("raises_left", 1, 0.0, float(max_bets)), ("history", 2 * self.slots * self.slot_width, 0.0, chips),
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
        self.zero_bytes = bytes(4 * self.size)

    def __getitem__(self, name: str) -> slice:
        return self.fields[name]

    def __repr__(self) -> str:
        return f"DrawLayout(players={self.players}, size={self.size}, slots per round={self.slots})"


@lru_cache(maxsize=64)
def _layout(players: int, max_bets: int, all_in: bool, total_chips: int, big_bet: int) -> DrawLayout:
    return DrawLayout(players, max_bets, all_in, total_chips, big_bet)


def draw_layout(config: DrawConfig) -> DrawLayout:
    """The :class:`DrawLayout` of a configuration (cached).

    >>> lay = draw_layout(DrawConfig(players=2))
    >>> lay.size, lay["hand"], lay["cards"]
    (244, slice(0, 5, None), slice(5, 57, None))
    """
    return _layout(config.players, config.max_bets, config.all_in, sum(config.stacks), int(config.big_bet))  # type: ignore[arg-type]


_LAYOUTS: dict[int, tuple[DrawConfig, DrawLayout]] = {}


def _layout_of(cfg: DrawConfig) -> DrawLayout:
    """:func:`draw_layout` by the config object's identity (observations share one public config)."""
    hit = _LAYOUTS.get(id(cfg))
    if hit is not None and hit[0] is cfg:
        return hit[1]
    if len(_LAYOUTS) > 256:
        _LAYOUTS.clear()
    lay = draw_layout(cfg)
    _LAYOUTS[id(cfg)] = (cfg, lay)  # the entry keeps cfg alive, so its id is not reused while cached
    return lay


def _encode(obs: Observation) -> np.ndarray:
    # A hot path of training loops: plain Python writes into an array.array of zeros, then one numpy view.
    lay = _layout_of(obs.config)
    at = lay._at
    n = lay.players
    v = array("f", lay.zero_bytes)
    hand = sorted(obs.hand, reverse=True)
    cards = at["cards"]
    for c in hand:
        v[cards + c] = 1.0
    v[at["street"] + _STREET_INDEX[obs.street]] = 1.0
    v[at["seat"] + obs.seat] = 1.0
    v[at["button"] + obs.button] = 1.0
    if obs.actor is not None:
        v[at["actor"] + obs.actor] = 1.0
    base, width, slots = at["history"], lay.slot_width, lay.slots
    used = [0, 0]
    for ev in obs.events:  # (street, seat, kind, amount, drawn)
        k = _KIND_INDEX.get(ev[2])
        if k is None:  # antes and draws: in committed and draw_counts
            continue
        rnd = 0 if ev[0] is _BET1 else 1
        slot = used[rnd]
        if slot >= slots:  # cannot happen: slots bound the actions of a round
            raise EnvError(f"more than {slots} actions in one betting round: the layout is too small")
        used[rnd] = slot + 1
        o = base + (rnd * slots + slot) * width
        v[o + ev[1]] = 1.0
        v[o + n + k] = 1.0
        v[o + n + 5] = ev[3]
    h = at["hand"]
    v[h:h + 5] = array("f", hand + [-1] * (5 - len(hand)))
    dc = [-1 if d is None else d for d in obs.draw_counts]
    b = at["dealt_in"]
    v[b:b + 6 * n + 5] = array("f", [*obs.dealt_in, *obs.live, *obs.stacks, *obs.bets, *obs.committed, *dc, obs.pot,
                                     obs.to_call, obs.current_bet, obs.bet_size, obs.raises_left])
    return np.frombuffer(v, dtype=np.float32)


_MASKS: dict[tuple[str, ...], npt.NDArray[np.int8]] = {}


def action_mask(obs: Observation) -> np.ndarray:
    """The int8 mask of the legal action indices of an observation (all 0 unless the seat is to act).

    >>> s = DrawState(DrawConfig(players=2), button=0, seed=1)
    >>> np.flatnonzero(action_mask(s.observe(1))).tolist(), int(action_mask(s.observe(0)).sum())
    ([1, 3], 0)
    """
    legal = obs.legal_actions
    if isinstance(legal, DrawChoices):
        out: npt.NDArray[np.int8] = _DRAW_MASK.copy()
        return out
    kinds = tuple(a[0] for a in legal)
    mask = _MASKS.get(kinds)
    if mask is None:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[[_KIND_INDEX[k] for k in kinds]] = 1
        _MASKS[kinds] = mask
    copy: npt.NDArray[np.int8] = mask.copy()
    return copy


def encode_observation(obs: Observation) -> dict[str, np.ndarray]:
    """The environment's observation of a :class:`pokercore.draw.Observation`.

    Returns ``{"observation": float32 vector (see DrawLayout), "action_mask": int8 vector}``.

    >>> s = DrawState(DrawConfig(players=2), button=0, seed=1)
    >>> o = encode_observation(s.observe(1))
    >>> lay = draw_layout(s.config)
    >>> sorted(o["observation"][lay["hand"]].astype(int).tolist(), reverse=True) == sorted(s.hands[1], reverse=True)
    True
    """
    return {"observation": _encode(obs), "action_mask": action_mask(obs)}


def action_from_index(obs: Observation, index: int) -> Action:
    """The engine :class:`~pokercore.draw.Action` of action index ``index`` for the seat of ``obs``.

    Raises
    ------
    IllegalMoveError
        The index is not legal now; the message names the legal ones.

    >>> s = DrawState(DrawConfig(players=2), button=0, seed=1)
    >>> action_from_index(s.observe(1), 3)
    Action(kind='bet', amount=2, cards=())
    >>> action_from_index(s.observe(1), 2)
    Traceback (most recent call last):
    ...
    pokercore.envs._errors.IllegalMoveError: player_1: action 2 (call) is not legal now: there is no bet to call;
    legal: 1 (check), 3 (bet)
    """
    index = read_index(index, NUM_ACTIONS, f"player_{obs.seat}")
    legal = obs.legal_actions

    def refuse(why: str) -> IllegalMoveError:
        return refusal(f"player_{obs.seat}", index, why, action_mask(obs), describe_action)

    if not legal:
        raise refuse("the hand is over" if obs.actor is None else f"it is player_{obs.actor}'s turn")
    drawing = isinstance(legal, DrawChoices)
    if index < DISCARD:
        if drawing:
            raise refuse("it is the draw: choose a discard (5 + mask)")
        kind = BETTING[index]
        for a in legal:
            if a.kind == kind:
                return a
        if kind in ("fold", "call") and obs.to_call == 0:
            raise refuse("there is no bet to call")
        if kind == "check":
            raise refuse(f"{obs.to_call} to call")
        raise refuse(f"{kind} is not open now")
    if not drawing:
        raise refuse("it is a betting round, not the draw")
    m = index - DISCARD
    if bin(m).count("1") > 3:
        raise refuse("at most 3 cards may be discarded")
    hand = sorted(obs.hand, reverse=True)
    return Action("draw", 0, tuple(hand[k] for k in range(5) if m >> k & 1))


def index_of_action(obs: Observation, action: Action) -> int:
    """The action index of an engine action (inverse of :func:`action_from_index`).

    >>> s = DrawState(DrawConfig(players=2), button=0, seed=1)
    >>> index_of_action(s.observe(1), Action("bet", 2))
    3
    """
    if action.kind == "draw":
        hand = sorted(obs.hand, reverse=True)
        if any(c not in hand for c in action.cards):
            raise EnvError(f"discards {format_cards(action.cards)} are not all in the seat's hand")
        return DISCARD + sum(1 << hand.index(c) for c in action.cards)
    if action.kind not in _KIND_INDEX:
        raise EnvError(f"unknown action kind {cut(action.kind)}")
    return _KIND_INDEX[action.kind]


class PolicyAgent:
    """A draw agent (``Observation -> Action``) made of a policy over the environment's arrays.

    Use a policy trained in :class:`DrawEnv` wherever pokercore takes an
    agent, e.g. :func:`pokercore.sim.simulate`.

    Parameters
    ----------
    policy : callable
        ``policy({"observation": ..., "action_mask": ...}) -> action index``.

    >>> from pokercore.draw import play_game, check_call_agent
    >>> first_legal = PolicyAgent(lambda o: int(np.flatnonzero(o["action_mask"])[0]))
    >>> play_game(DrawConfig(players=2, hands=5, seed=1), [first_legal, check_call_agent]).hands_played
    5
    """

    def __init__(self, policy: Callable[[dict[str, np.ndarray]], Any]) -> None:
        if not callable(policy):
            raise EnvError(f"policy must be callable, got {cut(policy)}")
        self.policy = policy

    def __call__(self, obs: Observation) -> Action:
        return action_from_index(obs, self.policy(encode_observation(obs)))
