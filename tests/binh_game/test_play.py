"""The terminal game driven by scripted stdin, and the solver output."""

import io

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh.search import best_arrangement, count_legal
from pokercore.binh.play import main_play, main_solve, parse_arrangement

HAND = parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")


def _play(script, *args, seed="2"):
    out = io.StringIO()
    rc = main_play(["--seed", seed, "--color", "never", *args], stdin=io.StringIO(script), stdout=out)
    assert rc == 0
    return out.getvalue()


def test_scripted_game_with_bad_input_then_suggestion():
    script = "h\nzz top\nAs Ks Qs / / \n2c 3c 4c 5c\ns\na\n" * 3
    out = _play(script, "--deals", "3", "--level", "easy")
    assert "Your cards:" in out
    assert "not accepted" in out
    assert "suggestion:" in out and "per opponent" in out
    assert out.count("=== deal") == 3
    assert "AI 3 (easy)" in out and "totals:" in out
    assert "Final after 3 deal(s)" in out


def test_quit_and_end_of_input_stop_the_game():
    out = _play("q\n", "--level", "normal")
    assert "Final after 1 deal(s)" in out
    out = _play("", "--level", "hard")
    assert "end of input" in out


def test_foul_needs_confirmation():
    # agents take no randomness when built, so the first deal is deal_hands(4, default_rng(seed))
    from pokercore.binh.game import deal_hands
    from pokercore.cards import format_cards
    hand = list(deal_hands(4, np.random.default_rng(2))[0])
    a = best_arrangement(hand)
    assert a.middle_rank < a.bottom_rank          # so swapping middle and bottom fouls
    line = f"{format_cards(list(a.top))} / {format_cards(list(a.bottom))} / {format_cards(list(a.middle))}"
    out = _play(f"{line}\n{line}!\n", "--deals", "1", "--level", "strongest")
    assert "that fouls" in out and "FOUL" in out


def test_parse_arrangement_forgiving_forms_and_errors():
    a = parse_arrangement("kc kd 2c | as ah ad 3h 5s", HAND)
    assert sorted(a.cards) == sorted(HAND)
    b = parse_arrangement("Kc Kd 2c As Ah Ad 3h 5s Qs Jh 9c 8c 7d", HAND)
    assert b.top == tuple(sorted(parse_cards("Kc Kd 2c"), reverse=True))
    c = parse_arrangement("K♣ K♦ 2♣ ; A♠ A♥ A♦ 3♥ 5♠ ; Q♠ J♥ 9♣ 8♣ 7♦", HAND)
    assert c == b
    for text, msg in [("Kc Kd Ts / As", "not in your hand: Ts"), ("Kc Kd / As Ah Ad 3h 5s", "top needs 3"),
                      ("Kc Kc 2c / As Ah Ad 3h 5s", "twice|duplicate"), ("Kc Kd Xq", "cannot read"),
                      ("a/b/c/d", "at most 3")]:
        with pytest.raises(ValueError, match=msg):
            parse_arrangement(text, HAND)


def test_solve_prints_every_objective_and_the_count():
    out = io.StringIO()
    assert main_solve(["As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"], stdout=out) == 0
    text = out.getvalue()
    n = count_legal(HAND)
    assert f"legal arrangements: {n} of 72072" in text
    for name in ("strongest:", "table:", "monte carlo:"):
        assert name in text
    assert text.count("expected ") == 3 and "card removal" in text


def test_solve_rejects_a_short_hand(capsys):
    assert main_solve(["As Kd"]) == 2
    assert "13 cards" in capsys.readouterr().err


def test_a_special_hand_is_declared_for_the_player():
    out = _play("a\n", "--deals", "2", seed="1")     # seed 1 deals the player a special hand first
    assert "You hold a special hand" in out and "SPECIAL" in out
