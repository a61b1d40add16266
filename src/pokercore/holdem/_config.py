"""Rules and table setup of a hold'em or Omaha game: plain data, checked once when built.

Three variants are played (their PHH codes in brackets):

* ``"nl"``: no-limit Texas hold'em (``NT``), two hole cards;
* ``"fl"``: fixed-limit Texas hold'em (``FT``), small bet then big bet;
* ``"plo"``: pot-limit Omaha (``PO``), four hole cards (five or six as options).

Anything that could not be played (a blind of zero, more players than the
deck can serve, straddles in a fixed-limit game, ...) raises
:class:`~pokercore.holdem._errors.ConfigError` naming the problem.

Examples
--------
>>> cfg = HoldemConfig("nl", players=6, small_blind=1, big_blind=2, starting_stacks=200)
>>> cfg.name, cfg.phh_code, cfg.hole_cards, cfg.stacks[:2]
("no-limit hold'em", 'NT', 2, (200, 200))
>>> HoldemConfig("fl").bet_size(0), HoldemConfig("fl").bet_size(3), HoldemConfig("fl").max_bets
(2, 4, 4)
>>> HoldemConfig("plo", players=8, hole_cards=6)
Traceback (most recent call last):
...
pokercore.holdem._errors.ConfigError: 8 players with 6 hole cards need 8 x 6 + 5 = 53 cards and the deck has 52
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from ..ranking import TextEnum
from ._errors import ConfigError

__all__ = [
    "ANTE_MODES",
    "FIXED_LIMIT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NO_LIMIT",
    "POT_LIMIT",
    "STREETS",
    "STREET_NAMES",
    "VARIANTS",
    "HoldemConfig",
    "Street",
    "Variant",
]

NO_LIMIT, POT_LIMIT, FIXED_LIMIT = "no-limit", "pot-limit", "fixed-limit"
#: Betting rounds, in order; ``"over"`` follows the last.
class Street(TextEnum):
    """A hold'em street; the value is its text form, so it compares equal to it and prints as it.

    ``PREFLOP``, ``FLOP``, ``TURN``, ``RIVER`` are the betting rounds;
    ``OVER`` a hand that has ended (pots paid).  Like draw's ``Street``, a
    member is a ``str``: ``Street.FLOP == "flop"``, ``f"{Street.FLOP}"`` is
    ``"flop"`` and JSON writes ``"flop"``.

    >>> Street.FLOP == "flop", str(Street.RIVER), Street("turn") is Street.TURN
    (True, 'river', True)
    """

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    OVER = "over"



#: The betting rounds in order; ``STREET_NAMES[i]`` names street index ``i``, ``len(STREETS)`` the hand's end.
STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
STREET_NAMES = (*STREETS, Street.OVER)
#: ``"each"``: every seat dealt in posts the ante; ``"big-blind"``: the big blind posts one ante for the table.
ANTE_MODES = ("each", "big-blind")
MIN_PLAYERS, MAX_PLAYERS = 2, 10
DECK_SIZE, BOARD_SIZE = 52, 5


class Variant(NamedTuple):
    """One game pokercore plays: its short name, full name, PHH code, betting and hole cards."""

    key: str
    name: str
    phh_code: str
    betting: str
    omaha: bool


VARIANTS: dict[str, Variant] = {
    "nl": Variant("nl", "no-limit hold'em", "NT", NO_LIMIT, False),
    "fl": Variant("fl", "fixed-limit hold'em", "FT", FIXED_LIMIT, False),
    "plo": Variant("plo", "pot-limit Omaha", "PO", POT_LIMIT, True),
}
_ALIASES = {v.phh_code.lower(): k for k, v in VARIANTS.items()} | {"pl": "plo", "omaha": "plo"}


def _int(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if value < low:
        raise ConfigError(f"{name} must be >= {low}, got {value}")
    return value


@dataclass(frozen=True)
class HoldemConfig:
    """Rules and table setup of a hold'em or Omaha game.

    Parameters
    ----------
    variant : str, default "nl"
        ``"nl"`` (no-limit hold'em), ``"fl"`` (fixed-limit hold'em) or
        ``"plo"`` (pot-limit Omaha); the PHH codes ``NT``, ``FT``, ``PO``
        are accepted too.
    players : int, default 6
        Seats at the table, 2..10 (fewer when the deck could run out).
    small_blind, big_blind : int, default 1 and 2
        Blinds (``0 <= small_blind <= big_blind``, ``big_blind >= 1``).
    ante : int, default 0
        Ante; see ``ante_mode``.
    ante_mode : str, default "each"
        ``"each"``: every seat dealt in posts ``ante``; ``"big-blind"``: the
        big blind posts one ante of ``ante`` chips for the whole table.
    straddles : sequence of int, default ()
        Straddles posted, in turn, by the seats left of the big blind (no-limit
        and pot-limit only; each larger than the forced bet before it).  A seat
        posts its straddle only if it can cover it in full; with two players
        there are no straddles.
    min_bet : int, optional
        Smallest bet of no-limit and pot-limit (default: the big blind); a
        posted straddle raises it for the hand.
    small_bet, big_bet : int, optional
        Fixed-limit bet sizes: preflop and flop, then turn and river
        (default: the big blind and twice the small bet).
    raise_cap : int, default 3
        Fixed limit: raises allowed after the opening bet of a round (the big
        blind is the opening bet preflop), so 3 means a bet and three raises.
    heads_up_uncapped : bool, default False
        Fixed limit: no cap while only two players who are not all-in
        contest the pot (a round capped with three or more stays capped).
    hole_cards : int, optional
        Cards dealt to each player: 2 for hold'em, 4 (or 5 or 6) for Omaha.
    starting_stacks : int or sequence of int, default 200
        Chips of every seat (one int) or of each seat.
    hands : int, default 100
        Hands a game plays (see :class:`~pokercore.holdem._game.HoldemGame`).
    seed : int, optional
        Seed of the game's shuffles (``None``: fresh entropy).
    """

    variant: str = "nl"
    players: int = 6
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    ante_mode: str = "each"
    straddles: Sequence[int] = ()
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    raise_cap: int = 3
    heads_up_uncapped: bool = False
    hole_cards: int | None = None
    starting_stacks: int | Sequence[int] = 200
    hands: int = 100
    seed: int | None = None
    stacks: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        key = self.variant.lower() if isinstance(self.variant, str) else None
        key = _ALIASES.get(key, key) if key is not None else None
        if key not in VARIANTS:
            raise ConfigError(f"unknown variant {self.variant!r}: use 'nl', 'fl' or 'plo' (or NT, FT, PO)")
        set_ = object.__setattr__
        set_(self, "variant", key)
        v = VARIANTS[key]
        n = _int("players", self.players, 0)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ConfigError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {n}")
        holes = (4 if v.omaha else 2) if self.hole_cards is None else _int("hole_cards", self.hole_cards, 0)
        if v.omaha and holes not in (4, 5, 6):
            raise ConfigError(f"Omaha deals 4, 5 or 6 hole cards, got {holes}")
        if not v.omaha and holes != 2:
            raise ConfigError(f"hold'em deals 2 hole cards, got {holes}")
        set_(self, "hole_cards", holes)
        if n * holes + BOARD_SIZE > DECK_SIZE:
            raise ConfigError(
                f"{n} players with {holes} hole cards need {n} x {holes} + {BOARD_SIZE} = "
                f"{n * holes + BOARD_SIZE} cards and the deck has {DECK_SIZE}"
            )
        bb = _int("big_blind", self.big_blind, 1)
        sb = _int("small_blind", self.small_blind, 0)
        if sb > bb:
            raise ConfigError(f"small_blind ({sb}) must not be larger than big_blind ({bb})")
        _int("ante", self.ante, 0)
        if self.ante_mode not in ANTE_MODES:
            raise ConfigError(f"ante_mode must be 'each' or 'big-blind', got {self.ante_mode!r}")
        raw_straddles = self.straddles
        if isinstance(raw_straddles, (str, bytes)) or not isinstance(raw_straddles, Sequence):
            raise ConfigError(f"straddles must be a sequence of ints, got {raw_straddles!r}")
        straddles = tuple(raw_straddles)
        set_(self, "straddles", straddles)
        previous = bb
        for k, s in enumerate(straddles):
            _int(f"straddle {k + 1}", s, 1)
            if s <= previous:
                raise ConfigError(f"straddle {k + 1} ({s}) must be larger than the forced bet before it ({previous})")
            previous = s
        if len(straddles) > n - 2:
            raise ConfigError(f"{len(straddles)} straddles need at least {len(straddles) + 2} players, got {n}")
        if v.betting == FIXED_LIMIT:
            if straddles:
                raise ConfigError("straddles are played in no-limit and pot-limit games only")
            if self.min_bet is not None:
                raise ConfigError("min_bet is for no-limit and pot-limit: fixed limit uses small_bet and big_bet")
            small = bb if self.small_bet is None else _int("small_bet", self.small_bet, 1)
            set_(self, "small_bet", small)
            set_(self, "big_bet", 2 * small if self.big_bet is None else _int("big_bet", self.big_bet, 1))
        else:
            if self.small_bet is not None or self.big_bet is not None:
                raise ConfigError(f"small_bet and big_bet are for fixed limit; {v.name} uses min_bet")
            set_(self, "min_bet", bb if self.min_bet is None else _int("min_bet", self.min_bet, 1))
        _int("raise_cap", self.raise_cap, 0)
        if not isinstance(self.heads_up_uncapped, bool):
            raise ConfigError(f"heads_up_uncapped must be True or False, got {self.heads_up_uncapped!r}")
        _int("hands", self.hands, 0)
        if self.seed is not None:
            _int("seed", self.seed, 0)
        raw = self.starting_stacks
        if isinstance(raw, int) and not isinstance(raw, bool):
            stacks = (raw,) * n
        elif isinstance(raw, Sequence) and not isinstance(raw, (str, bytes)):
            stacks = tuple(raw)
            set_(self, "starting_stacks", stacks)  # hashable
            if len(stacks) != n:
                raise ConfigError(f"starting_stacks has {len(stacks)} entries for {n} players")
        else:
            raise ConfigError(f"starting_stacks must be an int or a sequence of ints, got {raw!r}")
        for i, s in enumerate(stacks):
            _int(f"starting stack of seat {i}", s, 0)
        set_(self, "stacks", stacks)

    # ------------------------------------------------------------------ derived
    @property
    def info(self) -> Variant:
        """The variant's names, PHH code and betting structure."""
        return VARIANTS[self.variant]

    @property
    def name(self) -> str:
        """Full name of the variant, e.g. ``"pot-limit Omaha"``."""
        return VARIANTS[self.variant].name

    @property
    def phh_code(self) -> str:
        """PHH variant code: ``NT``, ``FT`` or ``PO``."""
        return VARIANTS[self.variant].phh_code

    @property
    def betting(self) -> str:
        """``"no-limit"``, ``"pot-limit"`` or ``"fixed-limit"``."""
        return VARIANTS[self.variant].betting

    @property
    def is_omaha(self) -> bool:
        """Whether hands use exactly two hole cards and three board cards."""
        return VARIANTS[self.variant].omaha

    @property
    def max_bets(self) -> int:
        """Fixed limit: bets plus raises allowed per round (``1 + raise_cap``)."""
        return 1 + self.raise_cap

    def bet_size(self, street: int) -> int:
        """Fixed-limit bet of betting round ``street`` (0 preflop .. 3 river); the minimum bet otherwise.

        >>> HoldemConfig("fl", small_bet=5).bet_size(2), HoldemConfig("nl", big_blind=4).bet_size(2)
        (10, 4)
        """
        if street not in (0, 1, 2, 3):
            raise ValueError(f"street must be 0..3, got {street!r}")
        if self.betting != FIXED_LIMIT:
            return int(self.min_bet)  # type: ignore[arg-type]
        return int(self.small_bet if street < 2 else self.big_bet)  # type: ignore[arg-type]

    def public(self) -> HoldemConfig:
        """This configuration without its seed: what observations carry.

        Knowing the seed would let an agent rebuild every shuffle.

        >>> HoldemConfig(seed=5).public().seed is None
        True
        """
        return self if self.seed is None else _public(self)

    def can_play(self, stack: int) -> bool:
        """Whether a seat with ``stack`` chips can be dealt in (any chips at all: short stacks post all-in).

        >>> HoldemConfig().can_play(1), HoldemConfig().can_play(0)
        (True, False)
        """
        return stack > 0


@lru_cache(maxsize=64)
def _public(cfg: HoldemConfig) -> HoldemConfig:
    return replace(cfg, seed=None)
