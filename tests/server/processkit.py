"""Several apps on one database and one bus, as ``outlaws serve`` processes share
PostgreSQL and Redis: the fixtures and helpers of the tests of several processes.

The bus is one :class:`~outlaws.server.cluster.bus.LocalBus` shared by the apps; with
``OUTLAWS_TEST_REDIS`` (a redis URL) the same tests run over Redis, each app with its own
:class:`~outlaws.server.cluster.bus.RedisBus`. With ``OUTLAWS_TEST_POSTGRES`` they run on
PostgreSQL too.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from outlaws.server import create_app
from outlaws.server.cluster.bus import LocalBus, RedisBus
from outlaws.server.common.bus import Bus
from tests.server.serverkit import postgres_database, settings_for

REDIS = os.environ.get("OUTLAWS_TEST_REDIS")
POSTGRES = os.environ.get("OUTLAWS_TEST_POSTGRES")

#: How long a move made on one process may take to reach a client of the other.
AT_ONCE = 5.0


@pytest.fixture(params=["local", pytest.param("redis", marks=pytest.mark.redis)])
def buses(request: pytest.FixtureRequest) -> Callable[[], Bus]:
    """Makes the bus of each app: one shared LocalBus, or a RedisBus of its own each
    (on channels of this test alone)."""
    if request.param == "local":
        shared = LocalBus()
        return lambda: shared
    if not REDIS:
        pytest.skip("OUTLAWS_TEST_REDIS is not set")
    prefix = f"outlaws-test-{secrets.token_hex(4)}:"
    return lambda: RedisBus(REDIS, prefix=prefix)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of the database both apps share: an SQLite file, or a PostgreSQL
    database made for this test."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'outlaws.db'}"
        return
    if not POSTGRES:
        pytest.skip("OUTLAWS_TEST_POSTGRES is not set")
    with postgres_database(POSTGRES) as url:
        yield url


@contextmanager
def servers(
    tmp_path: Path, database: str, buses: Callable[[], Bus], names: str = "abc"
) -> Iterator[list[TestClient]]:
    """Running apps on one database and one bus, one for each of ``names``."""
    with ExitStack() as stack:
        clients = []
        for name in names:
            folder = tmp_path / name
            folder.mkdir()
            settings = settings_for(folder, db_url=database, bus=buses())
            clients.append(stack.enter_context(TestClient(create_app(settings))))
        yield clients


@contextmanager
def two_servers(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two running apps on one database and one bus."""
    with servers(tmp_path, database, buses, "ab") as (a, b):
        yield a, b
