"""The plot of a match: each agent's running mean with its 95% confidence band.

The curve comes from the match's :class:`~pokercore.sim._stats.RunningStats`:
the running mean after every deal up to 1,000 deals, else after 1,000
evenly spaced deals (:func:`~pokercore.sim._stats.checkpoints`), so a plot
of a billion deals needs no per-deal data.  The format comes from the file
name's suffix (``.png``, ``.pdf``, ``.svg``...; PNG when there is none) and
is checked by :func:`plot_format` before a match starts.

>>> plot_format("r.png"), plot_format("r.SVG"), plot_format("r")
('png', 'svg', 'png')
>>> plot_format("r.txt")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.sim._plot.PlotFormatError: cannot plot to r.txt: matplotlib writes ... files, not .txt
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from ..errors import PokercoreValueError
from ._files import atomic_write
from ._optional_packages import require
from ._stats import Z95, AgentSummary, RunningStats, unit_of

__all__ = ["PlotFormatError", "Plottable", "plot_format", "plot_result", "require_matplotlib"]


class PlotFormatError(PokercoreValueError):
    """A plot file name whose suffix names no format matplotlib can write."""


class Plottable(Protocol):
    """What a plot reads of a match (a :class:`~pokercore.sim.MatchResult` has it all)."""

    game: str
    seed: int
    duplicate: bool
    meta: dict[str, Any]
    stats: RunningStats

    @property
    def deals(self) -> int: ...

    def summary(self) -> list[AgentSummary]: ...


def require_matplotlib() -> Any:
    """``matplotlib.pyplot`` on the Agg backend, or a MissingExtraError naming the extra to install."""
    matplotlib = require("matplotlib", "plot", "a plot")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_format(path: str | Path) -> str:
    """The format matplotlib writes ``path`` in (from its suffix; ``png`` without one), or a PlotFormatError."""
    require_matplotlib()
    from matplotlib.backend_bases import FigureCanvasBase

    suffix = Path(path).suffix
    if not suffix:
        return "png"
    fmt = suffix[1:].lower()
    supported = FigureCanvasBase.get_supported_filetypes()
    if fmt not in supported:
        known = ", ".join("." + s for s in sorted(supported))
        raise PlotFormatError(f"cannot plot to {path}: matplotlib writes {known} files, not .{fmt}")
    return fmt


def plot_result(result: Plottable, path: str | Path) -> None:
    """Save ``result``'s running means with their 95% bands to ``path`` (through a temporary file).

    The title names the game, its stakes or scoring and the seed; the
    legend gives each agent's final mean +- the half-width of its 95% CI.
    """
    plt = require_matplotlib()
    fmt = plot_format(path)
    unit = unit_of(result.game)
    deals, mean, half = result.stats.curve()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    n = result.deals
    for i, summary in enumerate(result.summary()):
        final = f"{summary.mean:+.3f}" + (f" \u00b1 {Z95 * summary.stderr:.3f}" if n > 1 else "")
        line, = ax.plot(deals, mean[:, i], label=f"{summary.agent}: {final}")
        if n > 1:
            ax.fill_between(deals[1:], (mean - half)[1:, i], (mean + half)[1:, i], color=line.get_color(),
                            alpha=0.2, linewidth=0)
    ax.set_xlabel(unit)
    ax.set_ylabel(("points" if result.game == "binh" else "chips") + f" per {unit} (running mean, 95% CI)")
    stakes = result.meta.get("stakes")
    title = f"{result.game}" + (f" ({stakes})" if stakes else "")
    title += f": {n:,} {unit}s, seed {result.seed}" + (", duplicate" if result.duplicate else "")
    ax.set_title(title)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.legend(title="mean \u00b1 95% CI")
    fig.tight_layout()
    try:
        atomic_write(path, lambda tmp: fig.savefig(tmp, format=fmt))
    finally:
        plt.close(fig)
