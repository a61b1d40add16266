"""A rank names its own scale: standard 1..7462, Binh 10001..17917 (3- and 5-card)."""

from __future__ import annotations

import io

import numpy as np
import pytest

import pokercore as pc
from pokercore.binh import TABLE_LEN, BranchTables, best_arrangement
from pokercore.binh._tables import SelfPlayTables, default_tables
from pokercore.errors import InvalidRankError, PokercoreValueError


def test_three_card_and_binh_ranks_are_described_as_themselves() -> None:
    assert pc.describe_rank(pc.evaluate3("Kh Kd 7c")) == "Pair of kings"
    assert pc.category_of(pc.evaluate3("Kh Kd 7c")) == pc.HandCategory.PAIR
    wheel = pc.evaluate5("Ah 2c 3d 4s 5h", rules="binh")
    assert pc.describe_rank(wheel) == "Straight, A-2-3-4-5"
    assert pc.category_of(wheel) == pc.HandCategory.STRAIGHT
    assert pc.describe_rank(pc.evaluate5("Ah 2c 3d 4s 5h")) == "Straight, five high"


def test_ranges_are_disjoint_and_exported() -> None:
    assert pc.rank_range("standard") == (1, 7462)
    assert pc.rank_range("binh") == (pc.BINH_RANK_OFFSET + 1, pc.BINH_RANK_OFFSET + 7917) == (10001, 17917)
    hands = pc.random_hands(2000, 5, seed=3)
    std = pc.evaluate5_batch(hands)
    binh = pc.evaluate5_batch(hands, rules="binh")
    three = pc.evaluate3_batch(np.ascontiguousarray(hands[:, :3]))
    assert std.max() <= 7462 < 10001 <= min(binh.min(), three.min())
    assert {pc.scale_of(int(r)) for r in std} == {"standard"}
    assert {pc.scale_of(int(r)) for r in np.concatenate([binh, three])} == {"binh"}
    # the per-element category of a mixed array matches category_of
    mixed = np.concatenate([std[:50], binh[:50], three[:50]])
    assert pc.categories_of(mixed).tolist() == [int(pc.category_of(int(r))) for r in mixed]


def test_every_rank_of_both_scales_round_trips() -> None:
    for scale in ("standard", "binh"):
        lo, hi = pc.rank_range(scale)
        ranks = np.arange(lo, hi + 1)
        cats = pc.categories_of(ranks)
        assert (pc.categories_of(ranks, scale) == cats).all()
        assert all(pc.scale_of(int(r)) == scale for r in ranks[::97])


@pytest.mark.parametrize("rank, rules", [
    (pc.evaluate3("Kh Kd 7c"), "standard"),
    (pc.evaluate5("Ah 2c 3d 4s 5h", rules="binh"), "standard"),
    (pc.evaluate5("Ah 2c 3d 4s 5h"), "binh"),
])
def test_a_conflicting_rules_argument_is_an_error(rank: int, rules: str) -> None:
    for fn in (pc.describe_rank, pc.category_of, pc.rank_detail):
        with pytest.raises(InvalidRankError, match=f"not a {rules} rank.*drop rules="):
            fn(rank, rules)
    with pytest.raises(InvalidRankError):
        pc.categories_of(np.array([rank]), rules)


@pytest.mark.parametrize("value", [0, -1, 7463, 10000, 17918, 2**40])
def test_values_between_scales_are_not_ranks(value: int) -> None:
    with pytest.raises(InvalidRankError, match="not a rank"):
        pc.describe_rank(value)
    with pytest.raises(InvalidRankError):
        pc.categories_of(np.array([1, value], dtype=np.int64))


def test_binh_order_rule_is_still_one_comparison() -> None:
    assert pc.evaluate3("Ah Ad Kc") < pc.evaluate5("Ac As Kd 3c 2d", rules="binh")
    assert pc.evaluate3("7h 7d Ac") > pc.evaluate5("7c 7s Kd Qc Jd", rules="binh")
    a = best_arrangement("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    assert 10001 <= a.top_rank <= a.middle_rank <= a.bottom_rank <= 17917


def test_value_tables_are_indexed_by_the_rank_itself() -> None:
    hand = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
    ramp = np.arange(TABLE_LEN, dtype=float)
    t = BranchTables(ramp, ramp, 2 * ramp)
    a = best_arrangement(hand, t)
    assert t.value(a) == 2 * a.bottom_rank + a.middle_rank + a.top_rank
    # one layout: a table indexed by rank - BINH_RANK_OFFSET (7918 long) is refused, not shifted
    short = ramp[pc.BINH_RANK_OFFSET:]
    with pytest.raises(PokercoreValueError, match=rf"shape \({TABLE_LEN},\) \(index = Binh rank\), got \(7918,\)"):
        BranchTables(short, short, short)


def test_self_play_tables_use_the_rank_and_read_the_table_file() -> None:
    t = default_tables()
    assert t.value.shape == (3, TABLE_LEN)
    ranks = np.array([list(best_arrangement(h).ranks) for h in pc.random_hands(20, 13, seed=2)])
    assert np.isfinite(t.expected(ranks)).all()
    buf = io.BytesIO()
    np.savez_compressed(buf, pmf=t.pmf[:, pc.BINH_RANK_OFFSET:].astype(np.float32), meta=np.array("{}"))
    buf.seek(0)
    back = SelfPlayTables.load(buf)
    assert np.allclose(back.value[:, pc.BINH_RANK_OFFSET + 1:], t.value[:, pc.BINH_RANK_OFFSET + 1:], atol=1e-6)
    with pytest.raises(ValueError, match="Binh ranks are 10001"):
        SelfPlayTables.from_ranks(np.array([[1, 2, 3]]))


def test_public_names() -> None:
    names = dir(pc)
    assert "os" not in names and "annotations" not in names
    for name in ("BINH_RANK_OFFSET", "rank_range", "scale_of", "binh", "draw", "sim", "evaluate5"):
        assert name in names
    assert set(pc.__all__) <= set(names)
