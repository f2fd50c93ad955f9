"""Bots on the server: what a bot worker is handed is only its seat's view (the engine's
own, compared after the game with the record replayed) and the legal actions."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from outlaws.bots.ladder import LADDER
from outlaws.engine import Action, seat_view
from outlaws.server.games.botpool import BotPool
from outlaws.server.games.packing import unpack_view
from tests.server.serverkit import create_bot_game, http_game, play_http, running, stored_record


class Recording(ThreadPoolExecutor):
    """An executor that runs in threads and remembers every call it was given."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.calls: list[tuple[Any, ...]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((fn, *args))
        return super().submit(fn, *args, **kwargs)


def test_a_bot_is_handed_its_view_and_the_legal_actions_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executor = Recording()
    monkeypatch.setattr(BotPool, "_executor", lambda self: executor)
    monkeypatch.setattr(BotPool, "warm", lambda self: None)
    rng = random.Random(8)
    with running(tmp_path) as client:
        made = create_bot_game(client, bot="random", seat=0, turn_limit=20)
        play_http(client, made["game"], {0: made["token"]}, rng, steps=10_000)
        assert http_game(client, made["game"])["status"] == "over"
    executor.shutdown()
    record = stored_record(tmp_path, made["game"])
    states = [record.replay(k) for k in range(len(record.actions) + 1)]
    k = 0
    assert executor.calls
    for fn, spec, seed, packed, legal in executor.calls:
        assert fn.__name__ == "choose_in_worker" and spec == "random"
        assert isinstance(seed, int) and isinstance(packed, tuple)
        assert all(isinstance(action, Action) for action in legal)
        view = unpack_view(packed)
        assert view.viewer == 1
        while not (states[k].to_act == 1 and seat_view(states[k], 1) == view):
            k += 1  # the position this call was made in (fails past the end)
        assert list(legal) == states[k].legal_actions()


def test_a_bot_worker_that_dies_is_replaced_and_the_game_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import os
    import signal

    rng = random.Random(9)
    with running(tmp_path) as client:
        made = create_bot_game(client, bot="random", seat=0, turn_limit=15)
        play_http(client, made["game"], {0: made["token"]}, rng, steps=4)
        pool = client.app.state.service.bots._executor()  # type: ignore[attr-defined]
        workers = list(pool._processes.values())
        assert workers
        for process in workers:
            os.kill(process.pid, signal.SIGKILL)
        play_http(client, made["game"], {0: made["token"]}, rng, steps=10_000)
        assert http_game(client, made["game"])["status"] == "over"
    assert "a bot worker died" in caplog.text


def test_the_top_of_the_ladder_plays_at_the_table(tmp_path: Path) -> None:
    """The Expert rung plays whole turns through the server's worker pool,
    its move model loaded there, until the turn limit or a win."""
    top = LADDER[-1]
    assert top.spec == "expert"
    with running(tmp_path) as client:
        made = create_bot_game(client, bot=top.spec, seat=0, turn_limit=3)
        play_http(client, made["game"], {0: made["token"]}, random.Random(3), steps=10_000)
        assert http_game(client, made["game"])["status"] == "over"
    record = stored_record(tmp_path, made["game"])
    end = record.replay(len(record.actions))
    assert any(record.replay(k).to_act == 1 for k in range(len(record.actions)))
    assert end.over
