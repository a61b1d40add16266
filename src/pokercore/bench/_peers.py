"""The peer libraries' side: one evaluator call per five-card hand, each on its natural input.

A :class:`Case` names a library's call and knows how to build that
library's inputs from card codes (eval7 ``Card`` objects, treys ints,
pokerkit ``Card`` tuples, ...) before the clock starts.  Every case is
checked to order the hands exactly as pokercore does before it is timed,
so a wrong conversion cannot pass for a fast one.  :data:`PER_CALL_CASES`
is shared with the pytest-benchmark suite in ``benchmarks/``.

>>> [c.name for c in PER_CALL_CASES if c.headline]
['pokercore', 'eval7', 'phevaluator', 'treys', 'pokerkit']
"""

from __future__ import annotations

import importlib
import itertools
import sys
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ._records import Pending, Row, Settings

__all__ = ["PER_CALL_CASES", "REFERENCE", "Case", "Prepared", "finish_per_call", "per_call_rows"]

def _impl(func: object) -> str:
    """``"Python"`` for Python-level functions, methods and classes, ``"C ext"`` otherwise.

    Examples
    --------
    >>> _impl(_impl), _impl(len), _impl(Case)
    ('Python', 'C ext', 'Python')
    """
    if isinstance(func, types.MethodType):
        func = func.__func__
    if isinstance(func, type):
        module = sys.modules.get(func.__module__)
        source = getattr(module, "__file__", None) or ""
        return "Python" if source.endswith(".py") else "C ext"
    return "Python" if isinstance(func, types.FunctionType) else "C ext"


def _same_order(reference: Sequence[int], other: Sequence[Any]) -> bool:
    """True if ``other`` ranks the hands exactly as ``reference`` (both higher-is-better)."""
    pairs = sorted(zip(reference, other), key=lambda p: p[0])
    for (r0, o0), (r1, o1) in itertools.pairwise(pairs):
        if (r0 == r1) != (o0 == o1) or (r0 < r1 and not o0 < o1):
            return False
    return True


# ---------------------------------------------------------------------------
# Per-call cases.  A builder gets the hands as lists of codes and returns
# (function, loop kind, inputs, key): ``key(result)`` is higher-is-better,
# for the order check (None: no check).


def _loop_one(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x in items:
            f(x)
    return run


def _loop_star(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x in items:
            f(*x)
    return run


def _loop_two(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x, y in items:
            f(x, y)
    return run


def _loop_binh(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x in items:
            f(x, "binh")
    return run


_LOOPS = {"one": _loop_one, "star": _loop_star, "two": _loop_two, "binh": _loop_binh}


@dataclass
class Prepared:
    """A per-call case made ready to time: the inputs are built, the clock not started.

    Attributes
    ----------
    func : callable
        The library's evaluator.
    inputs : list
        One entry per hand, in the library's own input form.
    run : callable
        ``run()`` calls ``func`` once per hand, discarding the results: the timed loop.
    kind : str
        How ``run`` passes a hand: ``"one"`` (``func(x)``), ``"star"``
        (``func(*x)``), ``"two"`` (``func(x, y)``), ``"binh"`` (``func(x, "binh")``).
    key : callable or None
        Maps a result to a higher-is-better value comparable with pokercore's ranks.
    """

    func: Callable[..., Any]
    inputs: Sequence[Any]
    run: Callable[[], None]
    kind: str
    key: Callable[[Any], Any] | None

    def results(self) -> list[Any]:
        """Evaluate every hand once and return the library's answers."""
        f, kind = self.func, self.kind
        if kind == "one":
            return [f(x) for x in self.inputs]
        if kind == "star":
            return [f(*x) for x in self.inputs]
        if kind == "two":
            return [f(x, y) for x, y in self.inputs]
        return [f(x, "binh") for x in self.inputs]

    def orders_like(self, reference: Sequence[int]) -> bool | None:
        """Whether the answers order the hands exactly as ``reference`` (None: no key)."""
        if self.key is None:
            return None
        return _same_order(reference, [self.key(r) for r in self.results()])


@dataclass
class Case:
    """One library's evaluator called once per five-card hand, on its natural input.

    Attributes
    ----------
    library : str
        Distribution name (``"pokercore"``, ``"eval7"``, ...).
    form : str
        The call and its input form, as printed in the table.
    note : str
        Printed next to the row.
    public : bool
        False for private functions measured only for information.
    name : str
        Short identifier (pytest ids).
    headline : bool
        The library's usual public call, compared in the batch section.
    """

    library: str
    form: str
    build: Callable[[list[list[int]]], tuple[Callable[..., Any], str, Sequence[Any], Any]]
    note: str = ""
    public: bool = True
    name: str = ""
    headline: bool = False

    def prepare(self, hands: Sequence[Sequence[int]]) -> Prepared:
        """Build this library's inputs for ``hands`` (lists of card codes).

        Raises
        ------
        ImportError
            If the library is not installed.
        """
        func, kind, inputs, key = self.build([list(h) for h in hands])
        return Prepared(func, inputs, _LOOPS[kind](func, inputs), kind, key)


def _ident(x: Any) -> Any:
    return x


def _neg(x: Any) -> Any:
    return -x


def _pc_list(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "one", hands, _ident


def _pc_tuple(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "one", [tuple(h) for h in hands], _ident


def _pc_binh(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "binh", hands, None


def _pc_str(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "one", [pokercore.format_cards(h) for h in hands], _ident


def _eval7(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    eval7 = importlib.import_module("eval7")
    cards = [[eval7.Card(s) for s in pokercore.format_cards(h).split()] for h in hands]
    return eval7.evaluate, "one", cards, _ident


def _ph_5cards(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    mod = importlib.import_module("phevaluator.evaluator")
    return mod.evaluate_5cards, "star", hands, _neg


def _ph_cards(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    mod = importlib.import_module("phevaluator.evaluator")
    return mod.evaluate_cards, "star", hands, _neg


def _ph_native(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    mod = importlib.import_module("phevaluator._pheval")
    return mod.evaluate_5cards, "star", hands, _neg


def _treys(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    treys = importlib.import_module("treys")
    ev = treys.Evaluator()
    pairs = []
    for h in hands:
        c = [treys.Card.new(s) for s in pokercore.format_cards(h).split()]
        pairs.append((c[:2], c[2:]))
    return ev.evaluate, "two", pairs, _neg


def _treys_five(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    treys = importlib.import_module("treys")
    ev = treys.Evaluator()
    cards = [[treys.Card.new(s) for s in pokercore.format_cards(h).split()] for h in hands]
    return ev._five, "one", cards, _neg


def _pk_lookup(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    pokerkit = importlib.import_module("pokerkit")
    lookup = pokerkit.StandardLookup()
    cards = [tuple(pokerkit.Card.parse(pokercore.format_cards(h, sep=""))) for h in hands]
    return lookup.get_entry, "one", cards, lambda e: e.index


def _pk_hand(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    pokerkit = importlib.import_module("pokerkit")
    cards = [tuple(pokerkit.Card.parse(pokercore.format_cards(h, sep=""))) for h in hands]
    return pokerkit.StandardHighHand, "one", cards, lambda hand: hand.entry.index


#: pokercore's reference row: the ratio column compares every per-call row with it.
REFERENCE = ("pokercore", "evaluate5(list of 5 codes)")

#: Every per-call form measured, pokercore's reference first.
PER_CALL_CASES = [
    Case(*REFERENCE, _pc_list, "reference row", name="pokercore", headline=True),
    Case("pokercore", "evaluate5(tuple of 5 codes)", _pc_tuple, name="pokercore-tuple"),
    Case("pokercore", 'evaluate5(list of 5 codes, "binh")', _pc_binh, "Binh straight order",
         name="pokercore-binh"),
    Case("pokercore", 'evaluate5("As Kd 7h 7c 2s")', _pc_str, "parses the string each call",
         name="pokercore-str"),
    Case("eval7", "evaluate(list of 5 eval7.Card)", _eval7, "Cards built beforehand",
         name="eval7", headline=True),
    Case("phevaluator", "evaluate_5cards(a, b, c, d, e) codes", _ph_5cards,
         "public; Python wrapper of the C core", name="phevaluator", headline=True),
    Case("phevaluator", "evaluate_cards(*codes)", _ph_cards, "public; Python wrapper",
         name="phevaluator-cards"),
    Case("phevaluator", "_pheval.evaluate_5cards(a, b, c, d, e)", _ph_native,
         "private C function, no wrapper", public=False, name="phevaluator-private-C"),
    Case("treys", "Evaluator().evaluate(hand2, board3) treys ints", _treys,
         name="treys", headline=True),
    Case("treys", "Evaluator()._five(5 treys ints)", _treys_five, "private method",
         public=False, name="treys-private-five"),
    Case("pokerkit", "StandardLookup().get_entry(tuple of 5 Card)", _pk_lookup,
         "Cards parsed beforehand", name="pokerkit", headline=True),
    Case("pokerkit", "StandardHighHand(tuple of 5 Card)", _pk_hand, "Cards parsed beforehand",
         name="pokerkit-hand"),
]


def per_call_rows(settings: Settings, pending: Pending) -> list[Row]:
    """Rows of the per-call section; their timed loops are appended to ``pending``."""
    import pokercore

    hands = pokercore.random_hands(settings.call_hands, 5, seed=settings.seed).tolist()
    reference = [pokercore.evaluate5(h) for h in hands]
    rows: list[Row] = []
    for case in PER_CALL_CASES:
        row = Row("per call", case.library, case.form, n=len(hands), note=case.note)
        rows.append(row)
        try:
            prepared = case.prepare(hands)
        except ImportError as exc:
            row.note = f"skipped: {case.library} not installed ({exc.name or exc})"
            continue
        except Exception as exc:  # a peer changed its API: report, don't crash the table
            row.note = f"skipped: setup failed ({type(exc).__name__}: {exc})"
            continue
        row.impl = _impl(prepared.func)
        try:
            agrees = prepared.orders_like(reference)
        except Exception as exc:
            row.note = f"skipped: call failed ({type(exc).__name__}: {exc})"
            continue
        if agrees is False:
            row.note = "skipped: its ranks do not order the hands as pokercore does"
            continue
        pending.append((row, prepared.run))
    return rows


def finish_per_call(rows: list[Row]) -> None:
    """Once timed: each row's ratio to pokercore's reference row (the first)."""
    ref = rows[0].rate if rows else None
    for row in rows:
        if row.rate and ref:
            row.ratio = ref / row.rate
