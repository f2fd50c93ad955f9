"""Whole games over the HTTP API: against a bot, between two humans, watched by a
spectator; list my games, resign, export and import (round trip), the OpenAPI document."""

from __future__ import annotations

import json
import logging
import random
import socket
from pathlib import Path

import pytest

from outlaws.bots.ladder import LADDER
from outlaws.engine import Record, replay_json, seat_view
from tests.server.serverkit import (
    auth,
    create_bot_game,
    create_friend_game,
    http_game,
    http_view,
    play_http,
    running,
    stored_record,
    wait_for_actions,
)


def test_a_whole_game_against_a_bot(tmp_path: Path) -> None:
    rng = random.Random(1)
    with running(tmp_path) as client:
        made = create_bot_game(client, bot="random", seat=0, turn_limit=30)
        game_id, token = made["game"], made["token"]
        assert made["invite"] is None and made["links"]["ws"] == f"/ws/games/{game_id}"
        # The seat's links never hold its token (it goes in a header, never a URL).
        assert not [link for link in made["links"].values() if link and token in link]
        play_http(client, game_id, {0: token}, rng, steps=10_000)
        game = http_game(client, game_id, token)
        assert game["status"] == "over" and game["mode"] == "replay"
        record = stored_record(tmp_path, game_id)
        final = record.replay()
        assert final.over
        assert game["result"] == {"winner": final.winner, "how": final.how}
        # The replay shows both hands at every step (R8.6): the true state, step by step.
        steps = game["replay"]["steps"]
        assert len(steps) == len(record.actions) + 1
        for step in (0, len(steps) // 2, len(steps) - 1):
            expected = json.loads(json.dumps(record.replay(step).to_json()))
            assert steps[step]["state"] == expected
        actors = {a.by for a in _rows(tmp_path, game_id)}
        assert actors == {"human", "bot"}


def _rows(path: Path, game_id: str) -> list:
    from outlaws.server.db.storage import Storage

    storage = Storage(f"sqlite:///{path / 'outlaws.db'}")
    try:
        row = storage.load_game(game_id)
        assert row is not None
        return row.actions
    finally:
        storage.dispose()


def test_two_humans_a_spectator_and_my_games(tmp_path: Path) -> None:
    rng = random.Random(2)
    with running(tmp_path) as client:
        made = client.post(
            "/games", json={"opponent": "friend", "seat": 1, "name": "Ann", "placement": "random"}
        ).json()
        game_id = made["game"]
        waiting = http_game(client, game_id, made["token"])
        assert waiting["status"] == "waiting" and waiting["legal"] is None
        refused = client.post(
            f"/games/{game_id}/actions", headers=auth(made["token"]), json="look 1"
        )
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] in ("not_started", "not_your_turn")
        assert client.get(f"/invites/{made['invite']}").json() == {"open": True}
        joined = client.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
        assert joined["seat"] == 0 and joined["token"] != made["invite"]
        # The invite is spent: it cannot take the seat a second time, and says so.
        again = client.post(f"/invites/{made['invite']}")
        assert again.status_code == 404 and again.json()["error"]["code"] == "unknown_invite"
        assert client.get(f"/invites/{made['invite']}").json() == {"open": False}
        assert client.get("/invites/no-such-invite").json() == {"open": False}
        tokens = {1: made["token"], 0: joined["token"]}
        play_http(client, game_id, tokens, rng, steps=12)
        public = http_game(client, game_id)
        assert public["mode"] == "watch" and public["legal"] is None and public["seat"] is None
        record = stored_record(tmp_path, game_id)
        state = record.replay()
        whole = http_view(client, game_id)
        assert whole == json.loads(json.dumps(seat_view(state, None).to_json()))
        for seat in (0, 1):
            mine = http_view(client, game_id, tokens[seat])
            assert mine == json.loads(json.dumps(seat_view(state, seat).to_json()))
        # The Bearer header is how a token is sent; the scheme's name in any case.
        bearer = client.get(
            f"/games/{game_id}", headers={"Authorization": f"bearer {tokens[0]}"}
        ).json()
        assert bearer["seat"] == 0
        listed = client.post("/games/mine", json={"tokens": [tokens[1], "nobody"]}).json()
        assert [(g["game"], g["seat"]) for g in listed["games"]] == [(game_id, 1)]
        assert listed["games"][0]["players"][1]["name"] == "Ann"
        assert listed["games"][0]["players"][0]["name"] == "Bob"
        # Only a finished game is exported: a game in progress keeps its cards hidden.
        early = client.get(f"/games/{game_id}/record")
        assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"


def test_resign_export_and_import_round_trip(tmp_path: Path) -> None:
    rng = random.Random(5)
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client)
        play_http(client, game_id, {0: tokens[0], 1: tokens[1]}, rng, steps=9)
        resigned = client.post(f"/games/{game_id}/resign", headers=auth(tokens[1]))
        assert resigned.status_code == 200
        assert resigned.json()["result"] == {"winner": 0, "how": "resign", "loser": 1}
        game = http_game(client, game_id, tokens[0])
        assert game["status"] == "over" and game["result"]["how"] == "resign"
        # Nothing more can be played, by either seat, nor resigned twice.
        after = client.post(f"/games/{game_id}/resign", headers=auth(tokens[0]))
        assert after.status_code == 409 and after.json()["error"]["code"] == "game_over"
        # The replay of a resigned game shows both hands too.
        replay = client.get(f"/games/{game_id}/replay", params={"start": 9}).json()
        assert [s["step"] for s in replay["steps"]] == [9]
        assert None not in replay["steps"][0]["state"]["seats"][1]["street"]
        exported = client.get(f"/games/{game_id}/record")
        assert exported.status_code == 200
        record = exported.json()
        assert record["format"] == "outlaws/1" and record["resigned"] == 1
        assert record["result"] == {"winner": 0, "how": "resign", "loser": 1}
        assert Record.from_json(record) == stored_record(tmp_path, game_id)
        replay_json(record)  # the engine reads it as any record
        imported = client.post("/imports", json=record)
        assert imported.status_code == 201, imported.text
        copy_id = imported.json()["game"]
        assert imported.json()["actions"] == 9
        copy = client.get(f"/games/{copy_id}/record").json()
        assert {k: v for k, v in copy.items() if k != "game"} == {
            k: v for k, v in record.items() if k != "game"
        }
        watched = http_game(client, copy_id)
        assert watched["mode"] == "replay" and watched["kind"] == "imported"
        assert watched["result"]["how"] == "resign"
        refused = client.post(f"/games/{copy_id}/resign", headers=auth(tokens[0]))
        assert refused.status_code == 403


def test_import_a_record_made_elsewhere(tmp_path: Path) -> None:
    records = Path(__file__).resolve().parents[2] / "records"
    data = json.loads((records / "win_good.json").read_text())
    with running(tmp_path) as client:
        made = client.post("/imports", json=data)
        assert made.status_code == 201, made.text
        game = http_game(client, made.json()["game"])
        state = replay_json(data)
        assert game["result"] == {"winner": state.winner, "how": state.how}
        assert game["replay"]["steps"][-1]["state"] == json.loads(json.dumps(state.to_json()))


def test_a_bot_game_with_the_bot_to_start(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        for _ in range(8):
            made = create_bot_game(client, bot="heuristic", seat=1)
            first = stored_record(tmp_path, made["game"]).setup
            assert first is not None
            if first.first == 0:
                break
        game = wait_for_actions(client, made["game"], 1)
        while game["view"]["to_act"] == 0 and game["status"] == "playing":
            game = wait_for_actions(client, made["game"], game["actions"] + 1)
        # The bot played its turn (or a reaction is asked of us): our seat is to act.
        mine = http_game(client, made["game"], made["token"])
        assert mine["view"]["to_act"] == 1 and mine["legal"]


def test_openapi_documents_the_api(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        spec = client.get("/openapi.json").json()
        assert {
            "/games",
            "/games/{game_id}",
            "/games/{game_id}/actions",
            "/imports",
            "/games/{game_id}/resign",
            "/games/{game_id}/record",
            "/games/mine",
            "/invites/{invite}",
            "/games/{game_id}/replay",
        } <= set(spec["paths"])
        assert "CreateGame" in spec["components"]["schemas"]
        assert "ErrorOut" in spec["components"]["schemas"]
        assert client.get("/bots").json()["specs"][0] == "random"


def test_the_bots_answer_carries_the_ladder_in_order_then_the_random_bot(tmp_path: Path) -> None:
    """The page names the bots and offers them from this answer, read once at start."""
    with running(tmp_path) as client:
        bots = client.get("/bots").json()
    assert bots["ladder"] == [{"name": r.name, "spec": r.spec, "elo": r.elo} for r in LADDER]
    assert [(r["name"], r["spec"]) for r in bots["off_ladder"]] == [("random", "random")]


def test_a_thinking_bot_does_not_stall_other_tables(tmp_path: Path) -> None:
    import time

    rng = random.Random(4)
    with running(tmp_path) as client:
        client.get("/bots")
        for _ in range(12):  # a game where the strongest bot (seconds a move) starts
            made = create_bot_game(client, bot="search:5", seat=1)
            setup = stored_record(tmp_path, made["game"]).setup
            assert setup is not None
            if setup.first == 0:
                break
        game_id, tokens = create_friend_game(client)
        slowest = 0.0
        for _ in range(6):
            start = time.perf_counter()
            play_http(client, game_id, {0: tokens[0], 1: tokens[1]}, rng, steps=1)
            slowest = max(slowest, time.perf_counter() - start)
        bot_game = http_game(client, made["game"])
        assert bot_game["actions"] == 0, "the bot was still thinking all along"
        assert slowest < 1.0  # a stalled loop would wait for the bot: seconds


def test_the_home_page_is_the_browser_table_and_the_api_pages_stay(tmp_path: Path) -> None:
    """http://127.0.0.1:8000/ opens the table (src/outlaws/web); /docs is still there."""
    with running(tmp_path) as client:
        home = client.get("/", follow_redirects=False)
        assert home.status_code == 200 and "text/html" in home.headers["content-type"]
        assert '<script type="module"' in home.text
        assert client.get("/static/app.js").status_code == 200
        assert "swagger" in client.get("/docs").text.lower()


def test_no_seat_token_or_invite_reaches_the_server_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """uvicorn logs each WebSocket it accepts with its URL: the token in it is hidden."""
    with running(tmp_path), caplog.at_level(logging.INFO, logger="uvicorn"):
        logging.getLogger("uvicorn.error").info(
            '%s - "WebSocket %s" [accepted]', "127.0.0.1:5000", "/ws/games/g1?token=S3CR3T&since=4"
        )
        logging.getLogger("uvicorn.access").info(
            '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "POST", "/invites/INV1TE", "1.1", 200
        )
    assert "/ws/games/g1?token=<hidden>&since=4" in caplog.text
    assert "/invites/<hidden>" in caplog.text
    assert "S3CR3T" not in caplog.text and "INV1TE" not in caplog.text


@pytest.mark.parametrize("compression", [True, False])
def test_serve_offers_websocket_compression_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compression: bool
) -> None:
    """Browsers offer permessage-deflate and the server accepts it by default;
    `outlaws serve --no-ws-compression` spares its CPU instead (docs/protocol.md)."""
    import uvicorn

    from outlaws.cli.serve import serve

    configs: list[uvicorn.Config] = []

    def run(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        configs.append(server.config)
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", run)
    monkeypatch.setattr("outlaws.cli.serve._tune_gc", lambda: None)
    serve(port=0, db=f"sqlite:///{tmp_path / 'outlaws.db'}", ws_compression=compression)
    assert [config.ws_per_message_deflate for config in configs] == [compression]
