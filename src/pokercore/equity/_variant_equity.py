"""Equity of the hold'em variants: pot-limit Omaha (4, 5, 6 cards), Omaha hi-lo eight-or-better, short deck.

Private: users call :func:`pokercore.equity.equity` with ``game=``, which
checks the common arguments and runs this engine for every game but
hold'em.  :func:`variant_equity` takes 2 or more players, each an explicit hand or a
range (:mod:`pokercore.equity._omaha_ranges`,
:mod:`pokercore.equity._shortdeck_ranges`; how ranges are dealt:
:mod:`pokercore.equity._range_deals`), a board of 0, 3, 4 or 5 cards and dead cards, and scores every board that
completes the known one (exact) or random boards drawn from a seeded
generator (Monte Carlo, ``exact=False`` or ``samples=N``).  By default it
enumerates when the estimated time is at most :data:`EXACT_AUTO_SECONDS` on
one core, which the deck makes the rule: a PLO hand against a hand on the
flop takes well under a millisecond, preflop (1,086,008 boards) about
0.1 s; the result's ``method`` says which ran and why.  The same seed
gives the same Monte Carlo answer.

The games:

``"plo"`` (also ``"omaha"``)
    Pot-limit Omaha high: 4, 5 or 6 hole cards (every player the same
    number), the best hand of exactly two hole cards and three board cards
    (:func:`pokercore.evaluators.evaluate_omaha`).
``"plo8"`` (also ``"omaha8"``)
    Omaha hi-lo eight-or-better: half the pot to the best high hand, half
    to the best qualifying low (:mod:`pokercore._variant_hands`), each half
    split among tied hands (so a player can win a quarter: quartering); no
    qualifying low and the high hand takes it all.
``"shortdeck"``
    Short-deck (6+) hold'em: two hole cards, a 36-card deck,
    :mod:`pokercore._variant_hands` ranks (flush above full house,
    A-6-7-8-9 the lowest straight).

Per player: ``win`` the share of boards where the player takes the whole
pot alone (in hi-lo, a scoop), ``tie`` the share where the player takes
part of it, ``equity`` the average pot share, ``tie_equity = equity -
win``, and ``high`` / ``low`` the parts of the equity won with the high
and the low hand (``low`` is 0 outside hi-lo).

Examples
--------
>>> r = variant_equity("plo", ["As Ah Ks Kh", "Qd Qc Jd Jc"], board="2s 7h 9d")
>>> r.exact, r.boards, [round(p.equity, 4) for p in r.players]
(True, 820, [0.789, 0.211])
>>> r = variant_equity("plo8", ["As 2s 3d Kc", "Ad Kd Qh Jh"], board="4c 5h Th")
>>> round(r.players[0].low, 3), round(r.players[1].low, 3)
(0.372, 0.0)
>>> r = variant_equity("plo", ["As Ah Ks Kh", "Qd Qc Jd Jc"], samples=20_000, seed=7)
>>> r.exact, r.seed, r.trials
(False, 7, 20000)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from math import comb, sqrt
from typing import Any, cast

import numpy as np

from .._variant_hands import SHORT_DECK, check_short_deck, distinct_codes, no_overlap, show
from ..cards import CardsLike, to_codes
from ..errors import HandSizeError, InvalidCardError, PokercoreValueError, cut
from . import _sampling, _variant_samplers
from ._arguments import TooManyPlayersError, exact_flag, integer_argument
from ._exact_plan import duration
from ._games import game_name
from ._holdem_ranges import EmptyRangeError, Range, RangeSyntaxError
from ._omaha_ranges import OmahaRange, parse_omaha_range
from ._range_deals import MAX_DEALS, Seat, deals, exact_weighted, mask_of
from ._result import EquityResult, PlayerEquity
from ._shortdeck_ranges import parse_shortdeck_range
from ._variants import GAME_OMAHA, GAME_OMAHA_HILO, GAME_SHORTDECK, MAX_PLAYERS, exact_tally

__all__ = ["DEFAULT_SAMPLES", "EXACT_AUTO_SECONDS", "variant_equity"]

#: Exact enumeration is chosen when its estimate is at most this many seconds on one core.
EXACT_AUTO_SECONDS = 0.5
#: Hands scored per second by the kernel, one core, per game (cautious figures for the estimate;
#: measured about 20 M/s for PLO, 8 M/s for PLO8 and 60 M/s for short deck).
HANDS_PER_SECOND = {"plo": 10e6, "plo8": 4e6, "shortdeck": 25e6}
#: Exact runs with ranges: the most estimated seconds ``exact=True`` accepts, and the cost of each deal
#: beyond its boards (building its arrays, calling the kernel).
EXACT_MAX_SECONDS = 120.0
DEAL_SECONDS = 20e-6
#: Default and most Monte Carlo samples.
DEFAULT_SAMPLES = 200_000
MAX_SAMPLES = 10**10
_CODES = {"plo": GAME_OMAHA, "plo8": GAME_OMAHA_HILO, "shortdeck": GAME_SHORTDECK}


def _game(game: object) -> str:
    name = game_name(game)
    if name not in _CODES:
        raise PokercoreValueError(f"unknown game {cut(game)}: choose one of plo, plo8, shortdeck")
    return name


def _is_range(p: object) -> bool:
    """A range (object or text that is not cards) rather than an explicit hand."""
    if isinstance(p, (Range, OmahaRange)):
        return True
    if not isinstance(p, str):
        return False
    try:
        to_codes(p)
    except InvalidCardError:
        return True
    return False


def _hands(game: str, players: Sequence[CardsLike | Range | OmahaRange] | np.ndarray,
           name: str, cards: int | None = None) -> tuple[list[str], list[list[int] | Range | OmahaRange]]:
    """Labels, and per player an explicit hand (checked codes) or a range (parsed, not yet reduced)."""
    if isinstance(players, np.ndarray) and players.ndim == 2:
        players = list(players)  # one row of card codes per player
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise PokercoreValueError(f"{name}: players must be a list of hands or ranges, e.g. "
                                  "['As Ah Ks Kh', 'AAxx ds']")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise TooManyPlayersError(f"{name}: 2 to {MAX_PLAYERS} players, got {len(players)}")
    labels: list[str] = []
    hands: list[list[int] | Range | OmahaRange] = []
    for i, p in enumerate(players):
        what = f"player {i + 1}'s hand"
        if _is_range(p):
            labels.append(str(p).strip())
            hands.append(cast("Range | OmahaRange", p) if not isinstance(p, str) else Range(p, ()))
            continue
        codes = distinct_codes(cast(CardsLike, p), name, what)
        if game == "shortdeck":
            if len(codes) != 2:
                raise HandSizeError(f"{name}: {what} has {len(codes)} cards; short-deck hold'em deals 2")
            check_short_deck(codes, name, what)
        elif not 4 <= len(codes) <= 6:
            raise HandSizeError(f"{name}: {what} has {len(codes)} cards; Omaha deals 4, 5 or 6")
        labels.append(p if isinstance(p, str) else show(codes))
        hands.append(codes)
    return labels, _parse_ranges(game, hands, name, cards)


def _parse_ranges(game: str, hands: list[list[int] | Range | OmahaRange], name: str,
                  cards: int | None = None) -> list[list[int] | Range | OmahaRange]:
    """Parse the range texts (held as empty Range placeholders) for ``game``; check every hand size agrees
    (and is ``cards``, when given)."""
    sizes = {len(h) for h in hands if isinstance(h, list)}
    k = cards if cards is not None else min(sizes) if sizes else None
    out: list[list[int] | Range | OmahaRange] = []
    for i, h in enumerate(hands):
        if isinstance(h, Range) and not h.combos_weights:
            h = parse_shortdeck_range(h.text) if game == "shortdeck" else parse_omaha_range(h.text, k)
        if game == "shortdeck" and isinstance(h, OmahaRange):
            raise PokercoreValueError(f"{name}: player {i + 1} has an Omaha range; short deck takes hold'em "
                                      "ranges such as QQ+, AKs or 15%")
        if game != "shortdeck" and isinstance(h, Range):
            raise PokercoreValueError(f"{name}: player {i + 1} has a hold'em range; Omaha takes Omaha ranges "
                                      "such as AAxx ds (see pokercore.equity._omaha_ranges)")
        if isinstance(h, OmahaRange) and k is None:
            k = h.cards
        if isinstance(h, Range) and any(min(c) < 16 for c in h.combos()):
            raise RangeSyntaxError(f"{name}: player {i + 1}'s range holds cards below 6: the short deck starts "
                                   "at 6")
        out.append(h)
    widths = [len(h) if isinstance(h, list) else h.cards if isinstance(h, OmahaRange) else 2 for h in out]
    if len(set(widths)) != 1:
        raise HandSizeError(f"{name}: every player needs the same number of hole cards, got {widths}")
    if cards is not None and widths[0] != cards:
        raise HandSizeError(f"{name}: {cards}-card Omaha deals {cards} hole cards to each player, got {widths[0]}")
    return out


def known_cards(game: str, board: CardsLike | None, dead: CardsLike | None, name: str) -> tuple[list[int], list[int]]:
    """The board's and the dead cards' codes, checked: distinct, a board of 0, 3, 4 or 5, in the game's deck."""
    board_codes = distinct_codes(board, name, "the board") if board is not None else []
    dead_codes = distinct_codes(dead, name, "the dead cards") if dead is not None else []
    if len(board_codes) not in (0, 3, 4, 5):
        raise HandSizeError(f"{name}: a board has 0, 3, 4 or 5 cards, got {len(board_codes)}")
    if game == "shortdeck":
        check_short_deck(board_codes, name, "the board")
        check_short_deck(dead_codes, name, "the dead cards")
    return board_codes, dead_codes


def _seat(h: list[int] | Range | OmahaRange, k: int) -> Seat:
    if isinstance(h, list):
        holes = np.array([h], dtype=np.uint8)
        return Seat(holes, np.array([mask_of(h)], dtype=np.uint64), np.ones(1))
    if isinstance(h, OmahaRange):
        return Seat(h.holes, h.masks, h.weights)
    holes = np.array(h.combos(), dtype=np.uint8).reshape(-1, k)
    masks = np.array([mask_of(c) for c in h.combos()], dtype=np.uint64)
    return Seat(holes, masks, np.array(h.weights(), dtype=np.float64))


def _cost(game: str, players: int, boards: int) -> float:
    """Estimated seconds of an exact run on one core."""
    return boards * players / HANDS_PER_SECOND[game]


def variant_equity(
    game: str,
    players: Sequence[CardsLike | Range | OmahaRange],
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    target_stderr: float | None = None,
    seconds: float | None = None,
    workers: int = 1,
    executor: Any = None,
    report: Callable[[int, int], None] | None = None,
    cards: int | None = None,
) -> EquityResult:
    """Equity of 2 or more explicit hands in Omaha, Omaha hi-lo or short-deck hold'em.

    Parameters
    ----------
    game : {"plo", "plo8", "shortdeck"}
        Also ``"omaha"``, ``"omaha8"``, ``"6+"`` (see the module docstring).
    players : list of cards, range texts or range objects
        One hand per player: 4, 5 or 6 cards in Omaha (all the same count),
        2 short-deck cards; or a range: a text that is not cards (``"AAxx
        ds"``, ``"QQ+, AKs"``, ``"top 20%"``), an :class:`OmahaRange` or a
        short-deck :class:`~pokercore.equity._holdem_ranges.Range`.  At most 10
        players, and as many as the deck deals with the board.
    board, dead : cards, optional
        0, 3, 4 or 5 known board cards; cards out of the deck.
    exact : bool, optional
        True: every board (with ranges: every deal times every board,
        refused when that would take more than :data:`EXACT_MAX_SECONDS`);
        False: Monte Carlo.  Default: exact when the
        estimate is at most :data:`EXACT_AUTO_SECONDS` and no ``samples``
        are given (the most boards any of these games has, 1,086,008 for
        heads-up PLO preflop, take about 0.1 s).
    samples : int, optional
        Monte Carlo boards (default :data:`DEFAULT_SAMPLES`, up to 1e10;
        with a stop rule, the most it may run).
    seed : int, optional
        Monte Carlo seed (0 to 2**128 - 1); None picks one and reports it.
    target_stderr : float, optional
        Monte Carlo until every player's standard error is at most this
        (1e-6 to 0.5): rounds of seeded units, doubling, so where it stops
        depends on the seed and the target alone.
    seconds : float, optional
        Monte Carlo for about this long (0.01 to 86,400): a calibration
        round turns the budget into a sample count once, reported in
        ``trials`` and ``method``; ``samples=trials`` with the same seed
        gives the same result to the bit.
    workers : int, optional
        Threads for Monte Carlo (default 1).  The answer does not depend
        on it: each seeded unit of samples is the same on any thread.

    Returns
    -------
    EquityResult

    Raises
    ------
    DuplicateCardError, InvalidCardError, HandSizeError
        A card twice, not a card or not in the short deck; a wrong count.
    RangeSyntaxError, EmptyRangeError
        A range that does not parse, or has no combo (or no deal) left
        once known cards are taken out.
    TooManyPlayersError
        Fewer than 2 players, more than 10, or more than the deck can deal.
    PokercoreValueError, PokercoreTypeError
        An unknown game or an argument out of its range.

    Examples
    --------
    >>> r = variant_equity("shortdeck", ["As Ks", "Qd Qc"])
    >>> r.exact, r.boards, round(r.players[1].equity, 4)
    (True, 201376, 0.4572)
    >>> r = variant_equity("plo", ["As Ah Ks Kh 2c 3d", "Qd Qc Jd Jc Td 9c"], board="2s 7h 9d 4c")
    >>> r.boards, round(r.players[0].equity + r.players[1].equity, 12)
    (36, 1.0)
    >>> r = variant_equity("plo", ["As Ah Kd Qc", "KKxx ds"], board="Jd 7c 2s 5h")
    >>> r.exact, r.deals, r.boards
    (True, 300, 40)
    """
    name = "equity"
    game = _game(game)
    exact = exact_flag(exact)
    if samples is not None:
        samples = integer_argument("samples", samples, 1, MAX_SAMPLES, "10**10")
    if seed is not None:
        seed = integer_argument("seed", seed, 0, 2**128 - 1, "2**128 - 1")
    if exact and samples is not None:
        raise PokercoreValueError("give either exact=True or samples=N, not both")
    target_stderr, seconds = _sampling.stop_rule_arguments(exact, target_stderr, seconds)
    rule = _sampling.stop_rule_method(target_stderr, seconds)
    mc = _MonteCarlo(samples, seed, target_stderr, seconds, workers, executor, report)
    labels, parsed = _hands(game, players, name, cards)
    board_codes, dead_codes = known_cards(game, board, dead, name)
    if not all(isinstance(h, list) for h in parsed):
        return _range_equity(game, labels, parsed, board_codes, dead_codes, exact, rule, mc)
    hands = cast("list[list[int]]", parsed)
    groups = [(f"player {i + 1}'s hand", h) for i, h in enumerate(hands)]
    no_overlap([*groups, ("the board", board_codes), ("the dead cards", dead_codes)], name)
    deck = SHORT_DECK if game == "shortdeck" else tuple(range(52))
    used = {c for h in hands for c in h} | set(board_codes) | set(dead_codes)
    live = np.array([c for c in deck if c not in used], dtype=np.uint8)
    need = 5 - len(board_codes)
    if need > len(live):
        raise TooManyPlayersError(f"{name}: {len(hands)} hands of {len(hands[0])}, the board and the dead cards "
                                  f"leave {len(live)} cards, too few for the {need} board cards still to come")
    n_boards = comb(len(live), need)
    P = len(hands)
    cost = _cost(game, P, n_boards)
    if rule is not None:
        exact, method = False, rule
    elif exact is None:
        exact = samples is None and cost <= EXACT_AUTO_SECONDS
        method = (f"exact (chosen: {n_boards:,} boards, {_when(cost)} on one core)" if exact else
                  "Monte Carlo (samples given)" if samples is not None else
                  f"Monte Carlo (chosen: exact would score {n_boards:,} boards, {_when(cost)} on one core)")
    else:
        method = "exact (asked for)" if exact else "Monte Carlo (asked for)"
    code = _CODES[game]
    holes = np.array(hands, dtype=np.uint8)
    known = np.array(board_codes, dtype=np.uint8)
    used_seed = None
    if exact:
        first_hi = len(live) - need + 1 if need else 1
        step = max(1, first_hi // 8)  # a few units: Ctrl-C is seen between them
        tally = np.zeros((5, P))
        n = 0
        for lo in range(0, first_hi, step):
            part, m = exact_tally(code, holes, known, live, lo, lo + step)
            tally += part
            n += m
        if n != n_boards:
            raise RuntimeError(f"{name}: enumerated {n} boards, expected {n_boards}")
    else:
        tally, n, used_seed, method = mc.run("explicit", (code, holes, known, live), P, method)
    return _result(game, labels, [1] * P, tally, n, board_codes, dead_codes, bool(exact), used_seed, method,
                   n_boards if exact else 0)


@dataclass(frozen=True)
class _MonteCarlo:
    """The Monte Carlo arguments of a call, checked."""

    samples: int | None
    seed: int | None
    target_stderr: float | None
    seconds: float | None
    workers: int
    executor: Any
    report: Callable[[int, int], None] | None

    def run(self, kind: str, args: tuple[Any, ...], players: int, method: str) -> tuple[np.ndarray, int, int, str]:
        """``(tally as shares, samples, the seed used, method with the run's note)``."""
        seed = _sampling.seed_or_fresh(self.seed)
        # a time budget may choose at most MAX_SAMPLES (so that samples=trials replays it)
        cap = MAX_SAMPLES if self.samples is None and self.seconds is not None else self.samples
        tally, n, note = _variant_samplers.run(kind, args, players, seed, samples=cap,
                                               target_stderr=self.target_stderr, seconds=self.seconds,
                                               workers=self.workers, executor=self.executor, report=self.report)
        return _variant_samplers.shares(tally), n, seed, f"{method}; {note}" if note else method


def _range_equity(game: str, labels: list[str], hands: list[list[int] | Range | OmahaRange], board: list[int],
                  dead: list[int], exact: bool | None, rule: str | None, mc: _MonteCarlo) -> EquityResult:
    """:func:`variant_equity` when a player has a range (see :mod:`pokercore.equity._range_deals`)."""
    name = "equity"
    explicit = [(f"player {i + 1}'s hand", h) for i, h in enumerate(hands) if isinstance(h, list)]
    no_overlap([*explicit, ("the board", board), ("the dead cards", dead)], name)
    k = len(hands[0]) if isinstance(hands[0], list) else hands[0].cards if isinstance(hands[0], OmahaRange) else 2
    fixed = mask_of(board) | mask_of(dead)
    seats = []
    for i, h in enumerate(hands):
        others = fixed | mask_of([c for j, g in enumerate(hands) if j != i and isinstance(g, list) for c in g])
        seat = _seat(h, k).without(others)
        if not len(seat.masks):
            raise EmptyRangeError(f"{name}: player {i + 1}'s range {cut(labels[i])} has no combo left once the "
                                  "board, the dead cards and the other players' hands are taken out")
        seats.append(seat)
    P = len(seats)
    combos = [len(seat.masks) for seat in seats]
    deck = np.array([c for c in (SHORT_DECK if game == "shortdeck" else range(52)) if not fixed >> c & 1],
                    dtype=np.uint8)
    need = 5 - len(board)
    if P * k + need > len(deck):
        raise TooManyPlayersError(f"{name}: {P} hands of {k}, the board and the dead cards need "
                                  f"{P * k + need} of the {len(deck)} cards left")
    n_boards = comb(len(deck) - P * k, need)
    samples = mc.samples
    found = deals(seats) if exact is not False and samples is None and rule is None else None
    n_deals = len(found[0]) if found is not None else None
    if n_deals == 0:
        raise EmptyRangeError(f"{name}: no deal: every choice of one combo per player puts a card twice")
    cost = (n_deals * (_cost(game, P, n_boards) + DEAL_SECONDS)) if n_deals is not None else float("inf")
    size = (f"{n_deals:,} deals x {n_boards:,} boards, {_when(cost)} on one core" if n_deals is not None
            else f"more than {MAX_DEALS:,} deals x {n_boards:,} boards")
    if rule is not None:
        exact, method = False, rule
    elif exact is None:
        exact = samples is None and cost <= EXACT_AUTO_SECONDS
        method = (f"exact (chosen: {size})" if exact else "Monte Carlo (samples given)" if samples is not None
                  else f"Monte Carlo (chosen: exact would score {size})")
    elif exact:
        if cost > EXACT_MAX_SECONDS:
            raise PokercoreValueError(f"{name}: exact would score {size}, too many (the limit is "
                                      f"{duration(EXACT_MAX_SECONDS)}); use samples=N for Monte Carlo, e.g. "
                                      "samples=200_000")
        method = "exact (asked for)"
    else:
        method = "Monte Carlo (asked for)"
    known = np.array(board, dtype=np.uint8)
    if exact and found is not None and n_deals is not None:
        tally, total = exact_weighted(_CODES[game], seats, found[0], found[1], known, deck)
        result = _result(game, labels, combos, tally / total, n_boards, board, dead, True, None, method, n_boards)
        return replace(result, trials=n_deals * n_boards, deals=n_deals)
    tally, n, used_seed, method = mc.run("ranges", (game, seats, known, deck), P, method)
    return _result(game, labels, combos, tally, n, board, dead, False, used_seed, method, 0)


def _when(seconds: float) -> str:
    """How long an exact run would take, in tenths between the automatic limit and a second (where "under a
    second" would not say why Monte Carlo was chosen).

    >>> _when(0.2), _when(0.74), _when(3.0)
    ('under a second', 'about 0.7 seconds', 'about 3 seconds')
    """
    return f"about {seconds:.1f} seconds" if EXACT_AUTO_SECONDS < seconds < 1 else duration(seconds)


def _result(game: str, labels: list[str], combos: list[int], tally: np.ndarray, n: int, board: list[int],
            dead: list[int], exact: bool, seed: int | None, method: str, boards: int) -> EquityResult:
    players = []
    for p, label in enumerate(labels):
        win, part, high, low, sq = (float(x) / n for x in tally[:, p])
        eq = high + low
        se = 0.0 if exact else sqrt(max(sq - eq * eq, 0.0) / max(n - 1, 1))
        players.append(PlayerEquity(label, combos[p], win, part, eq, se, max(eq - win, 0.0), high, low))
    return EquityResult(tuple(players), show(board), show(dead), exact, n, seed, method, 1 if exact else 0, boards,
                        game)
