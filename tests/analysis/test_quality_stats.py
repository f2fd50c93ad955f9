"""The statistics the judge's quality is measured with (bench/analysis_stats.py): a
logistic scale fitted to how games ended, and intervals over whole games."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench" / "analysis_stats.py"


def stats() -> ModuleType:
    spec = importlib.util.spec_from_file_location("analysis_stats", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_positions_drawn_from_a_known_curve_give_back_its_scale() -> None:
    s = stats()
    rng = random.Random(1)
    values = [rng.uniform(-600, 600) for _ in range(4000)]
    won = [rng.random() < s.logistic(v, 150.0) for v in values]
    assert abs(s.fit_scale(values, won) - 150.0) < 20
    table = s.calibration_table(values, won, 150.0, bins=5)
    assert [row["n"] for row in table] == [800] * 5
    assert all(abs(row["predicted"] - row["observed"]) < 0.06 for row in table)


def test_a_coin_scores_the_log_of_two() -> None:
    assert math.isclose(stats().log_loss([0.0, 0.0], [True, False], 100.0), math.log(2))


def test_the_interval_over_games_holds_the_mean_and_widens_with_spread() -> None:
    s = stats()
    calm = [[0.1, 0.1]] * 20
    mean, low, high = s.bootstrap_mean(calm)
    assert math.isclose(mean, 0.1) and math.isclose(low, 0.1) and math.isclose(high, 0.1)
    spread = [[0.0], [0.2]] * 10
    mean, low, high = s.bootstrap_mean(spread)
    assert low < mean < high and math.isclose(mean, 0.1)


def test_a_side_that_loses_more_in_every_game_differs_beyond_zero() -> None:
    s = stats()
    weak = [[0.2, 0.3], [0.25], [0.1, 0.4]] * 5
    strong = [[0.0, 0.05], [0.01], [0.02]] * 5
    difference, low, high = s.bootstrap_difference(weak, strong)
    assert 0 < low <= difference <= high


def test_percentiles_interpolate() -> None:
    assert stats().percentile([0.0, 1.0, 2.0, 3.0, 4.0], 0.9) == 3.6
