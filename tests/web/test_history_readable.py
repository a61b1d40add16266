"""The history as a person reads it: "You" and the seats' names instead of s0/s1 or p1..p4, the reader's own
mucked hand shown, every winner's line with its amount, and sessions the player left never listed as open."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .helpers import close_all, closing, connect, require, starlette_test_client
from .test_history_holdem import play_holdem_hand
from .test_history_server import LIMITS, ME, _api, next_hand, play_draw_hand

require("starlette")

from pokercore.web import create_app  # noqa: E402
from pokercore.web._history_text import readable, seat_view  # noqa: E402
from pokercore.web._store import open_store  # noqa: E402

if TYPE_CHECKING:
    from pokercore.holdem import HoldemState

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


def test_draw_lines_name_the_seats_show_my_mucked_hand_and_the_amount_won() -> None:
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


def _phh_hand() -> str:
    """A real hold'em hand as the server stores it (``to_phh``): a raise, a bet, a fold and a showdown.

    PHH p1 is seat 1 (small blind), p2 seat 2 (big blind), p3 seat 0 (the button).
    """
    from pokercore.holdem import HoldemConfig, HoldemState, to_phh

    s = HoldemState(HoldemConfig("nl", players=3), button=0, deck="6h4s AdAh QsAs Js8s8c 2d Kc", hand_number=7)
    s.raise_(6); s.call(); s.call()                                   # noqa: E702
    s.check(); s.bet(10); s.call(); s.fold()                          # noqa: E702
    s.check(); s.check(); s.check(); s.check()                        # noqa: E702
    assert s.payouts == (0, 0, 38)
    return to_phh(s)


def test_phh_lines_name_the_seats_say_check_call_bet_raise_and_the_amount_won() -> None:
    phh = _phh_hand()
    assert "'p2 sm AdAh'" in phh and "'p3 sm'" in phh and "seats = [2, 3, 1]" in phh
    mine = _lines("phh", phh, 0, ["Player 1", "Easy AI", "Call AI"])
    text = "\n".join(mine)
    assert not SEAT_WORDS.search(text), text
    assert mine[0] == "No-limit hold'em, hand 7: blinds 1/2; button: You"
    assert "Easy AI posts small blind 1" in mine and "Call AI posts big blind 2" in mine
    assert "Dealt to You: Qs As" in mine and "Dealt to Easy AI: ?? ??" in mine
    assert "You raise to 6" in mine and "Easy AI calls 6" in mine and "Call AI calls 6" in mine
    assert "Flop: Js 8s 8c" in mine and "Turn: 2d" in mine and "River: Kc" in mine
    assert "Easy AI checks" in mine and "Call AI bets 10" in mine and "Easy AI folds" in mine
    assert "Call AI shows Ad Ah" in mine and "You muck Qs As" in mine  # my own mucked hand
    assert "You call 10" in mine and "Call AI wins 38 chips" in mine   # 3 x 6 + 2 x 10
    assert mine[-1] == "After the hand: You 184, Easy AI 194, Call AI 222"
    assert mine.index("Flop: Js 8s 8c") < mine.index("Call AI bets 10") < mine.index("Turn: 2d")
    theirs = _lines("phh", phh, 2, ["Player 1", "Easy AI", "Call AI"])
    assert "Player 1 mucks" in theirs and "Qs" not in "\n".join(theirs) and "You win 38 chips" in theirs
    folded = _lines("phh", phh, 1, ["Player 1", "Easy AI", "Call AI"])   # a hidden hand mucked: still replays
    assert "Dealt to You: 6h 4s" in folded and "Player 1 mucks" in folded and "Call AI wins 38 chips" in folded


def test_a_reader_mucked_hidden_hand_is_cut_as_unknown_cards_so_the_cut_text_replays() -> None:
    from pokercore.holdem import load_phh

    cut = seat_view("phh", _phh_hand(), 1)
    assert "'p3 sm ????'" in cut and "'d dh p3 ????'" in cut and "QsAs" not in cut
    hand = load_phh(cut)                                   # the finishing stacks are checked by the replay
    assert hand.unknown_shown == (0,) and hand.state.payouts == (0, 0, 38)


def _side_pot_hand() -> HoldemState:
    """Seat 1 short all-in, seats 0 and 2 go on; seat 2's flop bet is called for 60 only.

    Worked by hand: the main pot is 3 x 40 = 120 (seat 1's aces win it),
    the side pot 2 x 60 = 120 (seat 0's kings beat seat 2's 7-2), and 90 of
    seat 2's bet of 150 is nobody's to call: it goes back.
    """
    from pokercore.holdem import HoldemConfig, HoldemState

    cfg = HoldemConfig("nl", players=3, starting_stacks=[100, 40, 200])
    s = HoldemState(cfg, button=0, deck="AsAh 7c2d KsKh Qd9c5h 3s Jd", hand_number=3)
    s.raise_(10); s.raise_(40); s.call(); s.call()                    # noqa: E702
    s.bet(150); s.call()                                              # noqa: E702
    return s


def _engine_says(s: HoldemState, who: list[str]) -> dict[str, list[str]]:
    """The lines the engine's own record calls for: uncalled bets back, all-ins, amounts won (by seat name)."""
    back = [f"{e.chips} not called: back to {'you' if who[e.seat] == 'You' else who[e.seat]}"
            for e in s.events if e.kind == "return"]
    won = sorted(f"{who[i]} {'win' if who[i] == 'You' else 'wins'} {v} chip{'s' * (v != 1)}"
                 for i, v in enumerate(s.payouts or ()) if v > 0)
    all_in = sorted(who[e.seat] for e in s.events if e.all_in)
    return {"back": back, "won": won, "all_in": all_in}


def _lines_say(lines: list[str], who: list[str]) -> dict[str, list[str]]:
    won = sorted(x for x in lines if re.fullmatch(r".+ wins? \d+ chips?", x))
    all_in = sorted(next(n for n in who if x.startswith(n + " ")) for x in lines if x.endswith("(all-in)"))
    return {"back": [x for x in lines if " not called: back to " in x], "won": won, "all_in": all_in}


def test_an_uncalled_bet_and_a_side_pot_are_the_engines_in_the_lines() -> None:
    """One home for the rules: whatever the engine returns and pays, the lines say, and nothing else.

    A reader with its own chip arithmetic drifts from the engine when one of them changes;
    this hand (a short all-in, a side pot, an uncalled bet) and the worked figures catch it.
    """
    from pokercore.holdem import to_phh

    s = _side_pot_hand()
    assert s.payouts == (120, 120, 0) and s.stacks == (120, 120, 100)               # worked by hand
    assert [(e.seat, e.chips) for e in s.events if e.kind == "return"] == [(2, 90)]
    names = ["Player 1", "Easy AI", "Call AI"]
    for reader in range(3):
        who = ["You" if i == reader else n for i, n in enumerate(names)]
        lines = _lines("phh", to_phh(s), reader, names)
        assert _lines_say(lines, who) == _engine_says(s, who), "\n".join(lines)
        assert f"{who[1]} {'raise' if reader == 1 else 'raises'} to 40 (all-in)" in lines
        assert f"{who[2]} {'bet' if reader == 2 else 'bets'} 150" in lines
        assert f"{who[0]} {'call' if reader == 0 else 'calls'} 60 (all-in)" in lines
        assert lines[-1] == f"After the hand: {who[0]} 120, {who[1]} 120, {who[2]} 100"
        # everyone all-in but one: both others' hands are shown before the board runs out
        assert lines.index(f"{who[1]} {'show' if reader == 1 else 'shows'} As Ah") < lines.index("Turn: 3s")
    mine = _lines("phh", to_phh(s), 0, names)
    assert "90 not called: back to Call AI" in mine and "You win 120 chips" in mine and "Easy AI wins 120 chips" in mine
    assert not any(x.startswith("Call AI wins") for x in mine)


def test_a_big_blind_ante_walk_gives_back_what_the_engine_gives_back() -> None:
    """A big-blind ante is dead money, not part of the blind's bet: the walk returns the blind's excess only."""
    from pokercore.holdem import HoldemConfig, HoldemState, to_phh

    cfg = HoldemConfig("nl", players=3, ante=2, ante_mode="big-blind")
    s = HoldemState(cfg, button=0, seed=1)
    s.fold(); s.fold()                                                                 # noqa: E702
    assert [(e.seat, e.chips) for e in s.events if e.kind == "return"] == [(2, 1)] and s.payouts == (0, 0, 4)
    lines = _lines("phh", to_phh(s), 0, ["Player 1", "Easy AI", "Call AI"])
    assert "1 not called: back to Call AI" in lines and "Call AI wins 4 chips" in lines, "\n".join(lines)
    assert lines[-1] == "After the hand: You 200, Easy AI 199, Call AI 201"
    assert lines[0] == "No-limit hold'em, hand 1: big-blind ante 2, blinds 1/2; button: You"
    assert "Call AI posts ante 2" in lines and "Call AI posts big blind 2" in lines


def test_a_text_that_does_not_replay_is_shown_as_stored_with_the_reason() -> None:
    lines = readable("phh", "variant = 'F7S'\nactions = []\n", 0, ["Player 1", "Easy AI"])
    assert lines[0].startswith("pokercore cannot replay this hand") and "F7S" in lines[0]
    assert lines[1:] == ["variant = 'F7S'", "actions = []"]


def test_binh_lines_name_the_seats() -> None:
    text = "binh deal players=2\np1 dealt Ac Js\np2 dealt Ks Kc\np1 shows Ac / Js / Jh\np2 shows Ks / Kc / Qs\n" \
           "p1 vs p2 +3\nnets +3 -3"
    lines = _lines("pokercore-binh", text, 1, ["Hard AI", "Player 2"])
    assert "Hard AI shows Ac / Js / Jh" in lines and "You show Ks / Kc / Qs" in lines
    assert "Hard AI vs You: +3" in lines and "Nets: Hard AI +3, You -3" in lines
    assert not SEAT_WORDS.search("\n".join(lines))


def test_the_api_gives_each_hand_its_lines_and_sessions_say_playing_left_or_over() -> None:
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


def test_a_session_the_player_left_is_not_listed_as_open_while_the_server_still_holds_it() -> None:
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


def test_the_winners_lines_give_what_the_engine_paid_in_every_variant() -> None:
    from pokercore.holdem import HoldemConfig, HoldemState, RandomAgent, to_phh

    checked = returned = 0
    for players in (2, 3, 6):
        for variant in ("nl", "fl", "plo"):
            for seed in range(25):
                antes = ({}, {"ante": 1}, {"ante": 3, "ante_mode": "big-blind"})[seed % 3]
                cfg = HoldemConfig(variant, players=players, starting_stacks=[50 + 37 * i for i in range(players)],
                                   **antes)
                s = HoldemState(cfg, button=seed % players, seed=seed)
                s.play([RandomAgent(seed * 7 + i) for i in range(players)])
                names = [f"Seat {i}" for i in range(players)]
                lines = readable("phh", seat_view("phh", to_phh(s), 0), 0, names)
                won: dict[int, int] = {}
                for line in lines:
                    m = re.fullmatch(r"(You|Seat \d) wins? (\d+) chips?", line)
                    if m:
                        won[0 if m.group(1) == "You" else int(m.group(1)[5:])] = int(m.group(2))
                assert won == {i: v for i, v in enumerate(s.payouts or ()) if v > 0}, "\n".join(lines)
                who = ["You"] + names[1:]
                assert _lines_say(lines, who) == _engine_says(s, who), "\n".join(lines)
                returned += any(e.kind == "return" for e in s.events)
                checked += 1
    assert checked == 225 and returned > 100
