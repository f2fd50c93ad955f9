"""Attacks on the logs: a seat's token put in a URL under a name that only looks
different (``?auth=``, ``?token[]=``, ``?token%00=``, ``?t%C3%B6ken=``, ``?tok%2565n=``,
or ``?tok%65n=``, its letters in percent escapes) must be refused and never written
down; and a server run at ``--log-level debug``, whose WebSocket library logs every
frame, must not write down the token of a seat's hello.
Against a real ``outlaws serve`` on 127.0.0.1, its log read back."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.security.attackkit import live_server, serve_command

#: A token's parameter, spelt so that a naive check misses it.
DISGUISED = [
    "auth", "token[]", "token%00", "t%C3%B6ken", "tok%2565n", "Authorization", "seat_token",
]  # fmt: skip


def test_a_token_under_any_spelling_is_refused_and_hidden_from_a_debug_log(
    tmp_path: Path,
) -> None:
    log = tmp_path / "server.log"
    command = serve_command(tmp_path / "outlaws.db", "--log-level", "debug")
    with live_server(command, log=log) as (base, _):
        made = httpx.post(f"{base}/games", json={"opponent": "friend"}).json()
        game, token = made["game"], made["token"]
        for name in DISGUISED:
            answer = httpx.get(f"{base}/games/{game}?{name}={token}")
            assert answer.status_code == 400, (name, answer.text)
            assert answer.json()["error"]["code"] == "token_in_url"
            with connect(f"{base.replace('http', 'ws')}/ws/games/{game}?{name}={token}") as ws:
                assert json.loads(ws.recv(timeout=10))["error"]["code"] == "token_in_url"
        with connect(f"{base.replace('http', 'ws')}/ws/games/{game}") as ws:
            ws.send(json.dumps({"op": "hello", "token": token}))
            assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        with connect(
            f"{base.replace('http', 'ws')}/ws/games/{game}",
            additional_headers={"Authorization": f"Bearer {token}"},
        ) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "hello"
    written = log.read_text()
    assert "TEXT" in written and "hello" in written  # the frames were logged...
    assert "<hidden>" in written
    assert token not in written  # ...without the token
    assert made["invite"] not in written


@pytest.mark.parametrize("name", DISGUISED)
def test_the_log_filter_hides_each_spelling(name: str) -> None:
    from outlaws.server.http.logs import redact

    line = f'127.0.0.1:5 - "GET /games/G?since=1&{name}=SECRET HTTP/1.1" 400'
    assert "SECRET" not in redact(line) and "since=1" in redact(line)


def test_an_encoded_token_name_is_hidden_in_logs() -> None:
    from outlaws.server.http.logs import redact

    line = '127.0.0.1:5 - "WebSocket /ws/games/G?tok%65n=SECRET&since=0" [accepted]'
    assert "SECRET" not in redact(line)
    assert "SECRET" not in redact("/games/G?%74%6F%6B%65%6E=SECRET")
