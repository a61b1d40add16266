"""The result of a match: per-agent statistics as a table, JSON or plot, and the per-deal payoffs if kept.

Examples
--------
>>> import numpy as np
>>> r = MatchResult(game="toy", agents=["a", "b"], payoffs=np.array([[1.0, -1.0], [3.0, -3.0]]),
...                 seed=0, duplicate=False)
>>> [round(s.mean, 3) for s in r.summary()]
[2.0, -2.0]
>>> r.summary()[0].stderr
1.0
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from ._files import atomic_write
from ._stats import AgentSummary, RunningStats, unit_of

__all__ = ["MatchResult"]


class MatchResult:
    """Everything a match produced.

    Parameters
    ----------
    game : str
        ``"binh"`` or ``"draw"`` (or a registered game's name).
    agents : list of str
        Agent labels, one per seat of the first deal (unique: ``"easy#2"``).
    payoffs : ndarray of shape (deals, n_agents), optional
        Payoff of each agent in each deal (in duplicate mode the mean over
        the seat rotations of that deal).  Each row sums to zero.
        :func:`~pokercore.sim.simulate` keeps them only with
        ``keep_payoffs=True``.
    seed : int
        The match seed.
    duplicate : bool
        Whether each deal was replayed with the seats rotated.
    meta : dict, optional
        Extra facts (workers, chunk size, elapsed seconds, ...).
    stats : RunningStats, optional
        The statistics; computed from ``payoffs`` when not given.
    """

    def __init__(self, game: str, agents: list[str], payoffs: np.ndarray | None = None, seed: int = 0,
                 duplicate: bool = False, meta: dict[str, Any] | None = None, *,
                 stats: RunningStats | None = None) -> None:
        if stats is None:
            if payoffs is None:
                raise TypeError("MatchResult needs payoffs or stats")
            stats = RunningStats.of(payoffs)
        self.game = game
        self.agents = list(agents)
        self.seed = seed
        self.duplicate = duplicate
        self.meta: dict[str, Any] = {} if meta is None else meta
        self.stats = stats
        self._payoffs = None if payoffs is None else np.asarray(payoffs)

    def __repr__(self) -> str:
        return (f"MatchResult(game={self.game!r}, agents={self.agents!r}, deals={self.deals}, seed={self.seed}, "
                f"duplicate={self.duplicate}, payoffs_kept={self.has_payoffs})")

    @property
    def deals(self) -> int:
        """Deals played."""
        return int(self.stats.count)

    @property
    def has_payoffs(self) -> bool:
        """Whether the per-deal payoffs were kept (``keep_payoffs=True``)."""
        return self._payoffs is not None

    @property
    def payoffs(self) -> np.ndarray:
        """Per-deal payoffs, shape (deals, n_agents); only when the match kept them.

        Raises
        ------
        AttributeError
            The match was run without ``keep_payoffs=True`` (the statistics
            and the plot do not need them).
        """
        if self._payoffs is None:
            raise AttributeError("this match kept no per-deal payoffs (8 bytes per agent per deal): run it with "
                                 "simulate(..., keep_payoffs=True), or --per-deal FILE on the command line; "
                                 "summary(), table(), to_json() and plot() do not need them")
        return self._payoffs

    def summary(self) -> list[AgentSummary]:
        """Mean, standard error and 95% CI per agent."""
        return self.stats.summary(self.agents)

    def table(self) -> str:
        """A plain-text table of :meth:`summary`."""
        unit = ("points/" if self.game == "binh" else "chips/") + unit_of(self.game)
        rows = [f"{'agent':<16} {'deals':>8} {'mean':>10} {'stderr':>9}   95% CI ({unit})"]
        for s in self.summary():
            lo, hi = s.ci95
            rows.append(f"{s.agent:<16} {s.deals:>8} {s.mean:>10.4f} {s.stderr:>9.4f}   [{lo:.4f}, {hi:.4f}]")
        return "\n".join(rows)

    def as_dict(self) -> dict[str, Any]:
        """The summary as plain values (what :meth:`to_json` writes)."""
        return {
            "game": self.game,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "deals": self.deals,
            "agents": [s.as_dict() for s in self.summary()],
            "meta": self.meta,
        }

    def to_json(self, path: str | Path | None = None) -> str:
        """The summary as JSON (strict: no NaN, a missing number is ``null``); written to ``path`` if given.

        ``path`` ``"-"`` writes to standard output.  A file is written
        through a temporary file in the same folder and then renamed, so a
        failed write leaves an earlier file intact
        (:class:`~pokercore.sim._files.OutputError`).
        """
        text = json.dumps(self.as_dict(), indent=2, allow_nan=False)
        if path is not None:
            _write_text(path, text + "\n")
        return text

    def write_payoffs(self, path: str | Path) -> None:
        """Write the per-deal payoffs as CSV: a header ``deal,<agent>,...``, then one row per deal.

        Numbers are written with 17 significant digits, so they read back
        exactly; ``"-"`` writes to standard output.  Needs the payoffs
        (``keep_payoffs=True``).
        """
        payoffs = self.payoffs
        header = ",".join(["deal", *(a.replace(",", ";") for a in self.agents)])

        def write(stream: Any) -> None:
            stream.write(header + "\n")
            for start in range(0, len(payoffs), 65536):
                block = payoffs[start:start + 65536]
                lines = (f"{start + i + 1}," + ",".join(f"{x:.17g}" for x in row) for i, row in enumerate(block))
                stream.write("\n".join(lines) + "\n")

        if str(path) == "-":
            write(sys.stdout)
            sys.stdout.flush()
        else:
            atomic_write(path, lambda tmp: _with_open(tmp, write))

    def plot(self, path: str | Path) -> None:
        """Save each agent's running mean with its 95% confidence band (see :mod:`pokercore.sim._plot`)."""
        from ._plot import plot_result

        plot_result(self, path)


def _with_open(tmp: str, write: Any) -> None:
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        write(fh)


def _write_text(path: str | Path, text: str) -> None:
    if str(path) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        atomic_write(path, lambda tmp: Path(tmp).write_text(text, encoding="utf-8"))
