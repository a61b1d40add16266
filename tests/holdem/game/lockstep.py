"""Lockstep differential driver: pokercore's hold'em engine beside pokerkit, same cards, same actions.

Each hand gets a random table (2-10 players, random blinds, antes of both
kinds, straddles, random stacks from a few big blinds to deep) and a random
deck.  pokercore's :class:`HoldemState` and a pokerkit ``State`` of the same
variant (``NoLimitTexasHoldem``, ``FixedLimitTexasHoldem``,
``PotLimitOmahaHoldem``) are driven step by step: at every decision both
must name the same player, the same legal action kinds and the same call,
minimum and maximum "to" amounts; a random action legal in both is then
applied to both.  At the end both must pay the same.

Where the engines differ on purpose (a documented ruling, see
``docs/holdem_game.md``), the step is counted under the ruling's name and the
hand goes on with an action legal in both:

* ``short all-in reopen``: after an all-in that was less than a full bet or
  raise (in fixed limit: less than half a bet), pokerkit lets a player raise
  who already acted and faces less than that since (it counts the first bet
  of a round, and the first raise over the blinds, as full whatever their
  size); pokercore offers only call or fold, as the rules say;
* ``limit half-bet reopen``: the other way round, in fixed limit: a player
  who acted faces an all-in raise of at least half a bet (but less than a
  full one) that was not the round's first bet or raise; the rules (TDA
  47-B) reopen the betting for it and pokercore offers a raise, pokerkit
  asks a full raise of every raise after the first;
* ``short all-ins add up``: the other way round: after two or more short
  all-ins that together make a full raise for a player who acted before
  them, pokercore lets that player raise (the rules: several short all-ins
  reopen the betting when what the player faces adds up to a full raise),
  while pokerkit, which forgot the earlier ones once they made a raise
  between themselves, refuses;
* ``limit preflop cap``: pokercore counts the big blind as the first of the
  four fixed-limit bets preflop, pokerkit allows four raises after it;
* ``odd chips``: pokercore gives a split pot's odd chips one at a time from
  the left of the button, pokerkit all to the first winner.

Stacks always cover the antes, blinds and straddles: a short forced bet is
another documented ruling, tested by hand rather than here.  With
``short_stacks`` most seats hold a few bets at most, so fixed-limit all-ins
of half a bet or more (the half-bet rule) come often.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
)

from pokercore import format_cards
from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState
from pokercore.holdem._showdown import hand_pots

AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)
RULINGS = ("short all-in reopen", "short all-ins add up", "limit half-bet reopen", "limit preflop cap", "odd chips")


def pk_cards(codes: Any) -> str:
    return "".join(format_cards(codes).split())


@dataclass
class Stats:
    """What a lockstep run saw."""

    hands: int = 0
    steps: int = 0
    showdowns: int = 0
    side_pots: int = 0
    all_ins: int = 0
    #: fixed limit: decisions of a player who acted and faces half a bet or more, less than a full bet (all-ins)
    half_bet_reopens: int = 0
    #: ... and where pokerkit offered the same raise
    half_bet_agreed: int = 0
    rulings: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Stats) -> None:
        self.hands += other.hands
        self.steps += other.steps
        self.showdowns += other.showdowns
        self.side_pots += other.side_pots
        self.all_ins += other.all_ins
        self.half_bet_reopens += other.half_bet_reopens
        self.half_bet_agreed += other.half_bet_agreed
        self.rulings.update(other.rulings)
        self.failures += other.failures


def random_table(rng: random.Random, variant: str, max_players: int = 10, short_stacks: bool = False) -> tuple[
        HoldemConfig, list[int], int, list[int]]:
    """A random configuration (2 to ``max_players`` seats), stacks, button and deck for one hand.

    ``short_stacks``: most seats get the forced bets and at most two big bets more.
    """
    n = rng.randint(2, max_players)
    bb = rng.choice([2, 2, 4, 10, 20, 50])
    sb = rng.choice([bb // 2, bb // 2, bb, max(1, bb // 4)])
    empty = rng.randrange(n) if n >= 3 and rng.random() < 0.15 else None
    if n - (empty is not None) == 2 and sb == bb:  # pokerkit lets the big blind act first (a ruling)
        sb = bb // 2
    ante_mode = rng.choice(["none", "none", "each", "big-blind"])
    ante = 0 if ante_mode == "none" else (rng.randint(1, bb) if ante_mode == "each" else bb)
    kw: dict[str, Any] = {}
    straddles: tuple[int, ...] = ()
    if variant != "fl" and n >= 4 and rng.random() < 0.2:
        straddles = (2 * bb,) if rng.random() < 0.8 else (2 * bb, 4 * bb)
    if variant == "fl":
        kw["small_bet"] = rng.choice([bb, bb, 2 * bb])
    cfg = HoldemConfig(
        variant, players=n, small_blind=sb, big_blind=bb, ante=ante,
        ante_mode="each" if ante_mode == "none" else ante_mode, straddles=straddles, **kw,
    )
    forced = ante + max((bb, *straddles)) + (ante if ante_mode == "big-blind" else 0)
    stacks = []
    for _ in range(n):
        r = rng.random()
        if short_stacks and r < 0.8:
            stacks.append(forced + rng.randint(1, 2 * 2 * int(kw.get("small_bet", bb))))
        elif r < 0.3:
            stacks.append(rng.randint(forced + 1, forced + 10 * bb))
        elif r < 0.7:
            stacks.append(rng.randint(10 * bb, 100 * bb) + forced)
        else:
            stacks.append(rng.randint(100 * bb, 400 * bb))
    if empty is not None:
        stacks[empty] = 0
    button = rng.choice([i for i, s in enumerate(stacks) if s])
    deck = list(range(52))
    rng.shuffle(deck)
    return cfg, stacks, button, deck


def make_pokerkit(state: HoldemState) -> Any:
    """A pokerkit State for ``state``'s hand (players in pokercore's order), hole cards dealt."""
    return make_pokerkit_game(state)[1]


def make_pokerkit_game(state: HoldemState) -> tuple[Any, Any]:
    """A pokerkit game and State for ``state``'s hand (players in pokercore's order), hole cards dealt."""
    cfg = state.config
    m = len(state.order)
    if cfg.ante and cfg.ante_mode == "big-blind":
        antes: Any = [0, cfg.ante] + [0] * (m - 2)
        trimming = False
    else:
        antes, trimming = cfg.ante, True
    blinds = [cfg.small_blind, cfg.big_blind, *state.forced_bets[2:]]
    blinds += [0] * (m - len(blinds))
    kinds = {"nl": NoLimitTexasHoldem, "fl": FixedLimitTexasHoldem, "plo": PotLimitOmahaHoldem}
    if cfg.variant == "fl":
        game = kinds["fl"](AUTOMATIONS, trimming, antes, blinds, cfg.small_bet, cfg.big_bet, mode=Mode.TOURNAMENT)
    else:
        game = kinds[cfg.variant](AUTOMATIONS, trimming, antes, blinds, state.min_bet, mode=Mode.TOURNAMENT)
    pk = game([state.starting_stacks[s] for s in state.order], m)
    for p, seat in enumerate(state.order):
        pk.deal_hole(pk_cards(state.holes[seat]), p)
    return game, pk


def _short_all_in_this_round(state: HoldemState) -> bool:
    """Whether this betting round holds an all-in bet or raise short of a full one (fixed limit: of half a bet)."""
    street = state.street
    limit = state.config.betting == "fixed-limit"
    level = state.current_bet if street == "preflop" and not any(
        e.street == "preflop" and e.kind in ("bet", "raise") for e in state.events) else 0
    if street == "preflop":
        level = max(state.config.big_blind, *state.forced_bets)
    raise_size = 0
    for e in state.events:
        if e.street != street or e.kind not in ("bet", "raise"):
            continue
        step = e.to - level
        full = 2 * step >= state.bet_unit if limit else step >= max(raise_size, state.min_bet)
        if full and not limit:
            raise_size = step
        if e.all_in and not full:
            return True
        level = e.to
    return False


def _ours(state: HoldemState) -> dict[str, tuple[int, int]]:
    seat = state.actor
    out: dict[str, tuple[int, int]] = {}
    for a in state.legal_actions():
        if a.kind == "fold":
            out["f"] = (0, 0)
        elif a.kind == "check":
            out["cc"] = (0, 0)
        elif a.kind == "call":
            chips = a.min_amount - state.bets[seat]  # type: ignore[index]
            out["cc"] = (chips, chips)
        else:
            out["cbr"] = (a.min_amount, a.max_amount)
    return out


def _theirs(pk: Any) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    if pk.can_fold():
        out["f"] = (0, 0)
    if pk.can_check_or_call():
        c = pk.checking_or_calling_amount
        out["cc"] = (c, c)
    if pk.can_complete_bet_or_raise_to():
        out["cbr"] = (pk.min_completion_betting_or_raising_to_amount, pk.max_completion_betting_or_raising_to_amount)
    return out


def _classify(state: HoldemState, ours: dict[str, tuple[int, int]], theirs: dict[str, tuple[int, int]]) -> str | None:
    """The documented ruling that explains a difference in the options, or None."""
    if {k: v for k, v in ours.items() if k != "cbr"} != {k: v for k, v in theirs.items() if k != "cbr"}:
        return None
    limit = state.config.betting == "fixed-limit"
    if limit and state.street == "preflop" and "cbr" in theirs and "cbr" not in ours \
            and state._count >= state.config.max_bets:
        return "limit preflop cap"
    if "cbr" in theirs and "cbr" not in ours and _short_all_in_this_round(state):
        return "short all-in reopen"  # pokerkit lets a player raise who faces less than a full raise
    if limit and "cbr" in ours and "cbr" not in theirs:
        acted, faced = _faced_since_acting(state)
        if acted and 2 * faced >= state.bet_unit > faced:
            return "limit half-bet reopen"  # pokerkit asks a full raise of every raise after the first
    if "cbr" in ours and "cbr" not in theirs and _short_all_ins_since_acting(state) >= 2:
        return "short all-ins add up"  # pokerkit forgets short all-ins that together made a full raise
    return None


def _faced_since_acting(state: HoldemState) -> tuple[bool, int]:
    """Whether the actor already acted this round, and how much the bet grew since its last action."""
    street, actor = state.street, state.actor
    level = max(state.config.big_blind, *state.forced_bets) if street == "preflop" else 0
    acted, mark = False, 0
    for e in state.events:
        if e.street != street:
            continue
        if e.kind in ("bet", "raise"):
            level = e.to
        if e.seat == actor and e.kind in ("check", "call", "bet", "raise"):
            acted, mark = True, level
    return acted, state.current_bet - mark


def _short_all_ins_since_acting(state: HoldemState) -> int:
    """How many all-in raises, each short of a full raise, came since the actor's last action this round."""
    street, actor = state.street, state.actor
    limit = state.config.betting == "fixed-limit"
    level = max(state.config.big_blind, *state.forced_bets) if street == "preflop" else 0
    raise_size, count = 0, 0
    for e in state.events:
        if e.street != street:
            continue
        if e.seat == actor and e.kind in ("check", "call", "bet", "raise"):
            count = 0
        if e.kind not in ("bet", "raise"):
            continue
        step = e.to - level
        full = step >= (state.bet_unit if limit else max(raise_size, state.min_bet))
        if full and not limit:
            raise_size = step
        count = 0 if full else count + e.all_in
        level = e.to
    return count


def _pokerkit_odd_chips(state: HoldemState) -> tuple[int, ...]:
    """Final stacks if pokercore's pots were paid the way pokerkit pays.

    pokerkit first kills the hands that cannot win any pot, merges the
    neighbouring pots that the remaining hands contest alike, then gives each
    pot's odd chips all to its first winner (from the left of the button).
    """
    place = {s: p for p, s in enumerate(state.order)}
    folded = [not x for x in state.live]
    pots = hand_pots(state.committed, folded, state.dead_money, state.big_blind_seat)
    ranks = state.ranks
    alive = {s for s in ranks if any(s in e and ranks[s] >= max(ranks[j] for j in e) for _, e in pots)}
    merged: list[list[Any]] = []
    for amount, eligible in pots:
        players = tuple(i for i in eligible if i in alive)
        if merged and merged[-1][1] == players:
            merged[-1][0] += amount
        else:
            merged.append([amount, players])
    stacks = [s - p for s, p in zip(state.stacks, state.payouts)]  # type: ignore[arg-type]
    for amount, players in merged:
        best = max(ranks[i] for i in players)
        winners = sorted((i for i in players if ranks[i] == best), key=place.__getitem__)
        share, odd = divmod(amount, len(winners))
        for k, i in enumerate(winners):
            stacks[i] += share + (odd if k == 0 else 0)
    return tuple(stacks)


def play_hand(seed: int, variant: str, keep: list[Any] | None = None, max_players: int = 10,
              short_stacks: bool = False) -> Stats:
    """One lockstep hand; failures are recorded in the returned stats, never raised.

    ``keep``, when given, receives ``(state, pokerkit game, pokerkit state)``.
    """
    rng = random.Random(seed)
    stats = Stats(hands=1)
    cfg, stacks, button, deck = random_table(rng, variant, max_players, short_stacks)
    limit = cfg.betting == "fixed-limit"
    state = HoldemState(cfg, stacks, button, deck=deck)
    game, pk = make_pokerkit_game(state)
    if keep is not None:
        keep += [state, game, pk]
    order = state.order
    dealt_board = 0
    tag = f"{variant} seed {seed}"
    while True:
        while pk.can_burn_card():
            pk.burn_card("??")
        while pk.can_deal_board():
            k = 3 if dealt_board == 0 else 1
            if len(state.board) < dealt_board + k:
                stats.failures.append(f"{tag}: pokerkit deals a street pokercore did not: {state!r}")
                return stats
            pk.deal_board(pk_cards(state.board[dealt_board:dealt_board + k]))
            dealt_board += k
            while pk.can_burn_card():
                pk.burn_card("??")
        if state.is_over or not pk.status or pk.actor_index is None:
            break
        stats.steps += 1
        if order[pk.actor_index] != state.actor:
            stats.failures.append(f"{tag}: actor {state.actor} vs pokerkit's {order[pk.actor_index]}: {state!r}")
            return stats
        ours, theirs = _ours(state), _theirs(pk)
        if limit and "cbr" in ours:
            acted, faced = _faced_since_acting(state)
            if acted and 0 < faced < state.bet_unit:  # reopened by all-ins of half a bet or more
                stats.half_bet_reopens += 1
                stats.half_bet_agreed += ours["cbr"] == theirs.get("cbr")
        if ours != theirs:
            ruling = _classify(state, ours, theirs)
            if ruling is None:
                stats.failures.append(f"{tag}: options {ours} vs pokerkit's {theirs} at {state!r}, "
                                      f"events {state.events}")
                return stats
            stats.rulings[ruling] += 1
            if ours.get("cbr") != theirs.get("cbr"):
                ours.pop("cbr", None)
        kinds = list(ours)
        weights = [{"f": 2, "cc": 5, "cbr": 4}[k] for k in kinds]
        kind = rng.choices(kinds, weights)[0]
        if kind == "f":
            state.fold()
            pk.fold()
        elif kind == "cc":
            state.check() if state.can_check() else state.call()
            pk.check_or_call()
        else:
            low, high = ours["cbr"]
            r = rng.random()
            amount = low if r < 0.35 else high if r < 0.55 else rng.randint(low, high)
            state.bet(amount) if state.can_bet() else state.raise_(amount)
            pk.complete_bet_or_raise_to(amount)
    if not state.is_over or pk.status:
        stats.failures.append(f"{tag}: pokercore over={state.is_over}, pokerkit status={pk.status}: {state!r}")
        return stats
    theirs_final = tuple(state.starting_stacks)
    theirs_list = list(theirs_final)
    for p, seat in enumerate(order):
        theirs_list[seat] = pk.stacks[p]
    theirs_final = tuple(theirs_list)
    if theirs_final != state.stacks:
        if state.ranks and _pokerkit_odd_chips(state) == theirs_final:
            stats.rulings["odd chips"] += 1
        else:
            stats.failures.append(f"{tag}: final stacks {state.stacks} vs pokerkit's {theirs_final}: {state.log}")
    stats.showdowns += bool(state.revealed)
    stats.side_pots += len(hand_pots(state.committed, state.folded, state.dead_money, state.big_blind_seat)) > 1
    stats.all_ins += any(e.all_in for e in state.events)
    return stats


def run(variant: str, hands: int, first_seed: int = 0, max_players: int = 10, short_stacks: bool = False) -> Stats:
    """Play ``hands`` lockstep hands of ``variant`` (seeds ``first_seed``, ``first_seed + 1``, ...)."""
    stats = Stats()
    for seed in range(first_seed, first_seed + hands):
        stats.add(play_hand(seed, variant, max_players=max_players, short_stacks=short_stacks))
    return stats


# ---------------------------------------------------------------- PHH export, replayed by pokerkit
def replay_phh_on_pokerkit(text: str, state: HoldemState) -> tuple[int, ...]:
    """Final stacks (pokercore's seats) after pokerkit's ``HandHistory`` replays ``text``."""
    import warnings

    from pokerkit import HandHistory

    last = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for st in HandHistory.loads(text):
            last = st
    out = list(state.starting_stacks)
    for p, seat in enumerate(state.order):
        out[seat] = last.stacks[p]  # type: ignore[union-attr]
    return tuple(out)


def forced_bet_posted_short(state: HoldemState) -> bool:
    """Whether an ante or blind was posted all-in for less than its full amount."""
    cfg = state.config
    full = {"ante": cfg.ante, "small blind": cfg.small_blind, "big blind": cfg.big_blind}
    return any(e.kind in full and e.chips < full[e.kind] for e in state.events if e.street == "preflop")


def raise_reopened_by_short_all_ins(state: HoldemState) -> bool:
    """Whether a player raised again because two or more short all-ins since its action added up to a raise."""
    limit = state.config.betting == "fixed-limit"
    for street in ("preflop", "flop", "turn", "river"):
        level = max(state.config.big_blind, *state.forced_bets) if street == "preflop" else 0
        raise_size = 0
        shorts: dict[int, int] = {}  # seat -> short all-ins since its last action
        for e in state.events:
            if e.street != street or e.kind in ("ante", "small blind", "big blind", "straddle", "return"):
                continue
            if e.kind in ("bet", "raise"):
                step = e.to - level
                full = step >= (state.bet_unit if limit else max(raise_size, state.min_bet))
                if e.seat in shorts and shorts[e.seat] >= 2:
                    return True
                if full and not limit:
                    raise_size = step
                for seat in shorts:
                    shorts[seat] = 0 if full else shorts[seat] + e.all_in
                level = e.to
            shorts[e.seat] = 0
    return False


def raise_reopened_by_half_bet(state: HoldemState) -> bool:
    """Fixed limit: whether a player raised again facing less than a full bet since its last action.

    The half-bet rule allowed it (all-ins of at least half a bet reopened the
    betting); pokerkit refuses such a raise after the first of the round.
    """
    cfg = state.config
    if cfg.betting != "fixed-limit":
        return False
    for k, street in enumerate(("preflop", "flop", "turn", "river")):
        size = cfg.small_bet if k < 2 else cfg.big_bet
        level = max(cfg.big_blind, *state.forced_bets) if street == "preflop" else 0
        mark: dict[int, int] = {}  # seat -> the bet when it last acted
        for e in state.events:
            if e.street != street or e.kind not in ("check", "call", "bet", "raise"):
                continue
            if e.kind in ("bet", "raise"):
                if e.seat in mark and e.to > level and level - mark[e.seat] < size:  # type: ignore[operator]
                    return True
                level = e.to
            mark[e.seat] = level
    return False


def documented_export_difference(state: HoldemState) -> str | None:
    """The documented ruling that makes pokerkit replay ``state``'s PHH differently, or None."""
    if raise_reopened_by_short_all_ins(state):
        return "short all-ins add up"
    if raise_reopened_by_half_bet(state):
        return "limit half-bet reopen"
    if forced_bet_posted_short(state):
        return "short forced bet"
    if len(state.order) == 2 and state.config.small_blind == state.config.big_blind:
        return "heads-up equal blinds"
    if state.ranks:
        return "odd chips"
    return None
