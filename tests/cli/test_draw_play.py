"""``pokercore draw play``: moves, help, the draw prompt, showdown and the end, by scripted stdin."""

from __future__ import annotations

import io
import re

from pokercore.cli._draw import HumanAgent, describe_events, main_play
from pokercore.cli._terminal import hand_text, sort_hand
from pokercore.draw import DrawConfig, DrawState, Event

from .helpers import run_cli


def _agent(script: str) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    return HumanAgent(io.StringIO(script), out), out


def _state_to(phase: str, seed: int = 1) -> DrawState:
    """A 2-seat hand checked through to ``phase``: seat 0 (the person) to act with nothing to call."""
    s = DrawState(DrawConfig(players=2, seed=seed), button=1, seed=seed)
    while s.street != phase or s.actor != 0:
        kinds = {a.kind: a for a in s.legal_actions()}
        s.act(kinds.get("check") or kinds.get("call") or kinds["draw"])
    return s


def _play(script: str, *args: str) -> str:
    out = io.StringIO()
    assert main_play(["--color", "never", *args], stdin=io.StringIO(script), stdout=out) == 0
    return out.getvalue()


def test_c_with_nothing_to_call_checks():
    s = _state_to("bet1")
    obs = s.observe(0)
    assert obs.to_call == 0 and "call" not in {a.kind for a in obs.legal_actions}
    agent, _ = _agent("c\n")
    assert agent(obs).kind == "check"


def test_h_explains_every_move_letter():
    agent, out = _agent("h\nk\n")
    agent(_state_to("bet1").observe(0))
    text = out.getvalue()
    for letter, word in zip("fkcbr", ("fold", "check", "call", "bet", "raise")):
        assert re.search(rf"^  {letter}  {word}: ", text, re.MULTILINE), letter
    assert "Now you can: k check, b bet 2" in text


def test_the_draw_prompt_uses_the_players_own_cards():
    s = _state_to("draw")
    obs = s.observe(0)
    agent, out = _agent("p\n")
    agent(obs)
    low_two = hand_text(sort_hand(obs.hand)[3:])
    assert f"'d 4 5' or 'd {low_two}'" in out.getvalue()
    assert "Kd 7h" not in out.getvalue() and "K♦ 7♥" not in out.getvalue().split("Your cards")[1]


def test_draw_positions_count_in_the_order_shown():
    obs = _state_to("draw").observe(0)
    shown = sort_hand(obs.hand)
    agent, out = _agent("d 1 5\n")
    assert agent(obs).cards == (shown[0], shown[4])
    assert f"Your cards: {hand_text(obs.hand)}" in out.getvalue()
    assert hand_text(obs.hand) == " ".join(hand_text([c]) for c in shown)


def test_amounts_say_what_the_bet_becomes():
    lines = describe_events([Event("bet1", 1, "bet", 2), Event("bet1", 0, "raise", 4),
                             Event("bet1", 1, "raise", 4), Event("bet1", 0, "call", 2),
                             Event("bet2", 1, "bet", 4), Event("bet2", 0, "call", 4)])
    assert lines == ["AI 1 bets 2", "You raise to 4 (put in 4)", "AI 1 raises to 6 (puts in 4)",
                     "You call 6 (put in 2)", "AI 1 bets 4", "You call 4 (put in 4)"]


def test_the_prompt_offers_raise_to():
    s = DrawState(DrawConfig(players=2, seed=1), button=1, seed=1)
    s.check()          # seat 0
    s.bet()            # seat 1 bets 2
    agent, out = _agent("r\n")
    s.act(agent(s.observe(0)))
    assert "f fold, c call 2, r raise to 4  (h help" in out.getvalue()
    s.raise_()         # seat 1 raises to 6
    agent, out = _agent("c\n")
    s.act(agent(s.observe(0)))
    text = out.getvalue()
    assert "AI 1 raises to 6 (puts in 4)" in text
    assert "f fold, c call 6 (put in 2), r raise to 8 (put in 4)  (h help" in text


def test_the_players_hand_is_shown_at_the_end_of_every_hand():
    # fold every hand at once: the folded hand is still shown to its owner
    out = _play("f\nk\np\n" * 40, "--opponents", "1", "--deals", "3", "--seed", "4", "--level", "random")
    hands = out.split("== Hand")[1:]
    assert len(hands) == 3
    for h in hands:
        assert re.search(r"\(you folded: |\(you mucked: |\(your hand, not shown: |You  show ", h), h


def test_the_end_shows_each_players_net_result():
    out = _play("c\np\n" * 200, "--opponents", "2", "--deals", "3", "--seed", "7", "--level", "call")
    final = next(ln for ln in out.splitlines() if ln.startswith("Final after"))
    nets = [int(v) for v in re.findall(r"[+-]\d+", final)]
    assert final.startswith("Final after 3 hands: you ") and len(nets) == 3 and sum(nets) == 0


def test_q_stops_at_once_and_the_hand_does_not_count():
    out = _play("q\n", "--opponents", "1", "--seed", "3", "--level", "call")
    assert "Game stopped. The hand in progress does not count." in out
    assert "Final after 0 hands: you +0, AI 1 +0" in out


def test_deals_option_matches_binh_play_and_hands_still_works():
    out = _play("c\np\n" * 300, "--opponents", "1", "--seed", "3", "--level", "call")
    assert "== Hand 1 of 20," in out
    out = _play("c\np\n" * 100, "--opponents", "1", "--hands", "2", "--seed", "3", "--level", "call")
    assert "== Hand 2 of 2," in out and "== Hand 3" not in out
    helptext = run_cli("draw", "play", "--help").stdout
    assert "--deals N" in helptext and "--hands" not in helptext
    assert "{easy,normal,hard,random,call,maniac,rock,station,tag}" in helptext.replace(" ", "").replace("\n", "")
