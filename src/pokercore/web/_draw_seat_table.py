"""A five-card draw session on the server: a :class:`~pokercore.draw.DrawGame` behind seats.

Each seat's view is built from the engine's own per-seat
:class:`~pokercore.draw.Observation` (its cards, the public state, its legal
moves), so it can never hold another seat's hidden cards; hands shown at
showdown are the only foreign cards, with their names.  Moves arrive as
typed protocol actions and are applied by the engine, which checks them.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import describe_rank, evaluate5
from ..draw import CHECK, FOLD, STAND_PAT, DrawConfig, DrawGame, DrawState, Street, format_history
from ..draw.ai import make_agent
from ..errors import PokercoreError
from ._betting_table import BettingSeatTable
from ._protocol import Action, ArrangeAction, Create, DrawAction, ProtocolError, card_names
from ._seat_table import Limits
from ._server_messages import DrawEvent, DrawLegal, DrawPlayer, DrawRules, DrawShowdown, DrawView, Shown

__all__ = ["DEFAULT_HANDS", "DrawSeatTable"]

#: Hands in a session unless the creator asks for another number.
DEFAULT_HANDS = 1000


def _hand_name(cards: Sequence[int]) -> str:
    return describe_rank(evaluate5(list(cards)))


class DrawSeatTable(BettingSeatTable[DrawState]):
    """Fixed-limit five-card draw for 2-6 seats (ante 1, bets 2/4, 200 chips each).

    A person (or bot) who runs out of chips may buy back in to the starting
    stack between hands while hands remain (``rebuy``); the view's
    ``bought`` counts those chips, so ``stack - start - bought`` is the
    session's net.
    """

    game = "draw"
    light_levels = frozenset({"easy", "random", "call"})  # 0.003-0.006 ms a decision (normal: 1.7 ms)
    session: DrawGame
    config: DrawConfig

    def __init__(self, table_id: str, request: Create, limits: Limits, owner: str = "",
                 seed: int | None = None) -> None:
        super().__init__(table_id, request.seats, limits, owner)
        seed = secrets.randbits(62) if seed is None else seed
        hands = DEFAULT_HANDS if request.hands is None else request.hands
        self.config = DrawConfig(players=len(self.seats), hands=hands, seed=seed)
        ai_rng = np.random.default_rng([seed, 1])
        for s in self.seats:
            if s.kind == "ai":
                s.agent = make_agent(s.level or "easy", ai_rng)
        #: The session: its hands, stacks and button.
        self.session = DrawGame(self.config)
        self._start_next()

    @classmethod
    def resume(cls, table_id: str, state: dict[str, Any], limits: Limits) -> DrawSeatTable:
        """The session of a :meth:`snapshot` after its last finished hand; the next hand is dealt fresh."""
        table = cls(table_id, Create("draw", cls.seat_specs(state), state["hands"]), limits, owner=state["owner"])
        table.restore_seats(state)
        table.session = DrawGame.resume(table.config, hands_played=state["played"], stacks=state["stacks"],
                                        button=state["button"], bought_in=state.get("bought"))  # rebuys so far
        table._last_button = state["button"]
        table._start_next()
        return table

    # ------------------------------------------------------------------ history
    history_format = "pokercore-draw"

    def _history_text(self, state: DrawState) -> str:
        return format_history(state)

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "bought": list(self.session.bought_in)}

    def _rebuy_chips(self, seat: int) -> int | None:
        """The chips seat ``seat`` would get by buying back in now, or None when it may not."""
        if seat not in self._out() or self.session.hands_played >= self.config.hands:
            return None
        return self.config.stacks[seat] - self.session.stacks[seat]

    def _rebuy(self, seat: int) -> None:
        if self._rebuy_chips(seat) is None:
            why = ("the hand is still being played" if not self._hand_over() else
                   "all the session's hands are played" if self.session.hands_played >= self.config.hands else
                   "this seat can still pay the ante and a bet")
            raise ProtocolError("illegal_action", f"no rebuy now: {why}; nothing changed")
        self.session.rebuy(seat)

    # ------------------------------------------------------------------ acting
    def _apply_action(self, seat: int, action: Action) -> None:
        state = self._check_turn(seat)
        if isinstance(action, ArrangeAction):
            raise ProtocolError("illegal_action", "arrange is a Binh action; this table plays draw")
        move = ("draw", 0, action.codes) if isinstance(action, DrawAction) else (action.kind, action.amount, ())
        try:
            state.act(move, seat)
        except PokercoreError as exc:
            raise ProtocolError("illegal_action", f"{exc}; nothing changed") from None
        if self._hand_over():  # this action may have ended the hand
            self._finish_hand()

    def _apply_ai(self, seat: int, stamp: Any, result: Any) -> bool:
        if self._stale(seat, stamp):
            return False
        state = self.hand_state
        legal = state.legal_actions()
        if result is None or result not in legal:
            result = STAND_PAT if state.street == Street.DRAW else (CHECK if CHECK in legal else FOLD)
        state.act(result, seat)
        if state.is_over:
            self._finish_hand()
        return True

    # ------------------------------------------------------------------ seeing
    def view(self, seat: int) -> DrawView:
        obs = self.hand_state.observe(seat)
        out = self._out()
        # between hands the session's stacks (a rebuy adds chips there); during a hand the hand's
        stacks = self.session.stacks if self._hand_over() else obs.stacks
        players = [DrawPlayer(**s.public(), stack=stacks[i], bet=obs.bets[i], committed=obs.committed[i],
                              live=obs.live[i], dealt_in=obs.dealt_in[i], drawn=obs.draw_counts[i], ready=s.ready,
                              start=self.config.stacks[i], bought=self.session.bought_in[i], out=i in out)
                   for i, s in enumerate(self.seats)]
        if obs.street == "draw":
            legal = [DrawLegal("draw", max_cards=3)] if obs.legal_actions else []
        else:
            legal = [DrawLegal(a.kind, a.amount) for a in obs.legal_actions]
        showdown = None
        if obs.payouts is not None:
            showdown = DrawShowdown(list(obs.payouts),
                                    [Shown(i, card_names(c), _hand_name(c)) for i, c in sorted(obs.revealed.items())],
                                    [i for i, v in enumerate(obs.payouts) if v > 0])
        cfg = self.config
        return DrawView(
            "draw", self.id, seat, self.seats[seat].next_seq, self.version,
            hand_number=obs.hand_number, hands=cfg.hands, button=obs.button, street=obs.street, actor=obs.actor,
            hand=card_names(obs.hand), hand_name=_hand_name(obs.hand) if obs.hand else None,
            pot=obs.pot, current_bet=obs.current_bet, to_call=obs.to_call, bet_size=obs.bet_size,
            raises_left=obs.raises_left, players=players,
            events=[DrawEvent(e.street, e.seat, e.kind, e.amount, e.drawn) for e in obs.events],
            legal=legal, showdown=showdown, rebuy=self._rebuy_chips(seat),
            game_over=obs.payouts is not None and self._session_over(),
            rules=DrawRules(cfg.ante, cfg.small_bet, cfg.big_bet, cfg.raise_cap, True),
        )
