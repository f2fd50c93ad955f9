"""What the long commands over many games (``outlaws arena``, ``outlaws analyse``) share:
a failure said in one line, output paths checked before the work, and the progress bar."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def fail(command: str, message: str, status: int = 2) -> NoReturn:
    """One line on standard error, named for ``command``, then exit with ``status``."""
    typer.echo(f"{command}: {message.splitlines()[0] if message else 'failed'}", err=True)
    raise typer.Exit(status)


def unwritable(option: str, path: Path | None) -> str | None:
    """Why ``path``, given to ``option``, cannot be written (None: it can be tried)."""
    if path is not None and not path.parent.is_dir():
        return f"{option}: no such folder: {path.parent}"
    if path is not None and path.is_dir():
        return f"{option}: is a folder: {path}"
    return None


def progress_bar(command: str, unit: str, errors: Console, *extra: ProgressColumn) -> Progress:
    """A bar counting ``unit`` on standard error (``errors``), with ``extra`` columns
    before the times; off when standard error is not a terminal."""
    return Progress(
        TextColumn(f"[bold]{command}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        *extra,
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=errors,
        disable=not errors.is_terminal,  # a bar is for the eyes, not for logs and pipes
    )
