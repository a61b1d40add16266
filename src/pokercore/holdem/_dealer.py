"""The course of a hand: forced bets, betting rounds, the board, run-outs, the showdown and the payouts.

:class:`Dealer` is the mixin of :class:`~pokercore.holdem._engine.HoldemState`
holding the dealer's work that follows each action: it posts the antes,
blinds and straddles, finds who acts next (with
:class:`~pokercore.holdem._betting.BettingRules`), ends a betting round
(returning an uncalled bet), deals the next street or runs the board out when
everyone is all-in, shows the hands in order and pays the pots.

>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=3)
>>> s.fold(); s.fold()             # the big blind wins; its uncalled chip comes back first
>>> [(e.seat, e.kind, e.chips) for e in s.events if e.kind == "return"], s.payouts
([(2, 'return', 1)], (0, 0, 2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._actions import Event
from ._config import STREET_NAMES, Street
from ._showdown import award, choose_reveals, hand_pots, rank_hands, showdown_order

if TYPE_CHECKING:
    from ._config import HoldemConfig

__all__ = ["Dealer"]

_OVER = 4
_new_tuple = tuple.__new__


class Dealer:
    """Forced bets, rounds, streets, showdown and payouts (the state's own bookkeeping)."""

    if not TYPE_CHECKING:  # a slotted mixin at run time; type checkers see the attributes it sets below
        __slots__ = ()
    else:
        _cfg: HoldemConfig
        _n: int
        _button: int
        _order: tuple[int, ...]
        _place: dict[int, int]
        _stacks: list[int]
        _bets: list[int]
        _committed: list[int]
        _live: list[bool]
        _holes: list[tuple[int, ...]]
        _board: list[int]
        _deck: list[int]
        _pos: int
        _events: list[Event]
        _log: list[tuple[Any, ...]]
        _limit: bool
        _omaha: bool
        _street: int
        _actor: int | None
        _sb: int
        _bb: int
        _dead: int
        _forced: tuple[int, ...]
        _first: int
        _current: int
        _min_bet: int
        _size: int
        _acted: list[bool]
        _level_at: list[int]
        _raise_size: int
        _count: int
        _capped: bool
        _aggressor: int | None
        _payouts: tuple[int, ...] | None
        _revealed: dict[int, tuple[int, ...]]
        _mucked: list[int]
        _ranks: dict[int, int]
        _all_shown: bool

    if TYPE_CHECKING:
        def _first_to_act(self, start: int) -> int | None: ...
        def _needs_action(self, j: int) -> bool: ...
        def _contenders(self) -> int: ...

    # ------------------------------------------------------------------ setup
    def _post(self, i: int, kind: str, chips: int, bet: bool) -> None:
        self._stacks[i] -= chips
        self._committed[i] += chips
        if bet:
            self._bets[i] += chips
        self._events.append(_new_tuple(Event, (Street.PREFLOP, i, kind, chips, self._bets[i], self._stacks[i] == 0)))
        self._log.append(("post", i, kind, chips))

    def _post_forced_bets(self) -> None:
        cfg, order, stacks = self._cfg, self._order, self._stacks
        m = len(order)
        if cfg.ante and cfg.ante_mode == "each":
            for i in order:
                self._post(i, "ante", min(cfg.ante, stacks[i]), False)
        sb, bb = (order[1], order[0]) if m == 2 else (order[0], order[1])
        self._sb, self._bb = sb, bb
        self._post(sb, "small blind", min(cfg.small_blind, stacks[sb]), True)
        self._post(bb, "big blind", min(cfg.big_blind, stacks[bb]), True)
        if cfg.ante and cfg.ante_mode == "big-blind":  # the blind first, then the ante for the table
            self._dead = min(cfg.ante, stacks[bb])
            self._post(bb, "ante", self._dead, False)
        forced = [self._bets[sb], self._bets[bb]]
        level = cfg.big_blind
        if m >= 3:
            for k, amount in enumerate(cfg.straddles[: m - 2]):
                seat = order[2 + k]
                if stacks[seat] < amount:  # a straddle is posted in full or not at all
                    break
                self._post(seat, "straddle", amount, True)
                forced.append(amount)
                level = amount
        self._forced = tuple(forced)
        self._first = len(forced) % m if m > 2 else 1  # preflop: left of the last blind or straddle
        self._current = level
        self._min_bet = int(cfg.small_bet) if self._limit else max(int(cfg.min_bet), level)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ flow
    def _begin_round(self, street: int) -> None:
        n = self._n
        self._street = street
        if street:
            self._bets = [0] * n
            self._current = 0
        self._acted = [False] * n
        self._level_at = [0] * n
        self._raise_size = 0
        self._aggressor = None
        if self._limit:
            cfg = self._cfg  # its bet_size(street), without the argument check (street is 0..3 here)
            self._size = int(cfg.small_bet if street < 2 else cfg.big_bet)  # type: ignore[arg-type]
            self._count = 1 if street == 0 else 0
        else:
            self._size = self._min_bet
            self._count = 0
        self._capped = False
        actor = self._first_to_act(self._first if street == 0 else 0)
        self._actor = actor
        if actor is None:
            self._end_round()

    def _advance(self, i: int) -> None:
        order = self._order
        m = len(order)
        k = self._place[i]
        needs = self._needs_action
        for step in range(1, m):
            j = order[(k + step) % m]
            if needs(j):
                self._actor = j
                return
        self._end_round()

    def _deal_board(self) -> None:
        k = 3 if self._street == 1 else 1
        cards = self._deck[self._pos:self._pos + k]
        self._pos += k
        self._board.extend(cards)
        self._log.append(("board", self._street, tuple(cards)))

    def _end_round(self) -> None:
        self._actor = None
        bets, n = self._bets, self._n
        top = 0
        for j in range(1, n):
            if bets[j] > bets[top]:
                top = j
        high = bets[top]
        second = max(bets[:top] + bets[top + 1:])
        if high > second:  # an uncalled bet goes back to its owner
            excess = bets[top] - second
            self._stacks[top] += excess
            bets[top] -= excess
            self._committed[top] -= excess
            street = STREET_NAMES[self._street]
            self._events.append(_new_tuple(Event, (street, top, "return", excess, bets[top], False)))
            self._log.append(("return", top, excess))
        if self._live.count(True) == 1:
            self._win_by_folds()
        elif self._street == 3:
            self._showdown()
        elif self._contenders() <= 1:  # everyone (but one) all-in: show the hands, run the board out
            self._reveal(self._showdown_seats(), show_all=True)
            while self._street < 3:
                self._street += 1
                self._deal_board()
            self._showdown()
        else:
            self._street += 1
            self._deal_board()
            self._begin_round(self._street)

    # ------------------------------------------------------------------ ending
    def _finish(self, payouts: list[int]) -> None:
        for i, won in enumerate(payouts):
            self._stacks[i] += won
            if won:
                self._log.append(("win", i, won))
        self._payouts = tuple(payouts)
        self._street = _OVER
        self._actor = None

    def _win_by_folds(self) -> None:
        payouts = [0] * self._n
        payouts[self._live.index(True)] = sum(self._committed)
        self._finish(payouts)

    def _showdown_seats(self) -> list[int]:
        return showdown_order(self._order, self._live, self._aggressor)

    def _reveal(self, in_order: list[int], show_all: bool) -> None:
        if self._all_shown:
            return
        holes = self._holes
        if show_all:
            shown = in_order
        else:
            self._ranks = rank_hands({i: holes[i] for i in in_order}, self._board, self._omaha)
            shown, _ = choose_reveals(in_order, self._ranks, False)
        shown_set = set(shown)
        for seat in in_order:
            if seat in shown_set:
                self._revealed[seat] = holes[seat]
                self._log.append(("show", seat, holes[seat]))
            else:
                self._mucked.append(seat)
                self._log.append(("muck", seat))
        self._all_shown = show_all

    def _showdown(self) -> None:
        seats = self._showdown_seats()
        if not self._all_shown:
            live, stacks = self._live, self._stacks
            self._reveal(seats, show_all=any(live[i] and stacks[i] == 0 for i in seats))
        holes = self._holes
        self._ranks = ranks = rank_hands({i: holes[i] for i in seats}, self._board, self._omaha)
        pots = hand_pots(self._committed, [not x for x in self._live], self._dead, self._bb)
        self._finish(award(pots, ranks, self._button, self._n))
