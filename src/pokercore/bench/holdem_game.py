"""Hold'em game engine speed next to pokerkit: ``python -m pokercore.bench.holdem_game``.

Run ``python -m pokercore.bench.holdem_game [--quick]``; ``pokercore bench``
shows the same rows in its "hold'em game" section.  The measuring is done
in :mod:`pokercore.bench._holdem_game_speed`.
"""

from __future__ import annotations

import sys

from ._holdem_game_speed import SECTION, bench_rows, main

__all__ = [
    "SECTION",
    "bench_rows",
    "main",
]

if __name__ == "__main__":
    sys.exit(main())
