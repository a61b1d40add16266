"""Range notation: expansion, counts, weights, card removal and syntax errors."""

from __future__ import annotations

import pytest

import pokercore as pc
from pokercore.equity._holdem_ranges import EmptyRangeError, Range, RangeSyntaxError, parse_range
from pokercore.errors import PokercoreError


def names(text: str) -> set[str]:
    """Each combo as a rank-pattern name (AKs, AKo, AA)."""
    out = set()
    for a, b in parse_range(text):
        ra, rb = pc.RANKS[a >> 2], pc.RANKS[b >> 2]
        out.add(ra + rb if ra == rb else ra + rb + ("s" if a % 4 == b % 4 else "o"))
    return out


@pytest.mark.parametrize("text, count", [
    ("QQ+", 18), ("AKs", 4), ("AKo", 12), ("AK", 16), ("A5s-A2s", 16), ("KTo+", 36),
    ("22-77", 36), ("77-22", 36), ("JTs-65s", 24), ("AhKh", 1), ("Ah Kh", 1), ("AA", 6),
    ("random", 1326), ("QQ+,AKs", 22), ("AKs, AKs", 4), ("AK,AKs", 16), ("KTs+", 12), ("KT+", 48),
    ("", 0), ("akS", 4), ("T9o-54o", 72), ("A2s-A5s", 16), ("AhKh, AKs", 4),
])
def test_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


def test_expansions() -> None:
    assert names("QQ+") == {"QQ", "KK", "AA"}
    assert names("KTo+") == {"KTo", "KJo", "KQo"}
    assert names("A5s-A2s") == {"A5s", "A4s", "A3s", "A2s"}
    assert names("JTs-65s") == {"JTs", "T9s", "98s", "87s", "76s", "65s"}
    assert names("22-44") == {"22", "33", "44"}
    assert names("Q9s-Q7s") == {"Q9s", "Q8s", "Q7s"}
    assert names("J9s-75s") == {"J9s", "T8s", "97s", "86s", "75s"}
    assert names("AK-QJ") == {"AKs", "AKo", "KQs", "KQo", "QJs", "QJo"}
    combos = parse_range("AKs").combos()
    assert all(a % 4 == b % 4 and a >> 2 == 12 and b >> 2 == 11 for a, b in combos)
    assert all(a > b for a, b in parse_range("random"))
    assert len(set(parse_range("random"))) == 1326
    assert parse_range("AhKh").combos() == [(pc.parse_card("Ah"), pc.parse_card("Kh"))]


def test_weights_and_card_removal() -> None:
    r = parse_range("AKs:0.5, QQ")
    assert r.weights() == [0.5] * 4 + [1.0] * 6
    assert parse_range("AKs, AKs:0.25").weights() == [0.25] * 4  # the last mention wins
    kept = parse_range("QQ+, AKs").remove("Ks Qd")
    assert len(kept) == 6 + 3 + 3 + 3 - 0  # AA 6, KK 3, QQ 3, AKs 3
    assert all(pc.parse_card("Ks") not in c and pc.parse_card("Qd") not in c for c in kept)
    with pytest.raises(EmptyRangeError, match="no combo left"):
        parse_range("AhKh").remove("Kh")
    assert len(Range.from_combos([(0, 1), (1, 0)])) == 1


@pytest.mark.parametrize("text", [
    "AKx", "AAs", "QQ++", "AK-QT", "AKs-A2o", "ZZ", "AKs:2", "AKs:0", "AKs:half", "AKQ", "22-A5s",
    "AsAs", "A", "K9s-Q7s",
])
def test_syntax_errors(text: str) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    assert isinstance(info.value, PokercoreError) and isinstance(info.value, ValueError)
    assert str(info.value)


# -- the notation is ASCII, bounded, and says what is wrong ----------------------------------


@pytest.mark.parametrize("text", [
    "A\u212a",        # the Kelvin sign, which a Unicode case-insensitive match takes for K
    "AK\u017f",       # the long s, taken for s
    "\uff21\uff2b",   # fullwidth A and K
    "AKs:\u0660.\u0665",  # a weight in Arabic-Indic digits
    "Q\u212a+",
    "22-7\u2067",
])
def test_look_alike_letters_are_refused(text: str) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    assert "U+" in str(info.value) or "not a number" in str(info.value)


def test_suit_symbols_are_fine_in_an_explicit_combo() -> None:
    assert parse_range("A\u2660K\u2665, QQ").combos()[0] == (pc.parse_card("As"), pc.parse_card("Kh"))


def test_length_limit_and_cut_messages() -> None:
    from pokercore.equity._holdem_ranges import MAX_RANGE_LENGTH

    longest = ("random," * (MAX_RANGE_LENGTH // 7)).ljust(MAX_RANGE_LENGTH)  # 2,857 parts
    assert len(longest) == MAX_RANGE_LENGTH
    assert len(parse_range(longest)) == 1326
    with pytest.raises(RangeSyntaxError, match="at most 20,000 characters, got 20,001"):
        parse_range(longest + "x")
    with pytest.raises(RangeSyntaxError) as info:
        parse_range("Z" * 19_000)  # one bad part of 19,000 characters
    assert len(str(info.value)) < 400


def test_messages_name_the_real_problem() -> None:
    with pytest.raises(RangeSyntaxError, match="repeats a card"):
        parse_range("AhAh")
    with pytest.raises(RangeSyntaxError, match="span needs two pairs"):
        parse_range("AA-AKs")  # a pair and a suited hand: no span joins them (not a matter of suits)
    with pytest.raises(RangeSyntaxError, match=r"a weight must be in \(0, 1\]"):
        parse_range("AKs:0")


def test_a_hand_built_range_cannot_list_a_combo_twice() -> None:
    with pytest.raises(RangeSyntaxError, match="listed twice"):
        Range("AsKs twice", (((51, 47), 1.0), ((47, 51), 1.0)))
    with pytest.raises(RangeSyntaxError, match="listed twice"):
        Range("x", (((51, 47), 1.0), ((51, 47), 0.5)))
    assert len(Range("ok", (((51, 47), 1.0), ((50, 47), 0.5)))) == 2
