"""A stored hand history cut to what one seat saw: other seats' hidden cards become ``??``.

The database keeps every history in full (it replays); a player reads
it through :func:`seat_view`, which keeps the reader's own cards and the
cards everyone saw, and hides the rest:

- five-card draw (``pokercore-draw``): another seat's dealt cards and its
  draw (what it threw away and what it got) are hidden even when it
  showed down (a card room shows the final hand only, as the ``show``
  line does); a mucked or folded hand stays hidden;
- hold'em (``phh``): another player's ``d dh`` hole cards become ``????``
  (PHH's unknown cards); ``sm`` lines (shown at showdown) stay;
- Binh (``pokercore-binh``): every hand is revealed at the end of a deal,
  so the text is the whole deal.

Hands are stored only once they are over, so nothing of a hand in play
can be read at all.

>>> text = "deal s0: Ah Ad 7c 5s 2d\\ndeal s1: Kc Kd 9h 8h 3s\\ns1: draw 9h 8h 3s -> Qs 8c 7s\\nmuck s1\\n"
>>> print(seat_view("pokercore-draw", text, 0), end="")
deal s0: Ah Ad 7c 5s 2d
deal s1: ?? ?? ?? ?? ??
s1: draw ?? ?? ?? -> ?? ?? ??
muck s1
"""

from __future__ import annotations

import re

__all__ = ["FORMATS", "seat_view"]

#: The history formats the server stores, and what each is.
FORMATS = {
    "pokercore-draw": "pokercore's five-card draw history (pokercore.draw.history)",
    "pokercore-binh": "pokercore's Binh deal history (pokercore.binh.DealResult.to_text)",
    "phh": "Poker Hand History (PHH), hold'em and Omaha",
}

_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_DRAW_LINE = re.compile(r"^(deal s(\d+):|s(\d+): draw)(.*)$")
_PHH_DEAL = re.compile(r"'d dh p(\d+) ([^']*)'")
_PHH_SEATS = re.compile(r"^seats = \[([0-9, ]*)\]", re.M)


def _hide(text: str) -> str:
    return _CARD.sub("??", text)


def _draw(text: str, seat: int) -> str:
    out = []
    for line in text.splitlines():
        m = _DRAW_LINE.match(line)
        who = None if m is None else int(m.group(2) or m.group(3))
        out.append(line if m is None or who == seat else m.group(1) + _hide(m.group(4)))
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _phh(text: str, seat: int) -> str:
    seats = _PHH_SEATS.search(text)
    # PHH numbers players by position; pokercore writes the seat of each (1-based) in ``seats``
    order = [int(v) - 1 for v in seats.group(1).split(",") if v.strip()] if seats else []
    mine = order.index(seat) + 1 if seat in order else None

    def cut(m: re.Match[str]) -> str:
        if int(m.group(1)) == mine:
            return m.group(0)
        return f"'d dh p{m.group(1)} {'??' * (len(m.group(2).strip()) // 2)}'"
    return _PHH_DEAL.sub(cut, text)


def seat_view(fmt: str, text: str, seat: int) -> str:
    """``text`` (a finished hand of format ``fmt``) as seat ``seat`` may read it.

    A format this function does not know is refused rather than shown whole.

    >>> print(seat_view("phh", "actions = [\\n  'd dh p1 AsKs',\\n  'd dh p2 7h6h',\\n]\\nseats = [1, 2]", 1))
    actions = [
      'd dh p1 ????',
      'd dh p2 7h6h',
    ]
    seats = [1, 2]
    """
    if fmt == "pokercore-binh":
        return text
    if fmt == "pokercore-draw":
        return _draw(text, seat)
    if fmt == "phh":
        return _phh(text, seat)
    raise ValueError(f"no reader's view of history format {fmt!r}: known are {', '.join(FORMATS)}")
