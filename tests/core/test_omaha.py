"""Omaha (4, 5, 6 hole cards): exactly two from the hand and three from the board."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokercore as pc
from pokercore.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidArrayError,
    PokercoreError,
)
from pokercore.holdem import evaluate_omaha, evaluate_omaha_batch

from .helpers import omaha_reference, require


def _split(k: int, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    deal = pc.random_hands(n, k + 5, seed=seed)
    return np.ascontiguousarray(deal[:, :k]), np.ascontiguousarray(deal[:, k:])


@pytest.mark.parametrize("k", [4, 5, 6])
def test_batch_equals_brute_force(k: int) -> None:
    holes, boards = _split(k, 10_000, seed=k)
    ranks = evaluate_omaha_batch(holes, boards)
    assert ranks.tolist() == [omaha_reference(h, b) for h, b in zip(holes.tolist(), boards.tolist())]


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(st.integers(4, 6).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k + 5, max_size=k + 5, unique=True)))
def test_per_call_equals_brute_force(cards: list[int]) -> None:
    hole, board = cards[:-5], cards[-5:]
    assert evaluate_omaha(hole, board) == omaha_reference(hole, board)


def test_flush_boards() -> None:
    """Boards with three or more of a suit and hands with two or more of it."""
    rng = np.random.default_rng(9)
    for _ in range(3000):
        suit = int(rng.integers(4))
        suited = [r * 4 + suit for r in rng.choice(13, 7, replace=False).tolist()]
        n_board = int(rng.integers(3, 6))
        board = suited[:n_board]
        hole = suited[n_board:n_board + 2]
        rest = [c for c in range(52) if c not in board + hole]
        extra = [int(c) for c in rng.choice(rest, 5 - n_board + 2, replace=False)]
        board = board + extra[: 5 - n_board]
        hole = hole + extra[5 - n_board:]
        assert evaluate_omaha(hole, board) == omaha_reference(hole, board), (hole, board)


def test_two_plus_three_rule() -> None:
    assert pc.describe_rank(evaluate_omaha("Ah Kh Qd Jc", "2h 3h 4h 5s 9c")) == "Flush, ace high"
    # Four aces on the board-plus-hand are not quads: only two hole cards play.
    assert pc.describe_rank(evaluate_omaha("As Ah Ad 2c", "Ac Kd Qh 7s 3c")).startswith("Three of a kind")
    # A board straight needs two hole cards that fit.
    assert pc.describe_rank(evaluate_omaha("2c 2d 3h 3s", "Ts Jd Qc Kh Ad")) == "Pair of threes"
    assert pc.describe_rank(evaluate_omaha("8c 9d 3h 3s", "Ts Jd Qc Kh 4d")) == "Straight, queen high"


def test_peer_phevaluator_omaha() -> None:
    native = require("phevaluator._pheval")
    holes, boards = _split(4, 50_000, seed=21)
    ours = evaluate_omaha_batch(holes, boards)
    theirs = np.array([-native.evaluate_omaha_cards(*b, *h) for h, b in zip(holes.tolist(), boards.tolist())])
    from .helpers import same_order
    assert same_order(ours, theirs)


def test_peer_pokerkit_omaha() -> None:
    pokerkit = require("pokerkit")
    holes, boards = _split(4, 300, seed=22)
    ours = evaluate_omaha_batch(holes, boards)
    theirs = []
    for h, b in zip(holes.tolist(), boards.tolist()):
        hand = pokerkit.OmahaHoldemHand.from_game(pc.format_cards(h, sep=""), pc.format_cards(b, sep=""))
        theirs.append(hand)
    for i in range(len(ours)):
        for j in range(i + 1, min(i + 20, len(ours))):
            assert (ours[i] < ours[j]) == (theirs[i] < theirs[j])
            assert (ours[i] == ours[j]) == (theirs[i] == theirs[j])


@pytest.mark.parametrize("hole, board, error", [
    ("As Ah Kd", "Ad Ac 7h 5s 2d", HandSizeError),
    ("As Ah Kd Qc Jc Tc 9c", "Ad Ac 7h 5s 2d", HandSizeError),
    ("As Ah Kd Qc", "Ad Ac 7h 5s", HandSizeError),
    ("As Ah Kd Qc", "As Ac 7h 5s 2d", DuplicateCardError),
    ("As As Kd Qc", "Ad Ac 7h 5s 2d", DuplicateCardError),
])
def test_bad_input(hole: str, board: str, error: type) -> None:
    with pytest.raises(error) as info:
        evaluate_omaha(hole, board)
    assert isinstance(info.value, PokercoreError)


def test_batch_bad_input() -> None:
    holes, boards = _split(4, 10, seed=1)
    with pytest.raises(HandSizeError, match="one board per hand"):
        evaluate_omaha_batch(holes, boards[:5])
    with pytest.raises(HandSizeError, match=r"shape \(n_hands, 4\), \(n_hands, 5\) or \(n_hands, 6\) for holes"):
        evaluate_omaha_batch(np.ascontiguousarray(holes[:, :3]), boards)
    clash = boards.copy()
    clash[7, 2] = holes[7, 1]
    with pytest.raises(DuplicateCardError, match="hand 7"):
        evaluate_omaha_batch(holes, clash)
    assert (evaluate_omaha_batch(np.asfortranarray(holes), boards) == evaluate_omaha_batch(holes, boards)).all()
    with pytest.raises(InvalidArrayError, match="shares memory"):
        buf = np.zeros(40, dtype=np.uint8)
        h = buf.reshape(10, 4)
        h[:] = holes
        evaluate_omaha_batch(h, boards, out=buf.view(np.int32))
    out = np.empty(10, dtype=np.int32)
    assert evaluate_omaha_batch(holes, boards, out=out) is out
    assert evaluate_omaha_batch(holes.tolist(), boards.tolist()).tolist() == out.tolist()
