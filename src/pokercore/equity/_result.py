"""The one result type of :func:`pokercore.equity.equity`, for every game.

:class:`EquityResult` holds a :class:`PlayerEquity` per player.  Hold'em and
short deck fill ``high`` with the equity and ``low`` with 0; Omaha hi-lo
splits the equity into the part won with the high hand and the part won
with the low one.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ._exact_plan import plural

__all__ = ["EquityResult", "PlayerEquity"]


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    Attributes
    ----------
    label : str
        The hand or range as given.
    combos : int
        Combos left in the player's range after card removal (1 for a hand).
    win, tie, equity : float
        Share of deals won outright (in hi-lo: scooped, the whole pot
        alone), share of deals where the player ties for (hi-lo: takes part
        of) the pot, and the pot share.
    stderr : float
        Standard error of ``equity`` (0.0 when exact).
    tie_equity : float
        The pot share won from ties: a 2-way tie counts 1/2, a 3-way 1/3
        (PokerStove's and Equilab's "tie" column); ``equity = win +
        tie_equity``.
    high, low : float
        The parts of ``equity`` won with the high hand and with the low
        hand: ``equity = high + low``; ``low`` is 0 outside hi-lo.
    """

    label: str
    combos: int
    win: float
    tie: float
    equity: float
    stderr: float
    tie_equity: float = 0.0
    high: float = 0.0
    low: float = 0.0


@dataclass(frozen=True)
class EquityResult:
    """Result of :func:`pokercore.equity.equity`.

    Attributes
    ----------
    players : tuple of PlayerEquity
    board, dead : str
        The known board and dead cards.
    exact : bool
        True if every deal and board was enumerated.
    trials : float
        Exact: the boards enumerated (hold'em: weighted by combo weights);
        Monte Carlo: the samples drawn.
    seed : int or None
        The Monte Carlo seed (None when exact).
    method : str
        Which method ran and why, e.g. ``"exact (chosen: 36 deals x
        1,712,304 boards, under a second on one core)"``.
    deals, boards : int
        Exact runs: the deals enumerated (one combo per player, no card
        shared) and the board completions of each; 0 for Monte Carlo.
    game : str
        ``"holdem"``, ``"shortdeck"``, ``"plo"``, ``"plo5"``, ``"plo6"``
        or ``"plo8"``.
    """

    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    trials: float
    seed: int | None
    method: str = ""
    deals: int = 0
    boards: int = 0
    game: str = "holdem"

    def table(self) -> str:
        """A plain-text table, one row per player.

        Columns: ``win`` (won alone), ``ties`` (how often tied for the best
        hand), ``tie eq`` (the pot share won from ties, PokerStove's "tie"),
        ``equity`` (``win + tie eq``); in hi-lo ``scoop`` and ``split``
        instead of ``win`` and ``ties``, and the ``high`` and ``low`` parts.
        """
        hilo = self.game == "plo8"
        width = max(6, *(len(p.label) for p in self.players))
        head = f"{'player':<{width}}  combos " + ("  scoop   split" if hilo else "    win    ties") + "  tie eq  equity"
        if hilo:
            head += "    high     low"
        if not self.exact:
            head += "   +/- se"
        lines = [head]
        for p in self.players:
            line = f"{p.label:<{width}}  {p.combos:>6} {p.win:7.2%} {p.tie:7.2%} {p.tie_equity:7.2%} {p.equity:7.2%}"
            if hilo:
                line += f" {p.high:7.2%} {p.low:7.2%}"
            if not self.exact:
                line += f"  {p.stderr:7.3%}"
            lines.append(line)
        how = (f"exact: {plural(self.deals, 'deal')} x {plural(self.boards, 'board')}" if self.exact
               else f"Monte Carlo: {self.trials:,.0f} samples, seed {self.seed}")
        where = (f"{self.game}; " if self.game != "holdem" else "") + f"board {self.board or '(none)'}"
        where += f", dead {self.dead}" if self.dead else ""
        lines.append(f"{where}; {how}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        d = asdict(self)
        d["players"] = [asdict(p) for p in self.players]
        return d
