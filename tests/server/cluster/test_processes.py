"""Several server processes, one set of games.

Apps (``create_app`` two or three times, each with its own event loop, database writer
and tables in memory) share one database and one bus, as ``outlaws serve`` processes
share PostgreSQL and Redis: a seat on each of two, a spectator on a third, each seeing
the others' moves at once; the same action sent to two at once is stored once; a process
that missed a bus message catches up before it acts; a game's bots and clocks run on
one process (its runner), once, and another takes them over when it dies.

The bus is one :class:`~outlaws.server.cluster.bus.LocalBus` shared by the apps; with
``OUTLAWS_TEST_REDIS`` (a redis URL) the same games run over Redis, each app with its own
:class:`~outlaws.server.cluster.bus.RedisBus`. With ``OUTLAWS_TEST_POSTGRES`` (see
``db/test_postgres.py``) they run on PostgreSQL too.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, text

from outlaws.server import create_app
from outlaws.server.cluster.bus import LocalBus, RedisBus
from outlaws.server.common.bus import Bus
from outlaws.server.db.storage import ActionRow, Storage
from tests.server.processkit import AT_ONCE, REDIS, servers, two_servers
from tests.server.serverkit import (
    PLACEMENT,
    auth,
    create_bot_game,
    create_friend_game,
    create_placing_friend_game,
    http_game,
    legal_of,
    place,
    play_http,
    recv,
    recv_until,
    said_hello,
    settings_for,
    stored_game,
)


def stored_actions(database: str, game_id: str) -> list[int]:
    """The indexes of the game's stored actions, read by a connection of the test."""
    return [action.idx for action in stored_game(database, game_id).actions]


def act(client: TestClient, game_id: str, token: str, action: Any, query: str = "") -> Any:
    """``POST /games/{id}/actions`` (``query``: ``?expect=N`` or nothing); the response."""
    return client.post(f"/games/{game_id}/actions{query}", headers=auth(token), json=action)


def reached(client: TestClient, game_id: str, count: int) -> None:
    """Wait until the process of ``client`` holds ``count`` actions of the game."""
    reached_within(client, game_id, count, AT_ONCE)


def reached_within(client: TestClient, game_id: str, count: int, seconds: float) -> None:
    """Wait up to ``seconds`` until the process of ``client`` holds ``count`` actions."""
    deadline = time.monotonic() + seconds
    while http_game(client, game_id)["actions"] < count:
        assert time.monotonic() < deadline, f"the game did not reach {count} actions"
        time.sleep(0.01)


def latest_of(ws: Any, count: int, timeout: float = AT_ONCE) -> dict[str, Any]:
    """The first message of ``ws`` that reflects ``count`` actions (or the game's end)."""

    def done(message: dict[str, Any]) -> bool:
        return bool(message.get("actions", -1) >= count or message.get("status") == "over")

    return recv_until(ws, done, timeout)[-1]


def test_two_seats_on_two_processes_and_a_spectator_on_a_third_play_a_game(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    rng = random.Random(15)
    with servers(tmp_path, database, buses, "abc") as (a, b, c):
        options = {"opponent": "friend", "seat": 0, "placement": "random", "turn_limit": 25}
        made = a.post("/games", json=options)
        assert made.status_code == 201, made.text
        game_id = made.json()["game"]
        # The invite, made on A, is taken on B: B finds it in the database.
        assert b.get(f"/invites/{made.json()['invite']}").json()["open"] is True
        joined = b.post(f"/invites/{made.json()['invite']}", json={"name": "bee"})
        assert joined.status_code == 200, joined.text
        tokens = [made.json()["token"], joined.json()["token"]]
        # A heard of the join: its seat sees the game playing, with its opponent's name.
        deadline = time.monotonic() + AT_ONCE
        while http_game(a, game_id, tokens[0])["players"][1]["name"] != "bee":
            assert time.monotonic() < deadline, "A never heard of the join on B"
            time.sleep(0.02)
        with (
            a.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[0])) as ws0,
            b.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[1])) as ws1,
            c.websocket_connect(f"/ws/games/{game_id}") as spectator,
        ):
            spectator.send_json({"op": "hello"})
            sockets = {0: ws0, 1: ws1, None: spectator}
            latest = {seat: recv(ws) for seat, ws in sockets.items()}
            assert all(m["type"] == "hello" for m in latest.values())
            count = 0
            while latest[None]["status"] == "playing":
                to_act = latest[None]["view"]["to_act"]
                legal = legal_of(latest[to_act])
                assert legal, latest[to_act]
                action = rng.choice(legal)
                envelope = {"op": "action", "action": action, "ref": count, "expect": count}
                sockets[to_act].send_json(envelope)
                count += 1
                # Both seats and the spectator see it at once, whichever process took it.
                for seat, ws in sockets.items():
                    latest[seat] = latest_of(ws, count)
                    assert latest[seat]["actions"] == count, (seat, latest[seat])
            assert latest[0]["result"] == latest[1]["result"] == latest[None]["result"]
        assert stored_actions(database, game_id) == list(range(count))
        assert http_game(a, game_id) == http_game(b, game_id) == http_game(c, game_id)


def test_a_game_read_while_another_process_ends_it_is_read_as_of_one_moment(
    tmp_path: Path, database: str
) -> None:
    """R9 a game's end comes with the action that brought it: process 2 stores both in
    one commit between process 1's reads of the game's row and of its actions. Process 1
    reads the game as it was before (playing, without the action), never the action
    without the end: a table rebuilt from that would show a game over by its turn limit
    as still playing, a bot to act."""
    with TestClient(create_app(settings_for(tmp_path, db_url=database))) as client:
        game_id, _ = create_friend_game(client, turn_limit=30)
        known = http_game(client, game_id)["actions"]
    reader, writer = Storage(database), Storage(database)
    ended = False

    def end_meanwhile(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        nonlocal ended
        if ended or "FROM seats" not in statement:
            return  # after the game's row, before its actions
        ended = True
        with writer.engine.connect() as conn, conn.begin():
            row = ActionRow(known, {"type": "pass"}, 0, "human", 0.0)
            Storage.insert_action_rows(conn, [(game_id, row)])
            result = {"winner": 0, "how": "turn_limit"}
            Storage.update_game(conn, game_id, status="over", result=result)

    event.listen(reader.engine, "before_cursor_execute", end_meanwhile)
    try:
        before = reader.load_game(game_id)
        after = reader.load_game(game_id)
    finally:
        reader.dispose()
        writer.dispose()
    assert ended
    assert before is not None and after is not None
    assert (before.status, len(before.actions)) == ("playing", known)
    assert (after.status, len(after.actions)) == ("over", known + 1)


def test_the_same_action_sent_to_both_processes_is_stored_once(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    rng = random.Random(3)
    with two_servers(tmp_path, database, buses) as (a, b):
        game_id, tokens = create_friend_game(a, turn_limit=20)
        http_game(b, game_id)  # B holds the game too
        both = ThreadPoolExecutor(2)
        count = 0
        for _ in range(12):
            game = http_game(a, game_id)
            if game["status"] != "playing":
                break
            count = game["actions"]
            seat = game["view"]["to_act"]
            legal = legal_of(http_game(a, game_id, tokens[seat])) or []
            action = rng.choice(legal)

            def send(
                client: TestClient, seat: int = seat, action: Any = action, count: int = count
            ) -> Any:
                url = f"/games/{game_id}/actions?expect={count}"
                return client.post(url, headers=auth(tokens[seat]), json=action)

            answers = list(both.map(send, [a, b]))
            codes = sorted(answer.status_code for answer in answers)
            assert codes in ([200, 200], [200, 409]), [answer.text for answer in answers]
            for answer in answers:
                if answer.status_code == 200:
                    # The first answer, to both if both were taken for the same action.
                    assert answer.json()["accepted"] == count
                else:
                    assert answer.json()["error"]["code"] == "stale"
            assert stored_actions(database, game_id) == list(range(count + 1))
            # Both processes are at the new position for the next round.
            for client in (a, b):
                reached(client, game_id, count + 1)
        both.shutdown()
        assert count > 0


def test_a_seat_taken_through_one_process_is_known_to_the_other_before_it_hears(
    tmp_path: Path, database: str
) -> None:
    """A friend joins through A, and their first request reaches B before B heard of the
    join (the balancer sent it there; the bus is slower): B reads the game again before
    it refuses the token, and knows the seat."""
    bus = LocalBus()
    with two_servers(tmp_path, database, lambda: bus) as (a, b):
        made = a.post("/games", json={"opponent": "friend", "placement": "random"})
        assert made.status_code == 201, made.text
        game_id, invite = made.json()["game"], made.json()["invite"]
        http_game(b, game_id)  # B holds the game, waiting for its second player
        bus.connected = False  # what A announces is late
        joined = a.post(f"/invites/{invite}", json={"name": "friend"})
        assert joined.status_code == 200, joined.text
        seat = joined.json()["seat"]
        game = http_game(b, game_id, joined.json()["token"])
        assert game["status"] == "playing" and game["seat"] == seat and game["mode"] == "play"
        wrong = b.get(f"/games/{game_id}", headers=auth("not-a-token"))
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"


def test_a_keyed_action_retried_through_the_other_process_is_played_once(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    """An action sent with an Idempotency-Key to A, then again (a retry the balancer
    sent elsewhere) to B, without ``expect``: B finds the key in the database and
    answers A's index; the action is stored once, and the game did not move on."""
    with two_servers(tmp_path, database, buses) as (a, b):
        game_id, tokens = create_friend_game(a)
        mover = http_game(a, game_id)["view"]["to_act"]
        game = http_game(a, game_id, tokens[mover])
        look = next(x for x in legal_of(game) or [] if x["type"] == "look")
        keyed = {**auth(tokens[mover]), "Idempotency-Key": "retry-1"}
        first = a.post(f"/games/{game_id}/actions", headers=keyed, json=look)
        again = b.post(f"/games/{game_id}/actions", headers=keyed, json=look)
        assert first.status_code == again.status_code == 200, again.text
        assert first.json()["accepted"] == again.json()["accepted"] == 0
        assert stored_actions(database, game_id) == [0]
        # The same key for another seat is another action's.
        other = {**auth(tokens[1 - mover]), "Idempotency-Key": "retry-1"}
        refused = b.post(f"/games/{game_id}/actions", headers=other, json=look)
        assert refused.status_code == 409, refused.text


def test_a_process_behind_is_refused_by_the_database_and_answers_as_the_first(
    tmp_path: Path, database: str
) -> None:
    """B has not heard of the action A stored (the bus is cut): its commit at the same
    index is refused by the database, and B answers as if it had been there: the same
    action gets the first answer, another one chosen for that position 409 stale."""
    bus = LocalBus()
    rng = random.Random(8)
    with two_servers(tmp_path, database, lambda: bus) as (a, b):
        game_id, tokens = create_friend_game(a, turn_limit=20)
        http_game(b, game_id)
        time.sleep(0.5)  # B's catch-up after it first read the game is over
        for round_ in range(4):
            game = http_game(a, game_id)
            if game["status"] != "playing":
                break
            count, seat = game["actions"], game["view"]["to_act"]
            legal = legal_of(http_game(a, game_id, tokens[seat])) or []
            action = rng.choice(legal)
            bus.connected = False
            first = act(a, game_id, tokens[seat], action, f"?expect={count}")
            assert first.status_code == 200 and first.json()["accepted"] == count
            time.sleep(0.05)
            assert http_game(b, game_id)["actions"] == count  # B is behind
            if round_ % 2 == 0:
                # The same action (with its position, or none): the first answer.
                query = f"?expect={count}" if round_ % 4 == 0 else ""
                again = act(b, game_id, tokens[seat], action, query)
                assert again.status_code == 200, again.text
                assert again.json()["accepted"] == count
            else:
                other = [choice for choice in legal if choice != action]
                if other:
                    stale = act(b, game_id, tokens[seat], other[0], f"?expect={count}")
                    assert stale.status_code == 409, stale.text
                    assert stale.json()["error"]["code"] == "stale"
            bus.connected = True
            reached(b, game_id, count + 1)
            assert stored_actions(database, game_id) == list(range(count + 1))


def test_placements_made_on_both_processes_start_the_game_once(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    with two_servers(tmp_path, database, buses) as (a, b):
        made = create_placing_friend_game(a, turn_limit=20)
        joined = b.post(f"/invites/{made['invite']}", json={"name": "bee"})
        assert joined.status_code == 200, joined.text
        tokens = [made["token"], joined.json()["token"]]
        game_id = made["game"]
        with ThreadPoolExecutor(2) as both:
            answers = list(
                both.map(
                    lambda pair: place(pair[0], game_id, pair[1], PLACEMENT),
                    [(a, tokens[0]), (b, tokens[1])],
                )
            )
        assert [answer.status_code for answer in answers] == [200, 200], [
            answer.text for answer in answers
        ]
        for client in (a, b):
            deadline = time.monotonic() + AT_ONCE
            while http_game(client, game_id)["status"] != "playing":
                assert time.monotonic() < deadline, "the game did not start on every process"
                time.sleep(0.02)
        assert http_game(a, game_id) == http_game(b, game_id)
        # Placing again, on either process, is refused: each seat placed once.
        again = place(b, game_id, tokens[0], PLACEMENT)
        assert again.status_code == 409


def test_a_process_that_missed_a_message_catches_up_before_it_acts(
    tmp_path: Path, database: str
) -> None:
    bus = LocalBus()
    rng = random.Random(5)
    with two_servers(tmp_path, database, lambda: bus) as (a, b):
        game_id, tokens = create_friend_game(a, turn_limit=20)
        http_game(b, game_id)
        time.sleep(0.5)  # B's catch-up after it first read the game is over
        with b.websocket_connect(f"/ws/games/{game_id}") as spectator:
            spectator.send_json({"op": "hello"})
            recv(spectator)
            for missed in range(6):
                game = http_game(a, game_id)
                if game["status"] != "playing":
                    break
                count, seat = game["actions"], game["view"]["to_act"]
                bus.connected = False  # B hears nothing of the next action, made on A
                action = rng.choice(legal_of(http_game(a, game_id, tokens[seat])) or [])
                done = act(a, game_id, tokens[seat], action)
                assert done.status_code == 200, done.text
                time.sleep(0.05)
                assert http_game(b, game_id)["actions"] == count  # B is behind
                bus.connected = True
                after = http_game(a, game_id)
                if after["status"] != "playing":
                    break
                seat = after["view"]["to_act"]
                action = rng.choice(legal_of(http_game(a, game_id, tokens[seat])) or [])
                # B is asked for the next action, with the position the client saw (on
                # odd rounds) or without one: either way B catches up and takes it.
                query = f"?expect={count + 1}" if missed % 2 else ""
                taken = act(b, game_id, tokens[seat], action, query)
                assert taken.status_code == 200, taken.text
                assert taken.json()["accepted"] == count + 1
                assert latest_of(spectator, count + 2)["actions"] == count + 2
                reached(a, game_id, count + 2)  # A heard of B's action
            total = http_game(a, game_id)["actions"]
            assert stored_actions(database, game_id) == list(range(total))
            # After an outage, the bus coming back catches B up by itself.
            game = http_game(a, game_id)
            if game["status"] == "playing":
                count, seat = game["actions"], game["view"]["to_act"]
                bus.connected = False
                action = rng.choice(legal_of(http_game(a, game_id, tokens[seat])) or [])
                done = act(a, game_id, tokens[seat], action)
                assert done.status_code == 200, done.text
                bus.reconnect()
                assert latest_of(spectator, count + 1)["actions"] == count + 1


def test_a_bot_game_played_through_both_processes_moves_the_bot_once(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    """The human acts on A and on B in turn: the bot is played by the process that runs
    the game (A, which created it), once, whichever process the human's move came
    through; its moves reach both."""
    rng = random.Random(11)
    with two_servers(tmp_path, database, buses) as (a, b):
        made = create_bot_game(a, bot="random", seat=0, turn_limit=20)
        game_id, token = made["game"], made["token"]
        http_game(b, game_id)
        clients = [a, b]
        for step in range(200):
            client = clients[step % 2]
            game = http_game(client, game_id, token)
            if game["status"] != "playing":
                break
            if game["view"]["to_act"] != 0:
                reached(client, game_id, game["actions"] + 1)  # the bot's move, here too
                continue
            # Pinned to the position read: a process a bot's move has not reached yet
            # answers 409 stale (and is then caught up), and the client reads again.
            query = f"?expect={game['actions']}"
            answer = act(client, game_id, token, rng.choice(legal_of(game) or []), query)
            stale = answer.status_code == 409 and answer.json()["error"]["code"] == "stale"
            assert answer.status_code == 200 or stale, answer.text
        assert http_game(a, game_id)["status"] == "over"
        for client in (a, b):
            deadline = time.monotonic() + AT_ONCE
            while http_game(client, game_id)["status"] != "over":
                assert time.monotonic() < deadline
                time.sleep(0.02)
        assert http_game(a, game_id) == http_game(b, game_id)
        total = http_game(a, game_id)["actions"]
        assert stored_actions(database, game_id) == list(range(total))


def test_a_process_killed_while_its_bot_thinks_is_taken_over_and_the_game_goes_on(
    tmp_path: Path, database: str, buses: Callable[[], Bus], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A runs a bot game, its human plays through it, and A dies (like ``kill -9``: its
    claims stay, its beat stops) while its bot thinks. The human, who reconnected to B,
    waits no longer than the lease: B takes the game over, its bot plays, and the game
    goes on to its end."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    # A short lease, so that the take-over is quick, but some beats long (a beat a
    # second): with a lease of one beat, a beat a little late on a busy machine let B
    # take A's new game before A had played it.
    lease = 2.5
    rng = random.Random(5)

    def server(name: str) -> TestClient:
        settings = settings_for(tmp_path / name, db_url=database, bus=buses(), lease=lease)
        return TestClient(create_app(settings))

    with server("b") as b:
        a = server("a")
        with a:
            service_a = a.app.state.service  # type: ignore[attr-defined]

            async def thinks_for_ever(*_: Any) -> Any:
                await asyncio.Event().wait()

            async def killed() -> None:  # nothing let go: the others must see it dead
                service_a.runners._looking.cancel()

            monkeypatch.setattr(service_a.bots, "choose", thinks_for_ever)
            monkeypatch.setattr(service_a.runners, "stop", killed)
            made = create_bot_game(a, bot="random", seat=0, turn_limit=30)
            game_id, token = made["game"], made["token"]
            assert runner_of(database, game_id) == process_id(a)
            game = http_game(a, game_id, token)
            while game["view"]["to_act"] == 0:  # the human's actions, up to the bot's turn
                query = f"?expect={game['actions']}"
                answer = act(a, game_id, token, rng.choice(legal_of(game) or []), query)
                assert answer.status_code == 200, answer.text
                game = http_game(a, game_id, token)
            assert game["view"]["to_act"] == 1  # A's bot thinks
        # A is gone with its bot's move; the human reconnects to B.
        reached(b, game_id, game["actions"])
        # B takes the game over and plays the bot.
        before = http_game(b, game_id)["actions"]
        started = time.monotonic()
        reached_within(b, game_id, before + 1, lease + AT_ONCE)
        assert runner_of(database, game_id) == process_id(b)
        assert time.monotonic() - started < lease + AT_ONCE
        for _ in range(200):
            game = http_game(b, game_id, token)
            if game["status"] != "playing":
                break
            if game["view"]["to_act"] != 0:
                reached(b, game_id, game["actions"] + 1)
                continue
            answer = act(
                b, game_id, token, rng.choice(legal_of(game) or []), f"?expect={game['actions']}"
            )
            assert answer.status_code == 200, answer.text
        assert http_game(b, game_id)["status"] == "over"
        total = http_game(b, game_id)["actions"]
        assert stored_actions(database, game_id) == list(range(total))


def test_a_game_played_through_another_process_than_its_creator_is_run_there(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    """The balancer sends a game's players to the server its id hashes to, which need
    not be the one that created it. The creator, where nobody watches the game, hands it
    over at the first change made through the other process and forgets its table: the
    bot then plays where its opponent is, and the creator does no more of its work."""
    rng = random.Random(8)
    with two_servers(tmp_path, database, buses) as (a, b):
        made = create_bot_game(a, bot="random", seat=0, turn_limit=20)
        game_id, token = made["game"], made["token"]
        assert runner_of(database, game_id) == process_id(a)
        with said_hello(b, game_id, token) as ws:
            assert recv(ws)["type"] == "hello"
            for _ in range(40):
                game = http_game(b, game_id, token)
                if runner_of(database, game_id) == process_id(b) or game["status"] != "playing":
                    break
                if game["view"]["to_act"] == 0:
                    query = f"?expect={game['actions']}"
                    act(b, game_id, token, rng.choice(legal_of(game) or []), query)
                else:
                    time.sleep(0.05)
            assert runner_of(database, game_id) == process_id(b)
            service_a = a.app.state.service  # type: ignore[attr-defined]
            assert game_id not in service_a.active
            # The bot plays on B, its opponent's process, to the end of the game.
            play_http(b, game_id, {0: token}, rng, steps=10_000)
            assert http_game(b, game_id)["status"] == "over"
        total = http_game(b, game_id)["actions"]
        assert stored_actions(database, game_id) == list(range(total))


class FakeTime:
    """A wall clock both processes read, that moves only when told."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


def runner_of(database: str, game_id: str) -> str | None:
    """The process that runs the game, as stored (``games.runner``)."""
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT runner FROM games WHERE id = :id"), {"id": game_id})
            return row.scalar()
    finally:
        engine.dispose()


def process_id(client: TestClient) -> str:
    """The id of the process behind ``client`` (its heartbeat, and its claims)."""
    return str(client.app.state.service.process_id)  # type: ignore[attr-defined]


def test_a_timeout_with_two_processes_fires_once_on_the_process_that_runs_the_game(
    tmp_path: Path,
) -> None:
    """R9 clocks with two processes: both hold the game and see its deadline pass, but
    only A, which runs it (it created it), stores the timeout. B, cut off from the bus
    meanwhile, still shows the game being played: it stored nothing. It learns of the end
    when the bus is back. A process that stops pauses no clock of the games the other
    goes on playing, and lets them go: B takes them over."""
    bus, now = LocalBus(), FakeTime()
    database = f"sqlite:///{tmp_path / 'outlaws.db'}"
    clock = {"bank": 10, "per_turn": 5, "on_timeout": "lose"}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    # A long lease: the fake clock's jump must not make either take the other for dead.
    settings = [
        settings_for(tmp_path / name, db_url=database, bus=bus, now=now, lease=1e6) for name in "ab"
    ]
    with TestClient(create_app(settings[1])) as b:
        with TestClient(create_app(settings[0])) as a:
            game_id, _ = create_friend_game(a, clock=clock)
            reached(b, game_id, 0)  # B holds the game too
            assert runner_of(database, game_id) == process_id(a)
            seat = http_game(a, game_id)["clock"]["seat"]
            timeout = {"winner": 1 - seat, "how": "timeout", "loser": seat}
            bus.connected = False
            now.t += 16  # past the deadline (bank and free time), for both processes
            deadline = time.monotonic() + AT_ONCE
            while http_game(a, game_id)["status"] != "over":
                assert time.monotonic() < deadline, "the runner did not fire the timeout"
                time.sleep(0.02)
            assert http_game(a, game_id)["result"] == timeout
            time.sleep(1.0)  # fifty ticks of B's clock, and a look at its claims
            assert http_game(b, game_id)["status"] == "playing"
            bus.reconnect()
            deadline = time.monotonic() + AT_ONCE
            while http_game(b, game_id)["status"] != "over":
                assert time.monotonic() < deadline, "B did not catch up with the timeout"
                time.sleep(0.02)
            assert http_game(b, game_id)["result"] == timeout
            kept, _ = create_friend_game(a, clock=clock)
            reached(b, kept, 0)
        # A stopped: the clock of the game B goes on serving was not paused by it, and
        # B runs the game from its next look.
        row = stored_game(database, kept)
        assert row.clock_state is not None
        assert row.clock_state["paused"] is None
        assert http_game(b, kept)["status"] == "playing"
        deadline = time.monotonic() + AT_ONCE
        while runner_of(database, kept) != process_id(b):
            assert time.monotonic() < deadline, "B did not take the game over"
            time.sleep(0.05)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisProcess:
    """A private, throwaway redis-server on ``port``, to stop and start again."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10.0
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


@pytest.mark.redis
@pytest.mark.skipif(
    not REDIS or shutil.which("redis-server") is None,
    reason="OUTLAWS_TEST_REDIS is not set or redis-server is missing",
)
def test_the_servers_catch_up_when_redis_comes_back(tmp_path: Path) -> None:
    """Redis restarted: what was published meanwhile is lost, yet every process catches
    the games it holds up as soon as its bus is back."""
    redis = RedisProcess(_free_port())
    url = f"redis://127.0.0.1:{redis.port}/0"
    rng = random.Random(9)
    database = f"sqlite:///{tmp_path / 'outlaws.db'}"
    redis.start()
    try:
        with two_servers(tmp_path, database, lambda: RedisBus(url)) as (a, b):
            game_id, tokens = create_friend_game(a, turn_limit=20)
            http_game(b, game_id)
            with b.websocket_connect(f"/ws/games/{game_id}") as spectator:
                spectator.send_json({"op": "hello"})
                recv(spectator)
                game = http_game(a, game_id)
                count, seat = game["actions"], game["view"]["to_act"]
                action = rng.choice(legal_of(http_game(a, game_id, tokens[seat])) or [])
                assert act(a, game_id, tokens[seat], action).status_code == 200
                assert latest_of(spectator, count + 1)["actions"] == count + 1  # at once
                # Redis goes away, and an action is taken on A meanwhile: B hears nothing.
                redis.stop()
                time.sleep(0.3)
                game = http_game(a, game_id)
                count, seat = game["actions"], game["view"]["to_act"]
                action = rng.choice(legal_of(http_game(a, game_id, tokens[seat])) or [])
                assert act(a, game_id, tokens[seat], action).status_code == 200
                time.sleep(0.3)
                assert http_game(b, game_id)["actions"] == count
                # Redis is back: B reconnects and catches up by itself.
                redis.start()
                assert latest_of(spectator, count + 1, timeout=20.0)["actions"] == count + 1
    finally:
        redis.stop()
