"""Message lengths must not tell a real swap from a bluff (R5.1, R8.3). A seat's own
message was a byte shorter after a real swap (``"swap": true``) than after a pretended one,
and its legal actions changed with its cards by up to some 2 kB: an eavesdropper on the
encrypted stream could tell one from the other by length. What a seat is sent is now
written so that its length follows only what everyone may know (server/http/widths.py:
names and flags at fixed width; the legal actions a mask of fixed length), without
padding, and WebSocket compression is off.

The games here are played in pairs dealt alike, move for move, one of a pair's moves real
where the other's is pretended, every other choice the same and kept so that what a
spectator sees stays the same in both: every message and answer of one game must be as
long as the other's, from the first action to the end of the game."""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from outlaws.engine import State, seat_view
from outlaws.engine.actionspace import K_MOVE, SPEC_ID, SPECS
from outlaws.server.games import seating as seating_module
from tests.server.serverkit import (
    auth,
    create_friend_game,
    legal_of,
    recv_text,
    running,
    said_hello,
    stored_record,
)

#: The seed every game of a test is dealt from, so that two games reach the same position.
SEED = 20_261_201
#: The most bytes of any message of a game on the WebSocket, and of an answer over HTTP.
MOST_ON_THE_SOCKET = 2048
MOST_OVER_HTTP = 4096
#: The turns a game of a pair lasts at most: a whole game, ended by the limit if need be.
TURN_LIMIT = 16


def size(text: str | bytes) -> int:
    return len(text.encode("utf-8") if isinstance(text, str) else text)


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new game is dealt from :data:`SEED` (tokens stay random)."""
    fixed = SimpleNamespace(
        randbits=lambda bits: SEED % (1 << bits),
        randbelow=secrets.randbelow,
        token_urlsafe=secrets.token_urlsafe,
        token_bytes=secrets.token_bytes,
        token_hex=secrets.token_hex,
        choice=secrets.choice,
        compare_digest=secrets.compare_digest,
    )
    monkeypatch.setattr(seating_module, "secrets", fixed)


class Table:
    """One game of a pair: its id, seat tokens, the sockets of both seats and a
    spectator, and the test's own copy of its true state."""

    def __init__(self, client: TestClient, path: Path, stack: ExitStack) -> None:
        self.client = client
        self.game, self.tokens = create_friend_game(client, turn_limit=TURN_LIMIT)
        self.state: State = stored_record(path, self.game).replay(0)
        self.sockets: dict[str, WebSocketTestSession] = {
            "seat 0": stack.enter_context(said_hello(client, self.game, self.tokens[0])),
            "seat 1": stack.enter_context(said_hello(client, self.game, self.tokens[1])),
            "spectator": stack.enter_context(said_hello(client, self.game, None)),
        }

    def read(self, mover: int | None) -> dict[str, list[str]]:
        """Each socket's messages up to its update of the game as the test's state has
        it (the mover's socket, its acknowledgement too); the hellos when ``mover`` is
        None."""
        texts: dict[str, list[str]] = {}
        for name, ws in self.sockets.items():
            texts[name] = []
            acknowledged = mover is None or name != f"seat {mover}"
            updated = False
            while not (acknowledged and updated):
                text = recv_text(ws)
                texts[name].append(text)
                message = json.loads(text)
                acknowledged = acknowledged or message["type"] == "accepted"
                updated = updated or (
                    message["type"] in ("hello", "events")
                    and message["actions"] == len(self.state.history)
                )
        return texts

    def answers(self) -> dict[str, bytes]:
        """``GET /games/{id}`` for each seat and a spectator, as bytes."""
        heads = {"seat 0": auth(self.tokens[0]), "seat 1": auth(self.tokens[1]), "spectator": {}}
        return {
            f"http {name}": self.client.get(f"/games/{self.game}", headers=headers).content
            for name, headers in heads.items()
        }

    def act(self, action_id: int, ref: int) -> None:
        action = self.state.decode(action_id)
        mover = self.state.to_act
        assert mover is not None
        self.sockets[f"seat {mover}"].send_json(
            {"op": "action", "action": action.to_json(), "ref": ref}
        )
        self.state.apply(action)


def public(state: State) -> Any:
    return seat_view(state, None).to_json()


def twin_choices(a: State, b: State, rng: random.Random) -> Iterator[tuple[int, int]]:
    """The next action of each game: the same choice (ids legal in both, in a random
    order), a move real in one game and pretended in the other as often as not, and only
    a choice after which a spectator sees the same in both, or one that ends both games
    (then every card is shown: nothing is hidden any more, R8.6)."""
    common = sorted(set(a.legal_action_ids()) & set(b.legal_action_ids()))
    rng.shuffle(common)
    for action_id in common:
        spec = SPECS[action_id]
        pair = (action_id, action_id)
        if spec[0] == K_MOVE:
            swaps = rng.choice([(1, 0), (0, 1), (1, 1), (0, 0)])
            pair = (
                SPEC_ID[(K_MOVE, spec[1], spec[2], swaps[0])],
                SPEC_ID[(K_MOVE, spec[1], spec[2], swaps[1])],
            )
        after_a, after_b = a.clone(), b.clone()
        after_a.apply(after_a.decode(pair[0]))
        after_b.apply(after_b.decode(pair[1]))
        if public(after_a) == public(after_b) or (after_a.over and after_b.over):
            yield pair


def play_a_pair(client: TestClient, path: Path, rng: random.Random) -> dict[str, list[int]]:
    """Two games dealt alike played to their end (see above), each message's and
    answer's length compared as they come; what was measured, by reader."""
    sizes: dict[str, list[int]] = {}
    with ExitStack() as stack:
        one, two = Table(client, path, stack), Table(client, path, stack)
        steps = [(one.read(None), two.read(None), {}, {})]
        ref = bluffs = 0
        while not one.state.over:
            first, second = next(twin_choices(one.state, two.state, rng))
            bluffs += first != second
            mover = one.state.to_act
            ref += 1
            one.act(first, ref)
            two.act(second, ref)
            steps.append((one.read(mover), two.read(mover), one.answers(), two.answers()))
        assert two.state.over
        assert bluffs > 0  # a move real in one game was pretended in the other
        # The last action ended the games and showed every card: the steps before it.
        for texts_one, texts_two, http_one, http_two in steps[:-1]:
            for name, texts in texts_one.items():
                # A spectator reads the same in both games (but for the game's id).
                if name == "spectator":
                    assert [t.replace(one.game, two.game) for t in texts] == texts_two[name]
                assert [size(t) for t in texts] == [size(t) for t in texts_two[name]], name
                sizes.setdefault(name, []).extend(size(t) for t in texts)
            for name, answer in http_one.items():
                assert size(answer) == size(http_two[name]), name
                sizes.setdefault(name, []).append(size(answer))
    return sizes


@pytest.mark.parametrize("seed", [1, 2])
def test_a_real_swap_and_a_bluff_make_messages_of_the_same_length_all_game_long(
    tmp_path: Path, fixed_seed: None, seed: int
) -> None:
    with running(tmp_path) as client:
        sizes = play_a_pair(client, tmp_path, random.Random(seed))
    assert len(sizes["seat 0"]) > 40  # a whole game, not a few moves
    for name, lengths in sizes.items():
        most = MOST_OVER_HTTP if name.startswith("http") else MOST_ON_THE_SOCKET
        assert max(lengths) <= most, (name, max(lengths))


def test_a_seat_reads_its_legal_actions_from_a_mask_of_fixed_length(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        with (
            said_hello(client, game, tokens[0]) as zero,
            said_hello(client, game, tokens[1]) as one,
        ):
            hellos = [recv_text(zero), recv_text(one)]
        answers = [client.get(f"/games/{game}", headers=auth(token)).json() for token in tokens]
    to_act = answers[0]["view"]["to_act"]
    hello = json.loads(hellos[to_act])
    assert isinstance(hello["legal"], str) and hello["legal"] == answers[to_act]["legal"]
    assert json.loads(hellos[1 - to_act])["legal"] is None
    state = stored_record(tmp_path, game).replay(0)
    expected = [state.decode(i).to_json() for i in sorted(state.legal_action_ids())]
    assert legal_of(hello) == legal_of(answers[to_act]) == expected


def test_the_server_offers_no_websocket_compression(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compressed, a message's size follows its content again."""
    import uvicorn

    from outlaws.cli import serve as serve_module

    configs: list[Any] = []

    class Server:
        def __init__(self, config: Any) -> None:
            configs.append(config)

        def run(self, sockets: Any = None) -> None:
            for sock in sockets or ():
                sock.close()

    monkeypatch.setattr(uvicorn, "Server", Server)
    monkeypatch.setattr(serve_module, "_tune_gc", lambda: None)
    serve_module.serve(port=0, db="sqlite:///:memory:")
    assert [config.ws_per_message_deflate for config in configs] == [False]
