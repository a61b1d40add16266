"""Real hands of the public PHH dataset replay on pokercore to pokerkit's stacks, to the cent.

The sample in ``data/phh_dataset`` (see its README: source, files, licence)
holds online cash-game hands of three rooms (HandHQ logs of 2009: PokerStars,
Absolute Poker, iPoker), two of Pluribus' hands and a televised final-table
hand.  They are written in dollars and cents, show mucked hands as
``p2 sm ????``, give iPoker's stacks as ``inf`` and record ``winnings`` after
the room's rake.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

from pokercore.holdem._errors import PhhError
from pokercore.holdem._phh import from_phh, load_phh, to_phh

pytestmark = pytest.mark.filterwarnings("ignore:The field .* is an unexpected field:UserWarning")

DATA = Path(__file__).parent / "data" / "phh_dataset"
#: A hand of the televised 2019 final table that skips p8's turn preflop: refused, at its line.
DAMAGED = {"wsop_2019_42_3_00-01-07.phh": (7, "'p1 cc': it is p8's turn (seat 7), not p1's")}


def _hands() -> list[tuple[str, str]]:
    out = []
    for path in sorted(DATA.glob("*.phh*")):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".phhs":
            parts = re.split(r"^\[(\d+)\]\n", text, flags=re.M)[1:]
            out += [(f"{path.name}[{no}]", body) for no, body in zip(parts[::2], parts[1::2])]
        elif path.name not in DAMAGED:
            out.append((path.name, text))
    return out


HANDS = _hands()


def _pokerkit_results(text: str) -> list[Decimal]:
    """What each player won or lost in pokerkit's replay (``inf`` stacks replayed as a large finite stack)."""
    state = list(HandHistory.loads(text.replace("inf", "1000000000")))[-1]
    return [Decimal(s) - Decimal(s0) for s, s0 in zip(state.stacks, state.starting_stacks)]


def test_the_sample_is_small_and_from_every_source():
    names = [name for name, _ in HANDS]
    assert 60 <= len(names) <= 300
    assert sum(p.stat().st_size for p in DATA.iterdir()) < 250_000
    for source in ("handhq_ps", "handhq_abs", "handhq_ipn", "pluribus"):
        assert sum(name.startswith(source) for name in names) >= 2, source


@pytest.mark.parametrize("name, text", HANDS, ids=[n for n, _ in HANDS])
def test_every_hand_loads_and_ends_at_pokerkits_stacks(name, text):
    hand = load_phh(text)
    theirs = _pokerkit_results(text)
    assert list(hand.results) == theirs
    if not hand.unlimited:  # final stacks to the cent, in the file's own units
        state = list(HandHistory.loads(text))[-1]
        assert list(hand.finishing_stacks) == [Decimal(s) for s in state.stacks]
    assert sum(hand.state.stacks) + (0 if hand.state.is_over else hand.state.pot) == sum(hand.state.starting_stacks)


def test_the_sample_covers_what_the_reader_must_handle():
    hands = [load_phh(text) for _, text in HANDS]
    assert sum(h.unit == Decimal("0.01") for h in hands) >= 30          # dollars and cents
    assert sum(bool(h.unknown_shown) for h in hands) >= 6               # 'p2 sm ????'
    assert sum(bool(h.unlimited) for h in hands) >= 20                  # iPoker's inf stacks
    assert sum(h.rake is not None and h.rake > 0 for h in hands) >= 10  # winnings after the rake
    assert sum(h.state.is_over for h in hands) >= len(hands) - 2        # iPoker logs can stop before the end


def test_winnings_agree_and_the_difference_is_the_rake():
    ps = dict(HANDS)
    # Blinds 5/10: a limp, a check, a flop bet of 10 is folded to; the 25 pot pays 23.75 after 5% rake.
    hand = load_phh(ps["handhq_ps_1000nl.phhs[6]"])
    assert hand.rake == Decimal("1.25") and hand.results[2] == Decimal("15")
    # A walk: the big blind collects 1.50, its own uncalled 0.50 included, with no rake.
    walk = load_phh(ps["handhq_abs_100nl.phhs[21]"])
    assert walk.rake == 0 and walk.results == (Decimal("0.50"), Decimal("-0.50"))
    # A file whose winnings name a player the replay does not pay is refused at the winnings line.
    lying = ps["handhq_ps_1000nl.phhs[6]"].replace("winnings = [0, 0, 23.75, 0, 0]", "winnings = [23.75, 0, 0, 0, 0]")
    with pytest.raises(PhhError, match=r"winnings\[0\] is 23.75 but pokercore's replay pays p1 0") as err:
        load_phh(lying)
    assert err.value.line == lying.splitlines().index("winnings = [23.75, 0, 0, 0, 0]") + 1
    assert load_phh(lying, check_stacks=False).rake is None


def test_the_damaged_televised_hand_is_refused_where_it_goes_wrong():
    for name, (line, message) in DAMAGED.items():
        with pytest.raises(PhhError) as err:
            load_phh((DATA / name).read_text(encoding="utf-8"))
        assert err.value.line == line and message in str(err.value)


@pytest.mark.parametrize("name", ["handhq_abs_100nl.phhs[12]", "handhq_ps_1000nl.phhs[11]", "handhq_ipn_100nl.phhs[4]"])
def test_a_dataset_hand_round_trips_through_pokercores_writer_in_its_units(name):
    hand = load_phh(dict(HANDS)[name])
    text = to_phh(hand.state, unit=hand.unit)
    again = load_phh(text)
    assert again.state.snapshot() == hand.state.snapshot() and again.results == hand.results
    assert again.results == tuple(_pokerkit_results(text))
    assert from_phh(text).snapshot() == hand.state.snapshot()
