"""A hold'em or Omaha session on the server: a :class:`~pokercore.holdem.HoldemGame` behind seats.

No-limit and fixed-limit hold'em and pot-limit Omaha for 2-6 seats.  Each
seat's view is built from the engine's own per-seat
:class:`~pokercore.holdem.Observation` (its hole cards, the board, the
public state, its legal moves with their "to" amounts), so it can never
hold another seat's hidden cards: the hands shown at the showdown are the
only foreign cards, and a mucked hand is listed as mucked, never shown.
Moves arrive as typed protocol actions and are applied by the engine, which
checks them; amounts are "to" amounts, as card rooms say them ("raise to
300").  Every finished hand goes to the history as PHH
(:func:`pokercore.holdem.to_phh`), and a table resumes after a restart
from its :meth:`HoldemSeatTable.snapshot`.

Examples
--------
>>> from pokercore.web._protocol import Create
>>> from pokercore.web import Limits
>>> t = HoldemSeatTable("t1", Create("holdem", ("me", "call"), 1, "nl", (5, 10), (1000, 400)), Limits(), seed=3)
>>> v = t.view(0)
>>> v.street == "preflop", v.button, v.small_blind_seat, v.pot, len(v.hole), v.board
(True, 0, 0, 15, 2, [])
>>> [a.kind for a in v.legal] == ["fold", "call", "raise"]
True
>>> [(a.min, a.max) for a in v.legal]
[(UNSET, UNSET), (UNSET, UNSET), (20, 1000)]
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np

from .. import describe_rank, evaluate, evaluate5
from ..holdem import (
    CHECK,
    FOLD,
    HoldemConfig,
    HoldemError,
    HoldemGame,
    HoldemState,
    Observation,
    make_agent,
    to_phh,
)
from ._betting_table import BettingSeatTable
from ._protocol import Action, BettingAction, Create, ProtocolError, card_names
from ._seat_table import Limits
from ._server_messages import (
    HoldemEvent,
    HoldemLegal,
    HoldemPlayer,
    HoldemRules,
    HoldemShowdown,
    HoldemView,
    Pot,
    Shown,
    WonPot,
)

__all__ = ["DEFAULT_BIG_BLINDS", "DEFAULT_BLINDS", "DEFAULT_HANDS", "HoldemSeatTable", "hand_name"]

#: Hands in a session unless the creator asks for another number.
DEFAULT_HANDS = 1000
#: Small and big blind unless the creator asks for others.
DEFAULT_BLINDS = (1, 2)
#: Starting stack in big blinds unless the creator gives stacks.
DEFAULT_BIG_BLINDS = 100


def hand_name(hole: Sequence[int], board: Sequence[int], omaha: bool = False) -> str | None:
    """Name of the best hand of ``hole`` with ``board`` (None before the flop).

    Hold'em uses any five of the cards; Omaha exactly two hole cards and
    three of the board.

    >>> from pokercore import parse_cards
    >>> hand_name(parse_cards("Ah Kh"), parse_cards("Qh Jh 2c"))
    'High card, ace high'
    >>> hand_name(parse_cards("Ah Kh 2c 3d"), parse_cards("Qh Jh Th"), omaha=True)
    'Straight flush, ace high'
    >>> hand_name(parse_cards("Ah Kh"), ()) is None
    True
    """
    return describe_rank(_rank(hole, board, omaha)) if len(board) >= 3 else None


def _rank(hole: Sequence[int], board: Sequence[int], omaha: bool) -> int:
    """Rank of the best hand of ``hole`` with 3-5 ``board`` cards (higher is better), as :func:`hand_name` reads it."""
    if not omaha:
        return evaluate(list(hole) + list(board))
    return max(evaluate5(list(h) + list(b)) for h in combinations(hole, 2) for b in combinations(board, 3))


def _pot_winners(obs: Observation, ranks: dict[int, int]) -> list[WonPot]:
    """Each pot with the seats that won it (the hand is over): from the public state and shown hands only."""
    out = []
    for pot in obs.pots:
        contenders = [i for i in pot.eligible if obs.live[i]]
        shown = [i for i in contenders if i in ranks]
        if len(contenders) > 1 and shown:
            best = max(ranks[i] for i in shown)
            winners = [i for i in shown if ranks[i] == best]
        else:
            winners = contenders
        out.append(WonPot(pot.amount, list(pot.eligible), winners))
    return out


def _legal(obs: Observation) -> list[HoldemLegal]:
    """The seat's legal moves: call with the bet it reaches and the chips it costs; bet and raise "to" ranges."""
    out: list[HoldemLegal] = []
    me = obs.seat
    for a in obs.legal_actions:
        if a.kind == "call":
            out.append(HoldemLegal("call", amount=a.min_amount, chips=a.min_amount - obs.bets[me],
                                   all_in=a.min_amount - obs.bets[me] >= obs.stacks[me]))
        elif a.kind in ("bet", "raise"):
            out.append(HoldemLegal(a.kind, min=a.min_amount, max=a.max_amount, all_in=obs.bets[me] + obs.stacks[me]))
        else:
            out.append(HoldemLegal(a.kind))
    return out


class HoldemSeatTable(BettingSeatTable[HoldemState]):
    """No-limit, fixed-limit hold'em or pot-limit Omaha for 2-6 seats (blinds 1/2 and 100 big blinds each
    unless the ``create`` says otherwise)."""

    game = "holdem"
    light_levels = frozenset({"easy", "random", "call"})  # easy: 0.04 ms a decision (normal: 7 ms)
    session: HoldemGame
    config: HoldemConfig

    def __init__(self, table_id: str, request: Create, limits: Limits, owner: str = "",
                 seed: int | None = None) -> None:
        super().__init__(table_id, request.seats, limits, owner)
        seed = secrets.randbits(62) if seed is None else seed
        small, big = request.blinds or DEFAULT_BLINDS
        stacks = request.stacks or (DEFAULT_BIG_BLINDS * big,) * len(self.seats)
        try:
            self.config = HoldemConfig(request.variant or "nl", players=len(self.seats), small_blind=small,
                                       big_blind=big, starting_stacks=stacks,
                                       hands=DEFAULT_HANDS if request.hands is None else request.hands, seed=seed)
        except HoldemError as exc:
            raise ProtocolError("bad_message", f"create: {exc}") from None
        ai_rng = np.random.default_rng([seed, 1])
        for s in self.seats:
            if s.kind == "ai":
                s.agent = make_agent(s.level or "easy", ai_rng)
        #: The session: its hands, stacks and button.
        self.session = HoldemGame(self.config)
        self._start_next()

    @classmethod
    def resume(cls, table_id: str, state: dict[str, Any], limits: Limits) -> HoldemSeatTable:
        """The session of a :meth:`snapshot` after its last finished hand; the next hand is dealt fresh."""
        request = Create("holdem", cls.seat_specs(state), state["hands"], state["variant"],
                         tuple(state["blinds"]), tuple(state["start"]))
        table = cls(table_id, request, limits, owner=state["owner"])
        table.restore_seats(state)
        table.session = HoldemGame.resume(table.config, hands_played=state["played"], stacks=state["stacks"],
                                          button=state["button"])
        table._last_button = state["button"]
        table._start_next()
        return table

    # ------------------------------------------------------------------ history
    history_format = "phh"

    def _history_text(self, state: HoldemState) -> str:
        return to_phh(state)

    def snapshot(self) -> dict[str, Any]:
        cfg = self.config
        return {**super().snapshot(), "variant": cfg.variant, "blinds": [cfg.small_blind, cfg.big_blind],
                "start": list(cfg.stacks)}

    # ------------------------------------------------------------------ acting
    def _apply_action(self, seat: int, action: Action) -> None:
        state = self._check_turn(seat)
        if not isinstance(action, BettingAction):
            raise ProtocolError("illegal_action", f"{action.kind} is not a hold'em action: use fold, check, call, "
                                                  f"bet or raise; nothing changed")
        try:
            state.act((action.kind, action.amount), seat)
        except HoldemError as exc:
            raise ProtocolError("illegal_action", f"{exc}; nothing changed") from None
        if self._hand_over():  # this action may have ended the hand
            self._finish_hand()

    def _apply_ai(self, seat: int, stamp: Any, result: Any) -> bool:
        if self._stale(seat, stamp):
            return False
        state = self.hand_state
        try:
            if result is None:
                raise HoldemError("no decision")
            state.act(result, seat)
        except HoldemError:  # a failed or illegal decision: the safe move instead
            state.act(CHECK if any(a.kind == "check" for a in state.legal_actions()) else FOLD, seat)
        if state.is_over:
            self._finish_hand()
        return True

    # ------------------------------------------------------------------ seeing
    def _showdown(self, obs: Observation) -> HoldemShowdown | None:
        if obs.payouts is None:
            return None
        omaha = obs.config.is_omaha
        ranks = {i: _rank(c, obs.board, omaha) for i, c in obs.revealed.items()} if len(obs.board) == 5 else {}
        return HoldemShowdown(
            list(obs.payouts), [i for i, v in enumerate(obs.payouts) if v > 0],
            [Shown(i, card_names(c), describe_rank(ranks[i])) for i, c in obs.revealed.items()],
            list(obs.mucked), _pot_winners(obs, ranks))

    @staticmethod
    def _middle(obs: Observation) -> list[Pot]:
        """The pots in the middle during a hand: the chips of the finished betting rounds (bets stay in front)."""
        behind = obs._replace(committed=tuple(c - b for c, b in zip(obs.committed, obs.bets)))
        return [Pot(p.amount, list(p.eligible)) for p in behind.pots if p.amount]

    def view(self, seat: int) -> HoldemView:
        obs = self.hand_state.observe(seat)
        cfg = self.config
        out = self._out()
        all_in = obs.all_in
        players = [HoldemPlayer(**s.public(), stack=obs.stacks[i], bet=obs.bets[i], committed=obs.committed[i],
                                live=obs.live[i], dealt_in=obs.dealt_in[i], all_in=all_in[i], ready=s.ready,
                                start=cfg.stacks[i], out=i in out)
                   for i, s in enumerate(self.seats)]
        return HoldemView(
            "holdem", self.id, seat, self.seats[seat].next_seq, self.version,
            hand_number=obs.hand_number, hands=cfg.hands, button=obs.button,
            small_blind_seat=obs.small_blind_seat, big_blind_seat=obs.big_blind_seat,
            street=obs.street, actor=obs.actor, hole=card_names(obs.hole), board=card_names(obs.board),
            hand_name=hand_name(obs.hole, obs.board, cfg.is_omaha) if obs.hole else None,
            pot=obs.pot, pots=self._middle(obs) if obs.payouts is None else [],
            current_bet=obs.current_bet, to_call=obs.to_call, bet_unit=obs.bet_unit, players=players,
            events=[HoldemEvent(e.street, e.seat, e.kind, e.chips, e.to, e.all_in) for e in obs.events],
            legal=_legal(obs) if obs.actor == seat else [],
            showdown=self._showdown(obs),
            game_over=obs.payouts is not None and self._session_over(),
            rules=HoldemRules(cfg.variant, cfg.name, cfg.betting, cfg.small_blind, cfg.big_blind, cfg.ante,
                              cfg.bet_size(0), cfg.bet_size(2),
                              cfg.raise_cap if cfg.betting == "fixed-limit" else None, cfg.hole_cards),
        )
