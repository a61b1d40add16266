"""Slow, obviously exhaustive pure-Python references for the Binh solver.

Everything here enumerates all 72,072 (bottom, middle, top) splits of 13
cards literally (``itertools.combinations``) and orders hands with the
independent reference evaluator ``tests.reference_eval`` (keys, never the
library's tables).  Each 5- and 3-card subset's key is computed once per
hand (a cache, not a shortcut: every split is still visited).

The only use of the library is :func:`pokercore.evaluate5`/``evaluate3``
to turn a branch into the integer Binh rank that *indexes* a value table
for the table objective; legality and ordering never use it.

Tie-break, as documented in :mod:`pokercore.binh._search`: among equal
objective values the greatest ``(bottom key, middle key, top key)``, then
the greatest bottom card set, then the greatest middle card set, card sets
compared as ``sum(1 << code)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

import pokercore as pc
from tests.core.reference_eval import ref_key3, ref_key5

Split = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # bottom, middle, top (card codes)



def splits(cards: Sequence[int]) -> Iterator[Split]:
    """All 72,072 (bottom, middle, top) splits of 13 cards, as card-code tuples."""
    cards = tuple(cards)
    assert len(cards) == 13 and len(set(cards)) == 13
    for bottom in combinations(cards, 5):
        rest = [c for c in cards if c not in bottom]
        for middle in combinations(rest, 5):
            top = tuple(c for c in rest if c not in middle)
            yield bottom, middle, top


def code_set(cards: Sequence[int]) -> int:
    return sum(1 << c for c in cards)


class RefHand:
    """Keys (and library ranks for table indexing) of every subset of one hand."""

    def __init__(self, cards: Sequence[int]) -> None:
        self.cards = tuple(int(c) for c in cards)
        self._k5: dict[frozenset[int], tuple[int, ...]] = {}
        self._k3: dict[frozenset[int], tuple[int, ...]] = {}
        self._r: dict[frozenset[int], int] = {}

    def key(self, branch: tuple[int, ...]) -> tuple[int, ...]:
        s = frozenset(branch)
        cache = self._k5 if len(branch) == 5 else self._k3
        if s not in cache:
            cache[s] = ref_key5(list(branch), "binh") if len(branch) == 5 else ref_key3(list(branch))
        return cache[s]

    def rank(self, branch: tuple[int, ...]) -> int:
        s = frozenset(branch)
        if s not in self._r:
            self._r[s] = pc.evaluate5(list(branch), "binh") if len(branch) == 5 else pc.evaluate3(list(branch))
        return self._r[s]

    def legal(self) -> list[Split]:
        """Every split with ``key(top) <= key(middle) <= key(bottom)`` (ruling 4)."""
        out = []
        for b, m, t in splits(self.cards):
            if self.key(t) <= self.key(m) <= self.key(b):
                out.append((b, m, t))
        return out

    def tiebreak(self, split: Split) -> tuple[object, ...]:
        b, m, t = split
        return (self.key(b), self.key(m), self.key(t), code_set(b), code_set(m))

    def best(self, legal: list[Split], value: Callable[[Split], float] | None = None) -> Split:
        """Best legal split: max value (if any), then the tie-break."""
        if value is None:
            return max(legal, key=self.tiebreak)
        return max(legal, key=lambda s: (value(s),) + self.tiebreak(s))

    def table_value(
        self, split: Split, top: Sequence[float], middle: Sequence[float], bottom: Sequence[float]
    ) -> float:
        b, m, t = split
        return bottom[self.rank(b)] + middle[self.rank(m)] + top[self.rank(t)]


def ref_count(cards: Sequence[int]) -> int:
    return len(RefHand(cards).legal())


def ref_best_lexicographic(cards: Sequence[int]) -> Split:
    h = RefHand(cards)
    return h.best(h.legal())


# ---------------------------------------------------------------- special hands, by definition


def _is_seq3(ranks: Sequence[int]) -> bool:
    r = sorted(ranks)
    return (r[1] == r[0] + 1 and r[2] == r[1] + 1) or r == [0, 1, 12]


def ref_special_kinds(cards: Sequence[int]) -> set[str]:
    """Labels of every special kind, straight from the definitions (split search by brute force)."""
    cards = tuple(cards)
    ranks = [c // 4 for c in cards]
    suits = [c % 4 for c in cards]
    kinds = set()
    if len(set(suits)) == 1:
        kinds.add("dragon flush")
    if len(set(ranks)) == 13:
        kinds.add("dragon straight")
    if set(suits) <= {1, 2} or set(suits) <= {0, 3}:
        kinds.add("one colour")
    cat5 = {s: ref_key5(list(s), "binh")[0] for s in combinations(cards, 5)}
    if 8 in cat5.values():
        kinds.add("straight flush")
    if 7 in cat5.values():
        kinds.add("four of a kind")
    # Six pairs: six disjoint same-rank pairs exist (greedy over ranks is exact:
    # a rank with n cards gives at most n // 2 disjoint pairs).
    remaining = list(ranks)
    pairs = 0
    for r in range(13):
        while remaining.count(r) >= 2:
            remaining.remove(r)
            remaining.remove(r)
            pairs += 1
    if pairs >= 6:
        kinds.add("six pairs")
    conditions = {
        "three full houses": (lambda c: c == 6, lambda t: ref_key3(list(t))[0] == 3),
        "three flushes": (lambda c: c in (5, 8), lambda t: len({x % 4 for x in t}) == 1),
        "three straights": (lambda c: c in (4, 8), lambda t: _is_seq3([x // 4 for x in t])),
    }
    for name, (five_ok, three_ok) in conditions.items():
        good = [s for s, c in cat5.items() if five_ok(c)]
        found = False
        for i, x in enumerate(good):
            for y in good[i:]:
                if set(x) & set(y):
                    continue
                top = tuple(c for c in cards if c not in x and c not in y)
                if three_ok(top):
                    found = True
                    break
            if found:
                break
        if found:
            kinds.add(name)
    return kinds
