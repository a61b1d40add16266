"""Binh poker (Mau Binh): rules, special hands, arrangements, scoring and the exhaustive solver.

Thirteen cards are arranged into a top (3 cards), a middle (5) and a
bottom (5) with ``top <= middle <= bottom``; players compare branch by
branch.  See ``docs/binh.md`` for the rules in full.

Examples
--------
>>> from pokercore.binh import best_arrangement, classify_special, score_pair
>>> hand = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"
>>> best = best_arrangement(hand)
>>> best.format(), best.is_foul
('5s 3h 2c / Qs Jh 9c 8c 7d / As Ah Ad Kd Kc', False)
>>> classify_special(hand).kinds
()
"""

from __future__ import annotations

from ._agents import (
    AGENT_LEVELS,
    BestResponseAgent,
    EasyAgent,
    HardAgent,
    NormalAgent,
    StrongestAgent,
    TableAgent,
    make_agent,
    suggest_arrangement,
)
from ._arrangement import Arrangement

# The game on top of the solver: engine, agents, self-play tables.
from ._game import (
    AgentError,
    DealState,
    Match,
    Observation,
    deal_hands,
    declared_special,
    play_deal,
    replay,
    run_deal,
)
from ._rules import DEFAULT_RULES, BinhRules
from ._scoring import DealResult, PairOutcome, PairPath, Played, pair_outcome, score_deal, score_pair
from ._search import (
    LEGAL_DTYPE,
    NUM_SPLITS,
    TABLE_LEN,
    BatchResult,
    BranchTables,
    Objective,
    best_arrangement,
    best_arrangement_batch,
    count_legal,
    count_legal_batch,
    legal_arrangements,
)
from ._solve import SAMPLES as SOLVE_SAMPLES
from ._solve import Choice, Solution, solve
from ._special_hands import SpecialHand, SpecialKind, classify_special, classify_special_batch, special_kinds_batch
from ._tables import SelfPlayTables, default_tables
from ._training import train

__all__ = [
    "AGENT_LEVELS",
    "DEFAULT_RULES",
    "LEGAL_DTYPE",
    "NUM_SPLITS",
    "SOLVE_SAMPLES",
    "TABLE_LEN",
    "AgentError",
    "Arrangement",
    "BatchResult",
    "BestResponseAgent",
    "BinhRules",
    "BranchTables",
    "Choice",
    "DealResult",
    "DealState",
    "EasyAgent",
    "HardAgent",
    "Match",
    "NormalAgent",
    "Objective",
    "Observation",
    "PairOutcome",
    "PairPath",
    "Played",
    "SelfPlayTables",
    "Solution",
    "SpecialHand",
    "SpecialKind",
    "StrongestAgent",
    "TableAgent",
    "best_arrangement",
    "best_arrangement_batch",
    "classify_special",
    "classify_special_batch",
    "count_legal",
    "count_legal_batch",
    "deal_hands",
    "declared_special",
    "default_tables",
    "legal_arrangements",
    "make_agent",
    "pair_outcome",
    "play_deal",
    "replay",
    "run_deal",
    "score_deal",
    "score_pair",
    "solve",
    "special_kinds_batch",
    "suggest_arrangement",
    "train",
]
