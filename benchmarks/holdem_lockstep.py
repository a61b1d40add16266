"""Lockstep differential of pokercore's hold'em engine against pokerkit, on many random hands.

    python benchmarks/holdem_lockstep.py --hands 100000            # every variant, 100,000 hands each
    python benchmarks/holdem_lockstep.py --variants plo --hands 2000 --first-seed 5000

Every hand gets a random table (2-10 players, blinds, antes of both kinds,
straddles, stacks from a few big blinds to deep) and a random deck; pokercore
and pokerkit play it side by side with the same random legal actions (see
``tests/holdem/game/lockstep.py``).  At every decision both must offer the
same actions and amounts; at the end both must pay the same.  Steps where the
engines differ on a documented ruling are counted by name; anything else is a
failure, printed with its seed (rerun it with ``--first-seed SEED --hands 1``).
The exit status is 1 if any hand failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.holdem.game.lockstep import Stats, play_hand


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=100_000, help="hands per variant (default 100,000)")
    p.add_argument("--variants", default="nl,fl,plo", help="comma-separated: nl, fl, plo")
    p.add_argument("--first-seed", type=int, default=0, help="seed of the first hand (then +1 per hand)")
    p.add_argument("--max-players", type=int, default=10, help="most seats at a table (2..10)")
    p.add_argument("--json", metavar="FILE", help="also write the counts as JSON")
    args = p.parse_args(argv)
    report = {}
    failed = 0
    for variant in args.variants.split(","):
        stats = Stats()
        start = time.perf_counter()
        step = max(1, args.hands // 10)
        for k, seed in enumerate(range(args.first_seed, args.first_seed + args.hands), 1):
            stats.add(play_hand(seed, variant, max_players=args.max_players))
            if k % step == 0:
                print(f"  {variant}: {k:,} hands, {len(stats.failures)} failures, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
        seconds = time.perf_counter() - start
        failed += len(stats.failures)
        row = {
            "hands": stats.hands, "decisions compared": stats.steps, "showdowns": stats.showdowns,
            "hands with side pots": stats.side_pots, "hands with an all-in": stats.all_ins,
            "rulings": dict(stats.rulings), "failures": len(stats.failures), "seconds": round(seconds, 1),
        }
        report[variant] = row
        print(f"{variant}: {json.dumps(row)}", flush=True)
        for f in stats.failures[:10]:
            print(f"  FAILURE {f[:2000]}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
