"""Per-agent statistics of a match, kept as the deals stream in: memory does not grow with the deals.

:class:`RunningStats` holds, per agent, the number of deals, the mean and
the sum of squared deviations from the mean, merged block by block with the
update of Chan, Golub and LeVeque (Welford's, for a block of deals at a
time).  From them come each agent's mean, standard error and 95% confidence
interval (:class:`AgentSummary`).

For plots it also records the running mean and its spread after a fixed
set of deals, :func:`checkpoints`: after every deal of a match of up to
1,000 deals, else after 1,000 evenly spaced deals ending with the last.
Blocks are merged in deal order and cut at the same places whoever played
them, so the same match gives the same numbers, bit for bit, on one worker
or many.

Examples
--------
>>> import numpy as np
>>> stats = RunningStats(agents=2, deals=3)
>>> stats.add(np.array([[1.0, -1.0], [3.0, -3.0]]))
>>> stats.add(np.array([[2.0, -2.0]]))
>>> [s.mean for s in stats.summary(["a", "b"])]
[2.0, -2.0]
>>> round(stats.summary(["a", "b"])[0].stderr, 6)
0.57735
>>> checkpoints(5).tolist(), checkpoints(10_000, points=4).tolist()
([1, 2, 3, 4, 5], [2500, 5000, 7500, 10000])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["CURVE_POINTS", "Z95", "AgentSummary", "RunningStats", "checkpoints", "unit_of"]

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054

#: Deals after which the running mean is recorded for plots (at most).
CURVE_POINTS = 1000


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
    """What one deal is called in ``game``: ``"hand"`` for draw and hold'em, ``"deal"`` otherwise.

    >>> unit_of("draw"), unit_of("binh")
    ('hand', 'deal')
    """
    return "hand" if game in ("draw", "holdem") else "deal"


def checkpoints(deals: int, points: int = CURVE_POINTS) -> np.ndarray:
    """The deals (counted from 1) after which the running mean is recorded; the last is ``deals``."""
    if deals <= points:
        return np.arange(1, deals + 1, dtype=np.int64)
    return np.array([-(-i * deals // points) for i in range(1, points + 1)], dtype=np.int64)


class RunningStats:
    """Count, mean and sum of squared deviations per agent, and the running mean at :func:`checkpoints`.

    Parameters
    ----------
    agents : int
        Number of agents (columns of every block).
    deals : int
        Deals the match will have: fixes the checkpoints.
    points : int
        At most this many checkpoints.
    """

    def __init__(self, agents: int, deals: int, points: int = CURVE_POINTS) -> None:
        self.count = 0
        self.planned = int(deals)
        self.mean = np.zeros(agents)
        self.m2 = np.zeros(agents)
        self._marks = checkpoints(self.planned, points)
        self._curve_mean = np.full((len(self._marks), agents), np.nan)
        self._curve_m2 = np.full((len(self._marks), agents), np.nan)
        self._filled = 0

    @classmethod
    def of(cls, payoffs: np.ndarray, points: int = CURVE_POINTS) -> RunningStats:
        """The statistics of a whole (deals, agents) array of payoffs."""
        payoffs = np.asarray(payoffs, dtype=np.float64)
        stats = cls(payoffs.shape[1], payoffs.shape[0], points)
        stats.add(payoffs)
        return stats

    def add(self, block: np.ndarray) -> None:
        """Merge the payoffs of the next ``len(block)`` deals, a (deals, agents) array."""
        block = np.asarray(block, dtype=np.float64)
        start, rows = self.count, block.shape[0]
        if start + rows > self.planned:
            raise ValueError(f"{start + rows} deals added to statistics planned for {self.planned}")
        pos = 0
        while pos < rows:
            mark = int(self._marks[self._filled])
            end = min(rows, mark - start)
            self._merge(block[pos:end])
            pos = end
            if self.count == mark:
                self._curve_mean[self._filled] = self.mean
                self._curve_m2[self._filled] = self.m2
                self._filled += 1

    def _merge(self, seg: np.ndarray) -> None:
        nb = seg.shape[0]
        mb = seg.mean(axis=0)
        dev = seg - mb
        m2b = (dev * dev).sum(axis=0)
        if self.count == 0:
            self.mean, self.m2 = mb, m2b
        else:
            n = self.count + nb
            delta = mb - self.mean
            self.mean = self.mean + delta * (nb / n)
            self.m2 = self.m2 + m2b + delta * delta * (self.count * nb / n)
        self.count += nb

    def summary(self, agents: list[str]) -> list[AgentSummary]:
        """Mean, standard error (of the mean) and 95% CI per agent, in the order of ``agents``."""
        n = self.count
        out = []
        for i, name in enumerate(agents):
            mean = float(self.mean[i]) if n else math.nan
            se = math.sqrt(float(self.m2[i]) / (n - 1)) / math.sqrt(n) if n > 1 else math.nan
            out.append(AgentSummary(name, n, mean, se))
        return out

    def curve(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(deals, mean, half)``: the checkpoints reached, the running mean per agent there and the
        half-width of its 95% CI (NaN after one deal)."""
        k = self._filled
        deals = self._marks[:k].copy()
        mean = self._curve_mean[:k].copy()
        with np.errstate(invalid="ignore", divide="ignore"):
            n = deals[:, None].astype(np.float64)
            var = np.where(n > 1, self._curve_m2[:k] / (n - 1), np.nan)
            half = Z95 * np.sqrt(var / n)
        return deals, mean, half
