"""The time a crashed server was down counted against the players.

A clean stop stores running clocks paused and gives the downtime back at restart, but a
server killed outright (``kill -9``, a power cut) stores nothing: its clocks ran on while
it was down. Measured with the test below (an ``outlaws serve`` killed 0.5 s into the
8 s period of the seat to act, 4 s before a restart on the same database, whose start-up takes 3-6 s
more): before the fix the seat lost all of the downtime, 7.1 s of the 7.5 s it had
left when the server was killed, and any longer outage lost it the game on time; after
it, between -0.4 s (given back a little more than the downtime) and +0.3 s (the time
between the clock's resumption and the server's first answer, which the test counts).

Now the server records a heartbeat in the database every ``Settings.heartbeat`` seconds
(1 s), and at start-up moves each running clock not stored paused by the time since the
last heartbeat (or since its period began, if later), as if it had been paused then: at
most one heartbeat interval of the downtime is misattributed, in the seat's favour.
Against a real ``outlaws serve`` process, killed with SIGKILL (and its bot workers).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, select, update

from outlaws.server.common.settings import Settings
from outlaws.server.db.schema import games, heartbeats
from outlaws.server.db.storage import MIGRATIONS, Storage
from outlaws.server.games.clocks import ClockState
from tests.security.attackkit import live_server, serve_command
from tests.server.serverkit import create_friend_game, http_game, legal_of, running

#: The seat to act has this long, all told (per_turn; no bank).
PER_TURN = 8.0
#: The server is down this long (plus its start-up) before it comes back.
OUTAGE = 4.0
#: What start-up and the requests may take on a slow machine, on top of one heartbeat.
TOLERANCE = 1.0


@contextmanager
def serve(db: Path) -> Iterator[tuple[str, subprocess.Popen[str], float]]:
    """An ``outlaws serve`` on ``db``, in a process group of its own (so that a kill
    takes its bot workers too, as a power cut would): its base URL, its process, and
    when it first answered (its clocks resumed before: it serves only once started)."""
    with live_server(serve_command(db)) as (base, process):
        yield base, process, time.time()


def bearer(token: str | None) -> dict[str, str]:
    """A seat's token, sent as the protocol asks (never in the URL)."""
    return {"Authorization": f"Bearer {token}"} if token else {}


def game(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    answer = httpx.get(f"{base}/games/{game_id}", headers=bearer(token), timeout=5.0)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def friend_game(base: str) -> tuple[str, list[str]]:
    """A clocked game between two humans, playing: its id and the seats' tokens."""
    clock = {"bank": 0, "per_turn": PER_TURN, "on_timeout": "lose"}
    made = httpx.post(
        f"{base}/games",
        json={"opponent": "friend", "seat": 0, "placement": "random", "clock": clock},
        timeout=5.0,
    )
    assert made.status_code == 201, made.text
    joined = httpx.post(f"{base}/invites/{made.json()['invite']}", json={}, timeout=5.0)
    assert joined.status_code == 200, joined.text
    return made.json()["game"], [made.json()["token"], joined.json()["token"]]


@pytest.mark.slow
def test_a_crash_charges_at_most_one_heartbeat_of_its_downtime(tmp_path: Path) -> None:
    heartbeat = Settings().heartbeat
    db = tmp_path / "outlaws.db"
    with serve(db) as (base, process, _):
        game_id, tokens = friend_game(base)
        before = game(base, game_id)
        seat = before["view"]["to_act"]
        deadline = before["clock"]["deadline"]
        assert before["clock"]["seat"] == seat
        time.sleep(0.5)  # mid-period, and mid-heartbeat
        killed_at = time.time()
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
    left_at_kill = deadline - killed_at
    time.sleep(OUTAGE)
    with serve(db) as (base, _, ready_at):
        after = game(base, game_id, tokens[seat])
        assert after["status"] == "playing", after["result"]
        clock = after["clock"]
        assert clock["seat"] == seat
        # What the seat had left when the server came back (an upper bound of what it
        # lost: its clock resumed a little before the server first answered).
        left_back = clock["deadline"] - ready_at
        lost = left_at_kill - left_back
        outage = ready_at - killed_at
        print(f"down {outage:.2f} s; seat {seat} lost {lost:.2f} s of its clock")
        # Before the fix: all of the outage (7.1 s of the 7.5 s left, down 7.1 s). After:
        # at most one heartbeat interval either way (measured over four runs: -0.4 to +0.3 s).
        assert lost <= heartbeat + TOLERANCE, (lost, outage)
        assert lost >= -heartbeat - TOLERANCE, (lost, outage)
        # The seat plays on: its action is taken, not refused as out of time.
        action = (legal_of(after) or [])[0]
        played = httpx.post(
            f"{base}/games/{game_id}/actions",
            headers=bearer(tokens[seat]),
            json=action,
            timeout=5.0,
        )
        assert played.status_code == 200, played.text


# -- the rule, on an injected time ----------------------------------------------------------
class FakeTime:
    """A wall clock that moves only when told."""

    def __init__(self, t: float = 3_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def crash(path: Path, game_id: str, last_beat: float | None) -> None:
    """Make the database look as a crash leaves it (the server was stopped cleanly): the
    game's clock not paused, and ``last_beat`` the latest heartbeat (None: none)."""
    storage = Storage(f"sqlite:///{path / 'outlaws.db'}")
    try:
        with storage.engine.begin() as conn:
            text = conn.execute(select(games.c.clock_state).where(games.c.id == game_id))
            cs = ClockState.from_json(json.loads(text.scalar_one()))
            cs.paused = None
            Storage.update_game(conn, game_id, clock_state=cs.to_json())
            conn.execute(heartbeats.delete())
            if last_beat is not None:
                Storage.claim_heartbeat(conn, "crashed", last_beat, 60.0, 5.0)
    finally:
        storage.dispose()


def clocked_game(path: Path, now: FakeTime) -> tuple[str, float]:
    """A friend game whose seat to act has 10 s: its id and deadline."""
    clock = {"bank": 0, "per_turn": 10, "on_timeout": "lose"}
    with running(path, now=now) as client:
        game_id, _ = create_friend_game(client, clock=clock)
        deadline = http_game(client, game_id)["clock"]["deadline"]
    assert deadline == now.t + 10
    return game_id, float(deadline)


def test_the_downtime_since_the_last_heartbeat_is_given_back(tmp_path: Path) -> None:
    now = FakeTime()
    game_id, deadline = clocked_game(tmp_path, now)
    crash(tmp_path, game_id, last_beat=now.t + 3.0)  # up 3 s into the period, then down
    now.t += 20.0  # 17 s down: past the deadline
    with running(tmp_path, now=now) as client:
        time.sleep(0.2)
        game = http_game(client, game_id)
        assert game["status"] == "playing", game["result"]
        assert game["clock"]["deadline"] == deadline + 17.0  # 7 s left, as at the last beat


def test_a_period_begun_after_the_last_heartbeat_counts_from_its_start(tmp_path: Path) -> None:
    now = FakeTime()
    game_id, deadline = clocked_game(tmp_path, now)
    crash(tmp_path, game_id, last_beat=now.t - 0.7)  # the join came after the last beat
    now.t += 20.0
    with running(tmp_path, now=now) as client:
        assert http_game(client, game_id)["clock"]["deadline"] == deadline + 20.0


def test_a_seat_out_of_time_before_the_crash_is_not_given_time(tmp_path: Path) -> None:
    now = FakeTime()
    game_id, deadline = clocked_game(tmp_path, now)
    crash(tmp_path, game_id, last_beat=deadline + 0.5)  # up past the deadline
    now.t += 30.0
    with running(tmp_path, now=now) as client:
        for _ in range(100):
            if http_game(client, game_id)["status"] == "over":
                break
            time.sleep(0.05)
        assert http_game(client, game_id)["result"]["how"] == "timeout"


def test_without_a_heartbeat_nothing_is_known_of_the_downtime(tmp_path: Path) -> None:
    """A database left by a server older than the heartbeats: the clock is left as it
    was stored (the downtime is charged, as it was before)."""
    now = FakeTime()
    game_id, deadline = clocked_game(tmp_path, now)
    crash(tmp_path, game_id, last_beat=None)
    now.t += 5.0
    with running(tmp_path, now=now) as client:
        assert http_game(client, game_id)["clock"]["deadline"] == deadline


def test_a_server_beats_and_forgets_processes_long_gone(tmp_path: Path) -> None:
    now = FakeTime()
    with running(tmp_path, now=now, heartbeat=0.05):
        pass  # the first process: its row stays (a clean stop beats once more)
    storage = Storage(f"sqlite:///{tmp_path / 'outlaws.db'}")
    try:
        with storage.engine.begin() as conn:
            conn.execute(update(heartbeats).values(beat_at=now.t - 3600.0))
            Storage.claim_heartbeat(conn, "recent", now.t - 1.0, 60.0, 5.0)
        now.t += 2.0
        with running(tmp_path, now=now, heartbeat=0.05) as client:
            service = client.app.state.service  # type: ignore[attr-defined]
            now.t += 5.0
            time.sleep(0.3)
            with storage.engine.connect() as conn:
                query = select(heartbeats.c.server, heartbeats.c.beat_at)
                beats = {row.server: row.beat_at for row in conn.execute(query)}
        # The hour-old process is forgotten; the latest before this one is kept.
        assert set(beats) == {"recent", service.clockwork.server_id}
        assert beats[service.clockwork.server_id] == now.t
    finally:
        storage.dispose()


def test_revision_0003_adds_the_heartbeats_and_goes_back(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'outlaws.db'}")
    try:
        storage.migrate()
        assert "heartbeats" in inspect(storage.engine).get_table_names()
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with storage.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0002")
        assert "heartbeats" not in inspect(storage.engine).get_table_names()
        storage.migrate()
        with storage.engine.begin() as conn:
            Storage.claim_heartbeat(conn, "a", 5.0, 60.0, 5.0)
        assert storage.last_heartbeat() == 5.0
    finally:
        storage.dispose()
