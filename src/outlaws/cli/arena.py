"""``outlaws arena``: bots against each other, with a progress bar and tables of results.

The logic lives in :mod:`outlaws.arena`; this module only reads options, shows progress
and prints. Bad input is one line on standard error and exit status 2.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    Progress,
    ProgressColumn,
    Task,
)
from rich.table import Table
from rich.text import Text

from ..arena import (
    DEFAULT_TURN_LIMIT,
    ArenaError,
    ArenaResult,
    GameError,
    check_settings,
    default_jobs,
    elo_anchor,
    parse_bots,
    parse_placement,
    run_arena,
)
from .batch import fail, progress_bar, unwritable


class _RateColumn(ProgressColumn):
    """Games per second since the start."""

    def render(self, task: Task) -> Text:
        """The rate of ``task``, in games per second."""
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.2f} games/s", style="progress.data.speed")


def _fail(message: str, status: int = 2) -> NoReturn:
    fail("arena", message, status)


def _ms(value: float | None) -> str:
    """Milliseconds to three significant digits, or a dash."""
    return "—" if value is None else f"{value:.3g}"


def pairs_table(result: ArenaResult) -> Table:
    """A row per pair: wins, unfinished games, ``a``'s win rate with its 95% interval."""
    table = Table(title="Pairs: win rate of A among finished games")
    table.add_column("A", style="bold")
    table.add_column("B", style="bold")
    for name in ("games", "A wins", "B wins", "unfin."):
        table.add_column(name, justify="right")
    table.add_column("A win (95% CI)", justify="right")
    for pair in result.pairs:
        low, high = pair.ci95
        rate = pair.a_win_rate
        table.add_row(
            pair.a,
            pair.b,
            str(pair.games),
            str(pair.a_wins),
            str(pair.b_wins),
            str(pair.unfinished),
            "—" if rate is None else f"{100 * rate:.0f}% ({100 * low:.0f}–{100 * high:.0f})",
        )
    return table


def elo_table(result: ArenaResult) -> Table:
    """The Elo ratings, best first, with each bot's score against the others."""
    table = Table(
        title="Elo ratings",
        caption=f"Bradley–Terry maximum likelihood; {elo_anchor(result.bots)}",
    )
    table.add_column("#", justify="right")
    table.add_column("bot", style="bold")
    table.add_column("Elo", justify="right")
    table.add_column("won", justify="right")
    table.add_column("lost", justify="right")
    table.add_column("ms/move", justify="right")
    won = dict.fromkeys(result.elo, 0)
    lost = dict.fromkeys(result.elo, 0)
    for pair in result.pairs:
        if pair.a != pair.b:
            won[pair.a] += pair.a_wins
            lost[pair.a] += pair.b_wins
            won[pair.b] += pair.b_wins
            lost[pair.b] += pair.a_wins
    timing = result.decision_ms()
    ranked = sorted(result.elo.items(), key=lambda item: -item[1])
    for rank, (spec, rating) in enumerate(ranked, 1):
        table.add_row(
            str(rank), spec, f"{rating:.0f}", str(won[spec]), str(lost[spec]), _ms(timing[spec])
        )
    return table


def arena(
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            metavar="SPECS",
            help="Comma-separated bot specs, e.g. search:3,heuristic,random.",
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Games per pair.")] = 20,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", "-j", metavar="J", help="Worker processes (default: the number of CPUs)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the whole run.")] = 0,
    turn_limit: Annotated[
        int,
        typer.Option(
            "--turn-limit",
            metavar="TURNS",
            help="A game still going after this many turns is unfinished.",
        ),
    ] = DEFAULT_TURN_LIMIT,
    json_out: Annotated[
        Path | None,
        typer.Option("--json", metavar="OUT", help="Write the results as JSON to this file."),
    ] = None,
    records_out: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="OUT",
            help=(
                "Write every game's record to this file, one JSON line a game (docs/format.md,"
                " with an 'arena' field naming who sat where and how it ended)."
            ),
        ),
    ] = None,
    placement: Annotated[
        str,
        typer.Option(
            "--placement",
            metavar="MODES",
            help=(
                "Where each bot's cards stand before the first action: 'random'"
                " deals both arrangements from the game's seed; 'bot' lets each bot place"
                " its own. One mode for all, or one per bot of --bots: '--bots"
                " search:3,search:3 --placement bot,random' pits the bot's placement against"
                " a uniform one (the entries are then named search:3@bot, search:3@random)."
            ),
        ),
    ] = "random",
) -> None:
    """Bots against each other: a round robin, win rates with 95% intervals, Elo ratings."""
    if bots is None:
        _fail("--bots is required, e.g. --bots search:3,heuristic,random")
    workers = default_jobs() if jobs is None else jobs
    try:
        specs = parse_bots(bots)
        check_settings(specs, games, workers, turn_limit)
        modes = parse_placement(placement, len(specs))
    except ArenaError as error:
        _fail(str(error))
    for option, path in (("--json", json_out), ("--records", records_out)):
        if (why := unwritable(option, path)) is not None:
            _fail(why)
    out = Console()
    errors = Console(stderr=True)
    progress = progress_bar("arena", "games", errors, _RateColumn())
    task = progress.add_task("arena", total=None)

    def advance(done: int, total: int) -> None:
        """The arena's progress callback: move the bar."""
        progress.update(task, completed=done, total=total)

    try:
        result = _run(
            progress,
            lambda: run_arena(
                specs, games, seed, turn_limit, workers, advance, modes, records_out is not None
            ),
        )
    except ArenaError as error:
        _fail(str(error))
    except GameError as error:
        _fail(str(error), status=1)
    except KeyboardInterrupt:
        _fail("interrupted", status=130)
    if json_out is not None:
        try:
            json_out.write_text(result.dumps(), encoding="utf-8")
        except OSError as error:
            _fail(f"--json: cannot write {json_out}: {error}", status=1)
    if records_out is not None:
        try:
            records_out.write_text("".join(result.record_lines()), encoding="utf-8")
        except OSError as error:
            _fail(f"--records: cannot write {records_out}: {error}", status=1)
    out.print(pairs_table(result))
    out.print(elo_table(result))
    out.print(
        f"{len(result.games)} games in {result.elapsed:.1f} s"
        f" ({result.games_per_second:.2f} games/s, {workers} job{'s' * (workers != 1)},"
        f" seed {seed}, turn limit {turn_limit}, placement {','.join(dict.fromkeys(modes))})"
    )
    if json_out is not None:
        out.print(f"Results written to {json_out}", markup=False, highlight=False)
    if records_out is not None:
        out.print(f"Records written to {records_out}", markup=False, highlight=False)


def _run(progress: Progress, run: Callable[[], ArenaResult]) -> ArenaResult:
    """``run()`` with ``progress`` shown; a failed run takes its progress bar away."""
    progress.start()
    try:
        return run()
    except BaseException:
        progress.live.transient = True
        raise
    finally:
        progress.stop()


def register(app: typer.Typer) -> None:
    """Add the ``arena`` command to ``app``."""
    app.command("arena")(arena)
