"""``outlaws analyse``: records in, a summary a player reads and the analyses as JSON out,
the same whatever the number of processes; bad input is one line and exit status 2."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from outlaws.analysis import analyse
from outlaws.cli.main import app
from outlaws.engine import Record
from tests.analysis.games import SMALL, bot_game, prefix

RECORDS = Path(__file__).resolve().parents[1] / "records"
#: The test budget, as the command reads it.
BUDGET = f"{SMALL.candidates},{SMALL.worlds},{SMALL.steps}"
#: A mistake or a blunder as the summary lists it.
ERROR_LINE = re.compile(
    r"^\s+(mistake|blunder)\s+turn \d+, seat [01]( \([^)]*\))?: played [a-z0-9 @+]+"
    r" \(chance \d+%\) — better [a-z0-9 @+]+ \(\d+%\)$"
)


@cache
def games() -> tuple[Record, Record]:
    """Two short games: the first eight actions of two bot games."""
    return prefix(bot_game(1), 8), prefix(bot_game(2), 8)


def write_games(folder: Path) -> list[Path]:
    """The two games as record files; the first exported by the server, its players named
    beside the record."""
    first, second = games()
    exported = {**first.to_json(), "players": [{"name": "Ana"}, {"name": "Bo"}], "game": "g1"}
    paths = [folder / "first.json", folder / "second.json"]
    paths[0].write_text(json.dumps(exported), encoding="utf-8")
    paths[1].write_text(second.dumps(), encoding="utf-8")
    return paths


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["analyse", *args])
    return result.exit_code, result.stdout, result.stderr


@dataclass(frozen=True)
class Run:
    """The two games analysed in one process: the files, what was printed, the JSON."""

    paths: list[Path]
    stdout: str
    json: bytes


@pytest.fixture(scope="module")
def in_one_process(tmp_path_factory: pytest.TempPathFactory) -> Run:
    folder = tmp_path_factory.mktemp("analyse")
    paths = write_games(folder)
    out = folder / "analyses.json"
    code, stdout, stderr = run(
        *map(str, paths), "--jobs", "1", "--seed", "3", "--budget", BUDGET, "--json", str(out)
    )
    assert code == 0, stderr
    return Run(paths, stdout, out.read_bytes())


def test_two_records_are_summarised_and_written_as_json(in_one_process: Run) -> None:
    paths, stdout = in_one_process.paths, in_one_process.stdout
    data = json.loads(in_one_process.json)
    assert set(data) == {"analyses", "records"} and data["analyses"] == 1
    assert [entry["file"] for entry in data["records"]] == [str(path) for path in paths]
    for entry, game in zip(data["records"], games(), strict=True):
        assert entry["analysis"] == analyse(game, seed=3, budget=SMALL)
    assert "seat 0 (Ana)" in stdout and "seat 1 (Bo)" in stdout
    for path in paths:
        assert f"{path}: 8 actions, unfinished" in stdout
    listed = sum(
        entry["analysis"]["summary"][seat]["verdicts"][verdict]
        for entry in data["records"]
        for seat in (0, 1)
        for verdict in ("mistake", "blunder")
    )
    assert listed > 0  # the games have errors to list
    assert len([line for line in stdout.splitlines() if ERROR_LINE.match(line)]) == listed
    assert not re.search(r"\bR\d", stdout)  # no rule ids for a player to decode


def test_any_number_of_processes_gives_the_same_json(in_one_process: Run, tmp_path: Path) -> None:
    """Each decision is judged with its own seed: two processes sharing the work write
    the same analyses as one."""
    out = tmp_path / "two.json"
    paths = map(str, in_one_process.paths)
    code, _, stderr = run(
        *paths, "--jobs", "2", "--seed", "3", "--budget", BUDGET, "--json", str(out)
    )
    assert code == 0, stderr
    assert out.read_bytes() == in_one_process.json


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("bad_json.json", "bad_json.json: record: not valid JSON"),
        ("bad_format.json", "bad_format.json: format: must be 'outlaws/1'"),
        ("illegal_unknown_field.json", "illegal_unknown_field.json: action 2: actions[1].swp"),
        (
            "illegal_election_tied_votes.json",
            "illegal_election_tied_votes.json: action 5 (take 1 election) cannot be played",
        ),
        ("no_such_record.json", "no_such_record.json: cannot read it"),
    ],
)
def test_bad_input_is_one_line_naming_the_file(record: str, message: str) -> None:
    """Bad input stops the run before anything is judged: one line naming the record and
    the field or the action (R9.1: an Election called with tied Votes cannot be played),
    exit status 2."""
    code, stdout, stderr = run(str(RECORDS / "moves.json"), str(RECORDS / record))
    assert code == 2
    assert stdout == "" and "Traceback" not in stderr
    assert len(stderr.splitlines()) == 1 and message in stderr


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--budget", "4,8"], "--budget: three whole numbers"),
        (["--json", "/no/such/folder/out.json"], "--json: no such folder"),
    ],
)
def test_bad_options_are_one_line(option: list[str], message: str) -> None:
    code, stdout, stderr = run(str(RECORDS / "moves.json"), *option)
    assert code == 2 and stdout == "" and len(stderr.splitlines()) == 1 and message in stderr
