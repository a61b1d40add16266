"""``pokercore bench``: pokercore's evaluators and equity next to the peers, in one table.

The measuring is :mod:`pokercore.bench`; this module reads the options,
checks the ``--json`` path before the run, prints the table and writes the
JSON (through a temporary file, so a failed write leaves an earlier file
intact).  With ``--check`` a missed speed goal makes the exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ..bench import Report, Settings, format_table, run
from ..sim._files import OutputError, atomic_write, check_writable
from . import refuse
from ._args import integer

__all__ = ["EXIT_GOAL_MISSED", "main", "missed_goals"]

PROG = "pokercore bench"
#: Exit status of ``pokercore bench --check`` when a speed goal is missed.
EXIT_GOAL_MISSED = 1


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Compare pokercore's evaluators with treys, eval7, phevaluator and pokerkit.",
        epilog="Native peer: with POKERCORE_NATIVE_PEER naming a driver (python benchmarks/ompeval/build_and_run.py "
               "--ompeval-src DIR --print-driver builds OMPEval's), its exact equity, Monte Carlo and 7-card batch "
               "are timed beside pokercore's, answers checked first. "
               "Exit status: 0 when the run is done (missed goals are shown in the table), 1 with --check "
               "when a speed goal is missed, 2 for a bad option or --json path.",
    )
    p.add_argument("--quick", action="store_true", help="a run of a few seconds (noisier)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE (checked before the run)")
    p.add_argument("--seed", type=integer(0), default=2024, help="seed of the random hands (default 2024)")
    p.add_argument("--no-import", action="store_true",
                   help="skip timing 'import pokercore' in fresh interpreters")
    p.add_argument("--check", action="store_true",
                   help="exit with status 1 when a speed goal is missed (goals not measured, and lines "
                        "marked (info), do not count)")
    return p


def missed_goals(report: Report) -> list[str]:
    """The speed goals ``report`` missed (informational lines excluded).

    >>> missed_goals(Report({}, targets=[{"target": "batch", "met": False}, {"target": "import", "met": None},
    ...                                  {"target": "  (info) private", "met": False}]))
    ['batch']
    """
    return [t["target"].strip() for t in report.targets if t.get("met") is False and "(info)" not in t["target"]]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table and return the exit code.

    Parameters
    ----------
    argv : sequence of str, optional
        Options (``--quick``, ``--json FILE``, ``--seed N``, ``--no-import``,
        ``--check``); ``sys.argv[1:]`` if None.

    Returns
    -------
    int
        0; with ``--check``, 1 when a speed goal is missed; 2 for a bad
        option or a ``--json`` path that cannot be written (found before
        the run).

    Examples
    --------
    From a shell, ``pokercore bench --quick --json bench.json``; from Python,
    ``main(["--quick", "--json", "bench.json"])`` (a run of about a minute).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2), already printed by argparse
        return exc.code if isinstance(exc.code, int) else 2
    if args.json is not None:
        try:
            if not args.json.strip():
                raise OutputError("--json needs a file name")
            check_writable(args.json)  # now, not after minutes of timing
        except OutputError as exc:
            return refuse(PROG, exc)
    settings = Settings.quick(args.seed) if args.quick else Settings(seed=args.seed)
    report = run(settings, argv=argv, do_import=not args.no_import)
    print(format_table(report))
    if args.json:
        text = json.dumps(report.as_dict(), indent=2) + "\n"
        atomic_write(args.json, lambda tmp: Path(tmp).write_text(text, encoding="utf-8"))
        print(f"\nwrote {args.json}")
    missed = missed_goals(report)
    if args.check and missed:
        print(f"{PROG}: {len(missed)} speed goal{'s' if len(missed) > 1 else ''} missed: "
              + "; ".join(missed), file=sys.stderr)
        return EXIT_GOAL_MISSED
    return 0
