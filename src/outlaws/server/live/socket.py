"""The WebSocket of a seat or a spectator: ``/ws/games/{id}?since=N``.

A seat's token never travels in the URL (``server/http/auth.py``): a client that can set
headers sends ``Authorization: Bearer TOKEN`` with the upgrade request; one that cannot
(a browser) sends ``{"op": "hello", "token": TOKEN}`` as its first message, or
``{"op": "hello"}`` to watch. Only then does the client get a ``hello`` (its view, from
event ``since`` on, and its legal actions when it is to act), then an ``events`` message
after every change. It sends actions as docs/format.md JSON or as notation text, and a few
control messages. docs/protocol.md describes every message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ...engine import Action, FormatError, parse_notation
from ..accounts.sessions import AccountsPart, name_of
from ..common.codec import loads
from ..common.errors import ApiError, from_engine
from ..common.settings import Settings
from ..games.routes import Games
from ..games.service import GameService
from ..games.table import Table
from ..http.auth import bearer, hash_token, token_in_url, token_param
from ..http.limits import TokenBucket
from ..http.routing import part
from .hub import Connection, Hub
from .presence import Here, Presence

log = logging.getLogger(__name__)
router = APIRouter()

#: The games' sockets, and who is online, as a route takes them.
HubPart = Annotated[Hub, Depends(part("hub", Hub))]
PresencePart = Annotated[Presence, Depends(part("presence", Presence))]

#: Close codes: 4003 bad token, 4004 unknown game, 1008 policy (flooding, a token in
#: the URL, a first message that is not a hello).
CLOSE_BAD_TOKEN = 4003
CLOSE_UNKNOWN = 4004
CLOSE_POLICY = 1008
#: No hello within :data:`HELLO_TIMEOUT` of connecting (HTTP's 408, as 4003 is 403).
CLOSE_HELLO_TIMEOUT = 4008
#: Too many spectators of the game, or sockets of the client: 1013, try again later.
CLOSE_TRY_LATER = 1013
#: Seconds a connection without an Authorization header has to send its hello. A waiting
#: socket counts against its client's cap (not yet its game's), and this bounds how long
#: it may hold that place without saying who it is.
HELLO_TIMEOUT = 5.0
ENVELOPE_KEYS = frozenset({"op", "action", "ref", "since", "expect"})
HELLO_KEYS = frozenset({"op", "token"})
#: What a connection without an Authorization header must send first.
HELLO_HINT = (
    'the first message is {"op": "hello", "token": TOKEN} for a seat, or {"op": "hello"} '
    "to watch (or send the header 'Authorization: Bearer TOKEN' when connecting)"
)
#: How many answered refs a connection remembers (a re-sent ref gets its first answer).
ANSWERED_REFS = 64


class Message:
    """A client message, read: an ``op`` and what it carries."""

    def __init__(
        self,
        op: str,
        action: Action | None = None,
        ref: Any = None,
        since: int = 0,
        expect: int | None = None,
    ):
        self.op = op
        self.action = action
        self.ref = ref
        self.since = since
        self.expect = expect


def _action(value: Any, where: str) -> Action:
    try:
        if isinstance(value, str):
            return parse_notation(value)
        return Action.from_json(value, where=where)
    except FormatError as error:
        raise from_engine(error) from None


def read_message(text: str) -> Message:
    """Parse one client message; :class:`ApiError` says what is wrong with it.

    Accepted: an envelope ``{"op": ..., "action": ..., "ref": ...}``, a bare docs/format.md
    action object, a JSON string or a plain line of notation (``look 3``)."""
    stripped = text.strip()
    if not stripped:
        raise ApiError(400, "bad_message", "empty message")
    try:
        data = loads(stripped)
    except (json.JSONDecodeError, RecursionError) as error:
        if stripped[0] in '{["':
            raise ApiError(400, "malformed_json", f"not valid JSON: {error}") from None
        return Message("action", _action(stripped, "action"))
    if isinstance(data, str):
        return Message("action", _action(data, "action"))
    if not isinstance(data, dict):
        raise ApiError(400, "bad_message", "a message is a JSON object or a line of notation")
    if "op" not in data and "action" not in data:
        return Message("action", _action(data, "action"))
    if data.get("op") == "hello":  # before its fields: a token is not an unknown field
        raise ApiError(
            409,
            "bad_message",
            "this connection is authenticated already: hello is only ever its first message",
            field="op",
        )
    for key in data:
        if key not in ENVELOPE_KEYS:
            raise ApiError(422, "bad_message", f"unknown field {key!r}", field=key)
    op = data.get("op", "action")
    ref = data.get("ref")
    if ref is not None and (not isinstance(ref, str | int) or len(str(ref)) > 64):
        raise ApiError(422, "bad_message", "ref must be a short string or number", field="ref")
    if op == "action":
        if "action" not in data:
            raise ApiError(
                422, "bad_message", "op 'action' needs the field 'action'", field="action"
            )
        expect = data.get("expect")
        if expect is not None and (
            isinstance(expect, bool) or not isinstance(expect, int) or not 0 <= expect <= 10**9
        ):
            raise ApiError(
                422, "bad_message", "expect is the number of actions you saw", field="expect"
            )
        return Message("action", _action(data["action"], "action"), ref, expect=expect)
    if op in ("resign", "ping"):
        return Message(op, ref=ref)
    if op == "sync":
        since = data.get("since", 0)
        if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= 10**9:
            raise ApiError(
                422, "bad_message", "since must be an event index, 0 or more", field="since"
            )
        return Message(op, ref=ref, since=since)
    raise ApiError(
        422, "bad_message", f"unknown op {op!r}: action, resign, ping or sync", field="op"
    )


def read_hello(text: str) -> str | None:
    """The token of a first message ``{"op": "hello", "token": TOKEN}`` (None: a
    spectator's ``{"op": "hello"}``); :class:`ApiError` if it is not a hello."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("op") != "hello":
        raise ApiError(401, "hello_expected", HELLO_HINT, field="op")
    for key in data:
        if key not in HELLO_KEYS:
            raise ApiError(422, "bad_message", f"unknown field {key!r} in hello", field=key)
    token = data.get("token")
    if token is None:
        return None
    if not isinstance(token, str) or len(token) > 256:
        raise ApiError(422, "bad_message", "token is a seat's token, a string", field="token")
    return token or None


async def _refuse(ws: WebSocket, error: ApiError, code: int) -> None:
    """Accept ``ws`` only to say why it is refused, then close it with ``code``."""
    await ws.accept()
    await _close_with(ws, error, code)


async def _close_with(ws: WebSocket, error: ApiError, code: int) -> None:
    """Send ``error`` on the open ``ws`` and close it with ``code`` (the client may be
    gone already: nothing more to do then)."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "error": error.body()}))
        await ws.close(code=code, reason=error.code)


class Refused(Exception):
    """The connection is to be closed with ``code`` after the ``error`` message (None:
    the client went away, nothing to send)."""

    def __init__(self, error: ApiError | None, code: int = CLOSE_POLICY) -> None:
        super().__init__(error.code if error else "gone")
        self.error = error
        self.code = code


def _no_room_to_watch(
    settings: Settings, hub: Hub, sockets: dict[str, int], game_id: str, client: str
) -> bool:
    """Whether the game has all the spectators it may have, or the client all the
    sockets it may hold (``sockets``: each client's spectators' and lobby's; a seat's
    connections are not counted, nor limited by anyone else's)."""
    room = hub.rooms.get(game_id)
    return (room is not None and room.spectators() >= settings.spectator_sockets) or (
        sockets.get(client, 0) >= settings.client_sockets
    )


def _release(counts: dict[str, int], client: str) -> None:
    counts[client] -= 1
    if not counts[client]:
        del counts[client]


@router.websocket("/ws/games/{game_id}")
async def game_socket(
    ws: WebSocket,
    service: Games,
    hub: HubPart,
    presence: PresencePart,
    accounts: AccountsPart,
    game_id: str,
    since: str | None = None,
) -> None:
    """A seat's or a spectator's live connection to a game: the seat's token comes in
    the Authorization header or in the first message, never in the URL."""
    # A token in the URL has leaked already (logs keep URLs): refused, so that a client
    # that leaks it does not also work.
    leaked = token_param(ws.query_params.keys())
    if leaked is not None:
        await _refuse(ws, token_in_url(leaked), CLOSE_POLICY)
        return
    first = 0
    if since is not None:
        # ASCII digits only ("²".isdigit() is true), and no number int() chokes on.
        if not (since.isascii() and since.isdigit() and len(since) <= 9):
            refusal = ApiError(422, "bad_message", "since must be an event index", field="since")
            await _refuse(ws, refusal, CLOSE_POLICY)
            return
        first = int(since)
    # Only a Bearer token counts: a browser behind a password-protected proxy sends
    # "Authorization: Basic ..." by itself, and must still say hello.
    header = bearer(ws.headers.get("authorization"))
    try:
        # A game id is public (spectators' links): an unknown one is told before a hello.
        table = await service.table(game_id)
        seat: int | None = None
        if header is not None:
            table, seat = await service.seat_of(game_id, header)
    except ApiError as error:
        await _refuse(ws, error, CLOSE_UNKNOWN if error.status == 404 else CLOSE_BAD_TOKEN)
        return
    settings = service.settings
    client = ws.client.host if ws.client else ""
    # Spectators and seats are limited apart, so that no number of spectators keeps a
    # seat out (nor makes it lose on time): a client's sockets that have not said who
    # they are yet (``waiting``), and its spectators' (``sockets``, with its lobby's),
    # are capped by client and by game; a seat's connections are never refused for
    # load, a seat's oldest one gives its place to its newest past ``seat_sockets``.
    sockets: dict[str, int] = ws.app.state.sockets_of_client
    waiting: dict[str, int] = ws.app.state.waiting_of_client
    if header is None and waiting.get(client, 0) >= settings.client_sockets:
        await _refuse(ws, _too_many(), CLOSE_TRY_LATER)
        return
    await ws.accept()
    conn: Connection | None = None
    watching = False
    token = header
    bucket = TokenBucket(settings.rate_burst, settings.rate_per_second)
    try:
        if header is None:
            # Counted while it waits for its hello: HELLO_TIMEOUT bounds the wait.
            waiting[client] = waiting.get(client, 0) + 1
            try:
                table, seat, token = await _hello(ws, service, game_id, bucket)
            finally:
                _release(waiting, client)
        if seat is None:
            if _no_room_to_watch(settings, hub, sockets, table.id, client):
                raise Refused(_too_many(), CLOSE_TRY_LATER)
            sockets[client] = sockets.get(client, 0) + 1
            watching = True
        elif (room := hub.rooms.get(table.id)) is not None:
            room.make_room_for(seat, settings.seat_sockets)
        token_hash = hash_token(token) if seat is not None and token else None
        conn = hub.join(ws, table, seat, first, service.now, token_hash)
        # Online, and for the creator of an open game waiting for an opponent: listed
        # in the lobby while at its table.
        open_game = seat is not None and table.status == "waiting" and table.meta.get("open")
        name = await name_of(accounts, dict(ws.cookies))
        presence.arrive(conn, Here(name, seeking=table.id if open_game else None))
        await _serve(ws, service, table, conn, bucket)
    except Refused as refused:
        if refused.error is not None:
            await _close_with(ws, refused.error, refused.code)
    except WebSocketDisconnect:
        pass
    except RuntimeError as error:  # receive after the socket closed
        log.debug("socket of %s ended: %s", game_id, error)
    finally:
        if watching:
            _release(sockets, client)
        if conn is not None:
            presence.depart(conn)
            await hub.leave(conn)
        if ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close()


def _too_many() -> ApiError:
    return ApiError(429, "too_many_sockets", "too many connections: try again later")


async def _hello(
    ws: WebSocket, service: GameService, game_id: str, bucket: TokenBucket
) -> tuple[Table, int | None, str | None]:
    """Wait for the first message, a hello, at most :data:`HELLO_TIMEOUT` seconds; the
    table, the seat it names (None: a spectator) and its token. Anything else is refused and ends
    the connection (:class:`Refused`): a client that has not said who it is gets no
    second try, nor any time beyond the deadline."""
    try:
        raw = await asyncio.wait_for(ws.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        late = ApiError(
            408, "hello_timeout", f"no hello within {HELLO_TIMEOUT:g} seconds: {HELLO_HINT}"
        )
        raise Refused(late, CLOSE_HELLO_TIMEOUT) from None
    if raw["type"] == "websocket.disconnect":
        raise Refused(None)
    # The first frame is a frame like any other: it spends a token and has the same size
    # limit (an oversized or broken one ends the connection here).
    if not bucket.take():
        raise Refused(ApiError(429, "rate_limited", "too many messages: slow down"))
    try:
        token = read_hello(_text_of(raw, service.settings.max_message))
        table, seat = await service.seat_of(game_id, token)
        return table, seat, token
    except ApiError as error:
        code = CLOSE_POLICY
        if error.code == "bad_token":
            code = CLOSE_BAD_TOKEN
        elif error.status == 404:
            code = CLOSE_UNKNOWN
        raise Refused(error, code) from None


async def _serve(
    ws: WebSocket, service: GameService, table: Table, conn: Connection, bucket: TokenBucket
) -> None:
    """Read the client's messages until it goes away or is closed for flooding."""
    settings = service.settings
    strikes = 0
    answered: OrderedDict[Any, int] = OrderedDict()
    while True:
        raw = await ws.receive()
        if raw["type"] == "websocket.disconnect":
            break
        # Every frame spends a token, an oversized or broken one too (it costs
        # the server as much to refuse).
        if bucket.take():
            try:
                text = _text_of(raw, settings.max_message)
            except ApiError as error:
                strikes += error.status == 413
                if strikes > settings.rate_strikes:
                    await ws.close(code=CLOSE_POLICY, reason=error.code)
                    break
                conn.push_error(error)
                continue
        else:
            strikes += 1
            if strikes > settings.rate_strikes:
                await ws.close(code=CLOSE_POLICY, reason="rate_limited")
                break
            conn.push_error(
                ApiError(429, "rate_limited", "too many messages: slow down; this one was ignored")
            )
            continue
        await _handle(service, table, conn, text, answered)


def _text_of(raw: Any, limit: int) -> str:
    """The text of a received frame (a binary one must hold UTF-8), at most ``limit``
    bytes."""
    text = raw.get("text")
    if text is None:
        data = raw.get("bytes") or b""
        if len(data) > limit:
            raise ApiError(413, "too_large", f"messages are {limit} bytes at most")
        try:
            return str(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise ApiError(400, "bad_message", "messages are UTF-8 text") from None
    if len(text) > limit // 4 and len(text.encode("utf-8")) > limit:
        raise ApiError(413, "too_large", f"messages are {limit} bytes at most")
    return str(text)


async def _handle(
    service: GameService,
    table: Table,
    conn: Connection,
    text: str,
    answered: OrderedDict[Any, int],
) -> None:
    """Carry out one client message; any refusal goes back as an ``error`` message.

    An action re-sent with the ``ref`` of one this connection had stored gets the same
    ``accepted`` again, and is not played twice (``answered``: ref -> index)."""
    ref = None
    try:
        message = read_message(text)
        ref = message.ref
        if message.op == "ping":
            conn.push({"type": "pong", "ref": ref})
            return
        if message.op == "sync":
            conn.resync(message.since)
            return
        if conn.seat is None:
            raise ApiError(403, "not_a_seat", "spectators cannot play: connect with a seat token")
        if message.op == "resign":
            result = await service.moves.resign(table, conn.seat)
            conn.push({"type": "resigned", "ref": ref, "result": result})
            return
        assert message.action is not None
        if ref is not None and ref in answered:
            conn.push({"type": "accepted", "ref": ref, "index": answered[ref]})
            return
        index = await service.submit(table, conn.seat, message.action, expect=message.expect)
        if ref is not None:
            answered[ref] = index
            if len(answered) > ANSWERED_REFS:
                answered.popitem(last=False)
            conn.push({"type": "accepted", "ref": ref, "index": index})
    except ApiError as error:
        conn.push_error(error, ref)
