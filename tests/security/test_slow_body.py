"""A request body trickled a byte at a time held its connection for ever.

Request headers had a deadline (``test_connection_limits.py``), but a client that sent
them at once and then its body one byte a second kept the connection open as long as it
liked (1 MiB allowed: twelve days). Now the whole body must arrive within
``Settings.body_timeout`` seconds of the headers: the request is answered 408
``body_timeout`` and the connection closed. Against a real server process on 127.0.0.1
(the app under uvicorn with the guarded protocol, as ``outlaws serve`` runs it, with a
short body deadline).
"""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import textwrap
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.security.attackkit import live_server

BODY_TIMEOUT = 1.5

#: ``outlaws serve``'s server, with settings of the test's own (the command has no option
#: for the body deadline: its default is 30 s).
SERVER = textwrap.dedent(
    """
    import socket, sys
    import uvicorn
    from outlaws.server import Settings, create_app
    from outlaws.server.http.guard import GuardedHttpProtocol

    settings = Settings(db_url=sys.argv[1], bot_workers=1, body_timeout=float(sys.argv[2]))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    print(f"port {sock.getsockname()[1]} ", flush=True)
    config = uvicorn.Config(
        create_app(settings), http=GuardedHttpProtocol, timeout_keep_alive=5,
        log_level="warning", lifespan="on",
    )
    uvicorn.Server(config).run(sockets=[sock])
    """
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("slowbody") / "outlaws.db"
    command = [sys.executable, "-c", SERVER, f"sqlite:///{db}", str(BODY_TIMEOUT)]
    with live_server(command) as (base, _):
        yield base


def connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=5)


def trickle(sock: socket.socket, head: bytes, every: float, limit: float) -> tuple[bytes, float]:
    """Send ``head`` (complete headers), then a byte of body each ``every`` seconds until
    the server closes the connection or ``limit`` seconds pass: what the server answered,
    and how long after the headers it closed (``limit`` if it never did)."""
    sock.sendall(head)
    started = time.monotonic()
    answer = b""
    while time.monotonic() - started < limit:
        sock.settimeout(every)
        try:
            data = sock.recv(65536)
        except TimeoutError:
            data = None
        except ConnectionResetError:
            return answer, time.monotonic() - started
        if data == b"":
            return answer, time.monotonic() - started
        if data:
            answer += data
            continue
        # JSON allows whitespace: the body is never complete. A send to a closed
        # connection fails, and the next recv says it is closed.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(b" ")
    return answer, limit


def test_a_trickled_body_is_answered_408_and_closed_while_others_are_served(
    server: str,
) -> None:
    head = (
        b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\n\r\n{"
    )
    # Two connections stall in their bodies (a byte, then nothing); a third trickles.
    stalled = [connect(server) for _ in range(2)]
    slow = connect(server)
    try:
        for sock in stalled:
            sock.sendall(head)
        # Meanwhile the server answers everyone else at once: a read and a write.
        started = time.monotonic()
        assert httpx.get(f"{server}/bots", timeout=5.0).status_code == 200
        made = httpx.post(
            f"{server}/games",
            json={"opponent": "friend", "placement": "random"},
            timeout=5.0,
        )
        assert made.status_code == 201, made.text
        assert time.monotonic() - started < BODY_TIMEOUT / 2
        answer, held = trickle(slow, head, every=0.2, limit=BODY_TIMEOUT + 5.0)
        # Before the body deadline: still open after 20 s (never closed by the server).
        # After: 1.50 s, the deadline (1.5 s here; 30 s by default).
        print(f"a trickled body held its connection {held:.2f} s (deadline {BODY_TIMEOUT} s)")
        assert held < BODY_TIMEOUT + 1.0, held
        status, _, rest = answer.partition(b"\r\n")
        assert status.startswith(b"HTTP/1.1 408"), answer
        headers, _, body = rest.partition(b"\r\n\r\n")
        assert b"connection: close" in headers.lower()
        # The project's error shape (a body framed by its length or in chunks).
        error = json.loads(body[body.index(b"{") : body.rindex(b"}") + 1])
        assert error["error"]["code"] == "body_timeout", error
        # The stalled ones are closed by the same deadline (already past for them).
        for sock in stalled:
            sock.settimeout(2.0)
            got = b""
            while chunk := sock.recv(65536):
                got += chunk
            assert got.startswith(b"HTTP/1.1 408"), got
    finally:
        for sock in [*stalled, slow]:
            sock.close()
    assert httpx.get(f"{server}/bots", timeout=5.0).status_code == 200


def test_a_chunked_body_that_never_ends_is_closed_too(server: str) -> None:
    head = (
        b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n"
    )
    with connect(server) as sock:
        sock.sendall(head)
        started = time.monotonic()
        answer = b""
        while time.monotonic() - started < BODY_TIMEOUT + 5.0:
            sock.settimeout(0.2)
            try:
                data = sock.recv(65536)
            except TimeoutError:
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    sock.sendall(b"1\r\n \r\n")  # one more byte, in a chunk of its own
                continue
            except ConnectionResetError:
                break
            if not data:
                break
            answer += data
        held = time.monotonic() - started
    assert held < BODY_TIMEOUT + 1.0, held
    assert answer.startswith(b"HTTP/1.1 408"), answer


def test_a_slow_but_timely_body_is_served(server: str) -> None:
    """A body sent in pieces, all within the deadline, is an ordinary request."""
    body = json.dumps({"opponent": "friend", "placement": "random"}).encode()
    head = (
        b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
    )
    with connect(server) as sock:
        sock.sendall(head)
        third = len(body) // 3
        for piece in (body[:third], body[third : 2 * third], body[2 * third :]):
            time.sleep(BODY_TIMEOUT / 6)
            sock.sendall(piece)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 201"), answer
