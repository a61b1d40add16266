"""``pokercore holdem play``: moves worded like card rooms, refusals, the end, by scripted stdin."""

from __future__ import annotations

import io
import re

import pytest

from pokercore.cli.holdem import HumanAgent, main_play
from pokercore.holdem.actions import Action
from pokercore.holdem.config import HoldemConfig
from pokercore.holdem.engine import HoldemState

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
