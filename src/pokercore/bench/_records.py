"""What a benchmark run is made of: its settings, the rows of its table and the report.

>>> Settings.quick().repeats < Settings().repeats
True
>>> Row("batch", "pokercore", "evaluate5_batch(...)").rate is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["Pending", "Report", "Row", "Settings"]


@dataclass
class Settings:
    """How long and on what the benchmark runs.

    Parameters
    ----------
    call_hands : int
        Distinct random hands looped over by every per-call row.
    batch_hands : int
        Random hands of the batch rows.
    min_time : float
        Seconds one timed repeat lasts at least (the loop count is scaled up).
    repeats : int
        Timed repeats of every row; the best one counts.
    import_runs : int
        Fresh interpreters started for each import-time figure.
    seed : int
        Seed of the random hands.
    """

    call_hands: int = 5000
    batch_hands: int = 1_000_000
    min_time: float = 0.05
    repeats: int = 15
    import_runs: int = 15
    seed: int = 2024

    @classmethod
    def quick(cls, seed: int = 2024) -> Settings:
        """Settings for a run of a few seconds (noisier figures)."""
        return cls(call_hands=1000, batch_hands=200_000, min_time=0.01, repeats=5,
                   import_runs=5, seed=seed)


@dataclass
class Row:
    """One line of the table.

    Parameters
    ----------
    section : str
        ``"per call"``, ``"batch"``, ``"import"`` or a later section's name.
    library : str
        Library measured (with its version in the JSON metadata).
    form : str
        The call and the input form it was given.
    impl : str
        ``"C ext"`` if the called function is compiled, ``"Python"`` if it is
        Python code (possibly wrapping a compiled core), ``""`` if not applicable.
    rate : float or None
        Evaluations per second (None for skipped and import rows).
    seconds : float or None
        Best time of one repeat of ``n`` evaluations (or of one import).
    n : int
        Evaluations per repeat.
    ratio : float or None
        How many times faster the section's pokercore reference is.
    note : str
        Why a row was skipped, or what else to know.
    """

    section: str
    library: str
    form: str
    impl: str = ""
    rate: float | None = None
    seconds: float | None = None
    n: int = 0
    ratio: float | None = None
    note: str = ""


#: Rows waiting for the clock, each with the call that evaluates its ``n`` hands once.
Pending = list[tuple[Row, Callable[[], object]]]


@dataclass
class Report:
    """Everything one run measured: metadata, rows and pokercore's speed goals.

    ``targets`` holds one dict per goal (``target``, ``value``, ``goal``,
    ``met``, ``detail``); the key names are kept for readers of older JSON files.
    """

    meta: dict[str, Any]
    rows: list[Row] = field(default_factory=list)
    targets: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"meta": self.meta, "rows": [asdict(r) for r in self.rows], "targets": self.targets}
