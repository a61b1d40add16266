"""The flow a betting game's seat table shares: one engine's session of hands, seats that run out of chips.

:class:`BettingSeatTable` sits between :class:`~pokercore.web._seat_table.SeatTable`
and the seat tables of the games dealt from a session engine (hold'em and
Omaha from :class:`~pokercore.holdem.HoldemGame`, five-card draw from
:class:`~pokercore.draw.DrawGame`).  It knows when a hand and the session
are over, which seats sit out, whose turn it is, how an AI's decision is
asked for and when it has gone stale, what happens once a hand ends, and
what the history keeps of it (the hand's record, and the state a table
resumes from after a restart); each game keeps only its moves, its rules,
its history text and its view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from ._protocol import ProtocolError
from ._seat_table import SeatTable
from ._store import HandRecord

__all__ = ["BettingSeatTable", "HandState", "Session", "SessionConfig"]


class HandState(Protocol):
    """What the table needs of an engine's hand (:class:`~pokercore.holdem.HoldemState`, ``DrawState``)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def actor(self) -> int | None: ...

    @property
    def dealt_in(self) -> tuple[bool, ...]: ...

    @property
    def events(self) -> Sequence[object]: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def button(self) -> int: ...

    @property
    def starting_stacks(self) -> tuple[int, ...]: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...

    @property
    def log(self) -> tuple[tuple[Any, ...], ...]: ...

    def observe(self, seat: int) -> Any: ...


class SessionConfig(Protocol):
    """What the table needs of a session's rules (:class:`~pokercore.holdem.HoldemConfig`, ``DrawConfig``)."""

    @property
    def hands(self) -> int: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...


S = TypeVar("S", bound=HandState)
S_co = TypeVar("S_co", bound=HandState, covariant=True)


class Session(Protocol[S_co]):
    """What the table needs of an engine's session of hands (:class:`~pokercore.holdem.HoldemGame`, ...)."""

    @property
    def current_hand(self) -> S_co | None: ...

    @property
    def hands_played(self) -> int: ...

    @property
    def playing_seats(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def start_hand(self) -> S_co: ...


class BettingSeatTable(SeatTable, Generic[S]):
    """A seat table over a session engine; subclasses set :attr:`session` and deal the first hand.

    Subclasses still implement :meth:`~pokercore.web._seat_table.SeatTable.view`,
    :meth:`~pokercore.web._seat_table.SeatTable._apply_action` (starting with
    :meth:`_check_turn`) and :meth:`~pokercore.web._seat_table.SeatTable._apply_ai`
    (starting with :meth:`_stale`), and call :meth:`_finish_hand` when an
    action ends the hand; for the history they set :attr:`history_format`
    and write :meth:`_history_text`.
    """

    #: The session: its hands, stacks and button.
    session: Session[S]
    #: The session's rules (its number of hands and starting stacks).
    config: SessionConfig
    #: How :meth:`_history_text` writes a hand (a :class:`~pokercore.web._store.HandRecord` format).
    history_format = ""
    #: The button of the last finished hand (a :meth:`snapshot` resumes after it); None before the first.
    _last_button: int | None = None

    # ------------------------------------------------------------------ history
    def _history_text(self, state: S) -> str:  # pragma: no cover - abstract
        """The finished hand ``state`` as history text of :attr:`history_format`, every seat's cards in it."""
        raise NotImplementedError

    def hand_number(self) -> int:
        return self.session.hands_played

    def hand_record(self) -> HandRecord:
        state = self.hand_state
        nets = [end - start for end, start in zip(state.stacks, state.starting_stacks)]
        shown = [rec[1] for rec in state.log if rec[0] == "show"]
        return HandRecord(state.hand_number, self.history_format, self._history_text(state), nets, shown)

    def snapshot(self) -> dict[str, Any]:
        """The seats, the session's length and, after the last finished hand, the hands played, stacks and button."""
        state = self.hand_state
        over = state.is_over
        return {**super().snapshot(), "hands": self.config.hands,
                "played": self.session.hands_played - (0 if over else 1),
                "stacks": list(state.stacks if over else state.starting_stacks),
                "button": state.button if over else self._last_button}

    # ------------------------------------------------------------------ flow
    @property
    def hand_state(self) -> S:
        """The engine's state of the hand in play (or just played)."""
        state = self.session.current_hand
        assert state is not None  # a hand is started at creation
        return state

    def _hand_over(self) -> bool:
        return self.hand_state.is_over

    def _out(self) -> set[int]:
        """Seats that cannot be dealt the next hand (after a hand is over; empty during one)."""
        if not self._hand_over():
            return set()
        return set(range(len(self.seats))) - set(self.session.playing_seats)

    def _session_over(self) -> bool:
        """All hands played, fewer than two seats can play, or no person (page or bot) can play on."""
        if self.session.is_over:
            return True
        out = self._out()
        return not any(s.kind == "player" and s.index not in out for s in self.seats)

    def _start_next(self) -> None:
        for s in self.seats:
            reset = getattr(s.agent, "reset", None)
            if reset is not None:
                reset()
        self.session.start_hand()

    def _finish_hand(self) -> None:
        """Tell the AIs how the hand ended (their ``hand_over`` hook), once.

        A person who cannot be dealt the next hand is counted as ready for
        it: the others never wait for a seat that will sit out.  The hand's
        button is remembered (a :meth:`snapshot` resumes after it).
        """
        state = self.hand_state
        self._last_button = state.button
        out = self._out()
        for s in self.seats:
            if s.kind == "player" and s.index in out:
                s.ready = True
        for s in self.seats:
            hook = getattr(s.agent, "hand_over", None)
            if hook is not None and state.dealt_in[s.index]:
                hook(state.observe(s.index))

    # ------------------------------------------------------------------ acting
    def _check_turn(self, seat: int) -> S:
        """The hand in play, if it is ``seat``'s turn in it; else refuse with a ProtocolError."""
        state = self.hand_state
        if state.is_over:
            raise ProtocolError("not_your_turn", "the hand is over: send 'next' for the next hand")
        if state.actor != seat:
            who = self.seats[state.actor].name if state.actor is not None else "nobody"
            raise ProtocolError("not_your_turn", f"it is {who}'s turn (seat {state.actor}), not seat {seat}'s; "
                                                 f"nothing changed")
        return state

    def _stamp(self) -> tuple[int, int]:
        """Where the session is: the hand and the number of its events (an AI decision is for one stamp)."""
        return self.session.hands_played, len(self.hand_state.events)

    def _ai_job(self) -> tuple[int, Callable[[], Any], Any] | None:
        state = self.hand_state
        seat = state.actor
        if seat is None or self.seats[seat].kind != "ai":
            return None
        obs = state.observe(seat)
        agent = self.seats[seat].agent
        return seat, (lambda: agent(obs)), self._stamp()

    def _stale(self, seat: int, stamp: Any) -> bool:
        """Whether an AI decision made at ``stamp`` no longer fits: the hand moved on or it is not ``seat``'s turn."""
        return stamp != self._stamp() or self.hand_state.actor != seat
