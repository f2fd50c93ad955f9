"""``outlaws play`` — a game against a bot in the terminal, drawn with Rich.

The command holds the true :class:`~outlaws.engine.State`, because it has to apply the
actions, but everything it prints is drawn from the human seat's
:class:`~outlaws.engine.View` (R8.3): the table as that seat knows it, the events redacted
for it, and, with the notebook on, what :class:`~outlaws.deduce.Belief` deduces from that
view alone. The only words that come from the state are the engine's reasons for refusing
one of the human's own actions.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..engine import (
    ACTION_TYPES,
    CHARACTERS,
    COLUMNS,
    Action,
    Event,
    OutlawsError,
    State,
    View,
    parse_notation,
    record_of,
)
from ..engine.errors import IllegalAction
from .words import describe

if TYPE_CHECKING:  # the bots and the deduction layer (NumPy) load only when a game starts
    import numpy as np

    from ..bots import Bot

# -- names and colours ---------------------------------------------------------------------

#: Character names in at most 8 letters: a table cell is 8 wide, so that 80 columns do.
CARD_LABEL: dict[str, str] = {name: name.capitalize() for name in CHARACTERS}
CARD_LABEL["storekeep"] = "Storekp."
#: Three-letter names for the notebook's guesses ("Gov 62%").
CARD_ABBR: dict[str, str] = {name: name[:3].capitalize() for name in CHARACTERS}
CARD_STYLE: dict[str, str] = {
    "governor": "bold yellow",
    "hitman": "bold red",
    "sheriff": "bold cyan",
    "indian": "green",
    "storekeep": "magenta",
    "dancer": "bright_magenta",
    "reporter": "bright_blue",
    "bandit": "red",
    "reverend": "bold",
    "mayor": "cyan",
}
TOKEN_LABEL: dict[str, str] = {
    "bullet": "Bullet",
    "handcuffs": "Cuffs",
    "vote": "Vote",
    "bogus": "Bogus",
    "election": "Election",
}
TOKEN_STYLE: dict[str, str] = {
    "bullet": "bold red",
    "handcuffs": "bold cyan",
    "vote": "green",
    "bogus": "dim",
    "election": "bold yellow",
}
HOW_WORDS: dict[str, str] = {
    "good": "by election",
    "bad": "by assassination",
    "ugly": "by arresting the Hitman",
}
UNKNOWN = Text("?", style="dim")
#: The default opponents, strongest first, that still answer at once; else ``random``.
STRONGER_BOTS: tuple[str, ...] = ("heuristic",)
CELL = 8
LABEL = 5

#: The notation (the same as docs/notation.md), as (form, what it does) pairs.
NOTATION: tuple[tuple[str, str], ...] = (
    ("move A B swap", "swap your cards at columns A and B"),
    ("move A B pretend", "only pretend to (they cannot tell)"),
    ("saloon CARD A B TO_SALOON AT_A", "CARD leaves your Saloon; of it and your"),
    ("", "cards at A and B, TO_SALOON goes in and"),
    ("", "AT_A ends at A (the third at B)"),
    ("look C", "reveal your card at C, look at slot C's token"),
    ("take C TOKEN", "TOKEN: vote, bullet, handcuffs or election"),
    ("hitman C", "pay a Bullet, fire at their card opposite"),
    ("sheriff C CALL [@T] [+mayor]", "pay a Handcuffs; CALL: hitman or bandit"),
    ("indian C [@T] [+mayor]", "look at their card opposite"),
    ("storekeep C S1 S2 [+mayor]", "exchange the tokens of slots S1 and S2"),
    ("storekeep C S supply [+mayor]", "exchange slot S with the reserve's top token"),
    ("dancer C @F", "pull their card at column F to column C"),
    ("reporter C CALL [@T] [+mayor]", "pay a Headline marker; CALL: not the Governor"),
    ("bandit C CALL", "CALL: hitman or sheriff, to steal one token"),
    ("reverend C", "free your immobilized Bandit at his left"),
)


def notation_help() -> Group:
    """The notation and the other words the prompt understands."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for form, words in NOTATION:
        grid.add_row(Text("  " + form), Text(words))
    head = Text.assemble(
        ("Notation", "bold"),
        " — columns 1..8 as the table numbers them; ",
        ("@T", "bold"),
        " names one of their columns (a neighbour of the opposite one with the Mayor); ",
        ("+mayor", "bold"),
        " reveals your Mayor too (R6.10).",
    )
    tail = Text.assemble(
        "Also: a number from the list, ",
        ("table", "cyan"),
        " (draw the table again), ",
        ("help", "cyan"),
        ", ",
        ("quit", "cyan"),
        ".",
    )
    return Group(head, grid, tail)


def display_columns(seat: int) -> list[int]:
    """The columns 1..8 from left to right as ``seat`` sees them (R2.2): seat 0 reads
    them growing to its right; seat 1 sits across the table, so they grow to its left."""
    columns = list(range(1, COLUMNS + 1))
    return columns if seat == 0 else columns[::-1]


def _card(
    name: str | None, *, immobile: bool = False, headline: bool = False, full: bool = False
) -> Text:
    """A character's name in its colour ('?' when unknown); ``full``: not shortened."""
    if name is None:
        return UNKNOWN.copy()
    style = CARD_STYLE[name]
    if immobile:
        style += " reverse"
    elif headline:
        style += " underline"
    return Text(name.capitalize() if full else CARD_LABEL[name], style=style)


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


# -- the notebook ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Notes:
    """What the notebook shows, all deduced from the seat's view.

    ``guesses``: P(their card at column c is character i), 8 × 10 (Belief.marginals);
    ``exposure``: for each of your columns 1..8, how sure *they* can be of the card there.
    """

    guesses: np.ndarray
    exposure: tuple[float, ...]


class Notebook:
    """Keeps the two beliefs of one seat up to date: about the opponent's cards, and
    what the opponent can deduce about this seat's own cards."""

    def __init__(self, view: View) -> None:
        from ..deduce import Belief

        self.belief = Belief(view)
        self.exposed = Belief(view, about=view.viewer)

    def notes(self, view: View) -> Notes:
        """Read the new events of ``view`` and return the notes to show."""
        self.belief.update(view)
        self.exposed.update(view)
        assert view.viewer is not None
        mine = view.seats[view.viewer].street
        about_me = self.exposed.marginals()
        exposure = tuple(
            float(about_me[c, CHARACTERS.index(name)]) if name is not None else 0.0
            for c, name in enumerate(mine)
        )
        return Notes(self.belief.marginals(), exposure)


def _guess_rows(view: View, notes: Notes, columns: Sequence[int]) -> list[list[Text]]:
    """Under each of their face-down cards: the chance that it is their Governor, and
    the likeliest other character when one stands out."""
    assert view.viewer is not None
    street = view.seats[1 - view.viewer].street
    governor: list[Text] = []
    other: list[Text] = []
    for col in columns:
        if street[col - 1] is not None:
            governor.append(Text(""))
            other.append(Text(""))
            continue
        p = [float(x) for x in notes.guesses[col - 1]]
        g = p[0]
        style = "bold yellow" if g >= 0.5 else "yellow" if g > 0 else "dim"
        governor.append(Text(f"{CARD_ABBR['governor']} {g:>4.0%}", style=style))
        ranked = sorted(range(1, len(CHARACTERS)), key=lambda i: -p[i])
        best, second = ranked[0], ranked[1]
        if p[best] > p[second] + 1e-9:
            name = CHARACTERS[best]
            style = "bold red" if name == "hitman" else ""
            other.append(Text(f"{CARD_ABBR[name]} {p[best]:>4.0%}", style=style))
        else:
            other.append(Text(""))
    return [governor, other]


def _exposure_row(view: View, notes: Notes, columns: Sequence[int]) -> list[Text]:
    """How sure the opponent can be of each of your cards."""
    cells = []
    for col in columns:
        p = float(notes.exposure[col - 1])
        style = "bold red" if p >= 0.995 else "yellow" if p >= 0.5 else "dim"
        cells.append(Text(f"{p:.0%}", style=style))
    return cells


# -- the table -------------------------------------------------------------------------------


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
            _card(side.street[c - 1], immobile=c in side.immobilized, headline=c in side.headlined)
            for c in columns
        ]

    # Their side: cards, marks, the notebook's guesses.
    far: list[tuple[Text, list[Text]]] = [(Text("Them", style="bold yellow"), street(them))]
    marks = _marks(view, them, columns)
    if marks:
        far.append((Text(""), marks))
    if notes is not None:
        governor, other = _guess_rows(view, notes, columns)
        far.append((Text("guess", style="dim"), governor))
        if any(cell.plain for cell in other):
            far.append((Text(""), other))
    # Your side: cards, marks, how exposed they are.
    near: list[tuple[Text, list[Text]]] = [(Text("You", style="bold green"), street(me))]
    marks = _marks(view, me, columns)
    if marks:
        near.append((Text(""), marks))
    if notes is not None:
        near.append((Text("known", style="dim"), _exposure_row(view, notes, columns)))
    slots = [(Text("Slot", style="bold"), [_token(view, c - 1) for c in columns])]
    for section in (far, slots, near):
        for r, (label, cells) in enumerate(section):
            table.add_row(label, *cells, end_section=r == len(section) - 1)
    return table


def _stash_cell(n: int, style: str) -> Text:
    return Text(str(n), style=style if n else "dim")


def stashes_of(view: View, opponent_name: str) -> Table:
    """Both Saloons and stashes, and the reserve and discard."""
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
        saloon = Text(", ").join(_card(name, full=True) for name in side.saloon)
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
    if view.over:
        if view.winner is None:
            return Text("Game over — no winner (turn limit).", style="bold")
        how = HOW_WORDS.get(view.how or "", view.how or "")
        if view.winner == me:
            return Text(f"Game over — you won {how}!", style="bold green")
        return Text(f"Game over — {opponent_name} (seat {1 - me}) won {how}.", style="bold red")
    if view.pending is not None:
        who = "You are" if view.to_act == me else f"Seat {view.to_act} is"
        return Text(f"{who} asked to react ({view.pending} or pass).", style="bold magenta")
    action = 3 - view.actions_left
    if view.to_act == me:
        return Text(f"Your turn — action {action} of 2.", style="bold green")
    return Text(f"Seat {view.to_act}'s turn — action {action} of 2.", style="yellow")


def screen_of(
    view: View, opponent_name: str, notes: Notes | None = None, seed: int | None = None
) -> Group:
    """The whole table screen for ``view.viewer``: title, table, stashes, turn."""
    me = view.viewer
    assert me is not None
    title = Text()
    title.append("OUTLAWS", style="bold yellow")
    title.append(f"  ·  turn {view.turn}  ·  you are seat {me}  ·  vs {opponent_name}")
    if seed is not None:
        title.append(f"  ·  seed {seed}", style="dim")
    parts: list[RenderableType] = [title, table_of(view, notes)]
    if me == 1:
        parts.append(
            Text(
                "You sit across the table: column numbers grow to your LEFT (R2.2).",
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


def events_of(events: Sequence[Event], viewer: int, limit: int = 14) -> Group:
    """``events`` in words from ``viewer``'s chair, coloured by who acted, the last
    ``limit`` of them; long lines wrap under their own start."""
    lines: list[RenderableType] = []
    if len(events) > limit:
        lines.append(Text(f"  … {len(events) - limit} earlier events", style="dim"))
        events = events[-limit:]
    for event in events:
        words = describe(event, viewer=viewer)
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


# -- the list of actions ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """One numbered entry of the action list.

    ``kind`` is ``"action"`` for a complete action (``action``), or ``"move"``,
    ``"saloon"``, ``"reporter"`` for an entry that asks the rest (``action`` is then the
    Reporter's column, target and Mayor, with a placeholder call).
    """

    group: str
    label: str
    kind: str
    action: Action | None = None


def _type_order(action: Action) -> tuple[int, int]:
    return ACTION_TYPES.index(action.type), action.col or 0


def choices_of(legal: Sequence[Action]) -> list[Choice]:
    """The numbered list for ``legal``: one entry for all the moves, one for all the
    Saloon exchanges, one per Reporter column and target (the call is asked after), and
    one per other action, grouped by type in the order of RULES.md R5-R6.

    An action with ``+mayor`` whose plain form is legal too (the Mayor revealed for no
    extra reach) is left out of the list; the notation still accepts it."""
    out: list[Choice] = []
    types = {a.type for a in legal}
    if "move" in types:
        out.append(Choice("Move", "move A B swap|pretend", "move"))
    if "saloon" in types:
        out.append(Choice("Saloon", "saloon CARD A B TO_SALOON AT_A", "saloon"))
    seen_reporter: set[tuple[int | None, int | None, bool]] = set()
    everything = set(legal)
    for action in sorted(legal, key=_type_order):
        t = action.type
        if t in ("move", "saloon", "intercept", "cancel", "pass"):
            continue
        if action.mayor and replace(action, mayor=False) in everything:
            continue  # the Mayor adds no reach to this one: only the plain form is listed
        if t == "reporter":
            key = (action.col, action.target, action.mayor)
            if key in seen_reporter:
                continue
            seen_reporter.add(key)
            label = f"reporter {action.col} CALL"
            if action.target != action.col:
                label += f" @{action.target}"
            if action.mayor:
                label += " +mayor"
            out.append(Choice("Reporter", label, "reporter", action))
            continue
        out.append(Choice(t.capitalize(), str(action), "action", action))
    return out


def _numbered(number: int, label: str) -> Text:
    return Text.assemble((str(number), "bold cyan"), " ", label)


def flow(items: Sequence[Text], width: int, head: Text, indent: int) -> list[Text]:
    """``items`` laid out after ``head`` (padded to ``indent``) and wrapped to ``width``
    between items, never inside one; continuation lines are indented by ``indent``."""
    lines: list[Text] = []
    line = head.copy()
    line.pad_right(indent - len(line))
    fresh = True
    for item in items:
        if not fresh and len(line) + 2 + len(item) > width - 1:
            lines.append(line)
            line = Text(" " * indent)
            fresh = True
        if not fresh:
            line.append("  ")
        line.append_text(item)
        fresh = False
    lines.append(line)
    return lines


def menu_of(choices: Sequence[Choice], width: int) -> list[Text]:
    """The numbered list, one group a paragraph, wrapped to ``width``."""
    lines: list[Text] = []
    groups: dict[str, list[Text]] = {}
    for number, choice in enumerate(choices, start=1):
        groups.setdefault(choice.group, []).append(_numbered(number, choice.label))
    for group, items in groups.items():
        lines += flow(items, width, Text(f" {group}", style="bold"), 11)
    return lines


# -- the session -----------------------------------------------------------------------------


class Quit(Exception):
    """The human left the game (``quit``, or the end of the input)."""


_YES = {"y", "yes"}
_NO = {"n", "no"}
_QUIT = {"quit", "q", "exit", ":q"}


class Session:
    """One game of a human (``seat``) against ``bot``.

    The session owns the state; what it prints goes through :meth:`_view`, the human's
    view, and the drawing functions above take views only.
    """

    def __init__(
        self,
        state: State,
        seat: int,
        bot: Bot,
        bot_spec: str,
        console: Console,
        notebook: bool,
        seed: int,
    ) -> None:
        self.state = state
        self.seat = seat
        self.bot = bot
        self.bot_spec = bot_spec
        self.console = console
        self.seed = seed
        self.notebook = Notebook(self._view()) if notebook else None
        #: Index in the log of the first event the human has not been shown yet.
        self.shown = 0

    # -- what the human may see --------------------------------------------------------
    def _view(self) -> View:
        return self.state.view(self.seat)

    def _notes(self, view: View) -> Notes | None:
        if self.notebook is None or view.over:
            return None
        return self.notebook.notes(view)

    def _draw(self, view: View, heading: str = "") -> None:
        """The screen before a decision: the new events, then the table."""
        if self.console.is_terminal:
            self.console.clear()
        new = view.log[self.shown :]
        if new:
            self.console.rule(Text("Since your last decision", style="dim"), style="grey37")
            self.console.print(events_of(new, self.seat))
        self.console.rule(Text(heading, style="bold"), style="grey37")
        self.console.print(screen_of(view, self.bot_spec, self._notes(view), self.seed))

    def _redraw(self) -> None:
        view = self._view()
        self.console.print(screen_of(view, self.bot_spec, self._notes(view), self.seed))

    # -- input -------------------------------------------------------------------------
    def _read(self, prompt: str) -> str:
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            self.console.print()
            self.console.print("[dim](end of input)[/]")
            raise Quit from None

    def _ask(self, prompt: str) -> str:
        """A line of input; ``help``, ``table`` and ``quit`` are answered here."""
        while True:
            text = self._read(f"[bold]{prompt}[/] [cyan]›[/] ")
            word = text.lower()
            if word in _QUIT:
                if self._confirm_quit():
                    raise Quit
                continue
            if word in ("help", "h", "?"):
                self.console.print(notation_help())
                continue
            if word in ("table", "t"):
                self._redraw()
                continue
            return text

    def _confirm_quit(self) -> bool:
        answer = self._read(
            "[bold]Really quit?[/] The game ends here and the record is saved. [dim]\\[y/N][/] "
        )
        return answer.lower() in _YES

    def _error(self, message: str) -> None:
        self.console.print(Text(f"✗ {message}", style="bold red"))

    def _explain(self, action: Action) -> bool:
        """True when ``action`` is legal; otherwise say why (with the rule id)."""
        try:
            self.state.check(action)
        except IllegalAction as error:
            self._error(f"Not allowed ({error.rule}): {error.reason}")
            return False
        except OutlawsError as error:
            self._error(f"Not allowed: {error}")
            return False
        return True

    def _yes_no(self, prompt: str) -> bool | None:
        """y → True, n → False, empty → None (back)."""
        while True:
            answer = self._ask(f"{prompt} [dim]\\[y/n][/]").lower()
            if not answer:
                return None
            if answer in _YES:
                return True
            if answer in _NO:
                return False
            self._error("Answer y or n (or press Enter to go back).")

    def _columns(self, prompt: str) -> tuple[int, int] | None:
        while True:
            answer = self._ask(prompt)
            if not answer:
                return None
            numbers = [int(n) for n in re.findall(r"\d+", answer)]
            if len(numbers) == 2 and numbers[0] != numbers[1]:
                if all(1 <= n <= COLUMNS for n in numbers):
                    return numbers[0], numbers[1]
            self._error("Give two different columns from 1 to 8, e.g. 3 5 (Enter: back).")

    def _pick(self, prompt: str, options: Sequence[str], labels: Sequence[str]) -> str | None:
        """One of ``options`` by number or by (the start of) its name; None: back."""
        items = [_numbered(i, label) for i, label in enumerate(labels, 1)]
        for line in flow(items, self.console.width, Text(""), 2):
            self.console.print(line)
        while True:
            answer = self._ask(prompt).lower()
            if not answer:
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            found = [o for o in options if o.startswith(answer)]
            if len(found) == 1:
                return found[0]
            self._error(
                f"Choose 1 to {len(options)} or a name"
                + (" (that start fits several)." if found else ".")
                + " Enter: back."
            )

    # -- decisions ---------------------------------------------------------------------
    def _decide(self) -> Action:
        """Ask the human for one action (or a reaction) until it is legal."""
        view = self._view()
        self._draw(view)
        self.shown = len(view.log)
        if view.pending is not None:
            return self._react(view)
        choices = choices_of(self.state.legal_actions())
        self.console.print(Text("Your options", style="bold underline"))
        for line in menu_of(choices, self.console.width):
            self.console.print(line)
        while True:
            answer = self._ask("Your choice (number, notation, help, quit)")
            if not answer:
                continue
            if answer.isdigit():
                number = int(answer)
                if not 1 <= number <= len(choices):
                    self._error(f"There is no option {number}: choose 1 to {len(choices)}.")
                    continue
                action = self._complete(choices[number - 1], view)
                if action is None:
                    continue
            else:
                try:
                    action = parse_notation(answer)
                except OutlawsError as error:
                    self._error(f"Cannot read {answer!r}: {error}. Type help for the notation.")
                    continue
            if self._explain(action):
                return action

    def _complete(self, choice: Choice, view: View) -> Action | None:
        """The whole action of a list entry, asking what it leaves open; None: back."""
        if choice.kind == "action":
            return choice.action
        if choice.kind == "move":
            pair = self._columns("Swap which two of your columns? (e.g. 3 5)")
            if pair is None:
                return None
            real = self._yes_no("Swap them for real? (n: only pretend)")
            if real is None:
                return None
            return Action("move", a=pair[0], b=pair[1], swap=real)
        if choice.kind == "reporter":
            assert choice.action is not None
            calls = [name for name in CHARACTERS if name != "governor"]
            call = self._pick("Call which character?", calls, [name.capitalize() for name in calls])
            if call is None:
                return None
            template = choice.action
            return Action(
                "reporter",
                col=template.col,
                call=call,
                target=template.target,
                mayor=template.mayor,
            )
        return self._complete_saloon(view)

    def _complete_saloon(self, view: View) -> Action | None:
        mine = view.seats[self.seat]
        saloon = list(mine.saloon)
        card = self._pick(
            "Which card leaves the Saloon?", saloon, [name.capitalize() for name in saloon]
        )
        if card is None:
            return None
        pair = self._columns("Which two of your columns? (e.g. 3 5)")
        if pair is None:
            return None
        a, b = pair
        three = [card, mine.street[a - 1], mine.street[b - 1]]
        labels = [
            f"{card.capitalize()} (Saloon)",
            f"{str(three[1]).capitalize()} (col {a})",
            f"{str(three[2]).capitalize()} (col {b})",
        ]
        names = [str(name) for name in three]
        while True:
            to_saloon = self._pick("Which one goes into the Saloon?", names, labels)
            if to_saloon is None:
                return None
            if to_saloon != "governor":
                break
            self._error("Not allowed (R5.2): the Governor may never go to the Saloon.")
        rest = [name for name in names if name != to_saloon]
        at_a = self._pick(
            f"Which one ends at column {a}? (the other goes to {b})",
            rest,
            [name.capitalize() for name in rest],
        )
        if at_a is None:
            return None
        return Action("saloon", card=card, a=a, b=b, to_saloon=to_saloon, at_a=at_a)

    def _react(self, view: View) -> Action:
        """A reaction prompt (R8.5) as a yes/no question."""
        if view.pending == "intercept":
            question = (
                "Their Hitman has found your Governor! "
                "Intercept with a Sheriff beside him (pay 1 Handcuffs)?"
            )
            yes = Action("intercept")
        else:
            threat = "arrest your Hitman"
            for event in reversed(view.log):
                if event.type == "sheriff" and event.seat != self.seat:
                    if event["call"] == "bandit":
                        threat = "immobilize your Bandit"
                    break
                if event.type == "intercept" and event.seat != self.seat:
                    break
            question = f"Their Sheriff is about to {threat}. Cancel it with your Reverend?"
            yes = Action("cancel")
        self.console.print(Text(question, style="bold magenta"))
        while True:
            answer = self._ask("React? y/n").lower()
            if answer in _YES or answer == yes.type:
                if self._explain(yes):
                    return yes
                continue
            if answer in _NO or answer == "pass":
                return Action("pass")
            self._error(f"Answer y ({yes.type}) or n (pass).")

    # -- the game ----------------------------------------------------------------------
    def _bot_acts(self) -> None:
        seat = self.state.to_act
        assert seat is not None
        view = self.state.view(seat)
        legal = self.state.legal_actions()
        if self.console.is_terminal:
            with self.console.status(f"Seat {seat} ({self.bot_spec}) is thinking…"):
                action = self.bot.choose(view, legal)
        else:
            action = self.bot.choose(view, legal)
        self.state.apply(action)

    def run(self) -> bool:
        """Play until the game ends or the human quits; True when it ended by the rules."""
        try:
            while not self.state.over:
                if self.state.to_act == self.seat:
                    self.state.apply(self._decide())
                else:
                    self._bot_acts()
        except Quit:
            return False
        except KeyboardInterrupt:
            self.console.print()
            self.console.print("[dim](interrupted)[/]")
            return False
        return True

    def finish(self, ended: bool, records: Path) -> Path:
        """The last events, the final table (both arrangements once the game is over,
        R8.6), and the record saved under ``records``; returns the record's path."""
        view = self._view()
        self._draw(view, "GAME OVER" if ended else "GAME ABANDONED")
        if not ended:
            self.console.print(
                Text(
                    f"You left the game at turn {view.turn}: no winner. "
                    "The arrangements stay hidden; the record holds the deal.",
                    style="bold",
                )
            )
        else:
            self.console.print(Text("Both arrangements are now public (R8.6).", style="italic"))
        path = save_record(self.state, records, self.seed)
        self.console.print(Text.assemble("Record saved: ", (str(path), "bold")))
        self.console.print(Text(f"Replay it with: outlaws replay {path}", style="dim"))
        return path


def save_record(state: State, folder: Path, seed: int) -> Path:
    """Write the game's record to ``folder/play-SEED.json`` (``-2``, ``-3``… if taken)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"play-{seed}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"play-{seed}-{n}.json"
    path.write_text(record_of(state).dumps(), encoding="utf-8")
    return path


# -- the command -----------------------------------------------------------------------------


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
        int, typer.Option(min=0, max=1, help="Your seat, 0 or 1 (who starts is drawn, R3.3).")
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
        Path, typer.Option("--records", help="Folder where the record is saved at the end.")
    ] = Path("records"),
    turn_limit: Annotated[
        int | None,
        typer.Option(hidden=True, min=1, help="End with no winner after this many turns."),
    ] = None,
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
    console = Console(highlight=False)
    state = State.new(seed=seed, turn_limit=turn_limit)
    session = Session(state, seat, opponent, bot.strip(), console, notebook, seed)
    try:
        ended = session.run()
    except Exception:
        # A failing bot is a bug: keep the game that shows it, then let it be reported.
        path = save_record(state, records, seed)
        console.print(Text(f"Record of the game so far: {path}", style="bold red"))
        raise
    session.finish(ended, records)


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to ``app``."""
    app.command("play")(play)
