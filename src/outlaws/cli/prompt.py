"""The prompts of ``outlaws play``: reading the human's answers and walking them through
the chooser (:mod:`outlaws.cli.chooser`) to one of the legal actions.

Nothing here holds the game: a prompt is given the engine's legal actions, the seat's
:class:`~outlaws.engine.View` and a way to ask the engine why a typed action is refused.
What it returns is always one of the legal actions it was given, so a typed-in move that
is impossible never reaches the engine's ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..engine import ACTION_TYPES, Action, OutlawsError, View, parse_notation
from .chooser import Step, next_step
from .steps import Option
from .typed import NoMatch, match_notation
from .words import action_words, join_or, plain

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
#: At most this many of the possible actions are named when typed notation matches none.
SHOWN = 10
#: Options with labels this short and nothing more to say are listed side by side.
SIDE_BY_SIDE = 12

_YES = {"y", "yes"}
_NO = {"n", "no"}
_QUIT = {"quit", "q", "exit", ":q"}
_BACK = {"back", "<"}  # not "b": the start of "Bandit"
#: How a reaction the seat cannot make is explained (the rule that asks for the card).
_CANNOT: dict[str, str] = {
    "intercept": "no Sheriff of yours stands free beside your Governor",
    "cancel": "no Reverend of yours has that card immediately to his left",
}


class Quit(Exception):
    """The human left the game (``quit``, or the end of the input)."""


def notation_help() -> Group:
    """The notation and the other words the prompt understands."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for form, words in NOTATION:
        grid.add_row(Text("  " + form), Text(words))
    head = Text.assemble(
        ("Notation", "bold"),
        " — type a whole action at any prompt instead of picking it step by step. Columns"
        " 1..8 as the table numbers them; ",
        ("@T", "bold"),
        " names one of their columns (a neighbour of the opposite one with the Mayor); ",
        ("+mayor", "bold"),
        " reveals your Mayor too.",
    )
    tail = Text.assemble(
        "Also: a number or a name from the list, ",
        ("Enter", "cyan"),
        " (back one step), ",
        ("table", "cyan"),
        " (draw the table again), ",
        ("help", "cyan"),
        ", ",
        ("quit", "cyan"),
        ".",
    )
    return Group(head, grid, tail)


def _key(option: Option) -> Text:
    return Text(option.key, style="bold cyan")


def options_grid(options: Sequence[Option]) -> Table:
    """One option a line: its key, its label, what it does (wrapped in its column)."""
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(justify="right", no_wrap=True, min_width=3)
    grid.add_column(no_wrap=True)
    grid.add_column(style="dim", overflow="fold")
    for option in options:
        grid.add_row(_key(option), Text(option.label), Text(option.note))
    return grid


def flow(items: Sequence[Text], width: int, indent: int) -> list[Text]:
    """``items`` side by side, wrapped to ``width`` between items, never inside one;
    every line indented by ``indent``."""
    lines: list[Text] = []
    line = Text(" " * indent)
    for item in items:
        if len(line) > indent and len(line) + 2 + len(item) > width - 1:
            lines.append(line)
            line = Text(" " * indent)
        if len(line) > indent:
            line.append("  ")
        line.append_text(item)
    lines.append(line)
    return lines


def key_ranges(keys: Sequence[str]) -> str:
    """``1-8 or 10``: the keys of a step, runs of numbers shortened."""
    runs: list[list[int]] = []
    for key in sorted(int(k) for k in keys):
        if runs and key == runs[-1][-1] + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    words = [[f"{r[0]}-{r[-1]}"] if len(r) > 2 else [str(k) for k in r] for r in runs]
    return join_or([word for run in words for word in run])


class Prompt:
    """The human's side of the console: asks, and answers ``help``, ``table`` (drawn
    again by ``redraw``) and ``quit`` itself."""

    def __init__(self, console: Console, redraw: Callable[[], None]) -> None:
        self.console = console
        self.redraw = redraw

    # -- lines of input ----------------------------------------------------------------
    def read(self, prompt: str) -> str:
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            self.console.print()
            self.console.print("[dim](end of input)[/]")
            raise Quit from None

    def ask(self, prompt: str, again: Callable[[], None] | None = None) -> str:
        """A line of input; ``help``, ``table`` and ``quit`` are answered here, then
        ``again`` shows what was asked once more (it has scrolled away)."""
        while True:
            text = self.read(f"[bold]{prompt}[/] [cyan]›[/] ")
            word = text.lower()
            if word in _QUIT:
                if self.confirm_quit():
                    raise Quit
                continue
            if word in ("help", "h", "?"):
                self.console.print(notation_help())
            elif word in ("table", "t"):
                self.redraw()
            else:
                return text
            if again is not None:
                again()

    def confirm_quit(self) -> bool:
        answer = self.read(
            "[bold]Really quit?[/] The game ends here and the record is saved. [dim]\\[y/N][/] "
        )
        return answer.lower() in _YES

    def error(self, message: str, *more: str) -> None:
        self.console.print(Text(f"✗ {message}", style="bold red"))
        for line in more:
            self.console.print(Text(f"  {line}", style="red"))

    # -- one action ----------------------------------------------------------------------
    def choose(
        self, legal: Sequence[Action], view: View, refusal: Callable[[Action], str | None]
    ) -> Action:
        """One of ``legal``, picked step by step or typed in notation.

        ``refusal`` gives the engine's reason (in words) for a typed action that
        is none of them; it is only ever asked, never told to apply anything."""
        picks: list[str] = []
        shown = False
        while True:
            result = next_step(legal, picks, view)
            if isinstance(result, Action):
                return self._chosen(result, view)
            if not shown:
                self._show(result)
                shown = True
            hint = "number, name or notation; help" if not picks else "Enter: back"
            answer = self.ask(f"{result.question} [dim]({hint})[/]", partial(self._show, result))
            if not answer or answer.lower() in _BACK:
                if picks:
                    picks.pop()
                    shown = False
                continue
            found = result.find(answer)
            if len(found) == 1:
                picks.append(found[0].value)
                shown = False
                continue
            if found:
                names = join_or([f"{o.key} {o.label}" for o in found])
                self.error(f"{answer!r} fits several: {names}.")
                continue
            keys = key_ranges([o.key for o in result.options])
            if answer.isdigit():
                self.error(f"There is no option {answer} here: choose {keys} (Enter: back).")
                continue
            if " " not in answer and answer.lower() not in ACTION_TYPES:
                self.error(
                    f"Cannot read {answer!r}: it is none of the options here ({keys}, or a"
                    " name) and no action (type help for the notation)."
                )
                continue
            action = self._typed(answer, legal, view, refusal)
            if action is not None:
                return self._chosen(action, view)

    def _show(self, step: Step) -> None:
        """The step's options, one a line with what each does; side by side when they
        have nothing to say."""
        console = self.console
        if step.trail:
            console.print(Text(" › ".join(step.trail), style="bold"))
        else:
            console.print(Text("Your options", style="bold underline"))
        if any(option.note or len(option.label) > SIDE_BY_SIDE for option in step.options):
            console.print(options_grid(step.options))
        else:
            items = [_key(option) + " " + option.label for option in step.options]
            for line in flow(items, console.width, 2):
                console.print(line)
        if step.note:
            console.print(Text(step.note, style="dim"))

    def _typed(
        self,
        text: str,
        legal: Sequence[Action],
        view: View,
        refusal: Callable[[Action], str | None],
    ) -> Action | None:
        """The legal action typed as ``text``, or None once it is said why there is none."""
        try:
            found = match_notation(legal, text, view)
        except OutlawsError as error:
            word = text.lower()
            examples = [str(a) for a in legal if a.type == word][:3]
            if examples:  # a bare type: say what it needs rather than the grammar
                self.error(f"Cannot read {text!r}: say which, e.g. {join_or(examples)}.")
            else:
                self.error(
                    f"Cannot read {text!r}: {plain(str(error))}. Pick from the list, or type help."
                )
            return None
        if isinstance(found, Action):
            return found
        self.error(*self._no_match(found, text, refusal))
        return None

    @staticmethod
    def _no_match(found: NoMatch, text: str, refusal: Callable[[Action], str | None]) -> list[str]:
        """The engine's reason, then the first part typed that no legal action has."""
        lines = []
        reason = refusal(parse_notation(text))
        if reason:
            lines.append(reason)
        possible = ", ".join(found.possible[:SHOWN]) + (
            ", …" if len(found.possible) > SHOWN else ""
        )
        if " " not in found.start:
            lines.append(f"No {found.start} action is legal now. Legal: {possible}.")
        else:
            lines.append(f"No legal action begins {found.start!r}; possible: {possible}.")
        return lines

    def _chosen(self, action: Action, view: View) -> Action:
        self.console.print(
            Text.assemble(("You: ", "bold green"), (str(action), "green"), " — ")
            + Text(action_words(action, view), style="green")
        )
        return action

    # -- reactions -------------------------------------------------------------------------
    def react(self, legal: Sequence[Action], view: View) -> Action:
        """A reaction prompt (R8.5) as a yes/no question, yes only when it is legal."""
        reaction = str(view.pending)
        yes = next((a for a in legal if a.type == reaction), None)
        no = next(a for a in legal if a.type == "pass")
        self.console.print(Text(self._question(view), style="bold magenta"))
        if yes is None:
            self.console.print(
                Text(f"You cannot: {_CANNOT[reaction]}. Your only answer is to pass.")
            )
        while True:
            if yes is None:
                answer = self.ask("Pass [dim](Enter)[/]").lower()
                if answer in ("", "pass", *_NO):
                    return no
                self.error(f"You cannot {reaction} now: press Enter to pass.")
                continue
            answer = self.ask(f"{reaction.capitalize()}? [dim](y: {reaction}, n: pass)[/]").lower()
            if answer in _YES or answer == reaction:
                return yes
            if answer in _NO or answer == "pass":
                return no
            self.error(f"Answer y ({reaction}) or n (pass).")

    @staticmethod
    def _question(view: View) -> str:
        if view.pending == "intercept":
            return (
                "Their Hitman has found your Governor! "
                "Intercept with a Sheriff beside him (pay 1 Handcuffs)?"
            )
        threat = "arrest your Hitman"
        for event in reversed(view.log):
            if event.type == "sheriff" and event.seat != view.viewer:
                if event["call"] == "bandit":
                    threat = "immobilize your Bandit"
                break
            if event.type == "intercept" and event.seat != view.viewer:
                break
        return f"Their Sheriff is about to {threat}. Cancel it with your Reverend?"
