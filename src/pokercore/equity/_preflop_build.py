"""Compute the shipped order of starting hands: ``python -m pokercore.equity._preflop_build``.

Kept apart from :mod:`pokercore.equity._preflop_order` (which :mod:`pokercore.equity._holdem_ranges` reads) so the
range parser never imports the equity engine that parses ranges.
"""

from __future__ import annotations

import json

from ._preflop_order import ORDER_FILE, RANKS

__all__ = ["compute_order"]


def _classes() -> list[tuple[str, str]]:
    """Each class with one combo of it (its equity against a random hand is the same for every combo)."""
    out = []
    for i, a in enumerate(RANKS):
        for j, b in enumerate(RANKS):
            if i == j:
                out.append((a + b, f"{a}s{b}h"))
            elif i < j:
                out.append((a + b + "s", f"{a}s{b}s"))
            else:
                out.append((b + a + "o", f"{b}s{a}h"))
    return out


def compute_order() -> list[tuple[str, float]]:
    """Every class's exact all-in equity against a random hand, strongest first (ties by name)."""
    from ._holdem_equity import equity

    figures = [(label, equity([combo, "random"], exact=True).players[0].equity) for label, combo in _classes()]
    return sorted(figures, key=lambda item: (-item[1], item[0]))


def _write() -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "data" / ORDER_FILE
    order = compute_order()
    path.write_text(json.dumps({"what": "exact all-in equity of each starting-hand class against a random hand",
                                "order": order}, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    _write()
