"""What every hold'em AI reads from its observation, and how it turns a decision into a legal action.

:class:`Spot` is a small view of one :class:`~pokercore.holdem._observation.Observation`
at a decision: the street, the pot, what it costs to call, who is still in,
who acts after this seat, the raises so far and the legal options.  Its
action builders never return anything but an offered action: a bet or raise
is clamped into the allowed range (and becomes all-in when it would leave
less than a small part of the stack), and a bet the rules do not allow
becomes a check or a call.

Amounts are "to" amounts, as everywhere in :mod:`pokercore.holdem`: a raise
"to 30" makes this seat's bet of the round 30.

Examples
--------
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import HoldemState
>>> s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=7)
>>> spot = Spot(s.observe(s.actor))
>>> spot.street, spot.pot, spot.to_call, spot.unopened, spot.behind
(0, 3, 2, True, 2)
>>> spot.sized(2.5 / 3), spot.check_or_fold(), spot.check_or_call()
(Action(kind='raise', amount=6), Action(kind='fold', amount=0), Action(kind='call', amount=2))
"""

from __future__ import annotations

from .._actions import AGGRESSIVE, CHECK, FOLD, Action, Event, LegalAction
from .._config import FIXED_LIMIT, STREETS
from .._observation import Observation

__all__ = ["ACTIONS", "ALL_IN_SHARE", "Spot", "street_index"]

#: Event kinds that are a player's own decision.
ACTIONS = frozenset(("fold", "check", "call", "bet", "raise"))
#: A bet or raise that would leave less than this share of the stack behind goes all-in.
ALL_IN_SHARE = 0.25
_STREET: dict[str, int] = {str(name): i for i, name in enumerate(STREETS)}


def street_index(name: str) -> int:
    """0 preflop, 1 flop, 2 turn, 3 river (4 once the hand is over)."""
    return _STREET.get(name, 4)


class Spot:
    """One decision, read from the observation of the seat to act.

    Parameters
    ----------
    obs : Observation
        The observation of the seat to act (its ``legal_actions`` not empty).

    Attributes
    ----------
    obs : Observation
        The observation read.
    street : int
        0 preflop .. 3 river.
    hole, board : tuple of int
        The seat's own cards and the board.
    pot, to_call, stack : int
        Chips in the middle (bets included), what a call adds, chips behind.
    opponents : tuple of int
        Other seats still holding cards.
    active : tuple of int
        Opponents who still have chips behind (can still bet or call).
    behind : int
        Active opponents who act after this seat in this betting round
        and have not acted on this street yet (preflop: the blinds included).
    raises : int
        Bets and raises on this street so far (preflop the blind counts as none).
    in_position : bool
        No active opponent acts after this seat on the later streets.
    """

    __slots__ = (
        "active",
        "behind",
        "board",
        "hole",
        "in_position",
        "legal",
        "limit",
        "obs",
        "opponents",
        "pot",
        "raises",
        "stack",
        "street",
        "to_call",
    )

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.street = street_index(obs.street)
        self.hole = obs.hole
        self.board = obs.board
        self.pot = obs.pot
        self.to_call = obs.to_call
        self.stack = obs.stacks[obs.seat]
        self.limit = obs.config.betting == FIXED_LIMIT
        self.legal: dict[str, LegalAction] = {a.kind: a for a in obs.legal_actions}
        self.opponents = obs.opponents
        self.active = tuple(s for s in self.opponents if obs.stacks[s] > 0)
        acted = {e.seat for e in obs.events if e.street == obs.street and e.kind in ACTIONS}
        order = obs.order
        me = order.index(obs.seat) if obs.seat in order else 0
        after = order[me + 1:]
        if self.street == 0:
            self.behind = sum(1 for s in self.active if s not in acted)
        else:
            self.behind = sum(1 for s in after if s in self.active and s not in acted)
        self.raises = sum(1 for e in obs.events if e.street == obs.street and e.kind in AGGRESSIVE)
        self.in_position = not any(s in self.active for s in after)

    # ------------------------------------------------------------------ reading
    @property
    def unopened(self) -> bool:
        """Nobody has bet or raised on this street yet (preflop: only the blinds are in)."""
        return self.raises == 0

    @property
    def facing_bet(self) -> bool:
        """Whether a call costs chips."""
        return self.to_call > 0

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call pays for: ``to_call / (pot + to_call)``."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0

    @property
    def my_bet(self) -> int:
        """This seat's bet of the round so far."""
        return self.obs.bets[self.obs.seat]

    @property
    def big_blind(self) -> int:
        """The table's big blind."""
        return self.obs.config.big_blind

    def can(self, kind: str) -> bool:
        """Whether ``kind`` is one of the legal actions."""
        return kind in self.legal

    def events(self, street: int | None = None) -> list[Event]:
        """The public decisions (no forced bets) of ``street`` (default: every street)."""
        name = None if street is None else STREETS[street]
        return [e for e in self.obs.events if e.kind in ACTIONS and (name is None or e.street == name)]

    # ------------------------------------------------------------------ acting
    def check_or_fold(self) -> Action:
        """Check when free, else fold."""
        return CHECK if "check" in self.legal else FOLD

    def check_or_call(self) -> Action:
        """Check when free, else call (all-in for less when short)."""
        if "check" in self.legal:
            return CHECK
        if "call" in self.legal:
            return self.legal["call"].action()
        return FOLD

    def aggressive(self) -> LegalAction | None:
        """The legal bet or raise, if any."""
        return self.legal.get("bet") or self.legal.get("raise")

    def to(self, amount: float) -> Action:
        """Bet or raise to ``amount`` chips (clamped to the legal range; near all-in goes all-in).

        Without a legal bet or raise it checks or calls.
        """
        option = self.aggressive()
        if option is None:
            return self.check_or_call()
        low, high = option.min_amount, option.max_amount
        target = round(amount)
        target = max(low, min(high, target))
        # what would be left behind after this bet: too little to fold later, so put it all in
        if high > low and high - target < ALL_IN_SHARE * (high - self.my_bet) and self.stack + self.my_bet == high:
            target = high
        return Action(option.kind, target)

    def sized(self, fraction: float) -> Action:
        """Bet or raise by ``fraction`` of the pot after a call ("to" the current bet plus that).

        ``sized(0.66)`` facing nothing bets two thirds of the pot; facing a
        bet it raises to the bet plus two thirds of the pot after the call.
        In fixed limit every bet has its one size.
        """
        option = self.aggressive()
        if option is None:
            return self.check_or_call()
        if self.limit:
            return option.action()
        current = self.obs.current_bet
        return self.to(current + fraction * (self.pot + self.to_call))

    def all_in(self) -> Action:
        """The largest bet or raise allowed (all-in, or the pot limit); a call when none."""
        option = self.aggressive()
        if option is None:
            return self.check_or_call()
        return Action(option.kind, option.max_amount)

    def call_cost(self) -> int:
        """Chips a call adds (less than ``to_call`` when it puts this seat all-in)."""
        return min(self.to_call, self.stack)

    def added(self, action: Action) -> int:
        """Chips ``action`` moves from the stack into the pot."""
        if action.kind in AGGRESSIVE:
            return action.amount - self.my_bet
        if action.kind == "call":
            return self.call_cost()
        return 0
