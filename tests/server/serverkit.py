"""Helpers of the server tests: an app on a temporary SQLite file, WebSocket reads with a
timeout, random play, and the engine's own views of a stored game, computed
independently by replaying its record from the database."""

from __future__ import annotations

import base64
import json
import random
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from starlette.testclient import WebSocketTestSession

from outlaws.engine import Action, Record, Setup, State
from outlaws.engine.actionspace import MASK_CHARS, action_templates
from outlaws.server import Settings, create_app
from outlaws.server.db.storage import GameRow, Storage

#: The keys a message of each type may carry: nothing else may reach a client.
_COMMON = {
    "type", "game", "seat", "view", "players", "since", "actions", "status", "result",
    "phase", "placement",
}  # fmt: skip
MESSAGE_KEYS = {
    "hello": _COMMON | {"kind", "clock", "legal"},
    "events": _COMMON | {"events", "clock", "legal"},
}


def settings_for(path: Path, **changes: Any) -> Settings:
    """Settings of a test server: an SQLite file under ``path``, one bot worker."""
    options: dict[str, Any] = {
        "db_url": f"sqlite:///{path / 'outlaws.db'}",
        "bot_workers": 1,
        "sqlite_synchronous": "NORMAL",
        "clock_tick": 0.02,
        # Test clients act as fast as they can: the flood test sets its own limits.
        "rate_burst": 10_000.0,
        "rate_per_second": 10_000.0,
    }
    options.update(changes)
    return Settings(**options)


@contextmanager
def running(path: Path, **changes: Any) -> Iterator[TestClient]:
    """A client of a server whose database is ``path/outlaws.db`` (started and stopped)."""
    with TestClient(create_app(settings_for(path, **changes))) as client:
        yield client


def recv_text(ws: WebSocketTestSession, timeout: float = 15.0) -> str:
    """The next message of ``ws`` as the text the server sent (its length untouched);
    fails instead of hanging."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    if message["type"] == "websocket.close":
        raise ConnectionError(f"closed: {message.get('code')} {message.get('reason')}")
    return str(message["text"])


def recv(ws: WebSocketTestSession, timeout: float = 15.0) -> dict[str, Any]:
    """The next message of ``ws`` as JSON; fails instead of hanging."""
    return dict(json.loads(recv_text(ws, timeout)))


@contextmanager
def said_hello(
    client: TestClient, game: str, token: str | None, since: int | None = None
) -> Iterator[WebSocketTestSession]:
    """A socket to ``game`` from event ``since`` on, a seat's (``token``) or a
    spectator's, after its first message, the hello (docs/protocol.md)."""
    query = "" if since is None else f"?since={since}"
    with client.websocket_connect(f"/ws/games/{game}{query}") as ws:
        ws.send_json({"op": "hello", "token": token} if token else {"op": "hello"})
        yield ws


def recv_until(ws: WebSocketTestSession, done: Any, timeout: float = 15.0) -> list[dict]:
    """Messages of ``ws`` up to and including the first for which ``done(message)``."""
    out = []
    while True:
        message = recv(ws, timeout)
        out.append(message)
        if done(message):
            return out


def recv_upto(ws: WebSocketTestSession, count: int) -> list[dict]:
    """Messages of ``ws`` until one that reflects at least ``count`` actions."""
    return recv_until(ws, lambda message: message.get("actions", -1) >= count)


def legal_of(answer: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The legal actions of a message or an HTTP answer as docs/format.md objects, read
    as a client reads them (docs/protocol.md): the ids of the ``legal`` mask, each id's
    object from the action space, a Saloon exchange's places named from the seat's own
    ``view``. None when the answer holds none."""
    mask = answer.get("legal")
    if mask is None:
        return None
    assert isinstance(mask, str) and len(mask) == MASK_CHARS, mask
    raw = base64.b64decode(mask, validate=True)
    side = answer["view"]["seats"][answer["view"]["viewer"]]
    out = []
    for action_id, template in enumerate(action_templates()):
        if raw[action_id // 8] >> (action_id % 8) & 1:
            out.append({name: _named(value, side) for name, value in template.items()})
    return out


def _named(value: Any, side: dict[str, Any]) -> Any:
    """A template's value, its place (a Saloon exchange's card) named from ``side``."""
    if isinstance(value, dict):
        ((where, index),) = value.items()
        return side["saloon"][index] if where == "saloon" else side["street"][index - 1]
    return value


def legal_in_id_order(state: State) -> list[dict[str, Any]]:
    """The engine's legal list as a client reads it from the mask: in id order, as JSON."""
    return [state.decode(action_id).to_json() for action_id in sorted(state.legal_action_ids())]


def stored_game(path: Path | str, game_id: str) -> GameRow:
    """The game's row as the database holds it, read by a fresh connection: the SQLite
    file of the folder ``path``, or the database URL ``path``."""
    storage = Storage(path if isinstance(path, str) else f"sqlite:///{path / 'outlaws.db'}")
    try:
        row = storage.load_game(game_id)
    finally:
        storage.dispose()
    assert row is not None
    return row


def stored_record(path: Path, game_id: str) -> Record:
    """The game's record as the database holds it (seed, setup and every action)."""
    row = stored_game(path, game_id)
    return Record(
        seed=row.seed,
        setup=Setup.from_json(row.setup),
        actions=tuple(Action.from_json(a.action) for a in row.actions),
        turn_limit=row.turn_limit,
    )


def engine_state(record: Record, upto: int) -> State:
    """The true state after the first ``upto`` actions of ``record``."""
    return record.replay(upto)


def create_bot_game(client: TestClient, bot: str = "random", seat: int = 0, **extra: Any) -> dict:
    response = client.post(
        "/games", json={"opponent": "bot", "bot": bot, "seat": seat, "placement": "random", **extra}
    )
    assert response.status_code == 201, response.text
    return response.json()


def create_friend_game(client: TestClient, seat: int = 0, **extra: Any) -> tuple[str, list[str]]:
    """A game between two humans: its id and the seat tokens, indexed by seat."""
    made = client.post(
        "/games", json={"opponent": "friend", "seat": seat, "placement": "random", **extra}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    joined = client.post(f"/invites/{body['invite']}", json={"name": "friend"})
    assert joined.status_code == 200, joined.text
    tokens = ["", ""]
    tokens[seat] = body["token"]
    tokens[1 - seat] = joined.json()["token"]
    return body["game"], tokens


def auth(token: str | None) -> dict[str, str]:
    """The headers that carry a seat's token (none: a spectator's request). A token never
    goes in a URL: the server refuses ``?token=`` (docs/protocol.md)."""
    return {"Authorization": f"Bearer {token}"} if token else {}


def http_game(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()


def http_view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    """The view of ``GET /games/{id}`` with its whole log: an answer holds the last events
    only (``HTTP_LOG_EVENTS``), and the rest is read a page at a time with ``?since``."""
    answer = http_game(client, game_id, token)
    log: list[Any] = []
    while len(log) < answer["log_size"]:
        page = client.get(f"/games/{game_id}", params={"since": len(log)}, headers=auth(token))
        assert page.status_code == 200, page.text
        log += page.json()["view"]["log"]
    return {**answer["view"], "log": log}


def play_http(
    client: TestClient, game_id: str, tokens: dict[int, str], rng: random.Random, steps: int
) -> int:
    """Play up to ``steps`` random legal actions over HTTP for the seats in ``tokens``
    (waiting for a bot when it is its turn); how many were played."""
    played = 0
    deadline = 2000
    while played < steps and deadline:
        deadline -= 1
        public = http_game(client, game_id)
        if public["status"] == "over":
            break
        seat = public["view"]["to_act"]
        if seat not in tokens:
            wait_for_actions(client, game_id, public["actions"] + 1)
            continue
        game = http_game(client, game_id, tokens[seat])
        action = rng.choice(legal_of(game) or [])
        response = client.post(f"/games/{game_id}/actions", headers=auth(tokens[seat]), json=action)
        assert response.status_code == 200, response.text
        played += 1
    return played


def wait_for_actions(client: TestClient, game_id: str, count: int, timeout: float = 20.0) -> dict:
    """Poll until the game's record holds ``count`` actions or it is over (a bot moves)."""
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        game = http_game(client, game_id)
        if game["actions"] >= count or game["status"] == "over":
            return game
        time.sleep(0.02)
    raise AssertionError(f"game {game_id} stayed at {game['actions']} actions")


#: A seat's cards as a client places them (R3.1): its street, column 1 first, and its
#: Saloon. The street order is the secret the other seat must not learn but by play.
STREET = ["hitman", "indian", "governor", "bandit", "storekeep", "sheriff", "reporter", "dancer"]
PLACEMENT = {"street": STREET, "saloon": ["mayor", "reverend"]}


def place(client: TestClient, game_id: str, token: str | None, body: Any) -> Any:
    """``POST /games/{id}/placement`` with ``token`` (none: without one); the response."""
    return client.post(f"/games/{game_id}/placement", headers=auth(token), json=body)


def create_placing_friend_game(client: TestClient, seat: int = 0, **extra: Any) -> dict:
    """A friend game whose seats place their cards (R3.1): the creator's answer, its
    invite not yet taken."""
    made = client.post("/games", json={"opponent": "friend", "seat": seat, **extra})
    assert made.status_code == 201, made.text
    return dict(made.json())


def join(client: TestClient, invite: str) -> str:
    """Take the invited seat; its token."""
    joined = client.post(f"/invites/{invite}", json={"name": "friend"})
    assert joined.status_code == 200, joined.text
    return str(joined.json()["token"])


class Player:
    """A signed-in player (an account) as one browser of theirs: its session cookie and
    anti-CSRF token, sent as headers, so that one test client serves several players."""

    def __init__(
        self,
        client: TestClient,
        name: str,
        password: str,
        sign_up: bool = True,
        seats: list[str] | None = None,
    ):
        url = "/account" if sign_up else "/account/session"
        answer = client.post(url, json={"name": name, "password": password, "seats": seats or []})
        assert answer.status_code in (200, 201), answer.text
        self.adopted: int = answer.json()["adopted"]
        self.cookie = answer.cookies["outlaws_session"]
        client.cookies.clear()  # each request names its player
        self.csrf: str = answer.json()["csrf"]
        self.id: str = answer.json()["id"]
        self.name = name

    def headers(self, token: str | None = None, csrf: bool = True) -> dict[str, str]:
        """Headers of this player's request (changing something: with the CSRF token)."""
        out = {"Cookie": f"outlaws_session={self.cookie}", **auth(token)}
        if csrf:
            out["X-CSRF-Token"] = self.csrf
        return out


@contextmanager
def postgres_database(server: str) -> Iterator[str]:
    """A throwaway database on the PostgreSQL ``server`` (a URL that may create
    databases): its URL, dropped afterwards with whatever is still connected to it."""
    name = f"outlaws_test_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()
