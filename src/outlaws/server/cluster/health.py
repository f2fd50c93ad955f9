"""Liveness and readiness, for a load balancer or an orchestrator.

- ``GET /healthz`` (liveness): the process answers HTTP. Nothing is read or written:
  it answers as long as the event loop turns, so a failing database never gets a
  live process restarted (that would not mend the database, and would drop every
  WebSocket of the process).
- ``GET /readyz`` (readiness): this process can serve games now. It answers 200 when
  the database answers a trivial query within :data:`CHECK_TIMEOUT` seconds (and the
  bus between processes its ping, when the app has one other than the in-process
  one), and 503 otherwise, naming the check that failed; 503 ``stopping`` too to any
  probe it still answers once the app has begun to stop (under ``outlaws serve``
  uvicorn closes the listening socket first, and the balancer's checks are refused).
  A balancer routes new connections only to the servers whose ``/readyz`` answers 200.

Neither needs a token, neither is written in fixed width (``server/http/widths.py``
writes answers about games so: these hold nothing hidden), and neither reaches the game
service's own database thread, whose queue of writes a probe must neither wait behind nor
lengthen:
the query runs on a thread of its own, one at a time (:class:`Probe`), under a deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Literal, Protocol

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.engine import Engine

log = logging.getLogger("outlaws.server")

#: Seconds each readiness check has. A balancer's probe is typically given 2 to 5 s
#: (HAProxy's ``timeout check``, a Kubernetes probe's ``timeoutSeconds``): a check must
#: answer within it, with the failed check named, rather than leave the probe to time
#: out with nothing said.
CHECK_TIMEOUT = 2.0

#: The answers' headers: a probe's answer must never come from a cache.
NO_STORE = {"Cache-Control": "no-store"}

router = APIRouter(tags=["health"])


class Liveness(BaseModel):
    """The process answers."""

    status: Literal["alive"] = "alive"


class Readiness(BaseModel):
    """Whether this process can serve games now, and what each check found."""

    status: Literal["ready", "unready", "stopping"] = Field(
        description="`ready` (200): every check passed; `unready` (503): one failed; "
        "`stopping` (503): the server is shutting down, route no new client to it."
    )
    checks: dict[str, str] = Field(
        description="Each check and its outcome: `ok`, `timeout` (no answer within the "
        "deadline) or `error: <kind>`. `database` always; `bus` when the app has a bus "
        "between processes; `server` while it stops.",
        examples=[{"database": "ok", "bus": "ok"}],
    )
    failed: list[str] = Field(default_factory=list, description="The checks that failed.")


class Probe:
    """A blocking check run on a daemon thread of its own, one at a time.

    One at a time: while a run hangs (a database that accepts connections but never
    answers), the next probes wait for that same run instead of starting more threads,
    so that a hung database costs one thread, not one per probe. A daemon thread: a run
    that never returns does not hold up the process's exit."""

    def __init__(self, name: str, work: Callable[[], None], about: object = None) -> None:
        self.name = name
        self.work = work
        #: What it checks (the database's engine): a new one needs a new probe.
        self.about = about
        self._pending: asyncio.Future[None] | None = None

    async def run(self, timeout: float) -> str:
        """``ok``, ``timeout`` or ``error: <kind>`` (the exception's class only: its
        message may name hosts or users, and the answer is public)."""
        if self._pending is None or self._pending.done():
            self._pending = self._start()
        try:
            # Shielded: a probe that times out leaves the run going for the next one.
            await asyncio.wait_for(asyncio.shield(self._pending), timeout)
        except TimeoutError:
            log.warning("readiness: %s gave no answer within %g s", self.name, timeout)
            return "timeout"
        except Exception as error:
            log.warning("readiness: %s failed: %r", self.name, error)
            return f"error: {type(error).__name__}"
        return "ok"

    def _start(self) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()

        def settle(error: BaseException | None) -> None:
            if future.done():
                return
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(error)

        def target() -> None:
            try:
                self.work()
            except BaseException as error:
                outcome: BaseException | None = error
            else:
                outcome = None
            # The loop may be closed by the time a hung run ends: nothing to tell then.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(settle, outcome)

        # The outcome is read by whoever awaits it; one never awaited must not be
        # reported as an exception never retrieved.
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        threading.Thread(target=target, name=f"outlaws-ready-{self.name}", daemon=True).start()
        return future


def select_one(engine: Engine) -> None:
    """The database answers: a connection from the engine's pool runs ``SELECT 1``."""
    with engine.connect() as connection:
        connection.execute(text("SELECT 1")).scalar_one()


def database_probe(app: FastAPI) -> Probe | None:
    """The probe of the game service's database (None before the service started)."""
    probe: Probe | None = getattr(app.state, "database_probe", None)
    service = getattr(app.state, "service", None)
    if service is None:
        return None
    engine: Engine = service.db.storage.engine
    if probe is None or probe.about is not engine:
        probe = Probe("database", lambda: select_one(engine), about=engine)
        app.state.database_probe = probe
    return probe


class Pingable(Protocol):
    """What readiness needs of a bus between processes (``server/cluster/bus.py``'s ``Bus``)."""

    #: Every subscriber is in this process: nothing to reach, nothing to check.
    local: bool

    async def ping(self) -> None:
        """Raise if the bus cannot carry messages now."""


def bus_of(app: FastAPI) -> Pingable | None:
    """The bus between processes to check: the service's (or the app's, or the
    settings') that can be pinged, unless it is ``local`` (one process: nothing to
    reach)."""
    service = getattr(app.state, "service", None)
    settings = getattr(app.state, "settings", None)
    candidates = (getattr(app.state, "bus", None), getattr(service, "bus", None))
    for bus in (*candidates, getattr(settings, "bus", None)):
        if (
            bus is not None
            and not getattr(bus, "local", True)
            and callable(getattr(bus, "ping", None))
        ):
            found: Pingable = bus
            return found
    return None


async def ping_bus(bus: Pingable, timeout: float) -> str:
    """``ok`` if the bus answers its ping within ``timeout``; ``timeout`` or
    ``error: <kind>`` otherwise (the kind only: a message may name Redis's address)."""
    try:
        async with asyncio.timeout(timeout):
            await bus.ping()
    except TimeoutError:
        log.warning("readiness: the bus gave no answer within %g s", timeout)
        return "timeout"
    except Exception as error:
        log.warning("readiness: the bus failed: %r", error)
        return f"error: {type(error).__name__}"
    return "ok"


def mark_stopping(app: FastAPI) -> None:
    """From now on ``/readyz`` answers 503 ``stopping``: the balancer drains this
    process (routes no new client to it) while it finishes what it holds."""
    app.state.stopping = True


def _answer(readiness: Readiness) -> JSONResponse:
    code = 200 if readiness.status == "ready" else 503
    return JSONResponse(readiness.model_dump(), status_code=code, headers=NO_STORE)


@router.get(
    "/healthz",
    response_model=Liveness,
    summary="Liveness: the process answers",
    responses={200: {"description": "The process is alive (nothing else is checked)."}},
)
async def healthz() -> JSONResponse:
    """Liveness: 200 as long as the process's event loop answers. Cheap, no I/O, never
    anything else: a process is restarted only when it is stuck, never because the
    database or the bus is down (``/readyz`` says that)."""
    return JSONResponse(Liveness().model_dump(), headers=NO_STORE)


@router.get(
    "/readyz",
    response_model=Readiness,
    summary="Readiness: route clients here",
    responses={
        200: {"description": "Ready: the database (and the bus, if any) answered."},
        503: {
            "model": Readiness,
            "description": "Not ready: a check failed (named in `failed`), or the server "
            "is stopping. A balancer sends no new client here meanwhile.",
        },
    },
)
async def readyz(request: Request) -> JSONResponse:
    """Readiness: 200 when the database answers `SELECT 1` (off the event loop) and the
    bus between processes, when there is one, answers its ping, each within a couple
    of seconds; 503 naming what failed, or `stopping` while the server shuts down."""
    app: FastAPI = request.app
    if getattr(app.state, "stopping", False):
        return _answer(
            Readiness(status="stopping", checks={"server": "stopping"}, failed=["server"])
        )
    probe = database_probe(app)
    if probe is None:  # the lifespan has not started the service (yet)
        return _answer(
            Readiness(status="unready", checks={"server": "starting"}, failed=["server"])
        )
    timeout = float(getattr(app.state, "check_timeout", CHECK_TIMEOUT))
    pending: dict[str, Awaitable[str]] = {"database": probe.run(timeout)}
    bus = bus_of(app)
    if bus is not None:
        pending["bus"] = ping_bus(bus, timeout)
    outcomes = await asyncio.gather(*pending.values())
    checks = dict(zip(pending, outcomes, strict=True))
    failed = [name for name, outcome in checks.items() if outcome != "ok"]
    status: Literal["ready", "unready"] = "unready" if failed else "ready"
    return _answer(Readiness(status=status, checks=checks, failed=failed))
