"""The terminal game speaks as the browser does: its log lines are the browser's catalogue
templates (src/outlaws/web/i18n/<lang>.json) chosen and filled as ``web/game/log.js`` does,
the players are named as the web table names them ("You", "Medium bot"), and nothing a
player reads carries a rule id.

The catalogues are read here straight from their files, so these checks hold whatever
the messages say today.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from outlaws.bots import make_bot, play_game
from outlaws.cli.catalogue import Catalogue, languages
from outlaws.cli.gamelog import Reader, describe_at
from outlaws.cli.main import app
from outlaws.cli.screen import events_of
from outlaws.engine import Event, State, seat_view
from tests.scenario import play, table

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "src" / "outlaws" / "web" / "i18n"
LOG_LINES = ROOT / "tests" / "js" / "log_lines.mjs"
ENV = {"COLUMNS": "80", "LINES": "50", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
#: A rule id as docs/rules.md numbers them.
RULE_ID = re.compile(r"\bR\d+\.\d+")
#: A player called by seat number rather than by name.
SEAT_NUMBER = re.compile(r"\bseat [0-2]\b", re.IGNORECASE)
runner = CliRunner()


def english() -> dict[str, str]:
    return json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))


def template(key: str, **params: object) -> str:
    """The English message ``key`` filled as the page fills it."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), english()[key])


def name_of(card: str) -> str:
    return english()[f"card.{card}"]


def random_bot() -> str:
    """How the web table calls the ``random`` bot."""
    return template("bot.ranked", rank=english()["bot.rank.random"])


def cli_lines(state: State, viewer: int, since: int = 0) -> list[str]:
    """The lines the terminal prints for ``viewer`` (against the random bot) of the
    events of ``state``'s log from ``since`` on, as on its screen."""
    catalogue = Catalogue()
    reader = Reader.facing(catalogue, viewer, catalogue.bot_label("random"))
    console = Console(file=io.StringIO(), width=400, color_system=None)
    console.print(events_of(seat_view(state, viewer).log, since, reader, limit=100))
    return [line.strip() for line in console.file.getvalue().splitlines()]  # type: ignore[attr-defined]


# -- one event, in the catalogue's words --------------------------------------------------


def test_a_saloon_exchange_says_the_card_out_and_the_card_in() -> None:
    """R5.2: the Mayor comes out through columns 7 and 8 and the Reporter goes in. The
    opponent reads which card went in; the one who played it reads where each ended."""
    state = play(table(), "saloon mayor 7 8 reporter mayor")
    params = dict(a=7, b=8, card=name_of("mayor"), to_saloon=name_of("reporter"))
    assert template("log.saloon", who="You", **params) not in cli_lines(state, 0)
    assert cli_lines(state, 0)[-1] == template(
        "log.saloon.known.self", **params, at_a=name_of("mayor")
    )
    assert cli_lines(state, 1)[-1] == template("log.saloon", who=random_bot(), **params)


def test_a_card_shown_and_put_back_is_not_said_as_brought_out() -> None:
    """R5.2: the Mayor out of the Saloon and the Mayor back in: it was only shown."""
    state = play(table(), "saloon mayor 7 8 mayor reporter")
    params = dict(a=7, b=8, card=name_of("mayor"), to_saloon=name_of("mayor"))
    line = cli_lines(state, 1)[-1]
    assert line == template("log.saloon.same", who=random_bot(), **params)
    assert "now in the Saloon" not in line


def test_a_look_names_the_card_that_looked_in_one_line() -> None:
    """R5.3: the Sheriff at column 3 is revealed to look at slot 3: one line says both,
    with the token for the one who looked only."""
    state = play(table(), "look 3")
    token = english()["token.vote"]
    mine = template("log.look.token.card.self", col=3, card=name_of("sheriff"), token=token)
    assert cli_lines(state, 0)[1:] == [mine]
    theirs = template("log.look.card", who=random_bot(), col=3, card=name_of("sheriff"))
    assert cli_lines(state, 1)[1:] == [theirs]


def test_a_take_says_the_call_and_the_card_that_made_it() -> None:
    """R5.4: the Sheriff at column 3 calls a Vote at slot 3, and it is one."""
    state = play(table(), "take 3 vote")
    call = english()["token.vote"]
    assert cli_lines(state, 0)[1:] == [
        template("log.take.taken.card.self", col=3, card=name_of("sheriff"), call=call)
    ]


def test_a_hitman_shot_and_the_card_it_hit() -> None:
    """R6.2: our Hitman at column 2 shoots their column 2: their Hitman is revealed, a
    miss that spent the Bullet."""
    state = play(table(), "hitman 2")
    revealed = template("log.reveal.self", col=2, card=name_of("hitman"))
    assert cli_lines(state, 1)[1:3] == [
        template("log.hitman", who=random_bot(), col=2),
        f"{revealed} {template('log.miss.hitman')}",
    ]


def test_a_move_is_a_swap_or_a_bluff_to_the_opponent() -> None:
    """R5.1: who moved knows whether they swapped; the opponent cannot tell."""
    state = play(table(), "move 1 2 swap")
    assert cli_lines(state, 0)[-1] == template("log.move.swap.self", a=1, b=2)
    assert cli_lines(state, 1)[-1] == template("log.move", who=random_bot(), a=1, b=2)
    assert cli_lines(state, 0)[0] == template("log.turn.self", turn=1)


# -- every event, as log.js says it, in every language --------------------------------------


def ev(turn: int, kind: str, seat: int | None, **fields: Any) -> Event:
    """An event as docs/events.md spells it."""
    return Event(turn, kind, seat, tuple(fields.items()))


#: The events the games below seldom reach, each in its own context.
RARE: tuple[tuple[Event, ...], ...] = (
    (
        ev(4, "storekeep", 0, col=5, slots=(4, 6), supply=False, mayor=True),
        ev(4, "reveal", 0, col=5, card="storekeep"),
        ev(4, "reveal", 0, col=4, card="mayor"),
    ),
    (ev(4, "storekeep", 1, col=5, slots=(5,), supply=True, mayor=False),),
    (
        ev(5, "sheriff", 1, col=2, call="bandit", target=3, mayor=True),
        ev(5, "immobilized", 0, col=3),
    ),
    (
        ev(6, "reverend", 0, col=4),
        ev(6, "reveal", 0, col=4, card="reverend"),
        ev(6, "freed", 0, col=3),
    ),
    (
        ev(7, "hitman", 1, col=2),
        ev(7, "prompt", 0, reaction="intercept"),
        ev(7, "intercept", 0, col=1),
        ev(7, "win", 0, how="ugly"),
    ),
    (
        ev(8, "prompt", 1, reaction="cancel"),
        ev(8, "cancel", 1, col=3),
        ev(8, "recovered", 0),
        ev(8, "pass", 0),
    ),
    (
        ev(9, "dancer", 0, col=4, **{"from": 6}),
        ev(9, "steal", 1, token="handcuffs"),
        ev(9, "headline", 0, col=2, card="hitman"),
        ev(9, "reporter", 1, col=7, call="dancer", target=7, mayor=False),
        ev(9, "indian", 0, col=4, target=5, mayor=True),
    ),
    (
        ev(10, "hitman", 0, col=4),
        ev(10, "reveal", 0, col=4, card="hitman"),
        ev(10, "reveal", 1, col=4, card="dancer"),
        ev(11, "sheriff", 1, col=5, call="hitman", target=6, mayor=True),
        ev(11, "reveal", 1, col=5, card="sheriff"),
        ev(11, "reveal", 1, col=4, card="mayor"),
        ev(11, "reveal", 0, col=6, card="bandit"),
        ev(12, "reporter", 0, col=2, call="indian", target=2, mayor=False),
        ev(12, "reveal", 0, col=2, card="reporter"),
        ev(12, "reveal", 1, col=2, card="storekeep"),
        ev(13, "sheriff", 1, col=3, call="bandit", target=3, mayor=False),
        ev(13, "reveal", 1, col=3, card="sheriff"),
        ev(13, "reveal", 0, col=3, card="bandit"),
        ev(13, "immobilized", 0, col=3),
    ),
    (ev(30, "sudden_death", None), ev(80, "limit", None), ev(80, "a_type_to_come", None)),
)


def whole_games() -> list[list[Event]]:
    """The logs of a few whole games, as each seat and a spectator read them."""
    logs = []
    for seed, bots in enumerate(["heuristic,random", "random,random", "heuristic,heuristic"]):
        state = State.new(seed=seed, turn_limit=200)
        play_game(state, [make_bot(spec, seed + i) for i, spec in enumerate(bots.split(","))])
        logs += [list(seat_view(state, viewer).log) for viewer in (0, 1, None)]
    return logs


@cache
def cases() -> list[tuple[int | None, list[Event]]]:
    games = [(viewer, log) for viewer, log in zip([0, 1, None] * 3, whole_games(), strict=True)]
    rare = [(viewer, list(events)) for events in RARE for viewer in (0, 1, None)]
    return games + rare


def browser_lines(
    lang: str, cases: Sequence[tuple[int | None, list[Event]]], names: tuple[str, str]
) -> list[list[str | None]]:
    """What log.js says of each event of each case, run by Node."""
    request = {
        "lang": lang,
        "cases": [
            {"viewer": viewer, "names": list(names), "events": [e.to_json() for e in events]}
            for viewer, events in cases
        ],
    }
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run(
        [node, str(LOG_LINES)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    lines: list[list[str | None]] = json.loads(done.stdout)
    return lines


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run the page's log.js")
@pytest.mark.parametrize("lang", languages())
def test_every_event_reads_as_in_the_browser(lang: str) -> None:
    """Every event type of docs/events.md, in whole games and in the rare cases (a
    reaction, the Mayor, sudden death), from either chair and a spectator's: the
    terminal's line is the browser's, folded the same way, in every catalogue."""
    catalogue = Catalogue(lang)
    names = (catalogue.t("player.you"), catalogue.bot_label("heuristic"))
    all_cases = cases()
    expected = browser_lines(lang, all_cases, names)
    seen: set[str] = set()
    for (viewer, events), page in zip(all_cases, expected, strict=True):
        reader = Reader(catalogue, viewer, names)
        terminal = [describe_at(events, i, reader) for i in range(len(events))]
        assert terminal == page
        seen |= {event.type for event in events}
    assert seen >= {
        "turn", "move", "saloon", "reveal", "look", "take", "hitman", "sheriff", "indian",
        "storekeep", "dancer", "reporter", "headline", "bandit", "steal", "reverend", "freed",
        "prompt", "intercept", "cancel", "pass", "immobilized", "recovered", "sudden_death",
        "win", "limit",
    }  # fmt: skip


# -- names, not seat numbers; no rule ids ---------------------------------------------------


def test_a_whole_game_against_the_default_bot_names_the_players_without_rule_ids(
    tmp_path: Path,
) -> None:
    """A game against the default bot, placed at random, played step by step and typed,
    with a few refusals on the way (a column off the table, a call the Sheriff cannot
    make, an Election the card at column 1 may not take): every line names the players
    as the web table does and carries no rule id."""
    steps = ["look 9", "sheriff 1 governor", "take 1 election", "1", "move", "2", "swap"]
    stdin = "random\ny\n" + "\n".join(steps * 12) + "\n"
    result = runner.invoke(
        app,
        ["play", "--records", str(tmp_path), "--seed", "7", "--turn-limit", "8", "--notebook"],
        input=stdin,
        env=ENV,
    )
    output = result.output
    assert result.exit_code == 0, output
    assert "GAME OVER" in output
    assert "Not allowed: " in output
    catalogue = Catalogue()
    assert any(catalogue.t("log.turn.self", turn=n) in output for n in range(1, 9))
    assert f"{catalogue.bot_label('heuristic')}'s turn" in " ".join(output.split())
    assert not RULE_ID.search(output), RULE_ID.findall(output)
    assert not SEAT_NUMBER.search(output), SEAT_NUMBER.findall(output)


def test_placement_prompts_carry_no_rule_id(tmp_path: Path) -> None:
    """R3.1: the placement screen (from seat 1, whose columns grow to its left), a
    Governor put in the Saloon and refused, then a placement confirmed: the words say
    the rule, never its number."""
    stdin = "hit sher ind store dan rep band rev | gov mayor\nrandom\ny\nquit\ny\n"
    result = runner.invoke(
        app,
        ["play", "--records", str(tmp_path), "--bot", "random", "--seat", "1", "--seed", "3"],
        input=stdin,
        env=ENV,
    )
    output = result.output
    assert result.exit_code == 0, output
    assert "Place your cards" in output
    assert "the Governor may never be in a Saloon." in output
    assert f"{random_bot()} has placed its cards too." in output
    assert not RULE_ID.search(output), RULE_ID.findall(output)
    assert not SEAT_NUMBER.search(output), SEAT_NUMBER.findall(output)


def test_the_help_of_play_carries_no_rule_id() -> None:
    result = runner.invoke(app, ["play", "--help"], env=ENV)
    assert result.exit_code == 0
    assert "--lang" in result.output
    assert not RULE_ID.search(result.output)


# -- the language ---------------------------------------------------------------------------


def test_the_log_speaks_the_language_asked(tmp_path: Path) -> None:
    """``--lang pt``: the log and the names in Portuguese, from pt.json."""
    portuguese = json.loads((CATALOGUES / "pt.json").read_text(encoding="utf-8"))
    stdin = "move 1 2 pretend\n" * 8
    args = ["play", "--records", str(tmp_path), "--bot", "random", "--placement", "random"]
    result = runner.invoke(
        app, [*args, "--seed", "4", "--turn-limit", "3", "--lang", "pt"], input=stdin, env=ENV
    )
    assert result.exit_code == 0, result.output
    assert portuguese["log.move.pretend.self"].format(a=1, b=2) in result.output


def test_an_unknown_language_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["play", "--records", str(tmp_path), "--lang", "xx"], input="", env=ENV
    )
    assert result.exit_code == 2
    assert "no catalogue for 'xx'" in result.output


# -- two bots watched -----------------------------------------------------------------------


@pytest.mark.parametrize("bots", ["random,heuristic", "heuristic,heuristic"])
def test_a_demo_names_the_bots_as_the_web_table_does(tmp_path: Path, bots: str) -> None:
    """Watching two bots: each is called by its rank, with its seat's number too when
    both have the same one (as the web table does); the log is a spectator's, its last
    line the end."""
    result = runner.invoke(
        app,
        ["demo", "--bots", bots, "--seed", "2", "--turn-limit", "3", "--records", str(tmp_path)],
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    catalogue = Catalogue()
    first, second = (catalogue.bot_label(spec) for spec in bots.split(","))
    if first == second:
        first = catalogue.t("player.twin", name=first, n=1)
        second = catalogue.t("player.twin", name=second, n=2)
    lines = result.output.splitlines()
    assert lines[0].startswith(f"Outlaws — {first} against {second}")
    names = (first, second)
    assert any(catalogue.t("log.turn", turn=1, who=name) in lines for name in names)
    wins = {
        catalogue.t("log.win", who=name, how=catalogue.t(f"how.short.{how}"))
        for name in names
        for how in ("good", "bad", "ugly")
    }
    assert lines[-2] in {catalogue.t("log.limit"), *wins}
    assert not SEAT_NUMBER.search(result.output)
    assert not RULE_ID.search(result.output)
