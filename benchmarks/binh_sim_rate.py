"""Simulated Binh deals per second of four copies of one built-in agent, in this process.

Prints one line, ``NAME DEALS_PER_SECOND``.  It uses only the simulator's
public API, so the same script runs against any installed pokercore
version: run it under two installs in alternation (the loop below) and
compare the ratios, never the absolute rates (shared machines are noisy)::

    for r in 1 2 3 4 5; do
      for py in /path/old/.venv/bin/python .venv/bin/python; do
        $py benchmarks/binh_sim_rate.py normal --deals 1000 --seed $r
      done
    done

``table`` (the table-optimal policy, :class:`pokercore.binh._agents.TableAgent`)
exists only in versions that have it.
"""

from __future__ import annotations

import argparse
import time

from pokercore.binh import _agents as agents
from pokercore.sim import simulate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("agent", choices=["easy", "normal", "table", "strongest"])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    cls = {"easy": "EasyAgent", "normal": "NormalAgent", "table": "TableAgent", "strongest": "StrongestAgent"}
    agent = getattr(agents, cls[args.agent])
    simulate("binh", [agent] * 4, deals=20, seed=0, progress=False)      # warm up: tables, caches
    t0 = time.perf_counter()
    simulate("binh", [agent] * 4, deals=args.deals, seed=args.seed, progress=False)
    print(args.agent, f"{args.deals / (time.perf_counter() - t0):.1f}")


if __name__ == "__main__":
    main()
