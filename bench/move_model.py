"""How bots move their cards out of sight (R5.1), and the model the expert reads them by.

    python bench/move_model.py --bots heuristic --games 300 --seed 1000 \\
        --moves-file moves.jsonl --out src/outlaws/bots/movers.json
    python bench/move_model.py --moves-file moves.jsonl --check search:3 --check-games 20

A move names two columns; whether the cards were exchanged stays private (R5.1, R8.3),
so the exact posterior (``Belief``) mixes the two orders with even odds and treats the
pair as chosen at random. Bots do neither: they move to guard their Governor and Hitman.
This script plays self-play games with both seats placing by the bots' strategy, and
for every move it writes, from the true position (a measurement, not a bot), which two
characters stood at the two columns and whether the move was real. From those moves it
fits a :class:`~outlaws.deduce.MoveModel`:

- ``pair[x, y]``: how much likelier a move picks the columns of ``x`` and ``y`` than two
  columns drawn at random among the mover's eight, (observed + 1) / (expected + 1),
  floored at ``--floor`` so that no pair is ever ruled out;
- ``swap[x, y]``: the share of those moves that were real, (real + 1) / (moves + 2),
  kept within [0.05, 0.95].

``--check SPEC`` then plays ``--check-games`` new games of ``SPEC`` against itself and
follows seat 0's two beliefs, exact and with the model, through every decision of seat 0:
the mean probability each gives the column where the opponent's Governor (and Hitman)
really stands, and the mean log-probability of the Governor's. A model that read the
movers well gives the truth more weight. The moves of the check games are not fitted.

With ``--moves-file`` the moves are kept as JSON lines, and a later run adds to them, so
that moves of slow bots (``search:3``, some 50 s a game) can be gathered over several
runs. ``--records FILE`` reads the moves of games already played and kept by
``outlaws arena --records`` (each move is credited to the entry that sat at its seat), so
that the arena's slow games need not be played again. The last line printed is one JSON
object.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import numpy.typing as npt

from outlaws.bots import make_bot, play_game
from outlaws.bots.placement import bot_placement
from outlaws.deduce import Belief, MoveModel
from outlaws.engine import COLUMNS, Action, Record, Setup, State, seat_view
from outlaws.engine.actionspace import CHARACTER_ID

CARDS = 10
GOV, HIT = CHARACTER_ID["governor"], CHARACTER_ID["hitman"]
PAIRS = COLUMNS * (COLUMNS - 1) // 2
TURN_LIMIT = 300


def new_game(spec: str, seed: int, placement: str) -> State:
    """Game ``seed``: dealt from the seed alone (``random``), or with both seats placing
    by ``spec``'s strategy and the tokens and first seat from the seed (``bot``, as
    ``outlaws arena --placement bot``)."""
    if placement == "random":
        return State.new(seed=seed, turn_limit=TURN_LIMIT)
    placed = [bot_placement(spec, seed * 2 + seat, seat) for seat in (0, 1)]
    return State.new(seed=seed, setup=Setup.placed(seed, placed), turn_limit=TURN_LIMIT)


def moves_of(job: tuple[str, int, str]) -> list[dict[str, object]]:
    """Play game ``seed`` of ``spec`` against itself; every move, as the true position
    had it before the move."""
    spec, seed, placement = job
    state = new_game(spec, seed, placement)
    out: list[dict[str, object]] = []

    def record(state: State, seat: int, action: Action) -> None:
        if action.type != "move":
            return
        assert action.a is not None and action.b is not None
        a, b = action.a - 1, action.b - 1
        street = list(state.street[seat])
        if action.swap:  # the move is applied: undo it to read the street before
            street[a], street[b] = street[b], street[a]
        out.append(_move(seed, spec, street, action))

    play_game(state, [make_bot(spec, seed * 2), make_bot(spec, seed * 2 + 1)], record)
    return out


def _move(seed: int, spec: str, street: list[int], action: Action) -> dict[str, object]:
    """One move as the moves file keeps it: the mover's street before it (character
    ids, column 1 first), its two columns (0-based) and whether it was real."""
    assert action.a is not None and action.b is not None
    return {"seed": seed, "spec": spec, "street": street, "a": action.a - 1, "b": action.b - 1,
            "swap": bool(action.swap)}  # fmt: skip


def moves_in_records(path: Path) -> list[dict[str, object]]:
    """Every move of the games ``outlaws arena --records`` kept in ``path``, replayed
    from the true positions, as :func:`moves_of` writes them; ``spec`` is the arena
    entry at the mover's seat, ``seed`` the record's line."""
    out: list[dict[str, object]] = []
    for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not line.strip():
            continue
        data = json.loads(line)
        seats = data.get("arena", {}).get("seats", ["?", "?"])
        record = Record.from_json(data)
        state = record.new_state()
        for action in record.actions:
            seat = state.to_act
            assert seat is not None
            if action.type == "move":
                out.append(_move(line_number, seats[seat], list(state.street[seat]), action))
            state.apply(action)
    return out


def fit(
    moves: list[dict[str, object]], floor: float
) -> tuple[MoveModel, dict[str, list[list[float]]]]:
    """The model of ``moves`` (see the module docstring), and its tables for the file."""
    observed = np.zeros((CARDS, CARDS))
    expected = np.zeros((CARDS, CARDS))
    real = np.zeros((CARDS, CARDS))
    for move in moves:
        street = move["street"]
        assert isinstance(street, list)
        a, b = move["a"], move["b"]
        assert isinstance(a, int) and isinstance(b, int)
        x, y = street[a], street[b]
        observed[x, y] += 1
        observed[y, x] += 1
        real[x, y] += bool(move["swap"])
        real[y, x] += bool(move["swap"])
        for i in range(COLUMNS):
            for j in range(i + 1, COLUMNS):
                expected[street[i], street[j]] += 1 / PAIRS
                expected[street[j], street[i]] += 1 / PAIRS
    pair = np.maximum(floor, (observed + 1) / (expected + 1)).round(4)
    swap = np.clip((real + 1) / (observed + 2), 0.05, 0.95).round(4)
    return MoveModel(pair, swap), {"pair": pair.tolist(), "swap": swap.tolist()}


def check(job: tuple[str, int, str, MoveModel]) -> npt.NDArray[np.float64]:
    """One check game: sums over seat 0's decisions of (exact, model) × (P(Governor),
    log P(Governor), P(Hitman)) at their true columns, and the number of decisions."""
    spec, seed, placement, model = job
    state = new_game(spec, seed, placement)
    bots = [make_bot(spec, seed * 2), make_bot(spec, seed * 2 + 1)]
    sums = np.zeros(7)
    beliefs: list[Belief] = []
    while not state.over:
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        if seat == 0 and not state.pending:
            if not beliefs:
                beliefs = [Belief(view), Belief(view, movers=model)]
            for belief in beliefs:
                belief.update(view)
            street = state.street[1]
            for k, belief in enumerate(beliefs):
                table = belief.marginals()
                if GOV in street:
                    p = float(table[street.index(GOV), GOV])
                    sums[3 * k] += p
                    sums[3 * k + 1] += math.log(max(p, 1e-9))
                if HIT in street:
                    sums[3 * k + 2] += float(table[street.index(HIT), HIT])
            sums[6] += 1
        state.apply(bots[seat].choose(view, state.legal_actions()))
    return sums


def _read(path: Path | None) -> list[dict[str, object]]:
    if path is None or not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _run(jobs: int, work: list[tuple[object, ...]], fn: object) -> Iterator[object]:
    if jobs == 1:
        yield from map(fn, work)  # type: ignore[call-overload]
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(fn, work)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--bots", default="heuristic", help="the spec whose moves to gather")
    parser.add_argument("--games", type=int, default=0, help="new games to play")
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--placement", choices=("random", "bot"), default="random", help="how games are dealt"
    )
    parser.add_argument("--moves-file", type=Path, help="JSON lines of moves, added to")
    parser.add_argument(
        "--records", type=Path, action="append", default=[], help="arena records to read"
    )
    parser.add_argument("--floor", type=float, default=0.05, help="the least pair ratio")
    parser.add_argument("--out", type=Path, help="write the model here (JSON)")
    parser.add_argument("--check", help="a spec to check the model on, against itself")
    parser.add_argument("--check-games", type=int, default=20)
    parser.add_argument("--check-seed", type=int, default=90000)
    args = parser.parse_args()

    moves = _read(args.moves_file)
    for path in args.records:
        moves += moves_in_records(path)
    start = time.perf_counter()
    work = [(args.bots, args.seed + i, args.placement) for i in range(args.games)]
    for game in _run(args.jobs, work, moves_of):  # type: ignore[arg-type]
        assert isinstance(game, list)
        moves += game
        if args.moves_file is not None:
            with args.moves_file.open("a") as out:
                out.writelines(json.dumps(move) + "\n" for move in game)
    played = time.perf_counter() - start
    if not moves:
        sys.exit("no moves: play some games (--games) or name a --moves-file")
    model, tables = fit(moves, args.floor)
    specs = sorted({str(move["spec"]) for move in moves})
    games = len({(move["spec"], move["seed"]) for move in moves})
    result: dict[str, object] = {"moves": len(moves), "games_with_moves": games, "specs": specs}
    result["real_share"] = round(sum(bool(m["swap"]) for m in moves) / len(moves), 4)
    result["play_seconds"] = round(played, 1)
    names = ("governor", "hitman", "sheriff")
    for name in names:
        for other in names:
            if name < other:
                x, y = CHARACTER_ID[name], CHARACTER_ID[other]
                result[f"pair {name}-{other}"] = tables["pair"][x][y]
    if args.out is not None:
        document = {
            "format": "outlaws-movers-1",
            "fitted_on": {"specs": specs, "moves": len(moves), "games": games},
            "floor": args.floor,
            **tables,
        }
        args.out.write_text(json.dumps(document, indent=None) + "\n")
    if args.check:
        work2 = [
            (args.check, args.check_seed + i, args.placement, model)
            for i in range(args.check_games)
        ]
        total = sum(
            (np.asarray(s) for s in _run(args.jobs, work2, check)),  # type: ignore[arg-type]
            np.zeros(7),
        )
        n = max(1.0, float(total[6]))
        for k, label in enumerate(("exact", "model")):
            result[f"{label}: P(governor)"] = round(float(total[3 * k]) / n, 3)
            result[f"{label}: log P(governor)"] = round(float(total[3 * k + 1]) / n, 3)
            result[f"{label}: P(hitman)"] = round(float(total[3 * k + 2]) / n, 3)
        result["check"] = {"spec": args.check, "games": args.check_games, "decisions": int(n)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
