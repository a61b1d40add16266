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

from .arrangement import Arrangement
from .rules import DEFAULT_RULES, BinhRules
from .scoring import DealResult, PairOutcome, PairPath, pair_outcome, score_deal, score_pair
from .search import (
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
from .special import SpecialHand, SpecialKind, classify_special, classify_special_batch, special_kinds_batch

# The game on top of the solver: engine, agents, self-play tables.
from .game import (  # noqa: E402
    AgentError, DealRecord, Match, Observation, deal_hands, declared_special, play_deal, replay, run_deal,
)
from .agents import (  # noqa: E402
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
from .tables import SelfPlayTables, default_tables  # noqa: E402
from .solve import Choice, Solution, solve  # noqa: E402

__all__ = [
    "BinhRules", "DEFAULT_RULES",
    "SpecialKind", "SpecialHand", "classify_special", "classify_special_batch", "special_kinds_batch",
    "Arrangement",
    "PairPath", "PairOutcome", "DealResult", "pair_outcome", "score_pair", "score_deal",
    "NUM_SPLITS", "TABLE_LEN", "LEGAL_DTYPE", "BranchTables", "BatchResult", "Objective",
    "count_legal", "count_legal_batch", "legal_arrangements", "best_arrangement", "best_arrangement_batch",
    "Observation", "DealRecord", "Match", "AgentError", "deal_hands", "declared_special", "run_deal", "play_deal", "replay",
    "AGENT_LEVELS", "make_agent", "EasyAgent", "NormalAgent", "HardAgent", "StrongestAgent", "TableAgent",
    "BestResponseAgent", "suggest_arrangement", "SelfPlayTables", "default_tables",
    "Choice", "Solution", "solve",
]
