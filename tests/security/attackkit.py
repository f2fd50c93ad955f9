"""Helpers of the attack tests: the server tests' kit, a long legal record, and round
trips timed on a WebSocket."""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import WebSocketTestSession

from outlaws.engine import State, record_of
from tests.server.serverkit import recv


@cache
def long_record(actions: int, seed: int = 7) -> dict[str, Any]:
    """A legal record of ``actions`` actions (random play, cut short if the game ends
    later; seeds are tried until one lasts that long)."""
    while True:
        state = State.new(seed=seed)
        rng = random.Random(seed)
        while not state.over and len(state.history) < actions:
            state.apply(state.decode(rng.choice(state.legal_action_ids())))
        if len(state.history) == actions:
            return record_of(state).to_json()
        seed += 1


def ping_times(ws: WebSocketTestSession, count: int) -> list[float]:
    """Round trips of ``count`` pings, in seconds."""
    out = []
    for n in range(count):
        t = time.perf_counter()
        ws.send_json({"op": "ping", "ref": n})
        while recv(ws, 30.0).get("type") != "pong":
            pass
        out.append(time.perf_counter() - t)
    return out


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000.0


@contextmanager
def live_server(
    command: list[str], wait: float = 20.0, log: Path | None = None
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """A server process started by ``command``, which prints its port on its first line
    (``outlaws serve`` does: ``... http://127.0.0.1:PORT ...``); its base URL, once it
    answers, and its process. In a session of its own, so that its bot workers go with
    it; stopped (SIGTERM, then SIGKILL of the whole group) at the end. Its log (standard
    error) goes to the file ``log`` if given."""
    with contextlib.ExitStack() as files:
        err = files.enter_context(open(log, "w")) if log else None
        yield from _served(command, wait, err)


def _served(
    command: list[str], wait: float, err: Any
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=err, text=True, start_new_session=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        port = re.search(r"(?::|port )(\d+) ", line)
        assert port, line
        base = f"http://127.0.0.1:{port.group(1)}"
        deadline = time.monotonic() + wait
        while True:
            try:
                httpx.get(f"{base}/bots", timeout=2.0)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, f"the server did not answer: {line}"
                time.sleep(0.02)
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(5)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def serve_command(db: Path, *options: str) -> list[str]:
    """``outlaws serve`` on a free port, on the SQLite file ``db``, one bot worker."""
    return [
        sys.executable, "-m", "outlaws.cli", "serve", "--host", "127.0.0.1", "--port", "0",
        "--db", f"sqlite:///{db}", "--bot-workers", "1", "--log-level", "warning", *options,
    ]  # fmt: skip
