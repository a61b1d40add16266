"""Every scoring path of rulings 5-7 and 11, under default and house rules."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import pokercore as pc
from pokercore.binh import (
    Arrangement,
    BinhRules,
    DealState,
    PairPath,
    SpecialHand,
    best_arrangement,
    classify_special,
    pair_outcome,
    replay,
    score_deal,
    score_pair,
)


def arr(text: str) -> Arrangement:
    return Arrangement.from_string(text)


# Normal, legal hands (no specials) whose branches compare as the comments say.
STRONG = arr("Qh Qd 2c / Ks Kd 7c 7d 3s / Ac Ah As 9s 9h")      # QQ / KK77 / AAA99
WEAK = arr("Ts Td 4c / Qs Qc 8h 6d 2d / Jc Jd 8s 8d 3h")        # TT / QQ / JJ88
MIXED = arr("Ad Kc 5d / Tc Th 6s 6c 5s / Jh Js 4h 4d 2h")       # AK5 / TT66 / JJ44
FOUL = arr("Kc Kh 3c / 5s 5d 5h 4d 4h / 6s 7s 8c 9c Tc")        # full house over a straight
FOUL2 = arr("9d 9h 2s / 3h 4s 6h 8h Jd / Ad Kd Qd Jc 7h")       # pair on top, high cards below
# Special hands (type B: six pairs; type A: one colour)
SIX_PAIRS = arr("2c 2d 3c / 3d 4h 4s 6c 6d / 8h 8s Tc Td Ah")
ONE_COLOUR = arr("2d 4h 6d / 8h Td Qh Ad 3d / 5h 9d Jh Kd Kh")


def test_fixtures() -> None:
    for a in (STRONG, WEAK, MIXED):
        assert not a.is_foul and not a.special
    assert FOUL.is_foul and not FOUL.special
    assert FOUL2.is_foul and not FOUL2.special
    assert SIX_PAIRS.special.type == "B" and ONE_COLOUR.special.type == "A"


def test_three_zero_and_scoop_bonus() -> None:
    o = pair_outcome(STRONG, WEAK)
    assert (o.score, o.path, o.branches) == (3, PairPath.BRANCHES, (1, 1, 1))
    assert score_pair(WEAK, STRONG) == -3
    assert score_pair(STRONG, WEAK, BinhRules(scoop_bonus=2)) == 5
    assert score_pair(WEAK, STRONG, BinhRules(scoop_bonus=2)) == -5


def test_two_one() -> None:
    # MIXED vs WEAK: top AK5 < TT4 (-1); middle TT66 > QQ (+1); bottom JJ44 < JJ88 (-1)
    o = pair_outcome(MIXED, WEAK)
    assert o.branches == (-1, 1, -1) and o.score == -1
    assert score_pair(WEAK, MIXED) == 1
    # the scoop bonus only applies to 3-0
    assert score_pair(WEAK, MIXED, BinhRules(scoop_bonus=4)) == 1


def test_ties() -> None:
    a = arr("4h 3d 2s / Ac Kc Qc Jc 9c / 7c 7d 7h 5c 5d")
    b = arr("4c 3c 2h / Ad Kd Qd Jd 9d / 8c 8d 8h 6c 6d")
    o = pair_outcome(a, b)
    assert o.branches == (0, 0, -1) and o.score == -1
    c = arr("4d 3h 2c / As Ks Qs Js 9s / 8h 8s 8d 3s 3d")      # tie, tie, 888-33 > 777-55
    assert pair_outcome(c, a).branches == (0, 0, 1)
    # all three branches tie: 0, even with a scoop bonus
    d = arr("4s 3s 2d / 5h 5d Kh 9c 7c / Th Jc Qs Kd As")
    e = arr("4c 3c 2h / 5s 5c Ks 9d 7d / Tc Jd Qh Kc Ad")
    o = pair_outcome(d, e, BinhRules(scoop_bonus=3))
    assert o.branches == (0, 0, 0) and o.score == 0
    # two wins and a tie: 2, no bonus
    f = arr("4d 3d 2s / 6h 6d Ah 9s Qc / 8h 8c 8d 7h 7s")
    o = pair_outcome(f, e, BinhRules(scoop_bonus=3))
    assert o.branches == (0, 1, 1) and o.score == 2


def test_foul_paths() -> None:
    for normal in (STRONG, WEAK, MIXED):
        o = pair_outcome(FOUL, normal)
        assert (o.score, o.path, o.branches) == (-9, PairPath.FOUL, None)
        assert score_pair(normal, FOUL) == 9
        assert score_pair(normal, FOUL, BinhRules(foul_points=5)) == 5
    o = pair_outcome(FOUL, FOUL2)
    assert (o.score, o.path) == (0, PairPath.FOUL_VS_FOUL)


@pytest.mark.parametrize("special, points", [(SIX_PAIRS, 6), (ONE_COLOUR, 12)])
def test_special_against_each(special: Arrangement, points: int) -> None:
    for other in (STRONG, WEAK, MIXED, FOUL, FOUL2):  # normal and fouled hands alike
        o = pair_outcome(special, other)
        assert (o.score, o.path) == (points, PairPath.SPECIAL)
        assert score_pair(other, special) == -points
    custom = BinhRules(type_a_points=20, type_b_points=10)
    assert score_pair(special, STRONG, custom) == (20 if points == 12 else 10)
    # special vs special: 0 whatever the types
    for a, b in itertools.product((SIX_PAIRS, ONE_COLOUR), repeat=2):
        o = pair_outcome(a, b)
        assert (o.score, o.path) == (0, PairPath.SPECIAL_VS_SPECIAL)


def test_specials_not_declared() -> None:
    rules = BinhRules(declare_specials=False)
    # the one-colour hand is played as arranged (642 / A-high / KK): branch by branch
    o = pair_outcome(ONE_COLOUR, STRONG, rules)
    assert (o.path, o.branches, o.score) == (PairPath.BRANCHES, (-1, -1, -1), -3)
    # 22-3 / 66-44-3 / TT-88-A against 6-4-2 / A-high / KK: three branches
    o = pair_outcome(SIX_PAIRS, ONE_COLOUR, rules)
    assert (o.path, o.score) == (PairPath.BRANCHES, 3)
    # a fouled special hand pays the foul when not declared
    fouled_special = arr("Ah Kh 9d / 2d 4h 6d 8h Td / Qh 3d 5h Jh Kd")
    assert fouled_special.special.type == "A" and fouled_special.is_foul
    assert score_pair(fouled_special, STRONG, rules) == -9
    assert score_pair(fouled_special, STRONG) == 12
    best = best_arrangement(SIX_PAIRS.cards)
    assert pair_outcome(best, WEAK, rules).path == PairPath.BRANCHES


def test_deal_two_to_four_players() -> None:
    hands = [STRONG, WEAK, FOUL]
    r = score_deal(hands)
    assert r.nets == (12, 6, -18) and sum(r.nets) == 0
    assert (r.matrix == -r.matrix.T).all() and (np.diag(r.matrix) == 0).all()
    assert r.outcomes[(0, 1)].score == 3
    two = score_deal([STRONG, WEAK])
    assert two.nets == (3, -3)


def test_deal_random_full_tables() -> None:
    """Four random hands of one deck, best-arranged: zero-sum, antisymmetric, pairwise-consistent."""
    for seed in range(5):
        deck = pc.Deck(seed=seed)
        hands = [best_arrangement(deck.deal(13)) for _ in range(4)]
        r = score_deal(hands)
        assert sum(r.nets) == 0
        assert (r.matrix == -r.matrix.T).all()
        for i, j in itertools.combinations(range(4), 2):
            assert r.matrix[i, j] == score_pair(hands[i], hands[j])
        assert r.nets == tuple(int(x) for x in r.matrix.sum(axis=1))


def test_deal_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        score_deal([STRONG])
    with pytest.raises(ValueError, match="2 to 4"):
        score_deal([STRONG, WEAK, FOUL, MIXED, SIX_PAIRS])
    with pytest.raises(ValueError, match="held by players"):
        score_deal([STRONG, STRONG])
    with pytest.raises(TypeError):
        score_deal([STRONG, "Ts Td 4c"])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        score_pair(STRONG, WEAK, rules={"foul_points": 9})  # type: ignore[arg-type]


def test_deal_result_carries_every_pair_outcome_and_the_cards() -> None:
    normal = arr("Qh Jd 2h / Ks Kd 7c 5d 3s / Ac As 9s 9h 9c")      # disjoint from SIX_PAIRS and fouled
    fouled = arr("Kc Kh 3h / 5s 5h 5c 4d 4c / 6s 7s 8c 9d Ts")
    r = score_deal([normal, SIX_PAIRS, fouled])
    assert r.hands == tuple(tuple(sorted(a.cards, reverse=True)) for a in (normal, SIX_PAIRS, fouled))
    assert r.played[0] is normal and r.played[2] is fouled and fouled.is_foul
    assert isinstance(r.played[1], SpecialHand) and r.played[1] == SIX_PAIRS.special   # declared, not arranged
    assert {k: o.path for k, o in r.outcomes.items()} == {
        (0, 1): PairPath.SPECIAL, (0, 2): PairPath.FOUL, (1, 2): PairPath.SPECIAL}
    assert r.nets == (-6 + 9, 12, -9 - 6) and r.num_players == 3
    assert replay(r.to_text()) == r and str(r) == r.to_text()
    plain = score_deal([normal, SIX_PAIRS, fouled], BinhRules(declare_specials=False))
    assert plain.played[1] is SIX_PAIRS and plain.outcomes[(0, 1)].path == PairPath.BRANCHES


def test_score_deal_and_the_deal_state_agree_with_pair_outcome() -> None:
    """Three ways to score the same deal: all arrangements at once, one seat at a time, pair by pair."""
    for seed in range(6):
        deck = pc.Deck(seed=seed)
        n = 2 + seed % 3
        cards = [deck.deal(13) for _ in range(n)]
        arranged = [best_arrangement(h) for h in cards]
        if seed % 2:                                        # a fouled hand among them
            c = sorted(cards[0], reverse=True)
            arranged[0] = Arrangement(c[:3], c[3:8], c[8:])
        at_once = score_deal(arranged)
        state = DealState(cards)
        for s in state.to_arrange:
            state.arrange(s, arranged[s])
        assert state.result() == at_once
        for i, j in itertools.combinations(range(n), 2):
            assert at_once.outcomes[(i, j)] == pair_outcome(at_once.played[i], at_once.played[j])


def test_played_must_be_an_arrangement_or_a_declared_special() -> None:
    dragon = classify_special("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert score_pair(dragon, FOUL) == 12 and score_pair(dragon, SIX_PAIRS) == 0
    with pytest.raises(TypeError, match="Arrangement or a declared SpecialHand"):
        score_pair(STRONG, STRONG.cards)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no special kind"):
        pair_outcome(STRONG.special, WEAK)
    with pytest.raises(ValueError, match="declare_specials=False"):
        pair_outcome(dragon, WEAK, BinhRules(declare_specials=False))
