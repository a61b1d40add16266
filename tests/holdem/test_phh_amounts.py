"""The PHH reader on what real hand histories hold: decimal amounts, unknown shown hands, inf stacks, odd folds."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pokerkit import HandHistory

from pokercore.holdem._errors import PhhError
from pokercore.holdem._phh import from_phh, load_phh, to_phh

CENTS = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [200.30, 81.60, 197]
actions = [
  'd dh p1 AsKs', 'd dh p2 7h6h', 'd dh p3 QdQc',
  'p3 cbr 3.25', 'p1 cbr 10.05', 'p2 f', 'p3 cc',
  'd db 2c3d4h', 'p1 cbr 4.75', 'p3 cc', 'd db 9s', 'p1 cc', 'p3 cc', 'd db Jd', 'p1 cc', 'p3 cc',
  'p1 sm AsKs', 'p3 sm QdQc',
]
"""


def _pokerkit_stacks(text: str) -> list[Decimal]:
    state = list(HandHistory.loads(text))[-1]
    return [Decimal(s) for s in state.stacks]


def test_decimal_amounts_are_played_exactly_in_cents_and_given_back_in_dollars():
    hand = load_phh(CENTS)
    assert hand.unit == Decimal("0.01")
    assert hand.state.starting_stacks == (20030, 8160, 19700)
    assert hand.starting_stacks == (Decimal("200.30"), Decimal("81.60"), Decimal("197.00"))
    # QQ beats AK on 2c 3d 4h 9s Jd: the 30.60 pot (14.80 from p1 and from p3, 1 from p2) goes to p3.
    assert hand.finishing_stacks == tuple(_pokerkit_stacks(CENTS))
    assert hand.results == (Decimal("-14.80"), Decimal("-1"), Decimal("15.80"))
    assert hand.amount(1) == Decimal("0.01") and sum(hand.results) == 0


def test_the_unit_is_the_smallest_decimal_place_used_and_amounts_stay_exact():
    tenths = load_phh(CENTS.replace("0.50", "0.5").replace("200.30", "200.3").replace("81.60", "81.6")
                      .replace("10.05", "10.1").replace("3.25", "3.3").replace("4.75", "4.8"))
    assert tenths.unit == Decimal("0.1") and tenths.state.starting_stacks == (2003, 816, 1970)
    whole = load_phh(CENTS.replace("0.50", "1").replace("[1, 0]", "[2, 0]").replace("200.30", "200")
                     .replace("81.60", "82").replace("10.05", "10").replace("3.25", "4").replace("4.75", "5"))
    assert whole.unit == 1 and whole.state.starting_stacks == (200, 82, 197)


def test_an_amount_with_too_many_decimals_or_no_number_is_refused_at_its_line():
    with pytest.raises(PhhError, match=r"at most 6 decimal places") as err:
        load_phh(CENTS.replace("200.30", "200.3000001"))
    assert err.value.line == 5
    with pytest.raises(PhhError, match="is not an amount") as err:
        load_phh(CENTS.replace("cbr 4.75", "cbr 4.7.5"))
    assert err.value.line == 9
    # The engine's refusals speak in chips and say what a chip is worth.
    refusal = r"cannot raise to 549: the minimum is raise to 550 .* \(amounts in chips of 0.01\)"
    with pytest.raises(PhhError, match=refusal):
        load_phh(CENTS.replace("cbr 10.05", "cbr 5.49"))


def test_an_unknown_hand_shown_at_the_showdown_is_a_muck_that_cannot_win():
    text = CENTS.replace("'d dh p1 AsKs'", "'d dh p1 ????'").replace("'p1 sm AsKs'", "'p1 sm ????'")
    hand = load_phh(text)
    assert hand.unknown_shown == (0,) and hand.state.payouts[2] > 0 and hand.state.payouts[0] == 0
    assert 0 in hand.state.mucked and 0 not in hand.state.ranks
    # Even a hand the file deals face up cannot win once it is shown as unknown (pokerkit agrees).
    best = CENTS.replace("'d dh p1 AsKs'", "'d dh p1 5s6s'").replace("'p1 sm AsKs'", "'p1 sm ????'")
    assert load_phh(best).finishing_stacks == tuple(_pokerkit_stacks(best))
    assert load_phh(best).results[2] > 0
    # When every hand at the showdown is unknown, nobody can say who won: they split the pot (as pokerkit does).
    both = text.replace("'p3 sm QdQc'", "'p3 sm ????'")
    assert load_phh(both).finishing_stacks == tuple(_pokerkit_stacks(both))
    assert load_phh(both).results == (Decimal("0.50"), Decimal("-1"), Decimal("0.50"))


def test_unknown_hole_cards_never_shown_at_a_showdown_are_refused_at_their_deal():
    text = CENTS.replace("'d dh p1 AsKs'", "'d dh p1 ????'").replace("'p1 sm AsKs', ", "")
    expected = r"p1's hole cards are unknown .* \('p1 sm AsKs'\), or as unknown \('p1 sm \?\?\?\?'"
    with pytest.raises(PhhError, match=expected) as err:
        load_phh(text)
    assert err.value.line == 7


def test_an_inf_stack_covers_every_bet():
    text = CENTS.replace("[200.30, 81.60, 197]", "[inf, inf, 50]")
    hand = load_phh(text)
    assert hand.unlimited == (0, 1)
    assert hand.starting_stacks[:2] == (Decimal("Infinity"),) * 2 and hand.finishing_stacks[0].is_infinite()
    theirs = _pokerkit_stacks(text.replace("inf", "1000000"))
    assert hand.results == tuple(s - s0 for s, s0 in zip(theirs, (Decimal(1000000), Decimal(1000000), Decimal(50))))
    with pytest.raises(PhhError, match=r"starting_stacks\[1\] is -Infinity"):
        load_phh(CENTS.replace("81.60", "-inf"))
    with pytest.raises(PhhError, match="pokercore replays known stacks and amounts only"):
        load_phh(CENTS.replace("81.60", "nan"))


def test_a_recorded_fold_where_a_check_was_possible_is_replayed():
    text = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cc', 'p1 f']
"""
    s = from_phh(text)   # the big blind folds to a limp: the room allowed it and paid the pot
    assert s.is_over and s.stacks == (98, 102)
    assert from_phh(to_phh(s)).snapshot() == s.snapshot()
    assert [e.kind for e in s.events if e.kind in ("call", "fold")] == ["call", "fold"]


def test_winnings_are_checked_against_the_replay():
    text = CENTS + "winnings = [0, 0, 30.60]\n"
    assert load_phh(text).rake == 0
    assert load_phh(CENTS + "winnings = [0, 0, 29.10]\n").rake == Decimal("1.50")
    assert load_phh(CENTS + "winnings = [0, 0, 0]\n").rake is None   # not recorded
    with pytest.raises(PhhError, match=r"winnings\[0\] is 30.60 but pokercore's replay pays p1 0") as err:
        load_phh(CENTS + "winnings = [30.60, 0, 0]\n")
    assert err.value.line == 12
    with pytest.raises(PhhError, match=r"winnings\[2\] is 31 but pokercore's replay pays p3 30.60"):
        load_phh(CENTS + "winnings = [0, 0, 31]\n")
    assert load_phh(CENTS + "winnings = [30.60, 0, 0]\n", check_stacks=False).state.is_over


def test_decimal_finishing_stacks_are_compared_exactly():
    good = CENTS + "finishing_stacks = [185.50, 80.60, 212.80]\n"
    assert load_phh(good).finishing_stacks == (Decimal("185.50"), Decimal("80.60"), Decimal("212.80"))
    with pytest.raises(PhhError, match=r"finishing_stacks \[185.49, 80.60, 212.81\] differ from pokercore's "
                                       r"replay \[185.50, 80.60, 212.80\]"):
        load_phh(CENTS + "finishing_stacks = [185.49, 80.60, 212.81]\n")


def test_a_hand_read_in_cents_is_written_back_in_dollars_and_cents():
    hand = load_phh(CENTS.replace("'d dh p1 AsKs'", "'d dh p1 ????'").replace("'p1 sm AsKs'", "'p1 sm ????'"))
    text = to_phh(hand.state, unit=hand.unit)
    for part in ("blinds_or_straddles = [0.50, 1, 0]", "starting_stacks = [200.30, 81.60, 197]", "'p1 cbr 10.05'",
                 "'d dh p1 ????'", "'p1 sm ????'", "finishing_stacks = [185.50, 80.60, 212.80]"):
        assert part in text, part
    again = load_phh(text)
    assert again.state.snapshot() == hand.state.snapshot() and again.results == hand.results
    assert again.unknown_shown == (0,) and again.stand_ins == (0,) and again.unit == Decimal("0.01")
    assert again.finishing_stacks == tuple(_pokerkit_stacks(text))
    with pytest.raises(PhhError, match="unit must be a positive int or Decimal"):
        to_phh(hand.state, unit=0.01)  # type: ignore[arg-type]
