"""Finding 7: fuzzing as a habit. Every HTTP endpoint of the OpenAPI document is fuzzed
by schemathesis, and the WebSocket's messages by Hypothesis; no answer may be a server
error (5xx), nor a closed socket. Bounded: a few examples an endpoint, a fixed seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import schemathesis
from attackkit import recv
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverkit import auth, create_friend_game, http_game, running

#: Examples per endpoint: enough to reach the odd corners, cheap enough for `make test`.
EXAMPLES = 3


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
