"""The 13x13 grid of a range: every combo in the cell of its class, counts, weights, the command."""

from __future__ import annotations

import json

import pytest

from pokercore.cli import main
from pokercore.equity._grid import RANKS, hand_class, range_grid
from pokercore.equity._holdem_ranges import parse_range
from pokercore.errors import PokercoreValueError

CLASSES = [a + b for a in RANKS for b in RANKS if a == b] + \
    [RANKS[i] + RANKS[j] + s for i in range(13) for j in range(i + 1, 13) for s in "so"]


def test_a_random_hand_fills_every_cell_and_the_cells_add_up():
    g = range_grid(parse_range("random"))
    assert g.combos == 1326 and g.share == 1.0
    assert sum(c.combos for row in g.cells for c in row) == 1326
    assert all(c.combos == c.possible for row in g.cells for c in row)
    assert "." not in g.table().split("\n")[0]


@pytest.mark.parametrize("label", CLASSES)
def test_each_class_lands_in_its_own_cell_only(label):
    g = range_grid(parse_range(label))
    filled = [c for row in g.cells for c in row if c.combos]
    assert [c.label for c in filled] == [label]
    assert filled[0].combos == filled[0].possible == {2: 6, 3: 4 if label.endswith("s") else 12}[len(label)]
    assert g.cell(label) is filled[0]
    assert all(hand_class(a, b) == label for a, b in parse_range(label))


def test_suited_above_the_diagonal_offsuit_below():
    g = range_grid(parse_range("AKs,T9o"))
    i, j = RANKS.index("A"), RANKS.index("K")
    assert g.cells[i][j].label == "AKs" and g.cells[j][i].label == "AKo"
    t, n = RANKS.index("T"), RANKS.index("9")
    assert g.cells[n][t].label == "T9o" and g.cells[n][t].combos == 12


def test_weights_and_card_removal_show_under_the_grid():
    g = range_grid(parse_range("QQ+,A5s:0.5").remove("As"))
    assert g.cell("AA").combos == 3 and g.cell("A5s").combos == 3 and g.cell("A5s").weight == 0.5
    assert g.weighted == 3 + 6 + 6 + 1.5
    text = g.table()
    assert "AA*" in text and "A5s*" in text and "* AA 3/6 at 1, A5s 3/4 at 0.5" in text


@pytest.mark.parametrize("bad", ["AKx", "AAs", "KA", "XX", "", "AKso"])
def test_a_cell_that_is_no_class_is_refused(bad):
    with pytest.raises(PokercoreValueError):
        range_grid(parse_range("AA")).cell(bad)


def test_the_command_prints_the_grid_and_json(capsys):
    assert main(["range", "JJ+,AKs:0.5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["AA", "AKs*"] + ["."] * 11 and out[-1].startswith("28 combos (weighted 26)")
    assert main(["range", "AKo", "--dead", "Ah", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["combos"] == 9 and data["cells"][1][0]["label"] == "AKo" and data["cells"][1][0]["combos"] == 9


def test_a_bad_range_is_one_line_and_exit_2(capsys):
    assert main(["range", "AKx"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokercore range: error: ") and len(err.splitlines()) == 1


@pytest.mark.parametrize("text", ["", ",,,", " , "])
def test_a_range_that_holds_no_hand_is_refused(text, capsys):
    assert main(["range", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokercore range: error: ") and "holds no hand" in err and "QQ+,AKs" in err
    assert len(err.splitlines()) == 1


def _reference_class(a: int, b: int) -> str:
    """The class from the cards' text ("As", "Kd"), independent of the codes' layout."""
    from pokercore.cards import format_cards

    (ra, sa), (rb, sb) = (tuple(format_cards([c])) for c in (a, b))
    order = "23456789TJQKA"
    hi, lo = sorted([ra, rb], key=order.index, reverse=True)
    if hi == lo:
        return hi + lo
    return hi + lo + ("s" if sa == sb else "o")


def test_hand_class_of_every_two_cards_in_either_order():
    for a in range(52):
        for b in range(52):
            if a != b:
                assert hand_class(a, b) == _reference_class(a, b), (a, b)
    assert hand_class(47, 51) == hand_class(51, 47) == "AKs"  # the lower card first
    assert hand_class(0, 51) == "A2o" and hand_class(4, 0) == "32s" and hand_class(1, 4) == "32o"  # 2c 2d 3c


def test_the_ai_preflop_class_names_agree_with_the_grid():
    # holdem.ai.preflop.hand_class takes a combo's index (a different function); both must name a combo alike
    from pokercore.holdem.ai._combos import COMBOS
    from pokercore.holdem.ai._preflop import hand_class as combo_class

    for i, (a, b) in enumerate(COMBOS):
        assert combo_class(i) == hand_class(int(a), int(b)) == hand_class(int(b), int(a)), i
