"""Helpers of the attack tests: the server tests' kit, a long legal record, and round
trips timed on a WebSocket."""

from __future__ import annotations

import random
import statistics
import sys
import time
import warnings
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    import serverkit  # noqa: F401

from serverkit import recv
from starlette.testclient import WebSocketTestSession

from outlaws.engine import State, record_of


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
