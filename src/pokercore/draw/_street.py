"""The streets of a five-card draw hand: one enum for every stage name.

A hand goes ``BET1`` (first betting round) -> ``DRAW`` -> ``BET2`` (second
betting round) -> ``OVER``; ``ANTE`` only labels the ante events.  The
state, observations and public events carry a :class:`Street`.  It is a
``str`` whose value is the stage's text form (``"bet1"``, ``"draw"``, ...),
so it compares equal to that text, prints as it and is written as it in
JSON: code that reads the text form keeps working.

Examples
--------
>>> Street.BET1 == "bet1", str(Street.DRAW), f"{Street.BET2}"
(True, 'draw', 'bet2')
>>> Street("over") is Street.OVER, Street.BET2.is_betting, Street.DRAW.is_betting
(True, True, False)
>>> Street.BET2.round
2
"""

from __future__ import annotations

from ..ranking import TextEnum

__all__ = ["Street"]


class Street(TextEnum):
    """Stage of a hand; the value is its text form.

    ``ANTE``
        The antes (public events only; a hand never waits in it).
    ``BET1``
        The first betting round (small bet).
    ``DRAW``
        The draw: every seat still in exchanges 0 to 3 cards.
    ``BET2``
        The second betting round (big bet).
    ``OVER``
        The hand has ended and the pots are paid.
    """

    ANTE = "ante"
    BET1 = "bet1"
    DRAW = "draw"
    BET2 = "bet2"
    OVER = "over"


    @property
    def is_betting(self) -> bool:
        """Whether this is a betting round (``BET1`` or ``BET2``)."""
        return self is Street.BET1 or self is Street.BET2

    @property
    def round(self) -> int:
        """The betting round, 1 or 2 (0 for the other streets)."""
        return 1 if self is Street.BET1 else 2 if self is Street.BET2 else 0
