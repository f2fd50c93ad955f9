"""A table keeps its own invariants: its status, result, clock and version are read-only
outside it, change only through its methods, and one method alone moves the version
(the hub caches each game's messages by it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from outlaws.engine import State
from outlaws.server.games.table import Table

TABLE_MODULE = Path(__file__).resolve().parents[3] / "src/outlaws/server/games/table.py"
GUARDED = ("status", "result", "clock_state", "version")


def playing_table() -> Table:
    return Table(
        id="g", kind="bot", created_at=0.0, state=State.new(seed=3), seats=[], status="playing"
    )


@pytest.mark.parametrize("name", GUARDED)
def test_nothing_outside_the_table_can_write_its_guarded_fields(name: str) -> None:
    table = playing_table()
    with pytest.raises(AttributeError):
        setattr(table, name, None)
    assert isinstance(getattr(Table, name), property) and getattr(Table, name).fset is None


def test_one_method_moves_the_version_by_one_for_each_change() -> None:
    table = playing_table()
    table.set_clock(None)
    table.set_status("playing")
    assert table.version == 0  # a stored clock or status alone is not yet shown
    table.changed()
    table.changed()
    assert table.version == 2
    source = ast.parse(TABLE_MODULE.read_text(encoding="utf-8"))
    bumps = [
        node
        for node in ast.walk(source)
        if (
            isinstance(node, ast.AugAssign)
            and isinstance(node.target, ast.Attribute)
            and node.target.attr == "_Table__version"
        )
        or (
            isinstance(node, ast.AugAssign)
            and isinstance(node.target, ast.Attribute)
            and node.target.attr == "__version"
        )
    ]
    assert len(bumps) == 1, "the version moves in one place: Table.changed"


def test_an_ended_game_stays_over_with_its_result() -> None:
    table = playing_table()
    table.end({"winner": 0, "how": "resign", "loser": 1})
    assert table.finished and table.result == {"winner": 0, "how": "resign", "loser": 1}
    with pytest.raises(ValueError):
        table.set_status("playing")
    with pytest.raises(ValueError):
        playing_table().set_status("over")  # a game ends with its result: Table.end
