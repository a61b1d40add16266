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
