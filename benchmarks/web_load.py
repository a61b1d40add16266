"""Load benchmark of ``pokercore serve``: many bot clients play at many tables at once over WebSockets.

The server runs in its own process (``pokercore.cli._serve``, as ``pokercore
serve`` would); this script opens two bot connections per table (one
creates the table, the other joins its ``"remote"`` seat with the token)
and one built-in AI seat per table, and plays ``--hands`` hands (draw) or
deals (Binh) at every table concurrently.  Checked, and reported as
failures if ever wrong:

- no lost or duplicated action: at the end of every hand, each bot's moves
  in the public history are exactly the moves it sent, in order; every
  message it sent was accepted (no error);
- chips (draw) and points (Binh) are conserved: the stacks sum to the
  starting chips after every hand; every deal's nets and the running
  totals sum to 0; each bot's revealed Binh hand is the arrangement it sent.

Reported: hands per second over the whole run, the latency of an action
(sent -> the state that shows it accepted) at p50, p99 and max, and how
many messages the server's rate limit refused (each bot then waits the
``retry_after`` it is told and sends the message again, as a real bot
must).  The server runs with its default message rate limit; only the
per-address quotas are raised, since every bot connects from 127.0.0.1.

The whole load runs once per count of AI worker processes
(``--ai-processes``, default 1 and 2: ``pokercore serve --ai-processes N``)
and the two are compared.

    python benchmarks/web_load.py                       # 50 tables, 20 hands each, draw and Binh; 1 vs 2 AI processes
    python benchmarks/web_load.py --tables 100 --hands 50 --game draw --ai hard --ai-processes 0,1,2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from websockets.asyncio.client import connect

RANKS = "23456789TJQKA"
OPENING = 25  # tables being opened at once


@dataclass
class Stats:
    hands: int = 0
    actions: int = 0
    backoffs: int = 0
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def fail(self, what: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(what)


def draw_move(st: dict, rng: np.random.Generator) -> dict:
    legal = st["legal"]
    if legal[0]["kind"] == "draw":
        counts = Counter(c[0] for c in st["hand"])
        singles = sorted((c for c in st["hand"] if counts[c[0]] == 1), key=lambda c: RANKS.index(c[0]))
        return {"kind": "draw", "cards": singles[:3]}
    options = [a for a in legal if a["kind"] != "fold"] or legal
    a = options[int(rng.integers(len(options)))]
    return {"kind": a["kind"], "amount": a["amount"]}


class Bot:
    def __init__(self, ws, stats: Stats, seed: int) -> None:
        self.ws, self.stats = ws, stats
        self.rng = np.random.default_rng(seed)
        self.sent: dict[int, float] = {}      # seq -> time sent, until a state shows it accepted
        self.used: set[int] = set()
        self.moves: list[tuple] = []          # this hand's moves, as the history should show them
        self.hand_key = None
        self.unanswered: dict[tuple, dict] = {}

    async def send(self, msg: dict) -> None:
        seq = msg.get("seq")
        if seq is not None:
            self.used.add(seq)
            self.sent.setdefault(seq, time.perf_counter())
        self.unanswered[(msg["type"], seq)] = msg
        await self.ws.send(json.dumps(msg))

    async def refused(self, m: dict, game: str) -> None:
        """An error: a ``rate_limited`` one is waited out and the message sent again; any other is a failure."""
        if m["code"] != "rate_limited":
            self.stats.fail(f"{game} seat refused: {m['code']}: {m['message']}")
            return
        self.stats.backoffs += 1
        await asyncio.sleep(m["retry_after"])
        ref = m.get("ref") or {}
        again = self.unanswered.get((ref.get("type"), ref.get("seq")))
        if again is not None:
            await self.send(again)

    def accepted(self, st: dict) -> None:
        now = time.perf_counter()
        for seq in [s for s in self.sent if s < st["seq"]]:
            self.stats.latencies.append(now - self.sent.pop(seq))
            self.stats.actions += 1

    async def play_draw(self, total: int, counter: bool) -> None:
        checked = set()
        async for raw in self.ws:
            m = json.loads(raw)
            if m["type"] == "error":
                await self.refused(m, "draw")
                continue
            if m["type"] != "state":
                continue
            self.accepted(m)
            me = m["seat"]
            if m["showdown"] is not None:
                if m["hand_number"] not in checked:
                    checked.add(m["hand_number"])
                    mine = [(e["kind"], e["drawn"] if e["kind"] == "draw" else e["amount"])
                            for e in m["events"] if e["seat"] == me and e["kind"] != "ante"]
                    if mine != self.moves:
                        self.stats.fail(f"hand {m['hand_number']} seat {me}: history {mine} != sent {self.moves}")
                    chips = sum(p["stack"] for p in m["players"])
                    if chips != 200 * len(m["players"]):
                        self.stats.fail(f"chips not conserved: {chips}")
                    if counter:
                        self.stats.hands += 1
                    self.moves = []
                if m["game_over"]:
                    return
                if not m["players"][me]["ready"] and m["seq"] not in self.used:
                    await self.send({"type": "next", "seq": m["seq"]})
            elif m["actor"] == me and m["seq"] not in self.used:
                move = draw_move(m, self.rng)
                self.moves.append((move["kind"], len(move["cards"]) if move["kind"] == "draw" else move["amount"]))
                await self.send({"type": "act", "seq": m["seq"], "action": move})

    async def play_binh(self, total: int, counter: bool) -> None:
        done: set[int] = set()
        plan = None
        async for raw in self.ws:
            m = json.loads(raw)
            if m["type"] == "error":
                await self.refused(m, "binh")
                continue
            if m["type"] != "state":
                continue
            self.accepted(m)
            me = m["seat"]
            if m["phase"] == "arrange" and m["legal"] and m["seq"] not in self.used:
                cards = list(self.rng.permutation(m["cards"]))
                plan = {"top": cards[:3], "middle": cards[3:8], "bottom": cards[8:]}
                await self.send({"type": "act", "seq": m["seq"], "action": {"kind": "arrange", **plan}})
            elif m["phase"] == "reveal" and m["deal"] not in done:
                done.add(m["deal"])
                rev = m["reveal"]
                if sum(rev["nets"]) != 0 or sum(m["totals"]) != 0:
                    self.stats.fail(f"points not conserved: nets {rev['nets']} totals {m['totals']}")
                hand = rev["hands"][me]
                if not m["special"] and (plan is None or any(sorted(hand[k]) != sorted(plan[k]) for k in plan)):
                    self.stats.fail(f"deal {m['deal']} seat {me}: revealed hand is not the one sent")
                plan = None
                if counter:
                    self.stats.hands += 1
                if len(done) >= total:
                    return
                await self.send({"type": "next", "seq": m["seq"]})


async def run_table(url: str, game: str, hands: int, stats: Stats, seed: int, ai: str | None,
                    opening: asyncio.Semaphore) -> None:
    ai = ai or ("easy" if game == "draw" else "normal")
    extra = {"hands": hands} if game == "draw" else {}
    # People arrive over time, not all in one instant: at most OPENING tables are being opened at once (their
    # handshakes, create and join), so hundreds of tables do not time out in one burst of 2x as many handshakes.
    async with opening:
        a = await connect(url, max_queue=None, open_timeout=60)
        b = await connect(url, max_queue=None, open_timeout=60)
        await a.send(json.dumps({"type": "create", "game": game, "seats": ["me", "remote", ai], **extra}))
        joined = json.loads(await a.recv())
        if joined["type"] != "joined":
            stats.fail(f"create refused: {joined}")
            await a.close()
            await b.close()
            return
        await b.send(json.dumps({"type": "join", "table": joined["table"], "seat": 1,
                                 "token": joined["tokens"]["1"]}))
    async with a, b:
        bots = [Bot(a, stats, seed), Bot(b, stats, seed + 1)]
        play = "play_draw" if game == "draw" else "play_binh"
        await asyncio.gather(*(getattr(bot, play)(hands, i == 0) for i, bot in enumerate(bots)))


def start_server(port: int, ai_processes: int) -> subprocess.Popen:
    cmd = [sys.executable, "-c", "import sys; from pokercore.cli._serve import main; sys.exit(main(sys.argv[1:]))",
           "--port", str(port), "--ai-delay", "0", "--log-level", "warning", "--ai-processes", str(ai_processes),
           "--max-tables", "5000", "--max-tables-per-client", "5000",
           "--max-tables-per-connection", "5000",
           "--max-connections", "20000", "--max-connections-per-client", "20000"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 120  # the AI workers warm up before the server answers
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def run(url: str, tables: int, hands: int, game: str, ai: str | None) -> tuple[Stats, float]:
    stats = Stats()
    games = [game] * tables if game != "mixed" else ["draw" if i % 2 == 0 else "binh" for i in range(tables)]
    opening = asyncio.Semaphore(OPENING)
    start = time.perf_counter()
    await asyncio.gather(*(run_table(url, g, hands, stats, 1000 * i, ai, opening) for i, g in enumerate(games)))
    return stats, time.perf_counter() - start


def report(stats: Stats, elapsed: float, args: argparse.Namespace, label: str) -> tuple[float, float]:
    """Print one run; its hands/s and p99 latency (ms)."""
    lat = np.array(stats.latencies) * 1000
    expected = args.tables * args.hands
    print(f"{label}: {args.tables} tables ({args.game}), {2 * args.tables} bot connections, {args.hands} hands "
          f"each, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    rate = stats.hands / elapsed
    print(f"  hands played: {stats.hands} of {expected} in {elapsed:.1f} s: {rate:.1f} hands/s")
    p99 = float(np.percentile(lat, 99)) if len(lat) else float("nan")
    if len(lat):
        print(f"  actions: {stats.actions}; latency (sent -> accepted state) p50 {np.percentile(lat, 50):.1f} ms, "
              f"p99 {p99:.1f} ms, max {lat.max():.1f} ms")
    print(f"  refused by the rate limit (waited out and sent again): {stats.backoffs}")
    for f in stats.failures:
        print("  FAILED:", f)
    # a draw session may end early when a seat cannot pay the ante, so fewer hands is not a failure
    print("  checks: no lost or duplicated action, chips and points conserved:",
          "OK" if not stats.failures else "FAILED")
    return rate, p99


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=50, help="tables played at once (default 50)")
    p.add_argument("--hands", type=int, default=20, help="hands (draw) or deals (Binh) per table (default 20)")
    p.add_argument("--game", choices=("draw", "binh", "mixed"), default="mixed",
                   help="mixed: half the tables draw, half Binh (default)")
    p.add_argument("--ai", help="the AI level at every table (default: easy at draw, normal at Binh)")
    p.add_argument("--ai-processes", default="1,2",
                   help="comma-separated: run the whole load once per count of AI worker processes "
                        "(0: the AIs in the server's own process; default 1,2)")
    p.add_argument("--url", help="an already running server's ws://.../ws (default: start one per run)")
    args = p.parse_args()
    counts = [int(x) for x in args.ai_processes.split(",")] if args.url is None else [-1]
    results = {}
    failed = False
    for n in counts:
        proc = None
        url = args.url
        if url is None:
            port = free_port()
            proc = start_server(port, n)
            url = f"ws://127.0.0.1:{port}/ws"
        try:
            stats, elapsed = asyncio.run(run(url, args.tables, args.hands, args.game, args.ai))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(30)
        label = "the given server" if n < 0 else f"{n} AI worker process{'es' if n != 1 else ''}"
        results[n] = report(stats, elapsed, args, label)
        failed |= bool(stats.failures)
    if 1 in results and 2 in results:
        print(f"2 AI processes vs 1: {results[2][0] / results[1][0]:.2f}x hands/s, "
              f"p99 {results[2][1]:.0f} ms vs {results[1][1]:.0f} ms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
