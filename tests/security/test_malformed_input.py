"""Input that is almost right: a ``since`` written in other scripts' digits, too long or
negative, ``"seat": true`` for a seat number, and an action's notation in other scripts'
digits sent on the socket. Each is refused as bad input; none is a server error, none
is taken for what it resembles."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.server.serverkit import auth, create_friend_game, http_game, recv, running


@pytest.mark.parametrize("since", ["²", "①", "9" * 4300, "-1", "1e3"])
def test_a_bad_since_is_refused_not_a_server_error(
    tmp_path: Path, since: str, caplog: pytest.LogCaptureFixture
) -> None:
    with running(tmp_path) as client:
        game_id, _ = create_friend_game(client)
        with client.websocket_connect(f"/ws/games/{game_id}?since={since}") as ws:
            assert recv(ws)["error"]["code"] == "bad_message"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_seat_true_is_not_seat_1(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = client.post("/games", json={"opponent": "friend", "seat": True})
        assert made.status_code == 422 and made.json()["error"]["field"] == "seat"


def test_notation_in_other_digits_is_refused_on_the_socket(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client)
        seat = http_game(client, game_id)["view"]["to_act"]
        with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[seat])) as ws:
            recv(ws)
            ws.send_text("look ٣")
            assert recv(ws)["error"]["code"] == "bad_action"
        assert http_game(client, game_id)["actions"] == 0
