"""Binh entry points: masked arrays, matrices, card forms, batch layout, pickling of tables and agents."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import pokercore as pc
from pokercore.binh import (
    BranchTables,
    best_arrangement,
    best_arrangement_batch,
    classify_special,
    classify_special_batch,
    count_legal,
    count_legal_batch,
    legal_arrangements,
    special_kinds_batch,
)
from pokercore.binh._tables import default_tables
from pokercore.errors import CardTypeError, DuplicateCardError, HandSizeError, InvalidCardError

HANDS = pc.random_hands(3, 13, seed=4)
ONE = {
    "count_legal": count_legal,
    "legal_arrangements": legal_arrangements,
    "best_arrangement": best_arrangement,
    "classify_special": classify_special,
}
BATCH = {
    "count_legal_batch": count_legal_batch,
    "best_arrangement_batch": best_arrangement_batch,
    "best_arrangement_batch(callable)": lambda h: best_arrangement_batch(h, lambda legal: legal["top_rank"]),
    "classify_special_batch": classify_special_batch,
    "special_kinds_batch": special_kinds_batch,
}


@pytest.mark.parametrize("name", sorted(ONE))
def test_single_hand_functions_refuse_masked_arrays(name: str) -> None:
    masked = np.ma.masked_array(HANDS[0], mask=np.zeros(13, dtype=bool))
    with pytest.raises(CardTypeError, match="masked arrays are not supported"):
        ONE[name](masked)


@pytest.mark.parametrize("name", sorted(BATCH))
def test_batch_functions_refuse_masked_arrays(name: str) -> None:
    masked = np.ma.masked_array(HANDS, mask=np.zeros(HANDS.shape, dtype=bool))
    with pytest.raises(CardTypeError, match="masked arrays are not supported"):
        BATCH[name](masked)


@pytest.mark.parametrize("name", sorted(BATCH))
def test_matrix_with_a_bad_row_names_the_row(name: str) -> None:
    bad = HANDS.astype(np.int64)
    bad[2, 0] = 99
    with pytest.raises(InvalidCardError, match=r"^" + name.split("(")[0] + r": hand 2 has a card code out of range"):
        BATCH[name](np.matrix(bad))
    ok = BATCH[name](np.matrix(HANDS))
    expect = BATCH[name](HANDS)
    for a, b in zip(ok if isinstance(ok, tuple) else [ok], expect if isinstance(expect, tuple) else [expect]):
        assert np.array_equal(a, b, equal_nan=True)


FORMS = {
    "str": "As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h 6s",
    "codes": pc.parse_cards("As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h 6s"),
    "strs": "As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h 6s".split(),
    "int64": np.array(pc.parse_cards("As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h 6s")),
    "numpy ints": [np.int16(c) for c in pc.parse_cards("As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h 6s")],
}
BAD = {
    "As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h As": DuplicateCardError,
    "As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h": HandSizeError,
    "As Ah Ad Ac Kc Kd 2d 5d 8d 9d 3c 4h Xx": InvalidCardError,
    3.5: CardTypeError,
}


@pytest.mark.parametrize("name", sorted(ONE))
def test_every_card_form_and_the_same_errors(name: str) -> None:
    results = {form: repr(ONE[name](cards)) for form, cards in FORMS.items()}
    assert len(set(results.values())) == 1, results
    for cards, error in BAD.items():
        with pytest.raises(error):
            ONE[name](cards)


def test_suggest_arrangement_takes_every_card_form() -> None:
    from pokercore.binh import suggest_arrangement

    got = {form: suggest_arrangement(cards)[0] for form, cards in FORMS.items()}
    assert len(set(got.values())) == 1
    for cards, error in BAD.items():
        with pytest.raises(error):
            suggest_arrangement(cards)


def test_callable_objective_rows_use_the_documented_layout() -> None:
    """``BatchResult.cards``: top 3, middle 5, bottom 5, each branch highest code first, whatever the objective."""
    def middle_first(legal):
        return legal["middle_rank"]

    for objective in ("lexicographic", default_tables().branch_tables(), middle_first):
        res = best_arrangement_batch(HANDS, objective)
        for i, row in enumerate(res.cards.tolist()):
            for part in (row[:3], row[3:8], row[8:]):
                assert part == sorted(part, reverse=True), (objective, i, row)
            assert res.arrangement(i) == best_arrangement(HANDS[i], objective)


def test_branch_tables_pickle_and_copy() -> None:
    bt = default_tables().branch_tables()
    a = best_arrangement(HANDS[0], bt)
    for clone in (pickle.loads(pickle.dumps(bt)), copy.deepcopy(bt), copy.copy(bt)):
        assert isinstance(clone, BranchTables)
        assert best_arrangement(HANDS[0], clone) == a and clone.value(a) == bt.value(a)
    t = pickle.loads(pickle.dumps(default_tables()))
    assert np.array_equal(t.value, default_tables().value)


def test_agents_still_pickle_after_deciding() -> None:
    """A NormalAgent that has decided (so the shared tables cache their BranchTables) still goes to workers."""
    from pokercore.binh import NormalAgent
    from pokercore.binh._game import Observation
    from pokercore.sim import simulate

    NormalAgent()(Observation(tuple(range(51, 38, -1)), 0, 2))
    result = simulate("binh", [NormalAgent(), "easy"], deals=3, seed=5)
    assert result is not None
    copy.deepcopy(NormalAgent())
    pickle.loads(pickle.dumps(NormalAgent()))
