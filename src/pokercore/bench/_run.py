"""The table's sections in order, and :func:`run`: every section's rows, one clock, the report.

Adding a section is one entry in :data:`SECTIONS` (see :mod:`pokercore.bench`).

>>> [s.name for s in SECTIONS][:3]
['per call', 'batch', 'import']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ._peers import finish_per_call, per_call_rows
from ._records import Pending, Report, Row, Settings
from ._report import meta, speed_goals
from ._sections import batch_rows, finish_batch, holdem_game_rows, import_rows
from ._timing import time_pending

__all__ = ["SECTIONS", "Section", "run"]


class Section(NamedTuple):
    """One part of the table.

    Attributes
    ----------
    name : str
        The ``section`` of its rows (``--no-import`` leaves out ``"import"``).
    rows : callable
        ``rows(settings, pending) -> list[Row]``: the section's rows; calls
        to time go to ``pending`` as ``(row, call)``, one call evaluating
        ``row.n`` hands.
    finish : callable or None
        ``finish(rows, by_section)`` after the clock, with every section's
        rows by name: ratios, rows borrowed from another section.
    """

    name: str
    rows: Callable[[Settings, Pending], list[Row]]
    finish: Callable[[list[Row], dict[str, list[Row]]], None] | None = None


#: The sections in table order; the clock runs over all of them at once.
SECTIONS: list[Section] = [
    Section("per call", per_call_rows, lambda rows, _: finish_per_call(rows)),
    Section("batch", batch_rows, lambda rows, done: finish_batch(rows, done.get("per call", []))),
    Section("import", import_rows),
    Section("hold'em", lambda settings, _pending: _holdem_rows(settings)),
    Section("hold'em game", holdem_game_rows),
    Section("Monte Carlo overlap", lambda settings, _pending: _holdem_mc_rows(settings)),
    Section("Omaha and short deck", lambda settings, _pending: _variant_rows(settings)),
]


def _holdem_rows(settings: Settings) -> list[Row]:
    """The hold'em and Omaha rows (:mod:`pokercore.bench.holdem` times them itself)."""
    from ._holdem_speed import bench_rows

    return bench_rows(quick=settings.batch_hands < Settings().batch_hands)


def _variant_rows(settings: Settings) -> list[Row]:
    """Omaha, Omaha hi-lo and short-deck equity next to pokerkit (:mod:`pokercore.bench._variants`)."""
    from ._variants import bench_rows

    return bench_rows(quick=settings.batch_hands < Settings().batch_hands)


def _holdem_mc_rows(settings: Settings) -> list[Row]:
    """Monte Carlo over heavily overlapping multiway ranges (:mod:`pokercore.bench._holdem_mc`)."""
    from ._holdem_mc import bench_rows

    return bench_rows(quick=settings.batch_hands < Settings().batch_hands)


def run(settings: Settings, *, argv: Sequence[str] = (), do_import: bool = True,
        sections: Sequence[Section] | None = None) -> Report:
    """Measure every section and return the :class:`Report` (nothing printed).

    Parameters
    ----------
    settings : Settings
        Sizes and durations.
    argv : sequence of str
        The command-line options, recorded in the metadata.
    do_import : bool
        Time ``import pokercore`` in fresh interpreters.
    sections : sequence of Section, optional
        What to measure; :data:`SECTIONS` if None.
    """
    chosen = [s for s in (SECTIONS if sections is None else sections) if do_import or s.name != "import"]
    report = Report(meta(settings, argv))
    pending: Pending = []
    by_section = {s.name: s.rows(settings, pending) for s in chosen}
    time_pending(pending, settings)
    for s in chosen:
        if s.finish is not None:
            s.finish(by_section[s.name], by_section)
        report.rows += by_section[s.name]
    report.targets = speed_goals(report.rows)
    return report
