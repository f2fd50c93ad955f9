"""The analysis of a finished game: each decision judged by what its player could know.

A chess engine judges a move by the position on the board. Here half the position is
hidden, so a decision is judged from its seat's view alone, by the chance of winning the
search finds for each action over the hidden worlds that seat's belief allows
(:mod:`~outlaws.analysis.judge`), graded by the chance given away
(:mod:`~outlaws.analysis.verdict`); a game's analysis adds what each action told the
opponent and where the game turned (:mod:`~outlaws.analysis.game`). docs/analysis.md.
"""

from .game import (
    ANALYSIS_VERSION,
    Analysed,
    Decision,
    Told,
    analyse,
    analyse_decision,
    decisions,
    report,
    told,
    turning_points,
)
from .judge import BELIEFS, BUDGET, DEFAULT_BELIEF, Budget, JudgeBelief, Judgement, Option, judge
from .verdict import CHANCE_SCALE, THRESHOLDS, VERDICTS, Verdict, chance_of, verdict_of

__all__ = [
    "ANALYSIS_VERSION",
    "BELIEFS",
    "BUDGET",
    "CHANCE_SCALE",
    "DEFAULT_BELIEF",
    "THRESHOLDS",
    "VERDICTS",
    "Analysed",
    "Budget",
    "Decision",
    "JudgeBelief",
    "Judgement",
    "Option",
    "Told",
    "Verdict",
    "analyse",
    "analyse_decision",
    "chance_of",
    "decisions",
    "judge",
    "report",
    "told",
    "turning_points",
    "verdict_of",
]
