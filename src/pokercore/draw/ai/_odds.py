"""Exact draw odds by enumeration, and the expected-value-best discard.

Every question here is answered by enumerating all replacement cards: a
player who keeps ``5 - k`` cards and draws ``k`` sees one of
``C(live, k)`` equally likely replacements (``live`` = 52 minus its five
cards minus any other cards it knows are out).  The hands are built as one
uint8 array and ranked with :func:`pokercore.evaluate5_batch`, so even the
16,215 three-card draws take well under a millisecond to rank.

Examples
--------
A pair drawing three improves 28.71% of the time; a four-flush drawing one
fills 9 times in 47:

>>> round(100 * improve_probability("Qh Qd 9c 5s 2d", "9c 5s 2d"), 2)
28.71
>>> round(100 * at_least_probability("Ah Kh 7h 3h Qc", "Qc", HandCategory.FLUSH), 2)
19.15
>>> discard, ev = best_discard("Ah Kh 7h 3h Qc")
>>> format_cards(discard)
'Qc'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pokercore import HandCategory, categories_of, evaluate5_batch, format_cards, parse_cards, random_hands
from pokercore.cards import CardsLike
from pokercore.errors import DuplicateCardError, HandSizeError, PokercoreValueError, cut

__all__ = [
    "CATEGORY",
    "DISCARDS",
    "HandCategory",
    "all_draw_evs",
    "at_least_probability",
    "best_discard",
    "category_probabilities",
    "draw_ranks",
    "format_cards",
    "improve_probability",
    "showdown_cdf",
    "showdown_score",
]

#: Category number of every rank (index 0 unused).
CATEGORY: NDArray[np.uint8] = np.concatenate(([0], categories_of(np.arange(1, 7463)))).astype(np.uint8)
#: Index sets of the 26 legal discards of a 5-card hand (stand pat first).
DISCARDS: tuple[tuple[int, ...], ...] = tuple(
    c for r in range(4) for c in combinations(range(5), r)
)


def _codes(cards: CardsLike) -> tuple[int, ...]:
    if isinstance(cards, str):
        return tuple(parse_cards(cards)) if cards.strip() else ()
    return tuple(int(c) for c in cards)


@cache
def _combos(n: int, k: int) -> NDArray[np.intp]:
    """All k-subsets of range(n) as an (C(n,k), k) index array."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    return np.array(list(combinations(range(n), k)), dtype=np.intp)


def _show(codes: Sequence[int]) -> str:
    """Cards as text for a message (their codes if some are not cards)."""
    try:
        return format_cards(codes) if codes else "none"
    except PokercoreValueError:
        return cut(list(codes))


def _live(hand: Sequence[int], dead: Sequence[int]) -> NDArray[np.uint8]:
    out = set(hand) | set(dead)
    return np.array([c for c in range(52) if c not in out], dtype=np.uint8)


def _ranks_for(keep: tuple[int, ...], live: NDArray[np.uint8]) -> NDArray[np.int32]:
    k = 5 - len(keep)
    idx = _combos(len(live), k)
    arr = np.empty((len(idx), 5), dtype=np.uint8)
    arr[:, :len(keep)] = keep
    arr[:, len(keep):] = live[idx]
    return evaluate5_batch(arr)


@lru_cache(maxsize=4096)
def _cached_ranks(keep: tuple[int, ...], dead: tuple[int, ...]) -> NDArray[np.int32]:
    live = _live(keep, dead)
    r = _ranks_for(keep, live)
    r.flags.writeable = False
    return r


def draw_ranks(hand: CardsLike, discard: CardsLike = (), dead: CardsLike = ()) -> NDArray[np.int32]:
    """Ranks of every equally likely hand after discarding ``discard`` from ``hand``.

    ``dead`` are other cards known to be out of the deck (never the player's
    own discards: those are already out, being part of ``hand``).

    >>> len(draw_ranks("Qh Qd 9c 5s 2d", "9c 5s 2d")), len(draw_ranks("Qh Qd 9c 5s 2d"))
    (16215, 1)
    >>> draw_ranks("Qh Qd 9c 5s 2d", "Ah")
    Traceback (most recent call last):
    ...
    pokercore.errors.PokercoreValueError: draw_ranks: discard 0 to 3 distinct cards of the hand (Qh Qd 9c 5s 2d), got Ah
    """
    h, d, x = _codes(hand), _codes(discard), _codes(dead)
    if len(h) != 5:
        raise HandSizeError(f"draw_ranks: a draw starts from the 5 cards held, got {len(h)} ({_show(h)})")
    if len(set(h)) != 5:
        raise DuplicateCardError(f"draw_ranks: the hand repeats a card ({_show(h)}): give 5 distinct cards")
    if len(d) > 3 or len(set(d)) != len(d) or not set(d) <= set(h):
        raise PokercoreValueError(
            f"draw_ranks: discard 0 to 3 distinct cards of the hand ({_show(h)}), got {_show(d)}"
        )
    keep = tuple(sorted(c for c in h if c not in d))
    # the discards themselves are out of the deck: dead for the replacement
    dead_all = tuple(sorted((set(x) | set(d)) - set(keep)))
    return _cached_ranks(keep, dead_all)


def category_probabilities(
    hand: CardsLike, discard: CardsLike = (), dead: CardsLike = ()
) -> NDArray[np.float64]:
    """Probability of ending in each of the nine :class:`HandCategory` values.

    >>> p = category_probabilities("Kh Kd Kc 7s 2d", "7s 2d")
    >>> round(100 * float(p[HandCategory.FULL_HOUSE] + p[HandCategory.FOUR_OF_A_KIND]), 2)
    10.36
    """
    r = draw_ranks(hand, discard, dead)
    return np.bincount(CATEGORY[r], minlength=9) / len(r)


def improve_probability(hand: CardsLike, discard: CardsLike = (), dead: CardsLike = ()) -> float:
    """Probability that the draw ends in a higher category than the hand holds now.

    An open-ended straight draw also "improves" when it pairs, so it
    improves far more often than it makes the straight (17.02%):

    >>> round(100 * improve_probability("8h 9d Tc Js 2d", "2d"), 2)
    42.55
    """
    h = _codes(hand)
    now = CATEGORY[evaluate5_batch(np.array([h], dtype=np.uint8))[0]]
    return float((category_probabilities(h, discard, dead)[now + 1:]).sum())


def at_least_probability(hand: CardsLike, discard: CardsLike, category: int,
                         dead: CardsLike = ()) -> float:
    """Probability that the draw ends in ``category`` or better.

    >>> round(100 * at_least_probability("8h 9d Tc Js 2d", "2d", HandCategory.STRAIGHT), 2)
    17.02
    >>> round(100 * at_least_probability("Kh Kd 7c 7s 2d", "2d", HandCategory.FULL_HOUSE), 2)
    8.51
    """
    return float(category_probabilities(hand, discard, dead)[int(category):].sum())


@lru_cache(maxsize=1)
def showdown_cdf() -> NDArray[np.float64]:
    """``cdf[r]``: chance that one opponent's showdown hand ranks below ``r`` (ties half).

    The opponent's final hand is modelled as the best five of seven random
    cards: roughly what a sensible drawer reaches with its five cards and up
    to three new ones.  Computed once from a fixed seed (200,000 hands).

    >>> c = showdown_cdf()
    >>> round(float(c[7462]), 3), bool(c[3000] < c[6000])
    (1.0, True)
    """
    seven = random_hands(200_000, 7, seed=20_260_517)
    best = np.zeros(len(seven), dtype=np.int32)
    for combo in combinations(range(7), 5):
        np.maximum(best, evaluate5_batch(np.ascontiguousarray(seven[:, combo])), out=best)
    counts = np.bincount(best, minlength=7463).astype(np.float64)
    below = np.concatenate(([0.0], np.cumsum(counts)[:-1]))
    cdf: NDArray[np.float64] = (below + 0.5 * counts) / counts.sum()
    cdf[0] = 0.0
    cdf.flags.writeable = False
    return cdf


@lru_cache(maxsize=8)
def showdown_score(opponents: int = 1) -> NDArray[np.float64]:
    """Chance that a rank beats ``opponents`` independent showdown hands: ``cdf ** n``."""
    s = showdown_cdf() ** max(1, int(opponents))
    s.flags.writeable = False
    return s


#: What a discard is scored by: a value per rank (an array of length 7463), a function from a rank
#: array to values, or None (:func:`showdown_score` against one opponent).
ScoreLike = NDArray[np.float64] | Callable[[NDArray[np.int32]], ArrayLike] | None


def _score(ranks: NDArray[np.int32], score: ScoreLike) -> float:
    if score is None:
        score = showdown_score(1)
    vals = score[ranks] if isinstance(score, np.ndarray) else np.asarray(score(ranks))
    return float(vals.mean())


def all_draw_evs(hand: CardsLike, score: ScoreLike = None, dead: CardsLike = (),
                 max_discard: int = 3) -> list[tuple[tuple[int, ...], float]]:
    """Expected score of each of the legal discards (stand pat first).

    ``score`` maps ranks to values: an array indexed by rank (length 7463)
    or a function of a rank array; default :func:`showdown_score` (1 opponent).
    """
    h = _codes(hand)
    out = []
    for idx in DISCARDS:
        if len(idx) > max_discard:
            continue
        d = tuple(h[i] for i in idx)
        out.append((d, _score(draw_ranks(h, d, dead), score)))
    return out


def best_discard(hand: CardsLike, score: ScoreLike = None, dead: CardsLike = (),
                 max_discard: int = 3) -> tuple[tuple[int, ...], float]:
    """The discard with the highest expected ``score`` and that expectation.

    Ties go to the discard listed first (fewer cards drawn).

    >>> discard, ev = best_discard("2c 2d Ks 9h 5c")
    >>> format_cards(discard)
    'Ks 9h 5c'
    """
    evs = all_draw_evs(hand, score, dead, max_discard)
    best = max(range(len(evs)), key=lambda i: (evs[i][1], -i))
    return evs[best]
