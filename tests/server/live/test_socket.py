"""Whole games over the WebSocket API, and the hidden-information boundary (R8.3).

Every message a seat or a spectator receives is checked against the engine's own view
for that seat, computed independently by replaying the record stored in the database up
to the number of actions the message says it reflects: the view must be equal, the
events must be exactly the view's log from ``since`` on, and nothing else may be there.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from outlaws.engine import Record, seat_view
from tests.server.serverkit import (
    MESSAGE_KEYS,
    auth,
    create_bot_game,
    create_friend_game,
    legal_in_id_order,
    legal_of,
    recv,
    recv_upto,
    running,
    stored_record,
)


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_message(message: dict[str, Any], record: Record, seat: int | None) -> None:
    """``message`` holds exactly what ``seat_view(state, seat)`` allows, nothing more."""
    kind = message["type"]
    assert set(message) <= MESSAGE_KEYS[kind], set(message) - MESSAGE_KEYS[kind]
    assert message["seat"] == seat
    state = record.replay(message["actions"])
    expected = _plain(seat_view(state, seat).to_json())
    log = expected.pop("log")
    since = message["since"]
    if kind == "hello":
        got = dict(message["view"])
        assert got.pop("log") == log[since:]
        assert got == expected
    else:
        assert message["view"] == expected
        assert message["events"] == log[since:]
    for player in message["players"]:
        assert set(player) == {"kind", "bot", "name", "joined", "guest"}
    legal = None
    if seat is not None and message["status"] == "playing" and state.to_act == seat:
        legal = legal_in_id_order(state)
    assert legal_of(message) == legal


def test_two_humans_and_a_spectator_play_a_whole_game(tmp_path: Path) -> None:
    rng = random.Random(7)
    received: dict[int | None, list[dict]] = {0: [], 1: [], None: []}
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, turn_limit=25)
        with (
            client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[0])) as ws0,
            client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[1])) as ws1,
            client.websocket_connect(f"/ws/games/{game_id}") as spectator,
        ):
            spectator.send_json({"op": "hello"})  # a spectator says hello first
            sockets = {0: ws0, 1: ws1, None: spectator}
            latest = {}
            for seat, ws in sockets.items():
                latest[seat] = recv(ws)
                assert latest[seat]["type"] == "hello"
                received[seat].append(latest[seat])
            count = latest[None]["actions"]
            reconnected = False
            while latest[None]["status"] == "playing":
                to_act = latest[None]["view"]["to_act"]
                legal = legal_of(latest[to_act])
                assert legal, "the seat to act is sent its legal actions"
                sockets[to_act].send_json(rng.choice(legal))
                count += 1
                for seat, ws in sockets.items():
                    messages = recv_upto(ws, count)
                    received[seat] += messages
                    latest[seat] = messages[-1]
                if count == 12 and not reconnected:
                    # Seat 1 connects again (a second tab, a reload), asking for the
                    # events from 5 on.
                    reconnected = True
                    with client.websocket_connect(
                        f"/ws/games/{game_id}?since=5", headers=auth(tokens[1])
                    ) as again:
                        hello = recv(again)
                        assert hello["type"] == "hello" and hello["since"] == 5
                        received[1].append(hello)
            assert latest[0]["status"] == "over"
        record = stored_record(tmp_path, game_id)
        exported = client.get(f"/games/{game_id}/record").json()
    assert Record.from_json(exported) == record
    assert len(record.actions) == count
    for seat, messages in received.items():
        assert messages
        for message in messages:
            check_message(message, record, seat)
    # The events a seat was sent, put end to end, are its whole log, in order.
    for seat in (0, 1, None):
        log: list[dict] = []
        for message in received[seat][: len(received[seat])]:
            if message["type"] == "events" and message["since"] == len(log):
                log += message["events"]
            elif message["type"] == "hello" and message["since"] == 0 and not log:
                log = list(message["view"]["log"])
        final = _plain(seat_view(record.replay(), seat).to_json()["log"])
        assert log == final


def test_a_game_against_a_bot_over_the_websocket(tmp_path: Path) -> None:
    rng = random.Random(3)
    messages = []
    with running(tmp_path) as client:
        made = create_bot_game(client, bot="random", seat=1, turn_limit=20)
        game_id = made["game"]
        with client.websocket_connect(made["links"]["ws"]) as ws:
            # As a browser does: the token in the first message, not in the URL.
            ws.send_json({"op": "hello", "token": made["token"]})
            message = recv(ws)
            messages.append(message)
            for _ in range(1000):
                if message["status"] == "over":
                    break
                if message["legal"]:
                    ws.send_text(
                        json.dumps(
                            {
                                "op": "action",
                                "action": rng.choice(legal_of(message) or []),
                                "ref": len(messages),
                            }
                        )
                    )
                    # The ack, then the update with our action (in either order).
                    count = message["actions"] + 1
                    got = recv_upto(ws, count)
                    assert any(m["type"] == "accepted" for m in got) or recv(ws)["type"] == (
                        "accepted"
                    )
                    messages += [m for m in got if m["type"] in ("hello", "events")]
                    message = messages[-1]
                else:
                    message = recv(ws)
                    if message["type"] in ("hello", "events"):
                        messages.append(message)
            assert message["status"] == "over"
        record = stored_record(tmp_path, game_id)
    assert record.replay().over
    for message in messages:
        check_message(message, record, 1)


def test_notation_text_is_an_action_and_reconnect_resumes(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=0)
        first = client.get(f"/games/{game_id}").json()["view"]["to_act"]
        with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[first])) as ws:
            hello = recv(ws)
            assert hello["legal"]
            ws.send_text("look 3")  # plain notation
            update = recv(ws)
            assert update["type"] == "events" and update["actions"] == 1
            assert [e["type"] for e in update["events"]][:1] == ["look"]
            seen = update["since"] + len(update["events"])
        with client.websocket_connect(
            f"/ws/games/{game_id}?since={seen}", headers=auth(tokens[first])
        ) as ws:
            hello = recv(ws)
            assert hello["since"] == seen and hello["view"]["log"] == []
            ws.send_json({"op": "sync", "since": 0})
            again = recv(ws)
            assert again["type"] == "hello" and len(again["view"]["log"]) == seen
            ws.send_json({"op": "ping", "ref": "p"})
            assert recv(ws) == {"type": "pong", "ref": "p"}
        record = stored_record(tmp_path, game_id)
    check_message(hello, record, first)
    check_message(again, record, first)
