"""deploy/local.sh for real: PostgreSQL, Redis, two servers and HAProxy on this machine,
then a game through the balancer, over HTTP and a WebSocket, and a server killed.

Slow (some 15 s) and it needs Debian's postgresql, redis-server and haproxy: it runs only
with ``OUTLAWS_TEST_DEPLOY=1`` (and skips without those packages). Everything it starts
lives in its tmp_path and on free ports, and is stopped at the end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "local.sh"

pytestmark = [
    pytest.mark.skipif(
        os.environ.get("OUTLAWS_TEST_DEPLOY") != "1", reason="OUTLAWS_TEST_DEPLOY=1 is not set"
    ),
    pytest.mark.skipif(
        not (
            shutil.which("haproxy")
            and shutil.which("redis-server")
            and Path("/usr/lib/postgresql").is_dir()
        ),
        reason="needs Debian's haproxy, redis-server and postgresql",
    ),
]


def _free_run(count: int) -> int:
    """The first of ``count`` consecutive free loopback ports, below the ephemeral range
    (where the servers' own connections to PostgreSQL and Redis take their ports)."""
    low = 32768
    with contextlib.suppress(OSError, ValueError):
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    rng = random.Random()
    for _ in range(200):
        first = rng.randrange(20000, max(20001, low - count))
        taken = []
        try:
            for port in range(first, first + count):
                sock = socket.socket()
                taken.append(sock)
                sock.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            for sock in taken:
                sock.close()
        return first
    raise RuntimeError("no run of free ports")


def _logs(folder: Path) -> str:
    """The ends of the topology's logs, to say why it did not start."""
    out = []
    for log in sorted(folder.rglob("*log")):
        if log.is_file():
            out.append(f"--- {log.name}:\n" + "\n".join(log.read_text().splitlines()[-15:]))
    return "\n".join(out)


@pytest.fixture
def topology() -> Iterator[dict[str, Any]]:
    """deploy/local.sh started with two servers; its settings. Stopped afterwards."""
    # Not under tmp_path: PostgreSQL runs as its own user when the tests run as root,
    # and pytest's folders are the tester's alone (0700).
    top = Path(tempfile.mkdtemp(prefix="outlaws-deploy-"))
    top.chmod(0o755)
    folder = top / "local"
    ports = _free_run(6)
    env = {
        **os.environ,
        "OUTLAWS_LOCAL_DIR": str(folder),
        "OUTLAWS_SERVERS": "2",
        "OUTLAWS_PORT": str(ports),
        "OUTLAWS_STATS_PORT": str(ports + 1),
        "OUTLAWS_PG_PORT": str(ports + 2),
        "OUTLAWS_REDIS_PORT": str(ports + 3),
        "OUTLAWS_SERVER_PORT": str(ports + 4),
        "OUTLAWS_SERVE_ARGS": "--bot-workers 1",
    }
    started = subprocess.run(
        [str(SCRIPT), "start"], env=env, capture_output=True, text=True, timeout=180
    )
    try:
        assert started.returncode == 0, started.stderr + started.stdout + _logs(folder)
        yield {
            "lb": f"http://127.0.0.1:{ports}",
            "servers": [f"http://127.0.0.1:{ports + 4}", f"http://127.0.0.1:{ports + 5}"],
            "folder": folder,
            "out": started.stdout,
        }
    finally:
        stopped = subprocess.run(
            [str(SCRIPT), "clean"], env=env, capture_output=True, text=True, timeout=120
        )
        assert stopped.returncode == 0, stopped.stderr
        assert not folder.exists()
        top.rmdir()


async def _hello(ws_url: str, token: str) -> dict[str, Any]:
    """A seat's hello on ``ws_url``, the browser's way (the token in the first message)."""
    import websockets

    async with websockets.connect(ws_url, open_timeout=10) as ws:
        await ws.send(json.dumps({"op": "hello", "token": token}))
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return message


def test_a_game_through_the_balancer_survives_a_killed_server(
    topology: dict[str, Any],
) -> None:
    lb = topology["lb"]
    ready = httpx.get(f"{lb}/readyz", timeout=5)
    assert ready.status_code == 200, ready.text
    assert ready.json()["checks"]["database"] == "ok"
    for server in topology["servers"]:
        assert httpx.get(f"{server}/readyz", timeout=5).status_code == 200

    made = httpx.post(
        f"{lb}/games",
        json={"opponent": "bot", "bot": "random", "placement": "random"},
        timeout=10,
    )
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["token"]
    hello = asyncio.run(_hello(f"{lb.replace('http', 'ws')}/ws/games/{game}", token))
    assert hello["type"] == "hello" and hello["game"] == game

    # One server killed outright: the balancer routes around it at once (a refused
    # connection is tried on the other), before its checks even mark it down.
    pid = int((topology["folder"] / "server-1.pid").read_text())
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    answers = []
    while time.monotonic() < deadline and len(answers) < 20:
        answers.append(httpx.get(f"{lb}/readyz", timeout=5).status_code)
    assert answers and set(answers) == {200}, answers
    again = httpx.get(f"{lb}/games/{game}", headers={"Authorization": f"Bearer {token}"})
    assert again.status_code == 200 and again.json()["game"] == game
