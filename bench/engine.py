"""Engine benchmark: random playouts on one core.

    python bench/engine.py [--seconds 10] [--seed 0] [--turn-limit N] [--no-openspiel]

Rates are given per wall-clock second and per CPU second of this process (the same on an
idle machine; the second is what one core does when other work shares the machine).
A playout asks the engine for the legal action ids, picks one uniformly at random and
applies it, until the game ends: the loop every search runs. Prints steps/s, games/s,
mean steps per game, the cost of ``clone()`` and of each half of a step, then, when
``open_spiel`` is importable, the same random loop over some of OpenSpiel's own games
(C++ and Python-implemented) for comparison. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable

from outlaws.engine import State


def playouts(seconds: float, seed: int, turn_limit: int | None) -> dict[str, float]:
    """Whole random games for about ``seconds``; returns the rates."""
    rng = random.Random(seed)
    steps = games = 0
    lengths: list[int] = []
    start, start_cpu = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline or games == 0:
        state = State.new(seed=seed + games, turn_limit=turn_limit)
        n = 0
        legal, apply, choice = state.legal_action_ids, state.apply_id, rng.choice
        while not state.over:
            apply(choice(legal()))
            n += 1
        steps += n
        games += 1
        lengths.append(n)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - start_cpu
    return {
        "steps_per_s": steps / elapsed,
        "steps_per_cpu_s": steps / cpu,
        "games_per_cpu_s": games / cpu,
        "games_per_s": games / elapsed,
        "mean_steps": statistics.mean(lengths),
        "games": games,
    }


def mid_game(seed: int, steps: int = 120) -> State:
    """A position after ``steps`` random actions (a typical search root)."""
    rng = random.Random(seed)
    state = State.new(seed=seed)
    for _ in range(steps):
        if state.over:
            break
        state.apply_id(rng.choice(state.legal_action_ids()))
    return state


def per_call(fn: Callable[[], object], repeat: int = 20000) -> float:
    """CPU microseconds per call of ``fn`` (best of three runs)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(repeat):
            fn()
        best = min(best, (time.process_time() - start) / repeat)
    return best * 1e6


def openspiel_rates(seconds: float, seed: int) -> dict[str, float]:
    """Random-playout steps per CPU second of some OpenSpiel games, C++ and Python ones."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel
    except ImportError:
        return {}
    rates = {}
    names = ["kuhn_poker", "leduc_poker", "liars_dice", "tic_tac_toe", "python_kuhn_poker"]
    names += ["python_liars_poker", "python_tic_tac_toe", "python_block_dominoes"]
    for name in names:
        game = pyspiel.load_game(name)
        rng = random.Random(seed)
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        rates[name] = steps / (time.process_time() - start)
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="playout time (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turn-limit", type=int, default=None, help="cut games at N turns")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the comparison")
    args = parser.parse_args(argv)

    result = playouts(args.seconds, args.seed, args.turn_limit)
    print(f"random playouts: {result['games']} games in ~{args.seconds:g} s on one core")
    print(f"  steps/s          {result['steps_per_s']:>12,.0f}")
    print(
        f"  steps/CPU-s      {result['steps_per_cpu_s']:>12,.0f}   (what one core does when shared)"
    )
    print(f"  games/s          {result['games_per_s']:>12,.2f}")
    print(f"  games/CPU-s      {result['games_per_cpu_s']:>12,.2f}")
    print(f"  mean steps/game  {result['mean_steps']:>12,.0f}")

    root = mid_game(args.seed)
    rng = random.Random(args.seed)
    ids = root.legal_action_ids()
    clone_us = per_call(root.clone)
    legal_us = per_call(root.legal_action_ids)
    apply_us = per_call(lambda: root.clone().apply_id(rng.choice(ids))) - clone_us
    print(f"at a position after {len(root.history)} actions ({len(ids)} legal), CPU time:")
    print(f"  clone()              {clone_us:8.2f} µs")
    print(f"  legal_action_ids()   {legal_us:8.2f} µs")
    print(f"  apply_id()           {apply_us:8.2f} µs")

    summary: dict[str, object] = {
        "steps_per_s": round(result["steps_per_s"]),
        "steps_per_cpu_s": round(result["steps_per_cpu_s"]),
        "games_per_s": round(result["games_per_s"], 2),
        "games_per_cpu_s": round(result["games_per_cpu_s"], 2),
        "mean_steps": round(result["mean_steps"], 1),
        "clone_us": round(clone_us, 2),
    }
    if not args.no_openspiel:
        rates = openspiel_rates(min(args.seconds, 2.0), args.seed)
        if rates:
            print("OpenSpiel, the same random loop through its Python API (per CPU second):")
            for name, rate in rates.items():
                print(f"  {name:24s} {rate:>12,.0f} steps/CPU-s")
            summary["openspiel_steps_per_cpu_s"] = {k: round(v) for k, v in rates.items()}
        else:
            print("(open_spiel is not installed: no comparison)")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
