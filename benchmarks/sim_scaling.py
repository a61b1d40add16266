"""Simulation throughput on 1 and 2 workers.

    python benchmarks/sim_scaling.py            # Binh with 4 normal AIs, draw with 6 easy AIs
    python benchmarks/sim_scaling.py --quick    # smaller runs

Prints deals (hands) per second for each game on 1 and 2 worker processes
and the speed-up; the best of ``--repeat`` runs counts, since the machines
are shared.  Results are identical on any number of workers (same seed).
"""

from __future__ import annotations

import argparse

import numpy as np

from pokercore.sim import simulate

CASES = [("binh", ["normal"] * 4, 6000), ("draw", ["easy"] * 6, 20000)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the deals")
    parser.add_argument("--repeat", type=int, default=2, help="runs per setting (best counts)")
    args = parser.parse_args(argv)
    print(f"{'game':6} {'agents':14} {'deals':>6} {'1 worker':>12} {'2 workers':>12} {'speed-up':>9}")
    for game, agents, deals in CASES:
        deals = deals // 10 if args.quick else deals
        rate, payoffs = {}, {}
        for workers in (1, 2):
            best = 0.0
            for _ in range(args.repeat):
                r = simulate(game, agents, deals, seed=1, workers=workers, progress=False, keep_payoffs=True)
                best = max(best, r.meta["deals_per_s"])
                payoffs[workers] = r.payoffs
            rate[workers] = best
        assert np.array_equal(payoffs[1], payoffs[2]), "results differ between 1 and 2 workers"
        label = f"{len(agents)} {agents[0]}"
        print(f"{game:6} {label:14} {deals:>6} {rate[1]:>10.0f}/s {rate[2]:>10.0f}/s {rate[2] / rate[1]:>8.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
