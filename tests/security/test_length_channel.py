"""Message lengths told a real swap from a bluff. A seat's own WebSocket message
was one byte shorter after a real swap (R5.1, ``"swap": true``) than after a pretended
one (``false``), and its legal actions, sent with it, changed with its cards by up to
some 2 kB: an eavesdropper on the encrypted stream could tell one from the other by
length. Every message is now padded (server/live/padding.py: a multiple of PAD_BUCKET bytes, at
least STATE_FLOOR, or LEGAL_FLOOR with legal actions), and WebSocket compression is off."""

from __future__ import annotations

import random
import secrets
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from outlaws.server.games import seating as seating_module
from outlaws.server.live.padding import LEGAL_FLOOR, PAD_BUCKET, STATE_FLOOR
from tests.server.serverkit import create_friend_game, http_game, recv_text, running, said_hello

#: The seed every game of a test is dealt from, so that two games reach the same position.
SEED = 20_261_201


def read(ws: WebSocketTestSession, types: set[str]) -> list[str]:
    """The texts ``ws`` gets until it has had a message of each of ``types``."""
    texts: list[str] = []
    left = set(types)
    while left:
        text = recv_text(ws)
        texts.append(text)
        left -= {name for name in left if text.startswith(f'{{"type":"{name}"')}
    return texts


def size(text: str) -> int:
    return len(text.encode("utf-8"))


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


def swap_once(client: TestClient, swap: bool) -> dict[str, list[int]]:
    """A new game (dealt from :data:`SEED`): the seat to act swaps (or pretends to swap)
    the first pair of columns it may, then looks at its first column it may look at.
    The lengths of what each socket (the mover's, the other seat's, a spectator's) and
    each ``GET /games/{id}`` answer got after each action."""
    game, tokens = create_friend_game(client)
    mover = http_game(client, game)["view"]["to_act"]
    legal = http_game(client, game, tokens[mover])["legal"]
    real = next(a for a in legal if a["type"] == "move" and a["swap"])
    move = {**real, "swap": swap}
    assert move in legal  # both the real swap and the bluff are open to the mover
    sizes: dict[str, list[int]] = {"mover": [], "other": [], "spectator": []}
    with (
        said_hello(client, game, tokens[mover]) as mine,
        said_hello(client, game, tokens[1 - mover]) as theirs,
        said_hello(client, game, None) as watching,
    ):
        sockets = {"mover": mine, "other": theirs, "spectator": watching}
        for name, ws in sockets.items():
            sizes[name].append(size(recv_text(ws)))  # the hellos
        for ref, action in ((1, move), (2, None)):
            if action is None:  # the second action: the same in both games
                after = http_game(client, game, tokens[mover])["legal"]
                action = next(a for a in after if a["type"] == "look")
            mine.send_json({"op": "action", "action": action, "ref": ref})
            for name, ws in sockets.items():
                while True:
                    text = recv_text(ws)
                    sizes[name].append(size(text))
                    if '"type":"events"' in text or '"type":"hello"' in text:
                        break
            for name, token in (("mover", tokens[mover]), ("other", tokens[1 - mover])):
                answer = client.get(f"/games/{game}", headers={"Authorization": f"Bearer {token}"})
                sizes[f"http {name}"] = [*sizes.get(f"http {name}", []), len(answer.content)]
            public = client.get(f"/games/{game}")
            sizes["http spectator"] = [*sizes.get("http spectator", []), len(public.content)]
    return sizes


def test_a_real_swap_and_a_bluff_make_messages_of_the_same_length(
    tmp_path: Path, fixed_seed: None
) -> None:
    with running(tmp_path) as client:
        real = swap_once(client, True)
        bluff = swap_once(client, False)
    # Unpadded, the mover's events message after the swap was a byte shorter, and its
    # legal actions for the second action differed with its cards.
    assert real == bluff
    for sizes in real.values():
        assert all(n % PAD_BUCKET == 0 for n in sizes)


def test_every_message_is_a_multiple_of_the_bucket(tmp_path: Path) -> None:
    rng = random.Random(5)
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        texts: list[str] = []
        with (
            said_hello(client, game, tokens[0]) as zero,
            said_hello(client, game, tokens[1]) as one,
            said_hello(client, game, None) as watching,
        ):
            sockets = [zero, one, watching]
            for ws in sockets:
                texts.append(recv_text(ws))
            for ref in range(60):
                public = http_game(client, game)
                if public["status"] == "over":
                    break
                seat = public["view"]["to_act"]
                legal = http_game(client, game, tokens[seat])["legal"]
                # Now and then something refused, or a ping: their answers are padded too.
                if ref % 10 == 3:
                    sockets[seat].send_json({"op": "ping", "ref": ref})
                    texts += read(sockets[seat], {"pong"})
                elif ref % 10 == 7:
                    sockets[1 - seat].send_json({"op": "action", "action": "pass", "ref": ref})
                    texts += read(sockets[1 - seat], {"error"})
                else:
                    action = rng.choice(legal)
                    sockets[seat].send_json({"op": "action", "action": action, "ref": ref})
                    for n, ws in enumerate(sockets):
                        texts += read(ws, {"events", "accepted"} if n == seat else {"events"})
            http = [
                client.get(f"/games/{game}", headers={"Authorization": f"Bearer {token}"})
                for token in tokens
            ]
            http.append(client.get(f"/games/{game}"))
    kinds: set[str] = set()
    for text in texts:
        assert size(text) % PAD_BUCKET == 0, text[:80]
        if '"type":"hello"' in text or '"type":"events"' in text:
            floor = STATE_FLOOR if '"legal":null' in text else LEGAL_FLOOR
            assert size(text) >= floor
        kinds.add(text[: text.index(",")])
    assert {'{"type":"hello"', '{"type":"events"', '{"type":"accepted"'} <= kinds
    assert '{"type":"pong"' in kinds and '{"type":"error"' in kinds
    for answer in http:
        assert answer.status_code == 200
        assert len(answer.content) % PAD_BUCKET == 0
        assert int(answer.headers["content-length"]) == len(answer.content)
        assert answer.json()["game"] == game  # still the same JSON


def test_the_server_offers_no_websocket_compression(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compressed, a message's size follows its content again, padding or not."""
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
