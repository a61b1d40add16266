"""The Binh game engine: deal, collect an arrangement from each seat, score.

A deal seats 2-4 players.  :class:`DealState` holds one deal in play: the
13 cards of each seat (checked once), the special hands declared for it
(found once, when ``rules.declare_specials``: such a seat has nothing to
arrange) and the arrangements played so far.  :meth:`DealState.arrange`
takes a seat's arrangement, checks once that it holds exactly the seat's
cards (a foul is legal play and is scored as a foul) and
:meth:`DealState.result` scores every pair once, into a
:class:`~pokercore.binh.DealResult` that prints as a replayable text
history.  A program that collects arrangements itself (a game server, a
table of people) uses :class:`DealState` directly; :func:`run_deal` asks
agents.

Each seat sees only an :class:`Observation` (its own 13 cards, its seat,
the number of players and the rules) and returns an arrangement: an
:class:`~pokercore.binh.Arrangement` or a ``"top / middle / bottom"``
string.

>>> import numpy as np
>>> from pokercore.binh import run_deal
>>> from pokercore.binh import make_agent
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
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import format_card, format_cards
from ..errors import DuplicateCardError, HandSizeError, PokercoreTypeError, PokercoreValueError, cut
from ._arrangement import Arrangement
from ._input import codes
from ._rules import DEFAULT_RULES, BinhRules
from ._scoring import DealResult, _score
from ._special_hands import SpecialHand, classify_special

__all__ = [
    "AgentError",
    "DealState",
    "Match",
    "Observation",
    "deal_hands",
    "declared_special",
    "play_deal",
    "replay",
    "run_deal",
]

Agent = Callable[["Observation"], Any]


class AgentError(PokercoreValueError):
    """A seat answered with something the deal cannot take (not an arrangement of its own cards)."""


@dataclass(frozen=True)
class Observation:
    """Everything one seat may see before arranging: nothing of other seats.

    ``cards`` are the seat's 13 codes, highest first.
    """

    cards: tuple[int, ...]
    seat: int
    num_players: int
    rules: BinhRules = DEFAULT_RULES


def _check_players(n: int, what: str) -> None:
    if not 2 <= n <= 4:
        raise HandSizeError(f"Binh seats 2 to 4 players, got {n} {what}: give 2, 3 or 4")


def deal_hands(num_players: int, rng: np.random.Generator) -> list[tuple[int, ...]]:
    """Shuffle one deck with ``rng`` and give 13 cards to each of 2-4 seats (highest code first)."""
    _check_players(num_players, "players")
    deck = rng.permutation(52)
    return [tuple(sorted((int(c) for c in deck[13 * s:13 * s + 13]), reverse=True))
            for s in range(num_players)]


def declared_special(cards: Sequence[int], rules: BinhRules = DEFAULT_RULES) -> SpecialHand | None:
    """The special hand the engine declares for a seat dealt ``cards``, or ``None`` (the seat arranges).

    A seat whose 13 cards match a special kind does not arrange when
    ``rules.declare_specials`` (the default): the engine declares the hand
    for it and never asks its agent.

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


def _as_arrangement(answer: Any, hand: tuple[int, ...], seat: int) -> Arrangement:
    if isinstance(answer, str):
        try:
            answer = Arrangement.from_string(answer)
        except ValueError as e:
            raise AgentError(f"seat {seat}: unreadable arrangement {cut(answer)}: {e}") from None
    if not isinstance(answer, Arrangement):
        raise AgentError(f"seat {seat}: an agent must return an Arrangement or a "
                         f"'top / middle / bottom' string, got {type(answer).__name__}")
    if tuple(sorted(answer.cards, reverse=True)) != hand:
        raise AgentError(f"seat {seat}: the arrangement {answer.format()} does not hold exactly the seat's "
                         f"cards: arrange the 13 cards dealt to it, {format_cards(list(hand))}")
    return answer


class DealState:
    """One Binh deal in play: the cards of each seat, the special hands declared, the arrangements so far.

    Parameters
    ----------
    hands : sequence of cards
        The 13 cards of each of 2-4 seats (any card form); all distinct.
    rules : BinhRules, default DEFAULT_RULES

    Attributes
    ----------
    hands : tuple of tuple of int
        Each seat's 13 codes, highest first.
    specials : tuple of (SpecialHand or None)
        The special hand declared for each seat (``None``: the seat arranges).
    rules : BinhRules

    Raises
    ------
    HandSizeError
        Not 2 to 4 hands, or a hand of other than 13 cards.
    DuplicateCardError, InvalidCardError
        A card dealt twice, or one that is not a card.

    Examples
    --------
    >>> from pokercore.binh import DealState, Arrangement
    >>> deal = DealState(["As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c",
    ...                   "Ac Ks Kh Qh Qd Jc Jd Th 9s 8s 6h 4c 3s"])
    >>> deal.to_arrange
    (0, 1)
    >>> deal.arrange(0, "5s 3h 2c / Qs Jh 9c 8c 7d / As Ah Ad Kd Kc").is_foul
    False
    >>> deal.arrange(1, "Ac Ks Kh / Qh Qd Jc Jd Th / 9s 8s 6h 4c 3s").is_foul   # a foul is legal play
    True
    >>> deal.result().nets
    (9, -9)
    """

    def __init__(self, hands: Sequence[Any], rules: BinhRules = DEFAULT_RULES) -> None:
        if not isinstance(rules, BinhRules):
            raise PokercoreTypeError(f"rules must be a BinhRules, got {type(rules).__name__}")
        if isinstance(hands, str) or not isinstance(hands, (Sequence, np.ndarray)):
            raise PokercoreTypeError(f"hands must be a sequence of 2 to 4 hands of 13 cards, got "
                                     f"{type(hands).__name__}")
        _check_players(len(hands), "hands")
        dealt = tuple(tuple(sorted(codes(h, 13, f"seat {s}'s hand"), reverse=True)) for s, h in enumerate(hands))
        owner: dict[int, int] = {}
        for s, h in enumerate(dealt):
            for c in h:
                if c in owner:
                    raise DuplicateCardError(f"card {format_card(c)} is dealt to seats {owner[c]} and {s}; "
                                             f"a deal's cards must be distinct")
                owner[c] = s
        self.rules = rules
        self.hands = dealt
        self.specials = tuple(declared_special(h, rules) for h in dealt)
        self._arranged: list[Arrangement | None] = [None] * len(dealt)
        self._result: DealResult | None = None

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def arranged(self) -> tuple[Arrangement | None, ...]:
        """Each seat's arrangement so far (``None``: not arranged, or declared special)."""
        return tuple(self._arranged)

    @property
    def to_arrange(self) -> tuple[int, ...]:
        """The seats that still have to arrange, in seat order (empty: the deal can be scored)."""
        return tuple(s for s, (a, sp) in enumerate(zip(self._arranged, self.specials)) if a is None and sp is None)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own cards only."""
        return Observation(self.hands[self._seat(seat)], seat, len(self.hands), self.rules)

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(self.hands):
            raise PokercoreValueError(f"no seat {cut(seat)} in this deal: seats are 0..{len(self.hands) - 1}")
        return int(seat)

    def arrange(self, seat: int, answer: Arrangement | str) -> Arrangement:
        """Record ``seat``'s arrangement (an :class:`Arrangement` or a ``"top / middle / bottom"`` string).

        Returns the arrangement recorded.  A refused answer changes nothing.

        Raises
        ------
        AgentError
            The seat has nothing to arrange (its hand is special and
            declared, or it has arranged already), or the answer is not an
            arrangement of exactly the seat's 13 cards.
        """
        s = self._seat(seat)
        if self.specials[s] is not None:
            raise AgentError(f"seat {s}: the hand is special ({self.specials[s]}) and declared for it: "
                             f"nothing to arrange")
        if self._arranged[s] is not None:
            raise AgentError(f"seat {s} has already arranged this deal: an arrangement is final")
        a = _as_arrangement(answer, self.hands[s], s)
        self._arranged[s] = a
        return a

    def result(self) -> DealResult:
        """Score the deal: every pair once (call when :attr:`to_arrange` is empty)."""
        if self._result is None:
            waiting = self.to_arrange
            if waiting:
                raise PokercoreValueError(f"seats {', '.join(map(str, waiting))} have not arranged yet: "
                                          f"call arrange(seat, ...) for each first")
            self._result = _score(self.hands, self._arranged, self.specials, self.rules)
        return self._result

    def __repr__(self) -> str:
        return f"DealState(players={len(self.hands)}, to_arrange={self.to_arrange})"


def run_deal(agents: Sequence[Agent], rng: np.random.Generator | None = None,
             rules: BinhRules | None = None, *, hands: Sequence[Sequence[int]] | None = None) -> DealResult:
    """Play one deal, asking each seat that must arrange ``agents[seat](observation)``.

    ``hands`` fixes the cards (e.g. to replay or for duplicate play);
    otherwise one deck is shuffled with ``rng``.  Agents are asked in seat
    order.  Returns the scored :class:`~pokercore.binh.DealResult`.
    """
    rules = DEFAULT_RULES if rules is None else rules
    n = len(agents)
    if hands is None:
        if rng is None:
            raise PokercoreValueError("run_deal needs rng (a numpy Generator to shuffle with) or hands "
                                      "(the cards of each seat)")
        hands = deal_hands(n, rng)
    state = DealState(hands, rules)
    if state.num_players != n:
        raise HandSizeError(f"run_deal: {n} agents but {state.num_players} hands: give one hand per agent")
    for s in state.to_arrange:
        state.arrange(s, agents[s](state.observation(s)))
    return state.result()


def play_deal(agents: Sequence[Agent], rng: np.random.Generator, rules: BinhRules | None = None) -> list[float]:
    """Play one deal and return the nets per seat as floats (they sum to 0): the sim adapter's hook."""
    return [float(v) for v in run_deal(agents, rng, rules).nets]


def _replay_error(lineno: int, line: str, what: str) -> PokercoreValueError:
    return PokercoreValueError(f"replay: line {lineno} {cut(line)}: {what}")


def replay(text: str, rules: BinhRules | None = None) -> DealResult:
    """Read a :meth:`DealResult.to_text <pokercore.binh.DealResult.to_text>` history and score it again.

    Raises ``PokercoreValueError`` (a ``ValueError``) naming the line when
    the text is not such a history, or when its pair scores or nets
    disagree with the rules (a tampered or mis-scored history).
    """
    if not isinstance(text, str):
        raise PokercoreTypeError(f"replay expects the text of a Binh history, got {type(text).__name__}")
    rules = DEFAULT_RULES if rules is None else rules
    lines = text.strip().splitlines()
    head = lines[0].split("=") if lines else []
    if len(head) != 2 or head[0] != "binh deal players" or not head[1].isdigit():
        raise PokercoreValueError("replay: a Binh history starts with 'binh deal players=N', as "
                                  "DealResult.to_text() writes it")
    n = int(head[1])
    _check_players(n, "players")
    hands: dict[int, Any] = {}
    shows: dict[int, Arrangement] = {}
    special: set[int] = set()
    recorded: list[str] = []
    for lineno, line in enumerate(lines[1:], 2):
        seat_word, _, rest = line.partition(" ")
        verb, _, arg = rest.partition(" ")
        if seat_word == "nets" or verb == "vs":
            recorded.append(line)
            continue
        seat = int(seat_word[1:]) - 1 if seat_word[:1] == "p" and seat_word[1:].isdigit() else -1
        if not 0 <= seat < n or verb not in ("dealt", "shows", "special"):
            raise _replay_error(lineno, line, f"expected 'pK dealt|shows|special ...' with K in 1..{n}, "
                                              f"'pI vs pJ +S' or 'nets ...'")
        try:
            if verb == "dealt":
                hands[seat] = arg
            elif verb == "shows":
                shows[seat] = Arrangement.from_string(arg.replace("FOUL", ""))
            else:
                special.add(seat)
        except ValueError as e:
            raise _replay_error(lineno, line, str(e)) from None
    missing = [s + 1 for s in range(n) if s not in hands]
    if missing:
        raise PokercoreValueError(f"replay: no 'pK dealt' line for seat(s) {missing}")
    state = DealState([hands[s] for s in range(n)], rules)
    declared = {s for s in range(n) if state.specials[s] is not None}
    if special != declared:
        raise PokercoreValueError(f"replay: the history declares special hands for seats "
                                  f"{sorted(s + 1 for s in special)}, the rules for seats "
                                  f"{sorted(s + 1 for s in declared)}")
    for s, a in shows.items():
        try:
            state.arrange(s, a)
        except AgentError as e:
            raise PokercoreValueError(f"replay: {e}") from None
    if state.to_arrange:
        raise PokercoreValueError(f"replay: seat(s) {[s + 1 for s in state.to_arrange]} show no arrangement "
                                  f"and hold no special hand")
    rec = state.result()
    again = [ln for ln in rec.to_text().splitlines() if " vs " in ln or ln.startswith("nets")]
    if again != recorded:
        raise PokercoreValueError("replay: the recorded scores disagree with the rules:\n"
                                  + "\n".join(recorded) + "\nshould be\n" + "\n".join(again))
    return rec


class Match:
    """Many deals between the same agents with running totals.

    >>> import numpy as np
    >>> from pokercore.binh import make_agent
    >>> rng = np.random.default_rng(1)
    >>> m = Match([make_agent("strongest", rng), make_agent("strongest", rng)], seed=3)
    >>> recs = m.play(4)
    >>> len(m.history), sum(m.totals)
    (4, 0)
    """

    def __init__(self, agents: Sequence[Agent], seed: int | np.random.Generator | None = None,
                 rules: BinhRules | None = None) -> None:
        _check_players(len(agents), "agents")
        self.agents = list(agents)
        self.rules = DEFAULT_RULES if rules is None else rules
        self.rng = np.random.default_rng(seed)
        self.history: list[DealResult] = []
        self.totals = [0] * len(agents)

    def play_one(self) -> DealResult:
        """Play one deal and add it to :attr:`history` and :attr:`totals`."""
        rec = run_deal(self.agents, self.rng, self.rules)
        self.history.append(rec)
        self.totals = [t + v for t, v in zip(self.totals, rec.nets)]
        return rec

    def play(self, deals: int) -> list[DealResult]:
        """Play ``deals`` deals."""
        return [self.play_one() for _ in range(deals)]
