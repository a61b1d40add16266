"""What each AI level plays for one Binh hand, and what each arrangement is worth.

``pokercore binh solve`` prints this; scripts call :func:`solve`.

>>> s = solve("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
>>> s.play.format()
'Jh 9c 8c / Qs 7d 5s 3h 2c / As Ah Ad Kd Kc'
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..cards import CardsLike, parse_cards
from ._agents import EasyAgent, HardAgent, NormalAgent, sample_opponents
from ._arrangement import Arrangement
from ._game import Observation
from ._rules import DEFAULT_RULES
from ._search import best_arrangement, count_legal
from ._special_hands import SpecialHand, classify_special
from ._tables import default_tables

__all__ = ["SAMPLES", "Choice", "Solution", "solve"]

SAMPLES = 5000


class Choice(NamedTuple):
    """One arrangement and the AI levels that play it, with both estimates of its worth.

    ``field``: expected points per opponent against the average opponent
    (the self-play tables); ``sampled``: the mean
    points per opponent against opponents dealt from the unseen cards (the
    hard AI's estimate).
    """

    levels: tuple[str, ...]
    arrangement: Arrangement
    field: float
    sampled: float


class Solution(NamedTuple):
    """What :func:`solve` found for one hand."""

    hand: tuple[int, ...]
    special: SpecialHand
    legal: int
    choices: list[Choice]
    play: Arrangement | None
    samples: int


def solve(cards: CardsLike, players: int = 4, seed: int = 0) -> Solution:
    """The arrangement each AI level plays, and what each is worth.

    Levels: ``hard`` (the table policy's candidates scored against
    ``SAMPLES`` opponents dealt from the unseen cards and arranged by the
    table policy), ``normal``, ``easy`` and ``strongest`` (lexicographic),
    each as :func:`pokercore.binh.make_agent` builds it.
    The result depends on ``seed`` alone.  A special hand is scored on all
    13 cards, so for one ``play`` is None and no arrangement is listed.

    >>> s = solve("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    >>> [c.levels for c in s.choices], s.play == s.choices[0].arrangement
    ([('hard', 'easy'), ('normal', 'strongest')], True)
    """
    hand = tuple(parse_cards(cards) if isinstance(cards, str) else [int(c) for c in cards])
    special = classify_special(list(hand))
    legal = count_legal(list(hand))
    if special and DEFAULT_RULES.declare_specials:
        return Solution(hand, special, legal, [], None, SAMPLES)
    tables = default_tables()
    hard = HardAgent(np.random.default_rng(seed), samples=SAMPLES, time_budget=float("inf"))
    picks = {
        "hard": hard(Observation(hand, 0, players)),
        "normal": NormalAgent(tables=tables)(Observation(hand, 0, players)),
        "easy": EasyAgent(np.random.default_rng(seed), tables=tables)(Observation(hand, 0, players)),
        "strongest": best_arrangement(list(hand)),
    }
    # the same opponents the hard AI saw (same seed, first draws), to score every pick
    sample = sample_opponents(hand, SAMPLES, np.random.default_rng(seed), tables)
    choices: list[Choice] = []
    for level, a in picks.items():
        for i, c in enumerate(choices):
            if c.arrangement == a:
                choices[i] = c._replace(levels=c.levels + (level,))
                break
        else:
            ranks = np.array([a.ranks])
            choices.append(Choice((level,), a, float(tables.expected(ranks)[0]),
                                  float(sample.pair_scores(ranks)[0])))
    return Solution(hand, special, legal, choices, picks["hard"], sample.n)
