"""Server benchmark: concurrent bot-vs-bot tables through the real WebSocket API.

    python bench/server.py [--topology single deploy:1 deploy:2] [--tables 100 1000]
                           [--seconds 20] [--think 0 1.0] [--sync FULL]
                           [--turn-limit 200] [--compression none]
                           [--spectators 4] [--cap CORES]

Each ``--topology`` is measured in turn, every number of tables and thinking time on each:

* ``single``: one ``outlaws serve`` subprocess on 127.0.0.1 (a free port) with a temporary
  SQLite database (``--sync``: its synchronous pragma).
* ``deploy:N``: N ``outlaws serve`` processes behind HAProxy, on PostgreSQL and Redis, as
  ``deploy/local.sh`` starts them (Debian's postgresql, redis-server and haproxy), in a
  temporary folder of their own and on free ports; the bench talks to the balancer, and
  the folder is cleaned (``local.sh clean``) at the end, Ctrl-C included. A seat's
  WebSocket may reach a server that has not yet heard (over Redis) of the join another
  one served a moment before: the server reads the game again before it refuses a token
  it does not know. A refusal all the same (bad_token) is counted in ``stale_joins``,
  not in ``errors``, and the seat connects again.

The bench creates friend games over HTTP and connects both seats of every table by
WebSocket. Random bots act client-side: each picks a random legal action from the
``legal`` mask it was sent (docs/protocol.md), after an optional thinking time
(exponential, mean ``--think`` seconds) that is not counted. The round trip of an action
is the time from sending it to receiving the update that holds it. A finished game is
replaced by a new one on the same table, so the number of tables stays constant.
Everything runs on loopback and stops by itself after ``--seconds`` per run.

The first ``--spectators`` tables also have a spectator, who watches each of their games
on a WebSocket of its own (``{"op": "hello"}`` without a token).

Prints, per topology, number of tables and thinking time, the action round trip p50/p99
(ms), actions per second, the CPU the server processes (all of them, with their children)
and this client used (cores) and the servers' CPU per action; for ``deploy:N`` also the
CPU of PostgreSQL, Redis and HAProxy; and the bytes a seat's WebSocket and a spectator's
receive per action of their game (the payloads of all the messages it got, its hello
included, over the actions those messages brought; HTTP only creates and joins games).
The last line is one JSON object with every run.

``--cap CORES`` runs every server process (``single``'s one, each of ``deploy:N``'s) in a
cgroup of its own capped at CORES of CPU, its bot worker processes included
(``bench/cgroups.py``; cgroup v1 or v2, as root): N servers capped below a core each fit
on a small machine beside the client, PostgreSQL and HAProxy, so the bench can show how
the servers add up where uncapped they would only share the machine's cores. Where
cgroups cannot be written the bench says so and runs uncapped (``cap_cores`` null).

A server caps the WebSockets of one client address (32) and, unless told otherwise, its
connections (``--client-connections``; so does the balancer, OUTLAWS_LB_CLIENT_CONNECTIONS):
the servers and the balancer are started with their connection caps lifted, and each
table's WebSockets leave from their own loopback address (127.0.1.x, a few tables to each:
Linux routes all of 127.0.0.0/8 to the loopback interface), as players come from many.

Everything runs on one machine: on one with few cores, this client takes a core of its
own (``client_cpu``), and for ``deploy:N`` PostgreSQL, Redis and HAProxy take their share;
N servers then compete for what is left, and the figures say what the topology costs
rather than how far it would scale on machines of their own.

With ``--think 0`` a run is a saturation test: every table always has one action in
flight, so by Little's law the mean round trip is ``tables / (actions per second)``
whatever the server does (``queue_ms`` in the JSON; ``--think`` subtracted). 1000 tables
under 100 ms would take over 10,000 actions a second: at most 0.1 ms of CPU per action for
the server on its one event loop, and as little for this client on the other core.
Thinking time paces the tables as players do (a second is already quick for a person).
``server_cpu_ms_per_action`` is the figure to compare between versions: the machine may be
shared, and wall-clock figures move with its load.

Browsers offer permessage-deflate; ``outlaws serve`` declines it unless started with
``--ws-compression`` (message sizes would tell hidden cards), so the bench sends plain
frames unless ``--compression deflate``, which only matters against such a server.

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
import ipaddress
import json
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

import localdeploy
from cgroups import CpuCaps, capped
from localdeploy import children, pid_in
from outlaws.engine.actionspace import action_templates, mask_ids

#: Each action id's action object (docs/protocol.md: what a ``legal`` mask's bits stand for).
TEMPLATES = action_templates()

HOST = "127.0.0.1"
#: The ``outlaws`` command, as this interpreter runs it.
OUTLAWS = [sys.executable, "-m", "outlaws.cli"]
#: Options of every ``outlaws serve``: the bench's bots act faster than the default rate
#: allows, and all its connections come from one machine.
SERVE_ARGS = ["--log-level", "warning", "--ws-rate", "1000", "--client-connections", "100000"]
#: Tables whose WebSockets leave from one source address: a server takes 32 WebSockets
#: from one client (Settings.client_sockets), and a closed one is counted until its
#: handler has ended: half of that, for a margin.
TABLES_PER_ADDRESS = 8
FIRST_SOURCE = ipaddress.IPv4Address("127.0.1.1")


@dataclass
class Traffic:
    """What the WebSockets of one kind (seats, spectators) received: the bytes of their
    messages, and the actions of their games those messages brought."""

    received: int = 0
    actions: int = 0

    def count(self, raw: str | bytes, actions: int, seen: int | None) -> int | None:
        """Counts a message that says its game has ``actions`` (-1: it does not say) to
        a socket that had seen ``seen`` (None: nothing yet); what it has seen now."""
        self.received += len(raw.encode() if isinstance(raw, str) else raw)
        if actions < 0:
            return seen
        if seen is not None and actions > seen:
            self.actions += actions - seen
        return actions if seen is None else max(seen, actions)

    def per_action(self) -> float | None:
        return round(self.received / self.actions, 1) if self.actions else None


@dataclass
class Stats:
    """What the tables measured during the window (the traffic: during the whole run)."""

    rtts: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0
    #: Seats refused by a server that had not yet heard of their join (see connect).
    stale_joins: int = 0
    tables_ready: int = 0
    seats: Traffic = field(default_factory=Traffic)
    spectators: Traffic = field(default_factory=Traffic)


@dataclass
class Topology:
    """A running topology: its name, the URL the bench talks to and the pids whose CPU
    (with their children's) is measured, by role: ``server`` always, and for deploy:N
    ``postgres``, ``redis`` and ``haproxy``."""

    name: str
    base: str
    pids: dict[str, list[int]]


def topology_name(value: str) -> str:
    """``single`` or ``deploy:N`` (N above 0), for argparse."""
    if value == "single" or re.fullmatch(r"deploy:[1-9]\d*", value):
        return value
    raise argparse.ArgumentTypeError(f"{value!r}: single or deploy:N (N servers, N > 0)")


@contextlib.contextmanager
def single(sync: str, caps: CpuCaps | None) -> Iterator[Topology]:
    """``outlaws serve`` on a free loopback port with a temporary SQLite database."""
    with tempfile.TemporaryDirectory(prefix="outlaws-bench-") as tmp:
        process, base = start_server(Path(tmp), sync, caps)
        try:
            yield Topology("single", base, {"server": [process.pid]})
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def start_server(
    folder: Path, sync: str, caps: CpuCaps | None
) -> tuple[subprocess.Popen[str], str]:
    """``outlaws serve`` on a free loopback port (capped by ``caps``, if given); the
    process and its base URL."""
    db = f"sqlite:///{folder / 'bench.db'}"
    command = [
        *OUTLAWS, "serve", "--host", HOST, "--port", "0",
        "--db", db, "--sqlite-sync", sync, *SERVE_ARGS,
    ]  # fmt: skip
    if caps is not None:
        command = caps.command(command)
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


@contextlib.contextmanager
def deployed(servers: int, caps: CpuCaps | None) -> Iterator[Topology]:
    """deploy/local.sh with ``servers`` servers (each capped by ``caps``, if given), in a
    temporary folder and on free ports (``bench/localdeploy.py``); cleaned (stopped, the
    folder deleted) at the end."""
    # The balancer's caps by address and by server would throttle the load itself.
    env = {
        "OUTLAWS_LB_CLIENT_CONNECTIONS": "100000",
        "OUTLAWS_LB_CLIENT_RATE": "1000000",
        "OUTLAWS_LB_SERVER_CONNECTIONS": "100000",
    }
    if caps is not None:
        env["OUTLAWS_BIN"] = str(caps.wrapper(OUTLAWS))
    with localdeploy.deployed(servers, " ".join(SERVE_ARGS), env) as deployment:
        folder = deployment.folder
        pids = {
            "server": [p for n in range(1, servers + 1) for p in pid_in(deployment.pid_file(n))],
            "postgres": pid_in(folder / "postgres" / "data" / "postmaster.pid"),
            "redis": pid_in(folder / "redis" / "redis.pid"),
            "haproxy": pid_in(folder / "haproxy.pid"),
        }
        if len(pids["server"]) != servers:
            raise SystemExit(f"deploy/local.sh: {servers} server pid files expected in {folder}")
        yield Topology(f"deploy:{servers}", deployment.balancer, pids)


@contextlib.contextmanager
def started(name: str, args: argparse.Namespace, caps: CpuCaps | None) -> Iterator[Topology]:
    """The topology called ``name``, running, its servers capped by ``caps`` if given."""
    if name == "single":
        with single(args.sync, caps) as topology:
            yield topology
    else:
        with deployed(int(name.split(":", 1)[1]), caps) as topology:
            yield topology


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and of its children it has waited for, from
    /proc (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pids: list[int], tree: dict[int, list[int]]) -> float:
    """The CPU time of ``pids`` and of all their descendants: a server's bot workers,
    PostgreSQL's backends (one that ended meanwhile is in its parent's count)."""
    total, todo, seen = 0.0, list(pids), set()
    while todo:
        pid = todo.pop()
        if pid not in seen:
            seen.add(pid)
            total += cpu_seconds(pid)
            todo.extend(tree.get(pid, []))
    return total


def cpu_by_role(topology: Topology) -> dict[str, float]:
    tree = children()
    return {role: tree_cpu(pids, tree) for role, pids in topology.pids.items()}


def machine_cpu() -> float:
    """The CPU time all of the machine's processes have used (/proc/stat): what the
    topology and this client did not use of it is the other processes' share, which
    tells a run on a busy machine from one on a quiet one."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields)
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def cpu_by_server(topology: Topology) -> list[float]:
    """The CPU time of each server process, with its children's: how evenly the
    balancer spreads the games."""
    tree = children()
    return [tree_cpu([pid], tree) for pid in topology.pids["server"]]


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
    choice = json.dumps(pick(message, rng)) if message.get("legal") else None
    return message["type"], message.get("actions", -1), message.get("status"), choice


def pick(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One of the legal actions at random, all equally likely, as an action object of
    docs/format.md: the ``legal`` mask's ids (docs/protocol.md), a Saloon exchange's
    places named from the seat's own view."""
    action_id = rng.choice(mask_ids(message["legal"]))
    template = TEMPLATES[action_id]
    view = message["view"]
    side = view["seats"][view["viewer"]]
    action = dict(template)
    for name, value in template.items():
        if isinstance(value, dict):
            ((where, index),) = value.items()
            action[name] = side["saloon"][index] if where == "saloon" else side["street"][index - 1]
    return action


async def connect(
    url: str, token: str, source: tuple[str, int], args: argparse.Namespace, stats: Stats
) -> tuple[Any, str | bytes]:
    """A seat's WebSocket, and the first message it got (its hello).

    With several servers, the seat's join (POST /invites) may have been served by one and
    its WebSocket by another that has not yet heard of it (it hears over Redis): that one
    refuses the token (bad_token). Such a seat connects again after a pause, counted in
    ``stale_joins`` rather than in ``errors``."""
    for attempt in range(20):
        ws = await websockets.connect(
            url,
            # The token in a header, never in the URL (docs/protocol.md).
            additional_headers={"Authorization": f"Bearer {token}"},
            max_size=None,
            compression=None if args.compression == "none" else "deflate",
            local_addr=source,
        )
        first = await ws.recv()
        message = orjson.loads(first)
        if message["type"] != "error" or message["error"].get("code") != "bad_token":
            return ws, first
        await ws.close()
        stats.stale_joins += 1
        await asyncio.sleep(0.02 * (attempt + 1))
    raise RuntimeError(f"{url}: the seat's token was refused 20 times")


async def seat(
    ws: Any,
    first: str | bytes,
    rng: random.Random,
    think: float,
    stats: Stats,
    window: list[float],
) -> bool:
    """One random bot at one seat, from its ``first`` message until its game is over
    (True) or the window closes."""
    pending: tuple[float, int] | None = None
    raw: str | bytes | None = first
    seen: int | None = None
    while True:
        if raw is None:
            try:
                raw = await ws.recv()
            except websockets.ConnectionClosed as closed:
                # The server closed the socket: an error unless it closed it normally.
                stats.errors += not isinstance(closed, websockets.ConnectionClosedOK)
                return False
        kind, actions, status, choice = read(raw, rng)
        seen = stats.seats.count(raw, actions, seen)
        raw = None
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


async def watch(url: str, source: tuple[str, int], args: argparse.Namespace) -> Any:
    """A spectator's WebSocket (it says hello without a token)."""
    ws = await websockets.connect(
        url,
        max_size=None,
        compression=None if args.compression == "none" else "deflate",
        local_addr=source,
    )
    await ws.send('{"op": "hello"}')
    return ws


async def spectate(ws: Any, stats: Stats) -> None:
    """A spectator: counts what it receives, until its game is over or it is cancelled;
    then closes its socket."""
    seen: int | None = None
    try:
        while True:
            raw = await ws.recv()
            message = orjson.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
            seen = stats.spectators.count(raw, message.get("actions", -1), seen)
            if message.get("status") == "over":
                return
    except websockets.ConnectionClosed:
        return
    finally:
        await ws.close()


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
    """One table: games one after the other until the window closes; the first
    ``args.spectators`` tables have a spectator too."""
    rng = random.Random(number)
    # Its own client address (see the module's docstring): the port is any free one.
    source = (str(FIRST_SOURCE + number // TABLES_PER_ADDRESS), 0)
    first = True
    while True:
        async with gate:
            game_id, tokens = await new_game(http, args.turn_limit)
            url = f"{ws_base}/ws/games/{game_id}"
            seats = [await connect(url, t, source, args, stats) for t in tokens]
            spectator = await watch(url, source, args) if number < args.spectators else None
        watching = asyncio.create_task(spectate(spectator, stats)) if spectator else None
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
                    asyncio.gather(*(seat(ws, f, rng, think, stats, window) for ws, f in seats)),
                    remaining,
                )
                stats.games += all(over)
        finally:
            if watching is not None:
                watching.cancel()
                await asyncio.gather(watching, return_exceptions=True)
            for ws, _ in seats:
                await ws.close()
        if time.perf_counter() > window[1]:
            return


async def run(
    topology: Topology, tables: int, think: float, args: argparse.Namespace, cap: float | None
) -> dict[str, Any]:
    """N tables for ``args.seconds`` on ``topology``; the figures of the run."""
    stats = Stats()
    start = asyncio.Event()
    window = [float("inf"), float("inf")]
    gate = asyncio.Semaphore(32)
    base = topology.base
    ws_base = base.replace("http://", "ws://")
    # Idle connections are let go well before the server's keep-alive (5 s) would close
    # them: one reused just as the server closed it failed a table's set-up (ReadError).
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        tasks = [
            asyncio.create_task(table(n, http, ws_base, args, think, stats, start, window, gate))
            for n in range(tables)
        ]
        setup_deadline = time.perf_counter() + 300
        while stats.tables_ready < tables and time.perf_counter() < setup_deadline:
            failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception()]
            if failed:  # a table that could not start would keep the others waiting
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                raise SystemExit(
                    f"{topology.name}: a table did not start: {failed[0].exception()!r}"
                )
            await asyncio.sleep(0.05)
        if stats.tables_ready < tables:
            raise SystemExit(f"{topology.name}: {stats.tables_ready} of {tables} tables ready")
        # What the setup built (sockets, tasks) stays: out of the bench's own collections,
        # whose pauses the round trips would count as the server's.
        gc.collect()
        gc.freeze()
        cpu = cpu_by_role(topology)
        each = cpu_by_server(topology)
        machine = machine_cpu()
        client_cpu = resource.getrusage(resource.RUSAGE_SELF)
        window[0] = time.perf_counter()
        window[1] = window[0] + args.seconds
        start.set()
        await asyncio.wait(tasks, timeout=args.seconds + 60)
        for task in tasks:
            task.cancel()
        elapsed = args.seconds
        after_cpu = cpu_by_role(topology)
        cpu = {role: after_cpu[role] - cpu[role] for role in cpu}
        each = [after - before for after, before in zip(cpu_by_server(topology), each, strict=True)]
        machine = machine_cpu() - machine
        after = resource.getrusage(resource.RUSAGE_SELF)
        client = (after.ru_utime + after.ru_stime) - (client_cpu.ru_utime + client_cpu.ru_stime)
        # A table that failed (a refused or broken connection) counts as an error.
        ended = await asyncio.gather(*tasks, return_exceptions=True)
        stats.errors += sum(isinstance(e, Exception) for e in ended)
    gc.unfreeze()  # the next run's setup is frozen anew; this one's may go
    rtts = sorted(stats.rtts)
    count = len(rtts)

    def pct(p: float) -> float:
        return rtts[min(count - 1, int(p * count))] * 1000 if count else float("nan")

    server_cpu = cpu["server"]
    everything = sum(cpu.values())
    return {
        "topology": topology.name,
        # Cores each server process (with its children) may use; None: uncapped.
        "cap_cores": cap,
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
        "stale_joins": stats.stale_joins,
        "games_finished": stats.games,
        "server_processes": len(topology.pids["server"]),
        "server_cpu": round(server_cpu / elapsed, 2),
        "server_cpu_each": [round(c / elapsed, 2) for c in each],
        "server_cpu_ms_per_action": round(server_cpu / count * 1000, 3) if count else None,
        # deploy:N only: the balancer, the database and the bus, in cores.
        **{f"{role}_cpu": round(cpu[role] / elapsed, 2) for role in cpu if role != "server"},
        # All of the topology (servers, database, bus, balancer), this client apart.
        "topology_cpu_ms_per_action": round(everything / count * 1000, 3) if count else None,
        "queue_ms": round((tables / (count / elapsed) - think) * 1000, 1) if count else None,
        "client_cpu": round(client / elapsed, 2),
        # The machine's other processes: a run with others busy beside it is not comparable.
        "others_cpu": round(max(0.0, machine - everything - client) / elapsed, 2),
        # What one socket receives per action of its game, over the whole run.
        "seat_bytes_per_action": stats.seats.per_action(),
        "spectated_tables": min(args.spectators, tables),
        "spectator_bytes_per_action": stats.spectators.per_action(),
    }


def line(result: dict[str, Any]) -> str:
    """One run, as one line of text."""
    others = ", ".join(
        f"{role} {result[f'{role}_cpu']:.2f}"
        for role in ("postgres", "redis", "haproxy")
        if f"{role}_cpu" in result
    )
    cap = f" capped at {result['cap_cores']}" if result["cap_cores"] else ""
    each = result["server_cpu_each"]
    return (
        f"{result['topology']:<9}{cap} {result['tables']:5d} tables, "
        f"think {result['think_s']:.1f} s: "
        f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, "
        f"{result['actions_per_s']:.0f} actions/s, {result['errors']} errors"
        + (f" ({result['stale_joins']} stale joins)" if result["stale_joins"] else "")
        + "; "
        f"CPU servers {result['server_cpu']:.2f}"
        + (f" ({' + '.join(map(str, each))})" if len(each) > 1 else "")
        + (f", {others}" if others else "")
        + f", client {result['client_cpu']:.2f}, others {result['others_cpu']:.2f}"
        f" ({result['server_cpu_ms_per_action']} ms of server CPU per action,"
        f" {result['topology_cpu_ms_per_action']} ms of all the topology's)"
        f"; bytes per action: seat {result['seat_bytes_per_action']},"
        f" spectator {result['spectator_bytes_per_action']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--topology",
        type=topology_name,
        nargs="+",
        default=["single", "deploy:1", "deploy:2"],
        help="single: one server on SQLite; deploy:N: N servers behind HAProxy on "
        "PostgreSQL and Redis (deploy/local.sh).",
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 1000])
    parser.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[0.0, 1.0],
        help="Mean thinking time of the client bots (s), not counted.",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="Length of each run.")
    parser.add_argument(
        "--sync", default="FULL", help="SQLite synchronous (single): FULL or NORMAL."
    )
    parser.add_argument("--turn-limit", type=int, default=200)
    parser.add_argument(
        "--compression",
        choices=("none", "deflate"),
        default="none",
        help="deflate: offer permessage-deflate, as browsers do (the server accepts it, and "
        "compresses every message it sends); none: plain frames.",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=4,
        help="Tables that also have a spectator's WebSocket (for its bytes per action).",
    )
    parser.add_argument(
        "--cap",
        type=float,
        metavar="CORES",
        help="Each server process (with its children) in a cgroup of its own, capped at "
        "CORES of CPU (root; uncapped, and said so, where cgroups cannot be written).",
    )
    args = parser.parse_args()
    if args.cap is not None and args.cap <= 0:
        parser.error("--cap: a number of cores above 0")
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    # A SIGTERM cleans up as a Ctrl-C does (the topologies are stopped on the way out).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    # Thousands of sockets: this process's, and the servers' (they inherit the limit).
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    results = []
    with capped(args.cap) if args.cap else contextlib.nullcontext() as caps:
        cap = caps.cores if caps else None
        for name in args.topology:
            with started(name, args, caps) as topology:
                for think in args.think:
                    for tables in args.tables:
                        result = asyncio.run(run(topology, tables, think, args, cap))
                        results.append(result)
                        print(line(result), flush=True)
    print(json.dumps({"bench": "server", "sync": args.sync, "compression": args.compression,
                      "cap_cores": cap, "target_p99_ms": 100, "runs": results}))  # fmt: skip


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the topologies are stopped by now
        sys.exit(130)
