"""Input past its size limit: a request body sent in chunks, which announces no length,
is cut off at the limit (413); WebSocket frames past the limit are refused, each spends
the sender's rate, and a flood of them closes the socket."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.serverkit import auth, create_friend_game, recv, running


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


def test_an_oversized_chunked_body_is_413(tmp_path: Path) -> None:
    def chunks() -> object:
        for _ in range(40):
            yield b" " * 32 * 1024

    with running(tmp_path) as client:
        answer = client.post(
            "/imports", content=chunks(), headers={"content-type": "application/json"}
        )
        assert answer.status_code == 413 and answer.json()["error"]["code"] == "too_large"
