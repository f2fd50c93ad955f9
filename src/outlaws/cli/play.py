"""``outlaws play`` — a game against a bot in the terminal, drawn with Rich.

The command holds the true :class:`~outlaws.engine.State`, because it has to apply the
actions, but everything it prints is drawn from the human seat's
:class:`~outlaws.engine.View` (R8.3): the table as that seat knows it, the events redacted
for it, and, with the notebook on, what :class:`~outlaws.deduce.Belief` deduces from that
view alone. The only words that come from the state are the engine's reasons for refusing
one of the human's own actions.

The human never types an impossible move: every prompt offers only options that lead to
one of the engine's legal actions, and typed notation is matched against that list.

Before the first turn the human places its cards (R3.1, :mod:`~outlaws.cli.placing`) while
the bot places its own through :func:`outlaws.bots.placement.bot_placement`, and the game
is :meth:`Setup.placed <outlaws.engine.Setup.placed>` from the seed; ``--placement random``
deals both arrangements from the seed instead, with no question asked.

The pieces: :mod:`~outlaws.cli.screen` draws the table, :mod:`~outlaws.cli.notebook`
deduces, :mod:`~outlaws.cli.chooser` narrows the legal actions step by step,
:mod:`~outlaws.cli.prompt` asks, :mod:`~outlaws.cli.session` plays the game; this module
is the command.
"""

from __future__ import annotations

import random
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ..engine import Placement, Setup, State
from .catalogue import ENGLISH, Catalogue, languages
from .gamelog import Reader
from .placing import ask_placement
from .prompt import Prompt, Quit
from .session import Session, save_record

#: The default opponents, strongest first, that still answer at once; else ``random``.
STRONGER_BOTS: tuple[str, ...] = ("heuristic",)


class PlacementMode(StrEnum):
    """How the arrangements are made (R3.1): asked of the human (the bot places its own),
    or both dealt from the seed, the game of a seed alone."""

    choose = "choose"
    random = "random"


def play(
    bot: Annotated[
        str | None,
        typer.Option(
            help="The opponent: a registered bot spec (name, or name:level 1-5)."
            " Default: heuristic (random when no stronger bot is registered).",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        int, typer.Option(min=0, max=1, help="Your seat, 0 or 1 (who starts is drawn).")
    ] = 0,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal and of the bot (default: the clock).")
    ] = None,
    notebook: Annotated[
        bool,
        typer.Option(
            "--notebook/--no-notebook",
            help="Show what you can deduce: likeliest cards under theirs, exposure of yours.",
        ),
    ] = False,
    records: Annotated[
        Path,
        typer.Option(
            "--records",
            help="Folder where the record is saved at the end (and your last placement).",
        ),
    ] = Path("records"),
    placement: Annotated[
        PlacementMode,
        typer.Option(
            help="choose: place your cards before the first turn;"
            " random: both arrangements dealt from the seed, no questions.",
        ),
    ] = PlacementMode.choose,
    turn_limit: Annotated[
        int | None,
        typer.Option(hidden=True, min=1, help="End with no winner after this many turns."),
    ] = None,
    lang: Annotated[
        str,
        typer.Option(
            help="The language of the game's log and of the players' names, as on the web"
            f" table: {', '.join(languages())}.",
        ),
    ] = ENGLISH,
) -> None:
    """Play a game against a bot in the terminal; the record is saved at the end."""
    from ..bots import bot_names, make_bot

    if bot is None:
        bot = next(name for name in (*STRONGER_BOTS, "random") if name in bot_names())
    if seed is None:
        seed = time.time_ns() % 1_000_000
    try:
        opponent = make_bot(bot, seed + 1)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--bot") from None
    try:
        catalogue = Catalogue(lang)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--lang") from None
    reader = Reader.facing(catalogue, seat, catalogue.bot_label(bot.strip()))
    console = Console(highlight=False)
    if placement is PlacementMode.random:
        state = State.new(seed=seed, turn_limit=turn_limit)
    else:
        try:
            placements = _placements(console, reader, bot.strip(), seed, records)
        except (Quit, KeyboardInterrupt):
            console.print()
            console.print(Text("You left before the first turn: no game, nothing saved."))
            return
        setup = Setup.placed(seed, placements)
        state = State.new(seed=seed, setup=setup, turn_limit=turn_limit)
    session = Session(state, reader, opponent, console, notebook, seed)
    try:
        ended = session.run()
    except Exception:
        # A failing bot is a bug: keep the game that shows it, then let it be reported.
        path = save_record(state, records, seed)
        console.print(Text(f"Record of the game so far: {path}", style="bold red"))
        raise
    session.finish(ended, records)


def _placements(
    console: Console, reader: Reader, bot_spec: str, seed: int, records: Path
) -> list[Placement]:
    """Both seats' placements, seat 0 first: the human's asked, the bot's from its own
    entry, which is given the seed and its seat only (both place at the same time, unseen,
    R3.1)."""
    from ..bots import placement as bot_placing

    seat = reader.viewer
    assert seat is not None

    def nothing_to_draw() -> None:
        """There is no table before the placement."""

    mine = ask_placement(
        Prompt(console, nothing_to_draw), seat, random.Random(f"{seed}/placement/you"), records
    )
    theirs = bot_placing.bot_placement(bot_spec, seed, seat=1 - seat)
    bot_name = reader.names[1 - seat]
    console.print(Text(f"{bot_name} has placed its cards too.", style="dim"))
    return [mine, theirs] if seat == 0 else [theirs, mine]


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to ``app``."""
    app.command("play")(play)
