"""The same server on PostgreSQL: migrations, a game played, a restart, the game goes on.

Runs only when ``OUTLAWS_TEST_POSTGRES`` names a server that may create databases, e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``; each run makes its own
database and drops it afterwards.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from outlaws.engine import Action, Record, Setup
from outlaws.server import create_app
from outlaws.server.db.storage import ActionRow, Conflict, Storage
from tests.server.serverkit import (
    PLACEMENT,
    STREET,
    create_bot_game,
    create_friend_game,
    create_placing_friend_game,
    http_game,
    join,
    place,
    play_http,
    postgres_database,
    settings_for,
    stored_game,
)

SERVER = os.environ.get("OUTLAWS_TEST_POSTGRES")
pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not SERVER, reason="OUTLAWS_TEST_POSTGRES is not set"),
]


@pytest.fixture
def database() -> Iterator[str]:
    assert SERVER is not None
    with postgres_database(SERVER) as url:
        yield url


def test_games_on_postgres_survive_a_restart(database: str, tmp_path: Path) -> None:
    rng = random.Random(21)
    settings = settings_for(tmp_path, db_url=database)
    with TestClient(create_app(settings)) as client:
        game_id, tokens = create_friend_game(client, turn_limit=30)
        bot = create_bot_game(client, bot="random", seat=0, turn_limit=30)
        play_http(client, game_id, {0: tokens[0], 1: tokens[1]}, rng, steps=8)
        play_http(client, bot["game"], {0: bot["token"]}, rng, steps=4)
        before = http_game(client, game_id, tokens[0])
        # A game whose seats place their cards (R3.1), stopped half placed.
        placing = create_placing_friend_game(client, turn_limit=30)
        friend = join(client, placing["invite"])
        assert place(client, placing["game"], placing["token"], PLACEMENT).status_code == 200
    with TestClient(create_app(settings)) as client:
        assert http_game(client, game_id, tokens[0]) == before
        half = http_game(client, placing["game"], placing["token"])
        assert half["placement"] == {"done": [True, False], "mine": PLACEMENT}
        assert place(client, placing["game"], friend, {"random": True}).status_code == 200
        started = http_game(client, placing["game"], placing["token"])
        assert started["status"] == "playing" and started["view"]["seats"][0]["street"] == STREET
        play_http(client, game_id, {0: tokens[0], 1: tokens[1]}, rng, steps=10_000)
        play_http(client, bot["game"], {0: bot["token"]}, rng, steps=10_000)
        assert http_game(client, game_id)["status"] == "over"
        assert http_game(client, bot["game"])["status"] == "over"
        exported = client.get(f"/games/{game_id}/record").json()
    row = stored_game(database, game_id)
    actions = tuple(Action.from_json(a.action) for a in row.actions)
    record = Record(row.seed, Setup.from_json(row.setup), actions, row.turn_limit)
    assert Record.from_json(exported) == record and record.replay().over


def test_an_action_and_an_end_stored_at_once_by_two_processes_never_both_commit(
    database: str, tmp_path: Path
) -> None:
    """R9 one game, one end: process 1 appends an action (the game's row locked first,
    as every append with several processes does) while process 2 stores the game's end
    counting the actions it knew. The end waits for the append, then sees one action
    more than it knew and is refused: the game is never over with an action after its
    end."""
    with TestClient(create_app(settings_for(tmp_path, db_url=database))) as client:
        game_id, tokens = create_friend_game(client, turn_limit=30)
        game = http_game(client, game_id, tokens[0])
    known = game["actions"]
    storage = Storage(database)
    try:
        with storage.engine.connect() as appending, appending.begin():
            Storage.lock_games(appending, [game_id])
            row = ActionRow(known, {"type": "pass"}, 0, "human", 0.0)
            Storage.insert_action_rows(appending, [(game_id, row)])

            def end() -> None:
                with storage.engine.connect() as ending, ending.begin():
                    result = {"winner": 0, "how": "resign", "loser": 1}
                    Storage.end_game(ending, game_id, known, status="over", result=result)

            with ThreadPoolExecutor(1) as pool:
                ending = pool.submit(end)
                time.sleep(0.5)
                assert not ending.done()  # waits for the append's lock
                appending.commit()
                with pytest.raises(Conflict, match=f"holds {known + 1} actions"):
                    ending.result(timeout=10)
        stored = storage.load_game(game_id)
        assert stored is not None and stored.status != "over"
        assert [action.idx for action in stored.actions][-1] == known
    finally:
        storage.dispose()
