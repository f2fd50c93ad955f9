"""deploy/local.sh for real: PostgreSQL, Redis, two servers and HAProxy on this machine,
then games through the balancer, over HTTP and a WebSocket, and a server killed: the
balancer routes around it, and the other server takes over its bot game.

Slow (some 20 s) and it needs Debian's postgresql, redis-server and haproxy: it runs only
with ``OUTLAWS_TEST_DEPLOY=1`` (``tests/server/deploykit.py``)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.deploykit import NEEDS_DEPLOY, Topology, alive, local_topology
from tests.server.serverkit import legal_of

pytestmark = NEEDS_DEPLOY


@pytest.fixture
def topology() -> Iterator[Topology]:
    """deploy/local.sh with two servers; a killed server's games are taken over within
    2 s (its lease)."""
    with local_topology(servers=2, serve_args="--bot-workers 1 --lease 2") as top:
        yield top


def _hello(ws_url: str, token: str) -> dict[str, Any]:
    """A seat's hello on ``ws_url``, the browser's way (the token in the first message).
    A blocking client: the browser tests' Playwright may hold this thread's event loop."""
    from websockets.sync.client import connect

    with connect(ws_url, open_timeout=10) as ws:
        ws.send(json.dumps({"op": "hello", "token": token}))
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        return message


def test_a_game_through_the_balancer_survives_a_killed_server(
    topology: Topology,
) -> None:
    lb = topology.lb
    ready = httpx.get(f"{lb}/readyz", timeout=5)
    assert ready.status_code == 200, ready.text
    assert ready.json()["checks"]["database"] == "ok"
    for server in topology.servers:
        assert httpx.get(f"{server}/readyz", timeout=5).status_code == 200
    # A bot game made on server 1, which therefore runs it (plays its bot); the human
    # plays through the balancer.
    ran = httpx.post(
        f"{topology.servers[0]}/games",
        json={
            "opponent": "bot",
            "bot": "random",
            "seat": 0,
            "placement": "random",
            "turn_limit": 40,
        },
        timeout=10,
    )
    assert ran.status_code == 201, ran.text
    bot_game, bot_token = ran.json()["game"], ran.json()["token"]
    bot_auth = {"Authorization": f"Bearer {bot_token}"}
    moves = _play_until_the_bot_is_to_act(lb, bot_game, bot_auth)
    assert moves > 0

    made = httpx.post(
        f"{lb}/games",
        json={"opponent": "bot", "bot": "random", "placement": "random"},
        timeout=10,
    )
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["token"]
    hello = _hello(f"{lb.replace('http', 'ws')}/ws/games/{game}", token)
    assert hello["type"] == "hello" and hello["game"] == game

    # One server killed outright: the balancer routes around it at once (a refused
    # connection is tried on the other), before its checks even mark it down.
    orphans = topology.kill(1)
    assert orphans, "server 1 had started no bot worker"
    deadline = time.monotonic() + 10
    answers = []
    while time.monotonic() < deadline and len(answers) < 20:
        answers.append(httpx.get(f"{lb}/readyz", timeout=5).status_code)
    assert answers and set(answers) == {200}, answers
    again = httpx.get(f"{lb}/games/{game}", headers={"Authorization": f"Bearer {token}"})
    assert again.status_code == 200 and again.json()["game"] == game

    # Every acknowledged action of the bot game is there, and server 2 takes it over
    # (its lease: 2 s) and plays the bot: the game goes on to its end, through the
    # balancer, and a seat's WebSocket reconnects to it.
    state = httpx.get(f"{lb}/games/{bot_game}", headers=bot_auth, timeout=5).json()
    assert state["actions"] >= moves
    hello = _hello(f"{lb.replace('http', 'ws')}/ws/games/{bot_game}", bot_token)
    assert hello["type"] == "hello" and hello["game"] == bot_game
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    while state["status"] == "playing":
        assert time.monotonic() < deadline, "the bot game did not go on"
        if state["view"]["to_act"] == 0:
            choice = rng.choice(legal_of(state) or [])
            url = f"{lb}/games/{bot_game}/actions?expect={state['actions']}"
            answer = httpx.post(url, headers=bot_auth, json=choice, timeout=10)
            assert answer.status_code in (200, 409), answer.text
        else:
            time.sleep(0.1)  # the bot's move, from server 2 once it took the game over
        state = httpx.get(f"{lb}/games/{bot_game}", headers=bot_auth, timeout=5).json()
    assert state["status"] == "over"
    # The killed server's bot workers ended by themselves (they watch their server).
    deadline = time.monotonic() + 10
    while alive(orphans):
        assert time.monotonic() < deadline, f"bot workers outlived their server: {alive(orphans)}"
        time.sleep(0.2)


def _play_until_the_bot_is_to_act(lb: str, game: str, headers: dict[str, str]) -> int:
    """The human's actions, through the balancer, until the bot has had a turn (the
    game holds more actions than the human sent); how many actions the game holds."""
    rng = random.Random(2)
    sent = 0
    for _ in range(20):
        state = httpx.get(f"{lb}/games/{game}", headers=headers, timeout=5).json()
        if state["status"] != "playing" or state["actions"] > sent:
            return int(state["actions"])
        if state["view"]["to_act"] != 0:
            time.sleep(0.05)  # the bot thinks
            continue
        url = f"{lb}/games/{game}/actions?expect={state['actions']}"
        action = rng.choice(legal_of(state) or [])
        answer = httpx.post(url, headers=headers, json=action, timeout=10)
        assert answer.status_code == 200, answer.text
        sent += 1
    raise AssertionError("the bot never came to act")
