"""What placement wins (R3.1): bots play games from uniformly random placements, and each
seat's win rate is tabled by features of its own placement.

    python bench/placement.py --games 2242 --bots heuristic --jobs 1 --games-file games.jsonl
    python bench/placement.py --games-file games.jsonl --analyse-only --fit

Game ``i`` is dealt from seed ``seed + i``: both seats' placements are drawn uniformly
among the legal ones (``Placement.random``) from that seed, the tokens and first seat from
it too (``Setup.placed``), and both seats are played by the same bot spec. Every finished
game gives two observations, one per seat: its placement's features and whether it won.
Games at the turn limit are left out. A row of the table is a feature value, with the
seats that had it, their win rate and its 95% Wilson interval; the ``delta`` column is the
win rate minus that of the seats without the value.

Columns are the table's (R2.1): column ``c`` holds both seats' cards at ``c`` and token
slot ``c``; slots slide toward column 1 and refill at column 8 (R5.6). Left and right are
read from the owner's seat (R2.2), so "Reverend right of the Hitman" means the owner's
right, where the Reverend cancels an arrest of that Hitman (R6.9.2).

With ``--games-file`` the games are written as JSON lines (one game a line, placements in
notation) and a later run with the same file adds to them, so the table can be remade, or
new features tried, without playing again; ``--max-seconds`` stops playing after that long
and tables what was played. ``--fit`` adds a logistic regression of a seat's win on the
features the bots' placement scores (``outlaws.bots.placement.features``): the weights of
``outlaws.bots.placement.WEIGHTS`` are read from it. The last line printed is one JSON
object. docs/studies/placement.md has the findings.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from outlaws.bots import make_bot, play_game
from outlaws.bots.placement import features as strategy_features
from outlaws.engine import CHARACTERS, Placement, Setup, State

GOV, HIT, SHERIFF = (CHARACTERS.index(name) for name in ("governor", "hitman", "sheriff"))
BANDIT, REVEREND, MAYOR = (CHARACTERS.index(name) for name in ("bandit", "reverend", "mayor"))
#: R2.2: the owner's "immediately to the right" as a column offset, for seats 0 and 1.
RIGHT = (1, -1)
Z95 = 1.959963984540054


def placements(seed: int) -> tuple[Placement, Placement]:
    """The two uniform placements of game ``seed``."""
    return (
        Placement.random(random.Random(f"{seed}/bench-placement/0")),
        Placement.random(random.Random(f"{seed}/bench-placement/1")),
    )


def play_one(job: tuple[int, str, int]) -> dict[str, object]:
    """Play game ``seed`` with ``spec`` in both seats; its placements and outcome."""
    seed, spec, turn_limit = job
    p0, p1 = placements(seed)
    state = State.new(seed, setup=Setup.placed(seed, [p0, p1]), turn_limit=turn_limit)
    play_game(state, [make_bot(spec, 2 * seed), make_bot(spec, 2 * seed + 1)])
    return {
        "seed": seed,
        "spec": spec,
        "placements": [p0.to_notation(), p1.to_notation()],
        "first": Setup.placed(seed, [p0, p1]).first,
        "winner": state.winner,
        "how": state.how,
        "turns": state.turn,
    }


# -- features ---------------------------------------------------------------------------


def column(placement: Placement, character: int) -> int | None:
    """The character's column (1..8), None in the Saloon."""
    return placement.street.index(character) + 1 if character in placement.street else None


def features(mine: Placement, seat: int, theirs: Placement) -> Iterator[tuple[str, str]]:
    """(feature, value) pairs of one seat's placement (and a few against the opponent's)."""
    gov = mine.governor_column
    yield "Governor column", str(gov)
    yield "Governor", "edge (1, 8)" if gov in (1, 8) else "inside (2..7)"
    sheriff = column(mine, SHERIFF)
    if sheriff is None:
        yield "Sheriff", "in the Saloon"
    else:
        yield "Sheriff", "beside the Governor" if abs(sheriff - gov) == 1 else "2+ columns away"
    for ch in range(1, len(CHARACTERS)):
        yield f"Saloon holds the {CHARACTERS[ch]}", "yes" if ch in mine.saloon else "no"
    right = RIGHT[seat]

    def right_of(character: int) -> int | None:
        at = column(mine, character)
        if at is None or not 1 <= at + right <= 8:
            return None
        return mine.street[at - 1 + right]

    # R6.9.2: the Reverend cancels an arrest of the card immediately to his left.
    yield "Reverend right of the Hitman", "yes" if right_of(HIT) == REVEREND else "no"
    yield "Reverend right of the Bandit", "yes" if right_of(BANDIT) == REVEREND else "no"
    # R6.10: the Mayor extends the card immediately to his right.
    mayor_right = right_of(MAYOR)
    yield (
        "Mayor's right neighbour",
        "none" if mayor_right is None else CHARACTERS[mayor_right],
    )
    hitman = column(mine, HIT)
    yield (
        "Hitman beside the Governor",
        "Saloon" if hitman is None else "yes" if abs(hitman - gov) == 1 else "no",
    )
    # Against the opponent's placement, unknown when placing: what chance gives.
    their_gov, their_hit = theirs.governor_column, column(theirs, HIT)
    yield (
        "Hitman opposite their Governor",
        "Saloon" if hitman is None else "yes" if hitman == their_gov else "no",
    )
    yield "Governor opposite their Hitman", "yes" if their_hit == gov else "no"


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p, z2 = wins / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def table(games: list[dict[str, object]]) -> list[dict[str, object]]:
    """One row per (feature, value): seats, wins, win rate, interval, delta."""
    count: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for game in games:
        winner = game["winner"]
        if winner is None:
            continue
        notation = game["placements"]
        assert isinstance(notation, list)
        mine_theirs = [Placement.parse(text) for text in notation]
        for seat in (0, 1):
            won = int(winner == seat)
            for key in features(mine_theirs[seat], seat, mine_theirs[1 - seat]):
                count[key][0] += 1
                count[key][1] += won
                totals[key[0]][0] += 1
                totals[key[0]][1] += won
    rows: list[dict[str, object]] = []
    for (feature, value), (n, wins) in sorted(count.items(), key=_order):
        total_n, total_wins = totals[feature]
        rest_n, rest_wins = total_n - n, total_wins - wins
        low, high = wilson(wins, n)
        rows.append(
            {
                "feature": feature,
                "value": value,
                "seats": n,
                "wins": wins,
                "rate": wins / n,
                "ci95": [low, high],
                "delta": wins / n - rest_wins / rest_n if rest_n else 0.0,
            }
        )
    return rows


def _order(item: tuple[tuple[str, str], list[int]]) -> tuple[str, str]:
    (feature, value), _ = item
    return (feature, value.rjust(3) if value.isdigit() else value)


def fit(games: list[dict[str, object]], ridge: float = 1.0) -> list[tuple[str, float, float]]:
    """Logistic regression of a seat's win on the strategy's features
    (:func:`outlaws.bots.placement.features`, seat known): (feature, weight in logits,
    standard error), by Newton's method with a small ridge penalty (the Saloon features
    always sum to 2, so they are collinear with the intercept without it)."""
    rows: list[dict[str, float]] = []
    wins: list[float] = []
    for game in games:
        if game["winner"] is None:
            continue
        notation = game["placements"]
        assert isinstance(notation, list)
        for seat in (0, 1):
            rows.append(strategy_features(Placement.parse(notation[seat]), seat))
            wins.append(float(game["winner"] == seat))
    names = sorted({name for row in rows for name in row})
    x = np.array([[row.get(name, 0.0) for name in names] for row in rows])
    x = np.hstack([np.ones((len(rows), 1)), x])
    y = np.array(wins)
    w = np.zeros(x.shape[1])
    penalty = ridge * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hessian, x.T @ (y - p) - penalty @ w)
        w += step
        if np.max(np.abs(step)) < 1e-9:
            break
    errors = np.sqrt(np.diag(np.linalg.inv(hessian)))
    return [(name, float(w[i + 1]), float(errors[i + 1])) for i, name in enumerate(names)]


# -- running ----------------------------------------------------------------------------


def load(path: Path | None) -> list[dict[str, object]]:
    if path is None or not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def play_many(
    seeds: list[int], spec: str, turn_limit: int, jobs: int, keep: Callable[[dict], None]
) -> None:
    work = [(seed, spec, turn_limit) for seed in seeds]
    if jobs == 1:
        for job in work:
            keep(play_one(job))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for game in pool.map(play_one, work, chunksize=4):
            keep(game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to have in all")
    parser.add_argument("--bots", default="heuristic", help="the bot spec of both seats")
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from seed + i")
    parser.add_argument("--turn-limit", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--games-file", type=Path, help="JSON lines of games, kept and reused")
    parser.add_argument("--analyse-only", action="store_true", help="play no new game")
    parser.add_argument("--max-seconds", type=float, default=None, help="stop playing after")
    parser.add_argument("--fit", action="store_true", help="also fit the strategy's weights")
    args = parser.parse_args(argv)

    games = [g for g in load(args.games_file) if g["spec"] == args.bots]
    if not args.analyse_only:
        have = {int(str(g["seed"])) for g in games}
        todo = [s for s in range(args.seed, args.seed + args.games) if s not in have]
        start = time.perf_counter()
        out = args.games_file.open("a", encoding="utf-8") if args.games_file else None

        def keep(game: dict) -> None:
            games.append(game)
            if out is not None:
                out.write(json.dumps(game) + "\n")
                out.flush()
            if args.max_seconds and time.perf_counter() - start > args.max_seconds:
                raise TimeoutError

        try:
            play_many(todo, args.bots, args.turn_limit, args.jobs, keep)
        except (TimeoutError, KeyboardInterrupt):
            print("stopped early: analysing the games played so far", file=sys.stderr)
        finally:
            if out is not None:
                out.close()

    finished = [g for g in games if g["winner"] is not None]
    first_wins = sum(g["winner"] == g["first"] for g in finished)
    seat0_wins = sum(g["winner"] == 0 for g in finished)
    print(
        f"{args.bots} vs {args.bots}: {len(games)} games, {len(finished)} finished"
        f" ({2 * len(finished)} seat observations); seat 0 won {seat0_wins},"
        f" the first mover {first_wins}"
    )
    rows = table(games)
    print(f"{'feature':32} {'value':22} {'seats':>6} {'win':>6} {'95% CI':>13} {'delta':>6}")
    last = None
    for row in rows:
        low, high = row["ci95"]  # type: ignore[misc]
        name = row["feature"] if row["feature"] != last else ""
        last = row["feature"]
        print(
            f"{name:32} {row['value']:22} {row['seats']:>6} {100 * row['rate']:>5.1f}%"  # type: ignore[operator]
            f" {100 * low:>5.1f}–{100 * high:<5.1f} {100 * row['delta']:>+5.1f}"  # type: ignore[operator]
        )
    weights = fit(games) if args.fit else []
    if weights:
        print("logistic fit of the strategy's features (logits, ± standard error):")
        for name, weight, error in sorted(weights, key=lambda item: -item[1]):
            print(f"  {name:28} {weight:+.3f} ± {error:.3f}")
    print(
        json.dumps(
            {
                "bots": args.bots,
                "games": len(games),
                "finished": len(finished),
                "rows": rows,
                "fit": {name: [weight, error] for name, weight, error in weights},
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
