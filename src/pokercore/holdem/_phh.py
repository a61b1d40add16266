"""Hand histories in the Poker Hand History (PHH) standard, both ways.

:func:`to_phh` writes any hand of no-limit hold'em (PHH code ``NT``),
fixed-limit hold'em (``FT``) or four-card pot-limit Omaha (``PO``) as PHH text
that pokerkit's ``HandHistory.loads`` reads and replays; :func:`from_phh`
reads such a file back into a replayed :class:`~pokercore.holdem._engine.HoldemState`.

PHH numbers players by position (``p1`` is the first player left of the
button, the last player has the button); pokercore adds the optional
``seats`` and ``seat_count`` fields so the table's seat numbers survive the
round trip.  A file that is not valid TOML, is not one of our variants, or
holds an action the rules refuse is refused with a
:class:`~pokercore.holdem._errors.PhhError` naming the line that is wrong;
nothing is half-loaded.

Files in dollars and cents are read exactly, in whole chips of the smallest
decimal place they use (:attr:`PhhHand.unit`), and written back in the same
units with ``to_phh(state, unit=hand.unit)``.  ``docs/phh.md`` says what is
read and how: units, unknown cards, ``inf`` stacks, ``winnings`` and rake.

Examples
--------
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=2, deck="As Ks  7h 6h  Qd Qc")
>>> s.raise_(6); s.fold(); s.fold()
>>> text = to_phh(s)
>>> print(text)  # doctest: +ELLIPSIS
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  'd dh p1 AsKs',
  'd dh p2 7h6h',
  'd dh p3 QdQc',
  'p3 cbr 6',
  'p1 f',
  'p2 f',
]
hand = 1
seats = [1, 2, 3]
seat_count = 3
finishing_stacks = [199, 198, 203]
>>> from_phh(text).snapshot() == s.snapshot()
True
>>> from_phh(text.replace("p3 cbr 6", "p3 cbr 3"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.holdem._errors.PhhError: line 11: 'p3 cbr 3': seat 2 cannot raise to 3: the minimum is raise to 4 ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ..cards import format_cards
from ._config import FIXED_LIMIT
from ._engine import HoldemState
from ._errors import PhhError
from ._phh_read import PhhHand, from_phh, load_phh

__all__ = ["PhhHand", "from_phh", "load_phh", "to_phh"]


def _cards(codes: Sequence[int]) -> str:
    return "".join(format_cards(codes).split())


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return "'" + value + "'" if "'" not in value and "\n" not in value else '"' + value.replace(
            "\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return str(value) if value.is_finite() and value != value.to_integral_value() else str(int(value))
    return str(int(value))


def to_phh(state: HoldemState, fields: Mapping[str, Any] | None = None, *, unit: int | Decimal = 1) -> str:
    """The hand as PHH text (TOML); complete once the hand is over.

    Parameters
    ----------
    state : HoldemState
        The hand, finished or not.
    fields : mapping, optional
        More PHH fields to write (``players``, ``event``, ... or your own
        ``_name`` fields): strings, ints, bools or lists of them.
    unit : int or Decimal, default 1
        What one chip is worth in the written file: ``Decimal("0.01")``
        writes a hand played in cents in dollars and cents (a hand read by
        :func:`load_phh` gives its :attr:`PhhHand.unit`).

    Raises
    ------
    PhhError
        The hand is Omaha with 5 or 6 hole cards, which PHH has no code for.
    """
    cfg = state.config
    if cfg.is_omaha and cfg.hole_cards != 4:
        raise PhhError(f"PHH has no variant code for {cfg.hole_cards}-card Omaha (PO is four-card Omaha)")
    if isinstance(unit, bool) or not isinstance(unit, (int, Decimal)) or not unit > 0 or \
            (isinstance(unit, Decimal) and not unit.is_finite()):
        raise PhhError(f"unit must be a positive int or Decimal (what one chip is worth), got {unit!r}")

    def money(chips: int) -> int | Decimal:
        return chips * unit

    # A hand read by load_phh: seats whose cards the file did not give, and hands it showed as unknown.
    hidden: frozenset[int] = getattr(state, "_hidden", frozenset())
    unknown: frozenset[int] = getattr(state, "_unknown", frozenset())
    order = state.order
    m = len(order)
    player = {seat: p + 1 for p, seat in enumerate(order)}
    if cfg.ante and cfg.ante_mode == "big-blind":
        antes, trimming = [0, cfg.ante] + [0] * (m - 2), False
    else:
        antes, trimming = [cfg.ante] * m, True
    blinds = [cfg.small_blind, cfg.big_blind, *state.forced_bets[2:]]
    blinds += [0] * (m - len(blinds))
    out: list[tuple[str, Any]] = [
        ("variant", cfg.phh_code), ("ante_trimming_status", trimming), ("antes", [money(a) for a in antes]),
        ("blinds_or_straddles", [money(b) for b in blinds]),
    ]
    if cfg.betting == FIXED_LIMIT:
        out += [("small_bet", money(cfg.small_bet or 0)), ("big_bet", money(cfg.big_bet or 0))]
    else:
        out.append(("min_bet", money(state.min_bet)))
    out.append(("starting_stacks", [money(state.starting_stacks[s]) for s in order]))
    actions = []
    for rec in state.log:
        head = rec[0]
        if head == "deal":
            cards = "??" * len(rec[2]) if rec[1] in hidden else _cards(rec[2])
            actions.append(f"d dh p{player[rec[1]]} {cards}")
        elif head == "board":
            actions.append(f"d db {_cards(rec[2])}")
        elif head == "act":
            kind = rec[2]
            word = "f" if kind == "fold" else "cc" if kind in ("check", "call") else f"cbr {_toml(money(rec[3]))}"
            actions.append(f"p{player[rec[1]]} {word}")
        elif head == "show":
            actions.append(f"p{player[rec[1]]} sm {_cards(rec[2])}")
        elif head == "muck":
            shown_as = " " + "??" * len(state.holes[rec[1]]) if rec[1] in unknown else ""
            actions.append(f"p{player[rec[1]]} sm{shown_as}")
    lines = [f"{k} = {_toml(v)}" for k, v in out]
    lines.append("actions = [")
    lines += [f"  {_toml(a)}," for a in actions]
    lines.append("]")
    extra: dict[str, Any] = {
        "hand": state.hand_number, "seats": [s + 1 for s in order], "seat_count": state.seats,
    }
    if state.is_over:
        extra["finishing_stacks"] = [money(state.stacks[s]) for s in order]
    extra.update(fields or {})
    lines += [f"{k} = {_toml(v)}" for k, v in extra.items()]
    return "\n".join(lines) + "\n"
