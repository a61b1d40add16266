"""Strength of the Binh AIs: heads-up duplicate matches, decision times and exploitability.

Duplicate: every deal is played twice with the two hands swapped between
the agents (seats rotated), so the luck of the cards cancels; the figure is
agent A's mean net per deal against one opponent (points per deal per
opponent), with a 95% normal-approximation confidence interval over deals
(``1.96 * sd / sqrt(deals)`` of the per-deal means of the two plays).
Every matchup uses the same deals (``--seed``).

Exploitability: ``br`` (:class:`pokercore.binh.agents.BestResponseAgent`)
deals ``--br-samples`` opponents from the 39 unseen cards per decision,
arranges them with the normal policy and plays the legal arrangement with
the best mean pair score over them (exhaustive over its own arrangements);
its duplicate gain over normal is normal's exploitability (a lower bound:
the best response is estimated from a finite sample).

The figures in ``docs/binh_strength.md`` come from::

    python benchmarks/binh_strength.py --deals 4000 --seed 1 --only easy-strongest normal-easy hard-easy
    python benchmarks/binh_strength.py --deals 8000 --seed 1 --only hard-normal
    python benchmarks/binh_strength.py --deals 2000 --seed 1 --br-samples 2000 --only br-normal
    python benchmarks/binh_strength.py --times 300 --only none

(one process each, one shared core; ``--only`` picks the matchups.)
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable

import numpy as np

from pokercore.binh.agents import BestResponseAgent, EasyAgent, HardAgent, NormalAgent, StrongestAgent
from pokercore.binh.game import Observation, deal_hands, run_deal


def duplicate(a: Any, b: Any, deals: int, seed: int) -> tuple[float, float, float, int]:
    """Mean of A's net per deal over both seatings, its 95% CI half-width, sd, deals that differ."""
    rng = np.random.default_rng(seed)
    diffs = np.empty(deals)
    for i in range(deals):
        h = deal_hands(2, rng)
        x = run_deal([a, b], hands=h).nets[0]
        y = run_deal([b, a], hands=h).nets[1]
        diffs[i] = (x + y) / 2
    sd = float(diffs.std(ddof=1))
    return float(diffs.mean()), 1.96 * sd / np.sqrt(deals), sd, int(np.count_nonzero(diffs))


def decision_times(agent: Callable[[Observation], Any], n: int, seed: int, players: int = 4) -> np.ndarray:
    """Seconds per decision of ``agent`` on ``n`` fresh hands (after one warm-up call)."""
    rng = np.random.default_rng(seed)
    agent(Observation(deal_hands(players, rng)[0], 0, players))
    out = np.empty(n)
    for i in range(n):
        obs = Observation(deal_hands(players, rng)[0], 0, players)
        t0 = time.perf_counter()
        agent(obs)
        out[i] = time.perf_counter() - t0
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=2000, help="duplicate deals per matchup")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--br-samples", type=int, default=2000, help="opponent samples per best-response decision")
    p.add_argument("--hard-samples", type=int, default=None)
    p.add_argument("--hard-candidates", type=int, default=None)
    p.add_argument("--hard-shrink", type=float, default=None)
    p.add_argument("--times", type=int, default=0, help="also time this many decisions of each agent")
    p.add_argument("--only", nargs="+", default=["easy-strongest", "normal-easy", "hard-easy", "hard-normal",
                                                 "br-normal"],
                   help="matchups A-B (agents: strongest easy normal hard br), or 'none'")
    args = p.parse_args()
    hard_kw = {k: v for k, v in (("samples", args.hard_samples), ("candidates", args.hard_candidates),
                                 ("shrink", args.hard_shrink)) if v is not None}
    ss = np.random.SeedSequence(args.seed)
    r = [np.random.default_rng(s) for s in ss.spawn(3)]
    agents = {
        "strongest": StrongestAgent(),
        "easy": EasyAgent(r[0]),
        "normal": NormalAgent(),
        "hard": HardAgent(r[1], **hard_kw),
        "br": BestResponseAgent(r[2], samples=args.br_samples),
    }
    if args.times:
        for name in ("strongest", "easy", "normal", "hard"):
            t = decision_times(agents[name], args.times, args.seed + 7) * 1e3
            print(f"{name:>9} decision: median {np.median(t):6.2f} ms, p95 {np.percentile(t, 95):6.2f} ms, "
                  f"max {t.max():6.2f} ms  ({args.times} decisions, 4 players)", flush=True)
    for pair in args.only:
        if pair == "none":
            continue
        a, b = pair.split("-")
        t0 = time.perf_counter()
        m, half, sd, nz = duplicate(agents[a], agents[b], args.deals, args.seed)
        print(f"{a:>6} vs {b:<9} {args.deals:5d} duplicate deals: {m:+.4f} +/- {half:.4f} points/deal/opponent "
              f"(95% CI [{m - half:+.4f}, {m + half:+.4f}], sd {sd:.3f}, {nz} deals differ, "
              f"{time.perf_counter() - t0:.0f}s)", flush=True)


if __name__ == "__main__":
    main()
