"""The batched environments' compiled rules against the engine, on many games.

    python bench/kernel_diff.py --games 10000

Plays the games through both (``outlaws.adapters.kernel.check.differential``: the same
choices, the legal ids, both seats' vectors and the endings compared at every step),
stops at the first difference, and prints what was played: games, steps, how they ended
and how often each event of the engine's log occurred. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import time

from outlaws.adapters.kernel.check import differential


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--turn-limit", type=int, default=200)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = differential(args.games, seed=args.seed, turn_limit=args.turn_limit)
    elapsed = time.perf_counter() - start
    print(f"{report.games} games, {report.steps} steps: identical ({elapsed:.0f} s)")
    print(
        json.dumps(
            {
                "games": report.games,
                "steps": report.steps,
                "seed": args.seed,
                "turn_limit": args.turn_limit,
                "seconds": round(elapsed, 1),
                "endings": dict(sorted(report.endings.items())),
                "events": dict(sorted(report.events.items())),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
