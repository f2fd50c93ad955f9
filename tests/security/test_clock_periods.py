"""The clock: each turn one period and each reaction another, the time the server was
down counted against nobody, and no action taken past its deadline.

- A reaction shared one clock period with the reacting seat's next turn: with
  ``per_turn`` 4, a seat that waited 2 s on a cancel prompt started its own turn with
  1.99 s and lost on time; and the acting seat got a fresh ``per_turn`` mid-turn after
  the opponent reacted. Now each turn is one period, each reaction another, and a turn
  interrupted by a reaction goes on where it stopped.
- The time the server was down counted against the players (an 8 s outage lost a game
  on time at restart). Now a clock stopped with the server resumes where it stopped.
- An action that arrives past its seat's deadline, before the clock's next tick has
  ended the game, is refused and stored nowhere.

For the first two the game is stored directly (a known deal, R6.9.2's Reverend beside
the Hitman), then served: the Sheriff's arrest of seat 1's Hitman prompts seat 1 to
cancel it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from outlaws.engine import Setup, State
from outlaws.engine.names import CHARACTER_ID, TOKEN_ID
from outlaws.server import create_app
from outlaws.server.db.storage import GameRow, SeatRow, Storage
from outlaws.server.games.clocks import ClockConfig, ClockState
from outlaws.server.http.auth import hash_token
from tests.server import serverkit
from tests.server.serverkit import (
    auth,
    create_friend_game,
    http_game,
    legal_of,
    running,
    settings_for,
)

STREET0 = ("governor", "hitman", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit")
STREET1 = ("governor", "reverend", "hitman", "indian", "storekeep", "dancer", "sheriff", "bandit")
TOKENS = (
    "vote", "bogus", "vote", "election", "bullet", "vote", "bogus", "handcuffs",
    "vote", "bogus", "vote", "bogus", "vote",
)  # fmt: skip
TOKEN = ["seat-zero-token-for-the-clock-test", "seat-one-token-for-the-clock-test"]
PER_TURN = 4.0


class FakeTime:
    def __init__(self, t: float = 2_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def stored_game(path: Path, now: float, bank: float) -> str:
    """A friend game at its first action, seat 0 to act, stored as the server keeps one."""
    setup = Setup(
        first=0,
        streets=(tuple(CHARACTER_ID[c] for c in STREET0), tuple(CHARACTER_ID[c] for c in STREET1)),
        saloons=(
            (CHARACTER_ID["reverend"], CHARACTER_ID["mayor"]),
            (CHARACTER_ID["reporter"], CHARACTER_ID["mayor"]),
        ),
        tokens=tuple(TOKEN_ID[t] for t in TOKENS),
    )
    State.new(seed=1, setup=setup)  # a valid deal
    clock = ClockConfig(bank, PER_TURN)
    # Seat 0's first period, as a server stores it (that of an older server, too).
    cs = ClockState([bank, bank], seat=0, start=now, deadline=now + PER_TURN + bank, period=1)
    row = GameRow(
        id="clocktest", created_at=now, kind="friend", status="playing", seed=1,
        setup=setup.to_json(), turn_limit=None, result=None, clock=clock.to_json(),
        clock_state=cs.to_json(), meta={"placement": "random"},
        seats=[SeatRow(s, "human", None, f"p{s}", hash_token(TOKEN[s])) for s in (0, 1)],
    )  # fmt: skip
    storage = Storage(f"sqlite:///{path / 'outlaws.db'}")
    try:
        storage.migrate()
        with storage.engine.begin() as conn:
            Storage.insert_game(conn, row)
    finally:
        storage.dispose()
    return row.id


def act(client: TestClient, game: str, seat: int, notation: str) -> dict[str, Any]:
    answer = client.post(f"/games/{game}/actions", headers=auth(TOKEN[seat]), json=notation)
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["game"])


def test_a_reaction_is_its_own_period_and_the_interrupted_turn_goes_on(tmp_path: Path) -> None:
    now = FakeTime()
    game = stored_game(tmp_path, now.t, bank=0.0)
    with TestClient(create_app(settings_for(tmp_path, now=now))) as client:
        now.t += 1.0  # seat 0 thinks 1 s, arrests the Hitman: seat 1 may cancel
        after = act(client, game, 0, "sheriff 3 hitman")
        assert after["view"]["pending"] == "cancel" and after["clock"]["seat"] == 1
        assert after["clock"]["deadline"] == now.t + PER_TURN
        now.t += 2.0  # seat 1 thinks 2 s, cancels: seat 0's turn goes on, 3 s left of it
        after = act(client, game, 1, "cancel")
        assert after["view"]["to_act"] == 0 and after["clock"]["seat"] == 0
        assert after["clock"]["deadline"] == now.t + PER_TURN - 1.0, "a fresh per_turn mid-turn"
        assert http_game(client, game)["status"] == "playing"


def test_the_reacting_seat_starts_its_own_turn_with_a_whole_period(tmp_path: Path) -> None:
    now = FakeTime()
    game = stored_game(tmp_path, now.t, bank=0.0)
    with TestClient(create_app(settings_for(tmp_path, now=now))) as client:
        act(client, game, 0, "look 5")
        after = act(client, game, 0, "sheriff 3 hitman")  # the turn's last action
        assert after["view"]["pending"] == "cancel" and after["clock"]["seat"] == 1
        now.t += 2.0  # seat 1 waits 2 s on the prompt, then cancels: its own turn begins
        after = act(client, game, 1, "cancel")
        assert after["view"]["to_act"] == 1 and after["view"]["turn"] == 2
        assert after["clock"]["deadline"] == now.t + PER_TURN, "the prompt's time was taken"
        now.t += 3.0  # within its turn's 4 s: it has not lost
        time.sleep(0.2)
        assert http_game(client, game)["status"] == "playing"


def test_the_time_the_server_is_down_counts_against_nobody(tmp_path: Path) -> None:
    now = FakeTime()
    game = stored_game(tmp_path, now.t, bank=2.0)
    with TestClient(create_app(settings_for(tmp_path, now=now))) as client:
        now.t += 3.0
        deadline = http_game(client, game)["clock"]["deadline"]
        assert deadline == now.t - 3.0 + PER_TURN + 2.0
    now.t += 8.0  # the server is down 8 s: past the deadline
    with TestClient(create_app(settings_for(tmp_path, now=now))) as client:
        time.sleep(0.2)
        game_now = http_game(client, game)
        assert game_now["status"] == "playing", game_now["result"]
        assert game_now["clock"]["deadline"] == deadline + 8.0
        now.t += 2.9  # 3 s before the stop and 2.9 s after: still within 6 s
        time.sleep(0.2)
        assert http_game(client, game)["status"] == "playing"
        act(client, game, 0, "look 5")


def test_an_action_after_the_deadline_is_refused(tmp_path: Path) -> None:
    class Now:
        t = 1_000_000.0

        def __call__(self) -> float:
            return self.t

    now = Now()
    with running(tmp_path, now=now, clock_tick=3600.0) as client:  # no timeout fires
        game_id, tokens = create_friend_game(client, clock={"bank": 0, "per_turn": 4})
        seat = http_game(client, game_id)["view"]["to_act"]
        legal = legal_of(http_game(client, game_id, tokens[seat])) or []
        look = next(a for a in legal if a["type"] == "look")
        now.t += 4.001
        late = client.post(f"/games/{game_id}/actions", headers=auth(tokens[seat]), json=look)
        assert late.status_code == 409 and late.json()["error"]["code"] == "out_of_time"
        assert serverkit.stored_game(tmp_path, game_id).actions == []
