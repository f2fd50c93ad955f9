"""Server benchmark: concurrent bot-vs-bot tables through the real WebSocket API.

    python bench/server.py [--tables 100 1000] [--seconds 20] [--think 0 1.0]
                           [--sync FULL] [--turn-limit 200] [--compression none]

Starts ``outlaws serve`` in a subprocess on 127.0.0.1 (a free port) with a temporary
SQLite database, creates friend games over HTTP and connects both seats of every table by
WebSocket. Random bots act client-side: each picks a random legal action from the
``legal`` list it was sent (grouped, docs/protocol.md), after an optional thinking time
(exponential, mean ``--think`` seconds) that is not counted. The round trip of an action
is the time from sending it to receiving the update that holds it. A finished game is
replaced by a new one on the same table, so the number of tables stays constant.
Everything runs on loopback and stops by itself after ``--seconds`` per run.

Prints, per number of tables and thinking time, the action round trip p50/p99 (ms),
actions per second, the CPU the server and this client used (cores) and the server's CPU
per action; the last line is one JSON object.

With ``--think 0`` a run is a saturation test: every table always has one action in
flight, so by Little's law the mean round trip is ``tables / (actions per second)``
whatever the server does (``queue_ms`` in the JSON; ``--think`` subtracted). 1000 tables
under 100 ms would take over 10,000 actions a second: at most 0.1 ms of CPU per action for
the server on its one event loop, and as little for this client on the other core.
Thinking time paces the tables as players do (a second is already quick for a person).
``server_cpu_ms_per_action`` is the figure to compare between versions: the machine may be
shared, and wall-clock figures move with its load.

Browsers offer permessage-deflate, and the server (uvicorn's default) accepts it: every
message it sends is then compressed, which costs it CPU. The bench sends plain frames
unless ``--compression deflate``.

The round trips are measured by this process, so its own pauses count: the bench keeps
no parsed message while a seat waits, and leaves what the setup built out of its garbage
collections (a thousand tables' last legal lists kept alive made the collector pause the
bench for some 150 ms every second, which showed as a p99 of 200 ms and more).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

HOST = "127.0.0.1"


@dataclass
class Stats:
    """What the tables measured during the window."""

    rtts: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0
    tables_ready: int = 0


def start_server(folder: Path, sync: str) -> tuple[subprocess.Popen[str], str]:
    """``outlaws serve`` on a free loopback port; the process and its base URL."""
    db = f"sqlite:///{folder / 'bench.db'}"
    command = [
        sys.executable, "-m", "outlaws.cli", "serve", "--host", HOST, "--port", "0",
        "--db", db, "--log-level", "warning", "--ws-rate", "1000", "--sqlite-sync", sync,
    ]  # fmt: skip
    errors = open(folder / "server.err", "w")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"http://([\d.]+):(\d+)", line)
    if not match:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    base = f"http://{match.group(1)}:{match.group(2)}"
    for _ in range(100):
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/bots", timeout=2).status_code == 200:
                return process, base
        time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not answer")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def new_game(http: httpx.AsyncClient, turn_limit: int) -> tuple[str, list[str]]:
    made = (await http.post("/games", json={"opponent": "friend", "seat": 0,
                                            "placement": "random",
                                            "turn_limit": turn_limit})).json()  # fmt: skip
    joined = (await http.post(f"/invites/{made['invite']}")).json()
    return made["game"], [made["token"], joined["token"]]


def read(raw: str | bytes, rng: random.Random) -> tuple[str, int, str | None, str | None]:
    """A server message: its type, its count of actions, its status and, if it brings
    legal actions, one of them picked at random (as the JSON text to send).

    Only these are kept: a seat waits (thinks, then awaits the next message) holding none
    of the parsed message. A thousand tables holding their last legal lists kept about a
    million objects alive, and the bench's own collector then paused for 150 ms every
    second, which the round trips measured as the server's."""
    message = orjson.loads(raw)  # json.loads: 5x the CPU, and the client shares the machine
    legal = message.get("legal")
    choice = json.dumps(pick(legal, rng)) if legal else None
    return message["type"], message.get("actions", -1), message.get("status"), choice


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """One of the legal actions at random, all equally likely, as a FORMAT.md action: the
    list comes grouped (docs/protocol.md), one row of values for each action."""
    number = rng.randrange(sum(len(group["rows"]) for group in legal))
    for group in legal:
        rows = group["rows"]
        if number < len(rows):
            return {"type": group["type"], **dict(zip(group["fields"], rows[number], strict=True))}
        number -= len(rows)
    raise AssertionError("a row past the end")


async def seat(
    ws: Any, rng: random.Random, think: float, stats: Stats, window: list[float]
) -> bool:
    """One random bot at one seat, until its game is over (True) or the window closes."""
    pending: tuple[float, int] | None = None
    async for raw in ws:
        kind, actions, status, choice = read(raw, rng)
        now = time.perf_counter()
        if kind == "error":
            stats.errors += 1
            pending = None
            continue
        if pending is not None and actions > pending[1]:
            if window[0] <= pending[0] <= window[1]:
                stats.rtts.append(now - pending[0])
            pending = None
        if status == "over":
            return True
        if now > window[1]:
            return False
        if choice is not None and pending is None:
            if think:
                await asyncio.sleep(rng.expovariate(1.0 / think))
            pending = (time.perf_counter(), actions)
            # With the position it was chosen for: a stale one is refused (docs/protocol.md).
            await ws.send(f'{{"op": "action", "action": {choice}, "expect": {actions}}}')
    return False  # the server closed the socket


async def table(
    number: int,
    http: httpx.AsyncClient,
    ws_base: str,
    args: argparse.Namespace,
    think: float,
    stats: Stats,
    start: asyncio.Event,
    window: list[float],
    gate: asyncio.Semaphore,
) -> None:
    """One table: games one after the other until the window closes."""
    rng = random.Random(number)
    first = True
    while True:
        async with gate:
            game_id, tokens = await new_game(http, args.turn_limit)
            sockets = [
                await websockets.connect(
                    f"{ws_base}/ws/games/{game_id}",
                    # The token in a header, never in the URL (docs/protocol.md).
                    additional_headers={"Authorization": f"Bearer {t}"},
                    max_size=None,
                    compression=None if args.compression == "none" else "deflate",
                )
                for t in tokens
            ]
        try:
            if first:
                stats.tables_ready += 1
                first = False
                await start.wait()
            if time.perf_counter() > window[1]:
                return
            remaining = window[1] - time.perf_counter() + 2.0
            with contextlib.suppress(asyncio.TimeoutError):
                over = await asyncio.wait_for(
                    asyncio.gather(*(seat(ws, rng, think, stats, window) for ws in sockets)),
                    remaining,
                )
                stats.games += all(over)
        finally:
            for ws in sockets:
                await ws.close()
        if time.perf_counter() > window[1]:
            return


async def run(
    base: str, pid: int, tables: int, think: float, args: argparse.Namespace
) -> dict[str, Any]:
    """N tables for ``args.seconds``; the figures of the run."""
    stats = Stats()
    start = asyncio.Event()
    window = [float("inf"), float("inf")]
    gate = asyncio.Semaphore(32)
    ws_base = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        tasks = [
            asyncio.create_task(table(n, http, ws_base, args, think, stats, start, window, gate))
            for n in range(tables)
        ]
        setup_deadline = time.perf_counter() + 300
        while stats.tables_ready < tables and time.perf_counter() < setup_deadline:
            await asyncio.sleep(0.05)
        # What the setup built (sockets, tasks) stays: out of the bench's own collections,
        # whose pauses the round trips would count as the server's.
        gc.collect()
        gc.freeze()
        server_cpu = cpu_seconds(pid)
        client_cpu = resource.getrusage(resource.RUSAGE_SELF)
        window[0] = time.perf_counter()
        window[1] = window[0] + args.seconds
        start.set()
        await asyncio.wait(tasks, timeout=args.seconds + 60)
        for task in tasks:
            task.cancel()
        elapsed = args.seconds
        server_cpu = cpu_seconds(pid) - server_cpu
        after = resource.getrusage(resource.RUSAGE_SELF)
        client = (after.ru_utime + after.ru_stime) - (client_cpu.ru_utime + client_cpu.ru_stime)
    rtts = sorted(stats.rtts)
    count = len(rtts)

    def pct(p: float) -> float:
        return rtts[min(count - 1, int(p * count))] * 1000 if count else float("nan")

    return {
        "tables": tables,
        "think_s": think,
        "seconds": elapsed,
        "actions": count,
        "actions_per_s": round(count / elapsed, 1),
        "p50_ms": round(pct(0.50), 2),
        "p99_ms": round(pct(0.99), 2),
        "max_ms": round(rtts[-1] * 1000, 2) if count else None,
        "mean_ms": round(statistics.fmean(rtts) * 1000, 2) if count else None,
        "errors": stats.errors,
        "games_finished": stats.games,
        "server_cpu": round(server_cpu / elapsed, 2),
        "server_cpu_ms_per_action": round(server_cpu / count * 1000, 3) if count else None,
        "queue_ms": round((tables / (count / elapsed) - think) * 1000, 1) if count else None,
        "client_cpu": round(client / elapsed, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 1000])
    parser.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[0.0, 1.0],
        help="Mean thinking time of the client bots (s), not counted.",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="Length of each run.")
    parser.add_argument("--sync", default="FULL", help="SQLite synchronous: FULL or NORMAL.")
    parser.add_argument("--turn-limit", type=int, default=200)
    parser.add_argument(
        "--compression",
        choices=("none", "deflate"),
        default="none",
        help="deflate: offer permessage-deflate, as browsers do (the server accepts it, and "
        "compresses every message it sends); none: plain frames.",
    )
    args = parser.parse_args()
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    results = []
    with tempfile.TemporaryDirectory(prefix="outlaws-bench-") as tmp:
        process, base = start_server(Path(tmp), args.sync)
        try:
            for think in args.think:
                for tables in args.tables:
                    result = asyncio.run(run(base, process.pid, tables, think, args))
                    results.append(result)
                    print(
                        f"{tables:5d} tables, think {think:.1f} s: "
                        f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, "
                        f"{result['actions_per_s']:.0f} actions/s, {result['errors']} errors; "
                        f"CPU server {result['server_cpu']:.2f}, client {result['client_cpu']:.2f}"
                        f" ({result['server_cpu_ms_per_action']} ms of server CPU per action)",
                        flush=True,
                    )
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
    print(json.dumps({"bench": "server", "sync": args.sync, "compression": args.compression,
                      "target_p99_ms": 100, "runs": results}))  # fmt: skip


if __name__ == "__main__":
    main()
