"""The plot of a hand against a range: the weighted histogram of the hand's equity over the range's combos.

Needs matplotlib (``pip install "pokercore[plot]"``); it draws on the Agg
backend, so no display is needed.  The format comes from the file name's
suffix (``.png``, ``.svg``, ``.pdf``...; PNG when there is none).

Examples
--------
>>> import tempfile, pathlib
>>> from pokercore.equity import equity_by_combo
>>> r = equity_by_combo("AsKs", "QQ+,AKs,JTs", board="Qh 7d 2c")
>>> with tempfile.TemporaryDirectory() as d:
...     path = plot_combo_equity(r, pathlib.Path(d) / "eq.png")
...     path.read_bytes()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ..errors import PokercoreError, PokercoreValueError
from ._combos import ComboEquityResult

__all__ = ["plot_combo_equity"]


def _pyplot() -> Any:
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise PokercoreError('a plot needs matplotlib: pip install "pokercore[plot]"') from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def plot_combo_equity(result: ComboEquityResult, path: str | Path, *, bins: int = 20) -> Path:
    """Save the equity distribution of ``result`` to ``path``; return the path.

    Bars: the share of the range's weight in each equity bin (red where the
    hand is behind, green where it is ahead); a dashed line at the hand's
    equity against the whole range.

    Raises
    ------
    PokercoreValueError
        A suffix naming no format matplotlib writes.
    PokercoreError
        matplotlib is not installed (the message names the extra).
    """
    plt = _pyplot()
    path = Path(path)
    fmt = path.suffix[1:].lower() or "png"
    supported = plt.gcf().canvas.get_supported_filetypes()
    plt.close("all")
    if fmt not in supported:
        known = ", ".join("." + s for s in sorted(supported))
        raise PokercoreValueError(f"cannot plot to {path}: matplotlib writes {known} files, not .{fmt}")
    d = result.distribution(bins)
    centers = (d.edges[:-1] + d.edges[1:]) / 2
    colors = ["#c0392b" if c < 0.5 else "#27ae60" if c > 0.5 else "#7f8c8d" for c in centers]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    try:
        ax.bar(centers, d.weights, width=(d.edges[1] - d.edges[0]) * 0.9, color=colors, edgecolor="black",
               linewidth=0.4)
        ax.axvline(d.mean, color="black", linestyle="--", linewidth=1,
                   label=f"equity vs the range: {d.mean:.1%}")
        ax.set_xlim(0, 1)
        ax.set_xlabel(f"equity of {result.hand} against one combo")
        ax.set_ylabel("share of the range (by weight)")
        where = f" on {result.board}" if result.board else " preflop"
        ax.set_title(f"{result.hand} vs {result.range}{where}: {len(result.combos)} combos, "
                     f"{result.ahead} ahead of the hand", fontsize=10)
        ax.legend(loc="upper center")
        fig.tight_layout()
        fig.savefig(path, format=fmt)
    finally:
        plt.close(fig)
    return path
