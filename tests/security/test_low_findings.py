"""Low-severity attacks, each as it was found, each closed."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from outlaws.server.http.logs import redact
from tests.security.attackkit import recv
from tests.server.serverkit import auth, create_friend_game, http_game, running, stored_game


@pytest.mark.parametrize("since", ["²", "①", "9" * 4300, "-1", "1e3"])
def test_a_bad_since_is_refused_not_a_server_error(
    tmp_path: Path, since: str, caplog: pytest.LogCaptureFixture
) -> None:
    with running(tmp_path) as client:
        game_id, _ = create_friend_game(client)
        with client.websocket_connect(f"/ws/games/{game_id}?since={since}") as ws:
            assert recv(ws)["error"]["code"] == "bad_message"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_an_encoded_token_name_is_hidden_in_logs() -> None:
    line = '127.0.0.1:5 - "WebSocket /ws/games/G?tok%65n=SECRET&since=0" [accepted]'
    assert "SECRET" not in redact(line)
    assert "SECRET" not in redact("/games/G?%74%6F%6B%65%6E=SECRET")


def test_oversized_frames_spend_the_rate_and_a_flood_of_them_is_closed(tmp_path: Path) -> None:
    with running(tmp_path, rate_burst=5.0, rate_per_second=0.5, rate_strikes=10) as client:
        game_id, tokens = create_friend_game(client)
        with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[0])) as ws:
            recv(ws)
            codes = []
            with pytest.raises(ConnectionError):
                for _ in range(40):
                    ws.send_text("x" * (20 * 1024))
                    codes.append(recv(ws, 5)["error"]["code"])
            assert codes[:5] == ["too_large"] * 5 and "rate_limited" in codes
            assert len(codes) < 20


def test_an_action_after_the_deadline_is_refused(tmp_path: Path) -> None:
    class Now:
        t = 1_000_000.0

        def __call__(self) -> float:
            return self.t

    now = Now()
    with running(tmp_path, now=now, clock_tick=3600.0) as client:  # no timeout fires
        game_id, tokens = create_friend_game(client, clock={"bank": 0, "per_turn": 4})
        seat = http_game(client, game_id)["view"]["to_act"]
        look = next(a for a in http_game(client, game_id, tokens[seat])["legal"]
                    if a["type"] == "look")  # fmt: skip
        now.t += 4.001
        late = client.post(f"/games/{game_id}/actions", headers=auth(tokens[seat]), json=look)
        assert late.status_code == 409 and late.json()["error"]["code"] == "out_of_time"
        assert stored_game(tmp_path, game_id).actions == []


def test_seat_true_is_not_seat_1(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = client.post("/games", json={"opponent": "friend", "seat": True})
        assert made.status_code == 422 and made.json()["error"]["field"] == "seat"


def test_an_oversized_chunked_body_is_413(tmp_path: Path) -> None:
    def chunks() -> object:
        for _ in range(40):
            yield b" " * 32 * 1024

    with running(tmp_path) as client:
        answer = client.post(
            "/imports", content=chunks(), headers={"content-type": "application/json"}
        )
        assert answer.status_code == 413 and answer.json()["error"]["code"] == "too_large"


def test_notation_in_other_digits_is_refused_on_the_socket(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client)
        seat = http_game(client, game_id)["view"]["to_act"]
        with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[seat])) as ws:
            recv(ws)
            ws.send_text("look ٣")
            assert recv(ws)["error"]["code"] == "bad_action"
        assert http_game(client, game_id)["actions"] == 0


def test_the_page_sends_its_security_headers(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        for path in ("/", "/static/app.js"):
            headers = client.get(path).headers
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert headers["x-frame-options"] == "DENY"
            assert headers["referrer-policy"] == "no-referrer"
    time.sleep(0)
