"""Placing one's cards before the first turn of ``outlaws play`` (R3.1).

Both seats place at the same time and unseen (docs/rules.md R3.1, Decision): the human is
asked here, the bot answers :func:`outlaws.bots.placement.bot_placement` without being
shown anything of the human's. The human may type a placement in notation
(docs/notation.md, "Placements"), ``random`` for one drawn uniformly, or ``last`` for the
one played last time. Every answer is read by the engine's
:meth:`~outlaws.engine.Placement.parse`, so its reasons are the ones shown on error.

``last`` reads a one-line file, :data:`LAST_FILE`, in the records folder: that is the one
folder ``outlaws play`` already writes to, and the user chooses it (``--records``), so a
placement is remembered per folder of games and nowhere the user did not ask for. It holds
the placement in notation, so it can be read or edited by hand; a file that cannot be
read is treated as no previous placement.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine import CHARACTERS, Placement, PlacementError
from .prompt import Prompt, Quit
from .screen import display_columns
from .style import card_text
from .words import plain

#: The file of the records folder that remembers the last placement confirmed.
LAST_FILE = "last-placement.txt"

#: What each character does, one line each (docs/rules.md R6, in short; left and right are
#: read from your own seat).
ABILITIES: dict[str, str] = {
    "governor": "no ability; wins by taking the Election while you hold more Votes."
    " Never in the Saloon",
    "hitman": "pays a Bullet to shoot their card opposite: their Governor there, you win,"
    " unless their Sheriff beside him intercepts",
    "sheriff": "pays Handcuffs, names Hitman (arrest: you win) or Bandit (immobilized) opposite;"
    " beside your Governor he can stop their Hitman",
    "indian": "reveals their card opposite",
    "storekeep": "exchanges two tokens beside him, or one with the reserve's top",
    "dancer": "pulls one of their cards from up to 2 columns away to opposite her",
    "reporter": "spends a Headline marker naming their card opposite (any but the Governor):"
    " if right, it stays face up for good",
    "bandit": "names Hitman or Sheriff opposite: if right, steals their Bullet or Handcuffs",
    "reverend": "frees your immobilized Bandit on his left, or cancels their Sheriff's arrest"
    " or immobilization of that card",
    "mayor": "widens the reach of the card on his right (Sheriff, Indian, Storekeep,"
    " Reporter) by one column; not for looking at or taking a token",
}

EXAMPLE = "gov hit sher ind store dan rep band | rev mayor"
_YES = {"", "y", "yes"}
_NO = {"n", "no"}


def roster() -> Group:
    """The ten characters with what each does, and how to write a placement."""
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for name in CHARACTERS:
        grid.add_row(card_text(name, full=True), Text(ABILITIES[name], style="dim"))
    how = Text.assemble(
        "Write your ",
        ("8 street cards", "bold"),
        " (column 1 first), then ",
        ("|", "bold cyan"),
        ", then your ",
        ("2 Saloon cards", "bold"),
        ". Names may be shortened to any start no other card shares (",
        ("gov", "cyan"),
        ", ",
        ("sh", "cyan"),
        ", ",
        ("rep", "cyan"),
        "). For example:",
    )
    other = Text.assemble(
        "Or ",
        ("random", "cyan"),
        " (a placement drawn at random), ",
        ("last", "cyan"),
        " (the one you played last time), ",
        ("help", "cyan"),
        " (this list again), ",
        ("quit", "cyan"),
        ".",
    )
    return Group(
        Text("Your characters", style="bold underline"),
        grid,
        Text(""),
        how,
        Text("  " + EXAMPLE, style="cyan"),
        other,
    )


def placement_row(placement: Placement, seat: int) -> Table:
    """``placement`` as the seat will see its side of the table (R2.2), and its Saloon."""
    columns = display_columns(seat)
    table = Table(box=box.ROUNDED, padding=(0, 0), header_style="bold", border_style="grey50")
    table.add_column("", no_wrap=True, style="bold")
    for col in columns:
        table.add_column(str(col), justify="center", no_wrap=True, min_width=8)
    table.add_row(
        Text("You", style="bold green"),
        *(card_text(CHARACTERS[placement.street[col - 1]]) for col in columns),
    )
    saloon = Text(", ").join(card_text(CHARACTERS[ch], full=True) for ch in placement.saloon)
    grid = Table.grid(padding=(0, 1))
    grid.add_row(table)
    grid.add_row(Text.assemble(("Saloon  ", "bold"), saloon))
    return grid


def read_last(folder: Path) -> Placement | None:
    """The placement remembered in ``folder``, if there is a readable one."""
    try:
        return Placement.parse((folder / LAST_FILE).read_text(encoding="utf-8").strip())
    except (OSError, UnicodeDecodeError, PlacementError):
        return None


def remember(folder: Path, placement: Placement) -> None:
    """Keep ``placement`` for ``last`` next time (a failure to write only loses that)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / LAST_FILE).write_text(placement.to_notation() + "\n", encoding="utf-8")
    except OSError:
        pass


def ask_placement(prompt: Prompt, seat: int, rng: random.Random, folder: Path) -> Placement:
    """The human's placement, asked until one is valid and confirmed. Raises
    :class:`~outlaws.cli.prompt.Quit` if the human leaves."""
    console = prompt.console
    console.rule(Text("Place your cards", style="bold"), style="grey37")
    console.print(
        Text(
            "Before the first turn each side secretly places its ten characters: eight on"
            " Main Street, two in the Saloon (seen by both). Your opponent is placing its"
            " own at the same time and will not see yours.",
        )
    )
    if seat == 1:
        console.print(
            Text("You sit across the table: column 1 is at your RIGHT.", style="italic dim")
        )
    console.print(roster())
    while True:
        text = prompt.read("[bold]Your placement[/] [dim](notation, random or last)[/] [cyan]›[/] ")
        word = text.lower()
        if word in ("quit", "q", "exit", ":q"):
            answer = prompt.read("[bold]Really quit?[/] No game is played. [dim]\\[y/N][/] ")
            if answer.lower() in ("y", "yes"):
                raise Quit
            continue
        if word in ("help", "h", "?"):
            console.print(roster())
            continue
        if not word:
            continue
        if word == "random":
            placement = Placement.random(rng)
        elif word == "last":
            found = read_last(folder)
            if found is None:
                prompt.error(f"No previous placement is kept in {folder}: write one.")
                continue
            placement = found
        else:
            try:
                placement = Placement.parse(text)
            except PlacementError as error:
                where = _where(error.field)
                words = plain(error.reason)
                reason = words if where else words[:1].upper() + words[1:]
                prompt.error(f"{where}{reason}.")
                continue
        console.print(placement_row(placement, seat))
        answer = prompt.read("[bold]Play with this placement?[/] [dim]\\[Y/n][/] ").lower()
        if answer in _YES:
            remember(folder, placement)
            return placement
        if answer not in _NO:
            prompt.error("Answer y (play it) or n (place again).")
        console.print(Text("Place again.", style="dim"))


def _where(field: str) -> str:
    """Which part of a placement an engine error is about, in words (or nothing)."""
    part, _, index = field.removeprefix("placement").lstrip(".").partition("[")
    if not part:
        return ""
    if not index:
        return "Street: " if part == "street" else "Saloon: "
    n = int(index.rstrip("]")) + 1
    return f"Column {n}: " if part == "street" else f"Saloon card {n}: "


__all__ = ["ABILITIES", "LAST_FILE", "ask_placement", "placement_row", "read_last", "roster"]
