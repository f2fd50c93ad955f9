"""``outlaws analyse``: the analysis of finished games, every decision judged from its
player's view (docs/analysis.md), on every core, with a progress bar. The options are
read here; the work (:mod:`outlaws.cli.analysing`) is imported when the command runs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def analyse(
    records: Annotated[
        list[str],
        typer.Argument(
            metavar="RECORD", help="Record files (docs/format.md), or - for standard input."
        ),
    ],
    json_out: Annotated[
        Path | None,
        typer.Option(
            "--json",
            metavar="OUT",
            help="Write the analyses as JSON to this file (docs/analysis.md).",
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            metavar="N",
            min=1,
            help="Worker processes (default: the number of CPUs).",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="S", help="Seed of the hidden worlds drawn.")
    ] = 0,
    budget_text: Annotated[
        str | None,
        typer.Option(
            "--budget",
            metavar="C,W,S",
            help=(
                "What one decision may cost: candidates weighed, worlds drawn, actions"
                " simulated (default: the server's). More is slower and steadier."
            ),
        ),
    ] = None,
    belief: Annotated[
        str | None,
        typer.Option(
            "--belief",
            metavar="movers|rules",
            help=(
                "How the judge reads the opponent's moves: as players are measured to move"
                " (movers, the default) or as the rules alone allow (rules)."
            ),
        ),
    ] = None,
) -> None:
    """Judge every decision of finished games from what its player could know, and show
    each player's mistakes beside the better choice."""
    from .analysing import run

    run(records, json_out, jobs, seed, budget_text, belief)


def register(app: typer.Typer) -> None:
    """Add the ``analyse`` command to ``app``."""
    app.command("analyse")(analyse)
