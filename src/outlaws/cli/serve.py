"""``outlaws serve``: the game server (HTTP and WebSockets) under uvicorn."""

from __future__ import annotations

import socket
from dataclasses import replace
from typing import Annotated

import typer

DEFAULT_DB = "sqlite:///./outlaws.db"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL (SQLAlchemy), e.g. postgresql+psycopg://…")
    ] = DEFAULT_DB,
    bot_workers: Annotated[
        int | None, typer.Option(help="Processes that compute bot moves.")
    ] = None,
    sqlite_sync: Annotated[
        str, typer.Option(help="SQLite's synchronous pragma: FULL (safest) or NORMAL.")
    ] = "FULL",
    commit_window: Annotated[
        float | None,
        typer.Option(
            help="Under load, the least seconds between two database transactions: the"
            " actions that come meanwhile are stored together (default 0.01; 0: no wait)."
        ),
    ] = None,
    ws_rate: Annotated[
        float, typer.Option(help="Messages a second each WebSocket may send (burst: twice).")
    ] = 20.0,
    # Off by default: compressed, a message's size follows its content again, and the
    # fixed-width writing that keeps a message's length from telling hidden facts
    # (server/http/widths.py: a real swap from a bluff, R5.1) no longer hides them. Only
    # for a server whose traffic no one else can see.
    ws_compression: Annotated[
        bool,
        typer.Option(
            help="Offer WebSocket compression (permessage-deflate): about 7 times fewer"
            " bytes, but message sizes then tell an eavesdropper about hidden cards."
        ),
    ] = False,
    header_timeout: Annotated[
        float,
        typer.Option(help="Seconds a connection has to send a request's headers (slowloris)."),
    ] = 10.0,
    client_connections: Annotated[
        int, typer.Option(help="Connections one client address may hold at once.")
    ] = 64,
    max_connections: Annotated[
        int | None,
        typer.Option(
            help="Connections the process holds at once, from all addresses (default: its"
            " file descriptor limit less a headroom for the database and the bots)."
        ),
    ] = None,
    body_timeout: Annotated[
        float,
        typer.Option(help="Seconds a request's whole body has to arrive once its headers did."),
    ] = 30.0,
    heartbeat: Annotated[
        float,
        typer.Option(
            help="Seconds between the server's heartbeats in the database: after a crash,"
            " the clocks give back the time since the last one (0: none)."
        ),
    ] = 1.0,
    lease: Annotated[
        float,
        typer.Option(
            help="With --redis: seconds without a heartbeat after which a server is taken"
            " for dead and the others take over its games' bots and clocks."
        ),
    ] = 5.0,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0) of the bus between server processes:"
            " every process with the same --db and --redis serves every game."
        ),
    ] = None,
    analysis_budget: Annotated[
        str | None,
        typer.Option(
            metavar="C,W,S",
            envvar="OUTLAWS_ANALYSIS_BUDGET",
            help="What judging one decision of a game's analysis may cost: candidates"
            " weighed, worlds drawn, actions simulated (default: outlaws analyse's).",
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level.")] = "info",
    access_log: Annotated[bool, typer.Option(help="Log every HTTP request.")] = False,
) -> None:
    """Serve games against bots and friends: the HTTP API (OpenAPI at /openapi.json) and
    the WebSockets of docs/protocol.md."""
    # Imported here: the other commands do not need the web stack.
    import uvicorn
    from sqlalchemy.engine import make_url

    from ..server import Settings, create_app
    from ..server.http.guard import GuardedHttpProtocol, Limits, connections_for

    settings = Settings(
        db_url=db,
        sqlite_synchronous=sqlite_sync,
        rate_per_second=ws_rate,
        rate_burst=2 * ws_rate,
        body_timeout=body_timeout,
        heartbeat=heartbeat,
        lease=lease,
        redis_url=redis,
    )
    if bot_workers is not None:
        settings = replace(settings, bot_workers=bot_workers)
    if commit_window is not None:
        settings = replace(settings, commit_window=commit_window)
    if analysis_budget is not None:
        from .analysing import parse_budget

        try:
            settings = replace(settings, analysis_budget=parse_budget(analysis_budget))
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--analysis-budget") from None
    sock = _bind(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    database = make_url(db).render_as_string(hide_password=True)
    bus = f", bus {make_url(redis).render_as_string(hide_password=True)}" if redis else ""
    typer.echo(f"Outlaws server on http://{shown}:{bound_port} (database {database}{bus})")
    Limits.header_timeout = header_timeout
    Limits.per_client = client_connections
    Limits.per_process = max_connections if max_connections is not None else connections_for()
    config = uvicorn.Config(
        create_app(settings),
        http=GuardedHttpProtocol,
        timeout_keep_alive=5,
        log_level=log_level,
        access_log=access_log,
        ws_max_size=max(settings.max_message * 4, 1 << 16),
        # uvicorn's default is on: see ws_compression above (lengths must not follow
        # content).
        ws_per_message_deflate=ws_compression,
        lifespan="on",
    )
    _tune_gc()
    uvicorn.Server(config).run(sockets=[sock])


def _tune_gc() -> None:
    """Make the cyclic garbage collector cheaper for a long-running server.

    Every message builds many short-lived containers; with the default thresholds the
    collector ran every few hundred allocations: about a sixth of the server's CPU at a
    thousand tables. The objects alive now (modules, the app, the web stack) are frozen
    out of every collection, and the youngest generation is collected some 14 times less
    often: a quarter of the collector's CPU, and pauses of tens of milliseconds (50,000
    cost no less CPU but paused the loop for 300 ms at a time). Reference counting still
    frees almost everything at once; only cycles wait a little longer."""
    import gc

    gc.collect()
    gc.freeze()
    _, second, third = gc.get_threshold()
    gc.set_threshold(10_000, second, third)


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket, bound before uvicorn starts, so that the address it prints
    is the real one (port 0 picks a free port)."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""
    app.command("serve")(serve)
