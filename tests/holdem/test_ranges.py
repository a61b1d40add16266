"""Range notation: expansion, counts, weights, card removal and syntax errors."""

from __future__ import annotations

import pytest

import pokercore as pc
from pokercore.errors import PokercoreError
from pokercore.holdem.ranges import EmptyRangeError, Range, RangeSyntaxError, parse_range


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
