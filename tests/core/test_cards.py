"""Cards: the code contract, parsing, formatting, numpy converters, dealing.

What is proved here:

* the code contract ``rank * 4 + suit`` (2c = 0, As = 51) for all 52 cards,
  checked against an independent spelling of the deck;
* every input form of the issue parses ("As Kd 7h", "AsKd7h", "10h", any
  case, unicode suits with or without U+FE0F), output is always canonical,
  and every card round-trips through every form (also by hypothesis);
* malformed text ("1h", "Ax", "", duplicates, ...) raises the library's
  ``InvalidCardError``/``DuplicateCardError`` (ValueError) naming the card;
* uint8 array converters round-trip 1-D and 2-D and reject bad arrays;
* ``Deck`` and ``random_hands`` are reproducible from a seed, deal distinct
  cards, honour ``exclude`` and look uniform.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore import (
    CardTypeError,
    Deck,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokercoreError,
    array_to_cards,
    card,
    card_rank,
    card_suit,
    cards_to_array,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    random_hands,
)

HYP = settings(derandomize=True, deadline=None, max_examples=300)

# The deck spelled out independently of the library: 2c 2d 2h 2s 3c ... As.
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
NAMES = [r + s for r in RANK_CHARS for s in SUIT_CHARS]
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
WHITE_SYMBOLS = {"c": "♧", "d": "♢", "h": "♡", "s": "♤"}
VS16 = "\ufe0f"


# --------------------------------------------------------------------------
# The code contract


def test_code_contract_anchors():
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("3c") == 4
    assert parse_card("As") == 51
    assert pc.RANKS == RANK_CHARS and pc.SUITS == SUIT_CHARS


@pytest.mark.parametrize("code", range(52))
def test_round_trip_every_card(code):
    name = NAMES[code]
    r, s = name
    assert format_card(code) == name
    assert parse_card(name) == code
    assert parse_card(name.lower()) == parse_card(name.upper()) == code
    assert parse_card(r + SYMBOLS[s]) == code
    assert parse_card(r + SYMBOLS[s] + VS16) == code
    assert parse_card(r + WHITE_SYMBOLS[s]) == code
    if r == "T":
        assert parse_card("10" + s) == code
        assert parse_card("10" + SYMBOLS[s] + VS16) == code
    assert card_rank(code) == RANK_CHARS.index(r) == code // 4
    assert card_suit(code) == SUIT_CHARS.index(s) == code % 4
    assert card(r, s) == card(RANK_CHARS.index(r), SUIT_CHARS.index(s)) == code
    assert format_card(code, symbols=True) == r + SYMBOLS[s]
    assert parse_card(format_card(code, symbols=True)) == code


def test_all_52_in_one_string_round_trip():
    text = " ".join(NAMES)
    assert parse_cards(text) == list(range(52))
    assert parse_cards("".join(NAMES)) == list(range(52))
    assert format_cards(range(52)) == text
    assert format_cards(list(range(52)), sep="") == "".join(NAMES)


# --------------------------------------------------------------------------
# Parsing: every accepted form


@pytest.mark.parametrize("text", [
    "As Kd 7h",
    "AsKd7h",
    "as kd 7h",
    "AS KD 7H",
    "aS Kd 7H",
    "As, Kd, 7h",
    "As,Kd,7h",
    "  As\tKd\n7h  ",
    "[As, Kd, 7h]",
    "As;Kd;7h",
    "A♠ K♦ 7♥",
    "A♠K♦7♥",
    "A♠\ufe0f K♦\ufe0f 7♥\ufe0f",
    "A♠\ufe0fK♦\ufe0f7♥\ufe0f",
    "A♠ K♦\ufe0f 7♥",
    "A♤ K♢ 7♡",
    "As K♦️7h",
])
def test_parse_forms(text):
    assert parse_cards(text) == [51, 45, 22]
    assert format_cards(text) == "As Kd 7h"


@pytest.mark.parametrize("text, expected", [
    ("10h", [34]),
    ("Th", [34]),
    ("th", [34]),
    ("10H", [34]),
    ("10h 10s", [34, 35]),
    ("10h10s", [34, 35]),
    ("Ah10hTs", [50, 34, 35]),
    ("10♥\ufe0f", [34]),
    ("2c", [0]),
])
def test_parse_tens_and_more(text, expected):
    assert parse_cards(text) == expected


def test_format_is_always_canonical():
    assert format_cards("10h as KD 2♣\ufe0f") == "Th As Kd 2c"
    assert format_cards(["10h", "as"]) == "Th As"
    assert format_cards(np.array([34, 51], dtype=np.uint8)) == "Th As"
    assert format_cards([34, 51], symbols=True) == "T♥ A♠"
    assert format_cards([34, 51], sep=",") == "Th,As"


def test_duplicates_are_rejected_unless_allowed():
    with pytest.raises(DuplicateCardError, match=r"duplicate card As"):
        parse_cards("As Kd as")
    with pytest.raises(DuplicateCardError, match=r"duplicate card Th"):
        parse_cards("Th 10h")
    with pytest.raises(DuplicateCardError, match=r"duplicate card As"):
        parse_cards("A♠ As")
    assert parse_cards("As As", allow_duplicates=True) == [51, 51]
    assert issubclass(DuplicateCardError, InvalidCardError)


@pytest.mark.parametrize("text, match", [
    ("1h", r"'1h'.*'1' is not a rank, write 10 or T"),
    ("As 1h", r"'1h'"),
    ("Ax", r"'Ax'.*suit must be one of c, d, h, s"),
    ("", r"no cards in ''"),
    ("   ", r"no cards"),
    (" , ", r"no cards"),
    ("A", r"'A'.*missing suit"),
    ("10", r"'10'.*missing suit"),
    ("As K", r"'K'.*missing suit"),
    ("0h", r"'0h'.*rank must be one of"),
    ("11h", r"rank must be one of"),
    ("Xs", r"'Xs'.*rank must be one of"),
    ("A s", r"missing suit"),
    ("As Kd 7", r"'7'.*missing suit"),
    ("\ufe0fAs", r"rank must be one of"),
    ("AsKd7", r"missing suit"),
    ("As-Kd", r"rank must be one of"),
])
def test_malformed_strings(text, match):
    with pytest.raises(InvalidCardError, match=match) as info:
        parse_cards(text)
    assert isinstance(info.value, ValueError) and isinstance(info.value, PokercoreError)


@pytest.mark.parametrize("bad", [None, b"As", 51, 5.0, ["As"]])
def test_parse_cards_needs_a_str(bad):
    with pytest.raises(CardTypeError, match="expects a str") as info:
        parse_cards(bad)
    assert isinstance(info.value, TypeError)


def test_parse_card_exactly_one():
    with pytest.raises(HandSizeError, match="expected one card, got 2"):
        parse_card("As Kd")
    with pytest.raises(InvalidCardError, match="no cards"):
        parse_card("")


@pytest.mark.parametrize("code, exc, match", [
    (52, InvalidCardError, "52 is out of range 0..51"),
    (-1, InvalidCardError, "-1 is out of range 0..51"),
    (2**70, InvalidCardError, "out of range 0..51"),
    (np.int64(60), InvalidCardError, "60 is out of range"),
    (True, CardTypeError, "got bool"),
    (np.bool_(False), CardTypeError, "got bool"),
    (1.0, CardTypeError, "got float"),
    ("As", CardTypeError, "got str"),
    (None, CardTypeError, "got NoneType"),
])
def test_format_card_rejects(code, exc, match):
    with pytest.raises(exc, match=match):
        format_card(code)


def test_numpy_integer_codes_are_accepted():
    for t in (np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint64):
        assert format_card(t(51)) == "As"
        assert card_rank(t(51)) == 12


@pytest.mark.parametrize("args, exc, match", [
    ((13, 0), InvalidCardError, "rank index 13 is out of range 0..12"),
    ((-1, 0), InvalidCardError, "rank index -1"),
    ((0, 4), InvalidCardError, "suit index 4 is out of range 0..3"),
    (("X", "s"), InvalidCardError, "unknown rank 'X'"),
    (("1", "s"), InvalidCardError, "unknown rank '1'"),
    (("A", "x"), InvalidCardError, "unknown suit 'x'"),
    ((True, 0), CardTypeError, "rank must be an integer, got bool"),
    ((0, 1.5), CardTypeError, "suit must be an integer"),
])
def test_card_constructor_rejects(args, exc, match):
    with pytest.raises(exc, match=match):
        card(*args)


# hypothesis: any hand written in any accepted style parses back
style_st = st.fixed_dictionaries({
    "case": st.sampled_from(["keep", "lower", "upper"]),
    "sep": st.sampled_from([" ", "", ",", ", ", "\t", "  "]),
    "suits": st.sampled_from(["letters", "symbols", "symbols_vs16", "white"]),
    "ten": st.sampled_from(["T", "10"]),
})


def _write(codes: list[int], style: dict) -> str:
    out = []
    for c in codes:
        r, s = NAMES[c]
        if r == "T":
            r = style["ten"]
        if style["suits"] == "symbols":
            s = SYMBOLS[s]
        elif style["suits"] == "symbols_vs16":
            s = SYMBOLS[s] + VS16
        elif style["suits"] == "white":
            s = WHITE_SYMBOLS[s]
        name = r + s
        name = {"keep": name, "lower": name.lower(), "upper": name.upper()}[style["case"]]
        out.append(name)
    return style["sep"].join(out)


@HYP
@given(st.lists(st.integers(0, 51), min_size=1, max_size=52, unique=True), style_st)
def test_parse_any_style_round_trip(codes, style):
    text = _write(codes, style)
    assert parse_cards(text) == codes
    assert format_cards(text) == " ".join(NAMES[c] for c in codes)
    assert parse_cards(format_cards(codes)) == codes


@HYP
@given(st.text(max_size=12))
def test_parse_arbitrary_text_never_crashes(text):
    try:
        codes = parse_cards(text)
    except InvalidCardError as exc:  # includes DuplicateCardError
        assert str(exc)
    else:
        assert codes and all(0 <= c <= 51 for c in codes) and len(set(codes)) == len(codes)


# --------------------------------------------------------------------------
# numpy converters


def test_cards_to_array_forms():
    a = cards_to_array("As Kd 7h")
    assert a.dtype == np.uint8 and a.shape == (3,) and a.tolist() == [51, 45, 22]
    assert cards_to_array([51, 45, 22]).tolist() == [51, 45, 22]
    assert cards_to_array(["As", "Kd", "7h"]).tolist() == [51, 45, 22]
    b = cards_to_array(["As Kd", "2c 3c"])
    assert b.dtype == np.uint8 and b.shape == (2, 2) and b.tolist() == [[51, 45], [0, 4]]
    c = cards_to_array([[51, 45], [0, 4]])
    assert c.dtype == np.uint8 and c.tolist() == [[51, 45], [0, 4]]
    d = cards_to_array(np.array([[51, 45], [0, 4]], dtype=np.int64))
    assert d.dtype == np.uint8 and d.flags.c_contiguous and d.tolist() == [[51, 45], [0, 4]]
    nc = np.arange(20, dtype=np.int32).reshape(4, 5)[:, ::2]
    e = cards_to_array(nc)
    assert e.flags.c_contiguous and e.tolist() == nc.tolist()


@pytest.mark.parametrize("n_cards", [1, 3, 5, 13])
def test_array_round_trip(n_cards):
    hands = random_hands(50, n_cards, seed=n_cards)
    as_lists = array_to_cards(hands)
    assert isinstance(as_lists, list) and all(type(c) is int for h in as_lists for c in h)
    np.testing.assert_array_equal(cards_to_array(as_lists), hands)
    assert array_to_cards(hands[0]) == hands[0].tolist()
    np.testing.assert_array_equal(cards_to_array(format_cards(hands[0])), hands[0])


def test_all_52_array_round_trip():
    arr = cards_to_array(" ".join(NAMES))
    np.testing.assert_array_equal(arr, np.arange(52, dtype=np.uint8))
    assert array_to_cards(arr) == list(range(52))


@pytest.mark.parametrize("func", [cards_to_array, array_to_cards])
@pytest.mark.parametrize("arr, exc, match", [
    (np.array([1.0, 2.0]), CardTypeError, "integer dtype, got float64"),
    (np.array([1, 2], dtype=object), CardTypeError, "integer dtype, got object"),
    (np.array([True, False]), CardTypeError, "integer dtype, got bool"),
    (np.array([[[1]]]), HandSizeError, r"1-D or 2-D.*\(1, 1, 1\)"),
    (np.array([52]), InvalidCardError, "0..51"),
    (np.array([[0, -1]]), InvalidCardError, "0..51"),
])
def test_converters_reject_bad_arrays(func, arr, exc, match):
    with pytest.raises(exc, match=match):
        func(arr)


def test_cards_to_array_rejects_ragged_and_bad_codes():
    with pytest.raises(HandSizeError, match=r"same number of cards, got sizes \[1, 2\]"):
        cards_to_array([[51, 0], [1]])
    with pytest.raises(InvalidCardError, match="52 is out of range"):
        cards_to_array([0, 52])
    with pytest.raises(CardTypeError, match="got float"):
        cards_to_array([0, 1.0])
    with pytest.raises(InvalidCardError, match="'1h'"):
        cards_to_array("As 1h")


# --------------------------------------------------------------------------
# Deck and random hands


def test_deck_is_reproducible_from_a_seed():
    a, b = Deck(seed=42), Deck(seed=42)
    assert a.deal(13) == b.deal(13)
    assert a.deal_hands(3, 13) == b.deal_hands(3, 13)
    assert len(a) == 0 and a.remaining == []
    assert Deck(seed=1).remaining != Deck(seed=2).remaining
    # a Generator is used as is and advanced: two decks from one generator differ
    rng = np.random.default_rng(5)
    d1, d2 = Deck(rng), Deck(rng)
    assert d1.remaining != d2.remaining
    rng = np.random.default_rng(5)
    assert Deck(rng).remaining == d1.remaining
    assert Deck(np.random.SeedSequence(7)).remaining == Deck(np.random.SeedSequence(7)).remaining


def test_deck_deals_every_card_once():
    deck = Deck(seed=3)
    hands = deck.deal_hands(4, 13)
    dealt = [c for h in hands for c in h]
    assert sorted(dealt) == list(range(52))
    assert all(type(c) is int for c in dealt)
    with pytest.raises(ValueError, match="only 0 left"):
        deck.deal(1)
    assert deck.deal(0) == []


def test_deck_exclude_and_errors():
    deck = Deck(seed=9, exclude="As Kd")
    assert len(deck) == 50
    assert not {51, 45} & set(deck.remaining)
    assert len(Deck(seed=9, exclude=[0, 1, 2])) == 49
    with pytest.raises(ValueError, match="negative"):
        deck.deal(-1)
    with pytest.raises(ValueError, match="cannot deal 51 cards: only 50 left"):
        deck.deal(51)
    with pytest.raises(ValueError, match="cannot deal 11 hands of 5"):
        deck.deal_hands(11, 5)
    with pytest.raises(CardTypeError, match="bool"):
        deck.deal(True)
    with pytest.raises(InvalidCardError, match="'Ax'"):
        Deck(exclude="Ax")


def test_random_hands_reproducible_and_distinct():
    a = random_hands(10_000, 5, seed=11)
    assert a.dtype == np.uint8 and a.shape == (10_000, 5)
    np.testing.assert_array_equal(a, random_hands(10_000, 5, seed=11))
    assert not np.array_equal(a, random_hands(10_000, 5, seed=12))
    s = np.sort(a, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all()  # distinct within a hand
    assert a.max() <= 51
    # rows are not all the same hand
    assert len(np.unique(s, axis=0)) > 9_900
    # evaluators accept them directly
    assert pc.evaluate5_batch(a).min() >= 1


def test_random_hands_large_spans_chunks_and_is_uniform():
    n = 200_000  # > one internal chunk of 65,536 rows
    a = random_hands(n, 5, seed=2)
    assert a.shape == (n, 5)
    s = np.sort(a, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all()
    # chunks are not copies of each other
    assert not np.array_equal(a[:1000], a[65_536:66_536])
    # every card appears about 5/52 of the time (6 sigma tolerance)
    counts = np.bincount(a.ravel(), minlength=52)
    expected = n * 5 / 52
    assert np.abs(counts - expected).max() < 6 * np.sqrt(expected)
    # and every position is uniform too (no ordering bias)
    for j in range(5):
        col = np.bincount(a[:, j], minlength=52)
        assert np.abs(col - n / 52).max() < 6 * np.sqrt(n / 52)


def test_random_hands_exclude_and_sizes():
    a = random_hands(5_000, 3, seed=1, exclude="As Ks Qs")
    assert not np.isin(a, [51, 47, 43]).any()
    full = random_hands(3, 52, seed=1)
    assert (np.sort(full, axis=1) == np.arange(52)).all()
    assert random_hands(0, 5, seed=1).shape == (0, 5)
    assert random_hands(10, 49, seed=1, exclude=[0, 1, 2]).min() >= 3
    with pytest.raises(ValueError, match="cannot draw 2 hands of 53 cards"):
        random_hands(2, 53)
    with pytest.raises(ValueError, match="cannot draw 2 hands of 0 cards"):
        random_hands(2, 0)
    with pytest.raises(ValueError, match="cannot draw -1 hands"):
        random_hands(-1)
    with pytest.raises(ValueError, match="cannot draw 1 hands of 50 cards from 49"):
        random_hands(1, 50, exclude=[0, 1, 2])


def test_random_hands_deal_all_two_card_combinations_eventually():
    a = random_hands(20_000, 2, seed=4)
    pairs = {tuple(sorted(r)) for r in a.tolist()}
    assert len(pairs) > 1_200  # 1,326 possible
    assert pairs <= set(itertools.combinations(range(52), 2))
