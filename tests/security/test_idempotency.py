"""Actions were not idempotent. A WebSocket message re-sent with the same
``ref``, or an HTTP POST replayed, was played twice (15 of 15), and a retried swap undid
itself. Now an action carries the position it was chosen for (``expect``, the number of
actions the client saw) or a key: a retry gets the first answer, a stale one 409."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.security.attackkit import recv
from tests.server.serverkit import (
    auth,
    create_friend_game,
    http_game,
    legal_of,
    running,
    stored_game,
)


def a_swap(game: dict[str, Any]) -> dict[str, Any]:
    return next(a for a in legal_of(game) or [] if a["type"] == "move" and a.get("swap"))


def test_a_resent_websocket_action_is_played_once(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=0)
        mover = http_game(client, game_id)["view"]["to_act"]
        tokens = [tokens[mover]]
        swap = a_swap(http_game(client, game_id, tokens[0]))
        with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[0])) as ws:
            assert recv(ws)["type"] == "hello"
            answers = []
            for _ in range(3):  # the same message, sent again and again
                ws.send_json({"op": "action", "action": swap, "ref": 7, "expect": 0})
                while (message := recv(ws))["type"] not in ("accepted", "error"):
                    pass
                answers.append(message)
            assert answers == [{"type": "accepted", "ref": 7, "index": 0}] * 3
            # The same action with a new ref but the old position: a retry, answered alike.
            ws.send_json({"op": "action", "action": swap, "ref": 8, "expect": 0})
            while (message := recv(ws))["type"] not in ("accepted", "error"):
                pass
            assert message == {"type": "accepted", "ref": 8, "index": 0}
        assert len(stored_game(tmp_path, game_id).actions) == 1
        assert http_game(client, game_id)["actions"] == 1


def test_a_replayed_http_action_is_played_once_and_a_stale_one_refused(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=0)
        mover = http_game(client, game_id)["view"]["to_act"]
        tokens = [tokens[mover]]
        swap = a_swap(http_game(client, game_id, tokens[0]))
        url = f"/games/{game_id}/actions"
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        codes = []
        for _ in range(15):
            answer = client.post(url, params={"expect": 0}, headers=auth, json=swap)
            codes.append((answer.status_code, answer.json().get("accepted")))
        assert codes == [(200, 0)] * 15
        # A key instead of the position: the same.
        game = http_game(client, game_id, tokens[0])
        look = next(a for a in legal_of(game) or [] if a["type"] == "look")
        keyed = {**auth, "Idempotency-Key": "k-1"}
        first = client.post(url, headers=keyed, json=look)
        again = client.post(url, headers=keyed, json=look)
        assert first.status_code == again.status_code == 200, again.text
        assert first.json()["accepted"] == again.json()["accepted"] == 1
        assert len(stored_game(tmp_path, game_id).actions) == 2
        # An action chosen for an older position, not the one stored there: stale.
        stale = client.post(url, params={"expect": 0}, headers=auth, json=look)
        assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
        assert len(stored_game(tmp_path, game_id).actions) == 2
