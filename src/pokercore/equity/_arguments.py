"""Argument checks of :func:`pokercore.equity._holdem_equity.equity`: one policy for every argument.

Counts (``samples``, ``workers``) and the ``seed`` are integers in the
sense of :func:`operator.index` (``int``, numpy integers; not ``bool``,
``float``, ``str`` or ``bytes``), checked against their range; a refusal
names the argument, says what it expects and shows what came (cut to a
readable length).  Players, board and dead cards are parsed and checked
for cards in two places before any work starts.

>>> integer_argument("workers", 2, 1, 256)
2
>>> integer_argument("seed", True, 0, 10)
Traceback (most recent call last):
...
pokercore.errors.PokercoreTypeError: seed must be an integer from 0 to 10, got True (a bool)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Union

import numpy as np

from ..cards import format_cards, parse_cards, to_codes
from ..errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokercoreTypeError,
    PokercoreValueError,
    cut,
)
from ._equity import MAX_PLAYERS
from ._holdem_ranges import MAX_RANGE_LENGTH, EmptyRangeError, Range, RangeSyntaxError, parse_range

__all__ = [
    "MAX_BINS",
    "MAX_PLAYERS",
    "MAX_WORKERS",
    "PlayerLike",
    "Ranges",
    "TooManyPlayersError",
    "exact_flag",
    "integer_argument",
    "prepare",
    "show_int",
]

#: Most worker threads of an equity run.
MAX_WORKERS = 256
#: Most bins of an equity distribution (:func:`pokercore.equity.equity_distribution`).
MAX_BINS = 1000

PlayerLike = Union[str, Range, Sequence[int]]  # noqa: UP007 - a runtime alias on Python 3.10

#: Each player's combos and weights after card removal.
Ranges = list[list[tuple[tuple[int, int], float]]]


class TooManyPlayersError(PokercoreValueError):
    """More players than the deck or the evaluator supports."""


def show_int(n: int) -> str:
    """An integer for a message: ``1,000,000``; a huge one by its size (never thousands of digits).

    >>> show_int(2**64), show_int(10**100)
    ('18,446,744,073,709,551,616', 'a number of about 101 digits')
    """
    if abs(n) < 10**40:
        return f"{n:,}"
    return f"a number of about {int(n.bit_length() * 0.30103) + 1} digits"


def integer_argument(name: str, value: object, low: int, high: int, high_text: str | None = None) -> int:
    """``value`` as an int in ``low..high``, or a :class:`PokercoreError` naming ``name``.

    Accepts what :func:`operator.index` accepts (``int``, numpy integers),
    refuses ``bool`` and everything else (``1.5``, ``"5"``, ``b"1"``, NaN).
    """
    expected = f"{name} must be an integer from {show_int(low)} to {high_text or show_int(high)}"
    if isinstance(value, (bool, np.bool_)):
        raise PokercoreTypeError(f"{expected}, got {value!r} (a bool)")
    try:
        n = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise PokercoreTypeError(f"{expected}, got {cut(value)} (a {type(value).__name__})") from None
    if not low <= n <= high:
        raise PokercoreValueError(f"{expected}, got {show_int(n)}")
    return n


def run_arguments(workers: object, executor: object, progress: object,
                  ) -> tuple[int, Any, Callable[[int, int], None] | None]:
    """``(workers, executor, report)`` checked, for every game: threads 1 to :data:`MAX_WORKERS` (default 1),
    an executor (not with ``workers``), a progress flag or callable."""
    from ._tasks import as_executor, progress_reporter

    workers = 1 if workers is None else integer_argument("workers", workers, 1, MAX_WORKERS)
    if executor is not None:
        if workers != 1:
            raise PokercoreValueError("workers= and executor= do not go together: the executor's own workers run "
                                      "the units")
        executor = as_executor(executor)
    if not (progress is None or isinstance(progress, bool) or callable(progress)):
        raise PokercoreTypeError(f"progress must be True, False, None or a callable (done, total), got {cut(progress)}")
    return workers, executor, progress_reporter(progress)


def exact_flag(exact: object) -> bool | None:
    """``exact`` as None, True or False; anything else is refused (a string such as ``"no"`` is not False)."""
    if exact is None or isinstance(exact, bool):
        return exact
    if isinstance(exact, np.bool_):
        return bool(exact)
    raise PokercoreTypeError(f"exact must be True, False or None, got {cut(exact)}")


def _cards(value: object, what: str) -> list[int]:
    if value is None:
        return []
    if isinstance(value, str) and not value.strip():
        return []
    codes = to_codes(value)  # type: ignore[arg-type]
    seen: set[int] = set()
    for c in codes:
        if c in seen:
            raise DuplicateCardError(f"{what}: {format_cards([c])} appears twice")
        seen.add(c)
    return codes


def _player(value: PlayerLike, i: int) -> tuple[str, Range | list[int]]:
    """(label, explicit hand codes or a range)."""
    if isinstance(value, Range):
        return value.text or f"player {i + 1}", value
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_RANGE_LENGTH:
            raise RangeSyntaxError(f"player {i + 1}: a range is at most {MAX_RANGE_LENGTH:,} characters, "
                                   f"got {len(text):,} ({cut(text, 40)})")
        try:
            codes = parse_cards(text, allow_duplicates=True)
        except InvalidCardError:
            codes = None
        if codes is not None and len(codes) == 2 and "," not in text:
            if codes[0] == codes[1]:
                raise DuplicateCardError(f"player {i + 1}: hand {cut(text)} repeats a card")
            return text, codes
        try:
            rng = parse_range(text)
        except RangeSyntaxError as exc:
            raise RangeSyntaxError(f"player {i + 1}: {exc}") from None
        if not len(rng):
            raise EmptyRangeError(f"player {i + 1}: the range {cut(value)} holds no hand")
        return text, rng
    codes = _cards(value, f"player {i + 1}")
    if len(codes) != 2:
        raise HandSizeError(f"player {i + 1}: a hold'em hand has 2 cards, got {len(codes)}")
    return format_cards(codes, sep=""), codes


def prepare(players: Sequence[PlayerLike], board: object,
            dead: object) -> tuple[list[str], Ranges, list[int], list[int]]:
    """Labels, each player's combos and weights after card removal, the board and the dead cards.

    Raises the errors :func:`~pokercore.equity._holdem_equity.equity` documents:
    a card in two places, a range that does not parse or is empty after
    card removal, a player count out of 2..10, not enough cards.
    """
    if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
        raise PokercoreValueError("players must be a list of hands or ranges, e.g. ['AsKs', 'QQ+,AKs']")
    if len(players) < 2:
        raise TooManyPlayersError(f"equity needs at least 2 players, got {len(players)}")
    if len(players) > MAX_PLAYERS:
        raise TooManyPlayersError(f"equity supports at most {MAX_PLAYERS} players, got {len(players)}")
    board_codes = _cards(board, "board")
    if len(board_codes) not in (0, 3, 4, 5):
        raise HandSizeError(f"the board must have 0, 3, 4 or 5 cards, got {len(board_codes)}")
    dead_codes = _cards(dead, "dead cards")
    parsed = [_player(p, i) for i, p in enumerate(players)]
    owner: dict[int, str] = {}
    for c in board_codes:
        owner[c] = "the board"
    for c in dead_codes:
        if c in owner:
            raise DuplicateCardError(f"{format_cards([c])} is both a dead card and on {owner[c]}")
        owner[c] = "the dead cards"
    for i, (label, p) in enumerate(parsed):
        if isinstance(p, list):
            for c in p:
                if c in owner:
                    raise DuplicateCardError(
                        f"{format_cards([c])} is in player {i + 1}'s hand {cut(label)} and in {owner[c]}"
                    )
                owner[c] = f"player {i + 1}'s hand {cut(label)}"
    need = 5 - len(board_codes)
    if 2 * len(parsed) + len(board_codes) + len(dead_codes) + need > 52:
        raise TooManyPlayersError(
            f"{len(parsed)} players need {2 * len(parsed)} hole cards plus {need} board cards; "
            f"only {52 - len(board_codes) - len(dead_codes)} cards are left in the deck"
        )
    ranges: Ranges = []
    known = set(owner)
    for i, (label, p) in enumerate(parsed):
        if isinstance(p, list):
            ranges.append([((max(p), min(p)), 1.0)])
            continue
        try:
            kept = p.remove(sorted(known))
        except EmptyRangeError:
            raise EmptyRangeError(
                f"player {i + 1}: no combo of {cut(label)} is left once the known cards "
                f"{format_cards(sorted(known))} are removed"
            ) from None
        ranges.append(list(kept.combos_weights))
    return [label for label, _ in parsed], ranges, board_codes, dead_codes
