"""One row of the hold'em speed comparison, shared by every module that measures one.

:mod:`pokercore.bench.holdem` gathers the rows (evaluators, Omaha, equity);
:mod:`~pokercore.bench._holdem_exact` adds the exact-equity and per-call floor
rows, :mod:`~pokercore.bench._native_peer` the rows next to a native peer.
Each builds :class:`HoldemRow` from here, so the imports point one way.

>>> HoldemRow("7-card batch", "evaluate7_batch", "M hands/s", 400.0).ratio is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HoldemRow"]


@dataclass
class HoldemRow:
    """One comparison.

    Attributes
    ----------
    name : str
        Short identifier of the measurement.
    what : str
        What pokercore runs.
    unit : str
        Unit of the two figures (higher is better for rates, lower for ``ms``).
    pokercore : float
        pokercore's figure.
    peer : str
        The peer measured next to it (``""`` if none is installed).
    peer_figure : float or None
        The peer's figure in the same unit.
    ratio : float or None
        How many times faster pokercore is.
    note : str
        Anything else to know (estimates, the peer's form).
    """

    name: str
    what: str
    unit: str
    pokercore: float
    peer: str = ""
    peer_figure: float | None = None
    ratio: float | None = None
    note: str = ""
