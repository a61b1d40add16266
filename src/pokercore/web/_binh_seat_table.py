"""A Binh session on the server: deals, arrangements collected from every seat, reveal and totals.

Every seat arranges at the same time.  Each deal is a
:class:`pokercore.binh.DealState`: it checks the dealt cards once, declares
the special hands once (those seats have nothing to arrange) and checks
each submitted arrangement once, as it comes.  Until the reveal a seat's
view holds its own 13 cards only (and which seats have submitted); once
every seat has played, the deal state scores every pair once into a
:class:`pokercore.binh.DealResult`, and every hand is shown with its
branch names, the branch-by-branch result of every pair (read from the
result, not scored again), the nets and the running totals.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import describe_rank, evaluate3, evaluate5
from ..binh import (
    DEFAULT_RULES,
    Arrangement,
    DealResult,
    DealState,
    PairPath,
    SpecialHand,
    deal_hands,
    make_agent,
    suggest_arrangement,
)
from ..errors import PokercoreError
from ._protocol import Action, ArrangeAction, Create, Preview, ProtocolError, card_names
from ._seat_table import Limits, SeatTable
from ._server_messages import (
    Arranged,
    BinhLegal,
    BinhPlayer,
    BinhRules,
    BinhSpecial,
    BinhView,
    PairResult,
    PreviewAnswer,
    Reveal,
    RevealedHand,
    Suggestion,
)
from ._store import HandRecord

__all__ = ["BinhSeatTable", "arrangement_json", "branch_names"]

#: The ``how`` of a revealed pair, as the protocol words it.
_HOW = {PairPath.SPECIAL_VS_SPECIAL: "special hand", PairPath.SPECIAL: "special hand",
        PairPath.FOUL_VS_FOUL: "foul vs foul", PairPath.FOUL: "foul vs normal",
        PairPath.BRANCHES: "branch by branch"}


def _foul(top: int | None, middle: int | None, bottom: int | None) -> str | None:
    if top is not None and middle is not None and top > middle:
        return "the top is stronger than the middle"
    if middle is not None and bottom is not None and middle > bottom:
        return "the middle is stronger than the bottom"
    return None


def branch_names(top: tuple[int, ...], middle: tuple[int, ...], bottom: tuple[int, ...]) -> PreviewAnswer:
    """Names of the complete branches of a partial arrangement and whether it fouls (the ``preview`` answer).

    >>> from pokercore import parse_cards as p
    >>> branch_names(p("Qh Qd 2c"), p("Ks Kd 7c 7d 3s"), p("Ac Ah As 9s 9h")).names
    ['Pair of queens', 'Two pair, kings and sevens', 'Full house, aces full of nines']
    >>> names = branch_names(p("Ac Ah As"), p("Ks Kd 7c 7d 3s"), p("Qh Qd 2c"))
    >>> names.names[2], names.foul
    (None, 'the top is stronger than the middle')
    """
    ranks: list[int | None] = [
        evaluate3(top) if len(top) == 3 else None,
        evaluate5(middle, "binh") if len(middle) == 5 else None,
        evaluate5(bottom, "binh") if len(bottom) == 5 else None,
    ]
    return PreviewAnswer([describe_rank(r, "binh") if r is not None else None for r in ranks], _foul(*ranks))


def arrangement_json(a: Arrangement) -> Arranged:
    """An arrangement as the protocol shows it: cards and names per branch, and its foul (from its own ranks)."""
    return Arranged(card_names(a.top), card_names(a.middle), card_names(a.bottom),
                    [describe_rank(r, "binh") for r in a.ranks], _foul(*a.ranks))


class BinhSeatTable(SeatTable):
    """Binh for 2-4 seats with the default rules; totals run over the session's deals."""

    game = "binh"
    light_levels = frozenset({"easy", "normal"})  # 0.06-0.07 ms a decision (hard: 24 ms)

    def __init__(self, table_id: str, request: Create, limits: Limits, owner: str = "",
                 seed: int | None = None) -> None:
        super().__init__(table_id, request.seats, limits, owner)
        seed = secrets.randbits(62) if seed is None else seed
        self.rules = DEFAULT_RULES
        self.rng = np.random.default_rng(seed)
        ai_rng = np.random.default_rng([seed, 1])
        for s in self.seats:
            if s.kind == "ai":
                s.agent = make_agent(s.level or "normal", ai_rng, self.rules)
        self.n = len(self.seats)
        self.deal_number = 0
        self.totals = [0] * self.n
        self.history: list[DealResult] = []
        self._start_next()

    @classmethod
    def resume(cls, table_id: str, state: dict[str, Any], limits: Limits) -> BinhSeatTable:
        """The session of a :meth:`snapshot` after its last finished deal; the next deal is dealt fresh."""
        table = cls(table_id, Create("binh", cls.seat_specs(state)), limits, owner=state["owner"])
        table.restore_seats(state)
        table.totals, table.deal_number = [int(v) for v in state["totals"]], int(state["deals"])
        table._start_next()
        return table

    # ------------------------------------------------------------------ history
    def hand_number(self) -> int:
        return self.deal_number

    def hand_record(self) -> HandRecord | None:
        rec = self.result
        if rec is None:
            return None
        return HandRecord(self.deal_number, "pokercore-binh", rec.to_text(), list(rec.nets), range(self.n))

    def snapshot(self) -> dict[str, Any]:
        over = self.result is not None  # the totals hold the deals revealed so far
        return {**super().snapshot(), "totals": list(self.totals), "deals": self.deal_number - (0 if over else 1)}

    # ------------------------------------------------------------------ flow
    def _start_next(self) -> None:
        self.deal_number += 1
        self.deal = DealState(deal_hands(self.n, self.rng), self.rules)
        self.result: DealResult | None = None
        self._maybe_reveal()  # every hand special: nothing to arrange

    def _hand_over(self) -> bool:
        return self.result is not None

    def _maybe_reveal(self) -> None:
        if self.result is None and not self.deal.to_arrange:
            self.result = self.deal.result()
            self.totals = [t + v for t, v in zip(self.totals, self.result.nets)]
            self.history.append(self.result)

    # ------------------------------------------------------------------ acting
    def _apply_action(self, seat: int, action: Action) -> None:
        if not isinstance(action, ArrangeAction):
            raise ProtocolError("illegal_action", f"{action.kind} is a draw action; this table plays Binh: "
                                                  f"send kind \"arrange\" with top, middle and bottom")
        if self.result is not None:
            raise ProtocolError("not_your_turn", "the deal is over: send 'next' for the next deal")
        special = self.deal.specials[seat]
        if special is not None:
            raise ProtocolError("not_your_turn", f"your hand is special ({special}) and is "
                                                 f"declared for you: nothing to arrange")
        if seat not in self.deal.to_arrange:
            raise ProtocolError("not_your_turn", "you already arranged this deal; nothing changed")
        try:
            self.deal.arrange(seat, Arrangement(*action.branches))
        except PokercoreError as exc:
            raise ProtocolError("illegal_action", f"{exc}; nothing changed") from None
        self._maybe_reveal()

    def _ai_job(self) -> tuple[int, Callable[[], Any], Any] | None:
        for i in self.deal.to_arrange:
            s = self.seats[i]
            if s.kind == "ai":
                obs = self.deal.observation(i)
                agent = s.agent
                return i, (lambda agent=agent, obs=obs: agent(obs)), self.deal_number
        return None

    def _apply_ai(self, seat: int, stamp: Any, result: Any) -> bool:
        if stamp != self.deal_number or seat not in self.deal.to_arrange:
            return False
        try:
            self.deal.arrange(seat, result)
        except PokercoreError:  # an AI that failed or answered badly plays the suggestion instead
            self.deal.arrange(seat, suggest_arrangement(self.deal.hands[seat])[0])
        self._maybe_reveal()
        return True

    # ------------------------------------------------------------------ helpers for players
    def preview(self, seat: int, request: Preview) -> PreviewAnswer:
        top, middle, bottom = request.branches
        if not set(top + middle + bottom) <= set(self.deal.hands[seat]):
            raise ProtocolError("bad_message", "preview: only your own cards can be previewed")
        return branch_names(top, middle, bottom)

    def suggest_job(self, seat: int) -> Callable[[], Suggestion]:
        """The AI's best arrangement of ``seat``'s cards (to run off the loop)."""
        if self.result is not None or self.deal.specials[seat] is not None:
            raise ProtocolError("illegal_action", "nothing to arrange now")
        cards = list(self.deal.hands[seat])
        deal = self.deal_number

        def job() -> Suggestion:
            a, value = suggest_arrangement(cards)
            arranged = arrangement_json(a)
            return Suggestion(deal, arranged.top, arranged.middle, arranged.bottom, arranged.names, arranged.foul,
                              round(float(value), 3))
        return job

    # ------------------------------------------------------------------ seeing
    def _reveal_json(self, rec: DealResult) -> Reveal:
        hands = []
        for i, p in enumerate(rec.played):
            if isinstance(p, SpecialHand):
                hands.append(RevealedHand(i, str(p), special_type=p.type, cards=card_names(rec.hands[i])))
            else:
                a = arrangement_json(p)
                hands.append(RevealedHand(i, None, top=a.top, middle=a.middle, bottom=a.bottom, names=a.names,
                                          foul=a.foul))
        pairs = [PairResult([i, j], o.score, list(o.branches) if o.branches else None, _HOW[o.path])
                 for (i, j), o in sorted(rec.outcomes.items())]
        return Reveal(hands, pairs, list(rec.nets))

    def view(self, seat: int) -> BinhView:
        deal = self.deal
        players = [BinhPlayer(**s.public(), total=self.totals[i], ready=s.ready,
                              submitted=deal.arranged[i] is not None or deal.specials[i] is not None)
                   for i, s in enumerate(self.seats)]
        mine = deal.arranged[seat]
        sp = deal.specials[seat]
        return BinhView(
            "binh", self.id, seat, self.seats[seat].next_seq, self.version,
            deal=self.deal_number, phase="reveal" if self.result is not None else "arrange",
            cards=card_names(deal.hands[seat]),
            special=None if sp is None else BinhSpecial(str(sp), sp.type, self.rules.special_points(str(sp.type))),
            arranged=arrangement_json(mine) if mine is not None else None,
            players=players, totals=list(self.totals),
            legal=[BinhLegal("arrange")] if self.result is None and seat in deal.to_arrange else [],
            reveal=self._reveal_json(self.result) if self.result is not None else None,
            rules=BinhRules(self.rules.foul_points, self.rules.type_a_points, self.rules.type_b_points),
        )
