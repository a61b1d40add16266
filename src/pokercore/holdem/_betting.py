"""The betting rules: who acts next, the smallest and largest bet or raise, when an all-in reopens the betting.

The rules are the ones card rooms and tournament directors apply (see
``docs/holdem_game.md`` for each with a worked example):

* **Minimum bet and raise** (no-limit, pot-limit): a bet is at least the
  minimum bet (the big blind, or a posted straddle); a raise adds at least the
  size of the last full bet or raise of the round.  A player may always go
  all-in for less.
* **Short all-ins** do not reopen the betting: in no-limit and pot-limit a
  player who already acted may raise again only if, since that action, the
  bet grew by at least a full raise (the full-bet rule); in fixed limit, by
  at least half a bet (the half-bet rule: Poker TDA rule 47-B, "In limit, at
  least 50% of a full bet or raise is required to re-open betting for
  players who have already acted").  Several short all-ins add up.
* **Fixed limit**: every bet and raise adds one bet of the street's size to
  the current bet (all-in for less allowed), after a short all-in too; a
  round allows a bet and ``raise_cap`` raises, every bet or raise counting,
  an all-in for less too (the big blind is the bet preflop).
* **Pot limit**: the largest raise is to the current bet plus the pot after
  calling.
* Nobody may bet or raise when no opponent could put in more chips.

:class:`BettingRules` is a mixin of :class:`~pokercore.holdem._engine.HoldemState`
that only reads the state; the small functions below state the arithmetic.

Examples
--------
No-limit, a bet of 100 then a raise to 300 (a raise of 200): the next raise
goes to at least 500.

>>> min_raise_to(current=300, last_full_raise=200, min_bet=100)
500

Pot limit, pot of 150 with a bet of 50 to call: the call makes the pot 200, so
the largest raise is to 50 + 200 = 250.

>>> pot_limit_max_to(current=50, own_bet=0, pot=150)
250
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._actions import ActionKind
from ._config import FIXED_LIMIT, POT_LIMIT

if TYPE_CHECKING:
    from ._config import HoldemConfig

__all__ = ["BettingRules", "limit_raise_to", "limit_reopens", "min_raise_to", "pot_limit_max_to", "reopens"]


def min_raise_to(current: int, last_full_raise: int, min_bet: int) -> int:
    """Smallest "to" amount of a no-limit or pot-limit bet or raise (before capping at the stack).

    A bet (``current == 0``) is at least ``min_bet``; a raise adds at least
    the last full bet or raise of the round, and never less than ``min_bet``.

    >>> min_raise_to(0, 0, 2), min_raise_to(2, 0, 2), min_raise_to(140, 100, 100)
    (2, 4, 240)
    """
    return current + max(last_full_raise, min_bet)


def pot_limit_max_to(current: int, own_bet: int, pot: int) -> int:
    """Largest "to" amount of a pot-limit bet or raise: the current bet plus the pot after calling.

    ``pot`` holds every chip in the middle, this round's bets included.

    >>> pot_limit_max_to(current=2, own_bet=0, pot=3)  # preflop, blinds 1-2, first to act
    7
    """
    return current + pot + (current - own_bet)


def limit_raise_to(current: int, bet_size: int) -> int:
    """Fixed limit: the "to" amount of the next bet or raise, one bet above the current bet.

    After an all-in for less the next raise still adds a full bet on top of
    it: bet 10 in a 10-chip round, all-in to 13, and the next raise goes to
    23; an all-in bet of 15 in a 20-chip round is raised to 35 (Robert's
    Rules of Poker's own example).

    >>> limit_raise_to(0, 10), limit_raise_to(10, 10), limit_raise_to(13, 10), limit_raise_to(15, 20)
    (10, 20, 23, 35)
    """
    return current + bet_size


def limit_reopens(current: int, level_when_acted: int, bet_size: int) -> bool:
    """Fixed limit: whether a player who already acted this round may raise again (the half-bet rule).

    It may when the bet it faces grew by at least half a bet since its own
    action (TDA rule 47-B).  River, 4-chip bets: an all-in bet of 3 after two
    checks reopens the betting for the players who checked; one of 1 does
    not.  Flop, 2-chip bets: bet 2, all-in to 3: the bettor faces half a bet
    more and may raise.  Half of an odd bet rounds up: with 5-chip bets a
    player must face 3 more.

    >>> limit_reopens(3, 0, 4), limit_reopens(1, 0, 4), limit_reopens(3, 2, 2), limit_reopens(7, 5, 5)
    (True, False, True, False)
    """
    return 2 * (current - level_when_acted) >= bet_size


def reopens(current: int, level_when_acted: int, threshold: int) -> bool:
    """No-limit and pot-limit: whether a player who already acted this round may raise again (the full-bet rule).

    ``threshold`` is the last full bet or raise (at least the minimum bet);
    fixed limit has :func:`limit_reopens`.  A bet of 100 raised to 200, then an
    all-in to 250: the first bettor faces 150 more (a full raise of 100 or
    more: may raise), the raiser 50 more (may only call).

    >>> reopens(250, 100, 100), reopens(250, 200, 100)
    (True, False)
    """
    return current - level_when_acted >= threshold


class BettingRules:
    """Who must act and what each seat may do in the current betting round."""

    if not TYPE_CHECKING:  # a slotted mixin at run time; type checkers see the attributes it sets below
        __slots__ = ()
    else:
        _cfg: HoldemConfig
        _n: int
        _order: tuple[int, ...]
        _place: dict[int, int]
        _live: list[bool]
        _stacks: list[int]
        _bets: list[int]
        _committed: list[int]
        _acted: list[bool]
        _level_at: list[int]
        _current: int
        _raise_size: int
        _min_bet: int
        _size: int
        _count: int
        _capped: bool
        _limit: bool

    def _needs_action(self, j: int) -> bool:
        """Whether seat ``j`` still has to act in this round."""
        live, stacks = self._live, self._stacks
        if not live[j] or stacks[j] == 0:
            return False
        bets = self._bets
        mine = bets[j]
        if self._acted[j] and mine >= self._current:
            return False
        # Someone to play against: an opponent with chips, or one who bet more.
        for k in self._order:
            if k != j and live[k] and (stacks[k] > 0 or bets[k] > mine):
                return True
        return False

    def _first_to_act(self, start: int) -> int | None:
        """The first seat needing action from position ``start`` of the order (inclusive)."""
        order = self._order
        m = len(order)
        for step in range(m):
            j = order[(start + step) % m]
            if self._needs_action(j):
                return j
        return None

    def _contenders(self) -> int:
        """Players still in the hand with chips behind (not all-in)."""
        live, stacks = self._live, self._stacks
        return sum(1 for j in self._order if live[j] and stacks[j] > 0)

    def _cap_reached(self) -> bool:
        if not self._limit or self._count < self._cfg.max_bets:
            return False
        return not (self._cfg.heads_up_uncapped and not self._capped and self._contenders() <= 2)

    def _why_no_raise(self, i: int) -> str | None:
        """Why seat ``i`` may not bet or raise now (``None``: it may)."""
        s = self._stacks[i]
        cur = self._current
        to_call = cur - self._bets[i]
        if s <= to_call:
            return f"its {s} chips only cover the call"
        if self._acted[i]:
            level = self._level_at[i]
            if self._limit:
                if not limit_reopens(cur, level, self._size):
                    return (f"the betting was not reopened: since it acted the bet grew by {cur - level}, "
                            f"less than half a bet of {self._size}; call or fold")
            else:
                threshold = max(self._raise_size, self._min_bet)
                if not reopens(cur, level, threshold):
                    return (f"the betting was not reopened: since it acted the bet grew by {cur - level}, "
                            f"less than a full raise ({threshold}); call or fold")
        if self._limit and self._cap_reached():
            return f"the betting is capped at {self._cfg.max_bets} bets this round"
        live, stacks, bets = self._live, self._stacks, self._bets
        for j in self._order:
            if j != i and live[j] and stacks[j] + bets[j] > cur:
                return None
        return "no opponent could call more: the others are all-in or covered"

    def _options(self, i: int) -> tuple[int, int, str | None, int, int]:
        """``(to_call, call_to, aggressive kind or None, min_to, max_to)`` for seat ``i``."""
        b = self._bets[i]
        s = self._stacks[i]
        cur = self._current
        to_call = cur - b
        call_to = (b + s if s < to_call else cur) if to_call > 0 else 0
        if self._why_no_raise(i) is not None:
            return to_call, call_to, None, 0, 0
        all_to = b + s
        if self._limit:
            min_to = limit_raise_to(cur, self._size)
        else:
            min_to = min_raise_to(cur, self._raise_size, self._min_bet)
        if min_to > all_to:
            min_to = all_to
        if self._limit:
            max_to = min_to
        elif self._cfg.betting == POT_LIMIT:
            max_to = min(all_to, max(min_to, pot_limit_max_to(cur, b, sum(self._committed))))
        else:
            max_to = all_to
        return to_call, call_to, (ActionKind.BET if cur == 0 else ActionKind.RAISE), min_to, max_to

    def _register_aggression(self, i: int, to: int) -> bool:
        """Update the round's raise size and count for a bet or raise to ``to``; True if it is a full one."""
        inc = to - self._current
        if self._limit:
            self._count += 1  # every bet and raise counts toward the cap, an all-in for less too
            if self._count >= self._cfg.max_bets and self._contenders() >= 3:
                self._capped = True
            return inc >= self._size
        full = inc >= max(self._raise_size, self._min_bet)
        if full:
            self._raise_size = inc
        return full


def structure_is_limit(cfg: HoldemConfig) -> bool:
    """Whether ``cfg`` is a fixed-limit game.

    >>> from pokercore.holdem import HoldemConfig
    >>> structure_is_limit(HoldemConfig("fl")), structure_is_limit(HoldemConfig("plo"))
    (True, False)
    """
    return cfg.betting == FIXED_LIMIT
