"""Per-agent results of a simulation: mean, standard error, 95% interval.

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
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .files import atomic_write

__all__ = ["AgentSummary", "MatchResult"]

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class AgentSummary:
    """Result of one agent over a match, in points (Binh) or chips (draw) per deal."""

    agent: str
    deals: int
    mean: float
    stderr: float

    @property
    def ci95(self) -> tuple[float, float]:
        """95% confidence interval of the mean (normal approximation)."""
        return (self.mean - Z95 * self.stderr, self.mean + Z95 * self.stderr)

    def as_dict(self) -> dict[str, Any]:
        """Plain values for JSON; a number that is not finite (one deal has no stderr) is None."""
        lo, hi = self.ci95
        return {"agent": self.agent, "deals": self.deals, "mean": _finite(self.mean),
                "stderr": _finite(self.stderr), "ci95": [_finite(lo), _finite(hi)]}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def unit_of(game: str) -> str:
    """What one deal is called in ``game``: ``"hand"`` for draw, ``"deal"`` otherwise.

    >>> unit_of("draw"), unit_of("binh")
    ('hand', 'deal')
    """
    return "hand" if game == "draw" else "deal"


def require_matplotlib() -> Any:
    """``matplotlib.pyplot`` on the Agg backend, or an ImportError naming the extra to install."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError('plots need matplotlib: pip install "pokercore[plot]"') from exc
    return plt


@dataclass
class MatchResult:
    """Everything a match produced.

    Attributes
    ----------
    game : str
        ``"binh"`` or ``"draw"`` (or a registered game's name).
    agents : list of str
        Agent labels, one per seat of the first deal (unique: ``"easy#2"``).
    payoffs : ndarray of shape (deals, n_agents)
        Payoff of each agent in each deal (in duplicate mode the mean over
        the seat rotations of that deal).  Each row sums to zero.
    seed : int
        The match seed.
    duplicate : bool
        Whether each deal was replayed with the seats rotated.
    meta : dict
        Extra facts (workers, chunk size, elapsed seconds, ...).
    """

    game: str
    agents: list[str]
    payoffs: np.ndarray
    seed: int
    duplicate: bool
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def deals(self) -> int:
        return int(self.payoffs.shape[0])

    def summary(self) -> list[AgentSummary]:
        """Mean, standard error and 95% CI per agent."""
        out = []
        n = self.deals
        for i, name in enumerate(self.agents):
            col = self.payoffs[:, i]
            mean = float(col.mean()) if n else math.nan
            se = float(col.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
            out.append(AgentSummary(name, n, mean, se))
        return out

    def table(self) -> str:
        """A plain-text table of :meth:`summary`."""
        unit = ("points/" if self.game == "binh" else "chips/") + unit_of(self.game)
        rows = [f"{'agent':<16} {'deals':>8} {'mean':>10} {'stderr':>9}   95% CI ({unit})"]
        for s in self.summary():
            lo, hi = s.ci95
            rows.append(f"{s.agent:<16} {s.deals:>8} {s.mean:>10.4f} {s.stderr:>9.4f}   [{lo:.4f}, {hi:.4f}]")
        return "\n".join(rows)

    def as_dict(self) -> dict[str, Any]:
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

        The file is written through a temporary file in the same folder and
        then renamed, so a failed write leaves an earlier file intact
        (:class:`~pokercore.sim.files.OutputError`).
        """
        text = json.dumps(self.as_dict(), indent=2, allow_nan=False)
        if path is not None:
            atomic_write(path, lambda tmp: Path(tmp).write_text(text + "\n"))
        return text

    def plot(self, path: str | Path) -> None:
        """Save each agent's running mean per deal with its 95% confidence band.

        The title names the game, its stakes or scoring and the seed; the
        legend gives each agent's final mean +- the half-width of its 95% CI.
        Needs matplotlib (``pip install "pokercore[plot]"``).  Written like
        :meth:`to_json`, through a temporary file.
        """
        plt = require_matplotlib()
        unit = unit_of(self.game)
        fig, ax = plt.subplots(figsize=(8, 4.5))
        n = self.deals
        k = np.arange(1, n + 1)
        s1 = np.cumsum(self.payoffs, axis=0)
        s2 = np.cumsum(self.payoffs ** 2, axis=0)
        mean = s1 / k[:, None]
        with np.errstate(invalid="ignore", divide="ignore"):
            var = np.clip((s2 - s1 * mean) / (k[:, None] - 1), 0.0, None)
            half = Z95 * np.sqrt(var / k[:, None])
        for i, summary in enumerate(self.summary()):
            final = f"{summary.mean:+.3f}" + (f" \u00b1 {Z95 * summary.stderr:.3f}" if n > 1 else "")
            line, = ax.plot(k, mean[:, i], label=f"{summary.agent}: {final}")
            if n > 1:
                ax.fill_between(k[1:], (mean - half)[1:, i], (mean + half)[1:, i], color=line.get_color(),
                                alpha=0.2, linewidth=0)
        ax.set_xlabel(unit)
        ax.set_ylabel(("points" if self.game == "binh" else "chips") + f" per {unit} (running mean, 95% CI)")
        stakes = self.meta.get("stakes")
        title = f"{self.game}" + (f" ({stakes})" if stakes else "")
        title += f": {n:,} {unit}s, seed {self.seed}" + (", duplicate" if self.duplicate else "")
        ax.set_title(title)
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.legend(title="mean \u00b1 95% CI")
        fig.tight_layout()
        try:
            atomic_write(path, lambda tmp: fig.savefig(tmp))
        finally:
            plt.close(fig)
