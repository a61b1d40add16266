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
        lo, hi = self.ci95
        return {"agent": self.agent, "deals": self.deals, "mean": self.mean,
                "stderr": self.stderr, "ci95": [lo, hi]}


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
        unit = "points/deal" if self.game == "binh" else "chips/hand"
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
        """The summary as JSON; written to ``path`` if given."""
        text = json.dumps(self.as_dict(), indent=2)
        if path is not None:
            Path(path).write_text(text + "\n")
        return text

    def plot(self, path: str | Path) -> None:
        """Save a plot of each agent's cumulative result (needs matplotlib: ``pip install pokercore[plot]``)."""
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError("plotting needs matplotlib: pip install 'pokercore[plot]'") from exc
        fig, ax = plt.subplots(figsize=(8, 4.5))
        cum = np.cumsum(self.payoffs, axis=0)
        x = np.arange(1, self.deals + 1)
        for i, name in enumerate(self.agents):
            ax.plot(x, cum[:, i], label=name)
        ax.set_xlabel("deal")
        ax.set_ylabel("cumulative " + ("points" if self.game == "binh" else "chips"))
        ax.set_title(f"{self.game}: {self.deals} deals, seed {self.seed}" + (" (duplicate)" if self.duplicate else ""))
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.legend()
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)
