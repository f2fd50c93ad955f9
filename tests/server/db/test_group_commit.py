"""Group commit: the writes that come while the server is busy share a transaction, and
under load a transaction waits for the commit window to take more of them; a write
alone never waits."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import event, func, select
from sqlalchemy.engine import Connection

from outlaws.server.db.schema import heartbeats
from outlaws.server.db.storage import Database, Storage

T = TypeVar("T")


def _beat(server: str) -> Any:
    """A write: a heartbeat row of its own."""

    def op(conn: Connection) -> None:
        Storage.beat(conn, server, 0.0, time.time())

    return op


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on an event loop of its own thread: the browser tests' driver may
    have left one running in this one."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def _with_database(tmp_path: Path, window: float, scenario: Any) -> Any:
    db = Database(Storage(f"sqlite:///{tmp_path / 'group.db'}"), commit_window=window)
    await db.start()
    commits: list[float] = []
    event.listen(db.storage.engine, "commit", lambda _conn: commits.append(time.monotonic()))
    try:
        return await scenario(db, commits)
    finally:
        await db.stop()


def test_a_write_alone_is_committed_at_once_whatever_the_window(tmp_path: Path) -> None:
    async def scenario(db: Database, commits: list[float]) -> float:
        start = time.monotonic()
        for n in range(5):  # one client, one write after the other: none has company
            await db.write(_beat(f"alone-{n}"))
        return time.monotonic() - start

    elapsed = _run(_with_database(tmp_path, 30.0, scenario))
    assert elapsed < 5.0  # five commits, never a wait of the 30 s window


def test_writes_under_load_wait_for_the_window_and_are_committed_together(tmp_path: Path) -> None:
    window = 0.4

    async def scenario(db: Database, commits: list[float]) -> dict[str, Any]:
        # Three writes at once: one transaction of three, and the server is now busy.
        await asyncio.gather(*(db.write(_beat(f"first-{n}")) for n in range(3)))
        began = time.monotonic()
        first_commits = len(commits)
        # The next write waits for the window; two more come meanwhile and join it.
        late = asyncio.ensure_future(db.write(_beat("second-0")))
        await asyncio.sleep(window / 4)
        await asyncio.gather(db.write(_beat("second-1")), db.write(_beat("second-2")), late)
        waited = time.monotonic() - began
        second_commits = len(commits) - first_commits
        # Quiet again: after a transaction of one write, a write goes at once.
        await asyncio.sleep(window * 1.5)
        await db.write(_beat("third-0"))
        start = time.monotonic()
        await db.write(_beat("third-1"))
        alone = time.monotonic() - start
        stored = await db.read(
            lambda conn: conn.execute(select(func.count()).select_from(heartbeats)).scalar()
        )
        return {"waited": waited, "second": second_commits, "alone": alone, "rows": stored}

    seen = _run(_with_database(tmp_path, window, scenario))
    assert seen["rows"] == 8
    assert seen["second"] == 1  # three writes, one transaction
    assert seen["waited"] >= window * 0.9  # within timer slack: not before the window
    assert seen["alone"] < window
