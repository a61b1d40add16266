"""The history as a person reads it: "You" and the seats' names instead of s0/s1 or p1..p4, the reader's own
mucked hand shown, every winner's line with its amount, and sessions the player left never listed as open."""

from __future__ import annotations

import re

from .helpers import close_all, closing, connect, require, starlette_test_client
from .test_history_holdem import play_holdem_hand
from .test_history_server import LIMITS, ME, _api, next_hand, play_draw_hand

require("starlette")

from pokercore.web import create_app  # noqa: E402
from pokercore.web.history_text import readable, seat_view  # noqa: E402
from pokercore.web.store import open_store  # noqa: E402

NAMES = ["Player 1", "Call AI", "Call AI"]
SEAT_WORDS = re.compile(r"\b(s\d|p\d)\b")

DRAW = """# pokercore five-card draw (fixed limit)
hand: 4
seats: 3
button: 2
ante: 1
bets: 2 4
raise_cap: 3
all_in: off
stacks: 200 200 200
deal s0: Td Kd 3c 3d 5s
deal s1: Jd 3h Qd Kc 4s
deal s2: 4d 2s As Th 2d
s0: bet 2
s1: call 2
s2: fold
s0: draw Td 5s -> 9c 9h
s1: draw Jd 4s -> 8c 8d
s0: check
s1: bet 4
s0: call 4
show s1: 3h Qd Kc 8c 8d
muck s0
win s1: 15
final: 192 207 199
"""


def _lines(fmt: str, text: str, seat: int, names: list[str] = NAMES) -> list[str]:
    return readable(fmt, seat_view(fmt, text, seat), seat, names)


def test_draw_lines_name_the_seats_show_my_mucked_hand_and_the_amount_won():
    mine = _lines("pokercore-draw", DRAW, 0)
    text = "\n".join(mine)
    assert not SEAT_WORDS.search(text), text
    assert "Dealt to You: Td Kd 3c 3d 5s" in mine
    assert "Dealt to Call AI 1: ?? ?? ?? ?? ??" in mine                  # two "Call AI": their seat numbers
    assert "You muck Kd 3c 3d 9c 9h" in mine                             # my own final hand, never hidden from me
    assert "Call AI 1 shows 3h Qd Kc 8c 8d" in mine
    assert "Call AI 1 wins 15 chips" in mine
    assert "Call AI 2 folds" in mine and "You bet 2" in mine
    theirs = "\n".join(_lines("pokercore-draw", DRAW, 1))
    assert "Player 1 mucks" in theirs and "9c" not in theirs and "Td" not in theirs   # nobody else sees it
    assert "You win 15 chips" in theirs


PHH = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  'd dh p1 6h4s',
  'd dh p2 AdAh',
  'd dh p3 QsAs',
  'p3 cbr 6',
  'p1 cc',
  'p2 cc',
  'd db Js8s8c',
  'p1 cc',
  'p2 cbr 10',
  'p3 cc',
  'p1 f',
  'd db 2d',
  'p2 cc',
  'p3 cc',
  'd db Ks',
  'p2 cc',
  'p3 cc',
  'p2 sm AdAh',
  'p3 sm',
]
hand = 7
seats = [2, 3, 1]
seat_count = 3
finishing_stacks = [194, 222, 184]
"""


def test_phh_lines_name_the_seats_say_check_call_bet_raise_and_the_amount_won():
    # p1 is seat 1, p2 seat 2, p3 seat 0 (the button): the reader is seat 0
    mine = _lines("phh", PHH, 0, ["Player 1", "Easy AI", "Call AI"])
    text = "\n".join(mine)
    assert not SEAT_WORDS.search(text), text
    assert "Dealt to You: Qs As" in mine and "Dealt to Easy AI: ?? ??" in mine
    assert "You raise to 6" in mine and "Easy AI calls 6" in mine and "Call AI calls 6" in mine
    assert "Flop: Js 8s 8c" in mine and "Turn: 2d" in mine and "River: Ks" in mine
    assert "Easy AI checks" in mine and "Call AI bets 10" in mine and "Easy AI folds" in mine
    assert "Call AI shows Ad Ah" in mine and "You muck Qs As" in mine  # my own mucked hand
    assert "You call 10" in mine and "Call AI wins 38 chips" in mine   # 3 x 6 + 2 x 10
    theirs = "\n".join(_lines("phh", PHH, 2, ["Player 1", "Easy AI", "Call AI"]))
    assert "Player 1 mucks" in theirs and "Qs" not in theirs


def test_binh_lines_name_the_seats():
    text = "binh deal players=2\np1 dealt Ac Js\np2 dealt Ks Kc\np1 shows Ac / Js / Jh\np2 shows Ks / Kc / Qs\n" \
           "p1 vs p2 +3\nnets +3 -3"
    lines = _lines("pokercore-binh", text, 1, ["Hard AI", "Player 2"])
    assert "Hard AI shows Ac / Js / Jh" in lines and "You show Ks / Kc / Qs" in lines
    assert "Hard AI vs You: +3" in lines and "Nets: Hard AI +3, You -3" in lines
    assert not SEAT_WORDS.search("\n".join(lines))


def test_the_api_gives_each_hand_its_lines_and_sessions_say_playing_left_or_over():
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        c = connect(tc)
        c.create("holdem", ["me", "call"], hands=2, player=ME)
        st = play_holdem_hand(c)
        hand_id = _api(tc, f"/api/history/table/{c.table}").json()["hands"][0]["id"]
        got = _api(tc, f"/api/history/hand/{hand_id}").json()
        assert f"Dealt to You: {' '.join(st['hole'])}" in got["lines"]
        won = [i for i, v in enumerate(st["showdown"]["payouts"]) if v > 0]
        for i in won:
            who = "You win" if i == 0 else "Call AI wins"
            assert f"{who} {st['showdown']['payouts'][i]} chips" in got["lines"], got["lines"]
        assert [s["status"] for s in _api(tc, "/api/history").json()["sessions"]] == ["playing"]
        d = connect(tc)
        d.create("draw", ["me", "call"], hands=1, player=ME)
        play_draw_hand(d)                                         # its only hand: the session is over
        by_game = {s["game"]: s["status"] for s in _api(tc, "/api/history").json()["sessions"]}
        assert by_game == {"holdem": "playing", "draw": "over"}
    tc = starlette_test_client()(create_app(LIMITS, db=store))  # a restart: nobody has come back to the hold'em
    with tc:
        by_game = {s["game"]: s["status"] for s in _api(tc, "/api/history").json()["sessions"]}
        assert by_game == {"holdem": "left", "draw": "over"}


def test_a_session_the_player_left_is_not_listed_as_open_while_the_server_still_holds_it():
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc:
        with closing():
            c = connect(tc)
            c.create("draw", ["me", "call"], hands=5, player=ME)
            play_draw_hand(c)
            next_hand(c, 2)
        close_all()
        assert c.table in tc.app.state.manager.tables           # held for a while, in case the player comes back
        (session,) = _api(tc, "/api/history").json()["sessions"]
        assert session["status"] == "left" and not session["closed"]


def test_the_winners_lines_give_what_the_engine_paid_in_every_variant():
    from pokercore.holdem import HoldemConfig, HoldemState
    from pokercore.holdem.agents import RandomAgent
    from pokercore.holdem.phh import to_phh

    checked = 0
    for players in (2, 3, 6):
        for variant in ("nl", "fl", "plo"):
            for seed in range(25):
                cfg = HoldemConfig(variant, players=players, starting_stacks=[50 + 37 * i for i in range(players)])
                s = HoldemState(cfg, button=seed % players, seed=seed)
                s.play([RandomAgent(seed * 7 + i) for i in range(players)])
                names = [f"Seat {i}" for i in range(players)]
                lines = readable("phh", seat_view("phh", to_phh(s), 0), 0, names)
                won = {}
                for line in lines:
                    m = re.fullmatch(r"(You|Seat \d) wins? (\d+) chips?", line)
                    if m:
                        won[0 if m.group(1) == "You" else int(m.group(1)[5:])] = int(m.group(2))
                assert won == {i: v for i, v in enumerate(s.payouts) if v > 0}, "\n".join(lines)
                checked += 1
    assert checked == 225
