"""Slow, obviously correct references and exhaustive hand generators for the hold'em tests."""

from __future__ import annotations

import importlib
import itertools
import os
from math import comb
from typing import Any

import numpy as np

import pokercore as pc


def require(module: str) -> Any:
    """Import a peer library of the test extra: skip without it, but fail under ``CI=true``."""
    if os.environ.get("CI", "").lower() == "true":
        return importlib.import_module(module)
    import pytest

    return pytest.importorskip(module)


def best_of_subsets(cards: list[int]) -> int:
    """The best ``evaluate5`` over every five-card subset."""
    return max(pc.evaluate5(list(s)) for s in itertools.combinations(cards, 5))


def omaha_reference(hole: list[int], board: list[int]) -> int:
    """Best ``evaluate5`` of two hole cards plus three board cards, tried one by one."""
    return max(pc.evaluate5(list(h) + list(b))
               for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


def lex_combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of ``range(n)`` in lexicographic order, as a (C(n, k), k) uint8 array."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)),
                       dtype=np.uint8, count=comb(n, k) * k)
    return flat.reshape(-1, k)


def all_hands_by_first_card(k: int):
    """Yield (first card, hands) covering every k-card hand of the deck exactly once.

    The lexicographic (k-1)-subsets of ``range(51)`` whose elements are all
    ``>= a`` are a suffix of that order; shifted by one they are the subsets
    of ``a+1..51`` that complete hands starting with card ``a``.
    """
    rest = lex_combinations(51, k - 1)
    for a in range(52 - k + 1):
        m = comb(51 - a, k - 1)
        tail = rest[len(rest) - m:] + 1
        hands = np.empty((m, k), dtype=np.uint8)
        hands[:, 0] = a
        hands[:, 1:] = tail
        yield a, hands


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True if two higher-is-better rankings of the same hands order them identically."""
    order = np.argsort(ours, kind="stable")
    a, b = ours[order], theirs[order]
    same_a = a[1:] == a[:-1]
    return bool(np.all((b[1:] == b[:-1]) == same_a) and np.all(b[1:][~same_a] > b[:-1][~same_a]))
