"""How a decision is graded: a chance of winning from a simulation's leaf, and the verdict
that the chance it gave away earns (docs/analysis.md, "The verdicts").

Both scales are measured, not guessed: ``bench/analysis_quality.py --calibrate`` fits
:data:`CHANCE_SCALE` on positions of arena games against how those games ended, and
``--noise`` measures how much the judge disagrees with itself on the same decision
(another seed), which the first threshold stays above.
"""

from __future__ import annotations

import math
from typing import Literal

Verdict = Literal["good", "inaccuracy", "mistake", "blunder"]

#: The verdicts, best first.
VERDICTS: tuple[Verdict, ...] = ("good", "inaccuracy", "mistake", "blunder")

#: The least loss of winning chance (0..1) each verdict below "good" needs. An
#: inaccuracy gives away a tenth of the game, a mistake a fifth, a blunder three tenths.
#: The first stays above the judge's own noise: the action another seed judged best is
#: given a loss of 0.092 or less in 95% of decisions (0.052 in 90%), and the steps
#: between verdicts are as wide as two seeds' losses of one action differ at the 95th
#: percentile (0.109): ``python bench/analysis_quality.py --noise``.
THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    ("blunder", 0.30),
    ("mistake", 0.20),
    ("inaccuracy", 0.10),
)

#: Points of the bots' evaluation (a win is worth 1,000) that move a position's chance of
#: winning from 50% to 73% (one unit of the logistic curve). Fitted by maximum likelihood
#: on 2,008 starts of a turn of 148 finished arena games (heuristic, search:1, novice:3)
#: against who won (296, log-loss 0.589 against a coin's 0.693):
#: ``python bench/analysis_quality.py --calibrate --games 50 --seed 0``.
CHANCE_SCALE = 300.0


def chance_of(value: float, over: bool = False, won: bool | None = None) -> float:
    """The chance of winning (0..1) of a simulation's leaf: certain where the game ended
    (a draw by the turn limit is a half), else the logistic of its value."""
    if over:
        return 0.5 if won is None else 1.0 if won else 0.0
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / CHANCE_SCALE))))


def verdict_of(loss: float) -> Verdict:
    """The verdict on a decision that gave away ``loss`` of its chance of winning."""
    return next((verdict for verdict, least in THRESHOLDS if loss >= least), "good")


__all__ = ["CHANCE_SCALE", "THRESHOLDS", "VERDICTS", "Verdict", "chance_of", "verdict_of"]
