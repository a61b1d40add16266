"""A Binh session on the server: deals, arrangements collected from every seat, reveal and totals.

Every seat arranges at the same time.  Until the reveal a seat's view holds
its own 13 cards only (and which seats have submitted); once every seat
has played, the deal is scored by the game engine
(:func:`pokercore.binh.run_deal` with the dealt hands and the collected
arrangements) and every hand is shown with its branch names, the
branch-by-branch result of every pair, the nets and the running totals.
Special hands are declared automatically (:func:`pokercore.binh.declared_special`, the engine's rule).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from .. import describe_rank, evaluate3, evaluate5
from ..binh import (
    DEFAULT_RULES,
    Arrangement,
    SpecialHand,
    deal_hands,
    declared_special,
    make_agent,
    pair_outcome,
    run_deal,
    suggest_arrangement,
)
from .protocol import ProtocolError, card_codes, card_names
from .tables import Limits, Table

__all__ = ["BinhTable", "arrangement_json", "branch_names"]

_BRANCHES = ("top", "middle", "bottom")


def branch_names(top: list[int], middle: list[int], bottom: list[int]) -> dict[str, Any]:
    """Names of the complete branches and whether the whole arrangement fouls.

    >>> from pokercore import parse_cards as p
    >>> branch_names(p("Qh Qd 2c"), p("Ks Kd 7c 7d 3s"), p("Ac Ah As 9s 9h"))["names"]
    ['Pair of queens', 'Two pair, kings and sevens', 'Full house, aces full of nines']
    >>> branch_names(p("Ac Ah As"), p("Ks Kd 7c 7d 3s"), p("Qh Qd 2c 9s 9h"))["foul"]
    'the top is stronger than the middle'
    """
    ranks: list[int | None] = [
        evaluate3(top) if len(top) == 3 else None,
        evaluate5(middle, "binh") if len(middle) == 5 else None,
        evaluate5(bottom, "binh") if len(bottom) == 5 else None,
    ]
    names = [describe_rank(r, "binh") if r is not None else None for r in ranks]
    foul = None
    t, m, b = ranks
    if t is not None and m is not None and t > m:
        foul = "the top is stronger than the middle"
    elif m is not None and b is not None and m > b:
        foul = "the middle is stronger than the bottom"
    return {"names": names, "foul": foul}


def arrangement_json(a: Arrangement) -> dict[str, Any]:
    """An arrangement as the protocol shows it: cards and names per branch, and its foul."""
    info = branch_names(list(a.top), list(a.middle), list(a.bottom))
    return {"top": card_names(a.top), "middle": card_names(a.middle), "bottom": card_names(a.bottom),
            "names": info["names"], "foul": info["foul"]}


class BinhTable(Table):
    """Binh for 2-4 seats with the default rules; totals run over the session's deals."""

    game = "binh"

    def __init__(self, table_id: str, seats: list[str], limits: Limits, owner: str = "",
                 seed: int | None = None) -> None:
        super().__init__(table_id, seats, limits, owner)
        seed = secrets.randbits(62) if seed is None else seed
        self.rules = DEFAULT_RULES
        self.rng = np.random.default_rng(seed)
        ai_rng = np.random.default_rng([seed, 1])
        for s in self.seats:
            if s.kind == "ai":
                s.agent = make_agent(s.level or "normal", ai_rng, self.rules)
        self.n = len(seats)
        self.deal_number = 0
        self.totals = [0] * self.n
        self.history: list[Any] = []
        self._start_next()

    # ------------------------------------------------------------------ flow
    def _start_next(self) -> None:
        self.deal_number += 1
        self.hands = deal_hands(self.n, self.rng)
        self.specials: list[SpecialHand | None] = [declared_special(h, self.rules) for h in self.hands]
        self.played: list[Arrangement | None] = [None] * self.n
        self.record: Any = None
        self._maybe_reveal()  # every hand special: nothing to arrange

    def _hand_over(self) -> bool:
        return self.record is not None

    def _waiting(self) -> list[int]:
        return [i for i in range(self.n) if self.played[i] is None and self.specials[i] is None]

    def _maybe_reveal(self) -> None:
        if self.record is not None or self._waiting():
            return
        played = self.played
        # The engine scores the deal: each seat's "agent" returns what was submitted.
        agents = [(lambda obs, a=a: a) for a in played]
        self.record = run_deal(agents, rules=self.rules, hands=self.hands)
        self.totals = [t + v for t, v in zip(self.totals, self.record.nets)]
        self.history.append(self.record)

    # ------------------------------------------------------------------ acting
    def _apply_action(self, seat: int, action: dict[str, Any]) -> None:
        if action["kind"] != "arrange":
            raise ProtocolError("illegal_action", f"{action['kind']} is a draw action; this table plays Binh: "
                                                  f"send kind \"arrange\" with top, middle and bottom")
        if self.record is not None:
            raise ProtocolError("not_your_turn", "the deal is over: send 'next' for the next deal")
        if self.specials[seat] is not None:
            raise ProtocolError("not_your_turn", f"your hand is special ({self.specials[seat]}) and is "
                                                 f"declared for you: nothing to arrange")
        if self.played[seat] is not None:
            raise ProtocolError("not_your_turn", "you already arranged this deal; nothing changed")
        parts = [card_codes(action[k], f"act: {k}") for k in _BRANCHES]
        if sorted(parts[0] + parts[1] + parts[2]) != sorted(self.hands[seat]):
            raise ProtocolError("illegal_action", "the arrangement must hold exactly your 13 cards; "
                                                  "nothing changed")
        self.played[seat] = Arrangement(*parts)
        self._maybe_reveal()

    def _ai_job(self) -> tuple[int, Callable[[], Any], Any] | None:
        for i in self._waiting():
            s = self.seats[i]
            if s.kind == "ai":
                from ..binh import Observation
                obs = Observation(tuple(self.hands[i]), i, self.n, self.rules)
                agent = s.agent
                return i, (lambda agent=agent, obs=obs: agent(obs)), self.deal_number
        return None

    def _apply_ai(self, seat: int, stamp: Any, result: Any) -> bool:
        if stamp != self.deal_number or self.played[seat] is not None:
            return False
        if not isinstance(result, Arrangement) or sorted(result.cards) != sorted(self.hands[seat]):
            result = suggest_arrangement(self.hands[seat])[0]
        self.played[seat] = result
        self._maybe_reveal()
        return True

    # ------------------------------------------------------------------ helpers for players
    def own_cards(self, seat: int, cards: list[int]) -> None:
        if not set(cards) <= set(self.hands[seat]):
            raise ProtocolError("bad_message", "preview: only your own cards can be previewed")

    def suggest_job(self, seat: int) -> Callable[[], dict[str, Any]]:
        """The AI's best arrangement of ``seat``'s cards (to run off the loop)."""
        if self.record is not None or self.specials[seat] is not None:
            raise ProtocolError("illegal_action", "nothing to arrange now")
        cards = list(self.hands[seat])

        def job() -> dict[str, Any]:
            a, value = suggest_arrangement(cards)
            return {"type": "suggestion", "deal": self.deal_number, **arrangement_json(a),
                    "expected": round(float(value), 3)}
        return job

    # ------------------------------------------------------------------ seeing
    def _reveal_json(self) -> dict[str, Any]:
        rec = self.record
        hands = []
        for i, p in enumerate(rec.played):
            if isinstance(p, SpecialHand):
                hands.append({"seat": i, "special": str(p), "special_type": p.type,
                              "cards": card_names(rec.hands[i])})
            else:
                hands.append({"seat": i, "special": None, **arrangement_json(p)})
        plain = replace(self.rules, declare_specials=False)
        pairs = []
        for (i, j), score in sorted(rec.pairs.items()):
            a, b = rec.played[i], rec.played[j]
            branches = None
            if isinstance(a, Arrangement) and isinstance(b, Arrangement):
                out = pair_outcome(a, b, plain)
                branches = list(out.branches) if out.branches is not None else None
                how = out.path.value
            else:
                how = "special hand"
            pairs.append({"seats": [i, j], "score": score, "branches": branches, "how": how})
        return {"hands": hands, "pairs": pairs, "nets": list(rec.nets)}

    def view(self, seat: int) -> dict[str, Any]:
        players = self.players_public()
        for p in players:
            i = p["seat"]
            p.update(total=self.totals[i], ready=self.seats[i].ready,
                     submitted=self.played[i] is not None or self.specials[i] is not None)
        mine = self.played[seat]
        waiting = self.record is None and seat in self._waiting()
        sp = self.specials[seat]
        return {
            "type": "state", "game": "binh", "table": self.id, "seat": seat,
            "seq": self.seats[seat].next_seq, "version": self.version,
            "deal": self.deal_number, "phase": "reveal" if self.record is not None else "arrange",
            "cards": card_names(self.hands[seat]),
            "special": None if sp is None else {"name": str(sp), "type": sp.type,
                                                "points": self.rules.special_points(str(sp.type))},
            "arranged": arrangement_json(mine) if mine is not None else None,
            "players": players,
            "totals": list(self.totals),
            "legal": [{"kind": "arrange"}] if waiting else [],
            "reveal": self._reveal_json() if self.record is not None else None,
            "rules": {"foul_points": self.rules.foul_points, "type_a_points": self.rules.type_a_points,
                      "type_b_points": self.rules.type_b_points},
        }
