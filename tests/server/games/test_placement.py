"""R3.1 on the server: each seat places its own cards before the first action.

A game created with ``"placement": "choose"`` (the default) has no deal until both seats
have placed: a bot at once, a human with ``POST /games/{id}/placement``. Each seat is told
whether the other is done, never where it put its cards; play starts when the second
placement is stored, from the game's seed and both placements (R3.2, R3.3).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text

from outlaws.engine import Placement, Setup, seat_view
from outlaws.server.db.storage import MIGRATIONS, Storage
from outlaws.server.games import seating as seating_module
from outlaws.server.http.auth import hash_token
from tests.server.serverkit import (
    MESSAGE_KEYS,
    PLACEMENT,
    STREET,
    auth,
    create_placing_friend_game,
    http_game,
    join,
    place,
    play_http,
    recv,
    recv_until,
    running,
    stored_game,
    stored_record,
)

#: Seat 1's cards in the friend games below (different from seat 0's).
OTHER = Placement.parse("gov dan rep sher store band ind mayor | hit rev").to_json()


class FakeTime:
    """A wall clock that moves only when told."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


def wait_until(condition: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("condition not met in time")


def bot_game(client: Any, seat: int = 0, **extra: Any) -> dict[str, Any]:
    made = client.post("/games", json={"opponent": "bot", "bot": "random", "seat": seat, **extra})
    assert made.status_code == 201, made.text
    return dict(made.json())


def error_of(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    return dict(error)


def test_against_a_bot_the_human_places_first_and_plays_with_that_street(tmp_path: Path) -> None:
    """R3.1: the bot has placed at once; the game waits for the human's placement, then
    the seat's view shows its cards exactly where it put them."""
    with running(tmp_path) as client:
        made = bot_game(client, seat=0)
        game_id, token = made["game"], made["token"]
        waiting = http_game(client, game_id, token)
        assert waiting["status"] == "placing" and waiting["phase"] == "placing"
        assert waiting["view"] is None and waiting["legal"] is None
        assert waiting["placement"] == {"done": [False, True], "mine": None}
        assert waiting["actions"] == 0 and waiting["players"][1]["kind"] == "bot"
        # Nothing to play yet: actions, the notebook and resigning wait for the deal.
        acting = client.post(f"/games/{game_id}/actions", headers=auth(token), json="look 3")
        assert error_of(acting, 409, "not_started")["rule"] == "R3.1"
        notebook = client.get(f"/games/{game_id}/notebook", headers=auth(token))
        error_of(notebook, 409, "not_started")
        resigning = client.post(f"/games/{game_id}/resign", headers=auth(token))
        error_of(resigning, 409, "not_started")

        placed = place(client, game_id, token, PLACEMENT)
        assert placed.status_code == 200, placed.text
        body = placed.json()
        assert body["placement"] == PLACEMENT
        game = body["game"]
        assert game["status"] == "playing" and game["phase"] == "play"
        assert game["placement"] is None
        mine = game["view"]["seats"][0]
        assert mine["street"] == STREET and mine["saloon"] == PLACEMENT["saloon"]
        # The stored setup is the placement, and the game replays from it like any other.
        setup = Setup.from_json(stored_game(tmp_path, game_id).setup)
        assert setup.placement(0) == Placement.from_json(PLACEMENT)
        # Play goes on as in any game: the bot moves when its turn comes (R3.3, R4.1).
        assert play_http(client, game_id, {0: token}, random.Random(3), steps=4) == 4
        assert http_game(client, game_id)["actions"] >= 4
        assert stored_record(tmp_path, game_id).replay().setup == setup


def test_a_seat_may_ask_for_a_random_placement(tmp_path: Path) -> None:
    """R3.1: a seat may place at random; it is told where its cards went."""
    with running(tmp_path) as client:
        made = bot_game(client, seat=1)
        placed = place(client, made["game"], made["token"], {"random": True})
        assert placed.status_code == 200, placed.text
        body = placed.json()
        chosen = Placement.from_json(body["placement"])  # a legal placement (R3.1)
        mine = body["game"]["view"]["seats"][1]
        assert mine["street"] == body["placement"]["street"]
        assert mine["saloon"] == body["placement"]["saloon"]
        assert chosen.governor_column == mine["street"].index("governor") + 1


def test_the_bots_placement_comes_from_bot_placement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot seat places through ``bot_placement(spec, seed)``, with a seed of its own
    (not the game's seed), and plays the cards it placed."""
    calls: list[tuple[str, int]] = []
    seats: list[int | None] = []
    chosen = Placement.parse("dan gov rep sher store band ind hit | mayor rev")

    def spy(spec: str, seed: int, seat: int | None = None) -> Placement:
        calls.append((spec, seed))
        seats.append(seat)
        return chosen

    monkeypatch.setattr(seating_module, "bot_placement", spy)
    with running(tmp_path) as client:
        made = bot_game(client, seat=0)
        assert len(calls) == 1 and calls[0][0] == "random"
        assert seats == [1]  # the bot's own seat: its left and right count (R2.2)
        row = stored_game(tmp_path, made["game"])
        assert calls[0][1] != row.seed
        assert [p.seat for p in row.placements] == [1]
        place(client, made["game"], made["token"], PLACEMENT)
        assert Setup.from_json(stored_game(tmp_path, made["game"]).setup).placement(1) == chosen


def _secret_in(message: Any, street: list[str]) -> bool:
    """Whether ``street``'s order appears anywhere in ``message`` (as JSON)."""
    return json.dumps(street) in json.dumps(message)


def test_two_friends_place_and_neither_sees_the_other_placement(tmp_path: Path) -> None:
    """R3.1: both seats place at the same time; each learns that the other is done, and
    nothing else of it, over HTTP and the WebSocket, and nor does a spectator. Play
    starts when both have placed, and every connection is then sent the whole view."""
    with running(tmp_path) as client:
        made = create_placing_friend_game(client, seat=0, name="Ann")
        game_id, ann = made["game"], made["token"]
        # Ann places before Bob has even joined: the game is still waiting for him.
        first = place(client, game_id, ann, PLACEMENT)
        assert first.status_code == 200, first.text
        assert first.json()["game"]["status"] == "waiting"
        assert first.json()["game"]["placement"] == {"done": [True, False], "mine": PLACEMENT}
        bob = join(client, made["invite"])
        seen_by_others: list[Any] = []
        with (
            client.websocket_connect(f"/ws/games/{game_id}", headers=auth(ann)) as ws0,
            client.websocket_connect(f"/ws/games/{game_id}", headers=auth(bob)) as ws1,
            client.websocket_connect(f"/ws/games/{game_id}?since=7") as spectator,
        ):
            spectator.send_json({"op": "hello"})  # a spectator says hello first
            hellos = {0: recv(ws0), 1: recv(ws1), None: recv(spectator)}
            for seat, hello in hellos.items():
                assert set(hello) <= MESSAGE_KEYS["hello"]
                assert hello["type"] == "hello" and hello["phase"] == "placing"
                assert hello["status"] == "placing" and hello["view"] is None
                assert hello["legal"] is None and hello["since"] == 0
                assert hello["placement"]["done"] == [True, False]
                assert hello["placement"]["mine"] == (PLACEMENT if seat == 0 else None)
            seen_by_others += [hellos[1], hellos[None]]
            for seat, token in ((0, ann), (1, bob), (None, None)):
                polled = http_game(client, game_id, token)
                assert polled["placement"]["mine"] == (PLACEMENT if seat == 0 else None)
                if seat != 0:
                    seen_by_others.append(polled)

            second = place(client, game_id, bob, OTHER)
            assert second.status_code == 200, second.text
            seen_by_others.append(second.json())
            started = {
                seat: recv_until(ws, lambda m: m["phase"] == "play")
                for seat, ws in ((0, ws0), (1, ws1), (None, spectator))
            }
            seen_by_others += started[1] + started[None]
            record = stored_record(tmp_path, game_id)
            state = record.replay(0)
            for seat, messages in started.items():
                hello = messages[-1]
                # Play started: a full hello, the whole log from the first event.
                assert hello["type"] == "hello" and hello["status"] == "playing"
                assert hello["placement"] is None and hello["since"] == 0
                expected = json.loads(json.dumps(seat_view(state, seat).to_json()))
                assert hello["view"] == expected
            assert started[0][-1]["view"]["seats"][0]["street"] == STREET
            assert started[1][-1]["view"]["seats"][1]["street"] == OTHER["street"]
        for token in (bob, None):
            seen_by_others.append(http_game(client, game_id, token))
        seen_by_others.append(client.post("/games/mine", json={"tokens": [bob]}).json())
        # Ann's street order reached neither Bob nor the spectator: it is hidden (R8).
        leaks = [m for m in seen_by_others if _secret_in(m, STREET)]
        assert not leaks, leaks
        assert Setup.from_json(stored_game(tmp_path, game_id).setup).placement(1) == (
            Placement.from_json(OTHER)
        )


def test_a_bad_placement_is_refused_naming_the_field_and_R3_1(tmp_path: Path) -> None:
    """R3.1: a placement must put 8 characters on the street and 2 in the Saloon, each
    once, and never the Governor in the Saloon. A bad one changes nothing."""
    with running(tmp_path) as client:
        made = bot_game(client)
        game_id, token = made["game"], made["token"]
        governor_in_saloon = {
            "street": ["hitman", "indian", "mayor", "bandit", "storekeep", "sheriff",
                       "reporter", "dancer"],
            "saloon": ["governor", "reverend"],
        }  # fmt: skip
        twice = {"street": [*STREET[:3], "hitman", *STREET[4:]], "saloon": ["mayor", "reverend"]}
        unknown = {"street": [*STREET[:3], "cowboy", *STREET[4:]], "saloon": ["mayor", "reverend"]}
        short = {"street": STREET[:7], "saloon": ["mayor", "reverend"]}
        for body, field in (
            (governor_in_saloon, "placement.saloon"),
            (twice, "placement.street[3]"),
            (unknown, "placement.street[3]"),
            (short, "placement.street"),
            ({"street": STREET}, "placement.saloon"),
            ({**PLACEMENT, "tokens": []}, "placement.tokens"),
            ({"random": False}, "placement.random"),
            ({"random": True, "street": STREET}, "placement.street"),
        ):
            error = error_of(place(client, game_id, token, body), 422, "bad_placement")
            assert error["field"] == field and error["rule"] == "R3.1", (body, error)
        game = http_game(client, game_id, token)
        assert game["status"] == "placing" and game["placement"]["done"] == [False, True]


def test_a_seat_places_once_and_only_while_the_seats_are_placing(tmp_path: Path) -> None:
    """R3.1: a second placement of the same seat is refused (409 ``already_placed``), as
    is one in a game whose cards were dealt from its seed (409 ``not_placing``)."""
    with running(tmp_path) as client:
        made = create_placing_friend_game(client)
        game_id, ann = made["game"], made["token"]
        assert place(client, game_id, ann, PLACEMENT).status_code == 200
        again = place(client, game_id, ann, {"random": True})
        assert error_of(again, 409, "already_placed")["rule"] == "R3.1"
        assert http_game(client, game_id, ann)["placement"]["mine"] == PLACEMENT
        # Against a bot, the human's placement starts the game: placing is over.
        against_bot = bot_game(client)
        place(client, against_bot["game"], against_bot["token"], PLACEMENT)
        late = place(client, against_bot["game"], against_bot["token"], PLACEMENT)
        error_of(late, 409, "already_placed")
        dealt = bot_game(client, placement="random")
        assert http_game(client, dealt["game"])["phase"] == "play"
        error_of(place(client, dealt["game"], dealt["token"], PLACEMENT), 409, "not_placing")
        # Only a seat places: no token is 401, a wrong one 403.
        error_of(place(client, game_id, None, PLACEMENT), 401, "no_token")
        error_of(place(client, game_id, "not-a-token", PLACEMENT), 403, "bad_token")
        bearer = client.post(
            f"/games/{dealt['game']}/placement",
            headers={"Authorization": f"Bearer {dealt['token']}"},
            json=PLACEMENT,
        )
        error_of(bearer, 409, "not_placing")


def test_a_half_placed_game_survives_a_restart_and_so_does_the_game_that_follows(
    tmp_path: Path,
) -> None:
    """R3.1: a placement counts once stored. A server restarted between the two
    placements comes back with the first one (its seat still sees it, the other seat
    only that it is done); restarted after both, the game comes back being played."""
    with running(tmp_path) as client:
        made = create_placing_friend_game(client)
        game_id, ann = made["game"], made["token"]
        bob = join(client, made["invite"])
        place(client, game_id, ann, PLACEMENT)
    with running(tmp_path) as client:
        assert http_game(client, game_id, ann)["placement"] == {
            "done": [True, False],
            "mine": PLACEMENT,
        }
        bobs = http_game(client, game_id, bob)
        assert bobs["status"] == "placing" and bobs["placement"]["mine"] is None
        error_of(place(client, game_id, ann, OTHER), 409, "already_placed")
        assert place(client, game_id, bob, OTHER).status_code == 200
        before = {token: http_game(client, game_id, token) for token in (ann, bob)}
    with running(tmp_path) as client:
        for token, game in before.items():
            assert http_game(client, game_id, token) == game
        assert before[ann]["view"]["seats"][0]["street"] == STREET
        assert before[ann]["status"] == "playing"


def test_the_placing_time_runs_out_into_a_random_placement(tmp_path: Path) -> None:
    """R3.1 with a clock: a seat has one period (``per_turn``, 60 s at least) to place,
    free of its bank; at its end it gets a random placement, not a loss, and play starts."""
    now = FakeTime()
    clock = {"bank": 60, "per_turn": 90, "on_timeout": "lose"}
    with running(tmp_path, now=now) as client:
        made = bot_game(client, clock=clock)
        game_id = made["game"]
        placing = http_game(client, game_id)
        assert placing["clock"]["deadline"] == now.t + 90 and placing["clock"]["seat"] is None
        now.t += 89
        time.sleep(0.2)
        assert http_game(client, game_id)["status"] == "placing"
        now.t += 2
        wait_until(lambda: http_game(client, game_id)["status"] == "playing")
        game = http_game(client, game_id, made["token"])
        assert game["result"] is None and game["clock"]["banks"] == [60, 60]
        Placement.of(game["view"]["seats"][0]["street"], game["view"]["seats"][0]["saloon"])
        assert [p.seat for p in stored_game(tmp_path, game_id).placements] == [0, 1]


def test_between_friends_the_placing_clock_starts_when_both_are_there(tmp_path: Path) -> None:
    """R3.1 with a clock: the placing period starts when the friend joins, the same for
    both seats, and lasts 60 s even on a clock of 15 s a turn (ten cards take a while to
    arrange); a seat that placed in time keeps its cards, the other gets random ones."""
    now = FakeTime()
    clock = {"bank": 0, "per_turn": 15, "on_timeout": "lose"}
    with running(tmp_path, now=now) as client:
        made = create_placing_friend_game(client, clock=clock)
        game_id, ann = made["game"], made["token"]
        assert http_game(client, game_id)["clock"]["deadline"] is None
        now.t += 100  # waiting for the friend costs nothing
        join(client, made["invite"])
        assert http_game(client, game_id)["clock"]["deadline"] == now.t + 60
        place(client, game_id, ann, PLACEMENT)
        now.t += 59
        time.sleep(0.2)
        assert http_game(client, game_id)["status"] == "placing"
        now.t += 2
        wait_until(lambda: http_game(client, game_id)["status"] == "playing")
        assert http_game(client, game_id, ann)["view"]["seats"][0]["street"] == STREET


def test_a_placement_that_cannot_be_stored_does_not_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3.1: a placement counts once committed; if the database refuses it, the seat has
    not placed and may place again."""
    with running(tmp_path) as client:
        made = bot_game(client)
        game_id, token = made["game"], made["token"]

        def broken(*args: object, **kwargs: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(Storage, "insert_placement", staticmethod(broken))
        error_of(place(client, game_id, token, PLACEMENT), 503, "storage")
        unplaced = {"done": [False, True], "mine": None}
        assert http_game(client, game_id, token)["placement"] == unplaced
        monkeypatch.undo()
        assert place(client, game_id, token, PLACEMENT).status_code == 200
        assert http_game(client, game_id, token)["status"] == "playing"


def test_a_database_of_the_first_schema_is_migrated_with_its_games(tmp_path: Path) -> None:
    """Revision 0002 adds the placements and lets a game have no setup yet; a database
    made by revision 0001 keeps its games, seats and actions, and plays on."""
    url = f"sqlite:///{tmp_path / 'outlaws.db'}"
    storage = Storage(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with storage.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    setup = Setup.random(5)
    with storage.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (id, created_at, kind, status, seed, setup, meta) "
                "VALUES ('old', 1.0, 'friend', 'playing', 5, :setup, '{}')"
            ),
            {"setup": json.dumps(setup.to_json())},
        )
        for seat, token in ((0, "a"), (1, "b")):
            conn.execute(
                text(
                    "INSERT INTO seats (game_id, seat, kind, token_hash) "
                    "VALUES ('old', :seat, 'human', :hash)"
                ),
                {"seat": seat, "hash": hash_token(token)},
            )
    storage.dispose()
    with running(tmp_path) as client:
        game = http_game(client, "old", "a")
        assert game["phase"] == "play" and game["placement"] is None
        assert game["view"]["seats"][0]["street"] == list(setup.placement(0).to_json()["street"])
        made = bot_game(client)  # a new game places its cards in the migrated database
        assert place(client, made["game"], made["token"], PLACEMENT).status_code == 200
    row = stored_game(tmp_path, "old")
    assert row.setup == setup.to_json() and row.seats[1].token_hash == hash_token("b")
