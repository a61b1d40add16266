"""How the commands show cards and write to the terminal: one convention everywhere.

A card is its rank letter (``T`` for ten, as :func:`pokercore.format_cards`
prints it) and its suit symbol; a hand is sorted high card first, then by
suit.  Red suits are coloured only on a terminal (``NO_COLOR`` turns that
off).

Every command writes through :class:`Output` (the ``pokercore`` entry point
puts it in front of standard output and standard error): where the
encoding has no suit symbols (``PYTHONIOENCODING=ascii``, latin-1) they are
written as the suit letters, so ``A♠`` reads ``As``, and any other character
the encoding lacks becomes ``?``; a standard output that cannot be written
(a full disk, ``> /dev/full``) raises :class:`OutputFailed`, which the
command reports in one line.

>>> hand_text([0, 51, 34, 33])
'A♠ T♥ T♦ 2♣'
>>> card_text(33, color=True)
'\\x1b[31mT♦\\x1b[0m'
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterable
from typing import Any

from ..cards import card_rank, card_suit, format_card
from ..errors import PokercoreError

__all__ = ["ASCII_SUITS", "Output", "OutputFailed", "card_text", "color_default", "hand_text", "sort_hand",
           "suits_fit"]

_RED = (1, 2)  # diamonds, hearts

#: The suit symbols (black and white) and the letters written where an encoding lacks them.
ASCII_SUITS = str.maketrans("♠♥♦♣♤♡♢♧", "shdcshdc")


def card_text(code: int, color: bool = False) -> str:
    """One card, e.g. ``T♥`` (in red when ``color``)."""
    text = format_card(code, symbols=True)
    return f"\x1b[31m{text}\x1b[0m" if color and card_suit(code) in _RED else text


def sort_hand(cards: Iterable[int]) -> list[int]:
    """Cards high first (rank, then suit), the order every view shows them in.

    >>> sort_hand([0, 51, 4])
    [51, 4, 0]
    """
    return sorted((int(c) for c in cards), key=lambda c: (card_rank(c), card_suit(c)), reverse=True)


def hand_text(cards: Iterable[int], color: bool = False) -> str:
    """Cards sorted high first, separated by spaces."""
    return " ".join(card_text(c, color) for c in sort_hand(cards))


def color_default(stream: Any) -> bool:
    """Colour by default only on a terminal and when ``NO_COLOR`` is not set."""
    return bool(getattr(stream, "isatty", lambda: False)()) and "NO_COLOR" not in os.environ


def suits_fit(stream: Any) -> bool:
    """Whether ``stream``'s encoding can write the suit symbols (True when it names none)."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return True
    try:
        "♠♥♦♣".encode(encoding)
    except UnicodeEncodeError:
        return False
    except LookupError:
        return True
    return True


class OutputFailed(PokercoreError):
    """Standard output could not be written (a full disk, a file-size limit, an I/O error)."""


class Output:
    """A text stream as every command writes to it: suit letters where symbols do not fit, one error class.

    Parameters
    ----------
    stream : text stream
        ``sys.stdout`` or ``sys.stderr``; every other attribute
        (``fileno``, ``isatty``, ``encoding``...) is the stream's own.
    name : str
        How the error names it (``"the output"``).
    quiet : bool, default False
        Ignore write errors instead of raising :class:`OutputFailed` (for
        standard error, where nothing could report them).

    Attributes
    ----------
    failed : bool
        A write or flush failed.

    Examples
    --------
    >>> import io
    >>> raw = io.BytesIO()
    >>> out = Output(io.TextIOWrapper(raw, encoding="ascii"))
    >>> _ = out.write("A♠ K♥ \\u2013 done\\n"); out.flush()
    >>> raw.getvalue()
    b'As Kh ? done\\n'
    """

    def __init__(self, stream: Any, name: str = "the output", *, quiet: bool = False) -> None:
        self.stream = stream
        self.name = name
        self.quiet = quiet
        self.failed = False
        self._letters = not suits_fit(stream)

    def _fail(self, exc: OSError) -> None:
        self.failed = True
        if not self.quiet:
            raise OutputFailed(f"cannot write {self.name}: {exc.strerror or exc}") from None

    def write(self, text: str) -> int:
        """Write ``text`` (suit letters where the encoding lacks the symbols); nothing after a failure."""
        if self.failed:
            return len(text)
        if self._letters:
            text = text.translate(ASCII_SUITS)
        try:
            try:
                return int(self.stream.write(text))
            except UnicodeEncodeError:
                encoding = codecs.lookup(self.stream.encoding).name
                return int(self.stream.write(text.encode(encoding, "replace").decode(encoding)))
        except BrokenPipeError:  # the reader went away: the entry point ends quietly
            raise
        except OSError as exc:
            self._fail(exc)
            return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        """Write each of ``lines``."""
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        """Flush the stream (nothing after a failure: it was reported once)."""
        if self.failed:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            self._fail(exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
