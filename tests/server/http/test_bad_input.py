"""Bad input, over HTTP and on the WebSocket: each case gets a clear error (a status and
``{"error": {"code", "message", "field" | "rule"}}``, or an ``error`` message) and the
game is neither changed nor lost."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.serverkit import (
    auth,
    create_friend_game,
    http_game,
    legal_of,
    recv,
    running,
    stored_record,
)

RECORDS = Path(__file__).resolve().parents[2] / "records"


def error_of(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code and body["error"]["message"]
    return body["error"]


def snapshot(client: TestClient, tmp_path: Path, game_id: str, tokens: list[str]) -> Any:
    """Everything that must not change: both seats' games and the stored record."""
    return (
        [http_game(client, game_id, token) for token in tokens],
        stored_record(tmp_path, game_id),
    )


def not_the_hitman(client: TestClient, game_id: str, token: str) -> int:
    """A column of the seat's own street where its Hitman is not: shooting from there
    is against the rules."""
    street = http_game(client, game_id, token)["view"]["seats"]
    seat = http_game(client, game_id, token)["seat"]
    return next(c for c, card in enumerate(street[seat]["street"], 1) if card != "hitman")


@pytest.fixture
def table(tmp_path: Path) -> Any:
    with running(tmp_path, rate_burst=5.0, rate_per_second=0.5, rate_strikes=8) as client:
        game_id, tokens = create_friend_game(client)
        to_act = http_game(client, game_id)["view"]["to_act"]
        yield client, game_id, tokens, to_act, tmp_path


def test_http_bad_input(table: Any) -> None:
    client, game_id, tokens, to_act, tmp_path = table
    before = snapshot(client, tmp_path, game_id, tokens)
    url = f"/games/{game_id}/actions"
    mine = auth(tokens[to_act])
    # Unknown game.
    error_of(client.get("/games/no-such-game"), 404, "unknown_game")
    error_of(
        client.post("/games/no-such-game/actions", headers=mine, json="pass"), 404, "unknown_game"
    )
    # Wrong token.
    assert (
        error_of(client.get(f"/games/{game_id}", headers=auth("forged")), 403, "bad_token")["field"]
        == "token"
    )
    error_of(client.post(url, headers=auth("forged"), json="look 1"), 403, "bad_token")
    error_of(client.post(url, json="look 1"), 401, "no_token")
    # Malformed JSON.
    headers = {"content-type": "application/json"}
    error_of(
        client.post(url, content=b'{"type": "look", ', headers={**mine, **headers}),
        400,
        "malformed_json",
    )
    error_of(client.post("/games", content=b"{opponent", headers=headers), 400, "malformed_json")
    # An unknown field of an action, and of a request.
    bad = error_of(
        client.post(url, headers=mine, json={"type": "look", "col": 3, "colour": 1}),
        422,
        "bad_action",
    )
    assert bad["field"] == "action.colour"
    bad = error_of(client.post(url, headers=mine, json={"type": "teleport"}), 422, "bad_action")
    assert bad["field"] == "action.type"
    bad = error_of(client.post(url, headers=mine, json="look nine"), 422, "bad_action")
    assert bad["field"].startswith("notation")
    bad = error_of(client.post("/games", json={"opponent": "bot", "colour": "red"}), 422, "invalid")
    assert bad["field"] == "colour"
    bad = error_of(client.post("/games", json={"opponent": "bot", "bot": "genius"}), 422, "invalid")
    assert bad["field"] == "bot"
    # Illegal actions: the engine names the rule.
    shot = {"type": "hitman", "col": not_the_hitman(client, game_id, tokens[to_act])}
    illegal = error_of(client.post(url, headers=mine, json=shot), 409, "illegal_action")
    assert illegal["rule"].startswith("R")
    error_of(client.post(url, headers=mine, json="intercept"), 409, "illegal_action")
    error_of(
        client.post(url, headers=auth(tokens[1 - to_act]), json="look 1"), 409, "not_your_turn"
    )
    # Oversized bodies.
    huge = json.dumps({"format": "outlaws/1", "seed": 1, "actions": [], "pad": "x" * 2_000_000})
    error_of(client.post("/imports", content=huge, headers=headers), 413, "too_large")
    # Nothing changed, and the game goes on.
    assert snapshot(client, tmp_path, game_id, tokens) == before
    legal = (legal_of(http_game(client, game_id, tokens[to_act])) or [])[0]
    assert client.post(url, headers=mine, json=legal).status_code == 200


@pytest.mark.parametrize(
    ("name", "status", "code", "field", "action"),
    [
        ("bad_json.json", 400, "malformed_json", None, None),
        ("bad_format.json", 422, "bad_record", "format", None),
        ("bad_setup_governor_in_saloon.json", 422, "bad_record", "setup.seats[1].saloon", None),
        ("illegal_column_9.json", 422, "bad_record", "actions[2].col", 3),
        ("illegal_unknown_field.json", 422, "bad_record", None, None),
        ("illegal_governor_to_saloon.json", 409, "illegal_action", None, None),
    ],
)
def test_bad_records_are_refused_naming_the_field_or_action(
    tmp_path: Path, name: str, status: int, code: str, field: str | None, action: int | None
) -> None:
    headers = {"content-type": "application/json"}
    with running(tmp_path) as client:
        response = client.post("/imports", content=(RECORDS / name).read_bytes(), headers=headers)
        error = error_of(response, status, code)
        if field is not None:
            assert error["field"] == field
        if action is not None:
            assert error["action"] == action
        if code == "illegal_action":
            assert error["rule"] and error["action"]


def test_websocket_bad_input(table: Any) -> None:
    client, game_id, tokens, to_act, tmp_path = table
    before = snapshot(client, tmp_path, game_id, tokens)
    # Unknown game, wrong token: an error message, then the socket closes.
    for url, token, code in (
        ("/ws/games/nope", tokens[0], "unknown_game"),
        (f"/ws/games/{game_id}", "forged", "bad_token"),
    ):
        with client.websocket_connect(url, headers=auth(token)) as ws:
            assert recv(ws)["error"]["code"] == code
            with pytest.raises(ConnectionError):
                recv(ws)
    with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[to_act])) as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["legal"]

        def refused(message: str | bytes, code: str) -> dict[str, Any]:
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            answer = recv(ws)
            assert answer["type"] == "error", answer
            assert answer["error"]["code"] == code, answer
            return answer["error"]

        refused('{"type": "look", "col": ', "malformed_json")
        assert refused('{"type": "look", "col": 3, "colour": 1}', "bad_action")["field"] == (
            "action.colour"
        )
        assert refused('{"op": "dance"}', "bad_message")["field"] == "op"
        assert (
            refused('{"op": "action", "action": "look 3", "extra": 1}', "bad_message")["field"]
            == "extra"
        )
        shot = {"type": "hitman", "col": not_the_hitman(client, game_id, tokens[to_act])}
        assert refused(json.dumps(shot), "illegal_action")["rule"].startswith("R")
        # The bucket is empty now (5 at once, 0.5 a second): an oversized message spends
        # a token like any other, and is refused for the rate first; a flood is refused...
        refused("x" * (16 * 1024 + 1), "rate_limited")
        codes = []
        for _ in range(6):
            ws.send_text("look 1")
            codes.append(recv(ws)["error"]["code"])
        assert codes.count("rate_limited") >= 5
        # ...and a connection that goes on flooding is closed (policy violation).
        with pytest.raises((ConnectionError, WebSocketDisconnect)):
            for _ in range(20):
                ws.send_text("look 1")
                recv(ws, timeout=5)
    with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[1 - to_act])) as ws:
        recv(ws)
        ws.send_bytes(b"\xff\xfe")
        assert recv(ws)["error"]["code"] == "bad_message"
        ws.send_text("look 1")
        assert recv(ws)["error"]["code"] == "not_your_turn"
    with client.websocket_connect(f"/ws/games/{game_id}") as spectator:
        spectator.send_json({"op": "hello"})
        recv(spectator)
        spectator.send_text("look 1")
        assert recv(spectator)["error"]["code"] == "not_a_seat"
    # Nothing changed: the same views, the same stored record (no action).
    assert snapshot(client, tmp_path, game_id, tokens) == before
    assert stored_record(tmp_path, game_id).actions == ()
