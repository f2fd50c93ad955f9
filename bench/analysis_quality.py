"""How good the post-game analysis's judge is (docs/analysis.md, "How good the judge is").

    python bench/analysis_quality.py --calibrate   # fit CHANCE_SCALE on how games ended
    python bench/analysis_quality.py --noise       # the judge against itself, two seeds
    python bench/analysis_quality.py --contrast    # search:3 against random: who loses more
    python bench/analysis_quality.py --ladder      # the ladder's rungs, in order
    python bench/analysis_quality.py --wins        # a win at once is always ranked first
    python bench/analysis_quality.py --speed       # one game analysed with 2 processes

Games are played in the arena (``outlaws.arena``: seeded, seats alternating) and kept as
records in a cache (``--cache``), one line a game, and so are the judgements: a step
run again, or resumed after a stop, replays no bot and judges no decision twice
(bench/analysis_cache.py; the statistics are bench/analysis_stats.py). Each
step merges its figures into one JSON file (``--out``, bench/results/analysis.json) and
prints them; the last line printed is that step's JSON.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from analysis_cache import (
    WIN_WORLDS,
    games,
    judged,
    pooled,
    read_lines,
    win_positions,
)
from analysis_stats import (
    bootstrap_difference,
    bootstrap_mean,
    calibration_table,
    fit_scale,
    log_loss,
    percentile,
)
from outlaws.analysis import BUDGET, THRESHOLDS, VERDICTS, Judgement, judge, verdict_of
from outlaws.analysis.game import (
    Decision,
    decision_seed,
    decisions,
    report,
)
from outlaws.analysis.judge import BELIEFS, DEFAULT_BELIEF
from outlaws.bots.evaluation import Evaluation
from outlaws.bots.ladder import LADDER
from outlaws.cli.analysing import judge_ply
from outlaws.deduce import Belief
from outlaws.engine import Action, Record, seat_view

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "results" / "analysis.json"
CACHE = ROOT / ".cache" / "analysis-quality"


# -- results ---------------------------------------------------------------------------


def merge(out: Path, step: str, figures: dict[str, Any]) -> None:
    """Put one step's figures into the results file, the other steps' kept."""
    results = json.loads(out.read_text()) if out.exists() else {}
    results[step] = figures
    out.write_text(json.dumps(results, indent=2) + "\n")


# -- calibrate -------------------------------------------------------------------------

#: The bots whose games the chance of winning is fitted on: weak and strong, mixed.
CALIBRATION_BOTS = ("heuristic", "search:1", "novice:3")


def turn_starts(game: dict[str, Any]) -> list[tuple[float, bool]]:
    """Each start of a turn of a finished game (two actions left, no reaction pending):
    the value the bots' evaluation gives the seat to act, from its view, and whether that
    seat went on to win."""
    if game["winner"] is None:
        return []
    record = Record.from_json(game["record"])
    state = record.new_state()
    out = []
    for action in record.actions:
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        if view.actions_left == 2 and view.pending is None:
            value = Evaluation(view, Belief(view), Belief(view, about=seat)).value()
            out.append((value, seat == game["winner"]))
        state.apply(action)
    return out


def calibrate(args: argparse.Namespace) -> dict[str, Any]:
    played = []
    bots = CALIBRATION_BOTS
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            played += games(a, b, args.games, args.seed, args.jobs, args.cache)
    points = [p for found in pooled(turn_starts, played, args.jobs) for p in found]
    values = [v for v, _ in points]
    won = [w for _, w in points]
    scale = fit_scale(values, won)
    return {
        "command": "python bench/analysis_quality.py --calibrate"
        f" --games {args.games} --seed {args.seed}",
        "bots": list(bots),
        "games": len(played),
        "finished": sum(g["winner"] is not None for g in played),
        "positions": len(points),
        "scale": round(scale, 1),
        "log_loss": round(log_loss(values, won, scale), 4),
        "log_loss_at": {
            str(s): round(log_loss(values, won, s), 4) for s in (75, 100, 150, 200, 300)
        },
        "log_loss_coin": round(log_loss([0.0] * len(values), won, 1.0), 4),
        "deciles": calibration_table(values, won, scale),
    }


def losses(game: dict[str, Any], seat: int) -> list[float]:
    return [d["loss"] for d in game["decisions"] if d["seat"] == seat]


def verdicts(judged_games: Iterable[dict[str, Any]], seats: list[int]) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
    for k, game in enumerate(judged_games):
        for d in game["decisions"]:
            if d["seat"] == seats[k]:
                counts[d["verdict"]] += 1
    return counts


# -- noise -----------------------------------------------------------------------------


def noise_game(task: tuple[dict[str, Any], int, int]) -> list[dict[str, float]]:
    """Each decision of a cached game judged with two seeds: both losses of the action
    played, and the loss each seed gives the action the other judged best."""
    game, first, second = task
    out = []
    for decision in decisions(Record.from_json(game["record"])):
        one, two = (_judge(decision, decision.played, s) for s in (first, second))
        out.append(
            {
                "loss_first": one.loss,
                "loss_second": two.loss,
                "first_on_second_best": _loss_of(decision, one, two.options[0].action, first),
                "second_on_first_best": _loss_of(decision, two, one.options[0].action, second),
            }
        )
    return out


def _loss_of(decision: Decision, judgement: Judgement, action: Action, seed: int) -> float:
    """The loss ``judgement`` gives ``action``: read off its options when it weighed it,
    else judged again with that action as the one played."""
    for option in judgement.options:
        if option.action == action:
            return max(0.0, judgement.chance_before - option.chance)
    return _judge(decision, action, seed).loss


def _judge(decision: Decision, action: Action, seed: int) -> Judgement:
    """``decision`` judged as if ``action`` had been played, with ``seed``."""
    seeded = decision_seed(seed, decision.ply)
    return judge(decision.before, decision.legal, action, seeded, BUDGET, decision.question)


def noise(args: argparse.Namespace) -> dict[str, Any]:
    played = games("heuristic", "search:1", args.games, args.seed, args.jobs, args.cache)
    chosen, count = [], 0
    for game in played:
        if count >= args.decisions:
            break
        chosen.append(game)
        count += sum(1 for _ in decisions(Record.from_json(game["record"])))
    seeds = (args.analysis_seed + 1, args.analysis_seed + 2)
    rows = [
        r for found in pooled(noise_game, [(g, *seeds) for g in chosen], args.jobs) for r in found
    ]
    differences = [abs(r["loss_first"] - r["loss_second"]) for r in rows]
    floor = [r["first_on_second_best"] for r in rows] + [r["second_on_first_best"] for r in rows]
    quantiles = (0.5, 0.75, 0.9, 0.95, 0.99)
    return {
        "command": "python bench/analysis_quality.py --noise"
        f" --games {args.games} --decisions {args.decisions} --seed {args.seed}",
        "games": len(chosen),
        "decisions": len(rows),
        "seeds": list(seeds),
        "loss_difference": {
            f"p{round(q * 100)}": round(percentile(differences, q), 4) for q in quantiles
        },
        "loss_difference_mean": round(sum(differences) / len(differences), 4),
        "floor": {f"p{round(q * 100)}": round(percentile(floor, q), 4) for q in quantiles},
        "floor_mean": round(sum(floor) / len(floor), 4),
        "floor_share_zero": round(sum(v == 0 for v in floor) / len(floor), 4),
        "floor_share_at_least": {
            verdict: round(sum(v >= least for v in floor) / len(floor), 4)
            for verdict, least in THRESHOLDS
        },
        "thresholds": {verdict: least for verdict, least in THRESHOLDS},
        "verdict_agreement": round(
            sum(verdict_of(r["loss_first"]) == verdict_of(r["loss_second"]) for r in rows)
            / len(rows),
            4,
        ),
    }


# -- contrast ---------------------------------------------------------------------------


def contrast(args: argparse.Namespace) -> dict[str, Any]:
    strong, weak = "search:3", "random"
    played = games(strong, weak, args.contrast_games, args.seed, args.jobs, args.cache)
    done = judged(f"{strong}-{weak}-{args.seed}", played, lambda g: (0, 1), args)
    mine = [losses(j, g["a_seat"]) for g, j in zip(played, done, strict=True)]
    theirs = [losses(j, 1 - g["a_seat"]) for g, j in zip(played, done, strict=True)]
    difference, low, high = bootstrap_difference(theirs, mine)
    return {
        "command": "python bench/analysis_quality.py --contrast"
        f" --contrast-games {args.contrast_games} --seed {args.seed} --belief {args.belief}",
        "games": len(played),
        "strong_wins": sum(g["winner"] == g["a_seat"] for g in played),
        "budget": BUDGET.to_json(),
        strong: _side(mine, done, [g["a_seat"] for g in played]),
        weak: _side(theirs, done, [1 - g["a_seat"] for g in played]),
        "difference": {"mean": round(difference, 4), "ci95": [round(low, 4), round(high, 4)]},
    }


def _side(
    groups: list[list[float]], done: list[dict[str, Any]], seats: list[int]
) -> dict[str, Any]:
    """One side's mean loss per decision, its 95% interval over games, its verdicts (the
    side sits at ``seats[k]`` in game ``k``)."""
    mean, low, high = bootstrap_mean(groups)
    return {
        "decisions": sum(map(len, groups)),
        "mean_loss": round(mean, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "verdicts": verdicts(done, seats),
    }


# -- ladder ----------------------------------------------------------------------------


def ladder(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {
        "command": "python bench/analysis_quality.py --ladder"
        f" --games {args.games} --seed {args.seed} --belief {args.belief}",
        "opponent": "heuristic",
        "rungs": [],
    }
    for rung in LADDER:
        played = games(rung.spec, "heuristic", args.games, args.seed, args.jobs, args.cache)
        done = judged(f"{rung.spec}-heuristic-{args.seed}", played, lambda g: (g["a_seat"],), args)
        mine = [losses(j, g["a_seat"]) for g, j in zip(played, done, strict=True)]
        side = _side(mine, done, [g["a_seat"] for g in played])
        wins = sum(g["winner"] == g["a_seat"] for g in played)
        out["rungs"].append(
            {"rung": rung.name, "spec": rung.spec, "games": len(played), "wins": wins, **side}
        )
    means = [r["mean_loss"] for r in out["rungs"]]
    out["ordered"] = all(a > b for a, b in itertools.pairwise(means))
    return out


# -- wins ------------------------------------------------------------------------------


def wins(args: argparse.Namespace) -> dict[str, Any]:
    """The decisions judged by ``--contrast`` and ``--ladder`` where an action won
    before the opponent could choose (:func:`wins_at_once`): how many of each kind, and
    how often the judge ranked such an action first. A seat answering a reaction is
    never in such a position: its answers cannot win."""
    sources = [("search:3", "random", args.contrast_games, lambda g: (0, 1))] + [
        (rung.spec, "heuristic", args.games, lambda g: (g["a_seat"],)) for rung in LADDER
    ]
    kinds: dict[str, dict[str, int]] = {}
    missed = []
    total = 0
    for a, b, count, seats_of in sources:
        played = games(a, b, count, args.seed, args.jobs, args.cache)
        done = judged(f"{a}-{b}-{args.seed}", played, seats_of, args)
        found = pooled(win_positions, [(g, seats_of(g)) for g in played], args.jobs)
        for game, judgement, positions in zip(played, done, found, strict=True):
            for d in judgement["decisions"]:
                if d["ply"] not in positions:
                    continue
                total += 1
                winning = [w["action"] for w in positions[d["ply"]]]
                first = d["options"][0][0] in winning
                at_once = [w["action"] for w in positions[d["ply"]] if w["at_once"]]
                for how in sorted({w["how"] for w in positions[d["ply"]]}):
                    row = kinds.setdefault(
                        how,
                        {
                            "positions": 0,
                            "at_once": 0,
                            "ranked_first": 0,
                            "first_at_once": 0,
                            "played": 0,
                        },
                    )
                    row["positions"] += 1
                    row["at_once"] += bool(at_once)
                    row["ranked_first"] += first
                    row["first_at_once"] += d["options"][0][0] in at_once
                    row["played"] += d["options"][d["played"]][0] in winning
                if not first:
                    missed.append({"games": f"{a}-{b}", "index": game["index"], "ply": d["ply"]})
    return {
        "command": "python bench/analysis_quality.py --wins"
        f" --games {args.games} --contrast-games {args.contrast_games} --seed {args.seed}",
        "world_sample": WIN_WORLDS,
        "kinds": kinds,
        "positions": total,
        "ranked_first_always": not missed,
        "missed": missed,
    }


# -- speed -----------------------------------------------------------------------------


def speed(args: argparse.Namespace) -> dict[str, Any]:
    """The wall time of the cached game (of any step) closest to 60 decisions, analysed
    whole (its JSON report) with ``args.jobs`` processes: by a pool of the CLI's own
    worker task here, and by ``outlaws analyse`` itself."""
    played = [g for path in sorted(args.cache.glob("games-*.jsonl")) for g in read_lines(path)]
    sized = [(abs(len(list(decisions(Record.from_json(g["record"])))) - 60), g) for g in played]
    game = min(sized, key=lambda pair: pair[0])[1]
    record = Record.from_json(game["record"])
    todo = list(decisions(record))
    start = time.perf_counter()
    plies = [d.ply for d in todo]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        seeds, budgets = [args.analysis_seed] * len(plies), [BUDGET] * len(plies)
        analysed = list(pool.map(judge_ply, [record] * len(plies), plies, seeds, budgets))
    report(analysed, args.analysis_seed)
    pooled = time.perf_counter() - start
    out: dict[str, Any] = {
        "command": f"python bench/analysis_quality.py --speed --jobs {args.jobs}",
        "game": {"seats": game["seats"], "index": game["index"]},
        "decisions": len(todo),
        "jobs": args.jobs,
        "pool_wall_s": round(pooled, 1),
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(record.dumps())
        command = [sys.executable, "-m", "outlaws", "analyse", str(path), "--jobs", str(args.jobs)]
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        out["cli_wall_s"] = round(time.perf_counter() - start, 1)
        out["cli_command"] = f"outlaws analyse game.json --jobs {args.jobs}"
    out["load_average"] = round(os.getloadavg()[0], 2)
    return out


# -- command line ----------------------------------------------------------------------

STEPS: dict[str, Callable[[argparse.Namespace], dict[str, Any]]] = {
    "calibrate": calibrate,
    "noise": noise,
    "contrast": contrast,
    "ladder": ladder,
    "wins": wins,
    "speed": speed,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    for step in STEPS:
        parser.add_argument(f"--{step}", action="store_true")
    parser.add_argument("--games", type=int, default=50, help="games per pairing")
    parser.add_argument("--seed", type=int, default=0, help="the games' seed")
    parser.add_argument("--analysis-seed", type=int, default=0, help="the judge's seed")
    parser.add_argument("--decisions", type=int, default=300, help="decisions for --noise")
    parser.add_argument("--contrast-games", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--belief", choices=BELIEFS, default=DEFAULT_BELIEF, help="how the judge reads moves"
    )
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    chosen = [step for step in STEPS if getattr(args, step)]
    if not chosen:
        parser.error(f"choose a step: {', '.join('--' + s for s in STEPS)}")
    for step in chosen:
        start = time.perf_counter()
        figures = STEPS[step](args)
        figures["elapsed_s"] = round(time.perf_counter() - start, 1)
        # Another judge's figures are kept beside the default's, not over them.
        key = step if args.belief == DEFAULT_BELIEF else f"{step}_{args.belief}"
        merge(args.out, key, figures)
        print(json.dumps({key: figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
