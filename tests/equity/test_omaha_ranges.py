"""Omaha range notation: every element against a brute force over all hands, and every refusal."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.cards import parse_cards
from pokercore.equity._holdem_ranges import EmptyRangeError, RangeSyntaxError
from pokercore.equity._omaha_ranges import MAX_OMAHA_COMBOS, parse_omaha_range

ALL4 = np.array(list(combinations(range(52), 4)), dtype=np.int64)  # every 4-card hand, ascending codes
RANK = {ch: i for i, ch in enumerate("23456789TJQKA")}
_RANK_COUNTS = np.stack([(ALL4 // 4 == r).sum(axis=1) for r in range(13)], axis=1)
_SUIT_GROUPS = np.stack([(ALL4 % 4 == s).sum(axis=1) >= 2 for s in range(4)], axis=1).sum(axis=1)
_MASKS = np.bitwise_or.reduce(np.left_shift(1, ALL4), axis=1)


def _brute(ranks, groups=None, holding=()):
    """Masks of every hand matched one to one to the rank slots (x: any card), sorted."""
    keep = np.ones(len(ALL4), dtype=bool)
    for ch in set(ranks) - {"x"}:
        keep &= _RANK_COUNTS[:, RANK[ch]] >= ranks.count(ch)
    if groups is not None:
        keep &= _SUIT_GROUPS == groups
    for card in holding:
        keep &= (ALL4 == card).any(axis=1)
    return np.sort(_MASKS[keep])


def _got(r):
    return np.sort(r.masks.astype(np.int64))


@pytest.mark.parametrize("pattern", ["AAxx", "AKQJ", "KKQx", "xxxx", "T9xx", "AAKK", "2222", "AAAx"])
def test_rank_patterns_match_the_brute_force(pattern):
    want = _brute(pattern)
    assert np.array_equal(_got(parse_omaha_range(pattern)), want)
    assert np.array_equal(_got(parse_omaha_range(pattern.replace("x", "*"))), want)


@pytest.mark.parametrize(("qualifier", "groups"), [("ds", 2), ("ss", 1), ("r", 0), ("rainbow", 0)])
def test_suit_qualifiers(qualifier, groups):
    want = _brute("KKxx", groups)
    assert np.array_equal(_got(parse_omaha_range(f"KKxx {qualifier}")), want)
    assert np.array_equal(_got(parse_omaha_range(f"KKxx{qualifier}")), want)


def test_explicit_cards_and_spaces():
    a_s, a_h = parse_cards("As Ah")
    want = _brute("xxxx", holding=(a_s, a_h))
    assert np.array_equal(_got(parse_omaha_range("AsAh**")), want)
    assert np.array_equal(_got(parse_omaha_range("As Ah x x")), want)
    assert np.array_equal(_got(parse_omaha_range("KKx x")), _brute("KKxx"))
    assert len(parse_omaha_range("AsKsQsJs")) == 1
    assert np.array_equal(_got(parse_omaha_range("AsKxx")), _brute("Kxxx", holding=(a_s,)))


def test_unions_weights_and_the_last_weight_wins():
    r = parse_omaha_range("AAxx:0.5, AAKK, QQJJ ds:0.25")
    w = dict(zip(map(tuple, r.holes.tolist()), r.weights.tolist()))
    aakk = {tuple(h) for h in parse_omaha_range("AAKK").holes.tolist()}
    assert len(aakk) == 36 and all(w[h] == 1.0 for h in aakk)
    assert len(r) == len(parse_omaha_range("AAxx")) + len(parse_omaha_range("QQJJds"))
    aces = {h for h in w if sum(1 for c in h if c // 4 == 12) >= 2}
    assert {w[h] for h in aces - aakk} == {0.5}
    assert {w[h] for h in set(w) - aces} == {0.25}
    assert len(set(r.masks.tolist())) == len(r)
    assert np.all(np.diff(r.holes, axis=1) > 0)


def test_five_and_six_cards():
    r5 = parse_omaha_range("AAKKx")
    assert r5.cards == 5 and len(r5) == len(parse_omaha_range("AAKK x", cards=5))
    assert parse_omaha_range("random", cards=5).holes.shape == (2_598_960, 5)
    r6 = parse_omaha_range("AsAhKsKh**")
    assert r6.cards == 6 and len(r6) == 48 * 47 // 2
    assert parse_omaha_range("random, AAKKQ").cards == 5  # the card count comes from the first pattern


@pytest.mark.parametrize(("text", "message"), [
    ("AAx", "has 3 slots"),
    ("AAxx, KKxxx", "has 5 slots"),
    ("AAbx", "expected a pattern"),
    ("A?xx", "'?' is not part of the notation"),
    ("AsAsxx", "names a card twice"),
    ("AAAAA", "matches no hand"),
    ("AAxxx r", "cannot be rainbow"),
    ("AAxx:2", "weight must be in"),
    ("AAxx:abc", "is not a number"),
    ("AAxx zz", "expected a pattern"),
    ("AAxx, KKxxQ", "has 5 slots"),
    ("AAxx\u2660", "is not part of the notation"),
    ("15%", "expected a pattern"),
    ("random", "more than"),
])
def test_refusals_name_the_part(text, message):
    with pytest.raises(RangeSyntaxError, match=message):
        parse_omaha_range(text, cards=6 if text == "random" else None)


def test_empty_and_bad_types():
    with pytest.raises(EmptyRangeError):
        parse_omaha_range(" , ")
    with pytest.raises(EmptyRangeError):
        parse_omaha_range("AAAA ds")
    with pytest.raises(RangeSyntaxError, match="4, 5 or 6"):
        parse_omaha_range("AAxx", cards=3)
    with pytest.raises(RangeSyntaxError, match="string"):
        parse_omaha_range(123)  # type: ignore[arg-type]
    assert MAX_OMAHA_COMBOS < 20_358_520


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("AKQJT98765432x"), min_size=4, max_size=4),
       st.sampled_from(["", "ds", "ss", "r"]))
def test_any_pattern_matches_the_brute_force(slots, qualifier):
    pattern = "".join(slots)
    want = _brute(pattern, {"ds": 2, "ss": 1, "r": 0}.get(qualifier))
    try:
        got = _got(parse_omaha_range(pattern + qualifier))
    except EmptyRangeError:
        got = want[:0]
    except RangeSyntaxError as exc:
        assert "matches no hand" in str(exc)
        got = want[:0]
    assert np.array_equal(got, want)


def test_remove_takes_out_combos_with_known_cards():
    r = parse_omaha_range("AAxx").remove(1 << 51)
    assert all(51 not in row for row in r.holes.tolist())
    with pytest.raises(EmptyRangeError):
        parse_omaha_range("AsAhKsKh").remove(1 << 51)
