"""Percent ranges ("15%", "top 15%") over the shipped order of starting hands, checked against exact equity."""

from __future__ import annotations

import pytest

from pokercore.equity import RangeSyntaxError, equity, parse_range
from pokercore.equity._grid import hand_class
from pokercore.equity._preflop_order import class_combos, preflop_order, top_classes


def test_the_order_holds_each_class_once_strongest_first():
    order = preflop_order()
    labels = [label for label, _ in order]
    assert len(set(labels)) == 169 and sum(class_combos(c) for c in labels) == 1326
    equities = [eq for _, eq in order]
    assert equities == sorted(equities, reverse=True)
    assert labels[0] == "AA" and labels[-1] == "32o"  # the weakest hand against a random one is 3-2 offsuit


@pytest.mark.parametrize("label", ["T9s", "72o"])
def test_a_shipped_figure_is_pokercore_exact_equity_against_a_random_hand(label):
    combo = {"T9s": "Ts9s", "72o": "7s2h"}[label]
    shipped = dict(preflop_order())[label]
    assert equity([combo, "random"], exact=True).players[0].equity == pytest.approx(shipped, abs=1e-15)


@pytest.mark.parametrize("percent", [0.5, 5, 10, 15, 33.3, 50, 99.9])
def test_a_percent_is_the_smallest_top_slice_that_holds_that_share(percent):
    r = parse_range(f"{percent}%")
    target = percent / 100 * 1326
    classes = top_classes(percent)
    assert len(r) == sum(class_combos(c) for c in classes) >= target
    assert len(r) - class_combos(classes[-1]) < target
    assert {hand_class(a, b) for a, b in r} == set(classes)
    assert parse_range(f"top {percent}%").combos() == r.combos()


def test_all_hands_and_weights():
    assert len(parse_range("100%")) == len(parse_range("random")) == 1326
    assert set(parse_range("15%:0.5").weights()) == {0.5}
    assert parse_range("5%, AKo").combos()[:6] == parse_range("AA").combos()


@pytest.mark.parametrize("bad", ["0%", "101%", "-5%", "1000%", "15 %%", "top%", "%"])
def test_a_share_out_of_range_or_malformed_is_refused(bad):
    with pytest.raises(RangeSyntaxError):
        parse_range(bad)


def test_equity_takes_percent_ranges():
    r = equity(["AsAh", "10%"], samples=50_000, seed=2)
    assert r.players[1].combos == len(parse_range("10%").remove("As Ah"))
    assert 0.75 < r.players[0].equity < 0.9
