"""``pokercore holdem play``: moves worded like card rooms, refusals, the end, by scripted stdin."""

from __future__ import annotations

import io
import itertools
import re

import pytest

from pokercore.cli._holdem import HumanAgent, main_play
from pokercore.holdem import Action, HoldemConfig, HoldemState

from .helpers import run_cli


def _agent(script: str) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    return HumanAgent(io.StringIO(script), out), out


def _play(script: str, *args: str, code: int = 0) -> str:
    out = io.StringIO()
    assert main_play(["--color", "never", *args], stdin=io.StringIO(script), stdout=out) == code
    return out.getvalue()


def _preflop(variant: str = "nl", players: int = 3) -> HoldemState:
    # three-handed, seat 0 on the button acts first preflop
    return HoldemState(HoldemConfig(variant, players=players), button=0, seed=4)


def test_moves_read_as_to_amounts():
    s = _preflop()
    assert s.actor == 0
    obs = s.observe(0)
    for line, action in [("r 30\n", Action("raise", 30)), ("raise 4\n", Action("raise", 4)),
                         ("r\n", Action("raise", 4)), ("a\n", Action("raise", 200)), ("c\n", Action("call", 2)),
                         ("f\n", Action("fold"))]:
        agent, _ = _agent(line)
        assert agent(obs) == action, line


def test_a_raise_below_the_minimum_names_the_minimum_and_asks_again():
    obs = _preflop().observe(0)
    agent, out = _agent("r 3\nr 900\nr lots\nb 10\nk\nr 10\n")
    assert agent(obs) == Action("raise", 10)
    text = out.getvalue()
    assert "you cannot raise to 3: the minimum is raise to 4" in text
    assert "you cannot raise to 900: the most is raise to 200 (all-in)" in text
    assert "'lots' is not a whole number of chips" in text
    assert "there is a bet to you: raise (r 4), call or fold" in text
    assert "you cannot check now; you can: f fold, c call 2, r raise to 4..200" in text


def test_prompt_and_help_word_amounts_like_a_card_room():
    agent, out = _agent("h\nc\n")
    agent(_preflop().observe(0))
    text = out.getvalue()
    assert "f fold, c call 2, r raise to 4..200  (h help, q quit)> " in text
    assert "r 300    raise to 300: your bet this round becomes 300" in text
    assert "AI 1 posts the small blind 1" in text and "AI 2 posts the big blind 2" in text
    assert "[preflop] pot 3, to call 2, your stack 200" in text


def test_pot_limit_all_in_is_the_pot():
    obs = _preflop("plo").observe(0)
    agent, out = _agent("a\n")
    assert agent(obs) == Action("raise", 7)  # call 2, then raise the pot of 5: to 7
    assert "r raise to 4..7" in out.getvalue()


def test_fixed_limit_has_one_size():
    obs = _preflop("fl").observe(0)
    agent, out = _agent("r 9\nr\n")
    assert agent(obs) == Action("raise", 4)
    assert "the most is raise to 4 (the limit)" in out.getvalue()


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_a_whole_game_by_calling(variant):
    text = _play("c\n" * 400, "--variant", variant, "--opponents", "3", "--hands", "4", "--seed", "7",
                 "--level", "normal")
    assert text.count("== Hand ") == 4 and "Final after 4 hands" in text
    assert "Pot: " in text and "Your cards: " in text
    finals = re.findall(r"(?:you|AI \d) (\d+)", text.split("Final stacks: ")[1].split("\n")[0])
    assert len(finals) == 4 and sum(map(int, finals)) == 800


def test_the_same_seed_plays_the_same_game():
    args = ("--opponents", "2", "--hands", "3", "--seed", "11", "--level", "hard")
    assert _play("c\n" * 200, *args) == _play("c\n" * 200, *args)


def test_quit_and_end_of_input_stop_cleanly():
    text = _play("q\n", "--opponents", "2", "--seed", "1")
    assert "Game stopped. The hand in progress does not count." in text and "Final after 0 hands" in text
    assert "you 200" in text
    text = _play("", "--opponents", "1", "--seed", "1")
    assert "Final after 0 hands" in text


def test_bad_options_are_refused(capsys):
    with pytest.raises(SystemExit):
        main_play(["--blinds", "2-1"])
    assert "--blinds '2-1': give the small and the big blind as SB/BB" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main_play(["--blinds", "5/2"])
    assert "small_blind (5) must not be larger than big_blind (2)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main_play(["--opponents", "12"])


def test_the_command_is_registered():
    r = run_cli("holdem", "play", "--opponents", "1", "--hands", "1", "--seed", "2", "--level", "call",
                "--color", "never", stdin="c\n" * 30)
    assert r.returncode == 0, r.stderr
    assert "No-limit hold'em, blinds 1/2" in r.stdout and "Final after 1 hand" in r.stdout


def _river(seed: int = 0) -> HoldemState:
    s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=seed)
    while s.street != "river":
        kinds = {a.kind for a in s.observe(s.actor).legal_actions}
        s.act(Action("call") if "call" in kinds else Action("check"))
    return s


def test_the_board_is_shown_in_deal_order_on_every_street():
    from pokercore.cli._terminal import card_text

    s = _river(0)
    board = [card_text(c) for c in s.observe(s.actor).board]
    assert board != sorted(board), "this deal must not come sorted, or the test proves nothing"
    agent, out = _agent("c\n")
    agent(s.observe(s.actor))
    text = out.getvalue()
    assert f"-- flop: {' '.join(board[:3])}\n" in text
    assert f"-- turn: {' '.join(board[:4])}\n" in text
    assert f"-- river: {' '.join(board)}\n" in text
    assert f"board: {' '.join(board)}" in text
    # and in a whole game: each street's board extends the one before, card for card
    text = _play("c\n" * 300, "--opponents", "2", "--hands", "3", "--seed", "5", "--level", "call")
    for hand in text.split("== Hand ")[1:]:
        streets = re.findall(r"-- (?:flop|turn|river): (.*)", hand)
        for before, after in itertools.pairwise(streets):
            assert after.startswith(before + " "), hand
        final = re.findall(r"  Board: (.*)", hand)
        if streets and final:
            assert final[0].startswith(streets[-1]), hand


@pytest.mark.parametrize("line, says", [
    ("a 5\n", "'a 5' not understood: all-in takes no amount"),
    ("r 10 20\n", "'r 10 20' not understood: raise takes one amount"),
    ("c 2\n", "'c 2' not understood: call takes no amount"),
    ("f now\n", "'f now' not understood: fold takes no amount"),
    ("r \u0661\u0660\n", "'\u0661\u0660' is not a whole number of chips"),  # Arabic-Indic 10
    ("r 1\u0660\n", "'1\u0660' is not a whole number of chips"),
    ("r +10\n", "'+10' is not a whole number of chips"),
    ("r 1_0\n", "'1_0' is not a whole number of chips"),
])
def test_moves_with_words_that_are_not_understood_are_refused(line, says):
    obs = _preflop().observe(0)
    agent, out = _agent(line + "f\n")
    assert agent(obs) == Action("fold")  # refused, asked again: the next line decides
    assert says in out.getvalue()


def test_a_stack_that_cannot_cover_the_big_blind_is_refused(capsys):
    with pytest.raises(SystemExit):
        main_play(["--stack", "1", "--blinds", "1/2"])
    err = capsys.readouterr().err
    assert "--stack 1 cannot cover the big blind of 2" in err and "--stack 2 or more" in err
    assert "at least the big blind, so that every seat can post it" in _HELP()


def _HELP() -> str:
    from pokercore.cli._holdem import _parser

    return " ".join(_parser().format_help().split())


def test_a_game_that_ends_early_says_why():
    text = _play("a\n" * 50, "--opponents", "1", "--stack", "2", "--seed", "1", "--level", "call")
    assert "Final after 1 hand" in text
    assert re.search(r"\nThe game is over after 1 hand: only (you have|AI 1 has) chips left\.\n", text), text
    text = _play("c\n" * 400, "--opponents", "2", "--hands", "2", "--seed", "7", "--level", "call")
    assert "The game is over" not in text  # the hands asked for were played: nothing to explain
