"""Deduction benchmark: the cost of keeping a :class:`~outlaws.deduce.Belief` up to date.

    python bench/deduce.py [--positions 600] [--seed 0] [--repeat 3] [--profile]

Seeded random games are played (an action kind drawn uniformly among the legal ones, then
an action of that kind). At every position, for the seat that did not act, one
``Belief.update`` that reads the events of the one new action is timed, grouped by what
those events ask of the belief:

* ``hidden move``: the opponent's Move (R5.1), real or pretended: a 50/50 swap mix;
* ``saloon``: the opponent's Saloon exchange (R5.2): a filter, a relabel and a swap mix;
* ``public move``: a Move or Saloon exchange carrying a headlined card (R8.4);
* ``slide``: the seat's own Dancer (R6.6): a known permutation of the columns;
* ``reveal``: a card of the opponent seen (a filter);
* ``nothing``: the events say nothing of the opponent's street.

Each figure is the best of ``--repeat`` runs of the same update on copies of the same
belief (so that a busy machine adds less noise), then p50 / p90 / max over positions. The
column permutations are cached by the module; the first use of each (``cold``) is timed
apart. Then one ``marginals()`` table per position and ``sample(rng, 1000)`` on a few.
The last line is one JSON object; the target is under 1 ms for each figure.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import io
import json
import pstats
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable

import numpy as np

from outlaws.deduce import Belief
from outlaws.deduce.arrangement import column_permutation_index, slide_order, swap_order
from outlaws.engine import COLUMNS, State, View, seat_view
from outlaws.engine.actions import K_MOVE, K_SALOON, SPECS

KINDS = ("hidden move", "saloon", "public move", "slide", "reveal", "nothing")
#: The same kinds in the opening position (every arrangement still possible).
OPENING_KINDS = ("hidden move at 8!", "saloon at 8!")


def kind_of(before: View, after: View) -> str:
    """What the events after ``before`` ask of the belief of ``after.viewer``."""
    seat = after.viewer
    assert seat is not None
    opponent = 1 - seat
    found = set()
    for event in after.log[len(before.log) :]:
        if event.type == "move" and event.seat == opponent:
            found.add("hidden move" if not event.public else "public move")
        elif event.type == "saloon" and event.seat == opponent:
            found.add("saloon" if not event.public else "public move")
        elif event.type == "dancer" and event.seat == seat:
            found.add("slide")
        elif event.type == "reveal" and event.seat == opponent:
            found.add("reveal")
    return next((kind for kind in KINDS if kind in found), "nothing")


def positions(count: int, seed: int) -> list[tuple[View, View]]:
    """``count`` (view before, view after) pairs of one action, for each seat in turn,
    from seeded random games."""
    rng = random.Random(seed)
    out: list[tuple[View, View]] = []
    game = 0
    while len(out) < count:
        state = State.new(seed=seed * 100_000 + game)
        game += 1
        while not state.over and len(out) < count:
            by_kind: dict[int, list[int]] = defaultdict(list)
            for action_id in state.legal_action_ids():
                by_kind[SPECS[action_id][0]].append(action_id)
            kind = rng.choice(sorted(by_kind))
            seat = len(out) % 2
            before = seat_view(state, seat)
            state.apply_id(rng.choice(by_kind[kind]))
            out.append((before, seat_view(state, seat)))
    return out


def openings(count: int, seed: int) -> list[tuple[View, View]]:
    """The worst case: the first action of a game is the opponent's Move or Saloon
    exchange, read by a belief that still holds all 40,320 arrangements."""
    rng = random.Random(seed)
    out = []
    for game in range(count):
        state = State.new(seed=seed * 100_000 + game)
        kind = (K_MOVE, K_SALOON)[game % 2]
        ids = [i for i in state.legal_action_ids() if SPECS[i][0] == kind]
        watcher = 1 - state.to_act
        before = seat_view(state, watcher)
        state.apply_id(rng.choice(ids))
        out.append((before, seat_view(state, watcher)))
    return out


def clone(belief: Belief) -> Belief:
    other = copy.copy(belief)
    other.arrangement = belief.arrangement.copy()
    return other


def update_ms_of(base: Belief, view: View, repeat: int) -> float:
    """One update of a copy of ``base`` to ``view`` (the copy is made outside the timer)."""
    best = float("inf")
    for _ in range(repeat):
        belief = clone(base)
        start = time.perf_counter_ns()
        belief.update(view)
        best = min(best, time.perf_counter_ns() - start)
    return best / 1e6


def best_ms(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        best = min(best, time.perf_counter_ns() - start)
    return best / 1e6


def cold_permutation_ms() -> float:
    """The first use of each column permutation (computed once, then cached)."""
    column_permutation_index.cache_clear()
    orders = {swap_order(a, b) for a in range(COLUMNS) for b in range(a + 1, COLUMNS)}
    orders |= {slide_order(c, f) for c in range(COLUMNS) for f in range(COLUMNS) if f != c}
    times = []
    for order in sorted(orders):
        start = time.perf_counter_ns()
        column_permutation_index(order)
        times.append((time.perf_counter_ns() - start) / 1e6)
    return statistics.median(times)


def profile(pairs: list[tuple[View, View]], beliefs: list[Belief], rng: np.random.Generator) -> str:
    """Where the time goes: the updates and tables of ``pairs`` (the beliefs are built
    before the profiler starts), then ``sample(rng, 1000)`` on ``beliefs``."""
    out = io.StringIO()
    bases = [(Belief(before), after) for before, after in pairs]
    for title, work in (
        ("update + marginals()", lambda: [(b.update(v), b.marginals()) for b, v in bases]),
        ("sample(rng, 1000)", lambda: [b.sample(rng, 1000) for b in beliefs]),
    ):
        profiler = cProfile.Profile()
        profiler.enable()
        work()
        profiler.disable()
        print(f"profile of {title}:", file=out)
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(8)
    return out.getvalue()


def summary(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90, ordered[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--openings", type=int, default=40, help="worst-case positions")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile updates and tables")
    args = parser.parse_args(argv)

    cold_ms = cold_permutation_ms()  # also warms the cache for what follows
    pairs = positions(args.positions, args.seed)
    update_ms: dict[str, list[float]] = defaultdict(list)
    marginals_ms: list[float] = []
    full_marginals_ms: list[float] = []
    beliefs: list[Belief] = []
    for before, after in openings(args.openings, args.seed):
        base = Belief(before)
        full_marginals_ms.append(best_ms(base.marginals, args.repeat))
        kind = OPENING_KINDS[kind_of(before, after) == "saloon"]
        update_ms[kind].append(update_ms_of(base, after, args.repeat))
    for before, after in pairs:
        base = Belief(before)
        update_ms[kind_of(before, after)].append(update_ms_of(base, after, args.repeat))
        base.update(after)
        marginals_ms.append(best_ms(base.marginals, args.repeat))
        beliefs.append(base)

    rng = np.random.default_rng(args.seed)
    sample_ms = [
        best_ms(lambda b=belief: b.sample(rng, 1000), 1)
        for belief in beliefs[:: max(1, len(beliefs) // 20)]
    ]

    everything = [t for times in update_ms.values() for t in times]
    print(
        f"{len(pairs)} positions from seeded random games and {args.openings} openings;"
        f" best of {args.repeat} runs each"
    )
    print(f"{'':28s} {'n':>5s} {'p50 ms':>8s} {'p90 ms':>8s} {'max ms':>8s}")
    for kind in KINDS + OPENING_KINDS:
        if update_ms[kind]:
            p50, p90, top = summary(update_ms[kind])
            label = f"update: {kind}"
            print(f"{label:28s} {len(update_ms[kind]):5d} {p50:8.3f} {p90:8.3f} {top:8.3f}")
    for label, times in (
        ("update: all", everything),
        ("marginals()", marginals_ms),
        ("marginals() at 8!", full_marginals_ms),
        ("sample(rng, 1000)", sample_ms),
    ):
        p50, p90, top = summary(times)
        print(f"{label:28s} {len(times):5d} {p50:8.3f} {p90:8.3f} {top:8.3f}")
    print(f"{'column permutation, cold':28s} {'':5s} {cold_ms:8.3f}   (once per order, cached)")

    if args.profile:
        print(profile(pairs[:200], beliefs[:5], rng))

    worst = [kind for kind in ("hidden move", "saloon", *OPENING_KINDS) if update_ms[kind]]
    result = {
        "update_ms_p50": round(summary(everything)[0], 4),
        "update_ms_max": round(summary(everything)[2], 4),
        **{
            f"update_ms_p50_{kind.replace(' ', '_').replace('!', '')}": round(
                summary(update_ms[kind])[0], 4
            )
            for kind in worst
        },
        "marginals_ms_p50": round(summary(marginals_ms)[0], 4),
        "marginals_ms_max": round(summary(marginals_ms)[2], 4),
        "marginals_ms_p50_at_8": round(summary(full_marginals_ms)[0], 4),
        "sample_1000_ms": round(summary(sample_ms)[0], 4),
        "positions": len(pairs),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
