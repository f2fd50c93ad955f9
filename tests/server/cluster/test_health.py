"""Liveness and readiness (``server/cluster/health.py``): what a load balancer asks a server.

``/healthz`` answers while the process does; ``/readyz`` answers 200 only when the
database (and the bus between processes, when there is one) answers, and 503 naming
the failed check otherwise, or while the server stops."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import create_engine

from outlaws.server import Settings
from outlaws.server.cluster import health
from tests.server.serverkit import running


def _app(client: Any) -> FastAPI:
    app: FastAPI = client.app
    return app


def test_a_server_on_sqlite_is_alive_and_ready(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        alive = client.get("/healthz")
        assert alive.status_code == 200
        assert alive.json() == {"status": "alive"}
        ready = client.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json() == {"status": "ready", "checks": {"database": "ok"}, "failed": []}
        # Never cached, never padded like the answers about games (nothing hidden here).
        assert ready.headers["cache-control"] == "no-store"
        assert len(ready.content) < 100


def test_readiness_fails_while_the_database_is_unreachable(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    with socket.socket() as probe:  # a port nobody listens on: connections are refused
        probe.bind(("127.0.0.1", 0))
        dead_port = probe.getsockname()[1]
    dead = create_engine(
        f"postgresql+psycopg://postgres@127.0.0.1:{dead_port}/postgres",
        connect_args={"connect_timeout": 2},
    )
    with running(tmp_path) as client:
        storage = _app(client).state.service.db.storage
        working = storage.engine
        storage.engine = dead
        try:
            answer = client.get("/readyz")
            assert answer.status_code == 503, answer.text
            body = answer.json()
            assert body["status"] == "unready" and body["failed"] == ["database"]
            # The kind of error only: its message may name hosts and users.
            assert body["checks"]["database"] == "error: OperationalError"
            # Liveness does not depend on the database: the process is not to be restarted.
            assert client.get("/healthz").status_code == 200
        finally:
            storage.engine = working
            dead.dispose()
        # The database is back: so is readiness.
        assert client.get("/readyz").status_code == 200


def test_a_hung_database_is_a_timeout_and_costs_one_thread(tmp_path: Path) -> None:
    release = threading.Event()
    calls: list[int] = []

    def hang() -> None:
        calls.append(1)
        release.wait(10)

    with running(tmp_path) as client:
        app = _app(client)
        engine = app.state.service.db.storage.engine
        app.state.check_timeout = 0.1
        app.state.database_probe = health.Probe("database", hang, about=engine)
        try:
            for _ in range(3):
                answer = client.get("/readyz")
                assert answer.status_code == 503
                assert answer.json()["checks"] == {"database": "timeout"}
            # Three probes, one run: the later probes waited on the hung one.
            assert len(calls) == 1
        finally:
            release.set()
        # The run ended (well): the next probe reads its outcome, then starts afresh.
        for _ in range(50):
            if client.get("/readyz").status_code == 200:
                break
        assert client.get("/readyz").json()["status"] == "ready"


class FakeBus:
    """A bus between processes, as far as readiness sees one (``server/cluster/bus.py``)."""

    def __init__(
        self, failure: Exception | None = None, local: bool = False, hang: bool = False
    ) -> None:
        self.failure = failure
        self.local = local
        self.hang = hang

    async def ping(self) -> None:
        if self.hang:
            await asyncio.sleep(3600)
        if self.failure is not None:
            raise self.failure


def test_readiness_asks_the_bus_between_processes(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        app = _app(client)
        app.state.bus = FakeBus()
        answer = client.get("/readyz")
        assert answer.status_code == 200
        assert answer.json()["checks"] == {"database": "ok", "bus": "ok"}

        app.state.bus = FakeBus(ConnectionError("redis://10.0.0.5:6379 refused"))
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert answer.json()["failed"] == ["bus"]
        assert answer.json()["checks"]["bus"] == "error: ConnectionError"
        assert "10.0.0.5" not in answer.text

        app.state.check_timeout = 0.1
        app.state.bus = FakeBus(hang=True)
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert answer.json()["checks"] == {"database": "ok", "bus": "timeout"}

        # The in-process bus has nothing to reach: it is not a check.
        app.state.bus = FakeBus(ConnectionError(), local=True)
        assert client.get("/readyz").json()["checks"] == {"database": "ok"}


def test_a_stopping_server_is_not_ready(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        assert client.get("/readyz").status_code == 200
        health.mark_stopping(_app(client))
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert answer.json() == {
            "status": "stopping",
            "checks": {"server": "stopping"},
            "failed": ["server"],
        }
        assert client.get("/healthz").status_code == 200


def test_the_lifespan_marks_a_stopping_server(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        assert client.get("/readyz").status_code == 200
    # Stopped (the lifespan's end ran): a late probe is told so.
    assert client.get("/readyz").json()["status"] == "stopping"


def test_the_probes_are_in_the_api_document(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        spec = client.get("/openapi.json").json()
    for path in ("/healthz", "/readyz"):
        operation = spec["paths"][path]["get"]
        assert operation["description"] and operation["summary"], path
        assert "health" in operation["tags"]
    ready = spec["paths"]["/readyz"]["get"]["responses"]
    assert {"200", "503"} <= set(ready)
    assert ready["503"]["description"]
    assert "Readiness" in spec["components"]["schemas"]


@pytest.mark.redis
@pytest.mark.skipif(
    not os.environ.get("OUTLAWS_TEST_REDIS"), reason="OUTLAWS_TEST_REDIS is not set"
)
def test_readiness_pings_redis(tmp_path: Path) -> None:
    bus_module = pytest.importorskip("outlaws.server.cluster.bus")
    pytest.importorskip("redis")
    if "bus" not in {field.name for field in dataclasses.fields(Settings)}:
        pytest.skip("the settings take no bus")
    bus = bus_module.RedisBus(os.environ["OUTLAWS_TEST_REDIS"], prefix="outlaws-health:")
    with running(tmp_path, bus=bus) as client:
        answer = client.get("/readyz")
        assert answer.status_code == 200, answer.text
        assert answer.json()["checks"] == {"database": "ok", "bus": "ok"}
