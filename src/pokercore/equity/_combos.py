"""A hand against a range, combo by combo: each combo's equity, which combos are ahead, the equity distribution.

:func:`equity_by_combo` answers the question of Equilab's "hand vs range"
view: for every combo of the range left after card removal (combos that
share a card with the hand, the board or the dead cards are out), the
hand's equity against that one combo, exact whenever :func:`~pokercore.equity._holdem_equity.equity`
chooses exact (always on the flop and later, and heads-up preflop), else
seeded Monte Carlo.  A combo is *ahead* when its equity against the hand
is above one half.  The combo weights of the range (``"AKs:0.5"``) weigh
every summary: the weighted mean of the per-combo equities is the hand's
equity against the whole range (each combo leaves the same number of
boards), and :meth:`ComboEquityResult.distribution` is the weighted
histogram of the hand's equity over the combos (:func:`equity_distribution`).

Combos that are the same up to a relabelling of the suits (which leaves
the hand, the board and the dead cards unchanged) have the same equity;
each such class is computed once.

Examples
--------
>>> r = equity_by_combo("AsKs", "QQ+,AKs", board="Qh 7d 2c")
>>> len(r.combos), round(r.equity, 4), r.ahead  # card removal leaves 12 combos; all ahead
(12, 0.164, 12)
>>> [(c.combo, round(c.hand_equity, 4)) for c in r.combos[::3]]
[('QdQc', 0.0162), ('AdAc', 0.0192), ('KdKc', 0.1434), ('AcKc', 0.4773)]
>>> d = r.distribution(bins=4)
>>> d.edges.tolist(), d.weights.tolist()
([0.0, 0.25, 0.5, 0.75, 1.0], [0.75, 0.25, 0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any, cast

import numpy as np

from ..cards import format_cards
from ..errors import PokercoreTypeError, PokercoreValueError, cut
from . import _sampling
from ._arguments import MAX_BINS, PlayerLike, integer_argument, prepare
from ._games import VARIANTS, game_name
from ._holdem_equity import equity
from ._holdem_ranges import EmptyRangeError

__all__ = ["ComboEquity", "ComboEquityResult", "EquityDistribution", "equity_by_combo", "equity_distribution"]

_PERMS = tuple(permutations(range(4)))


@dataclass(frozen=True)
class ComboEquity:
    """One combo of the range against the hand.

    Attributes
    ----------
    combo : str
        The combo, e.g. ``"QdQc"``.
    weight : float
        Its weight in the range.
    hand_equity : float
        The hand's equity (pot share) against this combo.
    combo_equity : float
        The combo's equity against the hand, ``1 - hand_equity``.
    win, tie : float
        How often the hand wins outright, and ties, against this combo.
    stderr : float
        Standard error of ``hand_equity`` (0.0 when exact).
    exact : bool
        True when every board was enumerated.
    """

    combo: str
    weight: float
    hand_equity: float
    combo_equity: float
    win: float
    tie: float
    stderr: float
    exact: bool

    @property
    def ahead(self) -> bool:
        """True when the combo is ahead of the hand (its equity above one half)."""
        return self.combo_equity > 0.5


@dataclass(frozen=True)
class EquityDistribution:
    """A weighted histogram of the hand's equity over the range's combos.

    Attributes
    ----------
    edges : ndarray of float64
        ``bins + 1`` bin edges from 0 to 1; the last bin includes 1.
    weights : ndarray of float64
        The share of the range's weight in each bin (summing to 1).
    counts : ndarray of int64
        The number of combos in each bin (unweighted).
    mean : float
        The weighted mean equity: the hand's equity against the range.
    """

    edges: np.ndarray
    weights: np.ndarray
    counts: np.ndarray
    mean: float


@dataclass(frozen=True)
class ComboEquityResult:
    """Result of :func:`equity_by_combo`: the combos sorted by the hand's equity, lowest first.

    Attributes
    ----------
    hand, range, board, dead : str
    combos : tuple of ComboEquity
    seed : int
        The base seed of any Monte Carlo combo (each combo's own seed is
        drawn from it and the combo, so the order of the range never
        changes an answer).
    """

    hand: str
    range: str
    board: str
    dead: str
    combos: tuple[ComboEquity, ...]
    seed: int

    @property
    def exact(self) -> bool:
        """True when every combo's equity is exact."""
        return all(c.exact for c in self.combos)

    @property
    def equity(self) -> float:
        """The hand's equity against the range: the weighted mean over the combos."""
        w = np.array([c.weight for c in self.combos])
        e = np.array([c.hand_equity for c in self.combos])
        return float((w * e).sum() / w.sum())

    @property
    def ahead(self) -> int:
        """The number of combos ahead of the hand."""
        return sum(c.ahead for c in self.combos)

    @property
    def ahead_weight(self) -> float:
        """The share of the range's weight that is ahead of the hand."""
        total = sum(c.weight for c in self.combos)
        return sum(c.weight for c in self.combos if c.ahead) / total

    def distribution(self, bins: int = 10) -> EquityDistribution:
        """The weighted histogram of the hand's equity over the combos, ``bins`` equal bins on ``[0, 1]``.

        Examples
        --------
        >>> r = equity_by_combo("AsAd", "KK:0.5,AKs", board="2c 7d 9h Jd")
        >>> d = r.distribution(bins=2)
        >>> [(c.combo, c.weight) for c in r.combos][::3]  # two AKs are left; KK weighs one half
        [('KdKc', 0.5), ('KsKc', 0.5), ('AcKc', 1.0)]
        >>> d.counts.tolist(), d.weights.tolist(), round(d.mean, 4)
        ([0, 8], [0.0, 1.0], 0.9727)
        """
        bins = integer_argument("bins", bins, 1, MAX_BINS)
        e = np.array([c.hand_equity for c in self.combos])
        w = np.array([c.weight for c in self.combos])
        edges = np.linspace(0.0, 1.0, bins + 1)
        counts, _ = np.histogram(e, bins=edges)
        weights, _ = np.histogram(e, bins=edges, weights=w)
        return EquityDistribution(edges, weights / w.sum(), counts.astype(np.int64), self.equity)

    def table(self) -> str:
        """One row per combo (the hand's equity, lowest first), and a summary line."""
        lines = [f"{'combo':<6} {'weight':>6} {'hand eq':>8} {'combo eq':>8}  status"]
        for c in self.combos:
            status = "ahead" if c.ahead else "behind" if c.combo_equity < 0.5 else "even"
            se = "" if c.exact else f"  +/- {c.stderr:.3%}"
            lines.append(f"{c.combo:<6} {c.weight:6.3g} {c.hand_equity:8.2%} {c.combo_equity:8.2%}  {status}{se}")
        lines.append(f"{self.hand} vs {self.range}: equity {self.equity:.2%}; {self.ahead} of {len(self.combos)} "
                     f"combos ahead ({self.ahead_weight:.1%} of the weight); "
                     + ("exact" if self.exact else f"Monte Carlo where not exact, seed {self.seed}"))
        return "\n".join(lines)

    def as_dict(self, bins: int = 10) -> dict[str, Any]:
        """A JSON-ready dict: the combos, the summary and the distribution with ``bins`` bins."""
        d = self.distribution(bins)
        return {
            "hand": self.hand, "range": self.range, "board": self.board, "dead": self.dead,
            "equity": self.equity, "exact": self.exact, "seed": self.seed,
            "ahead": self.ahead, "ahead_weight": self.ahead_weight,
            "combos": [{"combo": c.combo, "weight": c.weight, "hand_equity": c.hand_equity,
                        "combo_equity": c.combo_equity, "win": c.win, "tie": c.tie, "stderr": c.stderr,
                        "exact": c.exact, "ahead": c.ahead} for c in self.combos],
            "distribution": {"edges": d.edges.tolist(), "weights": d.weights.tolist(),
                             "counts": d.counts.tolist()},
        }


def _canonical(hand: Sequence[int], combo: Sequence[int], board: Sequence[int], dead: Sequence[int]) -> tuple[Any, ...]:
    """The least relabelling of the suits of the whole question: equal keys, equal answers."""
    best: tuple[Any, ...] | None = None
    for perm in _PERMS:
        key = tuple(tuple(sorted((c & ~3) | perm[c & 3] for c in group)) for group in (hand, combo, board, dead))
        if best is None or key < best:
            best = key
    return cast(tuple[Any, ...], best)


def equity_by_combo(
    hand: PlayerLike,
    range_: PlayerLike,
    board: object = None,
    dead: object = None,
    *,
    game: str = "holdem",
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> ComboEquityResult:
    """The hand's equity against each combo of a range, in any game of :func:`pokercore.equity.equity`.

    Parameters
    ----------
    hand : str or card codes
        One hand, e.g. ``"AsKs"`` (``"As Ah Kd Qc"`` in Omaha).
    range_ : str, Range or OmahaRange
        The opponent's range in the game's notation, e.g. ``"QQ+, AKs,
        A5s-A2s:0.5"`` or ``"KKxx ds"``.
    board, dead : cards, optional
        0, 3, 4 or 5 board cards; dead cards.
    exact, samples : optional
        Passed to :func:`~pokercore.equity._holdem_equity.equity` for each combo:
        by default exact whenever it is fast (always heads-up on a known
        flop, and preflop), else ``samples`` seeded Monte Carlo samples.
    game : str, default "holdem"
        ``"holdem"``, ``"shortdeck"``, ``"plo"``, ``"plo5"``, ``"plo6"`` or
        ``"plo8"`` (as :func:`pokercore.equity.equity`).
    seed : int, optional
        Base seed of the Monte Carlo combos (None picks one; the result
        reports it).

    Returns
    -------
    ComboEquityResult
        The combos after card removal, lowest hand equity first.

    Raises
    ------
    PokercoreValueError
        ``hand`` is a range rather than one hand.
    DuplicateCardError, RangeSyntaxError, EmptyRangeError
        As for :func:`~pokercore.equity._holdem_equity.equity` (a range with no
        combo left after card removal, a card twice).

    Examples
    --------
    >>> r = equity_by_combo("AhAd", "KK, AKs", board="Kc 7d 2s")
    >>> [c.combo for c in r.combos if c.ahead]
    ['KhKd', 'KsKd', 'KsKh']
    >>> r.ahead_weight, round(r.equity, 4)  # the sets; AsKs is the one AKs left
    (0.75, 0.2816)
    >>> r = equity_by_combo("As Ah Kd Qc", "KKxx ds", board="Jd 7c 2s", game="plo")
    >>> len(r.combos), r.combos[0].exact
    (320, True)
    """
    name = game_name(game)
    if name != "holdem":
        return _variant_by_combo(name, hand, range_, board, dead, exact, samples, seed)
    labels, ranges, board_codes, dead_codes = prepare([hand, range_], board, dead)
    if len(ranges[0]) != 1 or not isinstance(hand, (str, list, tuple)) or len(ranges[0][0][0]) != 2:
        raise PokercoreValueError(f"equity_by_combo: the first player must be one hand such as 'AsKs', got "
                                  f"{cut(labels[0])}")
    seed = _sampling.seed_or_fresh(None if seed is None else
                                   integer_argument("seed", seed, 0, 2**128 - 1, "2**128 - 1"))
    hand_codes = list(ranges[0][0][0])
    cache: dict[tuple[Any, ...], Any] = {}
    rows = []
    for combo, weight in ranges[1]:
        key = _canonical(hand_codes, combo, board_codes, dead_codes)
        r = cache.get(key)
        if r is None:
            state = np.random.SeedSequence([seed, *(c for g in key for c in g)]).generate_state(1, np.uint64)
            combo_seed = int(state[0])
            r = cache[key] = equity([hand_codes, list(combo)], board_codes or None, dead_codes or None,
                                    exact=exact, samples=samples, seed=combo_seed)
        p = r.players[0]
        rows.append(ComboEquity(format_cards(combo, sep=""), float(weight), p.equity, 1.0 - p.equity, p.win, p.tie,
                                p.stderr, r.exact))
    if not rows:
        raise PokercoreValueError("equity_by_combo: no combo left")  # prepare refuses an empty range first
    rows.sort(key=lambda c: (c.hand_equity, c.combo))
    return ComboEquityResult(format_cards(hand_codes, sep=""), labels[1], format_cards(board_codes) if board_codes
                             else "", format_cards(dead_codes) if dead_codes else "", tuple(rows), seed)


def _variant_by_combo(game: str, hand: object, range_: object, board: object, dead: object, exact: bool | None,
                      samples: int | None, seed: int | None) -> ComboEquityResult:
    """:func:`equity_by_combo` in short deck and the Omaha games: the range's combos by the variants' seats."""
    from .._variant_hands import no_overlap, show
    from ._entry import equity as any_equity
    from ._range_deals import mask_of
    from ._variant_equity import _hands, _seat, known_cards

    where = "equity_by_combo"
    engine, cards = VARIANTS[game]
    labels, parsed = _hands(engine, cast(Any, [hand, range_]), where, cards)
    own = parsed[0]
    if not isinstance(own, list):
        raise PokercoreValueError(f"{where}: the first player must be one hand such as 'As Ah Kd Qc', got "
                                  f"{cut(labels[0])}")
    board_codes, dead_codes = known_cards(engine, cast(Any, board), cast(Any, dead), where)
    no_overlap([("the hand", own), ("the board", board_codes), ("the dead cards", dead_codes)], where)
    seat = _seat(parsed[1], len(own)).without(mask_of([*own, *board_codes, *dead_codes]))
    if not len(seat.masks):
        raise EmptyRangeError(f"{where}: the range {cut(labels[1])} has no combo left once the hand, the board "
                              "and the dead cards are taken out")
    seed = _sampling.seed_or_fresh(None if seed is None else
                                   integer_argument("seed", seed, 0, 2**128 - 1, "2**128 - 1"))
    cache: dict[tuple[Any, ...], Any] = {}
    rows = []
    for combo, weight in zip(seat.holes.tolist(), seat.weights.tolist()):
        key = _canonical(own, combo, board_codes, dead_codes)
        r = cache.get(key)
        if r is None:
            state = np.random.SeedSequence([seed, *(c for g in key for c in g)]).generate_state(1, np.uint64)
            r = cache[key] = any_equity([own, combo], board_codes or None, dead_codes or None, game=game,
                                        exact=exact, samples=samples, seed=int(state[0]))
        p = r.players[0]
        rows.append(ComboEquity(format_cards(combo, sep=""), float(weight), p.equity, 1.0 - p.equity, p.win, p.tie,
                                p.stderr, r.exact))
    rows.sort(key=lambda c: (c.hand_equity, c.combo))
    return ComboEquityResult(format_cards(own, sep=""), labels[1], show(board_codes), show(dead_codes), tuple(rows),
                             seed)


def equity_distribution(
    hand: PlayerLike,
    range_: PlayerLike,
    board: object = None,
    dead: object = None,
    *,
    bins: int = 10,
    game: str = "holdem",
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> EquityDistribution:
    """The weighted histogram of a hand's equity over a range's combos (:func:`equity_by_combo`).

    Examples
    --------
    >>> d = equity_distribution("AsKs", "QQ+,AKs", board="Qh 7d 2c", bins=2)
    >>> d.counts.tolist(), round(d.mean, 4)
    ([12, 0], 0.164)
    """
    if isinstance(bins, bool) or not isinstance(bins, int):
        raise PokercoreTypeError(f"bins must be an int, got {cut(bins)}")
    return equity_by_combo(hand, range_, board, dead, game=game, exact=exact, samples=samples,
                           seed=seed).distribution(bins)
