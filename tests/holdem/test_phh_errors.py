"""PHH refusals point at the line that is wrong; digits are ASCII; a player shows (or mucks) once."""

from __future__ import annotations

import pytest

from pokercore.holdem._errors import PhhError
from pokercore.holdem._phh import from_phh, load_phh

BASE = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AsKs",
  "d dh p2 7h6h",
  "d dh p3 QdQc",
  "p3 cbr 6",
  "p1 cc",
  "p2 f",
  "d db 2c3d4h",
  "p1 cc",
  "p3 cc",
  "d db 9s",
  "p1 cc",
  "p3 cc",
  "d db Jd",
  "p1 cc",
  "p3 cc",
  "p1 sm AsKs",
  "p3 sm QdQc",
]
"""


def test_the_base_file_loads():
    assert from_phh(BASE).payouts == (0, 0, 14)   # the queens win


@pytest.mark.parametrize("text, line", [
    (BASE[:BASE.index('  "p1 sm AsKs"')], 21),                       # cut inside the actions list
    (BASE[:BASE.index("[200, 200") + 6], 5),                            # cut inside starting_stacks
    (BASE.replace('"p3 sm QdQc",\n]\n', '"p3 sm QdQc",\n'), 23),        # the closing bracket is missing
])
def test_truncated_toml_names_the_line_where_the_text_ends(text, line):
    with pytest.raises(PhhError, match=r"not valid TOML.*the text ends inside a value") as err:
        load_phh(text)
    assert err.value.line == line


@pytest.mark.parametrize("edit, line, message", [
    (("[200, 200, 200]", "[200, 200]"), 5, "starting_stacks must be a list of 3 numbers (one per player, as antes "
                                           "and blinds_or_straddles)"),
    (("antes = [0, 0, 0]", "antes = [0, 0]"), 2, "antes must be a list of 3 numbers"),
    (("[1, 2, 0]", "[1, 2, 0, 0]"), 3, "blinds_or_straddles must be a list of 3 numbers"),
])
def test_a_short_list_is_blamed_on_itself(edit, line, message):
    with pytest.raises(PhhError) as err:
        load_phh(BASE.replace(*edit))
    assert err.value.line == line and message in str(err.value), str(err.value)


def test_unknown_cards_at_a_showdown_are_blamed_on_their_deal():
    text = BASE.replace('"d dh p3 QdQc"', '"d dh p3 ????"').replace('  "p3 sm QdQc",\n', "")
    with pytest.raises(PhhError, match="p3's hole cards are unknown") as err:
        load_phh(text)
    assert err.value.line == 9


def test_a_wrong_hole_card_count_is_blamed_on_the_deal():
    with pytest.raises(PhhError, match="p2 is dealt 1 hole cards") as err:
        load_phh(BASE.replace('"d dh p2 7h6h"', '"d dh p2 7h"'))
    assert err.value.line == 8


# Full-width, Arabic-Indic and Devanagari digits (int() and Decimal() read them all as 6), signs, exponents.
@pytest.mark.parametrize("amount", ["\uff16", "1\uff16", "\u0666", "\u096c", "6\u0660", "+6", "6e0", "0x6", "6_0"])
def test_only_ascii_digits_make_an_amount(amount):
    with pytest.raises(PhhError, match="is not an amount") as err:
        load_phh(BASE.replace("p3 cbr 6", f"p3 cbr {amount}"))
    assert err.value.line == 10


@pytest.mark.parametrize("player", ["p\uff13", "p\u0663", "p+3", "p03"])
def test_only_ascii_digits_make_a_player(player):
    with pytest.raises(PhhError, match="is not a player") as err:
        load_phh(BASE.replace('"p3 cbr 6"', f'"{player} cbr 6"'))
    assert err.value.line == 10


@pytest.mark.parametrize("again", ['"p1 sm AsKs"', '"p1 sm"', '"p1 sm ????"', '"p1 sm AsKd"'])
def test_a_player_who_showed_cannot_show_or_muck_again(again):
    text = BASE.replace('  "p3 sm QdQc",\n', f'  "p3 sm QdQc",\n  {again},\n')
    with pytest.raises(PhhError, match=r"p1 already showed or mucked on line 22") as err:
        load_phh(text)
    assert err.value.line == 24


def test_a_player_who_mucked_cannot_show_afterwards():
    text = BASE.replace('"p1 sm AsKs"', '"p3 sm"').replace('"p3 sm QdQc"', '"p3 sm QdQc"')
    with pytest.raises(PhhError, match=r"p3 already showed or mucked on line 22") as err:
        load_phh(text)
    assert err.value.line == 23
