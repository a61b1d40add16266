"""Strength of the Binh AIs: the ladder by duplicate simulation, speed, decision times, exploitability.

``ladder``: :func:`pokercore.sim.simulate` in duplicate mode (every deal
replayed once per seat rotation with the same cards), heads-up pairs and
the 4-seat table with one seat per level (easy, normal, hard, strongest).
The figure is points per deal per opponent: an agent's net per deal over
the rotations divided by its number of opponents, with a 95% CI over
deals (1.96 standard errors); "A - B" at the table is the paired
difference of the two agents' figures on the same deals.

``speed``: simulated deals per second of four copies of each of
``table`` (the table-optimal policy, the former normal level), normal,
easy and strongest, interleaved over ``--rounds`` rounds in one process
so that the machine's load hits them alike; the ratios are what count.

``times``: seconds per decision of each level on fresh 4-player hands.

``exploit`` (the older pair matches, on this script's own duplicate
loop): ``br`` (:class:`pokercore.binh._agents.BestResponseAgent`) deals
``--br-samples`` opponents from the 39 unseen cards per decision,
arranges them with the table policy and plays the legal arrangement with
the best mean pair score over them; its duplicate gain over the table
policy is that policy's exploitability (a lower bound).  Against the
table policy the script also prints an expected-value estimate with the
card luck integrated out (see :func:`duplicate`).

The figures in ``docs/binh_strength.md`` come from (one process each, nice
-n 10, on a shared 2-core machine)::

    python benchmarks/binh_strength.py ladder --deals 1500 --seed 7 --pairs hard:normal normal:easy easy:strongest
    python benchmarks/binh_strength.py ladder --deals 500 --seed 7 --pairs none --table easy normal hard strongest
    python benchmarks/binh_strength.py speed --deals 1000 --rounds 3
    python benchmarks/binh_strength.py times --n 300
    python benchmarks/binh_strength.py exploit --deals 2000 --seed 1 --br-samples 2000 --ref-samples 5000 \\
        --only br-table
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from pokercore.binh import Arrangement, Observation, deal_hands, run_deal
from pokercore.binh._agents import (
    BestResponseAgent,
    EasyAgent,
    HardAgent,
    NormalAgent,
    StrongestAgent,
    TableAgent,
    sample_opponents,
)


def duplicate(a: Any, b: Any, deals: int, seed: int, ref_samples: int = 0,
              ref_seed: int = 0) -> dict[str, float]:
    """A's duplicate result against B over ``deals`` deals (both seatings).

    ``mean``/``half``: mean of A's net per deal over the two seatings and
    the 95% CI half-width; ``sd``; ``differ``: deals where the two plays
    differ.  With ``ref_samples > 0`` (B must be the table policy) also
    ``ev_mean``/``ev_half``: the same expectation estimated with the card
    luck integrated out, per deal ``(g(h1) + g(h2)) / 2`` with ``g(h) =
    v(A(h)) - v(B(h))``, where ``v(x)`` is the exact mean pair score of
    arrangement ``x`` against ``ref_samples`` opponents dealt from the 39
    cards unseen by ``h`` and arranged by the table policy (0 when both
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


def _ci(x: np.ndarray) -> str:
    m, h = float(x.mean()), 1.96 * float(x.std(ddof=1)) / np.sqrt(len(x))
    return f"{m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]"


_CLASSES = {"table": TableAgent, "normal": NormalAgent, "easy": EasyAgent, "strongest": StrongestAgent,
            "hard": HardAgent}


def ladder(args: argparse.Namespace) -> None:
    """Heads-up pairs and one table by :func:`pokercore.sim.simulate` with ``duplicate=True``."""
    from pokercore.sim import simulate

    print("| match | deals | A points/deal/opponent (95% CI) | seconds |\n|---|---|---|---|")
    for pair in args.pairs:
        if pair == "none":
            continue
        a, b = pair.split(":")
        t0 = time.perf_counter()
        r = simulate("binh", [_CLASSES[a], _CLASSES[b]], deals=args.deals, seed=args.seed, duplicate=True,
                     progress=False, keep_payoffs=True)
        print(f"| {a} vs {b} (heads-up) | {args.deals} | {_ci(r.payoffs[:, 0])} | "
              f"{time.perf_counter() - t0:.0f} |", flush=True)
    if args.table:
        t0 = time.perf_counter()
        r = simulate("binh", [_CLASSES[a] for a in args.table], deals=args.deals, seed=args.seed,
                     duplicate=True, progress=False, keep_payoffs=True)
        per_opp = r.payoffs / (len(args.table) - 1)
        print(f"\n{len(args.table)}-seat table, {args.deals} deals x {len(args.table)} rotations, "
              f"{time.perf_counter() - t0:.0f} s\n| agent | points/deal/opponent (95% CI) |\n|---|---|")
        for i, a in enumerate(args.table):
            print(f"| {a} | {_ci(per_opp[:, i])} |")
        for i in range(len(args.table) - 1):
            a, b = args.table[i + 1], args.table[i]
            ia, ib = i + 1, i
            if {a, b} & {"strongest"}:
                continue
            print(f"| {a} - {b} (paired) | {_ci(per_opp[:, ia] - per_opp[:, ib])} |")


def speed(args: argparse.Namespace) -> None:
    """Simulated deals/s of four copies of each policy, interleaved rounds in one process."""
    from pokercore.sim import simulate

    spent = dict.fromkeys(args.agents, 0.0)
    for name in args.agents:     # warm up: tables, caches
        simulate("binh", [_CLASSES[name]] * 4, deals=20, seed=0, progress=False)
    for k in range(args.rounds):
        for name in args.agents:
            t0 = time.perf_counter()
            simulate("binh", [_CLASSES[name]] * 4, deals=args.deals, seed=k, progress=False)
            spent[name] += time.perf_counter() - t0
    base = args.deals * args.rounds / spent[args.agents[0]]
    print(f"| 4 x agent | deals/s | vs {args.agents[0]} |\n|---|---|---|")
    for name in args.agents:
        rate = args.deals * args.rounds / spent[name]
        print(f"| {name} | {rate:,.0f} | {rate / base:.2f}x |")


def times(args: argparse.Namespace) -> None:
    """Decision times of each level on fresh 4-player hands."""
    rs = [np.random.default_rng(s) for s in np.random.SeedSequence(args.seed).spawn(4)]
    agents = {"strongest": StrongestAgent(), "easy": EasyAgent(rs[0]), "normal": NormalAgent(rs[1]),
              "table": TableAgent(), "hard": HardAgent(rs[2])}
    print("| level | median | 95th percentile | max |\n|---|---|---|---|")
    for name, agent in agents.items():
        t = decision_times(agent, args.n, args.seed + 7) * 1e3
        print(f"| {name} | {np.median(t):.2f} ms | {np.percentile(t, 95):.2f} ms | {t.max():.2f} ms |", flush=True)


def parser() -> argparse.ArgumentParser:
    """The command line: one sub-command per mode (``--help`` lists them, ``MODE --help`` its options)."""
    p = argparse.ArgumentParser(prog="binh_strength.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True, metavar="MODE",
                           help="ladder, speed, times or exploit (see above); MODE --help lists its options")
    q = sub.add_parser("ladder", help="heads-up pairs and a 4-seat table by duplicate simulation")
    q.add_argument("--deals", type=int, default=1000, help="duplicate deals per match (default 1000)")
    q.add_argument("--seed", type=int, default=7)
    q.add_argument("--pairs", nargs="+", default=["hard:normal", "normal:easy", "easy:strongest"],
                   help="heads-up matches A:B (levels easy normal hard strongest table), or 'none'")
    q.add_argument("--table", nargs="*", default=[], help="levels of one table, one seat each (default: none)")
    q.set_defaults(run=ladder)
    q = sub.add_parser("speed", help="simulated deals per second of each level, interleaved rounds")
    q.add_argument("--deals", type=int, default=1000, help="deals per round and level (default 1000)")
    q.add_argument("--rounds", type=int, default=3)
    q.add_argument("--agents", nargs="+", default=["table", "normal", "easy", "strongest"],
                   help="levels to time; the first is the baseline of the ratios")
    q.set_defaults(run=speed)
    q = sub.add_parser("times", help="milliseconds per decision of each level on fresh 4-player hands")
    q.add_argument("--n", type=int, default=300, help="decisions per level (default 300)")
    q.add_argument("--seed", type=int, default=1)
    q.set_defaults(run=times)
    q = sub.add_parser("exploit", help="the pair matches of this script's own duplicate loop, best response "
                                       "included (exploitability of the table policy)")
    q.add_argument("--deals", type=int, default=2000, help="duplicate deals per matchup")
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--br-samples", type=int, default=2000, help="opponent samples per best-response decision")
    q.add_argument("--ref-samples", type=int, default=10_000,
                   help="reference opponents for the expected-value estimate against normal (0: off)")
    q.add_argument("--hard-samples", type=int, default=None)
    q.add_argument("--hard-candidates", type=int, default=None)
    q.add_argument("--hard-shrink", type=float, default=None)
    q.add_argument("--times", type=int, default=0, help="also time this many decisions of each agent")
    q.add_argument("--only", nargs="+", default=["hard-table", "br-table"],
                   help="matchups A-B (agents: strongest easy normal table hard br), or 'none'")
    q.set_defaults(run=exploit)
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    args.run(args)


def exploit(args: argparse.Namespace) -> None:
    """Pair matches on this script's duplicate loop (best response included)."""
    hard_kw = {k: v for k, v in (("samples", args.hard_samples), ("candidates", args.hard_candidates),
                                 ("shrink", args.hard_shrink)) if v is not None}
    ss = np.random.SeedSequence(args.seed)
    r = [np.random.default_rng(s) for s in ss.spawn(3)]
    agents = {
        "strongest": StrongestAgent(),
        "easy": EasyAgent(r[0]),
        "normal": NormalAgent(r[0]),
        "table": TableAgent(),
        "hard": HardAgent(r[1], **hard_kw),
        "br": BestResponseAgent(r[2], samples=args.br_samples),
    }
    if args.times:
        for name in ("strongest", "easy", "normal", "table", "hard", "br"):
            t = decision_times(agents[name], args.times, args.seed + 7) * 1e3
            print(f"{name:>9} decision: median {np.median(t):6.2f} ms, p95 {np.percentile(t, 95):6.2f} ms, "
                  f"max {t.max():6.2f} ms  ({args.times} decisions, 4 players)", flush=True)
    for pair in args.only:
        if pair == "none":
            continue
        a, b = pair.split("-")
        t0 = time.perf_counter()
        ref = args.ref_samples if b == "table" else 0
        r = duplicate(agents[a], agents[b], args.deals, args.seed, ref, args.seed + 1000)
        m, half = r["mean"], r["half"]
        print(f"{a:>6} vs {b:<9} {args.deals:5d} duplicate deals: {m:+.4f} +/- {half:.4f} points/deal/opponent "
              f"(95% CI [{m - half:+.4f}, {m + half:+.4f}], sd {r['sd']:.3f}, {r['differ']} deals differ)", flush=True)
        if ref:
            m, half = r["ev_mean"], r["ev_half"]
            print(f"{'':>6}    {'':<9} expected-value estimate ({ref} reference opponents per differing hand): "
                  f"{m:+.4f} +/- {half:.4f}  (95% CI [{m - half:+.4f}, {m + half:+.4f}])", flush=True)
        hard = agents["hard"]
        cap = (f", hard capped by its time budget in {hard.capped} of {hard.decisions} decisions"
               if "hard" in pair else "")
        print(f"{'':>20} {time.perf_counter() - t0:.0f}s{cap}", flush=True)
        hard.decisions = hard.capped = 0


if __name__ == "__main__":
    main()
