"""pokercore next to a native (C/C++) peer, row by row, in one run.

    python benchmarks/native_peer.py                        # pokercore's rows only
    python benchmarks/native_peer.py --peer-cmd ./driver    # the same rows on a peer too
    python benchmarks/native_peer.py --peer-cmd ./driver --repeats 7 --json rows.json
    python benchmarks/native_peer.py --peer-cmd ./driver --clock cpu   # on a busy machine

The rows (the goal: at least the fastest native peer, OMPEval, on every row):

* random 7-card hands from a card array, one core: ``evaluate7_batch`` on a
  ``uint8`` ``(n, 7)`` array (validation included, as a caller pays it)
  into an ``int32`` array, against the peer's loop over the same bytes
  summing the ranks (how OMPEval's own benchmark counts), and against the
  same loop storing each rank into an ``int32`` array (what a batch call
  returns: 4 bytes a hand written to memory, about 0.3-0.4 ns a hand here);
* exact AsKs vs QdQc over all 1,712,304 boards, 1 and 2 threads;
* Monte Carlo AsKs vs QQ+,AKs,AKo, 1 and 2 threads (samples per second);
* exact 3-way preflop (AsKs vs QdQc vs JhTh) and hand-vs-range preflop
  (AsKs vs QQ+,AKs,AKo), 1 thread.

Each repeat runs every row on the peer and on pokercore back to back
(alternating which goes first); the best of ``--repeats`` counts, since the
machines are shared.  The load average is printed with the table: rows on
two threads only mean something when the second core is idle.  With
``--clock cpu`` the one-thread rows are timed in process CPU time on both
sides (steadier when other jobs share the cores; time lost to them is not
counted); two-thread rows always use the wall clock.

Answers are checked before any number is printed: the peer's ranks of the
first ``--check-hands`` hands must order them exactly as pokercore's do
(equal ranks for equal hands, the same order otherwise), exact equities must
agree to 1e-6, Monte Carlo equities within six standard errors.

The peer protocol (one command a line on the peer's stdin, one answer line):

    hands PATH N                -> ok            load N rows of 7 card bytes (code = 4*rank + suit)
    eval7 PASSES                -> SECONDS SUM [CPU]   time PASSES passes over the loaded rows
    eval7out PASSES             -> SECONDS SUM [CPU]   the same, storing each rank into an int32 array
                                   (optional: a peer that answers "error ..." has no such row)
    ranks7 PATH                 -> ok            write one uint16 rank a loaded row (higher is better)
    equity MODE THREADS LIMIT R1;R2;...          MODE exact or mc; LIMIT: Monte Carlo samples
                                -> SECONDS SAMPLES EQ1 EQ2 ... [cpu=CPU]
    quit

SECONDS is wall time; CPU, optional, the process CPU time of the same work.

The peer is never a test dependency; building one is up to its user.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

import pokercore
from pokercore import evaluate7_batch, random_hands
from pokercore.bench._native_peer import NativePeer, check_order
from pokercore.equity import equity

HU = ["AsKs", "QdQc"]
VS_RANGE = ["AsKs", "QQ+,AKs,AKo"]
THREE_WAY = ["AsKs", "QdQc", "JhTh"]


@dataclass
class Row:
    name: str
    unit: str  # "M/s" (higher is better) or "ms" (lower is better)
    ours: list[float] = field(default_factory=list)
    peer: list[float] = field(default_factory=list)
    load: list[float] = field(default_factory=list)

    def best(self, values: list[float]) -> float | None:
        if not values:
            return None
        return max(values) if self.unit == "M/s" else min(values)

    def ratio(self) -> float | None:
        """pokercore / peer, > 1 when pokercore is faster."""
        a, b = self.best(self.ours), self.best(self.peer)
        if a is None or b is None:
            return None
        return a / b if self.unit == "M/s" else b / a


def ours_equity(players: list[str], exact: bool, workers: int, samples: int,
                cpu: bool) -> tuple[float, list[float], list[float]]:
    clock = time.process_time if cpu else time.perf_counter
    t = clock()
    if exact:
        r = equity(players, exact=True, workers=workers)
    else:
        r = equity(players, samples=samples, seed=12345, workers=workers)
    dt = clock() - t
    return dt, [p.equity for p in r.players], [p.stderr for p in r.players]


def peer_seconds(answer: list[str], cpu: bool) -> float:
    """The wall time of a peer's answer, or its CPU time when asked for and given."""
    if cpu:
        for field_ in answer[1:]:
            if field_.startswith("cpu="):
                return float(field_[4:])
    return float(answer[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer-cmd", help="path of a peer driver speaking the protocol above")
    parser.add_argument("--peer-name", default="peer", help="the peer's name in the table")
    parser.add_argument("--repeats", type=int, default=5, help="runs of every row (best counts)")
    parser.add_argument("--hands", type=int, default=10_000_000, help="random 7-card hands in the card array")
    parser.add_argument("--mc-samples", type=int, default=4_000_000, help="Monte Carlo samples a run")
    parser.add_argument("--check-hands", type=int, default=2_000_000, help="hands whose ranks are compared")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="one-thread rows in wall time (default) or process CPU time")
    parser.add_argument("--json", help="also write the rows here")
    args = parser.parse_args(argv)

    peer = NativePeer(args.peer_cmd) if args.peer_cmd else None
    hands = random_hands(args.hands, 7, seed=23)
    out = np.empty(args.hands, dtype=np.int32)
    tmp = tempfile.TemporaryDirectory(prefix="pokercore-peer-")
    try:
        if peer:
            path = Path(tmp.name) / "hands.bin"
            hands.tofile(path)
            peer.ask(f"hands {path} {args.hands}")
            # Correctness first: the same order on the same hands, and the same equities.
            rpath = Path(tmp.name) / "ranks.bin"
            peer.ask(f"ranks7 {rpath}")
            m = min(args.check_hands, args.hands)
            check_order(evaluate7_batch(hands[:m]), np.fromfile(rpath, dtype=np.uint16, count=m))
            print(f"check: {args.peer_name} and pokercore order {m:,} random 7-card hands alike")

        rows: list[Row] = []

        def row(name: str, unit: str) -> Row:
            r = Row(name, unit)
            rows.append(r)
            return r

        r_eval = row(f"random 7-card hands from a card array ({args.hands:,}), one core", "M/s")
        r_store = row("the same, each rank stored into an int32 array on both sides", "M/s")
        eq_rows = [
            (row("exact AsKs vs QdQc, 1,712,304 boards, 1 thread", "ms"), HU, True, 1),
            (row("exact AsKs vs QdQc, 1,712,304 boards, 2 threads", "ms"), HU, True, 2),
            (row("Monte Carlo AsKs vs QQ+,AKs,AKo, 1 thread", "M/s"), VS_RANGE, False, 1),
            (row("Monte Carlo AsKs vs QQ+,AKs,AKo, 2 threads", "M/s"), VS_RANGE, False, 2),
            (row("exact 3-way preflop AsKs vs QdQc vs JhTh, 1 thread", "ms"), THREE_WAY, True, 1),
            (row("exact hand vs range preflop AsKs vs QQ+,AKs,AKo, 1 thread", "ms"), VS_RANGE, True, 1),
        ]
        checked: set[str] = set()
        cpu = args.clock == "cpu"
        for rep in range(args.repeats):
            order = (0, 1) if rep % 2 == 0 else (1, 0)
            for who in order:
                load = os.getloadavg()[0]
                if who == 0:
                    clock = time.process_time if cpu else time.perf_counter
                    t = clock()
                    evaluate7_batch(hands, out=out)
                    rate = args.hands / (clock() - t) / 1e6
                    for r in (r_eval, r_store):  # one call: it always stores its ranks
                        r.ours.append(rate)
                        r.load.append(load)
                elif peer:
                    for r, command in ((r_eval, "eval7 1"), (r_store, "eval7out 1")):
                        try:
                            ans = peer.ask(command)
                        except RuntimeError:  # a peer without the optional command
                            continue
                        secs = float(ans[2]) if cpu and len(ans) > 2 else float(ans[0])
                        r.peer.append(args.hands / secs / 1e6)
            for r, players, exact, threads in eq_rows:
                on_cpu = cpu and threads == 1
                ours_eq: list[float] = []
                ours_se: list[float] = []
                peer_eq: list[float] = []
                for who in order:
                    if who == 0:
                        dt, ours_eq, ours_se = ours_equity(players, exact, threads, args.mc_samples, on_cpu)
                        r.ours.append(dt * 1e3 if exact else args.mc_samples / dt / 1e6)
                        r.load.append(os.getloadavg()[0])
                    elif peer:
                        limit = 0 if exact else args.mc_samples
                        ans = peer.ask(f"equity {'exact' if exact else 'mc'} {threads} {limit} {';'.join(players)}")
                        secs, samples = peer_seconds(ans, on_cpu), float(ans[1])
                        peer_eq = [float(x) for x in ans[2:] if not x.startswith("cpu=")]
                        r.peer.append(secs * 1e3 if exact else samples / secs / 1e6)
                if peer and r.name not in checked:
                    for p, (a, b) in enumerate(zip(ours_eq, peer_eq)):
                        tol = 1e-6 if exact else 6 * max(ours_se[p], 1e-4)
                        if abs(a - b) > tol:
                            raise AssertionError(f"{r.name}: player {p + 1} equity {a:.7f} (pokercore) "
                                                 f"vs {b:.7f} ({args.peer_name})")
                    checked.add(r.name)
        if peer:
            print(f"check: exact equities agree to 1e-6, Monte Carlo within 6 standard errors ({len(checked)} rows)")
    finally:
        if peer:
            peer.close()
        tmp.cleanup()

    loads = [x for r in rows for x in r.load]
    print(f"\npokercore {pokercore.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs; best of {args.repeats}; one-thread rows in {args.clock} time; load average (1 min) "
          f"{min(loads):.2f}..{max(loads):.2f} during the run")
    head = f"{'row':64} {args.peer_name:>12} {'pokercore':>12} {'ratio':>7}"
    print(head)
    print("-" * len(head))
    for r in rows:
        a, b, q = r.best(r.ours), r.best(r.peer), r.ratio()
        digits = 1 if r.unit == "M/s" else 2
        ours, theirs = ("-" if v is None else f"{v:.{digits}f} {r.unit}" for v in (a, b))
        print(f"{r.name:64} {theirs:>12} {ours:>12} {'-' if q is None else f'{q:.2f}x':>7}")
    print("ratio: how many times faster pokercore is (> 1: pokercore ahead)")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "peer": args.peer_name, "repeats": args.repeats, "clock": args.clock,
            "rows": [asdict(r) | {"ratio": r.ratio()} for r in rows],
        }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
