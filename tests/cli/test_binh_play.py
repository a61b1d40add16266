"""``pokercore binh play`` driven by scripted stdin, and ``pokercore binh solve``."""

import io
import re

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh import Arrangement, best_arrangement, count_legal, deal_hands, solve
from pokercore.cli._binh import (
    LEGEND,
    main_play,
    main_solve,
    parse_arrangement,
    swap_cards,
)

from .helpers import run_cli

HAND = parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
# With --seed 2 the person is dealt A♣ K♠ K♣ Q♠ Q♥ Q♣ J♠ T♥ T♦ 6♥ 3♠ 3♥ 3♦ first (the AIs take
# no randomness when built); the normal AI suggests A♣ K♠ K♣ / J♠ 6♥ 3♠ 3♥ 3♦ / Q♠ Q♥ Q♣ T♥ T♦.
SEED2_FIRST = parse_cards("Ac Ks Kc Qs Qh Qc Js Th Td 6h 3s 3h 3d")


def _play(script, *args, seed="2"):
    out = io.StringIO()
    rc = main_play(["--seed", seed, "--color", "never", *args], stdin=io.StringIO(script), stdout=out)
    assert rc == 0
    return out.getvalue()


def test_the_scripted_first_deal_is_known():
    assert sorted(deal_hands(4, np.random.default_rng(2))[0]) == sorted(SEED2_FIRST)


def test_scripted_game_with_bad_input_then_suggestion():
    script = "h\nzz top\nAs Ks Qs / / \n2c 3c 4c 5c\ns\na\n" * 3
    out = _play(script, "--deals", "3", "--level", "easy")
    assert "Your cards:" in out
    assert "not accepted" in out
    assert "Suggested (best against the average field):" in out and "per opponent" in out
    assert out.count("=== deal") == 3
    assert "AI 3 (easy)" in out and "totals:" in out
    assert "Final after 3 deals" in out


def test_every_ai_shows_its_branch_names_and_the_marks_are_explained():
    out = _play("\n", "--deals", "1", "--level", "normal")
    assert LEGEND in out and "W you won it" in out
    lines = out.splitlines()
    labels = r"(High card|Pair|Two pair|Three of a kind|Straight|Flush|Full house|Four of a kind|Straight flush)"
    for seat in (1, 2, 3):
        i = next(k for k, ln in enumerate(lines) if ln.strip().startswith(f"AI {seat} (normal)"))
        names = lines[i + 1]
        assert re.search(rf"{labels} / {labels} / {labels}", names) or "13 cards" in names, names
        assert re.search(r"(\[[WLT] [WLT] [WLT]\]|special hand|foul pays 9) -> you [+-]\d", names), names


def test_swap_edits_the_suggestion_and_enter_plays_it():
    out = _play("x Ks 3s\n\n", "--deals", "1", "--level", "strongest")
    assert "Your arrangement:" in out
    assert "  you              A♣ K♣ 3♠ / J♠ K♠ 6♥ 3♥ 3♦" not in out   # shown sorted
    assert "  you              A♣ K♣ 3♠ / K♠ J♠ 6♥ 3♥ 3♦ / Q♠ Q♥ Q♣ T♥ T♦" in out


def test_a_swap_into_a_foul_says_what_it_costs_and_needs_a_bang():
    out = _play("x Ac Qs\n\na!\n", "--deals", "1", "--level", "strongest")
    before, after = out.split("Not played", 1)
    assert "FOULS: middle is stronger than bottom" in before
    assert "a foul pays 9 to every opponent" in before and "-27 this deal against 3 normal hands" in before
    assert "a! plays it anyway" in before
    assert "  FOUL" in after and "a foul pays 9 -> you -9" in after and "this deal: you -27" in after


def test_swap_errors_are_explained():
    a = Arrangement.from_string("Jh 9c 8c / Qs 7d 5s 3h 2c / As Ah Ad Kd Kc")
    with pytest.raises(ValueError, match="both in the top"):
        swap_cards(a, "Jh 9c")
    with pytest.raises(ValueError, match="not in your hand: Ts"):
        swap_cards(a, "Jh Ts")
    with pytest.raises(ValueError, match="name two cards"):
        swap_cards(a, "Jh")
    assert sorted(swap_cards(a, "2c As").cards) == sorted(a.cards)


def test_q_stops_at_once_and_the_deal_does_not_count():
    out = _play("q\n", "--level", "normal")
    assert "Game stopped." in out and "Final after 0 deals" in out and "this deal:" not in out
    out = _play("\nq\n", "--level", "normal")
    assert "Final after 1 deal:" in out
    out = _play("", "--level", "hard")
    assert "end of input" in out and "Final after 0 deals" in out


def test_deals_default_matches_draw_play():
    out = _play("\n" * 25, "--level", "strongest")
    assert "=== deal 1 of 20 ===" in out and "Final after 20 deals" in out


def test_foul_typed_needs_confirmation():
    hand = list(deal_hands(4, np.random.default_rng(2))[0])
    a = best_arrangement(hand)
    assert a.middle_rank < a.bottom_rank          # so swapping middle and bottom fouls
    from pokercore.cards import format_cards
    line = f"{format_cards(list(a.top))} / {format_cards(list(a.bottom))} / {format_cards(list(a.middle))}"
    out = _play(f"{line}\n{line}!\n", "--deals", "1", "--level", "strongest")
    assert "FOULS" in out and "  FOUL" in out


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


def test_a_special_hand_is_declared_for_the_player():
    out = _play("\n", "--deals", "2", seed="1")     # seed 1 deals the player a special hand first
    assert "You hold a special hand" in out and "special hand: " in out


# ------------------------------------------------------------------ binh solve


def _solve(*args):
    out = io.StringIO()
    assert main_solve(list(args), stdout=out) == 0
    return out.getvalue()


def test_solve_names_the_ai_levels_and_prints_one_play_line():
    text = _solve("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    assert f"legal arrangements: {count_legal(HAND)} of 72072" in text
    assert text.count("play this:") == 1
    assert "play this: J♥ 9♣ 8♣ / Q♠ 7♦ 5♠ 3♥ 2♣ / A♠ A♥ A♦ K♦ K♣" in text
    assert "hard AI (" in text and "normal AI (" in text and "strongest AI (" in text
    for old in ("table:", "monte carlo:"):
        assert old not in text


def test_solve_explains_the_two_expected_values():
    text = _solve("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    line = next(ln for ln in text.splitlines() if "against sampled opponents," in ln)
    assert "against the average field" in line
    assert "Why two expected values" in text and "39 cards you do not hold" in text


def test_solve_of_a_special_hand_lists_no_arrangement():
    text = _solve("2c 2d 5h 5s 8c 8d Jh Js Kc Kd Ah Ad 3c")
    assert "special hand: six pairs (type B)" in text
    assert "play this: declare it" in text and "+6 from each opponent" in text
    assert "expected" not in text and " / " not in text


def test_solve_depends_on_the_seed_alone():
    a, b = solve(HAND, seed=3), solve(HAND, seed=3)
    assert a == b
    assert a.choices[0].sampled == pytest.approx(b.choices[0].sampled)


def test_one_card_convention_in_solve():
    text = _solve("Th Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    assert "T♥" in text and "10" not in text.replace("72072", "")
    assert not re.search(r"\b[2-9TJQKA][cdhs]\b", text)   # no letter suits next to symbol suits


def test_solve_rejects_a_short_hand(capsys):
    assert main_solve(["As Kd"]) == 2
    assert "13 cards" in capsys.readouterr().err


def test_solve_command_line():
    proc = run_cli("binh", "solve", "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    assert proc.returncode == 0, proc.stderr
    assert "legal arrangements: 20195 of 72072" in proc.stdout
