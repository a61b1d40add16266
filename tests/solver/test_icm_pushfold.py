"""Three-handed ICM push/fold: every terminal worked by hand, and epsilon recomputed over the whole tree."""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np
import pytest

from pokercore.solver import (
    HAND_CLASSES,
    ICM_DECISIONS,
    IcmPushFoldResult,
    InvalidPayoutsError,
    InvalidStacksError,
    SolverInputError,
    icm,
    icm_push_fold,
)

from .test_pushfold import meetings, shipped_equity

STACKS, SB, BB, PAYOUTS = [5000.0, 3000.0, 2000.0], 150.0, 300.0, [50.0, 30.0, 20.0]


def prizes(btn: float, sb: float, bb: float) -> np.ndarray:
    """Prizes after a hand (a zero stack busted; two busted at once: the bigger starting stack higher)."""
    chips = [btn, sb, bb]
    alive = [i for i in range(3) if chips[i] > 0]
    out = np.zeros(3)
    if len(alive) == 1:
        out[alive[0]] = 50.0
    else:
        eq = icm([chips[i] for i in alive], PAYOUTS[:len(alive)]).equities
        for i, e in zip(alive, eq, strict=True):
            out[i] = e
    busted = sorted((i for i in range(3) if chips[i] == 0), key=lambda i: -STACKS[i])
    for k, i in enumerate(busted):
        out[i] = PAYOUTS[len(alive) + k]
    return out


@lru_cache(maxsize=1)
def tree() -> dict[str, np.ndarray]:
    """Every terminal's prizes per seat as (3, 169, 169, 169) tensors, and the deal weights, worked by hand."""
    e = shipped_equity()
    a_b, a_c, b_c = e[:, :, None], e[:, None, :], e[None, :, :]  # broadcast over the third seat

    def same(p: np.ndarray) -> np.ndarray:  # a terminal without a showdown: the same in every deal
        return p[:, None, None, None]

    def duel(win: np.ndarray, lose: np.ndarray, p: np.ndarray) -> np.ndarray:
        return win[:, None, None, None] * p[None] + lose[:, None, None, None] * (1 - p[None])

    t = {
        # button and small blind fold: the big blind takes the small blind
        "t1": same(prizes(5000, 2850, 2150)),
        # small blind pushes, big blind folds: 300 more
        "t2": same(prizes(5000, 3300, 1700)),
        # small blind (3000) against big blind (2000)
        "t3": duel(prizes(5000, 5000, 0), prizes(5000, 1000, 4000), b_c),
        # button pushes, both fold: the blinds
        "t4": same(prizes(5450, 2850, 1700)),
        # button against big blind, the small blind's 150 in the pot
        "t5": duel(prizes(7150, 2850, 0), prizes(3000, 2850, 4150), a_c),
        # button against small blind, the big blind's 300 in the pot
        "t6": duel(prizes(8300, 0, 1700), prizes(2000, 6300, 1700), a_b),
    }
    # Three-way: main pot 6,000 (all three), side pot 2,000 (button and small blind), 2,000 of the button's back.
    first_btn, first_sb, first_bb = a_b * a_c, (1 - a_b) * b_c, (1 - a_c) * (1 - b_c)
    norm = first_btn + first_sb + first_bb
    orders = [(prizes(10000, 0, 0), first_btn / norm), (prizes(2000, 8000, 0), first_sb / norm),
              (prizes(4000, 0, 6000), first_bb * a_b / norm), (prizes(2000, 2000, 6000), first_bb * (1 - a_b) / norm)]
    t["t7"] = np.zeros((3, 169, 169, 169))
    for pz, chance in orders:
        for seat in range(3):
            t["t7"][seat] += pz[seat] * chance
    n = np.array([6 if len(c) == 2 else 4 if c[2] == "s" else 12 for c in HAND_CLASSES], dtype=float)
    r = meetings() / np.outer(n, n)
    t["w"] = (n[:, None, None] * n[None, :, None] * n[None, None, :]
              * r[:, :, None] * r[:, None, :] * r[None, :, :])
    return t


@lru_cache(maxsize=1)
def solved() -> IcmPushFoldResult:
    """The table's solution, solved once for the tests that read it."""
    return icm_push_fold(STACKS, PAYOUTS, SB, BB)


def terminal_probabilities(s: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    p1, p3, q2 = s["btn_push"][:, None, None], s["sb_push"][None, :, None], s["sb_call"][None, :, None]
    q4, q5, q6 = (s[k][None, None, :] for k in ("bb_call_sb", "bb_call_btn", "bb_call_both"))
    return {"t1": (1 - p1) * (1 - p3) + 0 * q4, "t2": (1 - p1) * p3 * (1 - q4), "t3": (1 - p1) * p3 * q4,
            "t4": p1 * (1 - q2) * (1 - q5), "t5": p1 * (1 - q2) * q5, "t6": p1 * q2 * (1 - q6), "t7": p1 * q2 * q6}


def seat_values(s: dict[str, np.ndarray], seat: int) -> np.ndarray:
    """(169, 169, 169): deal weight x the seat's expected prize in each deal."""
    t = tree()
    total = np.zeros((169, 169, 169))
    for k, p in terminal_probabilities(s).items():
        total += p * t[k][seat]
    return t["w"] * total


SEATS = {"btn_push": 0, "sb_push": 1, "sb_call": 1, "bb_call_sb": 2, "bb_call_btn": 2, "bb_call_both": 2}


def gains(s: dict[str, np.ndarray]) -> np.ndarray:
    total = tree()["w"].sum()
    out = np.zeros(3)
    for name, seat in SEATS.items():
        axes = tuple(i for i in range(3) if i != seat)
        now = seat_values(s, seat).sum(axis=axes)
        act = seat_values({**s, name: np.ones(169)}, seat).sum(axis=axes)
        fold = seat_values({**s, name: np.zeros(169)}, seat).sum(axis=axes)
        out[seat] += (np.maximum(act, fold) - now).sum() / total
    return out


def test_epsilon_and_equities_recomputed_over_the_whole_tree():
    r = solved()
    s = {k: np.array(v) for k, v in r.strategies.items()}
    independent = gains(s)
    assert independent == pytest.approx(r.gains, abs=1e-9)
    assert r.epsilon == pytest.approx(independent.max(), abs=1e-9)
    assert r.converged and r.epsilon <= 0.001  # the default target: 0.001% of the prize pool
    total = tree()["w"].sum()
    ev = [seat_values(s, seat).sum() / total for seat in range(3)]
    assert r.equities == pytest.approx(ev, abs=1e-9)


def test_every_terminal_shares_the_prize_pool():
    t = tree()
    for k in ("t1", "t2", "t3", "t4", "t5", "t6", "t7"):
        assert np.abs(t[k].sum(axis=0) - 100).max() < 1e-9, k
    r = solved()
    assert sum(r.equities) == pytest.approx(100, abs=1e-9)


def test_strategies_have_the_expected_shape():
    r = solved()
    assert set(r.strategies) == set(ICM_DECISIONS)
    assert r.weight("btn_push", "AA") == 1.0 and r.weight("btn_push", "72o") == 0.0
    assert r.weight("bb_call_both", "AA") == 1.0
    # Calling off a stack under ICM is tighter than pushing into it: overcalls are the tightest of all.
    assert r.fractions["bb_call_both"] < r.fractions["sb_call"] < r.fractions["btn_push"] < r.fractions["sb_push"]
    d = json.loads(json.dumps(r.to_dict(), allow_nan=False))
    assert d["strategies"]["btn_push"]["AA"] == 1.0 and "AA" in d["ranges"]["sb_call"]


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"stacks": [5000, 3000]}, InvalidStacksError, "3 numbers"),
    ({"stacks": [5000, 3000, -1]}, InvalidStacksError, r"stacks\[2\]"),
    ({"stacks": [5000, 3000, 300]}, InvalidStacksError, "big blind must have chips behind"),
    ({"payouts": [20, 30, 50]}, InvalidPayoutsError, "pays more"),
    ({"small_blind": 400}, InvalidStacksError, "small_blind"),
    ({"big_blind": 0}, InvalidStacksError, "big_blind"),
    ({"target": -1}, SolverInputError, "target"),
    ({"max_rounds": 0}, SolverInputError, "max_rounds"),
])
def test_refusals_name_the_field(kwargs: dict[str, object], error: type[Exception], words: str):
    args: dict[str, object] = {"stacks": STACKS, "payouts": PAYOUTS, "small_blind": SB, "big_blind": BB}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        icm_push_fold(**args)  # type: ignore[arg-type]
