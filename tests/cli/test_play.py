"""``outlaws play``: a terminal game against a bot, driven through Typer's CliRunner.

The human's answers are fed as standard input. The checks: the opponent's face-down cards
never reach the screen before the end (R8.3; compared with the true state, replayed from
the saved record), the action is picked step by step (card, action, options) or typed,
bad input is re-asked without a traceback and an illegal typed action never reaches the
engine's apply, reactions are yes/no questions (R8.5), the record replays to a finished
game, seat 1 reads its columns growing to its left (R2.2), and the notebook shows its
deductions. Before the first turn the human places its cards (R3.1): in notation, at
random or as last time, re-asked with the engine's reason when the placement breaks the
rule; the bot places through its own entry. Most games here pass ``--placement random``
(both arrangements dealt from the seed) to get to the play. The chooser itself is tested
in test_chooser.py.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import outlaws.bots
import outlaws.bots.placement
from outlaws.bots.placement import bot_placement
from outlaws.cli import play as play_module
from outlaws.cli.catalogue import Catalogue
from outlaws.cli.main import app
from outlaws.cli.placing import LAST_FILE
from outlaws.cli.screen import display_columns, screen_of
from outlaws.cli.style import CARD_LABEL
from outlaws.engine import (
    CHARACTERS,
    Action,
    Placement,
    Record,
    Setup,
    State,
    View,
    parse_notation,
    seat_view,
)
from tests.scenario import SHERIFF_BY_GOVERNOR, table

runner = CliRunner()
#: Plain output, 80 columns, whatever the environment running the tests says.
ENV = {"COLUMNS": "80", "LINES": "50", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
#: The face-down mark of the table.
HIDDEN = "?"


def answers(*cycle: str, n: int = 60) -> str:
    """``cycle`` repeated up to ``n`` lines, as standard input."""
    return "\n".join(itertools.islice(itertools.cycle(cycle), n)) + "\n"


def run_play(
    tmp_path: Path,
    *args: str,
    stdin: str,
    bot: str | None = "random",
    placement: str | None = "random",
) -> tuple[str, Path]:
    """Run ``outlaws play`` with ``args`` against ``bot`` (None: the default one), with
    ``--placement placement`` (None: the default, asking); returns the output and the
    saved record."""
    records = tmp_path / "records"
    bot_args = ["--bot", bot] if bot is not None else []
    if placement is not None:
        bot_args += ["--placement", placement]
    result = runner.invoke(
        app, ["play", "--records", str(records), *bot_args, *args], input=stdin, env=ENV
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    saved = sorted(records.glob("*.json"))
    assert len(saved) == 1, result.output
    assert f"Record saved: {saved[0]}" in result.output.replace("\n", "")
    return result.output, saved[0]


def them_rows(output: str) -> Iterator[list[str]]:
    """The cells of every 'Them' row of the table in ``output``, left to right."""
    for line in output.splitlines():
        if line.startswith("│Them"):
            yield [cell.strip() for cell in line.split("│")[2:-1]]


def header_rows(output: str) -> Iterator[list[str]]:
    """The column numbers of every table header in ``output``, left to right."""
    for line in output.splitlines():
        cells = [cell.strip() for cell in line.split("│")[2:-1]]
        if line.startswith("│     │") and cells and all(c.isdigit() for c in cells):
            yield cells


def ever_face_up(record: Record, seat: int) -> set[tuple[int, str]]:
    """Every (column, character) of the opponent that ``seat``'s view showed face up at
    some point of the game before its end (headlined or immobilized, R8.4)."""
    state = record.new_state()
    seen: set[tuple[int, str]] = set()
    for action in (None, *record.actions):
        if action is not None:
            state.apply(action)
        if state.over:
            break
        street = seat_view(state, seat).seats[1 - seat].street
        seen |= {(col, name) for col, name in enumerate(street, 1) if name is not None}
    return seen


def check_no_leak(output: str, record: Record, seat: int) -> State:
    """Before the end the 'Them' row shows '?' or a card its view showed face up; at the
    end it shows the true arrangement. Returns the final state."""
    before, marker, after = output.partition("GAME OVER")
    assert marker, output
    face_up = {CARD_LABEL[name] for _, name in ever_face_up(record, seat)}
    rows = list(them_rows(before))
    assert rows, output
    for cells in rows:
        assert len(cells) == 8
        assert all(cell == HIDDEN or cell in face_up for cell in cells), cells
    final = record.replay()
    truth = final.to_json()["seats"][1 - seat]["street"]
    expected = [CARD_LABEL[truth[col - 1]] for col in display_columns(seat)]
    assert list(them_rows(after)) == [expected]
    return final


# -- whole games through the command --------------------------------------------------------


def test_seat_0_game_to_the_end_without_leaks(tmp_path: Path) -> None:
    """A whole game by notation; "n" at the action prompt is bad input, re-asked."""
    stdin = answers("move 1 2 pretend", "n")
    output, path = run_play(tmp_path, "--seed", "3", "--turn-limit", "4", stdin=stdin)
    record = Record.loads(path.read_text(encoding="utf-8"))
    final = check_no_leak(output, record, seat=0)
    assert final.over
    assert "Game over" in output
    assert "Both arrangements are now public" in output
    assert "✗ Cannot read 'n'" in output
    headers = list(header_rows(output))
    assert headers and all(h == [str(c) for c in range(1, 9)] for h in headers)


def test_numbers_and_sub_prompts(tmp_path: Path) -> None:
    """Step by step, by number and by name: the card at column 1, "move", column 2,
    "swap"; then column 3, "mo" (the start of a name will do), column 4, "n" (pretend).
    R5.1: both are moves of the human's."""
    stdin = answers("1", "move", "2", "swap", "3", "mo", "4", "n")
    output, path = run_play(tmp_path, "--seed", "11", "--turn-limit", "3", stdin=stdin)
    record = Record.loads(path.read_text(encoding="utf-8"))
    check_no_leak(output, record, seat=0)
    assert record.replay().over
    human = [a for a in record.actions if a.type == "move" and {a.a, a.b} in ({1, 2}, {3, 4})]
    assert {(a.a, a.b, a.swap) for a in human} == {(1, 2, True), (3, 4, False)}, record.actions
    assert "with which of your cards?" in output
    assert "For real, or only pretend?" in output
    assert "You: move 1 2 swap" in output


def test_seat_1_reads_its_columns_to_the_left(tmp_path: Path) -> None:
    """R2.2: for seat 1 the numbers grow to its left, so the table is mirrored."""
    stdin = answers("look 8", "nonsense", "move 7 8 swap", "?")
    output, path = run_play(
        tmp_path, "--seat", "1", "--seed", "5", "--turn-limit", "4", stdin=stdin
    )
    record = Record.loads(path.read_text(encoding="utf-8"))
    final = check_no_leak(output, record, seat=1)
    assert final.over
    headers = list(header_rows(output))
    assert headers and all(h == [str(c) for c in range(8, 0, -1)] for h in headers)
    assert "grow to your LEFT" in output
    assert f"you against {Catalogue().bot_label('random')}" in output
    # "?" asks for the notation: help is shown, not an error.
    assert "Notation" in output


def only_legal_applied(monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """Make the engine's apply refuse to be called with an illegal action; returns the
    list of the actions applied."""
    applied: list[Action] = []
    apply = State.apply

    def checked(state: State, action: Action) -> None:
        assert action in state.legal_actions(), f"{action} reached apply"
        applied.append(action)
        apply(state, action)

    monkeypatch.setattr(State, "apply", checked)
    return applied


def test_bad_input_is_re_asked_with_the_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unknown words, numbers off the list, unreadable and illegal notation: a clear
    message each time (the engine's reason for an illegal action, without its rule id,
    and what is possible instead), no traceback, and the illegal action never reaches
    apply."""
    applied = only_legal_applied(monkeypatch)
    stdin = "\n".join(
        [
            "",
            "fly away",
            "999",
            "look 9",
            "sheriff 1 governor",
            "reverend 1",
            "quit",
            "no",
            "quit",
            "y",
        ]
    )
    output, path = run_play(tmp_path, "--seed", "3", stdin=stdin + "\n")
    assert "unknown action 'fly'" in output
    assert "There is no option 999" in output
    assert "must be a column from 1 to 8" in output
    assert "the Sheriff calls out the Hitman or the Bandit" in output
    assert "Not allowed: " in output
    assert not re.search(r"R\d+\.\d+", output)
    assert "No reverend action is legal now. Legal: look, take" in output
    assert output.count("Really quit?") == 2
    assert "GAME ABANDONED" in output
    assert "You left the game" in output
    record = Record.loads(path.read_text(encoding="utf-8"))
    assert not record.replay().over  # quit mid-game: the record is still saved
    assert list(record.actions) == applied  # the bot's only, if it started


def test_back_and_a_typed_action_in_the_middle_of_a_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Enter goes back one step; notation is taken at any step, when legal. The Hitman
    (column 2), back, the Indian by name, its ability (R6.4: only the card opposite, no
    Mayor beside her): "indian 4". Then the Storekeep at 5, and "look 3" typed instead
    of one of its actions; "take 3 election" typed there is refused: the card at 3 is
    the Sheriff, who may take a Vote or a Handcuffs but no Election (R5.4, R5.5)."""
    state = table()
    rigged(monkeypatch, state, ["move 1 2 pretend", "move 1 2 pretend"])
    applied = only_legal_applied(monkeypatch)
    stdin = ["2", "", "indian", "ability", "5", "take 3 election", "look 3", "quit", "y"]
    output, _ = run_play(tmp_path, "--seed", "0", stdin="\n".join(stdin) + "\n")
    assert "Hitman (column 2)" in output
    assert "You: indian 4 — look at their card at 4" in output
    assert "Storekeep (column 5)" in output
    assert "Not allowed: " in output
    assert "No legal action begins 'take 3 election'; possible: take 3 vote," in output
    assert "You: look 3" in output
    assert [str(a) for a in applied[:2]] == ["indian 4", "look 3"]


def test_a_reaction_that_cannot_be_made_is_not_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R8.5: their Sheriff at column 2 arrests our Hitman; we are asked, but our
    Reverend is in the Saloon (R6.9.2), so pass is the only answer: "y" is refused,
    Enter passes, and they win (R9.3)."""
    street1 = (
        "governor",
        "sheriff",
        "hitman",
        "indian",
        "storekeep",
        "dancer",
        "reporter",
        "bandit",
    )  # columns 1..8
    state = table(street1=street1, first=1)
    rigged(monkeypatch, state, ["sheriff 2 hitman"])
    output, path = run_play(tmp_path, "--seed", "0", stdin="y\n\n")
    assert "Their Sheriff is about to arrest your Hitman." in output
    assert "Your only answer is to pass." in " ".join(output.split())
    assert "✗ You cannot cancel now: press Enter to pass." in output
    final = Record.loads(path.read_text(encoding="utf-8")).replay()
    assert final.winner == 1 and final.how == "ugly"


def test_end_of_input_quits_and_saves(tmp_path: Path) -> None:
    output, path = run_play(tmp_path, "--seed", "8", stdin="look 1\n")
    assert "(end of input)" in output
    assert Record.loads(path.read_text(encoding="utf-8")).actions


def test_notebook_against_the_default_bot(tmp_path: Path) -> None:
    """The notebook's rows, against the default opponent (the strongest quick one)."""
    stdin = answers("move 1 2 swap", "n", "move 3 4 pretend")
    output, path = run_play(
        tmp_path, "--seed", "21", "--notebook", "--turn-limit", "4", stdin=stdin, bot=None
    )
    default = "heuristic" if "heuristic" in outlaws.bots.bot_names() else "random"
    assert f"you against {Catalogue().bot_label(default)}" in output
    record = Record.loads(path.read_text(encoding="utf-8"))
    check_no_leak(output, record, seat=0)
    assert "│guess│" in output
    assert "│known│" in output
    assert re.search(r"Gov +\d+%", output)


def test_unknown_bot_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--bot", "nobody", "--records", str(tmp_path)], env=ENV)
    assert result.exit_code == 2
    assert "unknown bot" in result.output
    assert not list(tmp_path.glob("*.json"))


# -- placing the cards before the first turn (R3.1) -----------------------------------------

MINE = "gov hit sher ind store dan rep band | rev mayor"


def placed_record(path: Path) -> Record:
    record = Record.loads(path.read_text(encoding="utf-8"))
    assert record.setup is not None
    return record


def test_a_placement_in_notation_is_the_game_played(tmp_path: Path) -> None:
    """R3.1: the characters are listed with their abilities, the placement typed in
    notation (names shortened) is shown back as a row and, once confirmed, is where the
    human's cards stand; the bot's come from bot_placement, the tokens and the first seat
    from the seed (Setup.placed)."""
    output, path = run_play(tmp_path, "--seed", "4", stdin=f"{MINE}\ny\nquit\ny\n", placement=None)
    assert "Place your cards" in output
    assert "Mayor" in output and "widens the reach of the card on his right" in output
    assert "then |, then your 2 Saloon cards" in output
    mine = Placement.parse(MINE)
    row = "│You│Governor│ Hitman │Sheriff │ Indian │Storekp.│ Dancer │Reporter│ Bandit │"
    assert row in output
    assert "Saloon  Reverend, Mayor" in output
    assert "Play with this placement?" in output
    record = placed_record(path)
    assert record.setup == Setup.placed(4, [mine, bot_placement("random", 4)])
    assert "│You  │Governor│ Hitman │Sheriff │" in output  # the game's own table


def test_random_placement_is_a_legal_one_drawn_for_the_human(tmp_path: Path) -> None:
    """R3.1: "random" draws a placement (never the Governor in the Saloon); "n" at the
    confirmation asks again, and a second "random" draws another one."""
    stdin = "random\nn\nrandom\ny\nquit\ny\n"
    output, path = run_play(tmp_path, "--seed", "9", "--seat", "1", stdin=stdin, placement=None)
    assert output.count("Play with this placement?") == 2
    assert "Place again." in output
    record = placed_record(path)
    setup = record.setup
    assert setup is not None
    mine = setup.placement(1)
    assert "governor" not in mine.to_notation().split("|")[1]
    assert setup == Setup.placed(9, [bot_placement("random", 9), mine])
    # Shown back as seat 1 reads its side: column 8 at its left (R2.2).
    shown = [CARD_LABEL[CHARACTERS[mine.street[col - 1]]] for col in range(8, 0, -1)]
    assert "│You│" + "│".join(f"{label:^8}" for label in shown) + "│" in output


def test_a_placement_that_breaks_the_rule_is_asked_again(tmp_path: Path) -> None:
    """R3.1: the Governor may never be in a Saloon: the engine's reason is shown, as for
    a missing bar and an ambiguous name, and the placement is asked again."""
    stdin = "\n".join(
        [
            "hit sher ind store dan rep band rev | gov mayor",
            "gov hit sher ind store dan rep band rev mayor",
            "gov hit s ind store dan rep band | rev mayor",
            MINE,
            "y",
            "quit",
            "y",
        ]
    )
    output, path = run_play(tmp_path, "--seed", "2", stdin=stdin + "\n", placement=None)
    assert "✗ Saloon: the Governor may never be in a Saloon." in output
    assert "✗ Write the 8 street cards (column 1 first), '|', then the 2 Saloon cards" in output
    assert "✗ Column 3: 's' could be sheriff or storekeep: write more of it." in output
    assert output.count("Play with this placement?") == 1
    record = placed_record(path)
    assert record.setup is not None and record.setup.placement(0) == Placement.parse(MINE)


def test_last_placement_is_remembered_beside_the_records(tmp_path: Path) -> None:
    """At first there is no last placement to take; once one is played, the next game
    in the same records folder may take it again with "last"."""
    output, _ = run_play(
        tmp_path, "--seed", "1", stdin=f"last\n{MINE}\ny\nquit\ny\n", placement=None
    )
    assert "✗ No previous placement is kept in" in output
    records = tmp_path / "records"
    assert (records / LAST_FILE).read_text(encoding="utf-8").startswith("governor hitman")
    result = runner.invoke(
        app,
        ["play", "--bot", "random", "--records", str(records), "--seed", "2"],
        input="last\ny\nquit\ny\n",
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    record = placed_record(records / "play-2.json")
    assert record.setup is not None and record.setup.placement(0) == Placement.parse(MINE)


def test_the_bot_places_through_bot_placement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3.1: the bot's cards stand where bot_placement(spec, seed) puts them, and it is
    given nothing of the human's placement."""
    theirs = Placement.parse("sheriff governor hitman ind store dan rep band | rev mayor")
    calls: list[tuple[str, int, int | None]] = []

    def placing(spec: str, seed: int, seat: int | None = None) -> Placement:
        calls.append((spec, seed, seat))
        return theirs

    monkeypatch.setattr(outlaws.bots.placement, "bot_placement", placing)
    _, path = run_play(tmp_path, "--seed", "12", stdin=f"{MINE}\ny\nquit\ny\n", placement=None)
    assert calls == [("random", 12, 1)]
    record = placed_record(path)
    assert record.setup is not None and record.setup.placement(1) == theirs


def test_quitting_while_placing_saves_nothing(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["play", "--bot", "random", "--records", str(tmp_path)], input="quit\ny\n", env=ENV
    )
    assert result.exit_code == 0, result.output
    assert "Really quit? No game is played." in result.output
    assert "You left before the first turn" in result.output
    assert not list(tmp_path.glob("*.json"))


# -- reactions, with a dealt position and a scripted bot ------------------------------------


class ScriptBot:
    """Plays the given notation in order, passes on every reaction prompt."""

    name = "script"

    def __init__(self, moves: Sequence[str]) -> None:
        self.moves = iter(moves)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.pending is not None:
            return Action("pass")
        return parse_notation(next(self.moves, str(legal[0])))


def rigged(monkeypatch: pytest.MonkeyPatch, state: State, bot_moves: Sequence[str]) -> None:
    """Make ``outlaws play`` start from ``state`` against a scripted bot."""

    class Deal:
        @staticmethod
        def new(seed: int = 0, turn_limit: int | None = None) -> State:
            return state

    monkeypatch.setattr(play_module, "State", Deal)
    monkeypatch.setattr(outlaws.bots, "make_bot", lambda spec, seed=None: ScriptBot(bot_moves))


def test_intercept_is_a_yes_no_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R6.3.3 / R8.5: their Hitman at column 2 finds our Governor; our Sheriff stands
    beside him, so "y" intercepts and arrests the Hitman (R9.3)."""
    street0 = SHERIFF_BY_GOVERNOR  # columns 1..8
    state = table(street0=street0, first=1)  # seat 1: Governor at 1, Hitman at 2
    rigged(monkeypatch, state, ["hitman 2"])
    output, path = run_play(tmp_path, "--seed", "0", stdin="maybe\ny\n")
    assert "Their Hitman has found your Governor!" in output
    assert "✗ Answer y (intercept) or n (pass)." in output
    assert "you won by arresting the Hitman" in output
    final = Record.loads(path.read_text(encoding="utf-8")).replay()
    assert final.winner == 0 and final.how == "ugly"


def test_reverend_cancel_is_a_yes_no_question(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R6.9.2: their Sheriff arrests our Hitman at column 2, our Reverend stands at
    column 3 (the Hitman is immediately to his left for seat 0): "y" cancels the arrest."""
    street0 = (
        "governor",
        "hitman",
        "reverend",
        "indian",
        "storekeep",
        "dancer",
        "reporter",
        "bandit",
    )  # columns 1..8
    street1 = (
        "governor",
        "sheriff",
        "hitman",
        "indian",
        "storekeep",
        "dancer",
        "reporter",
        "bandit",
    )  # columns 1..8
    saloon0 = ("sheriff", "mayor")
    state = table(street0=street0, saloon0=saloon0, street1=street1, first=1)
    rigged(monkeypatch, state, ["sheriff 2 hitman", "move 1 2 pretend"])
    stdin = answers("y", "move 4 5 pretend", n=6) + "quit\ny\n"
    output, path = run_play(tmp_path, "--seed", "0", stdin=stdin)
    assert "Their Sheriff is about to arrest your Hitman. Cancel it with your Reverend?" in output
    assert Catalogue().t("log.cancel.self", col=3) in output
    assert not Record.loads(path.read_text(encoding="utf-8")).replay().over


# -- the screen itself -----------------------------------------------------------------------


def render(view: View) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None, highlight=False)
    console.print(screen_of(view, "random"))
    return console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("seat", [0, 1])
def test_screen_depends_on_the_view_only(seat: int) -> None:
    """R8.3: two deals that differ only in the opponent's arrangement draw the same
    screen, and it fits in 80 columns."""
    other = ("bandit", "reporter", "dancer", "storekeep", "indian", "sheriff", "hitman", "governor")
    a = table()
    b = table(street0=other) if seat == 1 else table(street1=other)
    screen = render(seat_view(a, seat))
    assert screen == render(seat_view(b, seat))
    assert max(len(line) for line in screen.splitlines()) <= 80
    assert list(them_rows(screen)) == [[HIDDEN] * 8]
