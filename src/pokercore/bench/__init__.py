"""Speed of pokercore's evaluators next to treys, eval7, phevaluator and pokerkit.

Run it as ``python -m pokercore bench`` or ``pokercore bench`` (``--quick``
for a run of a few seconds, ``--json FILE`` to keep the numbers).  It prints
one table, one part per entry of :data:`SECTIONS`:

* **per call** (:mod:`~pokercore.bench.peers`): one Python call per
  five-card hand, looping over the same prepared random hands, each library
  on its own fastest natural input (pokercore and phevaluator: card codes;
  eval7: ``eval7.Card`` objects; treys: treys ints; pokerkit: tuples of
  ``pokerkit.Card``), all built before the clock starts.  The loop overhead
  of Python is included for every library alike, as in user code.
* **batch** and **import** (:mod:`~pokercore.bench.sections`): the batch
  evaluators against each library's fastest per-call loop, and the time
  ``import pokercore`` takes in a fresh interpreter.

Then pokercore's speed goals, each met or missed (:mod:`~pokercore.bench.report`).
Every peer's answers are checked to order the hands exactly as pokercore
does before it is timed.  Timings (:mod:`~pokercore.bench.timing`) are the
best of several repeats with the garbage collector off, taken round-robin
over all rows; on a shared machine compare ratios, not absolute times.

Adding a section is one entry in :data:`SECTIONS`: a name, a function
``rows(settings, pending) -> list[Row]`` that builds the section's rows and
appends ``(row, call)`` pairs for the clock to ``pending`` (or times its
rows itself and appends nothing), and optionally ``finish(rows, by_section)``
run after timing (ratios, rows that depend on other sections).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ._records import Pending, Report, Row, Settings
from .peers import PER_CALL_CASES, Case, Prepared, finish_per_call, per_call_rows
from .report import format_rate, format_table, meta, speed_goals
from .sections import all_five_card_hands, batch_rows, finish_batch, holdem_game_rows, import_rows
from .timing import time_pending

__all__ = [
    "PER_CALL_CASES",
    "SECTIONS",
    "Case",
    "Prepared",
    "Report",
    "Row",
    "Section",
    "Settings",
    "all_five_card_hands",
    "format_rate",
    "format_table",
    "run",
]


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
    Section("hold'em", lambda settings, _pending: holdem_rows(settings)),
    Section("hold'em game", holdem_game_rows),
    Section("Monte Carlo overlap", lambda settings, _pending: holdem_mc_rows(settings)),
    Section("Omaha and short deck", lambda settings, _pending: variant_rows(settings)),
]


def holdem_rows(settings: Settings) -> list[Row]:
    """The hold'em and Omaha rows (:mod:`pokercore.bench.holdem` times them itself)."""
    from .holdem import bench_rows

    return bench_rows(quick=settings.batch_hands < Settings().batch_hands)


def variant_rows(settings: Settings) -> list[Row]:
    """Omaha, Omaha hi-lo and short-deck equity next to pokerkit (:mod:`pokercore.bench.variants`)."""
    from .variants import bench_rows

    return bench_rows(quick=settings.batch_hands < Settings().batch_hands)


def holdem_mc_rows(settings: Settings) -> list[Row]:
    """Monte Carlo over heavily overlapping multiway ranges (:mod:`pokercore.bench.holdem_mc`)."""
    from .holdem_mc import bench_rows

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
