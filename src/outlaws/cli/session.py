"""One game of ``outlaws play``: a human seat against a bot, until the end or a quit.

The session holds the true :class:`~outlaws.engine.State`, because it has to apply the
actions, but it draws and asks from the human seat's view only (:meth:`Session.view`).
The human's prompt is handed that view, the engine's legal actions, and the engine's
reason for refusing one of the human's own typed actions; what it gives back is one of
those legal actions.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from ..engine import Action, IllegalAction, OutlawsError, State, View, record_of, seat_view
from .gamelog import Reader
from .notebook import Notebook, Notes
from .prompt import Prompt, Quit
from .screen import events_of, screen_of
from .words import plain

if TYPE_CHECKING:  # the bots load only when a game starts
    from ..bots import Bot


class Session:
    """One game of a human (``seat``) against ``bot``; ``reader`` says the log to the
    human and names the bot."""

    def __init__(
        self,
        state: State,
        reader: Reader,
        bot: Bot,
        console: Console,
        notebook: bool,
        seed: int,
    ) -> None:
        assert reader.viewer is not None
        self.state = state
        self.seat = reader.viewer
        self.reader = reader
        self.bot = bot
        #: How the bot is called (its rank on the ladder: "Medium bot").
        self.opponent = reader.names[1 - self.seat]
        self.console = console
        self.seed = seed
        self.prompt = Prompt(console, self._redraw)
        self.notebook = Notebook(self.view()) if notebook else None
        #: Index in the log of the first event the human has not been shown yet.
        self.shown = 0

    # -- what the human may see --------------------------------------------------------
    def view(self) -> View:
        """The human seat's view: the only thing drawn or asked from."""
        return seat_view(self.state, self.seat)

    def _notes(self, view: View) -> Notes | None:
        if self.notebook is None or view.over:
            return None
        return self.notebook.notes(view)

    def _draw(self, view: View, heading: str = "") -> None:
        """The screen before a decision: the new events, then the table."""
        if self.console.is_terminal:
            self.console.clear()
        if len(view.log) > self.shown:
            self.console.rule(Text("Since your last decision", style="dim"), style="grey37")
            self.console.print(events_of(view.log, self.shown, self.reader))
        self.console.rule(Text(heading, style="bold"), style="grey37")
        self.console.print(screen_of(view, self.opponent, self._notes(view), self.seed))

    def _redraw(self) -> None:
        view = self.view()
        self.console.print(screen_of(view, self.opponent, self._notes(view), self.seed))

    def _refusal(self, action: Action) -> str | None:
        """The engine's reason for refusing one of the human's own actions, without its
        rule id. Its reasons name the seat's own cards and public facts only."""
        try:
            self.state.check(action)
        except IllegalAction as error:
            return f"Not allowed: {plain(error.reason)}."
        except OutlawsError as error:
            return f"Not allowed: {plain(str(error))}."
        return None

    # -- the game ----------------------------------------------------------------------
    def _decide(self) -> Action:
        """The human's next action (or reaction), always one of the legal ones."""
        view = self.view()
        self._draw(view)
        self.shown = len(view.log)
        legal = self.state.legal_actions()
        if view.pending is not None:
            return self.prompt.react(legal, view)
        return self.prompt.choose(legal, view, self._refusal)

    def _bot_acts(self) -> None:
        seat = self.state.to_act
        assert seat is not None
        view = seat_view(self.state, seat)
        legal = self.state.legal_actions()
        if self.console.is_terminal:
            with self.console.status(f"{self.opponent} is thinking…"):
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
        view = self.view()
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
            self.console.print(Text("Both arrangements are now public.", style="italic"))
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
