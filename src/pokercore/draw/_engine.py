"""The state machine of one five-card draw hand.

:class:`DrawState` runs a single hand: it posts the antes and deals at
construction, then waits for player decisions until the hand is over; the
draw's replacement cards, the showdown and paying the pots happen by
themselves.  Every action comes as a triplet, as in pokerkit:
``can_x(...)`` -> bool, ``verify_x(...)`` raises
:class:`~pokercore.draw.IllegalActionError` naming the reason, and ``x(...)``
does it.  Everything is checked before anything changes, so a rejected action
leaves the state exactly as it was.

Examples
--------
A scripted heads-up hand with a stacked deck (seat 1 is left of the button,
so it is dealt first and acts first):

>>> from pokercore.draw import DrawConfig, DrawState
>>> cfg = DrawConfig(players=2, ante=1, small_bet=2, starting_stacks=20)
>>> s = DrawState(cfg, button=0, deck="Ah Ad 7c 5s 2d  Kc Kd 9h 8h 3s  Ac 4h 6d  Qs 8c 7s")
>>> s.actor, s.street, s.legal_actions()
(1, 'bet1', (Action(kind='check', amount=0, cards=()), Action(kind='bet', amount=2, cards=())))
>>> s.bet(); s.call()
>>> s.draw("7c 5s 2d"); s.draw("9h 8h 3s")
>>> s.format_hand(1), s.format_hand(0)
('Ah Ad Ac 4h 6d', 'Kc Kd Qs 8c 7s')
>>> s.bet(); s.raise_(); s.call()
>>> s.is_over, s.payouts, s.stacks
(True, (0, 22), (9, 31))
>>> s.check()
Traceback (most recent call last):
...
pokercore.draw._errors.IllegalActionError: the hand is over: no more actions
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import evaluate5
from ..cards import format_cards, parse_cards
from ..pots import build_pots, split_pot
from ._actions import CHECK, FOLD, Action, DrawChoices, Event, describe, read_action
from ._checks import ActionChecks
from ._config import DECK_SIZE, HAND_SIZE, MAX_DISCARD, DrawConfig
from ._errors import ConfigError, DrawError, IllegalActionError
from ._observation import Observation
from ._street import Street
from ._view import StateView

__all__ = ["DrawState"]

BET1, DRAW, BET2, OVER = Street.BET1, Street.DRAW, Street.BET2, Street.OVER

_SeedLike = int | np.random.Generator | None
_ACTIONS: dict[tuple[str, int], Action] = {}
_new_tuple = tuple.__new__


def _action(kind: str, amount: int) -> Action:
    a = _ACTIONS.get((kind, amount))
    if a is None:
        a = _ACTIONS[(kind, amount)] = Action(kind, amount)
    return a


def _stack_deck(deck: str | Sequence[int]) -> list[int]:
    """Cards in dealing order, completed with the unused cards in code order."""
    cards = parse_cards(deck, allow_duplicates=True) if isinstance(deck, str) else [int(c) for c in deck]
    seen: set[int] = set()
    for c in cards:
        if not 0 <= c < DECK_SIZE:
            raise ConfigError(f"deck: card code {c} is out of range 0..51")
        if c in seen:
            raise ConfigError(f"deck: card {format_cards([c])} appears twice")
        seen.add(c)
    return cards + [c for c in range(DECK_SIZE) if c not in seen]


class DrawState(StateView, ActionChecks):
    """One hand of fixed-limit five-card draw.

    Parameters
    ----------
    config : DrawConfig
        The rules (ante, bets, raise cap, all-in mode, number of seats).
    stacks : sequence of int, optional
        Chips of each seat before the ante; default ``config.stacks``.  Seats
        that cannot play (see :meth:`DrawConfig.can_play`) sit the hand out.
    button : int, default 0
        The button seat.  Dealing, both betting rounds and the draw start
        with the first playing seat to its left (seat ``button + 1``, ...).
    deck : str or sequence of int, optional
        Cards in the order they are dealt (five per seat from the left of
        the button, then each draw's replacements in turn); missing cards
        follow in code order.  Default: a shuffle from ``seed``.
    seed : int or numpy Generator, optional
        Seed of the shuffle when ``deck`` is not given.
    hand_number : int, default 1
        Number of this hand in its game (informational).

    Raises
    ------
    ConfigError
        Fewer than two seats can play, or the stacks, button or deck are invalid.
    """

    __slots__ = (
        "_acted",
        "_actor",
        "_aggressor",
        "_bets",
        "_button",
        "_cfg",
        "_committed",
        "_count",
        "_current",
        "_dealt",
        "_deck",
        "_drawn",
        "_events",
        "_hand_number",
        "_hands",
        "_live",
        "_log",
        "_n",
        "_order",
        "_payouts",
        "_place",
        "_pos",
        "_public_cfg",
        "_ranks",
        "_reopen",
        "_revealed",
        "_size",
        "_stacks",
        "_start",
        "_street",
    )

    def __init__(
        self,
        config: DrawConfig,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        *,
        deck: str | Sequence[int] | None = None,
        seed: _SeedLike = None,
        hand_number: int = 1,
    ) -> None:
        if not isinstance(config, DrawConfig):
            raise ConfigError(f"config must be a DrawConfig, got {type(config).__name__}")
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
        dealt = [config.can_play(st) for st in stacks]
        order = [(button + 1 + k) % n for k in range(n)]
        order = [i for i in order if dealt[i]]
        if len(order) < 2:
            raise ConfigError(f"a hand needs two seats that can play; stacks {stacks} and ante {config.ante}")
        if deck is None:
            rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
            self._deck: list[int] = rng.permutation(DECK_SIZE).tolist()
        else:
            self._deck = _stack_deck(deck)
        self._cfg = config
        self._public_cfg = config.public()
        self._n = n
        self._button = button
        self._hand_number = hand_number
        self._start = tuple(stacks)
        self._stacks = stacks
        self._dealt = tuple(dealt)
        self._live = list(dealt)
        self._order = tuple(order)
        self._place = {seat: k for k, seat in enumerate(order)}
        self._committed = [0] * n
        self._bets = [0] * n
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._drawn: list[int | None] = [None] * n
        self._events: list[Event] = []
        self._log: list[tuple[Any, ...]] = []
        self._payouts: tuple[int, ...] | None = None
        self._revealed: dict[int, tuple[int, ...]] = {}
        self._ranks: dict[int, int] = {}
        self._aggressor: int | None = None
        ante = config.ante
        for i in order:
            a = ante if ante < stacks[i] else stacks[i]
            stacks[i] -= a
            self._committed[i] = a
            self._events.append(_new_tuple(Event, (Street.ANTE, i, "ante", a, 0)))
        pos = 0
        for i in order:
            self._hands[i] = self._deck[pos:pos + HAND_SIZE]
            pos += HAND_SIZE
            self._log.append(("deal", i, tuple(self._hands[i])))
        self._pos = pos
        self._begin_betting(BET1)

    # ------------------------------------------------------------------ flow
    def _begin_betting(self, street: Street) -> None:
        n = self._n
        self._street = street
        self._size = self._cfg.bet_size(street)
        self._bets = [0] * n
        self._current = 0
        self._count = 0
        self._acted = [False] * n
        self._reopen = [True] * n
        self._aggressor = None
        live, stacks = self._live, self._stacks
        able = [i for i in self._order if live[i] and stacks[i] > 0]
        if len(able) < 2:
            self._end_betting()
        else:
            self._actor = able[0]

    def _end_betting(self) -> None:
        if self._street == BET1:
            self._street = DRAW
            self._actor = next(i for i in self._order if self._live[i])
        else:
            self._showdown()

    def _next_betting_actor(self, seat: int) -> None:
        order, live, stacks, bets, acted = self._order, self._live, self._stacks, self._bets, self._acted
        current = self._current
        k = self._place[seat]
        m = len(order)
        for step in range(1, m):
            j = order[(k + step) % m]
            if live[j] and stacks[j] > 0 and (not acted[j] or bets[j] < current):
                self._actor = j
                return
        self._end_betting()

    def _options(self, i: int) -> tuple[int, int, str | None, int]:
        """(to_call, call amount or -1, aggressive kind or None, its amount) for seat ``i``."""
        stacks = self._stacks
        s = stacks[i]
        to_call = self._current - self._bets[i]
        size = self._size
        all_in = self._cfg.all_in
        call = -1
        if to_call > 0 and (all_in or s >= to_call):
            call = to_call if to_call < s else s
        agg: str | None = None
        agg_amount = 0
        need = to_call + size
        if (
            self._count < self._cfg.max_bets
            and self._reopen[i]
            and s > to_call
            and (all_in or s >= need)
        ):
            live = self._live
            for j in self._order:
                if j != i and live[j] and stacks[j] > 0:
                    agg = "bet" if self._current == 0 else "raise"
                    agg_amount = need if need < s else s
                    break
        return to_call, call, agg, agg_amount

    def legal_actions(self) -> Sequence[Action]:
        """The actions the seat to act may take now (empty when the hand is over).

        Betting rounds give a tuple of :class:`Action` with exact amounts; the
        draw gives a lazy :class:`~pokercore.draw.DrawChoices` of all 26
        ways to discard 0-3 of the actor's cards.
        """
        i = self._actor
        if i is None:
            return ()
        if self._street == DRAW:
            return DrawChoices(self._hands[i])
        to_call, call, agg, agg_amount = self._options(i)
        if to_call == 0:
            return (CHECK, _action(agg, agg_amount)) if agg else (CHECK,)
        out: tuple[Action, ...] = (FOLD,)
        if call >= 0:
            out += (_action("call", call),)
        if agg:
            out += (_action(agg, agg_amount),)
        return out

    # ------------------------------------------------------------------ acting
    # Public actions verify everything first, then call an unchecked _do_*.
    def _verified_actor(self) -> int:
        """The seat to act once a ``verify_*`` has passed (they refuse every action when the hand is over)."""
        i = self._actor
        if i is None:
            raise IllegalActionError("the hand is over: no more actions")
        return i

    def fold(self, seat: int | None = None) -> None:
        """Fold: give up the hand (only when facing a bet)."""
        self.verify_fold(seat)
        self._do_fold(self._verified_actor())

    def check(self, seat: int | None = None) -> None:
        """Check: pass when there is no bet to call."""
        self.verify_check(seat)
        self._do_check(self._verified_actor())

    def call(self, amount: int | None = None, seat: int | None = None) -> None:
        """Call the open bet (all-in for less when all-in mode allows it)."""
        amount = self.verify_call(amount, seat)
        self._do_call(self._verified_actor(), amount)

    def bet(self, amount: int | None = None, seat: int | None = None) -> None:
        """Bet the fixed amount of this betting round (no bet may be open)."""
        amount = self.verify_bet(amount, seat)
        self._do_aggress(self._verified_actor(), "bet", amount)

    def raise_(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise by the fixed amount; ``amount`` (optional) is the chips put in, call included."""
        amount = self.verify_raise(amount, seat)
        self._do_aggress(self._verified_actor(), "raise", amount)

    def draw(self, cards: str | Sequence[int] = (), seat: int | None = None) -> None:
        """Discard ``cards`` (0-3 of the actor's own) and take as many from the deck."""
        codes = self.verify_draw(cards, seat)
        self._do_draw(self._verified_actor(), codes)

    def act(self, action: Action | tuple[Any, ...], seat: int | None = None) -> None:
        """Take ``action`` (an :class:`Action` or an equal ``(kind, amount, cards)`` tuple).

        ``seat``, when given, must be the seat to act.  Only the plain values
        inside ``action`` are used (see :func:`~pokercore.draw._actions.read_action`).

        Raises
        ------
        IllegalActionError
            The action is not legal now; nothing changed.
        """
        self._act(action, seat)

    def _act(self, action: object, seat: int | None) -> None:
        """:meth:`act` for any object (an agent's answer): :func:`read_action` judges it."""
        i = self._actor
        if i is None:
            raise IllegalActionError("the hand is over: no more actions")
        kind, amount, cards = read_action(action, f"seat {i}", i)
        if kind == "draw":
            if amount:
                raise IllegalActionError(f"seat {i}: a draw moves no chips, got amount {amount}", seat=i)
            self.draw(cards, seat)
            return
        if cards:
            raise IllegalActionError(
                f"seat {i}: only a draw takes cards, got {kind!r} with cards {describe(cards)}", seat=i
            )
        if kind == "call":
            self.call(amount, seat)
        elif kind == "check" or kind == "fold":
            if amount:
                raise IllegalActionError(f"seat {i}: {kind} moves no chips, got amount {amount}", seat=i)
            self.check(seat) if kind == "check" else self.fold(seat)
        elif kind == "bet":
            self.bet(amount, seat)
        else:
            self.raise_(amount, seat)

    def _apply_legal(self, action: Action) -> None:
        """Play ``action`` for the seat to act, unchecked.

        Only for callers inside pokercore whose ``action`` is one of
        :meth:`legal_actions` of this very state, or a draw of 0-3 distinct
        cards of the actor's hand (the environments, whose action mask offers
        nothing else); everyone else goes through :meth:`act` and its checks.
        """
        i: int = self._actor  # type: ignore[assignment]
        kind = action[0]
        if kind == "draw":
            self._do_draw(i, action[2])
        elif kind == "check":
            self._do_check(i)
        elif kind == "call":
            self._do_call(i, action[1])
        elif kind == "fold":
            self._do_fold(i)
        else:
            self._do_aggress(i, kind, action[1])

    def _do_fold(self, i: int) -> None:
        self._live[i] = False
        self._acted[i] = True
        self._reopen[i] = False
        self._events.append(_new_tuple(Event, (self._street, i, "fold", 0, 0)))
        self._log.append((i, "fold", 0))
        if self._live.count(True) == 1:
            self._win_by_folds()
        else:
            self._next_betting_actor(i)

    def _do_check(self, i: int) -> None:
        self._acted[i] = True
        self._reopen[i] = False
        self._events.append(_new_tuple(Event, (self._street, i, "check", 0, 0)))
        self._log.append((i, "check", 0))
        self._next_betting_actor(i)

    def _put(self, i: int, kind: str, amount: int) -> None:
        self._stacks[i] -= amount
        self._bets[i] += amount
        self._committed[i] += amount
        self._acted[i] = True
        self._reopen[i] = False
        self._events.append(_new_tuple(Event, (self._street, i, kind, amount, 0)))
        self._log.append((i, kind, amount))

    def _do_call(self, i: int, amount: int) -> None:
        self._put(i, "call", amount)
        self._next_betting_actor(i)

    def _do_aggress(self, i: int, kind: str, amount: int) -> None:
        level = self._bets[i] + amount
        full = level - self._current >= self._size
        self._put(i, kind, amount)
        self._current = level
        self._aggressor = i
        if full:  # a full bet or raise reopens the betting; a short all-in does not
            self._count += 1
            reopen = self._reopen
            for j in range(self._n):
                if j != i:
                    reopen[j] = True
        self._next_betting_actor(i)

    def _do_draw(self, i: int, codes: tuple[int, ...]) -> None:
        hand = self._hands[i]
        pos = self._pos
        k = len(codes)
        new = self._deck[pos:pos + k]
        for old, c in zip(codes, new):
            hand[hand.index(old)] = c
        self._pos = pos + k
        self._drawn[i] = k
        self._events.append(_new_tuple(Event, (DRAW, i, "draw", 0, k)))
        self._log.append((i, "draw", codes, tuple(new)))
        live = self._live
        for j in self._order[self._place[i] + 1:]:
            if live[j]:
                self._actor = j
                return
        self._begin_betting(BET2)

    # ------------------------------------------------------------------ ending
    def _finish(self, payouts: list[int]) -> None:
        stacks = self._stacks
        for i, won in enumerate(payouts):
            stacks[i] += won
        self._payouts = tuple(payouts)
        self._street = OVER
        self._actor = None

    def _win_by_folds(self) -> None:
        winner = self._live.index(True)
        payouts = [0] * self._n
        payouts[winner] = sum(self._committed)
        self._log.append(("win", winner, payouts[winner]))
        self._finish(payouts)

    def _showdown(self) -> None:
        n, live, hands = self._n, self._live, self._hands
        ranks = {i: evaluate5(hands[i]) for i in self._order if live[i]}
        self._ranks = ranks
        payouts = [0] * n
        won: set[int] = set()
        for amount, eligible in build_pots(self._committed, [not x for x in live]):
            best = max(ranks[i] for i in eligible)
            winners = [i for i in eligible if ranks[i] == best]
            won.update(winners)
            for i, chips in split_pot(amount, winners, self._button, n).items():
                payouts[i] += chips
        # Showing: the last bettor of the final round first, else the first
        # seat left of the button; a hand is shown if it is the first, is at
        # least as good as every hand shown before, or wins a pot; else mucked.
        order = [i for i in self._order if live[i]]
        first = self._aggressor if self._aggressor is not None and live[self._aggressor] else order[0]
        k = order.index(first)
        best_shown = -1
        for i in order[k:] + order[:k]:
            if best_shown < 0 or ranks[i] >= best_shown or i in won:
                self._revealed[i] = tuple(hands[i])
                best_shown = max(best_shown, ranks[i])
                self._log.append(("show", i, tuple(hands[i])))
            else:
                self._log.append(("muck", i))
        for i in range(n):
            if payouts[i]:
                self._log.append(("win", i, payouts[i]))
        self._finish(payouts)

    # ------------------------------------------------------------------ seeing
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see now: see :class:`~pokercore.draw.Observation`."""
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self._n:
            raise IllegalActionError(f"no seat {seat!r} at this table (seats 0..{self._n - 1})")
        seat = int(seat)
        return self._observe(seat, self.legal_actions() if seat == self._actor else ())

    def _observe(self, seat: int, legal: Sequence[Action]) -> Observation:
        street = self._street
        revealed = self._revealed
        return _new_tuple(Observation, (
            seat, self._public_cfg, self._hand_number, self._button, street, self._actor,
            tuple(self._hands[seat]), tuple(self._stacks), tuple(self._bets), tuple(self._committed),
            self._dealt, tuple(self._live), self._current, self._current - self._bets[seat],
            self._size, self._cfg.max_bets - self._count if street == BET1 or street == BET2 else 0,
            tuple(self._events), tuple(self._drawn), dict(revealed) if revealed else {},
            self._payouts, legal,
        ))

    def play(self, agents: Sequence[Callable[[Observation], Any]]) -> None:
        """Play the hand to its end, asking ``agents[seat](observation)`` for each decision.

        Only the engine's own actions are applied: an answer that is one of
        the offered ``legal_actions`` objects is taken as it is; anything
        else is read into plain values and verified like :meth:`act` (the
        answer's own ``__eq__`` or attributes are never trusted).  An answer
        that is not legal raises :class:`IllegalActionError` naming the seat
        (its ``seat`` attribute) and what the agent returned; the state is
        left as it was before that decision.
        """
        if len(agents) != self._n:
            raise DrawError(f"{len(agents)} agents for {self._n} seats: give one agent per seat")
        observe = self._observe
        while self._actor is not None:
            i = self._actor
            legal = self.legal_actions()
            action = agents[i](observe(i, legal))
            if type(action) is Action and self._street != DRAW:
                # Fast path: one of the offered action objects themselves (compared
                # by identity, so no foreign __eq__ runs); its amount is the engine's.
                for own in legal:
                    if own is action:
                        kind = own[0]
                        if kind == "check":
                            self._do_check(i)
                        elif kind == "call":
                            self._do_call(i, own[1])
                        elif kind == "fold":
                            self._do_fold(i)
                        else:
                            self._do_aggress(i, kind, own[1])
                        break
                else:
                    self._answer(i, action)
            elif type(action) is Action and self._drawable(i, action):
                self._do_draw(i, action[2])
            else:
                self._answer(i, action)

    def _drawable(self, i: int, action: Action) -> bool:
        """Fast check of a draw made of exact built-in values (anything else goes through :meth:`act`)."""
        kind, amount, cards = action
        if type(kind) is not str or kind != "draw" or type(amount) is not int or amount != 0:
            return False
        if type(cards) is not tuple or len(cards) > MAX_DISCARD:
            return False
        hand = self._hands[i]
        return all(type(c) is int and c in hand for c in cards) and len(set(cards)) == len(cards)

    def _answer(self, i: int, action: object) -> None:
        """Apply an agent's answer that is not an offered object: read, verify, act."""
        try:
            self._act(action, i)
        except IllegalActionError as exc:
            raise IllegalActionError(f"{exc} (the agent of seat {i} returned {describe(action)})", seat=i) from None
