"""``sync`` answers were unbounded. A 27-byte ``{"op":"sync","since":0}`` (or a
connection with ``since=0``) on a long game made the server encode and send every event
of the log, again at each ``sync``. A ``hello`` now carries at most MAX_SYNC_EVENTS
events: the older ones are left out, its ``since`` moves forward and it says
``"truncated": true`` (docs/protocol.md).

Measured on an imported record of 4,000 actions (a spectator's hello, and the answer to
``{"op":"sync","since":0}``; ``python`` of the measuring script in the report):
before, 431,872 bytes each; after, 36,352 bytes (500 events), whatever the game's length.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from outlaws.engine import Record, seat_view
from outlaws.server.games.records import MAX_IMPORT_ACTIONS
from outlaws.server.games.routes import HTTP_LOG_EVENTS
from outlaws.server.live import hub
from tests.security.attackkit import long_record
from tests.server.serverkit import (
    create_friend_game,
    engine_state,
    http_game,
    legal_in_id_order,
    legal_of,
    play_http,
    recv_text,
    running,
    said_hello,
    stored_record,
)

#: What a hello may weigh, whatever the game's length: MAX_SYNC_EVENTS events of some
#: 70 bytes, the view and the legal actions' mask.
BOUND = 64 * 1024


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "log"}


def test_a_long_games_hello_and_sync_are_bounded(tmp_path: Path) -> None:
    record = long_record(MAX_IMPORT_ACTIONS)
    # What a spectator may know of the game, from the engine itself.
    expected = seat_view(Record.from_json(record).replay(), None).to_json()
    total = len(expected["log"])
    assert total > 4 * hub.MAX_SYNC_EVENTS
    with running(tmp_path) as client:
        imported = client.post("/imports", json=record)
        assert imported.status_code == 201, imported.text[:300]
        game = imported.json()["game"]
        with said_hello(client, game, None, since=0) as ws:
            texts = [recv_text(ws)]
            ws.send_text('{"op":"sync","since":0}')
            texts.append(recv_text(ws))
            ws.send_json({"op": "sync", "since": total - 3})
            recent = json.loads(recv_text(ws))
        with said_hello(client, game, None) as ws:  # no since: from event 0 too
            texts.append(recv_text(ws))
    for text in texts:
        assert len(text.encode()) <= BOUND, len(text.encode())
        hello = json.loads(text)
        assert hello["type"] == "hello" and hello["truncated"] is True
        assert hello["since"] == total - hub.MAX_SYNC_EVENTS
        # The current view whole, and the log's last events, as the engine has them.
        assert without_log(hello["view"]) == without_log(expected)
        assert hello["view"]["log"] == expected["log"][-hub.MAX_SYNC_EVENTS :]
        assert hello["actions"] == MAX_IMPORT_ACTIONS
    # A client that asks for what it lacks and is not that far behind gets just that.
    assert recent["type"] == "hello" and "truncated" not in recent
    assert recent["since"] == total - 3 and recent["view"]["log"] == expected["log"][-3:]


def test_a_seat_gets_its_current_view_and_goes_on_from_a_cut_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap = 12
    monkeypatch.setattr(hub, "MAX_SYNC_EVENTS", cap)
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        play_http(client, game, {0: tokens[0], 1: tokens[1]}, random.Random(3), 24)
        seat = http_game(client, game)["view"]["to_act"]
        record = stored_record(tmp_path, game)
        state = engine_state(record, len(record.actions))
        expected = seat_view(state, seat).to_json()
        total = len(expected["log"])
        assert total > cap
        with said_hello(client, game, tokens[seat], since=0) as ws:
            hello = json.loads(recv_text(ws))
            assert hello["truncated"] is True and hello["since"] == total - cap
            assert without_log(hello["view"]) == without_log(expected)
            assert hello["view"]["log"] == expected["log"][-cap:]
            assert legal_of(hello) == legal_in_id_order(state)
            # Play goes on from there: the next events follow on the cut log.
            action = state.legal_actions()[0].to_json()
            ws.send_json({"op": "action", "action": action, "ref": 1, "expect": hello["actions"]})
            while True:
                message = json.loads(recv_text(ws))
                if message["type"] == "events":
                    break
            assert message["since"] == total and "truncated" not in message
            after = seat_view(
                engine_state(stored_record(tmp_path, game), hello["actions"] + 1), seat
            )
            assert message["events"] == [event.to_json() for event in after.log[total:]]


def test_a_long_games_http_answer_is_bounded_and_its_log_comes_page_by_page(
    tmp_path: Path,
) -> None:
    """The same bound over HTTP: ``GET /games/{id}`` carried the whole log of the view
    (on the imported 4,000-action game, 842,559 bytes with the replay's first page; now
    the last HTTP_LOG_EVENTS events, ``log_from`` and ``log_size`` say which, and
    ``?since=N`` pages through the rest)."""
    record = long_record(MAX_IMPORT_ACTIONS)
    expected = seat_view(Record.from_json(record).replay(), None).to_json()
    total = len(expected["log"])
    with running(tmp_path) as client:
        game = client.post("/imports", json=record).json()["game"]
        answer = client.get(f"/games/{game}")
        assert answer.status_code == 200
        size = len(answer.content)
        body = answer.json()
        assert body["log_size"] == total and body["log_from"] == total - HTTP_LOG_EVENTS
        assert body["view"]["log"] == expected["log"][-HTTP_LOG_EVENTS:]
        assert without_log(body["view"]) == without_log(expected)
        # Page by page from the start, the whole log as the engine has it.
        pages: list[Any] = []
        since = 0
        while since < total:
            page = client.get(f"/games/{game}", params={"since": since}).json()
            assert page["log_from"] == since and len(page["view"]["log"]) <= HTTP_LOG_EVENTS
            pages += page["view"]["log"]
            since += HTTP_LOG_EVENTS
        assert pages == expected["log"]
        # Past the end: an empty page, not an error.
        assert client.get(f"/games/{game}", params={"since": total + 5}).json()["view"]["log"] == []
        assert client.get(f"/games/{game}", params={"since": -1}).status_code == 422
    # The replay's first page is most of what is left (its 100 states, both hands shown).
    assert size < 842_559 // 2, size
