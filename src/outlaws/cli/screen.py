"""Drawing the table screen of ``outlaws play`` with Rich.

Every function here takes a :class:`~outlaws.engine.View`, never a State: the screen
shows the table as one seat knows it (R8.3), their face-down cards as '?'.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..engine import COLUMNS, Event, View
from .gamelog import Reader, describe_at
from .notebook import Notes, exposure_row, guess_rows
from .style import CELL, HOW_WORDS, LABEL, TOKEN_LABEL, TOKEN_STYLE, UNKNOWN, card_text


def display_columns(seat: int) -> list[int]:
    """The columns 1..8 from left to right as ``seat`` sees them (R2.2): seat 0 reads
    them growing to its right; seat 1 sits across the table, so they grow to its left."""
    columns = list(range(1, COLUMNS + 1))
    return columns if seat == 0 else columns[::-1]


def _token(view: View, slot: int) -> Text:
    if slot >= view.filled:
        return Text("")
    token = view.slots[slot]
    if token is None:
        return UNKNOWN.copy()
    return Text(TOKEN_LABEL[token], style=TOKEN_STYLE[token])


def _marks(view: View, seat: int, columns: Sequence[int]) -> list[Text] | None:
    """The marks row of a seat (immobilized, headlined), or None when it has none."""
    side = view.seats[seat]
    if not side.immobilized and not side.headlined:
        return None
    cells = []
    for col in columns:
        if col in side.immobilized:
            cells.append(Text("immobile", style="bold red"))
        elif col in side.headlined:
            cells.append(Text("headline", style="bold magenta"))
        else:
            cells.append(Text(""))
    return cells


def table_of(view: View, notes: Notes | None = None) -> Table:
    """Main Street as ``view.viewer`` knows it: their cards on the far side (face-down ones
    as '?'), the token slots in the middle, yours on the near side, columns in the seat's
    own reading direction (R2.2)."""
    me = view.viewer
    if me is None:
        raise ValueError("the table is drawn for a seat, not for a spectator")
    them = 1 - me
    columns = display_columns(me)
    table = Table(
        box=box.ROUNDED,
        padding=(0, 0),
        header_style="bold",
        border_style="grey50",
        show_edge=True,
        pad_edge=False,
    )
    table.add_column("", width=LABEL, no_wrap=True, style="bold")
    for col in columns:
        table.add_column(str(col), width=CELL, justify="center", no_wrap=True)

    if view.over:
        notes = None  # everything is face up: nothing left to deduce (R8.6)

    def street(seat: int) -> list[Text]:
        side = view.seats[seat]
        return [
            card_text(
                side.street[c - 1], immobile=c in side.immobilized, headline=c in side.headlined
            )
            for c in columns
        ]

    # Their side: cards, marks, the notebook's guesses.
    far: list[tuple[Text, list[Text]]] = [(Text("Them", style="bold yellow"), street(them))]
    marks = _marks(view, them, columns)
    if marks:
        far.append((Text(""), marks))
    if notes is not None:
        governor, other = guess_rows(view, notes, columns)
        far.append((Text("guess", style="dim"), governor))
        if any(cell.plain for cell in other):
            far.append((Text(""), other))
    # Your side: cards, marks, how exposed they are.
    near: list[tuple[Text, list[Text]]] = [(Text("You", style="bold green"), street(me))]
    marks = _marks(view, me, columns)
    if marks:
        near.append((Text(""), marks))
    if notes is not None:
        near.append((Text("known", style="dim"), exposure_row(notes, columns)))
    slots = [(Text("Slot", style="bold"), [_token(view, c - 1) for c in columns])]
    for section in (far, slots, near):
        for r, (label, cells) in enumerate(section):
            table.add_row(label, *cells, end_section=r == len(section) - 1)
    return table


def _stash_cell(n: int, style: str) -> Text:
    return Text(str(n), style=style if n else "dim")


def stashes_of(view: View, opponent_name: str) -> Table:
    """Both Saloons and stashes."""
    me = view.viewer
    assert me is not None
    table = Table(box=None, padding=(0, 1), header_style="dim", pad_edge=False)
    table.add_column("Stash", no_wrap=True, header_style="dim")
    table.add_column("Saloon", no_wrap=True)
    for name in ("Bullets", "Cuffs", "Votes", "Headlines", "Election"):
        table.add_column(name, justify="right", no_wrap=True)
    for seat, who, style in (
        (1 - me, f"Them ({opponent_name})", "bold yellow"),
        (me, "You", "bold green"),
    ):
        side = view.seats[seat]
        saloon = Text(", ").join(card_text(name, full=True) for name in side.saloon)
        table.add_row(
            Text(who, style=style),
            saloon,
            _stash_cell(side.stash["bullet"], TOKEN_STYLE["bullet"]),
            _stash_cell(side.stash["handcuffs"], TOKEN_STYLE["handcuffs"]),
            _stash_cell(side.stash["vote"], "bold green"),
            _stash_cell(side.stash["headline"], "bold magenta"),
            _stash_cell(side.stash["election"], TOKEN_STYLE["election"]),
        )
    return table


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def supply_line(view: View) -> Text:
    """The reserve's size, the discard and (in sudden death) the tokens set aside."""
    line = Text()
    line.append("Reserve ", style="dim")
    line.append(_count(view.reserve, "token"))
    line.append("  ·  Discard ", style="dim")
    line.append(
        f"{_count(view.discard['bullet'], 'Bullet')}, {view.discard['handcuffs']} Handcuffs"
    )
    aside = sum(view.aside.values())
    if aside:
        line.append("  ·  Set aside ", style="dim")
        line.append(_count(aside, "token"))
    if view.sudden_death:
        line.append("  ·  ", style="dim")
        line.append("SUDDEN DEATH", style="bold red")
    return line


def status_line(view: View, opponent_name: str) -> Text:
    """Whose turn it is and how many actions are left, or how the game ended."""
    me = view.viewer
    assert me is not None
    if view.over:
        if view.winner is None:
            return Text("Game over — no winner (turn limit).", style="bold")
        how = HOW_WORDS.get(view.how or "", view.how or "")
        if view.winner == me:
            return Text(f"Game over — you won {how}!", style="bold green")
        return Text(f"Game over — {opponent_name} won {how}.", style="bold red")
    if view.pending is not None:
        who = "You are" if view.to_act == me else f"{opponent_name} is"
        return Text(f"{who} asked to react ({view.pending} or pass).", style="bold magenta")
    action = 3 - view.actions_left
    if view.to_act == me:
        return Text(f"Your turn — action {action} of 2.", style="bold green")
    return Text(f"{opponent_name}'s turn — action {action} of 2.", style="yellow")


def screen_of(
    view: View, opponent_name: str, notes: Notes | None = None, seed: int | None = None
) -> Group:
    """The whole table screen for ``view.viewer``: title, table, stashes, turn."""
    me = view.viewer
    assert me is not None
    title = Text()
    title.append("OUTLAWS", style="bold yellow")
    title.append(f"  ·  turn {view.turn}  ·  you against {opponent_name}")
    if seed is not None:
        title.append(f"  ·  seed {seed}", style="dim")
    parts: list[RenderableType] = [title, table_of(view, notes)]
    if me == 1:
        parts.append(
            Text(
                "You sit across the table: column numbers grow to your LEFT.",
                style="italic dim",
            )
        )
    if notes is not None and not view.over:
        parts.append(
            Text(
                "Notebook: under their cards, the chance of their Governor and the likeliest"
                " other card; 'known': how sure they can be of each of yours.",
                style="italic dim",
            )
        )
    parts += [stashes_of(view, opponent_name), supply_line(view), status_line(view, opponent_name)]
    return Group(*parts)


def events_of(log: Sequence[Event], since: int, reader: Reader, limit: int = 14) -> Group:
    """The events of ``log`` from ``since`` on, as the browser's log says them to
    ``reader`` (an action and the reveal of its card in one line), coloured by who
    acted, the last ``limit`` of them; long lines wrap under their own start."""
    viewer = reader.viewer
    lines: list[RenderableType] = []
    said = [(log[i], describe_at(log, i, reader)) for i in range(since, len(log))]
    shown = [(event, words) for event, words in said if words is not None]
    if len(shown) > limit:
        lines.append(Text(f"  … {len(shown) - limit} earlier events", style="dim"))
        shown = shown[-limit:]
    for event, words in shown:
        if event.type == "turn":
            style = "bold green" if event.seat == viewer else "bold yellow"
            lines.append(Text(words, style=style))
            continue
        if event.type in ("win", "limit", "sudden_death"):
            style = "bold magenta"
        elif event.seat == viewer:
            style = "green"
        elif event.seat is None:
            style = "magenta"
        else:
            style = "yellow"
        lines.append(Padding(Text(words, style=style), (0, 0, 0, 2)))
    return Group(*lines)
