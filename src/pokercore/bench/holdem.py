"""Hold'em and Omaha speed next to eval7, phevaluator, treys and pokerkit: ``python -m pokercore.bench.holdem``.

Run ``python -m pokercore.bench.holdem [--quick] [--json FILE]``; ``pokercore bench``
shows the same rows in its "hold'em" section.  The measuring is done in
:mod:`pokercore.bench._holdem_speed`.
"""

from __future__ import annotations

import sys

from ._holdem_speed import HoldemRow, bench_rows, format_rows, main, run

__all__ = [
    "HoldemRow",
    "bench_rows",
    "format_rows",
    "main",
    "run",
]

if __name__ == "__main__":
    sys.exit(main())
