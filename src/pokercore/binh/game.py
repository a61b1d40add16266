"""The Binh game engine: deal, ask each seat for an arrangement, validate, score.

A deal seats 2-4 players.  Each seat sees only an :class:`Observation` (its
own 13 cards, its seat, the number of players and the rules) and returns an
arrangement: an :class:`~pokercore.binh.Arrangement` or a
``"top / middle / bottom"`` string.  Special hands are declared
automatically when ``rules.declare_specials`` is true (the agent is not
asked).  The engine then checks that the arrangement holds exactly the
seat's cards (a wrong card raises :class:`AgentError`; a foul is legal play
and is scored as a foul), reveals, scores every pair (see docs/binh.md)
and returns a :class:`DealRecord` that prints as a replayable text history.

>>> import numpy as np
>>> from pokercore.binh.game import run_deal
>>> from pokercore.binh.agents import make_agent
>>> rng = np.random.default_rng(7)
>>> agents = [make_agent("strongest", rng) for _ in range(3)]
>>> rec = run_deal(agents, rng)
>>> len(rec.hands), sum(rec.nets)
(3, 0)
>>> replay(rec.to_text()) == rec
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..cards import format_cards
from ..errors import PokercoreError
from .arrangement import Arrangement
from .rules import DEFAULT_RULES, BinhRules
from .scoring import score_pair
from .special import SpecialHand, classify_special


class _NoSpecials(dict[BinhRules, BinhRules]):
    """rules -> the same rules with ``declare_specials=False`` (an arranged hand is scored as arranged)."""

    def __missing__(self, rules: BinhRules) -> BinhRules:
        from dataclasses import replace
        self[rules] = r = replace(rules, declare_specials=False)
        return r


_NO_SPECIALS = _NoSpecials()

__all__ = [
    "AgentError",
    "DealRecord",
    "Match",
    "Observation",
    "deal_hands",
    "declared_special",
    "pair_score",
    "play_deal",
    "replay",
    "run_deal",
]

Agent = Callable[["Observation"], Any]


class AgentError(PokercoreError, ValueError):
    """An agent answered with something that is not an arrangement of its own cards."""


@dataclass(frozen=True)
class Observation:
    """Everything one seat may see before arranging: nothing of other seats.

    ``cards`` are the seat's 13 codes, highest first.
    """

    cards: tuple[int, ...]
    seat: int
    num_players: int
    rules: BinhRules = DEFAULT_RULES


def deal_hands(num_players: int, rng: np.random.Generator) -> list[tuple[int, ...]]:
    """Shuffle one deck with ``rng`` and give 13 cards to each of 2-4 seats (highest code first)."""
    if not 2 <= num_players <= 4:
        raise ValueError(f"Binh seats 2 to 4 players, got {num_players}")
    deck = rng.permutation(52)
    return [tuple(sorted((int(c) for c in deck[13 * s:13 * s + 13]), reverse=True))
            for s in range(num_players)]


def declared_special(cards: Sequence[int], rules: BinhRules = DEFAULT_RULES) -> SpecialHand | None:
    """The special hand the engine declares for a seat dealt ``cards``, or ``None`` (the seat arranges).

    A seat whose 13 cards match a special kind does not arrange when
    ``rules.declare_specials`` (the default): the engine declares the hand
    for it and never asks its agent.  A table that deals and collects
    arrangements itself asks this to know who must arrange.

    >>> from pokercore import parse_cards
    >>> declared_special(parse_cards("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Qs Ac")).best.label
    'six pairs'
    >>> declared_special(parse_cards("As Kd Qc Jh 9s 8d 7c 5h 4s 3d 2c 2h 6s")) is None
    True
    """
    if not rules.declare_specials:
        return None
    sp = classify_special(list(cards))
    return sp if sp else None


def pair_score(a: Arrangement | SpecialHand | None, b: Arrangement | SpecialHand | None,
               rules: BinhRules = DEFAULT_RULES) -> int:
    """Points seat ``a`` wins from seat ``b`` (``b`` wins the negative).

    Each side is an :class:`Arrangement` (normal or fouled) or a declared
    :class:`SpecialHand`.

    >>> a = Arrangement.from_string("Ah Ad Kc / As Ac Kd 3c 2d / 7s 7h 7d 4c 4d")
    >>> b = Arrangement.from_string("2c 3c 5h / 9c 9d 6h 6s 8s / Qh Qs Qc Jh Jd")
    >>> pair_score(a, b), pair_score(b, a)   # a wins the top, b the middle and bottom
    (-1, 1)
    """
    if isinstance(a, SpecialHand) or isinstance(b, SpecialHand):
        if isinstance(a, SpecialHand) and isinstance(b, SpecialHand):
            return 0
        if isinstance(a, SpecialHand):
            return rules.special_points(str(a.type))
        assert isinstance(b, SpecialHand)
        return -rules.special_points(str(b.type))
    assert isinstance(a, Arrangement) and isinstance(b, Arrangement)
    # arranged hands (the engine declares specials before asking): the library's pair scoring
    return score_pair(a, b, rules if not rules.declare_specials else _NO_SPECIALS[rules])


@dataclass(frozen=True)
class DealRecord:
    """One played deal: cards, what each seat played, every pair score and the nets.

    ``played[s]`` is an :class:`Arrangement` or the declared :class:`SpecialHand`;
    ``pairs[(i, j)]`` (``i < j``) is what seat ``i`` won from seat ``j``.
    """

    hands: tuple[tuple[int, ...], ...]
    played: tuple[Any, ...]
    pairs: dict[tuple[int, int], int] = field(compare=True)
    nets: tuple[int, ...]
    rules: BinhRules = DEFAULT_RULES

    def to_text(self) -> str:
        """A plain-text history; :func:`replay` reads it back and re-scores it."""
        lines = [f"binh deal players={len(self.hands)}"]
        for s, (h, p) in enumerate(zip(self.hands, self.played)):
            lines.append(f"p{s + 1} dealt {format_cards(list(h))}")
        for s, p in enumerate(self.played):
            if isinstance(p, SpecialHand):
                lines.append(f"p{s + 1} special {p.best.label} (type {p.type})")  # type: ignore[union-attr]
            else:
                lines.append(f"p{s + 1} shows {p.format()}" + ("  FOUL" if p.is_foul else ""))
        for (i, j), v in sorted(self.pairs.items()):
            lines.append(f"p{i + 1} vs p{j + 1} {v:+d}")
        lines.append("nets " + " ".join(f"{v:+d}" for v in self.nets))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


def _score_all(hands: Sequence[tuple[int, ...]], played: Sequence[Any], rules: BinhRules) -> DealRecord:
    n = len(played)
    pairs = {}
    nets = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            v = pair_score(played[i], played[j], rules)
            pairs[(i, j)] = v
            nets[i] += v
            nets[j] -= v
    return DealRecord(tuple(tuple(h) for h in hands), tuple(played), pairs, tuple(nets), rules)


def _as_arrangement(answer: Any, cards: tuple[int, ...], seat: int) -> Arrangement:
    if isinstance(answer, str):
        try:
            answer = Arrangement.from_string(answer)
        except ValueError as e:
            raise AgentError(f"seat {seat}: unreadable arrangement {answer!r}: {e}") from None
    if not isinstance(answer, Arrangement):
        raise AgentError(f"seat {seat}: an agent must return an Arrangement or a "
                         f"'top / middle / bottom' string, got {type(answer).__name__}")
    if sorted(answer.cards) != sorted(cards):
        raise AgentError(f"seat {seat}: the arrangement {answer.format()} does not hold "
                         f"exactly the seat's cards {format_cards(list(cards))}")
    return answer


def run_deal(agents: Sequence[Agent], rng: np.random.Generator | None = None,
             rules: BinhRules | None = None, *, hands: Sequence[Sequence[int]] | None = None) -> DealRecord:
    """Play one deal and return its :class:`DealRecord`.

    ``hands`` fixes the cards (e.g. to replay or for duplicate play);
    otherwise one deck is shuffled with ``rng``.
    """
    rules = DEFAULT_RULES if rules is None else rules
    n = len(agents)
    dealt: list[tuple[int, ...]]
    if hands is None:
        if rng is None:
            raise ValueError("run_deal needs rng or hands")
        dealt = deal_hands(n, rng)
    else:
        dealt = [tuple(sorted((int(c) for c in h), reverse=True)) for h in hands]
        if len(dealt) != n or any(len(h) != 13 for h in dealt) or len({c for h in dealt for c in h}) != 13 * n:
            raise ValueError(f"run_deal: hands must be {n} disjoint sets of 13 cards")
    played: list[Any] = []
    for s, (agent, h) in enumerate(zip(agents, dealt)):
        sp = declared_special(h, rules)
        if sp is not None:
            played.append(sp)
            continue
        played.append(_as_arrangement(agent(Observation(tuple(h), s, n, rules)), tuple(h), s))
    return _score_all(dealt, played, rules)


def play_deal(agents: Sequence[Agent], rng: np.random.Generator, rules: BinhRules | None = None) -> list[float]:
    """Play one deal and return the nets per seat as floats (they sum to 0): the sim adapter's hook."""
    return [float(v) for v in run_deal(agents, rng, rules).nets]


def replay(text: str, rules: BinhRules | None = None) -> DealRecord:
    """Read a :meth:`DealRecord.to_text` history and score it again.

    Raises ``ValueError`` when the recorded pair scores or nets disagree
    with the rules (a tampered or mis-scored history).
    """
    rules = DEFAULT_RULES if rules is None else rules
    hands: dict[int, tuple[int, ...]] = {}
    shows: dict[int, Any] = {}
    recorded: list[str] = []
    from ..cards import parse_cards
    for line in text.strip().splitlines():
        head, _, rest = line.partition(" ")
        if head.startswith("p") and head[1:].isdigit():
            seat = int(head[1:]) - 1
            verb, _, arg = rest.partition(" ")
            if verb == "dealt":
                hands[seat] = tuple(sorted((int(c) for c in parse_cards(arg)), reverse=True))
            elif verb == "shows":
                shows[seat] = Arrangement.from_string(arg.replace("FOUL", ""))
            elif verb == "vs":
                recorded.append(line)
        elif head == "nets":
            recorded.append(line)
    n = len(hands)
    played = [shows[s] if s in shows else declared_special(hands[s], rules) for s in range(n)]
    if any(p is None for p in played):
        raise ValueError("replay: a seat neither shows an arrangement nor holds a special hand")
    rec = _score_all([hands[s] for s in range(n)], played, rules)
    again = [ln for ln in rec.to_text().splitlines() if " vs " in ln or ln.startswith("nets")]
    if again != recorded:
        raise ValueError("replay: the recorded scores disagree with the rules:\n"
                         + "\n".join(recorded) + "\nshould be\n" + "\n".join(again))
    return rec


class Match:
    """Many deals between the same agents with running totals.

    >>> import numpy as np
    >>> from pokercore.binh.agents import make_agent
    >>> rng = np.random.default_rng(1)
    >>> m = Match([make_agent("strongest", rng), make_agent("strongest", rng)], seed=3)
    >>> recs = m.play(4)
    >>> len(m.history), sum(m.totals)
    (4, 0)
    """

    def __init__(self, agents: Sequence[Agent], seed: int | np.random.Generator | None = None,
                 rules: BinhRules | None = None) -> None:
        if not 2 <= len(agents) <= 4:
            raise ValueError(f"Binh seats 2 to 4 players, got {len(agents)}")
        self.agents = list(agents)
        self.rules = DEFAULT_RULES if rules is None else rules
        self.rng = np.random.default_rng(seed)
        self.history: list[DealRecord] = []
        self.totals = [0] * len(agents)

    def play_one(self) -> DealRecord:
        rec = run_deal(self.agents, self.rng, self.rules)
        self.history.append(rec)
        self.totals = [t + v for t, v in zip(self.totals, rec.nets)]
        return rec

    def play(self, deals: int) -> list[DealRecord]:
        return [self.play_one() for _ in range(deals)]
