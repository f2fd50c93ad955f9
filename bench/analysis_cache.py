"""The games and judgements bench/analysis_quality.py measures the judge with, kept in
a cache folder one line a game: arena games of two bots (their records, who sat where,
who won) and the judge's verdicts on their decisions; and the positions where an action
wins before the opponent can choose, found in the true position and the seat's belief."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from outlaws.analysis import BUDGET
from outlaws.analysis.game import analyse_decision, decisions
from outlaws.analysis.judge import JudgeBelief
from outlaws.arena import DEFAULT_TURN_LIMIT, GameSpec, play, schedule
from outlaws.deduce import Belief, world_state
from outlaws.engine import Action, Record, State, seat_view
from outlaws.engine.state import NO_PENDING

# -- games -----------------------------------------------------------------------------


def _cache_name(*parts: object) -> str:
    return "-".join(str(p).replace(":", "") for p in parts) + ".jsonl"


def read_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _played(game: GameSpec) -> dict[str, Any]:
    """One arena game, as the cache keeps it: its record, the spec at each seat, the
    winning seat (None: unfinished) and how it ended."""
    result = play(game)
    seats = [game.a, game.b] if game.a_seat == 0 else [game.b, game.a]
    winner = None
    if result.winner is not None:
        winner = game.a_seat if result.winner == "a" else 1 - game.a_seat
    return {
        "index": game.index,
        "a_seat": game.a_seat,
        "seats": seats,
        "winner": winner,
        "how": result.how,
        "record": result.record,
    }


def games(a: str, b: str, count: int, seed: int, jobs: int, cache: Path) -> list[dict[str, Any]]:
    """``count`` arena games of ``a`` against ``b`` (seats alternating), from the cache,
    the missing ones played (``jobs`` processes) and added to it as each ends."""
    path = cache / _cache_name("games", a, b, seed)
    have = {g["index"]: g for g in read_lines(path)}
    specs = schedule([a, b], count, seed, DEFAULT_TURN_LIMIT)
    todo = [replace(g, keep_record=True) for g in specs if g.index not in have]
    if todo:
        print(f"playing {len(todo)} games of {a} against {b}", file=sys.stderr)
        cache.mkdir(parents=True, exist_ok=True)
        with path.open("a") as out:
            for game in pooled(_played, todo, jobs):
                out.write(json.dumps(game) + "\n")
                out.flush()
                have[game["index"]] = game
    return [have[g.index] for g in specs]


def pooled(work: Callable[[Any], Any], tasks: Sequence[Any], jobs: int) -> Iterable[Any]:
    """``work`` over ``tasks`` in ``jobs`` processes, the results as they come."""
    if jobs <= 1:
        yield from map(work, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(work, tasks, chunksize=1)


# -- judging ---------------------------------------------------------------------------

#: How many worlds of a seat's belief an action must win in, as well as in the true
#: position, to count as a win at once that seat could see.
WIN_WORLDS = 200


def wins_at_once(state: State, seat: int) -> list[dict[str, Any]]:
    """The legal actions of ``seat`` (to act, no reaction pending) that win before the
    opponent can choose anything (at once, or after the one answer it is left, such as
    a pass to an arrest it cannot cancel): in the true position and in every one of
    :data:`WIN_WORLDS` worlds drawn from the seat's belief. Each with how it wins (good:
    an Election; bad: the Governor shot; ugly: the Hitman arrested) and whether the game
    ends on the action itself everywhere (``at_once``)."""
    found = []
    worlds: list[State] | None = None
    for action in state.legal_actions():
        at_once, won, how = _wins(state, action, seat)
        if not won:
            continue
        if worlds is None:
            view = seat_view(state, seat)
            belief = Belief(view)
            worlds = [
                world_state(view, world, belief.their_slots)
                for world in belief.sample(np.random.default_rng(0), WIN_WORLDS)
            ]
        there = [_wins(world, action, seat) for world in worlds]
        if all(won for _, won, _ in there):
            at_once = at_once and all(now for now, _, _ in there)
            found.append({"action": action.to_json(), "how": how, "at_once": at_once})
    return found


def _wins(state: State, action: Action, seat: int) -> tuple[bool, bool, str | None]:
    """Whether ``action`` wins for ``seat`` on ``state`` at once; whether it wins before
    the opponent has a choice (its only answers played); how the game ended."""
    after = state.clone()
    after.apply(action)
    at_once = after.winner == seat
    while not after.over and after.pending != NO_PENDING and len(after.legal_actions()) == 1:
        after.apply(after.legal_actions()[0])
    return at_once, after.winner == seat, after.how


def win_positions(task: tuple[dict[str, Any], tuple[int, ...]]) -> dict[int, list[dict[str, Any]]]:
    """The plies of a cached game where one of ``seats`` could win (:func:`wins_at_once`)."""
    game, seats = task
    record = Record.from_json(game["record"])
    state = record.new_state()
    out = {}
    for ply, action in enumerate(record.actions):
        seat = state.to_act
        if seat in seats and state.pending == NO_PENDING:
            found = wins_at_once(state, seat)
            if found:
                out[ply] = found
        state.apply(action)
    return out


def judged_game(task: tuple[dict[str, Any], tuple[int, ...], int, JudgeBelief]) -> dict[str, Any]:
    """Every decision of the seats ``seats`` of a cached game, judged with ``seed`` (the
    default budget): loss, chances, verdict, every option weighed (best first)."""
    game, seats, seed, belief = task
    record = Record.from_json(game["record"])
    out = []
    for decision in decisions(record):
        if decision.seat not in seats:
            continue
        j = analyse_decision(decision, seed, BUDGET, belief).judgement
        out.append(
            {
                "ply": decision.ply,
                "seat": decision.seat,
                "loss": round(j.loss, 5),
                "chance_before": round(j.chance_before, 5),
                "chance_played": round(j.chance_played, 5),
                "verdict": j.verdict,
                "played": j.played,
                "options": [[o.action.to_json(), round(o.chance, 5)] for o in j.options],
            }
        )
    return {"index": game["index"], "seats": list(seats), "decisions": out}


def judged(
    label: str,
    played: Sequence[dict[str, Any]],
    seats_of: Callable[[dict[str, Any]], tuple[int, ...]],
    args: argparse.Namespace,
) -> list[dict[str, Any]]:
    """The judged decisions of ``played`` (the seats ``seats_of(game)``), from the cache,
    the missing games judged (``args.jobs`` processes) and added to it."""
    belief = args.belief
    parts = (label, args.analysis_seed, *BUDGET.to_json().values())
    path = args.cache / _cache_name("judged", *parts, *(() if belief == "rules" else (belief,)))
    have = {g["index"]: g for g in read_lines(path)}
    todo = [(g, seats_of(g), args.analysis_seed, belief) for g in played if g["index"] not in have]
    if todo:
        print(f"judging {len(todo)} games of {label}", file=sys.stderr)
        with path.open("a") as out:
            for result in pooled(judged_game, todo, args.jobs):
                out.write(json.dumps(result) + "\n")
                out.flush()
                have[result["index"]] = result
    return [have[g["index"]] for g in played]
