"""Durability: every accepted action is committed before anyone sees it, and a new server
on the same database rebuilds each game by replaying its record and goes on exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from outlaws.server.db.storage import Storage
from tests.server.serverkit import (
    auth,
    create_bot_game,
    create_friend_game,
    http_game,
    legal_of,
    play_http,
    running,
    stored_record,
    wait_for_actions,
)


def test_a_game_between_humans_survives_a_restart(tmp_path: Path) -> None:
    rng = random.Random(11)
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, turn_limit=40)
        seats = {0: tokens[0], 1: tokens[1]}
        play_http(client, game_id, seats, rng, steps=15)
        before = {seat: http_game(client, game_id, tokens[seat]) for seat in (0, 1)}
    # The first server is gone (its engine disposed); a second one opens the same file.
    with running(tmp_path) as client:
        for seat in (0, 1):
            assert http_game(client, game_id, tokens[seat]) == before[seat]
        listed = client.post("/games/mine", json={"tokens": tokens}).json()["games"]
        assert sorted(g["seat"] for g in listed) == [0, 1]
        play_http(client, game_id, seats, rng, steps=10_000)
        final = http_game(client, game_id)
        assert final["status"] == "over"
        record = stored_record(tmp_path, game_id)
        assert record.replay().over
        assert final["actions"] == len(record.actions)
        exported = client.get(f"/games/{game_id}/record").json()
        assert exported["actions"] == [a.to_json() for a in record.actions]


def test_a_bot_game_survives_a_restart_and_the_bot_plays_on(tmp_path: Path) -> None:
    rng = random.Random(12)
    with running(tmp_path) as client:
        made = create_bot_game(client, bot="random", seat=0, turn_limit=30)
        game_id, token = made["game"], made["token"]
        play_http(client, game_id, {0: token}, rng, steps=6)
        # Stop while it is the bot's turn, if the bot is to act now.
    saved = stored_record(tmp_path, game_id)
    count = len(saved.actions)
    with running(tmp_path) as client:
        again = http_game(client, game_id, token)
        assert again["actions"] >= count
        assert stored_record(tmp_path, game_id).actions[:count] == saved.actions
        if again["view"]["to_act"] == 1:
            wait_for_actions(client, game_id, again["actions"] + 1)
        play_http(client, game_id, {0: token}, rng, steps=10_000)
        assert http_game(client, game_id)["status"] == "over"
    record = stored_record(tmp_path, game_id)
    assert record.replay().over


def test_a_failed_write_refuses_the_action_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client)
        to_act = http_game(client, game_id)["view"]["to_act"]
        before = http_game(client, game_id, tokens[to_act])
        action = (legal_of(before) or [])[0]

        def broken(*args: object, **kwargs: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(Storage, "insert_action_rows", staticmethod(broken))
        refused = client.post(
            f"/games/{game_id}/actions", headers=auth(tokens[to_act]), json=action
        )
        assert refused.status_code == 503
        assert refused.json()["error"]["code"] == "storage"
        assert http_game(client, game_id, tokens[to_act]) == before
        monkeypatch.undo()
        accepted = client.post(
            f"/games/{game_id}/actions", headers=auth(tokens[to_act]), json=action
        )
        assert accepted.status_code == 200 and accepted.json()["accepted"] == 0
    assert [a.to_json() for a in stored_record(tmp_path, game_id).actions] == [
        json.loads(json.dumps(action))
    ]
