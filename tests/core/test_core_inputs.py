"""Card inputs and messages of the core: index protocol, long inputs, separators, decks, random hands."""

from __future__ import annotations

import numpy as np
import pytest

import pokercore as pc
from pokercore.errors import CardTypeError, InvalidCardError, PokercoreError, PokercoreTypeError


class BadIndex:
    """``__index__`` returning a float: not an integer."""

    def __index__(self):
        return 3.7


class GoodIndex:
    def __index__(self) -> int:
        return 7


def test_index_protocol_is_operator_index() -> None:
    with pytest.raises(CardTypeError):
        pc.format_card(BadIndex())
    with pytest.raises(CardTypeError):
        pc.evaluate5([BadIndex(), 1, 2, 3, 4])
    with pytest.raises(CardTypeError):
        pc.Deck(seed=1).deal(BadIndex())
    assert pc.format_card(GoodIndex()) == pc.format_card(7)
    assert pc.cards.to_codes([GoodIndex()]) == [7]


@pytest.mark.parametrize("call", [
    lambda s: pc.parse_cards(s),
    lambda s: pc.evaluate5(s),
    lambda s: pc.evaluate3(s),
    lambda s: pc.format_cards(s),
    lambda s: pc.binh.best_arrangement(s),
    lambda s: pc.binh.Arrangement.from_string(s),
    lambda s: pc.evaluate5("As Kd 7h 7c 2s", rules=s),
    lambda s: pc.describe_rank(1, rules=s),
])
def test_long_inputs_are_cut_in_messages(call) -> None:
    huge = "As Kd " + "x" * 2_000_000
    with pytest.raises(PokercoreError) as info:
        call(huge)
    msg = str(info.value)
    assert len(msg) < 600, len(msg)
    if "xxxxx" in msg:
        assert "characters)" in msg


def test_long_rows_are_cut_in_batch_messages() -> None:
    rows = [[1, 2, 3, 4, 5]] * 3 + [list(range(60, 60 + 5))]
    with pytest.raises(InvalidCardError) as info:
        pc.evaluate5_batch(np.array(rows))
    assert len(str(info.value)) < 300
    with pytest.raises(PokercoreError) as info:
        pc.evaluate5_batch([[0, 1, 2, 3, 4], "x" * 100_000])
    assert len(str(info.value)) < 600


@pytest.mark.parametrize("sep", [None, 3, b" ", [" "]])
def test_format_cards_sep_must_be_a_str(sep) -> None:
    with pytest.raises(PokercoreTypeError, match="sep must be a str"):
        pc.format_cards([51, 45], sep=sep)
    assert pc.format_cards([51, 45], sep=", ") == "As, Kd"


def test_deck_repr() -> None:
    deck = pc.Deck(seed=3)
    assert repr(deck) == "<Deck: 52 of 52 cards left>"
    deck.deal(7)
    assert repr(deck) == "<Deck: 45 of 52 cards left>"
    assert repr(pc.Deck(seed=3, exclude="As Ks")) == "<Deck: 50 of 50 cards left>"
    assert "51" not in repr(deck)   # the order stays hidden


def test_random_hands_seeded_distinct_and_uniform() -> None:
    a = pc.random_hands(200_000, 5, seed=11)
    assert a.dtype == np.uint8 and a.shape == (200_000, 5)
    assert (pc.random_hands(200_000, 5, seed=11) == a).all()
    assert not (pc.random_hands(200_000, 5, seed=12) == a).all()
    s = np.sort(a, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all() and a.max() <= 51
    # every card equally likely in every position (chi-square, 51 dof; 99.99% bound ~ 100)
    for j in range(5):
        counts = np.bincount(a[:, j], minlength=52)
        expected = len(a) / 52
        assert ((counts - expected) ** 2 / expected).sum() < 110
    # ordered pairs of the first two cards are uniform too (no card after itself)
    pair = np.bincount(a[:, 0].astype(int) * 52 + a[:, 1], minlength=52 * 52).reshape(52, 52)
    assert (np.diag(pair) == 0).all()
    off = pair[~np.eye(52, dtype=bool)]
    assert ((off - off.mean()) ** 2 / off.mean()).sum() < 2652 + 6 * np.sqrt(2 * 2651)


def test_random_hands_exclude_whole_deck_and_generator() -> None:
    dead = pc.parse_cards("As Ks Qs")
    h = pc.random_hands(5000, 13, seed=1, exclude=dead)
    assert not np.isin(h, dead).any()
    full = pc.random_hands(50, 49, seed=2, exclude=dead)
    assert all(sorted(r) == sorted(set(range(52)) - set(dead)) for r in full.tolist())
    g1, g2 = np.random.default_rng(5), np.random.default_rng(5)
    assert (pc.random_hands(10, 5, seed=g1) == pc.random_hands(10, 5, seed=g2)).all()
    assert pc.random_hands(0, 5, seed=1).shape == (0, 5)
    with pytest.raises(PokercoreError):
        pc.random_hands(3, 50, exclude=dead)


class BoolIndex:
    """``__index__`` returning a bool: an int subclass, but no card code."""

    def __index__(self) -> bool:
        return True


BOOL_INDEX_CALLS = {
    "to_codes": lambda x: pc.cards.to_codes([x]),
    "format_card": lambda x: pc.format_card(x),
    "card_rank": lambda x: pc.card_rank(x),
    "card": lambda x: pc.card(x, 0),
    "evaluate": lambda x: pc.evaluate([x, 8, 12, 16, 20]),
    "evaluate3": lambda x: pc.evaluate3([x, 8, 12]),
    "evaluate5": lambda x: pc.evaluate5([x, 8, 12, 16, 20]),
    "evaluate6": lambda x: pc.evaluate6((x, 8, 12, 16, 20, 24)),
    "evaluate7": lambda x: pc.evaluate7([x, 8, 12, 16, 20, 24, 28]),
    "evaluate_omaha": lambda x: pc.evaluate_omaha([x, 8, 12, 16], "Ah Kh Qh 2s 3s"),
    "cards_to_array": lambda x: pc.cards_to_array([x, 8]),
    "batch": lambda x: pc.evaluate5_batch([[x, 8, 12, 16, 20]]),
    "count_legal": lambda x: pc.binh.count_legal([x, *range(8, 20)]),
    "classify_special": lambda x: pc.binh.classify_special([x, *range(8, 20)]),
    "Deck.deal": lambda x: pc.Deck(seed=1).deal(x),
}


@pytest.mark.parametrize("name", sorted(BOOL_INDEX_CALLS))
def test_an_index_returning_a_bool_is_refused(name: str) -> None:
    """It was read as card code 1 (2d): every reading of a code refuses it, without a DeprecationWarning."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(CardTypeError, match=r"must be an integer: BoolIndex\.__index__ returned bool True"):
            BOOL_INDEX_CALLS[name](BoolIndex())


class RaisingIndex:
    def __index__(self) -> int:
        raise TypeError("no index here")


def test_an_index_that_raises_is_a_card_type_error() -> None:
    with pytest.raises(CardTypeError, match=r"RaisingIndex\.__index__ failed"):
        pc.evaluate5([RaisingIndex(), 8, 12, 16, 20])
    with pytest.raises(CardTypeError):
        pc.format_card(object())


def test_numpy_integers_and_index_objects_still_read() -> None:
    assert pc.evaluate5([np.int64(4), np.uint8(8), GoodIndex(), 16, 20]) == pc.evaluate5([4, 8, 7, 16, 20])
