"""The statistics of bench/analysis_quality.py, pure and small: the logistic scale fitted
by maximum likelihood, a calibration table, percentiles and a bootstrap interval of a
mean over games."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence


def logistic(value: float, scale: float) -> float:
    """P(win) of a position valued ``value`` points, on a logistic curve of ``scale``."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / scale))))


def log_loss(values: Sequence[float], won: Sequence[bool], scale: float) -> float:
    """The mean negative log-likelihood of the outcomes under :func:`logistic`."""
    total = 0.0
    for value, outcome in zip(values, won, strict=True):
        p = min(1 - 1e-12, max(1e-12, logistic(value, scale)))
        total -= math.log(p if outcome else 1 - p)
    return total / len(values)


def fit_scale(
    values: Sequence[float], won: Sequence[bool], low: float = 10.0, high: float = 2000.0
) -> float:
    """The scale that maximises the likelihood of the outcomes: a coarse grid on a log
    scale, then a golden-section search around its best point (the log-loss is smooth
    and, in the scale, has one minimum on any realistic data)."""
    grid = [low * float((high / low) ** (k / 60)) for k in range(61)]
    best = min(range(len(grid)), key=lambda k: log_loss(values, won, grid[k]))
    a, b = grid[max(0, best - 1)], grid[min(len(grid) - 1, best + 1)]
    ratio = (math.sqrt(5) - 1) / 2
    while b - a > 1e-3 * a:
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if log_loss(values, won, c) < log_loss(values, won, d):
            b = d
        else:
            a = c
    return (a + b) / 2


def calibration_table(
    values: Sequence[float], won: Sequence[bool], scale: float, bins: int = 10
) -> list[dict[str, float]]:
    """The positions sorted by predicted chance and cut into ``bins`` equal groups: each
    group's size, mean predicted chance and observed win rate."""
    pairs = sorted(zip(values, won, strict=True))
    out = []
    for k in range(bins):
        group = pairs[k * len(pairs) // bins : (k + 1) * len(pairs) // bins]
        if not group:
            continue
        out.append(
            {
                "n": len(group),
                "value_low": round(group[0][0], 1),
                "value_high": round(group[-1][0], 1),
                "predicted": round(sum(logistic(v, scale) for v, _ in group) / len(group), 4),
                "observed": round(sum(w for _, w in group) / len(group), 4),
            }
        )
    return out


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    at = q * (len(ordered) - 1)
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def bootstrap_mean(
    groups: Sequence[Sequence[float]], resamples: int = 2000, seed: int = 0
) -> tuple[float, float, float]:
    """The mean of all values of ``groups`` (one group a game) and its 95% interval,
    resampling whole groups with replacement (the decisions of a game are not
    independent)."""
    groups = [g for g in groups if g]
    flat = [v for g in groups for v in g]
    mean = sum(flat) / len(flat)
    rng = random.Random(seed)
    means = []
    for _ in range(resamples):
        drawn = [groups[rng.randrange(len(groups))] for _ in groups]
        means.append(sum(sum(g) for g in drawn) / sum(len(g) for g in drawn))
    return mean, percentile(means, 0.025), percentile(means, 0.975)


def bootstrap_difference(
    first: Sequence[Sequence[float]],
    second: Sequence[Sequence[float]],
    resamples: int = 2000,
    seed: int = 0,
) -> tuple[float, float, float]:
    """The difference of two means over paired groups (``first[i]`` and ``second[i]``
    from the same game) and its 95% interval, resampling whole games."""
    games = [(a, b) for a, b in zip(first, second, strict=True) if a and b]

    def difference(drawn: Sequence[tuple[Sequence[float], Sequence[float]]]) -> float:
        a = [v for pair in drawn for v in pair[0]]
        b = [v for pair in drawn for v in pair[1]]
        return sum(a) / len(a) - sum(b) / len(b)

    rng = random.Random(seed)
    draws = [
        difference([games[rng.randrange(len(games))] for _ in games]) for _ in range(resamples)
    ]
    return difference(games), percentile(draws, 0.025), percentile(draws, 0.975)
