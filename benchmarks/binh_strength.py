"""Strength of the Binh AIs: heads-up duplicate matches and a best-response exploitability test.

Every deal is played twice with the two hands swapped between the agents;
the figure is agent A's mean net per deal against one opponent, with a 95%
normal-approximation confidence interval over deals.

    python benchmarks/binh_strength.py --deals 2000 --seed 1

Exploitability: ``br`` arranges every hand by the exact table best response
to the normal policy's own branch-rank distribution (measured on
``--br-hands`` self-play hands, no blending), i.e. the strongest
independent-branch counter-strategy to normal; its duplicate gain over
normal bounds normal's exploitability from below.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokercore import _arrange, random_hands
from pokercore.binh.agents import NormalAgent, make_agent
from pokercore.binh.game import run_deal
from pokercore.binh.rules import BinhRules
from pokercore.binh.tables import SelfPlayTables, default_tables


def duplicate(a, b, deals: int, seed: int) -> tuple[float, float, float]:
    rng = np.random.default_rng(seed)
    diffs = np.empty(deals)
    for i in range(deals):
        deck = rng.permutation(52)
        h = [deck[:13].tolist(), deck[13:26].tolist()]
        x = run_deal([a, b], hands=h).nets[0]
        y = run_deal([b, a], hands=h).nets[1]
        diffs[i] = (x + y) / 2
    half = 1.96 * diffs.std(ddof=1) / np.sqrt(deals)
    return float(diffs.mean()), float(half), float(diffs.std(ddof=1))


def normal_pmf_tables(hands: int, seed: int) -> SelfPlayTables:
    h = random_hands(hands, 13, seed=seed).astype(np.uint8)
    from pokercore.binh.special import classify_special
    h = np.ascontiguousarray(h[[not classify_special(x.tolist()) for x in h]])
    _, ranks, _ = _arrange.best_batch(h, default_tables().objective())
    return SelfPlayTables.from_ranks(ranks)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--hard-deals", type=int, default=1000)
    p.add_argument("--br-hands", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = np.random.default_rng(args.seed)
    ag = {n: make_agent(n, rng) for n in ("easy", "normal", "hard", "strongest")}
    t = normal_pmf_tables(args.br_hands, args.seed + 100)
    ag["br"] = NormalAgent(tables=t)
    print(f"table BR gain vs normal (model, per opponent): "
          f"{float(np.mean(_arrange.best_batch(random_hands(20000, 13, seed=args.seed + 200).astype(np.uint8), t.objective())[2])):+.4f}")
    for a, b, n in (("easy", "strongest", args.deals), ("normal", "easy", args.deals),
                    ("normal", "strongest", args.deals), ("hard", "normal", args.hard_deals),
                    ("br", "normal", args.deals)):
        t0 = time.perf_counter()
        m, half, sd = duplicate(ag[a], ag[b], n, args.seed)
        print(f"{a:>6} vs {b:<9} {n:5d} duplicate deals: {m:+.4f} +/- {half:.4f} points/deal/opponent "
              f"(sd {sd:.3f}, {time.perf_counter() - t0:.0f}s)", flush=True)


if __name__ == "__main__":
    main()
