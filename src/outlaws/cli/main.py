"""``outlaws`` — replay records and watch or play games from the terminal."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from ..engine import Action, OutlawsError, State, record_of, replay_text, seat_view
from .analyse import register as register_analyse
from .arena import register as register_arena
from .catalogue import Catalogue
from .gamelog import Reader, describe_at
from .play import register
from .serve import register as register_serve

app = typer.Typer(
    help="Outlaws: Last Man Standing — the two-player Wild West bluffing game.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def replay(
    record: Annotated[
        str, typer.Argument(help="A record file (docs/format.md), or - for standard input.")
    ],
    view: Annotated[
        int | None, typer.Option("--view", min=0, max=1, help="Print only what this seat may know.")
    ] = None,
) -> None:
    """Apply every action of RECORD and print the resulting state as JSON (docs/format.md)."""
    try:
        text = sys.stdin.read() if record == "-" else Path(record).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _fail(f"record: cannot read {record}: {error}")
    try:
        state = replay_text(text)
    except OutlawsError as error:
        _fail(str(error))
    out = state.to_json() if view is None else seat_view(state, view).to_json()
    sys.stdout.write(json.dumps(out, indent=2) + "\n")


@app.command()
def demo(
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal and of the bots (default: the clock).")
    ] = None,
    records: Annotated[Path, typer.Option(help="Folder for the saved record.")] = Path("records"),
    turn_limit: Annotated[
        int, typer.Option(help="End the game with no winner after this many turns.")
    ] = 500,
    bots: Annotated[
        str, typer.Option(help="The two bots, seat 0 first: random, heuristic, search:1..5.")
    ] = "heuristic,heuristic",
) -> None:
    """Watch two bots play a whole game, turn by turn; the record is saved at the end."""
    from ..bots import make_bot, play_game

    specs = [spec.strip() for spec in bots.split(",")]
    if len(specs) != 2:
        _fail("--bots: name two bots, seat 0 first, e.g. heuristic,random")
    if seed is None:
        seed = time.time_ns() % 1_000_000
    state = State.new(seed=seed, turn_limit=turn_limit)
    try:
        players = [make_bot(spec, seed + seat) for seat, spec in enumerate(specs)]
    except ValueError as error:
        _fail(f"--bots: {error}")
    reader = Reader(Catalogue(), None, _names(Catalogue(), specs[0], specs[1]))
    typer.echo(f"Outlaws — {reader.names[0]} against {reader.names[1]}, seed {seed}.")
    assert state.to_act is not None
    typer.echo(f"{reader.names[state.to_act]} starts.")
    shown = 0

    def show(current: State, seat: int, action: Action) -> None:
        nonlocal shown
        events = seat_view(current, None).log
        for i in range(shown, len(events)):
            line = describe_at(events, i, reader)
            if line is not None:
                typer.echo(line)
        shown = len(events)

    play_game(state, players, on_action=show)  # the log's last line says how it ended
    records.mkdir(parents=True, exist_ok=True)
    path = records / f"game-{seed}.json"
    path.write_text(record_of(state).dumps(), encoding="utf-8")
    typer.echo(f"Record saved: {path}")


def _names(catalogue: Catalogue, first: str, second: str) -> tuple[str, str]:
    """How the two bots of a demo are called, as the web table calls them: by rank, and
    with their seat's number too when both have the same one ("Medium bot 1")."""
    labels = (catalogue.bot_label(first), catalogue.bot_label(second))
    if labels[0] != labels[1]:
        return labels
    return (
        catalogue.t("player.twin", name=labels[0], n=1),
        catalogue.t("player.twin", name=labels[1], n=2),
    )


register_arena(app)
register_analyse(app)


def _fail(message: str) -> NoReturn:
    """One line on standard error, exit status 2 (docs/format.md)."""
    sys.stderr.write(message.splitlines()[0] + "\n")
    raise typer.Exit(2)


register(app)
register_serve(app)


def main() -> None:
    app()
