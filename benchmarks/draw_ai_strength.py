"""Duplicate matches between the five-card draw AIs: chips per hand with 95% CIs.

Every deal is played once per seat rotation with the same deck (same seed),
agents reset before each hand; the result of a deal is an agent's average
net chips over the rotations, and the CI is over deals (normal
approximation, 1.96 standard errors).  Fixed limit: ante 1, small bet 2,
big bet 4, 200-chip stacks refreshed every hand.

Heads-up pits A against B (2 rotations).  Six-handed seats A B A B A B
(2 rotations swap every seat), and reports A's net per seat-hand.

    python benchmarks/draw_ai_strength.py --deals 2000 --players 2 --pairs hard:normal normal:easy easy:call
    python benchmarks/draw_ai_strength.py --deals 600 --players 6 --pairs hard:normal normal:easy easy:call
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from pokercore.draw import DrawConfig, DrawState
from pokercore.draw.ai import make_agent


def play_chunk(args):
    a, b, players, seeds, agent_seed = args
    cfg = DrawConfig(players=players, ante=1, small_bet=2, starting_stacks=200)
    ss = np.random.SeedSequence(agent_seed)
    agents = {name: [make_agent(name, np.random.default_rng(s)) for s in ss.spawn(players)]
              for name in {a, b}}
    out = np.empty(len(seeds))
    for k, seed in enumerate(seeds):
        total = 0.0
        for rot in range(2):
            names = [(a if (i + rot) % 2 == 0 else b) for i in range(players)]
            seat_agents = [agents[n][i] for i, n in enumerate(names)]
            for ag in seat_agents:
                ag.reset()
            s = DrawState(cfg, button=0, seed=int(seed))
            s.play(seat_agents)
            start = cfg.stacks
            net = [s.stacks[i] - start[i] for i in range(players)]
            total += sum(net[i] for i in range(players) if names[i] == a) / (players // 2)
        out[k] = total / 2
    return out


def match(a, b, players, deals, seed, workers):
    seeds = np.random.SeedSequence(seed).generate_state(deals, dtype=np.uint32)
    chunks = np.array_split(seeds, max(1, workers * 4))
    jobs = [(a, b, players, list(c), seed + 1 + i) for i, c in enumerate(chunks) if len(c)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            res = np.concatenate(list(ex.map(play_chunk, jobs)))
    else:
        res = np.concatenate([play_chunk(j) for j in jobs])
    mean = res.mean()
    half = 1.96 * res.std(ddof=1) / np.sqrt(len(res))
    return mean, half, len(res)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--players", type=int, default=2, choices=[2, 4, 6])
    p.add_argument("--pairs", nargs="+", default=["hard:normal", "normal:easy", "easy:call"])
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--workers", type=int, default=1)
    ns = p.parse_args(argv)
    print(f"| players | A vs B | deals | hands played | A chips/hand (95% CI) | seconds |")
    print(f"|---|---|---|---|---|---|")
    for pair in ns.pairs:
        a, b = pair.split(":")
        t = time.perf_counter()
        mean, half, n = match(a, b, ns.players, ns.deals, ns.seed, ns.workers)
        dt = time.perf_counter() - t
        print(f"| {ns.players} | {a} vs {b} | {n} | {2 * n} | {mean:+.3f} ± {half:.3f} "
              f"[{mean - half:+.3f}, {mean + half:+.3f}] | {dt:.0f} |", flush=True)


if __name__ == "__main__":
    main()
