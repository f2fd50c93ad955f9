"""Turn clocks, on an injected time source: the bank and the free time per turn, a loss
or a bot standing in when time runs out, and deadlines that survive a restart."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.serverkit import (
    auth,
    create_friend_game,
    http_game,
    legal_of,
    running,
    stored_game,
)


class FakeTime:
    """A wall clock that moves only when told."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


def wait_until(condition: object, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.02)
    raise AssertionError("condition not met in time")


def test_the_bank_pays_for_slow_turns_and_the_idle_seat_loses(tmp_path: Path) -> None:
    now = FakeTime()
    clock = {"bank": 10, "per_turn": 5, "on_timeout": "lose"}
    with running(tmp_path, now=now) as client:
        game_id, tokens = create_friend_game(client, clock=clock)
        game = http_game(client, game_id)
        seat = game["view"]["to_act"]
        assert game["clock"]["deadline"] == now.t + 15 and game["clock"]["seat"] == seat
        # Seat `seat` takes 8 seconds over its two actions: 3 come out of its bank.
        for _ in range(2):
            mine = http_game(client, game_id, tokens[seat])
            move = next(a for a in legal_of(mine) or [] if a["type"] == "move")
            now.t += 4
            ok = client.post(f"/games/{game_id}/actions", headers=auth(tokens[seat]), json=move)
            assert ok.status_code == 200, ok.text
        game = http_game(client, game_id)
        other = 1 - seat
        assert game["clock"]["banks"][seat] == 7 and game["clock"]["seat"] == other
        assert game["clock"]["deadline"] == now.t + 15
        # The other seat idles: 14 s is still in time...
        now.t += 14
        time.sleep(0.2)
        assert http_game(client, game_id)["status"] == "playing"
        # ...16 s is not.
        now.t += 2
        wait_until(lambda: http_game(client, game_id)["status"] == "over")
        game = http_game(client, game_id)
        assert game["result"] == {"winner": seat, "how": "timeout", "loser": other}
        record = client.get(f"/games/{game_id}/record").json()
        assert record["timeout"] == other and record["resigned"] is None


def test_a_bot_plays_the_turn_of_a_seat_out_of_time(tmp_path: Path) -> None:
    now = FakeTime()
    clock = {"bank": 0, "per_turn": 10, "on_timeout": "bot", "bot": "random"}
    with running(tmp_path, now=now) as client:
        game_id, tokens = create_friend_game(client, clock=clock)
        seat = http_game(client, game_id)["view"]["to_act"]
        now.t += 11
        wait_until(lambda: http_game(client, game_id)["view"]["to_act"] == 1 - seat)
        game = http_game(client, game_id)
        assert game["status"] == "playing" and game["actions"] >= 2
        assert game["clock"]["banks"][seat] == 0 and game["clock"]["seat"] == 1 - seat
        row = stored_game(tmp_path, game_id)
        assert {a.by for a in row.actions} == {"clock"}
        assert {a.seat for a in row.actions} == {seat}
        # The seat is its human's again at its next turn.
        mine = http_game(client, game_id, tokens[1 - seat])
        assert mine["legal"]


def test_deadlines_survive_a_restart(tmp_path: Path) -> None:
    now = FakeTime()
    clock = {"bank": 30, "per_turn": 0, "on_timeout": "lose"}
    with running(tmp_path, now=now) as client:
        game_id, _ = create_friend_game(client, clock=clock)
        before = http_game(client, game_id)["clock"]
    now.t += 20  # the server is down 20 s: they count against nobody
    with running(tmp_path, now=now) as client:
        after = http_game(client, game_id)["clock"]
        assert after["deadline"] == before["deadline"] + 20 and after["banks"] == before["banks"]
        assert http_game(client, game_id)["status"] == "playing"
        now.t += 31
        wait_until(lambda: http_game(client, game_id)["status"] == "over")
        assert http_game(client, game_id)["result"]["how"] == "timeout"
