"""Fuzzing as a habit. Every HTTP endpoint of the OpenAPI document is fuzzed
by schemathesis, and the WebSocket's messages by Hypothesis; no answer may be a server
error (5xx), nor a closed socket. Bounded: a few examples an endpoint, a fixed seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.attackkit import recv
from tests.server.serverkit import Player, auth, create_friend_game, http_game, running

#: Examples per endpoint: enough to reach the odd corners, cheap enough for `make test`.
EXAMPLES = 3
#: The endpoints of accounts, players, chat, the lobby and rematches (by path prefix),
#: fuzzed harder, at a real game and as a signed-in player holding one of its seats.
COMMUNITY = ("/account", "/players", "/lobby", "/seeks", "/games/{game_id}/chat",
             "/games/{game_id}/rematch")  # fmt: skip
COMMUNITY_EXAMPLES = 15


def test_no_endpoint_answers_a_server_error(tmp_path: Path) -> None:
    with running(tmp_path, import_quota=10_000) as client:
        create_friend_game(client)
        api = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
        operations = [result.ok() for result in api.get_all_operations()]
        assert len(operations) >= 10
        failures: list[str] = []
        for operation in operations:

            @given(operation.as_strategy())
            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
                database=None,
            )
            def call(case: Any) -> None:
                response = client.request(
                    case.method,
                    case.formatted_path,
                    params=case.query,
                    headers={k: str(v) for k, v in (case.headers or {}).items()},
                    content=None if case.body is None else json.dumps(case.body, default=str),
                )
                if response.status_code >= 500:
                    failures.append(f"{case.method} {case.formatted_path}: {response.text[:200]}")

            call()
        assert not failures, failures


def test_accounts_chat_lobby_and_rematch_answer_no_server_error(tmp_path: Path) -> None:
    """Their bodies and parameters fuzzed, sent with and without a seat's token and the
    session of the account that holds it, at a game that is over (its chat and its
    rematch open): throttled, refused or done, never a server error."""
    with running(tmp_path) as client:
        ada = Player(client, "ada", "correct horse battery")
        made = client.post("/games", json={"opponent": "friend"}, headers=ada.headers()).json()
        client.post(f"/invites/{made['invite']}", json={"name": "Bob"})
        client.post(f"/games/{made['game']}/resign", headers=auth(made["token"]))
        api = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
        operations = [result.ok() for result in api.get_all_operations()]
        operations = [op for op in operations if op.path.startswith(COMMUNITY)]
        assert len(operations) >= 12, [op.path for op in operations]
        failures: list[str] = []
        for operation in operations:

            @given(operation.as_strategy(), st.sampled_from([None, made["token"]]), st.booleans())
            @settings(
                max_examples=COMMUNITY_EXAMPLES,
                deadline=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
                database=None,
            )
            def call(case: Any, token: str | None, signed_in: bool) -> None:
                if "game_id" in (case.path_parameters or {}):
                    case.path_parameters = {**case.path_parameters, "game_id": made["game"]}
                headers = {k: str(v) for k, v in (case.headers or {}).items()}
                headers.update(ada.headers(token) if signed_in else auth(token))
                response = client.request(
                    case.method,
                    case.formatted_path,
                    params=case.query,
                    headers=headers,
                    content=None if case.body is None else json.dumps(case.body, default=str),
                )
                if response.status_code >= 500:
                    failures.append(f"{case.method} {case.formatted_path}: {response.text[:200]}")

            call()
        assert not failures, failures


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(["op", "action", "ref", "since", "expect", "type", "col", "a", "b"])
ENVELOPES = st.dictionaries(
    KEYS, JSONISH | st.sampled_from(["action", "sync", "ping", "resign", "look 3"]), max_size=4
)
MESSAGES = (
    st.text(max_size=60)
    | ENVELOPES.map(json.dumps)
    | st.builds(lambda words: " ".join(words), st.lists(
        st.sampled_from(["look", "move", "take", "swap", "3", "٣", "vote", "hitman", "-1", "99"]),
        max_size=4,
    ))
)  # fmt: skip


def test_no_websocket_message_breaks_the_server(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client)
        seat = http_game(client, game_id)["view"]["to_act"]
        with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[1 - seat])) as ws:
            assert recv(ws)["type"] == "hello"

            @given(MESSAGES)
            @settings(max_examples=100, deadline=None, derandomize=True, database=None)
            def one(text: str) -> None:
                ws.send_text(text)
                ws.send_json({"op": "ping", "ref": "fence"})
                while True:  # every answer up to the fence's pong: none is a server error
                    message = recv(ws, 10)
                    if message["type"] == "error":
                        assert message["error"]["code"] not in ("internal", "storage"), message
                    if message.get("ref") == "fence" and message["type"] == "pong":
                        return

            one()
        assert http_game(client, game_id)["status"] in ("playing", "over")
