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

Against normal the script also prints an expected-value estimate of the
same duplicate expectation with the card luck integrated out (see
:func:`duplicate`): far tighter, since hard and normal differ by
thousandths of a point.

The figures in ``docs/binh_strength.md`` come from (one process each on a
shared 2-core machine; ``--only`` picks the matchups, all on the same deals)::

    python benchmarks/binh_strength.py --times 300 --only none
    python benchmarks/binh_strength.py --deals 4000 --seed 1 --only easy-strongest normal-easy normal-strongest hard-easy
    python benchmarks/binh_strength.py --deals 3000 --seed 1 --ref-samples 5000 --only hard-normal
    python benchmarks/binh_strength.py --deals 2000 --seed 1 --br-samples 2000 --ref-samples 5000 --only br-normal
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable

import numpy as np

from pokercore.binh import Arrangement
from pokercore.binh.agents import (BestResponseAgent, EasyAgent, HardAgent, NormalAgent, StrongestAgent,
                                   sample_opponents)
from pokercore.binh.game import Observation, deal_hands, run_deal


def duplicate(a: Any, b: Any, deals: int, seed: int, ref_samples: int = 0,
              ref_seed: int = 0) -> dict[str, float]:
    """A's duplicate result against B over ``deals`` deals (both seatings).

    ``mean``/``half``: mean of A's net per deal over the two seatings and
    the 95% CI half-width; ``sd``; ``differ``: deals where the two plays
    differ.  With ``ref_samples > 0`` (B must be the normal policy) also
    ``ev_mean``/``ev_half``: the same expectation estimated with the card
    luck integrated out, per deal ``(g(h1) + g(h2)) / 2`` with ``g(h) =
    v(A(h)) - v(B(h))``, where ``v(x)`` is the exact mean pair score of
    arrangement ``x`` against ``ref_samples`` opponents dealt from the 39
    cards unseen by ``h`` and arranged by the normal policy (0 when both
    play the same ranks).  Both estimate E[v(A(h)) - v(B(h))]: the
    realized one because E[s(B(h), B(h'))] = 0 by symmetry.
    """
    rng = np.random.default_rng(seed)
    ref_rng = np.random.default_rng(ref_seed)
    diffs = np.empty(deals)
    ev = np.zeros(deals)
    for i in range(deals):
        h = deal_hands(2, rng)
        r1 = run_deal([a, b], hands=h)
        r2 = run_deal([b, a], hands=h)
        diffs[i] = (r1.nets[0] + r2.nets[1]) / 2
        if ref_samples:
            for hand, pa, pb in ((h[0], r1.played[0], r2.played[0]), (h[1], r2.played[1], r1.played[1])):
                if isinstance(pa, Arrangement) and pa.ranks != pb.ranks:
                    sample = sample_opponents(hand, ref_samples, ref_rng)
                    va, vb = sample.pair_scores(np.array([pa.ranks, pb.ranks]))
                    ev[i] += (va - vb) / 2
    out = {"mean": float(diffs.mean()), "sd": float(diffs.std(ddof=1)), "differ": int(np.count_nonzero(diffs))}
    out["half"] = 1.96 * out["sd"] / np.sqrt(deals)
    if ref_samples:
        out["ev_mean"] = float(ev.mean())
        out["ev_half"] = 1.96 * float(ev.std(ddof=1)) / np.sqrt(deals)
    return out


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
    p.add_argument("--ref-samples", type=int, default=10_000,
                   help="reference opponents for the expected-value estimate against normal (0: off)")
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
        for name in ("strongest", "easy", "normal", "hard", "br"):
            t = decision_times(agents[name], args.times, args.seed + 7) * 1e3
            print(f"{name:>9} decision: median {np.median(t):6.2f} ms, p95 {np.percentile(t, 95):6.2f} ms, "
                  f"max {t.max():6.2f} ms  ({args.times} decisions, 4 players)", flush=True)
    for pair in args.only:
        if pair == "none":
            continue
        a, b = pair.split("-")
        t0 = time.perf_counter()
        ref = args.ref_samples if b == "normal" else 0
        r = duplicate(agents[a], agents[b], args.deals, args.seed, ref, args.seed + 1000)
        m, half = r["mean"], r["half"]
        print(f"{a:>6} vs {b:<9} {args.deals:5d} duplicate deals: {m:+.4f} +/- {half:.4f} points/deal/opponent "
              f"(95% CI [{m - half:+.4f}, {m + half:+.4f}], sd {r['sd']:.3f}, {r['differ']} deals differ)", flush=True)
        if ref:
            m, half = r["ev_mean"], r["ev_half"]
            print(f"{'':>6}    {'':<9} expected-value estimate ({ref} reference opponents per differing hand): "
                  f"{m:+.4f} +/- {half:.4f}  (95% CI [{m - half:+.4f}, {m + half:+.4f}])", flush=True)
        hard = agents["hard"]
        cap = f", hard capped by its time budget in {hard.capped} of {hard.decisions} decisions" if "hard" in pair else ""
        print(f"{'':>20} {time.perf_counter() - t0:.0f}s{cap}", flush=True)
        hard.decisions = hard.capped = 0


if __name__ == "__main__":
    main()
