"""The state machine of one hold'em or Omaha hand.

:class:`HoldemState` runs a single hand: it posts the antes, blinds and
straddles and deals at construction, then waits for player decisions until
the hand is over; dealing the board, returning uncalled bets, running the
board out when everyone is all-in, the showdown and paying the pots happen by
themselves.  Every action comes as a triplet, as in pokerkit:
``can_x(...)`` -> bool, ``verify_x(...)`` raises
:class:`~pokercore.holdem._errors.IllegalActionError` naming the reason, and
``x(...)`` does it.  Everything is checked before anything changes, so a
refused action leaves the state exactly as it was.

Amounts are "to" amounts: ``raise_(30)`` makes the seat's bet this round 30.

Examples
--------
A heads-up no-limit hand with a stacked deck (hole cards seat by seat from
the left of the button, then the five board cards).  Heads-up the button
posts the small blind and acts first preflop, last after the flop:

>>> from pokercore import format_cards
>>> from pokercore.holdem import HoldemConfig
>>> cfg = HoldemConfig("nl", players=2, small_blind=1, big_blind=2, starting_stacks=100)
>>> s = HoldemState(cfg, button=0, deck="Kc Kd  As Ah  2c 7d 9h Jd Ts")
>>> s.actor, [str(a) for a in s.legal_actions()]
(0, ['fold', 'call (to 2)', 'raise to 4..100'])
>>> s.raise_(6); s.call()
>>> s.street, format_cards(s.board), s.actor
('flop', '2c 7d 9h', 1)
>>> s.check(); s.bet(10); s.raise_(15)
Traceback (most recent call last):
...
pokercore.holdem._errors.IllegalActionError: seat 1 cannot raise to 15: the minimum is raise to 20 (a raise of 10)
>>> s.raise_(30); s.call()
>>> s.bet(64)               # seat 1 is all-in; seat 0 calls and the river is dealt by itself
>>> s.call()
>>> s.is_over, format_cards(s.board), s.payouts, s.stacks
(True, '2c 7d 9h Jd Ts', (200, 0), (200, 0))
>>> list(s.revealed)        # all-in: both hands are shown, the last aggressor first
[1, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..cards import format_cards, parse_cards
from ._actions import Action, ActionKind, Event, LegalAction, describe, read_action
from ._betting import BettingRules
from ._checks import ActionChecks
from ._config import DECK_SIZE, FIXED_LIMIT, STREET_NAMES, HoldemConfig
from ._dealer import Dealer
from ._errors import ConfigError, HoldemError, IllegalActionError
from ._observation import Observation
from ._view import StateView

__all__ = ["HoldemState"]

_SeedLike = int | np.random.Generator | None
_new_tuple = tuple.__new__
_CHECK = LegalAction(ActionKind.CHECK)
_FOLD = LegalAction(ActionKind.FOLD)


def _stack_deck(deck: str | Sequence[int]) -> list[int]:
    """Cards in dealing order, completed with the unused cards in code order."""
    if isinstance(deck, str):
        try:
            cards = parse_cards(deck, allow_duplicates=True)
        except ValueError as exc:
            raise ConfigError(f"deck: {exc}") from None
    else:
        cards = [int(c) for c in deck]
    seen: set[int] = set()
    for c in cards:
        if not 0 <= c < DECK_SIZE:
            raise ConfigError(f"deck: card code {c} is out of range 0..51")
        if c in seen:
            raise ConfigError(f"deck: card {format_cards([c])} appears twice")
        seen.add(c)
    return cards + [c for c in range(DECK_SIZE) if c not in seen]


class HoldemState(StateView, ActionChecks, Dealer, BettingRules):
    """One hand of no-limit hold'em, fixed-limit hold'em or pot-limit Omaha.

    Parameters
    ----------
    config : HoldemConfig
        The rules (variant, blinds, antes, straddles, limits, seats).
    stacks : sequence of int, optional
        Chips of each seat before the forced bets; default ``config.stacks``.
        Seats with no chips sit the hand out.
    button : int, default 0
        The button seat (it must be dealt in).  Blinds are posted by the next
        seats dealt in (heads-up: the button posts the small blind).
    deck : str or sequence of int, optional
        Cards in dealing order: each seat's hole cards in turn, from the first
        seat left of the button to the button, then the five board cards;
        missing cards follow in code order.  Default: a shuffle from ``seed``.
    seed : int or numpy Generator, optional
        Seed of the shuffle when ``deck`` is not given.
    hand_number : int, default 1
        Number of this hand in its game (informational).
    sitting_out : collection of int, default ()
        Seats with chips that are not dealt in this hand.

    Raises
    ------
    ConfigError
        Fewer than two seats can play, or the stacks, button or deck are invalid.
    """

    __slots__ = (
        "_acted", "_actor", "_aggressor", "_all_shown", "_bb", "_bets", "_board", "_button", "_capped",
        "_cfg", "_committed", "_count", "_current", "_dead", "_dealt", "_deck", "_events", "_first",
        "_forced", "_hand_number", "_holes", "_level_at", "_limit", "_live", "_log",
        "_min_bet", "_mucked", "_n", "_omaha", "_order", "_payouts", "_place", "_pos", "_public_cfg",
        "_raise_size", "_ranks", "_revealed", "_sb", "_size", "_stacks", "_start", "_street",
    )

    def __init__(
        self,
        config: HoldemConfig,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        *,
        deck: str | Sequence[int] | None = None,
        seed: _SeedLike = None,
        hand_number: int = 1,
        sitting_out: Sequence[int] = (),
    ) -> None:
        if not isinstance(config, HoldemConfig):
            raise ConfigError(f"config must be a HoldemConfig, got {type(config).__name__}")
        n = config.players
        if stacks is None:  # the configuration checked its stacks already: ints >= 0, one per seat
            stacks = list(map(int, config.stacks))
        else:
            stacks = list(stacks)
            if len(stacks) != n:
                raise ConfigError(f"{len(stacks)} stacks given for {n} seats")
            for i, st in enumerate(stacks):
                if isinstance(st, bool) or not isinstance(st, (int, np.integer)) or st < 0:
                    raise ConfigError(f"stack of seat {i} must be an int >= 0, got {st!r}")
            stacks = [int(st) for st in stacks]
        if type(button) is not int or not 0 <= button < n:
            if isinstance(button, bool) or not isinstance(button, (int, np.integer)) or not 0 <= button < n:
                raise ConfigError(f"button must be a seat 0..{n - 1}, got {button!r}")
            button = int(button)
        out = set()
        for s in sitting_out:
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s < n:
                raise ConfigError(f"sitting_out holds seats 0..{n - 1}, got {s!r}")
            out.add(int(s))
        dealt = tuple(st > 0 and i not in out for i, st in enumerate(stacks)) if out else \
            tuple(st > 0 for st in stacks)
        if not dealt[button]:
            raise ConfigError(f"the button seat {button} is not dealt in (no chips or sitting out)")
        order = tuple(j for j in ((button + 1 + k) % n for k in range(n)) if dealt[j])
        if len(order) < 2:
            raise ConfigError(f"a hand needs two seats with chips; stacks {stacks}")
        if deck is None:
            rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
            self._deck: list[int] = rng.permutation(DECK_SIZE).tolist()
        else:
            self._deck = _stack_deck(deck)
        self._cfg = config
        self._public_cfg = config.public()
        self._limit = config.betting == FIXED_LIMIT
        self._omaha = config.is_omaha
        self._n = n
        self._button = button
        self._hand_number = hand_number
        self._start = tuple(stacks)
        self._stacks = stacks
        self._dealt = dealt
        self._live = list(dealt)
        self._order = order
        self._place = {seat: k for k, seat in enumerate(order)}
        self._bets = [0] * n
        self._committed = [0] * n
        self._holes: list[tuple[int, ...]] = [()] * n
        self._board: list[int] = []
        self._events: list[Event] = []
        self._log: list[tuple[Any, ...]] = []
        self._payouts: tuple[int, ...] | None = None
        self._revealed: dict[int, tuple[int, ...]] = {}
        self._mucked: list[int] = []
        self._ranks: dict[int, int] = {}
        self._all_shown = False
        self._aggressor: int | None = None
        self._dead = 0
        self._post_forced_bets()
        h = config.hole_cards or 2
        pos = 0
        for i in order:
            self._holes[i] = tuple(self._deck[pos:pos + h])
            pos += h
            self._log.append(("deal", i, self._holes[i]))
        self._pos = pos
        self._begin_round(0)

    # ------------------------------------------------------------------ asking
    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now, with the "to" amounts allowed (empty when the hand is over).

        Facing no bet: check, and bet (or raise, preflop) when allowed.  Facing
        a bet: fold, call (to the bet, or all-in for less) and raise when allowed.
        """
        i = self._actor
        if i is None:
            return ()
        to_call, call_to, agg, low, high = self._options(i)
        # tuple.__new__ builds the same LegalAction values without the named tuple's Python-level __new__.
        if to_call <= 0:
            return (_CHECK, _new_tuple(LegalAction, (agg, low, high))) if agg else (_CHECK,)
        call = _new_tuple(LegalAction, (ActionKind.CALL, call_to, call_to))
        if agg:
            return (_FOLD, call, _new_tuple(LegalAction, (agg, low, high)))
        return (_FOLD, call)

    # ------------------------------------------------------------------ acting
    # Public actions verify everything first, then call an unchecked _do_*.
    def fold(self, seat: int | None = None) -> None:
        """Fold: give up the hand (only when facing a bet)."""
        self.verify_fold(seat)
        self._do_fold(self._actor)  # type: ignore[arg-type]

    def check(self, seat: int | None = None) -> None:
        """Check: pass when there is nothing to call."""
        self.verify_check(seat)
        self._do_check(self._actor)  # type: ignore[arg-type]

    def call(self, amount: int | None = None, seat: int | None = None) -> None:
        """Call the bet (all-in for less when short); ``amount``, if given, is the "to" amount."""
        to = self.verify_call(amount, seat)
        self._do_call(self._actor, to)  # type: ignore[arg-type]

    def bet(self, amount: int | None = None, seat: int | None = None) -> None:
        """Bet ``amount`` (default: the smallest bet) when nobody has bet this round."""
        to = self.verify_bet(amount, seat)
        self._do_aggress(self._actor, ActionKind.BET, to)  # type: ignore[arg-type]

    def raise_(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise to ``amount`` (default: the minimum raise): the seat's bet this round becomes ``amount``."""
        to = self.verify_raise(amount, seat)
        self._do_aggress(self._actor, ActionKind.RAISE, to)  # type: ignore[arg-type]

    def act(self, action: Action | tuple[Any, ...], seat: int | None = None) -> None:
        """Take ``action`` (an :class:`Action` or an equal ``(kind, amount)`` tuple).

        ``seat``, when given, must be the seat to act.  Only the plain values
        inside ``action`` are used (see :func:`~pokercore.holdem._actions.read_action`).
        A bet or raise needs its "to" amount; a call may give 0.

        Raises
        ------
        IllegalActionError
            The action is not legal now; nothing changed.
        """
        i = self._actor
        if i is None:
            raise IllegalActionError("the hand is over: no more actions")
        kind, amount = read_action(action, f"seat {i}", i)
        if kind == "fold" or kind == "check":
            if amount:
                raise IllegalActionError(f"seat {i}: {kind} moves no chips, got amount {amount}", seat=i)
            self.fold(seat) if kind == "fold" else self.check(seat)
        elif kind == "call":
            self.call(amount, seat)
        else:
            if not amount:
                self._turn(seat, kind)
                opt = next((a for a in self.legal_actions() if a.kind == kind), None)
                hint = f": {opt}" if opt is not None else ""
                raise IllegalActionError(f"seat {i}: say how much to {kind} to{hint}", seat=i)
            self.bet(amount, seat) if kind == "bet" else self.raise_(amount, seat)

    def _apply_legal(self, kind: str, to: int) -> None:
        """Play ``kind`` to ``to`` for the seat to act, unchecked.

        Only for callers inside pokercore that took ``kind`` and ``to`` from
        :meth:`legal_actions` of this very state (the environments, whose
        action mask offers nothing else); everyone else goes through
        :meth:`act` and its checks.
        """
        i: int = self._actor  # type: ignore[assignment]
        if kind == "call":
            self._do_call(i, to)
        elif kind == "check":
            self._do_check(i)
        elif kind == "fold":
            self._do_fold(i)
        else:
            self._do_aggress(i, kind, to)

    def _record(self, i: int, kind: str, chips: int) -> None:
        to = self._bets[i]
        # tuple.__new__ builds the same Event without the named tuple's Python-level __new__ (a hot path).
        self._events.append(_new_tuple(Event, (STREET_NAMES[self._street], i, kind, chips, to, self._stacks[i] == 0)))
        self._log.append(("act", i, kind, to, chips))

    def _do_fold(self, i: int) -> None:
        live = self._live
        live[i] = False
        self._acted[i] = True
        self._record(i, ActionKind.FOLD, 0)
        if live.count(True) == 1:
            self._end_round()
        else:
            self._advance(i)

    def _do_check(self, i: int) -> None:
        self._acted[i] = True
        self._level_at[i] = self._current
        self._record(i, ActionKind.CHECK, 0)
        self._advance(i)

    def _put(self, i: int, to: int) -> int:
        chips = to - self._bets[i]
        self._stacks[i] -= chips
        self._bets[i] = to
        self._committed[i] += chips
        self._acted[i] = True
        return chips

    def _do_call(self, i: int, to: int) -> None:
        chips = self._put(i, to)
        self._level_at[i] = self._current
        self._record(i, ActionKind.CALL, chips)
        self._advance(i)

    def _do_aggress(self, i: int, kind: str, to: int) -> None:
        self._register_aggression(i, to)
        chips = self._put(i, to)
        self._current = to
        self._level_at[i] = to
        self._aggressor = i
        self._record(i, kind, chips)
        self._advance(i)

    # ------------------------------------------------------------------ seeing
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see now: see :class:`~pokercore.holdem._observation.Observation`."""
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self._n:
            raise IllegalActionError(f"no seat {seat!r} at this table (seats 0..{self._n - 1})")
        seat = int(seat)
        return self._observe(seat, self.legal_actions() if seat == self._actor else ())

    def _observe(self, seat: int, legal: tuple[LegalAction, ...]) -> Observation:
        revealed = self._revealed
        return _new_tuple(Observation, (
            seat, self._public_cfg, self._hand_number, self._button, STREET_NAMES[self._street], self._actor,
            self._holes[seat], tuple(self._board), tuple(self._stacks), tuple(self._bets),
            tuple(self._committed), self._dealt, tuple(self._live), self._order, self._sb, self._bb,
            self._current, max(0, self._current - self._bets[seat]), self._size, self._dead,
            tuple(self._events), dict(revealed) if revealed else {}, tuple(self._mucked), self._payouts, legal,
        ))

    def play(self, agents: Sequence[Callable[[Observation], Any]]) -> None:
        """Play the hand to its end, asking ``agents[seat](observation)`` for each decision.

        An answer is read into plain values (its own ``__eq__``, ``__iter__``
        or attributes never run) and verified like :meth:`act`.  An answer
        that is not legal raises :class:`IllegalActionError` naming the seat
        (its ``seat`` attribute) and what the agent returned; the state is left
        as it was before that decision.
        """
        if len(agents) != self._n:
            raise HoldemError(f"{len(agents)} agents for {self._n} seats: give one agent per seat")
        observe = self._observe
        while self._actor is not None:
            i = self._actor
            legal = self.legal_actions()
            action = agents[i](observe(i, legal))
            if type(action) is Action:
                # Fast path: an exact Action of exact str/int values, checked against the offered ranges.
                kind, amount = action
                if (type(kind) is ActionKind or type(kind) is str) and type(amount) is int:
                    for own in legal:
                        if own[0] == kind:
                            low, high = own[1], own[2]
                            if kind == "fold" or kind == "check":
                                if amount == 0:
                                    self._do_fold(i) if kind == "fold" else self._do_check(i)
                                    break
                            elif kind == "call":
                                if amount == 0 or amount == low:
                                    self._do_call(i, low)
                                    break
                            elif low <= amount <= high:
                                self._do_aggress(i, own[0], amount)
                                break
                    else:
                        self._answer(i, action)
                    continue
            self._answer(i, action)

    def _answer(self, i: int, action: object) -> None:
        """Apply an agent's answer that did not pass the fast path: read, verify, act."""
        try:
            self.act(action, i)  # type: ignore[arg-type]  # any answer: read_action checks it
        except IllegalActionError as exc:
            raise IllegalActionError(f"{exc} (the agent of seat {i} returned {describe(action)})", seat=i) from None

