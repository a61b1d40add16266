"""Preflop hand strength: every hold'em starting hand's equity against one random hand.

:data:`EQUITY_VS_RANDOM` holds, for each of the 169 classes of starting
hands (``AA``, ``AKs``, ``AKo`` ...), its share of the pot against one
random hand when the five board cards are dealt (ties split).  It was
measured with the core's equity engine, one million seeded Monte Carlo
samples a class (standard error below 0.0005); :func:`measure` repeats the
measurement::

    python -m pokercore.holdem.ai._preflop            # about 3 minutes

The AIs read it through :func:`preflop_strength` (per combo) and
:func:`preflop_rank` (the share of all hands at least as strong: "top 20%").

Examples
--------
>>> EQUITY_VS_RANDOM["AA"], EQUITY_VS_RANDOM["AKs"], EQUITY_VS_RANDOM["72o"]
(0.8512, 0.6706, 0.3465)
>>> from pokercore.holdem.ai._combos import combo_index
>>> round(float(preflop_rank()[combo_index(51, 50)]), 4)          # aces: the top 6 of 1,326 combos
0.0045
>>> sorted(hand_class(c) for c in top_classes(0.03))
['99', 'AA', 'JJ', 'KK', 'QQ', 'TT']
"""

from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np

from ._combos import CLASS_NAMES, CLASS_OF

__all__ = ["EQUITY_VS_RANDOM", "hand_class", "measure", "preflop_rank", "preflop_strength", "top_classes"]

_TABLE = """
    AA 0.8512  KK 0.8244  QQ 0.7985  JJ 0.7748  TT 0.7505  99 0.7204  88 0.6907  AKs 0.6706  77 0.6625
    AQs 0.6625  AJs 0.6541  AKo 0.6526  ATs 0.6462  AQo 0.6448  AJo 0.6358  KQs 0.6353  66 0.6328  A9s 0.6280
    ATo 0.6265  KJs 0.6257  A8s 0.6191  KTs 0.6182  KQo 0.6154  A7s 0.6094  A9o 0.6081  KJo 0.6063  55 0.6022
    QJs 0.6019  K9s 0.6003  A5s 0.5991  A6s 0.5988  A8o 0.5981  KTo 0.5967  QTs 0.5944  A4s 0.5903  A7o 0.5879
    K8s 0.5829  A3s 0.5826  QJo 0.5813  K9o 0.5776  A5o 0.5772  A6o 0.5769  Q9s 0.5767  JTs 0.5756  K7s 0.5748
    A2s 0.5744  QTo 0.5737  44 0.5704  K6s 0.5666  A4o 0.5665  Q8s 0.5603  K8o 0.5594  A3o 0.5590  K5s 0.5586
    J9s 0.5566  Q9o 0.5532  JTo 0.5525  K7o 0.5521  A2o 0.5488  K4s 0.5485  Q7s 0.5433  K6o 0.5427  J8s 0.5407
    K3s 0.5402  T9s 0.5398  33 0.5368  Q6s 0.5360  Q8o 0.5354  K5o 0.5329  K2s 0.5324  J9o 0.5323  Q5s 0.5277
    J7s 0.5239  T8s 0.5226  K4o 0.5226  Q7o 0.5182  Q4s 0.5180  T9o 0.5152  J8o 0.5150  K3o 0.5141  Q3s 0.5098
    Q6o 0.5094  98s 0.5080  J6s 0.5066  T7s 0.5062  K2o 0.5045  22 0.5039  Q5o 0.5010  Q2s 0.5006  J5s 0.4998
    T8o 0.4969  J7o 0.4965  Q4o 0.4920  J4s 0.4910  97s 0.4907  T6s 0.4896  Q3o 0.4829  J3s 0.4820  98o 0.4801
    87s 0.4792  T7o 0.4788  J6o 0.4785  96s 0.4750  J2s 0.4736  T5s 0.4728  Q2o 0.4727  J5o 0.4717  T4s 0.4663
    97o 0.4633  86s 0.4627  J4o 0.4617  T6o 0.4607  T3s 0.4569  95s 0.4557  76s 0.4537  J3o 0.4527  87o 0.4505
    T2s 0.4494  85s 0.4455  96o 0.4453  T5o 0.4435  J2o 0.4435  94s 0.4384  75s 0.4373  T4o 0.4349  86o 0.4327
    93s 0.4322  65s 0.4311  95o 0.4269  84s 0.4266  T3o 0.4261  92s 0.4240  76o 0.4229  74s 0.4188  T2o 0.4166
    54s 0.4138  85o 0.4135  64s 0.4129  83s 0.4092  94o 0.4071  75o 0.4056  82s 0.4026  73s 0.4006  93o 0.4003
    65o 0.3996  53s 0.3971  63s 0.3954  84o 0.3947  92o 0.3919  43s 0.3867  74o 0.3852  72s 0.3815  54o 0.3812
    64o 0.3796  52s 0.3779  62s 0.3769  83o 0.3744  82o 0.3682  42s 0.3680  73o 0.3648  53o 0.3630  63o 0.3602
    32s 0.3590  43o 0.3528  72o 0.3465  52o 0.3433  62o 0.3408  42o 0.3315  32o 0.3230
"""

#: Equity of each starting-hand class against one random hand (169 entries).
EQUITY_VS_RANDOM: dict[str, float] = {
    name: float(value) for name, value in zip(_TABLE.split()[0::2], _TABLE.split()[1::2])
}


def hand_class(index: int) -> str:
    """The class name (``"AKs"``) of combo ``index`` of :data:`~.combos.COMBOS`."""
    return CLASS_NAMES[int(CLASS_OF[index])]


@lru_cache(maxsize=1)
def preflop_strength() -> np.ndarray:
    """(1326,) float: each combo's equity against one random hand (its class's entry)."""
    per_class = np.array([EQUITY_VS_RANDOM[name] for name in CLASS_NAMES])
    out: np.ndarray = per_class[CLASS_OF]
    return out


@lru_cache(maxsize=1)
def preflop_rank() -> np.ndarray:
    """(1326,) float: the share of all 1,326 combos at least as strong as each combo preflop.

    Aces are 6 / 1326 = 0.0045; a hand "in the top 20%" has a rank of at
    most 0.2.  Combos of one class share the rank of the class's weakest
    place.
    """
    s = preflop_strength()
    at_least = len(s) - np.searchsorted(np.sort(s), s, side="left")  # combos with a strength >= s
    return at_least / len(s)


def top_classes(share: float) -> list[int]:
    """One combo index per class whose rank is within the top ``share`` of hands."""
    rank = preflop_rank()
    seen: dict[int, int] = {}
    for i in np.argsort(rank, kind="stable").tolist():
        if rank[i] > share:
            break
        seen.setdefault(int(CLASS_OF[i]), i)
    return list(seen.values())


def measure(samples: int = 1_000_000, seed: int = 2026) -> dict[str, float]:
    """Measure :data:`EQUITY_VS_RANDOM` again with :func:`pokercore.equity.equity`.

    Class ``k`` (in :data:`~.combos.CLASS_NAMES` order) is one suit
    pattern of the class against ``"random"``, ``samples`` Monte Carlo
    samples seeded ``seed + k``.
    """
    from ...equity import equity

    out = {}
    for k, name in enumerate(CLASS_NAMES):
        hi, lo = name[0], name[1]
        suited = len(name) == 3 and name[2] == "s"
        hand = f"{hi}s{lo}{'s' if suited else 'h'}"
        result = equity([hand, "random"], samples=samples, seed=seed + k)
        out[name] = round(result.players[0].equity, 4)
    return out


if __name__ == "__main__":  # pragma: no cover - regenerates the table above
    table = sorted(measure().items(), key=lambda kv: -kv[1])
    items = [f"{name} {value:.4f}" for name, value in table]
    for i in range(0, len(items), 9):
        sys.stdout.write("    " + "  ".join(items[i:i + 9]) + "\n")
