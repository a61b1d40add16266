"""Configuration of a five-card draw game (fixed limit, antes, one draw).

The configuration is plain data, checked once at construction: anything that
could not be played (too many players for the deck, a bet of zero, a stack
list of the wrong length, stacks too short for any hand, ...) raises
:class:`~pokercore.draw.ConfigError` with the reason and what to change.

Examples
--------
>>> cfg = DrawConfig(players=3, ante=1, small_bet=2)
>>> cfg.big_bet, cfg.max_bets, cfg.stacks
(4, 4, (200, 200, 200))
>>> DrawConfig(players=7)
Traceback (most recent call last):
...
pokercore.draw._errors.ConfigError: players must be 2..6, got 7: 7 players could need 7 x (5 + 3) = 56 cards
and the deck has 52
>>> DrawConfig(players=2, small_bet=500, starting_stacks=200)
Traceback (most recent call last):
...
pokercore.draw._errors.ConfigError: no hand can be played: with all-in mode off a seat needs the ante and one
bet (1 + 500 = 501 chips) to bet or call, and none of the 2 seats starts with that many; give two or more
seats at least 501 chips, lower the ante or the bets, or turn all-in mode on
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import cast

from ..errors import cut
from ._errors import ConfigError, DrawError
from ._street import Street

__all__ = ["DECK_SIZE", "HAND_SIZE", "MAX_DISCARD", "MAX_PLAYERS", "MIN_PLAYERS", "DrawConfig", "playing_stack"]

#: Cards dealt to each player.
HAND_SIZE = 5
#: Most cards one player may exchange in the draw.
MAX_DISCARD = 3
#: Fewest and most seats at a table.
MIN_PLAYERS, MAX_PLAYERS = 2, 6
DECK_SIZE = 52
_STREET_TEXT = frozenset(s.value for s in Street)


def playing_stack(ante: int, small_bet: int, big_bet: int, all_in: bool) -> int:
    """Fewest chips a seat needs to take part in a hand's betting.

    With all-in mode off that is the ante and one bet (the smaller of the
    two fixed bets): less, and the seat can neither bet nor call.  With it
    on, one chip: a seat may post, call and bet all-in for less.

    >>> playing_stack(1, 2, 4, False), playing_stack(1, 2, 4, True)
    (3, 1)
    """
    return 1 if all_in else ante + min(small_bet, big_bet)


def _int(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if value < low:
        raise ConfigError(f"{name} must be >= {low}, got {value}")
    return value


@dataclass(frozen=True)
class DrawConfig:
    """Rules and table setup of a fixed-limit five-card draw game.

    Parameters
    ----------
    players : int, default 6
        Seats at the table, 2..6 (more could exhaust the 52-card deck).
    ante : int, default 1
        Ante every playing seat posts each hand (0 allowed).
    small_bet : int, default 2
        Fixed bet and raise size of the first betting round.
    big_bet : int, optional
        Fixed bet and raise size of the second round; default ``2 * small_bet``.
    raise_cap : int, default 3
        Raises allowed per round after the opening bet (3: one bet plus
        three raises).
    starting_stacks : int or sequence of int, default 200
        Chips of every seat (one int) or of each seat.  At least two seats
        must be able to bet and call (:func:`playing_stack`: the ante and
        one bet, or any chips in all-in mode), else no hand could be played.
    hands : int, default 100
        Hands a game plays (it may end early, see :class:`DrawGame`).
    all_in : bool, default False
        Virtual all-in mode: a player may call, bet or raise for less than
        the fixed amount with its last chips, and side pots are built.  Off,
        an action needs the full amount and a seat that cannot pay the ante
        sits out.
    seed : int, optional
        Seed of the game's shuffles (``None``: fresh entropy).
    """

    players: int = 6
    ante: int = 1
    small_bet: int = 2
    big_bet: int | None = None
    raise_cap: int = 3
    starting_stacks: int | Sequence[int] = 200
    hands: int = 100
    all_in: bool = False
    seed: int | None = None
    stacks: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ConfigError(f"players must be an int, got {type(self.players).__name__}")
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            need = n * (HAND_SIZE + MAX_DISCARD)
            why = (
                f": {n} players could need {n} x ({HAND_SIZE} + {MAX_DISCARD}) = {need} cards "
                f"and the deck has {DECK_SIZE}"
                if need > DECK_SIZE
                else ": a hand needs at least two players"
            )
            raise ConfigError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {n}{why}")
        _int("ante", self.ante, 0)
        _int("small_bet", self.small_bet, 1)
        big = 2 * self.small_bet if self.big_bet is None else _int("big_bet", self.big_bet, 1)
        object.__setattr__(self, "big_bet", big)
        _int("raise_cap", self.raise_cap, 0)
        _int("hands", self.hands, 0)
        if not isinstance(self.all_in, bool):
            raise ConfigError(f"all_in must be True or False, got {self.all_in!r}")
        if self.seed is not None:
            _int("seed", self.seed, 0)
        raw: object = self.starting_stacks  # checked as any object: a dataclass takes what it is given
        if isinstance(raw, int) and not isinstance(raw, bool):
            stacks = (raw,) * n
        elif isinstance(raw, Sequence) and not isinstance(raw, str):
            stacks = tuple(raw)
            object.__setattr__(self, "starting_stacks", stacks)  # hashable
            if len(stacks) != n:
                raise ConfigError(f"starting_stacks has {len(stacks)} entries for {n} players")
        else:
            raise ConfigError(f"starting_stacks must be an int or a sequence of ints, got {raw!r}")
        for i, s in enumerate(stacks):
            _int(f"starting stack of seat {i}", s, 0)
        object.__setattr__(self, "stacks", stacks)
        self._check_playable()

    def _check_playable(self) -> None:
        """Refuse stacks with which no hand could be bet: fewer than two seats could bet or call."""
        need = playing_stack(self.ante, self.small_bet, self._big, self.all_in)
        able = sum(s >= need for s in self.stacks)
        if able >= 2:
            return
        n = self.players
        some = "none" if able == 0 else "only 1"
        if self.all_in:
            raise ConfigError(
                f"no hand can be played: a hand needs two seats with chips, and {some} of the {n} seats "
                "starts with any; give two or more seats chips"
            )
        bet = min(self.small_bet, self._big)
        raise ConfigError(
            f"no hand can be played: with all-in mode off a seat needs the ante and one bet "
            f"({self.ante} + {bet} = {need} chips) to bet or call, and {some} of the {n} seats starts with "
            f"that many; give two or more seats at least {need} chips, lower the ante or the bets, "
            "or turn all-in mode on"
        )

    @property
    def _big(self) -> int:
        """``big_bet`` as an int: ``__post_init__`` has replaced a None by twice the small bet."""
        return cast(int, self.big_bet)  # mypy reads the field's declared type, int | None

    @property
    def max_bets(self) -> int:
        """Bets plus raises allowed per betting round (``1 + raise_cap``)."""
        return 1 + self.raise_cap

    def bet_size(self, street: Street | int) -> int:
        """Fixed bet of a betting round: ``Street.BET1`` or ``Street.BET2`` (or its number, 1 or 2).

        >>> cfg = DrawConfig(small_bet=5)
        >>> cfg.bet_size(Street.BET1), cfg.bet_size(Street.BET2), cfg.bet_size(2)
        (5, 10, 10)
        """
        if isinstance(street, str):
            rnd = Street(street).round if street in _STREET_TEXT else 0
        else:
            rnd = street if type(street) is int and street in (1, 2) else 0
        if rnd == 0:
            raise DrawError(
                f"bet_size: give a betting round, Street.BET1 or Street.BET2 (or 1 or 2), got {cut(street)}"
            )
        return self.small_bet if rnd == 1 else self._big

    def public(self) -> DrawConfig:
        """This configuration without its seed: what observations carry.

        Knowing the seed would let an agent rebuild every shuffle.

        >>> DrawConfig(seed=5).public().seed is None
        True
        """
        return self if self.seed is None else _public(self)

    def can_play(self, stack: int) -> bool:
        """Whether a seat with ``stack`` chips is dealt in (otherwise it sits out).

        >>> DrawConfig(ante=5).can_play(4), DrawConfig(ante=5, all_in=True).can_play(4)
        (False, True)
        """
        if stack <= 0:
            return False
        return self.all_in or stack >= self.ante


@lru_cache(maxsize=64)
def _public(cfg: DrawConfig) -> DrawConfig:
    return replace(cfg, seed=None)
