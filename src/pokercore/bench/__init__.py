"""Speed of pokercore's evaluators next to treys, eval7, phevaluator and pokerkit.

Run it as ``python -m pokercore bench`` or ``pokercore bench`` (``--quick``
for a run of a few seconds, ``--json FILE`` to keep the numbers).  It prints
one table, one part per entry of :data:`SECTIONS`:

* **per call** (:mod:`~pokercore.bench._peers`): one Python call per
  five-card hand, looping over the same prepared random hands, each library
  on its own fastest natural input (pokercore and phevaluator: card codes;
  eval7: ``eval7.Card`` objects; treys: treys ints; pokerkit: tuples of
  ``pokerkit.Card``), all built before the clock starts.  The loop overhead
  of Python is included for every library alike, as in user code.
* **batch** and **import** (:mod:`~pokercore.bench._sections`): the batch
  evaluators against each library's fastest per-call loop, and the time
  ``import pokercore`` takes in a fresh interpreter.

Then pokercore's speed goals, each met or missed (:mod:`~pokercore.bench._report`).
Every peer's answers are checked to order the hands exactly as pokercore
does before it is timed.  Timings (:mod:`~pokercore.bench._timing`) are the
best of several repeats with the garbage collector off, taken round-robin
over all rows; on a shared machine compare ratios, not absolute times.

Adding a section is one entry in :data:`SECTIONS`: a name, a function
``rows(settings, pending) -> list[Row]`` that builds the section's rows and
appends ``(row, call)`` pairs for the clock to ``pending`` (or times its
rows itself and appends nothing), and optionally ``finish(rows, by_section)``
run after timing (ratios, rows that depend on other sections).
"""

from __future__ import annotations

from ._peers import PER_CALL_CASES, Case, Prepared
from ._records import Report, Row, Settings
from ._report import format_rate, format_table
from ._run import SECTIONS, Section, run
from ._sections import all_five_card_hands

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
