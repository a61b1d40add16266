"""Arrangement: ranks, categories, ruling 4 foul boundaries, straights in Binh order."""

from __future__ import annotations

import pickle

import pytest

import pokercore as pc
from pokercore import HandCategory
from pokercore.binh import Arrangement
from tests.core.reference_eval import ref_key3, ref_key5


def arr(text: str) -> Arrangement:
    return Arrangement.from_string(text)


def ref_foul(a: Arrangement) -> bool:
    kt, km, kb = ref_key3(list(a.top)), ref_key5(list(a.middle), "binh"), ref_key5(list(a.bottom), "binh")
    return not (kt <= km <= kb)


# (arrangement, fouled?) -- every boundary of ruling 4
FOUL_CASES = [
    # top vs middle, same category: a missing kicker of the top counts lower than any card
    ("Ah Ad Kc / As Ac Kd 3c 2d / 7s 7h 7d 5c 5d", False),   # A-A-K < A-A-K-3-2
    ("7h 7d Ac / 7c 7s Kd Qc Jd / 9s 9h 9d 3c 3d", True),    # 7-7-A > 7-7-K-Q-J
    ("Ah Kd Qc / As Kc Qd 3c 2d / 7s 7h 7d 5c 5d", False),   # A-K-Q < A-K-Q-3-2
    ("Ah Kd Qc / As Kc Jd Tc 9d / 7s 7h 7d 5c 5d", True),    # A-K-Q > A-K-J-T-9
    ("9h 9d 9c / Ts Tc Td 3c 2d / As Ah Ad 5c 5d", False),   # trips below higher trips
    ("9h 9d 9c / 8s 8c 8d Ac Kd / As Ah Ad 5c 5d", True),    # trips above lower trips
    ("Qh Qd 2c / Qs Qc 3d 4c 5h / 7s 7h 7d 8c 8d", False),   # Q-Q-2 < Q-Q-5-4-3
    # top vs middle, different categories
    ("2h 2d 3c / As Kc Qd Jc 9d / 7s 7h 7d 5c 5d", True),    # a pair on top over high card
    ("Ah Kd Qc / 2s 2c 3d 4c 5h / 7s 7h 7d 8c 8d", False),   # high card under a pair
    ("2h 2d 2c / As Ac Kd Kc Qd / 7s 7h 7d 5c 5d", True),    # trips on top over two pair
    # middle vs bottom: equal is allowed (<=)
    ("4h 3d 2s / Ac Kc Qc Jc 9c / Ad Kd Qd Jd 9d", False),   # equal flushes
    ("4h 3d 2s / Ac Kd Qc Jh 9c / Ad Kh Qd Jc 9d", False),   # equal high cards
    ("4h 3d 2s / Ac Kc Qc Jc 9c / Ad Kd Qd Jd 8d", True),    # middle flush a little stronger
    ("4h 3d 2s / Ts Tc 9d 9c 2d / Ah Ad Kh Kc 5c", False),   # two pair under two pair
    ("4h 3d 2s / 5c 6c 7c 9c Jc / 8d 9h Th Js Qd", True),    # flush over straight: foul
    ("4h 3d 2s / 8d 9h Th Js Qd / 5c 6c 7c 9c Jc", False),   # straight under flush
    ("4h 3d 2s / 5c 5d 5h Qd Qs / Kc Kd Kh 9h 9d", False),   # full house under full house
    ("4h 3d 2s / Kc Kd Kh 9h 9d / 5c 5d 5h Qd Qs", True),    # full house by its triple
    ("4h 3d 2s / 5c 5d 5h Qd Qs / 7c 8c 9c Tc Jc", False),   # full house under a straight flush
]


@pytest.mark.parametrize("text, foul", FOUL_CASES)
def test_foul_boundaries(text: str, foul: bool) -> None:
    a = arr(text)
    assert a.is_foul is foul
    assert ref_foul(a) is foul
    assert ("FOUL" in str(a)) is foul


# A-2-3-4-5 is the second best straight in Binh (ruling 2), in the middle and at the bottom.
WHEEL = "Ah 2c 3d 4s 5h"
K_HIGH = "Kc Qd Jh Ts 9c"
BROADWAY = "As Kd Qh Jc Tc"


def test_wheel_beats_king_high_straight() -> None:
    assert pc.evaluate5(WHEEL, "binh") > pc.evaluate5(K_HIGH, "binh")
    assert pc.evaluate5(BROADWAY, "binh") > pc.evaluate5(WHEEL, "binh")
    # wheel in the middle, K-high at the bottom: foul
    assert arr(f"7c 7d 2d / {WHEEL} / {K_HIGH}").is_foul
    # K-high in the middle, wheel at the bottom: fine
    assert not arr(f"7c 7d 2d / {K_HIGH} / {WHEEL}").is_foul
    # wheel in the middle, broadway at the bottom: fine; the other way round: foul
    broadway = "Ac Kd Qh Jc Td"
    wheel = "As 2c 3d 4s 5h"
    assert not arr(f"7c 7d 2d / {wheel} / {broadway}").is_foul
    assert arr(f"7c 7d 2d / {broadway} / {wheel}").is_foul
    for branch in (WHEEL, K_HIGH):
        assert arr(f"7c 7d 2d / {branch} / 9h 9d 9s 6c 6d").categories[1] == HandCategory.STRAIGHT


def test_fields_and_value_semantics() -> None:
    a = arr("Jh Jd 4c / Qs Qc 8h 6d 2d / 7s 7h 7d 5c 5d")
    assert a.ranks == (pc.evaluate3("Jh Jd 4c"), pc.evaluate5("Qs Qc 8h 6d 2d", "binh"),
                       pc.evaluate5("7s 7h 7d 5c 5d", "binh"))
    assert a.categories == (HandCategory.PAIR, HandCategory.PAIR, HandCategory.FULL_HOUSE)
    assert sorted(a.cards) == sorted(pc.parse_cards("Jh Jd 4c Qs Qc 8h 6d 2d 7s 7h 7d 5c 5d"))
    same = Arrangement(pc.parse_cards("4c Jd Jh"), ["2d", "6d", "8h", "Qc", "Qs"], "5d 5c 7d 7h 7s")
    assert same == a and hash(same) == hash(a)
    assert arr(a.format()) == a
    assert eval(repr(a), {"Arrangement": Arrangement}) == a
    assert pickle.loads(pickle.dumps(a)) == a
    assert Arrangement.from_row(a.to_row()) == a
    with pytest.raises(AttributeError):
        a.top = (1, 2, 3)  # type: ignore[misc]
    assert a != arr("Jh Jd 4c / 7s 7h 7d 5c 5d / Qs Qc 8h 6d 2d")


def test_from_masks() -> None:
    hand = pc.parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    a = Arrangement.from_masks(hand, 0b111, 0b11111000, 0b1111100000000)
    assert set(a.top) == set(hand[:3]) and set(a.middle) == set(hand[3:8]) and set(a.bottom) == set(hand[8:])
