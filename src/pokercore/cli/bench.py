"""``pokercore bench``: pokercore's evaluators and equity next to the peers, in one table.

The measuring is :mod:`pokercore.bench`; this module reads the options,
prints the table and writes the JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..bench import Settings, format_table, run
from .args import integer

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pokercore bench",
        description="Compare pokercore's evaluators with treys, eval7, phevaluator and pokerkit.",
    )
    p.add_argument("--quick", action="store_true", help="a run of a few seconds (noisier)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--seed", type=integer(0), default=2024, help="seed of the random hands (default 2024)")
    p.add_argument("--no-import", action="store_true",
                   help="skip timing 'import pokercore' in fresh interpreters")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table and return the exit code (0).

    Parameters
    ----------
    argv : sequence of str, optional
        Options (``--quick``, ``--json FILE``, ``--seed N``, ``--no-import``);
        ``sys.argv[1:]`` if None.

    Returns
    -------
    int
        0; a missed speed goal is reported in the table, not as a failure.

    Examples
    --------
    From a shell, ``pokercore bench --quick --json bench.json``; from Python,
    ``main(["--quick", "--json", "bench.json"])`` (a run of about a minute).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    settings = Settings.quick(args.seed) if args.quick else Settings(seed=args.seed)
    report = run(settings, argv=argv, do_import=not args.no_import)
    print(format_table(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report.as_dict(), fh, indent=2)
            fh.write("\n")
        print(f"\nwrote {args.json}")
    return 0

