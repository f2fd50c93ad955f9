"""R8.3 on the server: the true state of a game lives in its table and nowhere else.

The table hands out views, legal action ids, whose turn it is and, once the game is over,
its record. These tests fail if any other module of the server (or any module at all)
reaches for the state, and if anything but the table holds it while games are played.
Before play the same holds of the seats' placements (R3.1): only the table keeps them,
and it gives each seat its own and nothing of the other's.
"""

from __future__ import annotations

import ast
import gc
import random
from pathlib import Path

from outlaws.engine import Placement, State
from outlaws.server.games.service import GameService
from outlaws.server.games.table import Table
from tests.server.serverkit import PLACEMENT, auth, legal_of, place, running

SRC = Path(__file__).resolve().parents[3] / "src" / "outlaws"
TABLE_MODULE = SRC / "server" / "games" / "table.py"
#: The table's private attributes, as written inside it and as mangled outside.
PRIVATE = ("_Table__state", "__state", "_Table__placements", "__placements")


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
            if node.attr in PRIVATE or (
                node.attr in ("state", "placements") and "table" in owner_name.lower()
            ):
                lines.append(node.lineno)
        elif isinstance(node, ast.Constant) and node.value in PRIVATE:
            lines.append(node.lineno)  # getattr(table, "_Table__state")
    return lines


def test_no_module_outside_the_table_reads_its_state() -> None:
    """R8.3, R3.1: only server/games/table.py may touch a table's true state or the seats'
    placements."""
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
        "table._Table__placements[1]",
        "self.table.placements",
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
        bot = client.post(
            "/games", json={"opponent": "bot", "bot": "random", "placement": "random"}
        ).json()
        friend = client.post("/games", json={"opponent": "friend", "placement": "random"}).json()
        joined = client.post(f"/invites/{friend['invite']}", json={}).json()
        tokens = {friend["seat"]: friend["token"], joined["seat"]: joined["token"]}
        for _ in range(12):
            for game, seat_tokens in (
                (bot["game"], {bot["seat"]: bot["token"]}),
                (friend["game"], tokens),
            ):
                for token in seat_tokens.values():
                    mine = client.get(f"/games/{game}", headers=auth(token)).json()
                    legal = legal_of(mine)
                    if legal:
                        action = rng.choice(legal)
                        client.post(f"/games/{game}/actions", headers=auth(token), json=action)
        with client.websocket_connect(f"/ws/games/{friend['game']}") as ws:
            ws.send_json({"op": "hello"})
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


def test_while_seats_place_only_their_tables_hold_the_placements(tmp_path: Path) -> None:
    """R3.1: a placement, once made, is held by its table alone (not by a room, a
    message cache or the service), and the table offers no way to the other seat's."""
    with running(tmp_path) as client:
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        friend = client.post("/games", json={"opponent": "friend", "seat": 0}).json()
        bot = client.post("/games", json={"opponent": "bot", "bot": "random"}).json()
        assert place(client, friend["game"], friend["token"], PLACEMENT).status_code == 200
        with client.websocket_connect(f"/ws/games/{friend['game']}") as ws:
            ws.send_json({"op": "hello"})
            ws.receive_json()
            gc.collect()
            for game in (friend["game"], bot["game"]):
                table = service.active[game]
                assert not hasattr(table, "placements")
                public = [getattr(table, n) for n in dir(table) if not n.startswith("_")]
                assert not any(isinstance(value, Placement) for value in public)
                held = table._Table__placements  # type: ignore[attr-defined]
                assert sum(p is not None for p in held) == 1
                for placement in held:
                    if placement is not None:
                        assert gc.get_referrers(placement) == [held], f"{game}'s placement"
            # The friend game: seat 0 sees its own, seat 1 and spectators nothing of it.
            table = service.active[friend["game"]]
            assert table.placement_json(0) == {"done": [True, False], "mine": PLACEMENT}
            assert table.placement_json(1) == {"done": [True, False], "mine": None}
            assert table.placement_json(None) == {"done": [True, False], "mine": None}
