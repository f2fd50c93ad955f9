"""R8.3 on the server: the true state of a game lives in its table and nowhere else.

The table hands out views, legal action ids, whose turn it is and, once the game is over,
its record. These tests fail if any other module of the server (or any module at all)
reaches for the state, and if anything but the table holds it while games are played.
"""

from __future__ import annotations

import ast
import gc
import random
from pathlib import Path

from serverkit import running

from outlaws.engine import State
from outlaws.server.service import GameService
from outlaws.server.table import Table

SRC = Path(__file__).resolve().parents[2] / "src" / "outlaws"
TABLE_MODULE = SRC / "server" / "table.py"


def _reaches_for_state(tree: ast.AST) -> list[int]:
    """Lines of ``tree`` that name the table's private state, or read an attribute
    ``state`` of something named like a table."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            owner = node.value
            owner_name = (
                owner.id
                if isinstance(owner, ast.Name)
                else owner.attr
                if isinstance(owner, ast.Attribute)
                else ""
            )
            if node.attr in ("_Table__state", "__state") or (
                node.attr == "state" and "table" in owner_name.lower()
            ):
                lines.append(node.lineno)
        elif isinstance(node, ast.Constant) and node.value in ("_Table__state", "__state"):
            lines.append(node.lineno)  # getattr(table, "_Table__state")
    return lines


def test_no_module_outside_the_table_reads_its_state() -> None:
    """R8.3: only server/table.py may touch a table's true state."""
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        if path == TABLE_MODULE:
            continue
        lines = _reaches_for_state(ast.parse(path.read_text(), filename=str(path)))
        offenders += [f"{path.relative_to(SRC)}:{line}" for line in lines]
    assert not offenders, f"these lines reach for a table's state: {offenders}"


def test_the_check_catches_a_module_that_reads_the_state() -> None:
    """The scan above is not vacuous: it finds each way of writing the access."""
    for source in (
        "table.state.to_act",
        "self.table.state.legal_actions()",
        "table._Table__state",
        "getattr(table, '_Table__state')",
    ):
        assert _reaches_for_state(ast.parse(source)), source


def test_a_table_offers_no_state() -> None:
    """A table has no public attribute that is, or leads to, a State."""
    table = Table(
        id="g",
        kind="bot",
        created_at=0.0,
        state=State.new(seed=3),
        seats=[],
        status="playing",
    )
    assert not hasattr(table, "state")
    public = {name: getattr(table, name) for name in dir(table) if not name.startswith("_")}
    assert not any(isinstance(value, State) for value in public.values())
    assert "State" not in repr(table) and "street" not in repr(table)


def test_while_games_are_played_only_their_tables_hold_the_states(tmp_path: Path) -> None:
    """R8.3: after a bot game and a friend game have been played for a while, over HTTP
    and with bots thinking in their worker, every live State of the server is held by
    exactly one object: its table."""
    rng = random.Random(5)
    with running(tmp_path) as client:
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        bot = client.post("/games", json={"opponent": "bot", "bot": "random"}).json()
        friend = client.post("/games", json={"opponent": "friend"}).json()
        joined = client.post(f"/invites/{friend['invite']}", json={}).json()
        tokens = {friend["seat"]: friend["token"], joined["seat"]: joined["token"]}
        for _ in range(12):
            for game, seat_tokens in (
                (bot["game"], {bot["seat"]: bot["token"]}),
                (friend["game"], tokens),
            ):
                for token in seat_tokens.values():
                    mine = client.get(f"/games/{game}", params={"token": token}).json()
                    if mine["legal"]:
                        action = rng.choice(mine["legal"])
                        client.post(f"/games/{game}/actions", params={"token": token}, json=action)
        with client.websocket_connect(f"/ws/games/{friend['game']}") as ws:
            ws.receive_json()  # a spectator's hello: the room has built its messages
            gc.collect()
            tables = list(service.active.values()) + list(service.finished.values())
            assert len(tables) == 2
            for table in tables:
                state = table._Table__state  # type: ignore[attr-defined]
                holders = [ref for ref in gc.get_referrers(state) if ref is not tables]
                # The table itself (or its __dict__, as the interpreter keeps it).
                assert len(holders) == 1, f"{table.id}'s state is held elsewhere"
                assert holders[0] is table or holders[0] is vars(table)
