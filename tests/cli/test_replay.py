"""End-to-end tests of ``outlaws replay`` (docs/format.md) on the hand-made records of
``tests/records``.

Every test runs the real console script in a subprocess. The runs are made once, in
parallel, before the first test, and cached: the file stays fast however many tests read
them.

- A legal record ``NAME.json`` has three golden outputs, ``NAME.state.json``,
  ``NAME.view0.json`` and ``NAME.view1.json`` (regenerate them with
  ``python tests/records/regenerate.py``), and an ``expect`` field: facts of the final
  position worked out by hand from docs/rules.md, checked here independently of the goldens.
- A record named ``illegal_*`` must fail at one action; ``bad_*`` must be refused whole.

Each parametrized test names the rules it covers in its id (``grep R6.3.3 tests/``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

# Every record replayed by the console script, some 30 s in all on a small machine.
pytestmark = pytest.mark.slow

RECORDS = Path(__file__).resolve().parents[1] / "records"

#: Legal records and the rules each one exercises.
LEGAL: dict[str, str] = {
    "moves": "R5.1 R4.1",
    "saloon": "R5.2",
    "look": "R5.3 R8.2",
    "take_slide_refill": "R5.4 R5.5 R5.6",
    "storekeep": "R6.5 R5.6",
    "dancer": "R6.6",
    "reporter": "R6.7 R8.4",
    "bandit": "R6.8 R6.2",
    "sheriff_immobilize": "R6.3.2 R7.3",
    "reverend_free": "R6.9.1",
    "reverend_cancel": "R6.9.2 R6.3.2",
    "mayor": "R6.10",
    "prompt_pending": "R8.5",
    "intercept_ugly": "R6.3.3 R9.3",
    "intercept_cancelled": "R6.3.3 R6.9.2",
    "win_good": "R9.1 R5.6",
    "win_bad": "R9.2 R6.2",
    "win_ugly": "R9.3 R6.3.2",
    "turn_limit": "R9.5 R8.6",
    "sudden_death": "R9.4",
}

#: Records that fail at one action: (action number N, what the reason must name). The
#: reason names the rule broken, or for a malformed action (docs/format.md "Actions") the field.
ILLEGAL: dict[str, tuple[int, str]] = {
    "illegal_take_wrong_character": (2, "R5.4"),
    "illegal_election_tied_votes": (5, "R5.4"),
    "illegal_move_immobilized": (4, "R4.3"),
    "illegal_governor_to_saloon": (1, "R5.2"),
    "illegal_column_9": (3, "R5.8"),
    "illegal_intercept_no_sheriff": (3, "R6.3.3"),
    "illegal_ignore_prompt": (3, "R8.5"),
    "illegal_mayor_with_bandit": (1, "R6.10"),
    "illegal_after_game_over": (10, "R9"),
    "illegal_unknown_field": (2, "actions[1].swp"),
    "illegal_missing_field": (1, "actions[0].swap"),
}

#: Records refused as a whole (docs/format.md "Record"): what the one error line must hold.
BAD: dict[str, str] = {
    "bad_json": "not valid JSON",
    "bad_format": "format",
    "bad_setup_governor_in_saloon": "R3.1",
}

VIEWS = ("view0", "view1")
#: The field of an event that only its own seat may read (R8.2; docs/events.md).
PRIVATE = {"move": "swap", "saloon": "at_a", "look": "token"}

# -- running the console script ----------------------------------------------------------


def _command() -> list[str]:
    script = Path(sys.executable).parent / "outlaws"
    return [str(script)] if script.exists() else [sys.executable, "-m", "outlaws.cli"]


CLI = _command()


@dataclass(frozen=True)
class Run:
    code: int
    out: bytes
    err: bytes

    @property
    def err_lines(self) -> list[str]:
        return self.err.decode("utf-8", errors="replace").splitlines()


#: (arguments after ``outlaws``, standard input, run number): the run number lets a test
#: ask for a second, independent run of the same command.
Key = tuple[tuple[str, ...], bytes | None, int]
_RUNS: dict[Key, Run] = {}


def _execute(key: Key) -> Run:
    args, stdin, _ = key
    proc = subprocess.run(
        [*CLI, *args],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=120,
        check=False,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def run(*args: str | Path, stdin: bytes | None = None, again: int = 0) -> Run:
    """The (cached) result of ``outlaws ARGS`` with ``stdin`` on standard input."""
    key = (tuple(str(a) for a in args), stdin, again)
    if key not in _RUNS:
        _RUNS[key] = _execute(key)
    return _RUNS[key]


def record(name: str) -> Path:
    return RECORDS / f"{name}.json"


def golden(name: str, suffix: str) -> Path:
    return RECORDS / f"{name}.{suffix}.json"


def view_args(name: str, suffix: str) -> tuple[str, ...]:
    """The ``outlaws`` arguments whose output is the golden ``suffix`` of ``name``."""
    extra = () if suffix == "state" else ("--view", suffix[-1])
    return ("replay", str(record(name)), *extra)


def output(name: str, suffix: str) -> Any:
    """The parsed output of a legal record (``state``, ``view0`` or ``view1``)."""
    result = run(*view_args(name, suffix))
    assert result.code == 0, result.err
    return json.loads(result.out)


# Stand-alone inputs of the tests that do not use a record file.
NESTED = b"[" * 100_000 + b"]" * 100_000
UNHASHABLE = [
    json.dumps(
        {
            "format": "outlaws/1",
            "seed": 1,
            "actions": [{"type": "take", "col": 1, "call": ["vote"]}],
        }
    ).encode(),
    json.dumps(
        {
            "format": "outlaws/1",
            "seed": 1,
            "actions": [
                {"type": "saloon", "card": {}, "a": 1, "b": 2, "to_saloon": "x", "at_a": "y"}
            ],
        }
    ).encode(),
]
# Action 1 is illegal (no reaction is awaited, R8.5); action 2 is malformed (column 9).
FIRST_FAULT = json.dumps(
    {"format": "outlaws/1", "seed": 1, "actions": [{"type": "pass"}, {"type": "look", "col": 9}]}
).encode()
MISSING = RECORDS / "no_such_record.json"
#: Records replayed twice (sudden death draws on the seed, R9.4).
DETERMINISM = ("sudden_death",)
#: Records also read from standard input, with the extra arguments.
STDIN_CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("win_good", ()),
    ("reporter", ("--view", "1")),
)


def _planned() -> list[Key]:
    """Every run the tests below make, so that they can be made in parallel up front."""
    keys: list[Key] = []

    def plan(*args: str | Path, stdin: bytes | None = None, again: int = 0) -> None:
        keys.append((tuple(str(a) for a in args), stdin, again))

    for name in LEGAL:
        for suffix in ("state", *VIEWS):
            plan(*view_args(name, suffix))
    for name in DETERMINISM:
        plan(*view_args(name, "state"), again=1)
        plan(*view_args(name, "view1"), again=1)
    for name, args in STDIN_CASES:
        plan("replay", "-", *args, stdin=record(name).read_bytes())
    for name in (*ILLEGAL, *BAD):
        plan("replay", record(name))
    plan("replay", "-", stdin=record("bad_json").read_bytes())
    plan("replay", MISSING)
    plan("replay", "-", stdin=NESTED)
    for data in (*UNHASHABLE, FIRST_FAULT):
        plan("replay", "-", stdin=data)
    return keys


@pytest.fixture(scope="module", autouse=True)
def _prefetch() -> None:
    todo = [key for key in dict.fromkeys(_planned()) if key not in _RUNS]
    workers = max(2, min(8, (os.cpu_count() or 2) * 2))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for key, result in zip(todo, pool.map(_execute, todo), strict=True):
            _RUNS[key] = result


def _param(name: str, rules: str, *more: str) -> Any:
    return pytest.param(name, *more, id="-".join([name, *rules.split(), *more]))


LEGAL_PARAMS = [_param(name, rules) for name, rules in LEGAL.items()]
VIEW_PARAMS = [_param(name, rules, v) for name, rules in LEGAL.items() for v in VIEWS]


def _lookup(obj: Any, path: str) -> Any:
    for part in path.split("."):
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj


def _one_error_line(result: Run) -> str:
    """docs/format.md: nothing on standard output, one line on standard error, status 2."""
    assert result.code == 2, result.err
    assert result.out == b""
    lines = result.err_lines
    assert len(lines) == 1, lines
    assert result.err.endswith(b"\n")
    return lines[0]


def _names_rule(reason: str, rule: str) -> bool:
    """Whether ``reason`` names ``rule`` ("R6.3" is not named by "R6.3.3")."""
    return re.search(rf"(^|[\s(]){re.escape(rule)}($|[\s):,])", reason) is not None


# -- the record files ------------------------------------------------------------------


def test_every_record_file_is_tested() -> None:
    """Each record in tests/records is listed above, and each legal one has its three
    golden files (and no golden file is left without its record)."""
    names = {p.stem for p in RECORDS.glob("*.json") if p.name.count(".") == 1}
    assert names == set(LEGAL) | set(ILLEGAL) | set(BAD)
    goldens = {p.name for p in RECORDS.glob("*.*.json")}
    assert goldens == {f"{n}.{s}.json" for n in LEGAL for s in ("state", *VIEWS)}


@pytest.mark.parametrize("name", LEGAL_PARAMS)
def test_record_has_setup_and_expectations(name: str) -> None:
    """R3.4: every legal record starts from an explicit setup, so its outcome is known."""
    data = json.loads(record(name).read_text(encoding="utf-8"))
    assert data["format"] == "outlaws/1"
    assert isinstance(data["seed"], int)
    assert {"first", "seats", "tokens"} <= set(data["setup"])
    assert data["expect"], "hand-checked facts of the final position"


# -- legal records: golden outputs and hand-checked facts --------------------------------


@pytest.mark.parametrize("name", LEGAL_PARAMS)
def test_state_matches_golden(name: str) -> None:
    """docs/format.md replay: exit 0, the whole state byte for byte, nothing on stderr."""
    result = run(*view_args(name, "state"))
    assert result.code == 0, result.err
    assert result.err == b""
    assert result.out == golden(name, "state").read_bytes()


@pytest.mark.parametrize(("name", "suffix"), VIEW_PARAMS)
def test_view_matches_golden(name: str, suffix: str) -> None:
    """docs/format.md replay --view SEAT (R8.3): exit 0, the view byte for byte."""
    result = run(*view_args(name, suffix))
    assert result.code == 0, result.err
    assert result.err == b""
    assert result.out == golden(name, suffix).read_bytes()


@pytest.mark.parametrize("name", LEGAL_PARAMS)
def test_expected_facts(name: str) -> None:
    """The record's ``expect`` facts (worked out by hand from the rules named in the test
    id) hold in the output: ``path`` in the state, ``viewN:path`` in seat N's view."""
    expect = json.loads(record(name).read_text(encoding="utf-8"))["expect"]
    for key, value in expect.items():
        suffix, _, path = key.rpartition(":")
        assert _lookup(output(name, suffix or "state"), path) == value, key


# -- views: nothing the seat may not know (R8) -------------------------------------------


@pytest.mark.parametrize(("name", "suffix"), VIEW_PARAMS)
def test_view_hides_the_opponents_secrets(name: str, suffix: str) -> None:
    """R8.1-R8.3, R8.6 and docs/format.md: compared with the whole state, a seat's view shows
    its own side whole, the public facts as they are, the opponent's cards only while face
    up (Saloon, immobilized, headlined; everything once the game is over), the tokens only
    where the view says the seat knows them, and the reserve only as its size."""
    seat = int(suffix[-1])
    state, view = output(name, "state"), output(name, suffix)
    assert view["viewer"] == seat
    assert set(state) - {"reserve"} <= set(view)
    for key in ("status", "winner", "how", "to_act", "actions_left", "pending", "turn"):
        assert view[key] == state[key], key
    assert view["sudden_death"] == state["sudden_death"]
    assert view["discard"] == state["discard"]
    assert view["reserve"] == len(state["reserve"])
    assert view["filled"] == sum(token is not None for token in state["slots"])
    for shown, true in zip(view["slots"], state["slots"], strict=True):
        assert shown is None or shown == true
    assert view["seats"][seat] == state["seats"][seat]
    theirs, true = view["seats"][1 - seat], state["seats"][1 - seat]
    for key in ("saloon", "stash", "immobilized", "headlined"):
        assert theirs[key] == true[key], key
    over = state["status"] == "over"
    for col, (shown, card) in enumerate(zip(theirs["street"], true["street"], strict=True), 1):
        face_up = over or col in true["immobilized"] or col in true["headlined"]
        assert shown == (card if face_up else None), f"column {col}"


@pytest.mark.parametrize(("name", "suffix"), VIEW_PARAMS)
def test_view_log_hides_private_fields(name: str, suffix: str) -> None:
    """R8.2/R8.3 (docs/format.md "Actions"): in a seat's log, its own moves, Saloon exchanges
    and looks keep ``swap``, ``at_a`` and ``token``; the opponent's looks never show the
    token, and its moves and exchanges hide them unless a headlined card of that seat is
    on the table (then the card was seen moving, R8.4: see the reporter record)."""
    seat = int(suffix[-1])
    headlined = [False, False]
    for event in output(name, suffix)["log"]:
        if event["type"] == "headline":
            headlined[event["seat"]] = True
        field = PRIVATE.get(event["type"])
        if field is None:
            continue
        if event["seat"] == seat:
            assert field in event, event
        elif event["type"] == "look" or not headlined[event["seat"]]:
            assert field not in event, event


@pytest.mark.parametrize("name", LEGAL_PARAMS)
def test_both_logs_share_the_public_facts(name: str) -> None:
    """R8.1: the two seats' logs list the same events, equal but for the private fields."""
    logs = [output(name, v)["log"] for v in VIEWS]
    assert len(logs[0]) == len(logs[1])
    for one, other in zip(*logs, strict=True):
        field = PRIVATE.get(one["type"])
        assert {k: v for k, v in one.items() if k != field} == {
            k: v for k, v in other.items() if k != field
        }


def test_headlined_card_moves_in_public() -> None:
    """R8.4: a move that touches a headlined card shows ``swap`` to the opponent too; the
    same seat's moves of face-down cards keep it secret (record ``reporter``)."""

    def moves(suffix: str, seat: int) -> list[dict[str, Any]]:
        log = output("reporter", suffix)["log"]
        return [e for e in log if e["type"] == "move" and e["seat"] == seat]

    # Seat 1 swaps its headlined Hitman (7 <-> 1), then pretends 3-4 with face-down cards.
    assert [m.get("swap") for m in moves("view0", 1)] == [True, None]
    # Seat 0 pretends 1-2 before its Hitman is headlined, then swaps it after.
    assert [m.get("swap") for m in moves("view1", 0)] == [None, True]


# -- standard input, determinism ---------------------------------------------------------


@pytest.mark.parametrize(("name", "args"), STDIN_CASES, ids=["state", "view1"])
def test_reads_standard_input(name: str, args: tuple[str, ...]) -> None:
    """docs/format.md: ``outlaws replay -`` reads the record from standard input."""
    result = run("replay", "-", *args, stdin=record(name).read_bytes())
    assert result.code == 0, result.err
    suffix = "state" if not args else f"view{args[-1]}"
    assert result.out == golden(name, suffix).read_bytes()


@pytest.mark.parametrize("name", DETERMINISM, ids=[f"{n}-R9.4" for n in DETERMINISM])
def test_replay_is_deterministic(name: str) -> None:
    """docs/format.md: the same record gives the same output, byte for byte, on every run
    (sudden_death: the R9.4 shuffle comes from the seed)."""
    for suffix in ("state", "view1"):
        first = run(*view_args(name, suffix))
        second = run(*view_args(name, suffix), again=1)
        assert first.code == second.code == 0
        assert first.out == second.out


# -- records that fail -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "number", "names"),
    [
        pytest.param(n, k, r, id=f"{n}-{r if r.startswith('R') else 'FORMAT'}")
        for n, (k, r) in ILLEGAL.items()
    ],
)
def test_illegal_action(name: str, number: int, names: str) -> None:
    """docs/format.md: the first action that cannot be applied gives nothing on stdout, one
    line ``action N: <reason>`` naming the rule (or the faulty field), and status 2."""
    line = _one_error_line(run("replay", record(name)))
    prefix = f"action {number}: "
    assert line.startswith(prefix), line
    reason = line[len(prefix) :]
    if names.startswith("R"):
        assert _names_rule(reason, names), line
    else:
        assert reason.startswith(names), line


@pytest.mark.parametrize(
    ("name", "names"),
    BAD.items(),
    ids=[f"{n}-{v}" if v.startswith("R") else n for n, v in BAD.items()],
)
def test_bad_record(name: str, names: str) -> None:
    """docs/format.md "Record": invalid JSON, another format, an illegal setup (the Governor
    in a Saloon, R3.1): one error line, status 2."""
    line = _one_error_line(run("replay", record(name)))
    assert names in line, line
    assert not line.startswith("action"), line


def test_bad_json_on_standard_input() -> None:
    """docs/format.md: invalid JSON read from ``-`` is refused the same way."""
    assert "not valid JSON" in _one_error_line(
        run("replay", "-", stdin=record("bad_json").read_bytes())
    )


def test_missing_file() -> None:
    """A record file that does not exist: one error line naming it, status 2."""
    assert MISSING.name in _one_error_line(run("replay", MISSING))


def test_deeply_nested_json() -> None:
    """JSON nested too deeply for the parser is refused with one line, not a traceback."""
    _one_error_line(run("replay", "-", stdin=NESTED))


@pytest.mark.parametrize("data", UNHASHABLE, ids=["take-call-list", "saloon-card-object"])
def test_unhashable_field_value(data: bytes) -> None:
    """docs/format.md "Actions": a field of the wrong JSON type is a bad value: one line
    ``action 1: ...``, status 2."""
    assert _one_error_line(run("replay", "-", stdin=data)).startswith("action 1: ")


def test_first_faulty_action_is_reported() -> None:
    """docs/format.md / R8.5: action 1 (``pass`` with no reaction awaited) is the first that
    cannot be applied, even though action 2 is malformed."""
    line = _one_error_line(run("replay", "-", stdin=FIRST_FAULT))
    assert line.startswith("action 1: R8.5"), line
