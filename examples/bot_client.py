"""A remote bot for ``pokercore serve``: plays a five-card draw session and a Binh session over the WebSocket.

It speaks only the JSON protocol of docs/protocol.md (no pokercore import
is needed in a bot).  Without ``--url`` it starts a server of its own on a
free local port first (this needs ``pip install "pokercore[web]" websockets``).

It keeps to the server's rate limit (20 messages a second) and, if a
message is refused with ``rate_limited`` anyway, waits the ``retry_after``
seconds the error gives and sends the same message again: a refused
message was ignored, not applied.

    python examples/bot_client.py                          # its own server
    python examples/bot_client.py --url ws://127.0.0.1:8000/ws --hands 100 --deals 20
    python examples/bot_client.py --url "ws://HOST:8000/ws?token=..."   # a server started with --token
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from websockets.sync.client import connect

RANKS = "23456789TJQKA"


#: Messages a second the server accepts from one connection on average (docs/protocol.md).
RATE = 20.0


class Bot:
    """One seat: sends messages at most ``rate`` a second, keeps the newest state, never reuses an action number.

    ``rate=None`` sends as fast as it can and relies on backing off alone.
    """

    def __init__(self, ws, rate: float | None = RATE) -> None:
        self.ws = ws
        self.state: dict = {}
        self.sent: set[int] = set()
        self.interval = 1.0 / rate if rate else 0.0
        self.next_send = 0.0
        self.unanswered: dict[tuple, dict] = {}   # (type, seq) -> the message, to send again if refused
        self.backoffs = 0

    def send(self, msg: dict) -> None:
        now = time.monotonic()
        if now < self.next_send:
            time.sleep(self.next_send - now)
        self.next_send = max(now, self.next_send) + self.interval
        self.unanswered[(msg["type"], msg.get("seq"))] = msg
        self.ws.send(json.dumps(msg))

    def recv(self) -> dict:
        while True:
            msg = json.loads(self.ws.recv(timeout=60))
            if msg["type"] == "error" and msg["code"] == "rate_limited":
                self.backoffs += 1                  # ignored, not applied: wait as told, then send it again
                time.sleep(msg["retry_after"])
                ref = msg.get("ref") or {}
                again = self.unanswered.get((ref.get("type"), ref.get("seq")))
                if again is not None:
                    self.send(again)
                continue
            if msg["type"] == "state":
                self.state = msg
            elif msg["type"] == "error":
                raise RuntimeError(f"server refused a message: {msg['code']}: {msg['message']}")
            return msg

    def act(self, action: dict) -> None:
        seq = self.state["seq"]
        self.sent.add(seq)          # one action per action number: a resend would be refused
        self.send({"type": "act", "seq": seq, "action": action})

    def next(self) -> None:
        seq = self.state["seq"]
        self.sent.add(seq)
        self.send({"type": "next", "seq": seq})


# ------------------------------------------------------------------ five-card draw


def draw_decision(state: dict) -> dict:
    """Keep pairs and better, exchange the rest (at most 3); bet and raise with two pair or better."""
    hand = state["hand"]
    counts = Counter(c[0] for c in hand)
    best = max(counts.values())
    legal = {a["kind"]: a for a in state["legal"]}
    if "draw" in legal:
        singles = sorted((c for c in hand if counts[c[0]] == 1), key=lambda c: RANKS.index(c[0]))
        return {"kind": "draw", "cards": singles[:3]}   # the lowest unpaired cards
    strong = best >= 3 or sorted(counts.values()) == [1, 2, 2]
    for kind in (["raise", "bet"] if strong else []) + ["check", "call"]:
        if kind in legal:
            if kind == "call" and best < 2 and state["street"] == "bet2":
                break
            return {"kind": kind, "amount": legal[kind]["amount"]} if "amount" in legal[kind] else {"kind": kind}
    return {"kind": "fold"}


def play_draw(url: str, hands: int, rate: float | None = RATE) -> Bot:
    with connect(url) as ws:
        bot = Bot(ws, rate)
        _play_draw(bot, hands)
    return bot


def _play_draw(bot: Bot, hands: int) -> None:
    bot.send({"type": "create", "game": "draw", "seats": ["me", "easy", "normal"], "hands": hands})
    while True:
        msg = bot.recv()
        if msg["type"] != "state":
            continue
        st = msg
        if st["showdown"] is not None:
            if st["seq"] in bot.sent:
                continue
            sd = st["showdown"]
            shown = "; ".join(f"seat {s['seat']} {' '.join(s['cards'])} ({s['name']})" for s in sd["shown"])
            print(f"draw hand {st['hand_number']}: {shown or 'won without a showdown'}; "
                  f"payouts {sd['payouts']}; my stack {st['players'][st['seat']]['stack']}")
            if st["game_over"]:
                stacks = [p["stack"] for p in st["players"]]
                print(f"draw session over: stacks {stacks} (total {sum(stacks)})")
                break
            bot.next()
        elif st["actor"] == st["seat"] and st["seq"] not in bot.sent:
            bot.act(draw_decision(st))


# ------------------------------------------------------------------ Binh


def naive_arrangement(cards: list[str]) -> dict:
    """Highest cards at the bottom, then the middle, the lowest three on top (may foul)."""
    by_rank = sorted(cards, key=lambda c: RANKS.index(c[0]), reverse=True)
    return {"bottom": by_rank[:5], "middle": by_rank[5:10], "top": by_rank[10:]}


def play_binh(url: str, deals: int, rate: float | None = RATE) -> Bot:
    with connect(url) as ws:
        bot = Bot(ws, rate)
        _play_binh(bot, deals)
    return bot


def _play_binh(bot: Bot, deals: int) -> None:
    bot.send({"type": "create", "game": "binh", "seats": ["me", "normal", "easy", "hard"]})
    done = 0
    seen: set[int] = set()
    while done < deals:
        msg = bot.recv()
        st = bot.state
        if msg["type"] == "state" and st["phase"] == "arrange" and st["legal"] and st["seq"] not in bot.sent:
            plan = naive_arrangement(st["cards"])
            bot.send({"type": "preview", **plan})      # names of the branches, and whether it fouls
            preview = bot.recv()
            while preview["type"] != "preview":
                preview = bot.recv()
            if preview["foul"]:
                bot.send({"type": "suggest"})           # the server's AI arrangement instead
                sug = bot.recv()
                while sug["type"] != "suggestion":
                    sug = bot.recv()
                plan = {k: sug[k] for k in ("top", "middle", "bottom")}
            bot.act({"kind": "arrange", **plan})
        elif msg["type"] == "state" and st["phase"] == "reveal" and st["deal"] not in seen:
            seen.add(st["deal"])
            me = st["seat"]
            mine = st["reveal"]["hands"][me]
            names = mine["special"] or " / ".join(mine["names"])
            print(f"binh deal {st['deal']}: {names}; deal {st['reveal']['nets'][me]:+d}, totals {st['totals']}")
            done += 1
            if done < deals:
                bot.next()


def local_server():
    """Start ``pokercore serve`` in this process on a free port; return (url, stop)."""
    import socket
    import threading
    import time

    import uvicorn

    from pokercore.web import Limits, create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(Limits()), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)

    def stop() -> None:
        server.should_exit = True
        thread.join(10)

    return f"ws://127.0.0.1:{sock.getsockname()[1]}/ws", stop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="the server's WebSocket, e.g. ws://127.0.0.1:8000/ws (default: start one)")
    parser.add_argument("--hands", type=int, default=5, help="draw hands (default 5)")
    parser.add_argument("--deals", type=int, default=3, help="Binh deals (default 3)")
    args = parser.parse_args()
    stop = None
    url = args.url
    if url is None:
        url, stop = local_server()
    try:
        bots = [play_draw(url, args.hands), play_binh(url, args.deals)]
        print(f"done; refused for the rate limit and sent again: {sum(b.backoffs for b in bots)} messages")
    finally:
        if stop is not None:
            stop()


if __name__ == "__main__":
    main()
