"""Duplicate matches between the five-card draw AIs: chips per hand with 95% CIs.

Runs :func:`pokercore.sim.simulate` in duplicate mode (every deal replayed
once per seat rotation with the same cards, agents reset before each deal)
with the draw defaults: fixed limit, ante 1, small bet 2, big bet 4,
200-chip stacks refreshed every deal.  A deal's result for an agent is its
net chips averaged over the rotations; CIs are over deals (1.96 standard
errors).  "Hands played" counts every rotation of every deal.

* heads-up ``A:B``: A against B, 2 rotations per deal.
* six-handed ``A:B``: seats A B A B A B, 6 rotations; A's net per seat-hand.
* mixed table: the agents given with ``--table`` (default hard normal easy
  call), one seat each; every agent's net per hand, and hard - normal.
* styles: every AI of ``--ais`` against every style of ``--styles``
  (maniac, rock, station, tag: :mod:`pokercore.draw.ai._baselines`),
  heads-up (``--players 2``) or seats A B A B A B (``--players 6``; with
  ``--seating one``: one AI among five of the style), all on
  the same deals, with each AI's paired difference to easy on those deals.

    python benchmarks/draw_ai_strength.py heads-up --deals 4000 --pairs hard:normal normal:easy easy:call
    python benchmarks/draw_ai_strength.py six --deals 600 --pairs hard:normal normal:easy easy:call
    python benchmarks/draw_ai_strength.py mixed --deals 2000 --seed 7
    python benchmarks/draw_ai_strength.py styles --players 2 --deals 600 --workers 1
    python benchmarks/draw_ai_strength.py times --deals 150

``times``: the hard agent's decision times at 2, 4 and 6 players against
normal, easy and call, after the particle set is built (once per process,
about 1.5 s).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokercore.sim import simulate


def _ci(x: np.ndarray) -> str:
    m, h = float(x.mean()), 1.96 * float(x.std(ddof=1)) / np.sqrt(len(x))
    return f"{m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]"


def pair_match(a: str, b: str, players: int, deals: int, seed: int, workers: int, seating: str = "alternate"):
    """A's net chips per seat-hand against B: ``(per-deal array, hands played, seconds)``.

    ``seating``: ``"alternate"`` (A B A B ...: A's net is the mean over its
    seats) or ``"one"`` (one A among ``players - 1`` copies of B: the table
    a person sits at).
    """
    t = time.perf_counter()
    agents = [a, b] * (players // 2) if seating == "alternate" else [a] + [b] * (players - 1)
    r = simulate("draw", agents, deals=deals, seed=seed, workers=workers, duplicate=True, progress=False,
                 keep_payoffs=True)
    net = r.payoffs[:, 0::2].mean(axis=1) if seating == "alternate" else r.payoffs[:, 0]
    return net, deals * players, time.perf_counter() - t


def decision_times(deals: int, seed: int) -> None:
    """Milliseconds per hard decision (and per ``hand_over``) at 2, 4 and 6 players."""
    from pokercore.draw import DrawConfig, DrawState, Street
    from pokercore.draw.ai import make_agent
    from pokercore.draw.ai._particles import particles

    particles()   # built once per process (about 1.5 s), not counted
    print("| players | decisions | mean | 99th percentile | max | first round | draw | second round | hand_over |")
    print("|---|---|---|---|---|---|---|---|---|")
    others = ["normal", "easy", "call", "normal", "easy"]
    for players in (2, 4, 6):
        ss = np.random.SeedSequence(seed).spawn(players)
        hard = make_agent("hard", np.random.default_rng(ss[0]))
        agents = [hard] + [make_agent(others[i], np.random.default_rng(ss[i + 1])) for i in range(players - 1)]
        times: dict[Street, list[float]] = {Street.BET1: [], Street.DRAW: [], Street.BET2: [], Street.OVER: []}

        def timed(obs, hard=hard, times=times):
            t0 = time.perf_counter()
            a = hard(obs)
            times[obs.street].append(time.perf_counter() - t0)
            return a

        table = [timed] + agents[1:]
        cfg = DrawConfig(players=players)
        for d in range(deals):
            s = DrawState(cfg, button=d % players, seed=seed * 10_000 + d)
            s.play(table)
            t0 = time.perf_counter()
            hard.hand_over(s.observe(0))
            times[Street.OVER].append(time.perf_counter() - t0)
        every = np.array(times[Street.BET1] + times[Street.DRAW] + times[Street.BET2]) * 1e3
        mean = {k: 1e3 * float(np.mean(v)) if v else 0.0 for k, v in times.items()}
        print(f"| {players} | {len(every)} | {every.mean():.1f} ms | {np.percentile(every, 99):.1f} ms | "
              f"{every.max():.1f} ms | {mean[Street.BET1]:.1f} ms | {mean[Street.DRAW]:.1f} ms | "
              f"{mean[Street.BET2]:.1f} ms | {mean[Street.OVER]:.1f} ms |", flush=True)


#: The modes, as ``--help`` lists them.
MODES = {
    "heads-up": "each pair A:B of --pairs heads-up, 2 rotations a deal",
    "six": "each pair A:B of --pairs six-handed, seats A B A B A B",
    "mixed": "the agents of --table, one seat each",
    "styles": "every AI of --ais against every style of --styles (--players, --seating)",
    "times": "the hard agent's decision times at 2, 4 and 6 players",
}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="draw_ai_strength.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=list(MODES), metavar="MODE",
                   help="; ".join(f"{name}: {what}" for name, what in MODES.items()))
    p.add_argument("--ais", nargs="+", default=["easy", "normal", "hard"],
                   help="styles: the AIs (default easy normal hard)")
    p.add_argument("--styles", nargs="+", default=["maniac", "rock", "station", "tag"],
                   help="styles: the playing styles (default maniac rock station tag)")
    p.add_argument("--players", type=int, default=2, help="styles: seats at the table (default 2)")
    p.add_argument("--seating", choices=["alternate", "one"], default="alternate",
                   help="styles at more than 2 players: AI style AI style ... (alternate) or one AI among "
                        "copies of the style (one)")
    p.add_argument("--deals", type=int, default=1000, help="deals per match (default 1000)")
    p.add_argument("--pairs", nargs="+", default=["hard:normal", "normal:easy", "easy:call"],
                   help="heads-up and six: the matches A:B (default hard:normal normal:easy easy:call)")
    p.add_argument("--table", nargs="+", default=["hard", "normal", "easy", "call"],
                   help="mixed: the agents, one seat each (default hard normal easy call)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--workers", type=int, default=2, help="worker processes (results do not depend on it)")
    return p


def main(argv=None):
    ns = parser().parse_args(argv)
    if ns.mode == "times":
        decision_times(ns.deals, ns.seed)
        return
    if ns.mode == "styles":
        print("| players | AI vs style | deals | AI chips/hand (95% CI) | AI - easy, paired (95% CI) | seconds |")
        print("|---|---|---|---|---|---|")
        for style in ns.styles:
            nets = {}
            for ai in ns.ais:
                net, _, dt = pair_match(ai, style, ns.players, ns.deals, ns.seed, ns.workers, ns.seating)
                nets[ai] = net
                diff = _ci(net - nets["easy"]) if "easy" in nets and ai != "easy" else "-"
                print(f"| {ns.players} | {ai} vs {style} | {ns.deals} | {_ci(net)} | {diff} | {dt:.0f} |",
                      flush=True)
        return
    if ns.mode == "mixed":
        t = time.perf_counter()
        r = simulate("draw", ns.table, deals=ns.deals, seed=ns.seed, workers=ns.workers, duplicate=True,
                     progress=False, keep_payoffs=True)
        dt = time.perf_counter() - t
        n = len(ns.table)
        print(f"mixed table {' '.join(ns.table)}: {ns.deals} deals x {n} rotations = "
              f"{ns.deals * n} hands, seed {ns.seed}, {dt:.0f} s")
        print("| agent | chips/hand (95% CI) |")
        print("|---|---|")
        for i, name in enumerate(ns.table):
            print(f"| {name} | {_ci(r.payoffs[:, i])} |")
        if "hard" in ns.table and "normal" in ns.table:
            d = r.payoffs[:, ns.table.index("hard")] - r.payoffs[:, ns.table.index("normal")]
            print(f"| hard - normal (paired) | {_ci(d)} |")
        return
    players = 2 if ns.mode == "heads-up" else 6
    print("| players | A vs B | deals | hands played | A chips/hand (95% CI) | seconds |")
    print("|---|---|---|---|---|---|")
    for pair in ns.pairs:
        a, b = pair.split(":")
        net, hands, dt = pair_match(a, b, players, ns.deals, ns.seed, ns.workers)
        print(f"| {players} | {a} vs {b} | {len(net)} | {hands} | {_ci(net)} | {dt:.0f} |", flush=True)


if __name__ == "__main__":
    main()
