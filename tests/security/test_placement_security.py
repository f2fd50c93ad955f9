"""Attacks on the placement phase (R3.1): a seat's placement is its secret until play
reveals its cards, and a bad or abusive placement request changes nothing.

Each probe plays the other seat, a spectator or a stranger, and fails if Ann's street
order (her secret) reaches it by any answer, message or log line.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from outlaws.server.db.storage import Storage
from tests.server.serverkit import (
    PLACEMENT,
    STREET,
    auth,
    create_placing_friend_game,
    http_game,
    join,
    place,
    recv,
    running,
    stored_game,
)

#: Ann's street as it would show in any JSON answer, and in notation.
SECRETS = (json.dumps(STREET), json.dumps(STREET, separators=(",", ":")), " ".join(STREET))


def leaked(text: str) -> bool:
    return any(secret in text for secret in SECRETS)


def error_of(response: Any, status: int) -> dict[str, Any]:
    """The error of a refused request: its status, and the one shape of every error."""
    assert response.status_code == status, (response.status_code, response.text[:300])
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"]
    return dict(body["error"])


@pytest.fixture
def placed(tmp_path: Path) -> Any:
    """A friend game where Ann (seat 0) has placed and Bob (seat 1) has not."""
    with running(tmp_path) as client:
        made = create_placing_friend_game(client, seat=0, name="Ann")
        bob = join(client, made["invite"])
        assert place(client, made["game"], made["token"], PLACEMENT).status_code == 200
        yield client, made["game"], made["token"], bob, tmp_path


def test_the_other_seat_and_spectators_learn_nothing_of_a_placement(
    placed: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """R3.1: every way Bob or a spectator may ask about the game while Ann's cards are
    placed but not yet played answers without her street order (nor does a log line)."""
    client, game_id, ann, bob, _ = placed
    caplog.set_level(logging.DEBUG)
    answers: list[str] = []
    for token in (bob, None):
        headers = auth(token)
        for path in ("", "/record", "/replay", "/notebook", "/replay?start=0&stop=0"):
            answers.append(client.get(f"/games/{game_id}{path}", headers=headers).text)
        answers.append(
            client.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {bob}"}).text
        )
        answers.append(client.post(f"/games/{game_id}/actions", headers=headers, json="pass").text)
        answers.append(client.post(f"/games/{game_id}/resign", headers=headers).text)
    answers.append(client.post("/games/mine", json={"tokens": [bob, "x" * 40]}).text)
    # Bob's bad placements: the errors name his fields, never Ann's cards.
    for body in ({"street": STREET[::-1], "saloon": ["governor", "mayor"]}, {"random": 1}):
        answers.append(place(client, game_id, bob, body).text)
    for token, query in ((bob, ""), (None, ""), (bob, "?since=99"), (None, "?since=3")):
        with client.websocket_connect(f"/ws/games/{game_id}{query}", headers=auth(token)) as ws:
            if token is None:  # a spectator says hello first
                ws.send_json({"op": "hello"})
            answers.append(json.dumps(recv(ws)))
            for probe in ('{"op": "sync", "since": 0}', "look 1", '{"op": "resign"}'):
                ws.send_text(probe)
                answers.append(json.dumps(recv(ws)))
    assert not [answer for answer in answers if leaked(answer)]
    # Ann herself is told her own placement.
    assert leaked(json.dumps(http_game(client, game_id, ann)))
    # Bob places too: play starts, and still his messages show only what play reveals.
    assert place(client, game_id, bob, {"random": True}).status_code == 200
    with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(bob)) as ws:
        hello = recv(ws)
    assert hello["phase"] == "play" and not leaked(json.dumps(hello))
    assert hello["view"]["seats"][0]["street"] == [None] * 8
    assert not leaked(caplog.text), "a placement reached the log"


def test_a_placement_is_only_made_with_the_seats_own_token(placed: Any) -> None:
    """Only a seat places its own cards: no token, a stranger's, another game's, or the
    spent invite is refused, and Bob's token never places for Ann."""
    client, game_id, ann, bob, _ = placed
    other = create_placing_friend_game(client)
    error_of(place(client, game_id, None, PLACEMENT), 401)
    for token in ("A" * 32, other["token"], other["invite"], ann.upper()):
        assert error_of(place(client, game_id, token, PLACEMENT), 403)["code"] == "bad_token"
    assert http_game(client, game_id, bob)["placement"]["done"] == [True, False]
    assert place(client, game_id, bob, PLACEMENT).status_code == 200  # his own: seat 1
    game = http_game(client, game_id, ann)
    assert game["view"]["seats"][0]["street"] == STREET  # Ann's cards are still hers


def test_bad_and_abusive_placement_bodies_are_refused_and_change_nothing(
    tmp_path: Path,
) -> None:
    """R3.1: whatever the body, a refused placement is a clear error (a status, a code,
    the field and the rule where there is one), never a traceback, and the game is as
    it was: still placing, nothing stored."""
    with running(tmp_path, max_body=64 * 1024) as client:
        made = create_placing_friend_game(client)
        game_id, ann = made["game"], made["token"]
        url = f"/games/{game_id}/placement"
        mine = auth(ann)
        before = http_game(client, game_id, ann)

        def refused(response: Any, status: int = 422) -> dict[str, Any]:
            error = error_of(response, status)
            assert http_game(client, game_id, ann) == before
            assert stored_game(tmp_path, game_id).placements == []
            return error

        for body in (
            [],
            "hitman indian governor bandit storekeep sheriff reporter dancer | mayor reverend",
            42,
            True,
            None,
            {},
            {"street": " ".join(STREET), "saloon": ["mayor", "reverend"]},
            {"street": [1, 2, 3, 4, 5, 6, 7, 8], "saloon": [9, 10]},
            {"street": [{"name": n} for n in STREET], "saloon": ["mayor", "reverend"]},
            {"street": STREET * 500, "saloon": ["mayor", "reverend"]},
            {"street": ["governor"] * 8, "saloon": ["mayor", "reverend"]},
            {"street": STREET, "saloon": ["mayor", "reverend"], "__proto__": {"x": 1}},
            {"street": STREET, "saloon": ["mayor", "reverend", "governor"]},
            {"street": STREET, "saloon": ["mayor", "Reverend"]},
            {"random": "true"},
            {"random": True, "seat": 0},
        ):
            error = refused(client.post(url, headers=mine, json=body))
            assert error["rule"] == "R3.1" and error["field"].startswith("placement"), body
        refused(client.post(url, content=b'{"street": [', headers={**_JSON, **mine}), 400)
        refused(client.post(url, content=b"\xff\xfe{}", headers={**_JSON, **mine}), 400)
        deep = b"[" * 20_000 + b"]" * 20_000
        refused(client.post(url, content=deep, headers={**_JSON, **mine}), 400)
        refused(
            client.post(url, content=b" " * (65 * 1024) + b"{}", headers={**_JSON, **mine}), 413
        )
        # After all that, Ann places as any seat would.
        assert place(client, game_id, ann, PLACEMENT).status_code == 200


def test_a_flood_of_placements_stores_one(tmp_path: Path) -> None:
    """R3.1: a seat that sends its placement again and again has placed once; the rest
    are refused (409) and the first one stands."""
    with running(tmp_path) as client:
        made = create_placing_friend_game(client)
        game_id, ann = made["game"], made["token"]
        codes = [place(client, game_id, ann, {"random": True}).status_code for _ in range(20)]
        assert codes[0] == 200 and set(codes[1:]) == {409}
        rows = stored_game(tmp_path, game_id).placements
        assert [row.seat for row in rows] == [0]
        mine = http_game(client, game_id, ann)["placement"]["mine"]
        assert rows[0].placement == mine


_JSON = {"content-type": "application/json"}


def test_no_placement_reaches_the_server_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3.1: the server's own log lines (the game service, the hub, uvicorn's request
    lines) never carry a placement: not a good one, not a refused one, not one whose
    write failed."""
    for name in ("outlaws", "uvicorn.error", "uvicorn.access"):
        caplog.set_level(logging.DEBUG, logger=name)
    with running(tmp_path) as client:
        made = create_placing_friend_game(client)
        game_id, ann = made["game"], made["token"]
        bad = {"street": STREET, "saloon": ["governor", "mayor"]}
        assert place(client, game_id, ann, bad).status_code == 422

        def broken(*args: object, **kwargs: object) -> None:
            raise OSError(f"disk full while writing {args!r}")

        monkeypatch.setattr(Storage, "insert_placement", staticmethod(broken))
        assert place(client, game_id, ann, PLACEMENT).status_code == 503
        monkeypatch.undo()
        assert place(client, game_id, ann, PLACEMENT).status_code == 200
        bob = join(client, made["invite"])
        assert place(client, game_id, bob, {"random": True}).status_code == 200
    assert "placement" in caplog.text  # the failed write was logged, without the cards
    assert not leaked(caplog.text), "a placement reached the log"
