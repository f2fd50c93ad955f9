"""Attacks on the lobby: ``GET /lobby`` called in a loop, each call a read of the
database (200 calls used half a core); and browsers that make up visitor ids to inflate
the count of guests online."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from outlaws.server.live.presence import GUESTS_PER_ADDRESS
from outlaws.server.lobby.feed import SETTLE
from tests.security.attackkit import recv
from tests.server.serverkit import create_friend_game, running


def counting_reads(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one at each read of the lobby's games from the database."""
    storage = client.app.state.service.db.storage  # type: ignore[attr-defined]
    reads: list[int] = []
    real = storage.unfinished_games

    def counted(*args: Any) -> Any:
        reads.append(1)
        return real(*args)

    monkeypatch.setattr(storage, "unfinished_games", counted)
    return reads


def test_the_lobby_is_served_from_memory_and_a_flood_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(tmp_path) as client:
        create_friend_game(client)
        reads = counting_reads(client, monkeypatch)
        answers = [client.get("/lobby") for _ in range(60)]
        codes = [answer.status_code for answer in answers]
        assert codes[:20] == [200] * 20  # a burst is served...
        assert codes.count(429) >= 30  # ...then the client waits its turn
        assert answers[-1].json()["error"]["code"] == "rate_limited"
        assert len(reads) <= 2, len(reads)  # one read serves them all
        assert answers[0].json()["online"]["guests"] == 0


def test_made_up_visitor_ids_do_not_inflate_the_guests_online(tmp_path: Path) -> None:
    """Twelve lobby sockets from one address, each with a visitor id of its own: the
    address counts as a household's few browsers, not as twelve guests."""
    with running(tmp_path) as client, ExitStack() as stack:
        for n in range(12):
            ws = stack.enter_context(client.websocket_connect(f"/ws/lobby?visitor=made-up-{n:04d}"))
            recv(ws)  # the lobby, once this socket is counted
        time.sleep(SETTLE * 2)
        assert client.get("/lobby").json()["online"]["guests"] == GUESTS_PER_ADDRESS
