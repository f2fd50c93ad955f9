"""The work of ``outlaws analyse`` (its options are read in cli/analyse.py, which imports
this module only when the command runs: the other commands start without NumPy).

The judging lives in :mod:`outlaws.analysis`; this module reads the records, spreads
their decisions over worker processes, and prints a summary a player can read. Each
decision is judged with its own seed (the run's seed and its place in the record), so the
result is the same whatever the number of processes. Bad input is one line on standard
error naming the file, and exit status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console

from ..analysis import (
    BELIEFS,
    BUDGET,
    DEFAULT_BELIEF,
    VERDICTS,
    Analysed,
    Budget,
    Decision,
    JudgeBelief,
    analyse_decision,
    decisions,
)
from ..analysis import report as analysis_report
from ..arena import default_jobs, ignore_sigint, stop_pool
from ..engine import Action, IllegalAction, OutlawsError, Record, ReplayError, State, to_notation
from .batch import fail, progress_bar, unwritable

#: The version of the file ``--json`` writes (docs/analysis.md, "The JSON").
FILE_VERSION = 1

#: How each ending reads in the summary.
ENDINGS = {
    "good": "by election",
    "bad": "by assassination",
    "ugly": "by arrest",
}
#: A verdict counted, singular and plural.
VERDICT_WORDS = {
    "good": ("good", "good"),
    "inaccuracy": ("inaccuracy", "inaccuracies"),
    "mistake": ("mistake", "mistakes"),
    "blunder": ("blunder", "blunders"),
}
#: The verdicts listed move by move in the summary.
LISTED = ("mistake", "blunder")


class InputError(Exception):
    """A record that cannot be analysed; the message is the one line shown."""


@dataclass(frozen=True)
class Game:
    """A record read from ``file``, its seats' ``names`` and its decisions."""

    file: str
    record: Record
    names: tuple[str, str]
    end: State
    decisions: tuple[Decision, ...]


def read_game(file: str) -> Game:
    """The record in ``file`` (``-``: standard input), checked action by action."""
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{file}: cannot read it: {error}") from None
    try:
        record = Record.loads(text)
        end = record.replay()
    except ReplayError as error:
        cause = error.error
        if not isinstance(cause, IllegalAction):
            raise InputError(f"{file}: {error}") from None
        action = to_notation(record.actions[error.number - 1])
        raise InputError(
            f"{file}: action {error.number} ({action}) cannot be played: {cause.reason}"
        ) from None
    except OutlawsError as error:
        raise InputError(f"{file}: {error}") from None
    return Game(file, record, _names(json.loads(text)), end, tuple(decisions(record)))


def _names(data: Any) -> tuple[str, str]:
    """How the summary calls each seat: "seat 0", with the player's name when the record
    carries the server's ``players`` beside it."""
    names = ["seat 0", "seat 1"]
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, list) and len(players) == 2:
        for seat, player in enumerate(players):
            name = player.get("name") if isinstance(player, dict) else None
            if isinstance(name, str) and name.strip():
                names[seat] = f"seat {seat} ({name.strip()})"
    return (names[0], names[1])


# -- judging, in this process or in a pool ------------------------------------------------


@lru_cache(maxsize=8)
def _decisions_by_ply(record: Record) -> dict[int, Decision]:
    """A worker's copy of a record's decisions (views do not cross processes: each
    worker replays a record once and keeps its decisions for the next tasks)."""
    return {decision.ply: decision for decision in decisions(record)}


def judge_ply(
    record: Record, ply: int, seed: int, budget: Budget, belief: JudgeBelief = DEFAULT_BELIEF
) -> Analysed:
    """The decision at ``ply`` of ``record`` judged: a worker's task."""
    return analyse_decision(_decisions_by_ply(record)[ply], seed, budget, belief)


def judge_games(
    games: Sequence[Game],
    seed: int,
    budget: Budget,
    jobs: int,
    advance: Callable[[], None],
    belief: JudgeBelief = DEFAULT_BELIEF,
) -> list[list[Analysed]]:
    """Every decision of ``games`` judged, game by game in the record's order; in this
    process for ``jobs == 1``, else in ``jobs`` worker processes. ``advance()`` after each."""
    done: list[list[Analysed]] = [[] for _ in games]
    total = sum(len(game.decisions) for game in games)
    if jobs == 1 or total <= 1:
        for index, game in enumerate(games):
            for decision in game.decisions:
                done[index].append(analyse_decision(decision, seed, budget, belief))
                advance()
        return done
    pool = ProcessPoolExecutor(max_workers=min(jobs, total), initializer=ignore_sigint)
    try:
        futures: dict[Future[Analysed], int] = {
            pool.submit(judge_ply, game.record, decision.ply, seed, budget, belief): index
            for index, game in enumerate(games)
            for decision in game.decisions
        }
        for future in as_completed(futures):
            done[futures[future]].append(future.result())
            advance()
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()
    return [sorted(analysed, key=lambda a: a.ply) for analysed in done]


# -- what a player reads ------------------------------------------------------------------


def _percent(chance: float) -> str:
    return f"{100 * chance:.0f}%"


def _ending(game: Game) -> str:
    end = game.end
    if not end.over:
        return "unfinished"
    if end.winner is None:
        return "ended at the turn limit, nobody won"
    return f"won by {game.names[end.winner]} {ENDINGS.get(end.how or '', '')}".rstrip()


def _verdict_counts(counts: dict[str, int]) -> str:
    return ", ".join(
        f"{counts[verdict]} {VERDICT_WORDS[verdict][counts[verdict] != 1]}" for verdict in VERDICTS
    )


def _shown(action: dict[str, Any]) -> str:
    return to_notation(Action.from_json(action))


def summary_lines(game: Game, report: dict[str, Any]) -> list[str]:
    """The analysis of one game as a player reads it: each seat's decisions, where the
    game turned, and every mistake and blunder beside the better choice."""
    lines = [f"{game.file}: {len(game.record.actions)} actions, {_ending(game)}"]
    for seat, figures in enumerate(report["summary"]):
        if not figures["decisions"]:
            lines.append(f"  {game.names[seat]}: no decision to judge")
            continue
        lines.append(
            f"  {game.names[seat]}: {figures['decisions']} decisions,"
            f" {100 * figures['mean_loss']:.1f} points of winning chance given away per"
            f" decision on average; {_verdict_counts(figures['verdicts'])}"
        )
    judged = report["decisions"]
    at = {decision["ply"]: i for i, decision in enumerate(judged)}
    if report["turning_points"]:
        lines.append("  Where the game turned:")
    for ply in report["turning_points"]:
        i = at[ply]
        decision, following = judged[i], judged[i + 1]
        seat = decision["seat"]
        after = following["chance_before"]
        if following["seat"] != seat:
            after = 1 - after
        lines.append(
            f"    turn {decision['turn']}, {game.names[seat]}: played"
            f" {_shown(decision['played'])} — its chance of winning went from"
            f" {_percent(decision['chance_before'])} to {_percent(after)}"
        )
    errors = [decision for decision in judged if decision["verdict"] in LISTED]
    if errors:
        lines.append("  Mistakes and blunders:")
    for decision in errors:
        best = decision["options"][0]
        lines.append(
            f"    {decision['verdict']:<8} turn {decision['turn']}, {game.names[decision['seat']]}:"
            f" played {_shown(decision['played'])} (chance {_percent(decision['chance_played'])})"
            f" — better {_shown(best['action'])} ({_percent(best['chance'])})"
        )
    return lines


# -- the command --------------------------------------------------------------------------


def _fail(message: str, status: int = 2) -> NoReturn:
    fail("analyse", message, status)


def parse_budget(text: str) -> Budget:
    """``CANDIDATES,WORLDS,STEPS``, three whole numbers of at least 1."""
    parts = text.split(",")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        numbers = []
    if len(numbers) != 3 or min(numbers) < 1:
        raise ValueError(f"three whole numbers of at least 1, as CANDIDATES,WORLDS,STEPS: {text!r}")
    return Budget(*numbers)


def run(
    records: list[str],
    json_out: Path | None,
    jobs: int | None,
    seed: int,
    budget_text: str | None,
    belief: str | None,
) -> None:
    """``outlaws analyse`` (cli/analyse.py) once its options are read: ``None`` for the
    budget or the belief is the server's."""
    if budget_text is None:
        budget_text = f"{BUDGET.candidates},{BUDGET.worlds},{BUDGET.steps}"
    if belief is None:
        belief = DEFAULT_BELIEF
    try:
        budget = parse_budget(budget_text)
    except ValueError as error:
        _fail(f"--budget: {error}")
    if belief not in BELIEFS:
        _fail(f"--belief: must be one of {', '.join(BELIEFS)}, not {belief!r}")
    judge_belief = belief
    if (why := unwritable("--json", json_out)) is not None:
        _fail(why)
    try:
        games = [read_game(file) for file in records]
    except InputError as error:
        _fail(str(error))
    workers = default_jobs() if jobs is None else jobs
    out = Console(highlight=False)
    errors = Console(stderr=True)
    progress = progress_bar("analyse", "decisions", errors)
    task = progress.add_task("analyse", total=sum(len(game.decisions) for game in games))
    progress.start()
    try:
        judged = judge_games(
            games, seed, budget, workers, lambda: progress.advance(task), judge_belief
        )
    except KeyboardInterrupt:
        progress.live.transient = True
        _fail("interrupted", status=130)
    finally:
        progress.stop()
    reports = [analysis_report(analysed, seed, budget, judge_belief) for analysed in judged]
    if json_out is not None:
        document = {
            "analyses": FILE_VERSION,
            "records": [
                {"file": game.file, "analysis": report}
                for game, report in zip(games, reports, strict=True)
            ],
        }
        try:
            json_out.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            _fail(f"--json: cannot write {json_out}: {error}", status=1)
    for game, report in zip(games, reports, strict=True):
        for line in summary_lines(game, report):
            out.print(line, markup=False, soft_wrap=True)
    if json_out is not None:
        out.print(f"Analyses written to {json_out}", markup=False)
