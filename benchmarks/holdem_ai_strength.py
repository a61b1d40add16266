"""Duplicate matches between the hold'em AIs, and their decision times.

Runs :func:`pokercore.sim.simulate` on the ``holdem`` game in duplicate
mode: every deal is replayed once per seat rotation with the same cards
(the button seat comes from the deal, so each agent holds every position
with every hand), agents reset before each deal and the hard AI's reads
kept over each chunk of 50 deals.  Blinds 1/2, 200-chip stacks (100 big
blinds) refreshed every deal.  A deal's result for an agent is its net
chips averaged over the rotations; CIs are 1.96 standard errors over deals.

* ``ladder``: ``A:B`` heads-up (A B) and six-handed (A B A B A B, A's net
  per seat-hand) for each pair of ``--pairs``.
* ``styles``: every AI of ``--ais`` against every style of ``--styles``
  (maniac, rock, station, tag), heads-up and six-handed (``--players``:
  one AI and five copies of the style), all on the same deals, with hard
  minus easy on those deals.
* ``mixed``: every AI at a six-handed table with maniac, rock, station,
  tag and call, on the same deals.
* ``times``: decision times (p50, p95, max) of each AI of ``--ais`` at a
  six-handed table against the others, per variant.

    python benchmarks/holdem_ai_strength.py ladder --variant nl --deals 4000 --players 2 \
        --pairs hard:normal normal:easy easy:call hard:easy --workers 2
    python benchmarks/holdem_ai_strength.py ladder --variant nl --deals 300 --players 6 \
        --pairs hard:normal normal:easy easy:call --workers 2
    python benchmarks/holdem_ai_strength.py styles --variant fl --deals 300 --players 2 6
    python benchmarks/holdem_ai_strength.py mixed --variant nl --deals 300
    python benchmarks/holdem_ai_strength.py times --hands 150

The figures and what they show are in docs/holdem_ai.md.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokercore.sim import simulate


def _ci(x: np.ndarray) -> str:
    m, h = float(x.mean()), 1.96 * float(x.std(ddof=1)) / np.sqrt(len(x))
    verdict = "above 0" if m - h > 0 else "below 0" if m + h < 0 else "overlaps 0"
    return f"{m:+7.3f} [{m - h:+7.3f}, {m + h:+7.3f}] {verdict}"


def pair_match(a: str, b: str, players: int, deals: int, seed: int, workers: int, variant: str) -> np.ndarray:
    """A's net chips per seat-hand against B, one entry per deal (averaged over the rotations)."""
    agents = [a, b] * (players // 2)
    r = simulate("holdem", agents, deals=deals, seed=seed, workers=workers, duplicate=True, progress=False,
                 keep_payoffs=True, options={"variant": variant})
    net: np.ndarray = r.payoffs[:, 0::2].mean(axis=1)
    return net


def ladder(args: argparse.Namespace) -> None:
    print(f"variant {args.variant}, {args.deals} deals a match, seed {args.seed}, duplicate; chips per hand "
          "(blinds 1/2), 95% CI")
    for players in args.players:
        for pair in args.pairs:
            a, b = pair.split(":")
            t = time.perf_counter()
            net = pair_match(a, b, players, args.deals, args.seed, args.workers, args.variant)
            seats = "heads-up" if players == 2 else f"{players}-handed"
            print(f"{seats:<10} {a:>7} vs {b:<7} {_ci(net)}  ({time.perf_counter() - t:.0f} s)", flush=True)


def table_match(agents: list[str], deals: int, seed: int, workers: int, variant: str) -> np.ndarray:
    """The first agent's net chips per hand at the table ``agents``, one entry per deal."""
    r = simulate("holdem", agents, deals=deals, seed=seed, workers=workers, duplicate=True, progress=False,
                 keep_payoffs=True, options={"variant": variant})
    net: np.ndarray = r.payoffs[:, 0]
    return net


def styles(args: argparse.Namespace) -> None:
    """Each AI against each style: heads-up (AI, style) and six-handed (the AI and five copies of the style).

    The deals depend on the seed only, so every AI meets the same cards: the
    last lines give hard minus easy on the same deals.
    """
    for players in args.players:
        seats = "heads-up" if players == 2 else f"{players}-handed, one AI and {players - 1} of the style"
        print(f"variant {args.variant}, {seats}, {args.deals} deals each, seed {args.seed}, duplicate; "
              "the AI's chips per hand, 95% CI", flush=True)
        for style in args.styles:
            nets = {}
            for ai in args.ais:
                t = time.perf_counter()
                nets[ai] = table_match([ai] + [style] * (players - 1), args.deals, args.seed, args.workers,
                                       args.variant)
                print(f"{ai:>7} vs {style:<8} {_ci(nets[ai])}  ({time.perf_counter() - t:.0f} s)", flush=True)
            if "hard" in nets and "easy" in nets:
                print(f"{'hard - easy':>11} {style:<4} {_ci(nets['hard'] - nets['easy'])}", flush=True)


def mixed(args: argparse.Namespace) -> None:
    """Each AI at a six-handed table with the four styles and a calling player, on the same deals."""
    others = ["maniac", "rock", "station", "tag", "call"]
    print(f"variant {args.variant}, six-handed: the AI, {', '.join(others)}; {args.deals} deals, seed "
          f"{args.seed}, duplicate; the AI's chips per hand, 95% CI", flush=True)
    nets = {}
    for ai in args.ais:
        t = time.perf_counter()
        nets[ai] = table_match([ai] + others, args.deals, args.seed, args.workers, args.variant)
        print(f"{ai:>7} mixed    {_ci(nets[ai])}  ({time.perf_counter() - t:.0f} s)", flush=True)
    if "hard" in nets and "easy" in nets:
        print(f"{'hard - easy':>11}      {_ci(nets['hard'] - nets['easy'])}", flush=True)


def times(args: argparse.Namespace) -> None:
    from pokercore.holdem import HoldemConfig, HoldemGame, make_agent

    for variant in args.variants:
        spent: dict[str, list[float]] = {name: [] for name in args.ais}

        def timed(name: str, agent: object, spent: dict[str, list[float]] = spent) -> object:
            def decide(obs: object) -> object:
                t = time.perf_counter()
                action = agent(obs)  # type: ignore[operator]
                spent[name].append(time.perf_counter() - t)
                return action

            decide.hand_over = agent.hand_over  # type: ignore[attr-defined]
            return decide

        names = (args.ais * 6)[:6]
        agents = [timed(n, make_agent(n, np.random.default_rng(i))) for i, n in enumerate(names)]
        cfg = HoldemConfig(variant, players=6, hands=args.hands, seed=args.seed)
        game = HoldemGame(cfg)
        while not game.is_over:
            game.play_hand(agents)  # type: ignore[arg-type]
        for name, ts in spent.items():
            ms = 1000 * np.array(ts)
            print(f"{variant:<4} {name:<7} {len(ms):>6} decisions  p50 {np.percentile(ms, 50):6.2f} ms  "
                  f"p95 {np.percentile(ms, 95):6.2f} ms  max {ms.max():7.2f} ms", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=("ladder", "styles", "mixed", "times"))
    p.add_argument("--variant", default="nl", choices=("nl", "fl", "plo"))
    p.add_argument("--variants", nargs="+", default=["nl", "fl", "plo"])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--hands", type=int, default=150)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--players", type=int, nargs="+", default=[2, 6])
    p.add_argument("--pairs", nargs="+", default=["hard:normal", "normal:easy", "easy:call"])
    p.add_argument("--ais", nargs="+", default=["easy", "normal", "hard"])
    p.add_argument("--styles", nargs="+", default=["maniac", "rock", "station", "tag"])
    args = p.parse_args()
    {"ladder": ladder, "styles": styles, "mixed": mixed, "times": times}[args.mode](args)


if __name__ == "__main__":
    main()
