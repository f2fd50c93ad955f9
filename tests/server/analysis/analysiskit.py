"""Helpers of the analysis tests: a tiny budget (fast), finished games to analyse, the
analysis followed over HTTP, and the server's workers watched (how many decisions they
were asked to judge) and slowed down (to see an analysis half done)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from outlaws.analysis import Budget
from outlaws.engine import State, record_of
from outlaws.server import create_app
from outlaws.server.analysis.jobs import Analyses
from outlaws.server.cluster.bus import LocalBus
from tests.server.serverkit import create_bot_game, play_http, running, settings_for

#: A judgement in some tens of milliseconds: enough to weigh a few options.
TINY = Budget(candidates=2, worlds=2, steps=40)


@contextmanager
def analysing(path: Path, **changes: Any) -> Iterator[TestClient]:
    """A test server whose analyses are judged with :data:`TINY`."""
    with running(path, analysis_budget=TINY, **changes) as client:
        yield client


def finished_bot_game(client: TestClient, turn_limit: int = 6, seed: int = 1) -> str:
    """A game against the random bot played to its end (at the turn limit at latest)."""
    made = create_bot_game(client, turn_limit=turn_limit)
    played = play_http(
        client, made["game"], {made["seat"]: made["token"]}, random.Random(seed), 500
    )
    assert played > 0
    return str(made["game"])


def short_record(turn_limit: int = 6, seed: int = 3) -> dict[str, Any]:
    """A record of a game of random play that the turn limit ends."""
    state = State.new(seed=seed, turn_limit=turn_limit)
    rng = random.Random(seed)
    while not state.over:
        state.apply(state.decode(rng.choice(state.legal_action_ids())))
    return record_of(state).to_json()


def analyses_of(client: TestClient) -> Analyses:
    found = client.app.state.analyses  # type: ignore[attr-defined]
    assert isinstance(found, Analyses)
    return found


@contextmanager
def workers_watched(client: TestClient, delay: float = 0.0) -> Iterator[list[int]]:
    """The decisions (plies) the server's analysis workers are asked to judge, in order;
    each judgement held back ``delay`` seconds first."""
    analyses = analyses_of(client)
    real = analyses.pool.run
    asked: list[int] = []

    async def run(work: Any, *args: Any) -> Any:
        asked.append(args[0][0])  # the packed decision's ply
        await asyncio.sleep(delay)
        return await real(work, *args)

    analyses.pool.run = run  # type: ignore[method-assign]
    try:
        yield asked
    finally:
        analyses.pool.run = real  # type: ignore[method-assign]


def follow(client: TestClient, game_id: str) -> dict[str, Any]:
    answer = client.get(f"/games/{game_id}/analysis")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def follow_until(
    client: TestClient, game_id: str, done: Any, timeout: float = 60.0
) -> dict[str, Any]:
    """Poll the analysis (every 50 ms) until ``done(body)``; the body."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        body = follow(client, game_id)
        if done(body):
            return body
        time.sleep(0.05)
    stayed = {key: body[key] for key in ("status", "done", "total")}
    raise AssertionError(f"the analysis of {game_id} stayed at {stayed}")


def until_done(client: TestClient, game_id: str) -> dict[str, Any]:
    return follow_until(client, game_id, lambda body: body["status"] == "done")


@contextmanager
def two_analysing_servers(path: Path, **changes: Any) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers on one database and one bus (as two ``outlaws serve`` processes),
    whose analyses are judged with :data:`TINY`."""
    bus = LocalBus()
    with ExitStack() as stack:
        clients = []
        for name in "ab":
            folder = path / name
            folder.mkdir()
            settings = settings_for(
                folder, db_url=f"sqlite:///{path / 'outlaws.db'}", bus=bus,
                analysis_budget=TINY, **changes,
            )  # fmt: skip
            clients.append(stack.enter_context(TestClient(create_app(settings))))
        yield clients[0], clients[1]
