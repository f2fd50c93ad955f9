"""Ratings that mean something. One account took both seats of its own rated game
through the invite (1500 -> 1985 in four resignations); a rated game against `expert`
with a turn limit of 1 was a risk-free draw (1500 -> 2240 in six games); a stand-in bot
played rated games for an idle player and its wins counted; a losing player left a
rated game without a clock and it was never rated. Now rated games follow fixed terms
(a clock, a loss on time and no stand-in bot, no turn limit, one account a seat) and an
abandoned rated game is lost on time by whoever left it."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from outlaws.server.common.bus import Bus
from tests.server.processkit import two_servers
from tests.server.serverkit import Player, auth, running

PASSWORD = "six-guns at dawn"
CLOCK = {"bank": 300, "per_turn": 30, "on_timeout": "lose"}


def rated(client: TestClient, player: Player, **terms: Any) -> Any:
    """``player`` asks for a rated game on ``terms``: the answer."""
    body = {"placement": "random", "rated": True, **terms}
    return client.post("/games", json=body, headers=player.headers())


def refused_for(answer: Any) -> str:
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "rated_terms", answer.text
    return str(answer.json()["error"]["field"])


def rating(client: TestClient, name: str, pool: str) -> dict[str, Any] | None:
    ratings: dict[str, Any] = client.get(f"/players/{name}").json()["ratings"]
    return ratings.get(pool)


def test_a_rated_game_is_played_on_fixed_terms(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        doc = Player(client, "Doc", PASSWORD)
        expert = {"opponent": "bot", "bot": "expert"}
        # A turn limit would make a draw of any game against the strongest bot (R9.5).
        assert refused_for(rated(client, doc, **expert, clock=CLOCK, turn_limit=1)) == "turn_limit"
        # No bot stands in for an idle player: its wins would count as the player's.
        stand_in = {**CLOCK, "on_timeout": "bot", "bot": "expert"}
        assert refused_for(rated(client, doc, **expert, clock=stand_in)) == "clock.on_timeout"
        # No clock: a player who is losing could leave, and the game never end.
        assert refused_for(rated(client, doc, **expert)) == "clock"
        assert refused_for(rated(client, doc, opponent="friend")) == "clock"
        assert rated(client, doc, **expert, clock=CLOCK).status_code == 201
        assert rated(client, doc, opponent="friend", clock=CLOCK).status_code == 201


def test_one_account_cannot_take_both_seats_of_its_rated_game(
    tmp_path: Path,
    database: str,
    buses: Callable[[], Bus],
) -> None:
    # Created through one server process, its invite taken through another.
    with two_servers(tmp_path, database, buses) as (host, client):
        doc, kid = Player(host, "Doc", PASSWORD), Player(host, "Kid", PASSWORD)
        made = rated(host, doc, opponent="friend", clock=CLOCK).json()
        invite = made["invite"]
        own = client.post(f"/invites/{invite}", json={}, headers=doc.headers())
        assert own.status_code == 409 and own.json()["error"]["code"] == "own_game"
        assert client.get(f"/invites/{invite}").json() == {"open": True}  # still free
        # Another account takes it; after the game neither can rematch itself either.
        joined = client.post(f"/invites/{invite}", json={}, headers=kid.headers())
        assert joined.status_code == 200, joined.text
        game_id = made["game"]
        resigned = client.post(f"/games/{game_id}/resign", headers=auth(joined.json()["token"]))
        assert resigned.status_code == 200
        offer = client.post(f"/games/{game_id}/rematch", headers=doc.headers(made["token"]))
        assert offer.status_code == 200, offer.text
        itself = client.post(
            f"/games/{game_id}/rematch", headers=doc.headers(joined.json()["token"])
        )
        assert itself.status_code == 409 and itself.json()["error"]["code"] == "own_game"


def test_a_player_who_abandons_a_rated_game_loses_it_on_time(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        doc, kid = Player(client, "Doc", PASSWORD), Player(client, "Kid", PASSWORD)
        # Without a clock the game could be left for ever, unrated: refused.
        assert refused_for(rated(client, doc, opponent="friend", seat=0)) == "clock"
        quick = {"bank": 0, "per_turn": 1, "on_timeout": "lose"}
        made = rated(client, doc, opponent="friend", seat=0, clock=quick).json()
        joined = client.post(f"/invites/{made['invite']}", json={}, headers=kid.headers())
        assert joined.status_code == 200, joined.text
        game_id = made["game"]
        leaver = client.get(f"/games/{game_id}").json()["view"]["to_act"]
        # The seat to act leaves the table and never comes back.
        deadline = time.monotonic() + 10
        while (game := client.get(f"/games/{game_id}").json())["status"] != "over":
            assert time.monotonic() < deadline, "the abandoned game never ended"
            time.sleep(0.05)
        assert game["result"] == {"winner": 1 - leaver, "how": "timeout", "loser": leaver}
        names = ["Doc", "Kid"]
        while rating(client, names[leaver], "players") is None:
            assert time.monotonic() < deadline, "the abandoned game was never rated"
            time.sleep(0.05)
        lost = rating(client, names[leaver], "players")
        won = rating(client, names[1 - leaver], "players")
        assert lost is not None and won is not None
        assert lost["rating"] < 1500 < won["rating"]


def test_a_rated_game_from_before_the_terms_is_not_rated(tmp_path: Path) -> None:
    """A rated game without a clock, stored by an older server, ends unrated."""
    with running(tmp_path) as client:
        doc, kid = Player(client, "Doc", PASSWORD), Player(client, "Kid", PASSWORD)
        made = client.post(
            "/games", json={"opponent": "friend", "placement": "random"}, headers=doc.headers()
        ).json()
        joined = client.post(f"/invites/{made['invite']}", json={}, headers=kid.headers())
        assert joined.status_code == 200, joined.text
    with sqlite3.connect(tmp_path / "outlaws.db") as db:
        meta = json.loads(db.execute("SELECT meta FROM games").fetchone()[0])
        db.execute("UPDATE games SET meta = ?", (json.dumps({**meta, "rated": True}),))
    with running(tmp_path) as client:
        game_id = made["game"]
        resigned = client.post(f"/games/{game_id}/resign", headers=auth(made["token"]))
        assert resigned.status_code == 200
        time.sleep(0.5)  # a game is rated just after its end is answered
        assert rating(client, "Doc", "players") is None
        assert rating(client, "Kid", "players") is None
