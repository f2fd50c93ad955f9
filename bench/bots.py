"""Bot benchmark: decision time per bot and level, and the deduction's speed.

    python bench/bots.py [--positions 20] [--bots random,novice:1,novice:3,heuristic,search:3]

Positions are taken from heuristic self-play games (seeded), at every decision point of
a few games, so they look like real play. For each bot it prints the decision time
(median, 95th percentile, worst) in milliseconds; then the posterior's speed (one event
update, one marginal table, sampling worlds). The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import numpy as np

from outlaws.bots import make_bot
from outlaws.bots.ladder import LADDER
from outlaws.deduce import Belief
from outlaws.engine import State, View, seat_view


def positions(count: int, seed: int) -> list[tuple[View, list]]:
    """``count`` decision points (view and legal actions) from heuristic self-play."""
    out: list[tuple[View, list]] = []
    game = 0
    while len(out) < count:
        state = State.new(seed=seed + game, turn_limit=200)
        bots = [make_bot("heuristic", seed + game), make_bot("heuristic", seed + game + 1)]
        while not state.over and len(out) < count:
            seat = state.to_act
            view, legal = seat_view(state, seat), state.legal_actions()
            if view.pending is None:
                out.append((view, legal))
            state.apply(bots[seat].choose(view, legal))
        game += 1
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_bot(spec: str, points: list[tuple[View, list]], seed: int) -> dict[str, float]:
    """Wall-clock and CPU time per decision. The CPU time is what one core spends, even
    when other work shares the machine."""
    wall, cpu = [], []
    for i, (view, legal) in enumerate(points):
        bot = make_bot(spec, seed + i)  # a fresh bot: its beliefs are built from the view
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.choose(view, legal)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return {
        "p50_ms": statistics.median(wall),
        "p95_ms": percentile(wall, 0.95),
        "max_ms": max(wall),
        "cpu_p50_ms": statistics.median(cpu),
        "cpu_p95_ms": percentile(cpu, 0.95),
        "cpu_max_ms": max(cpu),
    }


def time_belief(points: list[tuple[View, list]], seed: int) -> dict[str, float]:
    """One update with one new event, a marginal table, 100 sampled worlds."""
    updates, tables, samples = [], [], []
    rng = np.random.default_rng(seed)
    for view, _ in points:
        if len(view.log) < 2:
            continue
        belief = Belief(view)
        belief.read -= 1  # read the last event again, as a fresh update would
        start = time.perf_counter()
        belief.update(view)
        updates.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        belief.marginals()
        tables.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        belief.sample(rng, 100)
        samples.append((time.perf_counter() - start) * 1000)
    return {
        "update_ms_p50": statistics.median(updates),
        "update_ms_max": max(updates),
        "marginals_ms_p50": statistics.median(tables),
        "sample_100_ms_p50": statistics.median(samples),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=20)
    # Every rung of the difficulty ladder (bots/ladder.py) and the random floor.
    parser.add_argument("--bots", default=",".join(["random", *(r.spec for r in LADDER)]))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    points = positions(args.positions, args.seed)
    print(f"{len(points)} decision points from heuristic self-play")
    print(f"{'bot':12s} {'p50 ms':>9s} {'p95 ms':>9s} {'max ms':>9s}   cpu p50/p95/max ms")
    summary: dict[str, object] = {}
    for spec in args.bots.split(","):
        result = time_bot(spec, points, args.seed)
        wall = " ".join(f"{result[k]:9.1f}" for k in ("p50_ms", "p95_ms", "max_ms"))
        cpu = " / ".join(f"{result[k]:.0f}" for k in ("cpu_p50_ms", "cpu_p95_ms", "cpu_max_ms"))
        print(f"{spec:12s} {wall}   {cpu}")
        summary[spec] = {k: round(v, 2) for k, v in result.items()}
    belief = time_belief(points, args.seed)
    print("posterior: " + ", ".join(f"{k} {v:.3f}" for k, v in belief.items()))
    summary["belief"] = {k: round(v, 3) for k, v in belief.items()}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
