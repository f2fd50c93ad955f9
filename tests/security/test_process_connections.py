"""Attack on the server's file descriptors: many addresses, each under its own cap,
together opening more connections than the process has descriptors for (6 × 64 held a
256-descriptor server for 40 s). The process caps its connections from all addresses
with headroom left for its database and its bots; what the balancer in front must cap
is in docs/deploy.md. Against a real ``outlaws serve`` on 127.0.0.1."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from outlaws.server.http.guard import HEADROOM, connections_for
from tests.security.attackkit import live_server, serve_command
from tests.security.test_connection_limits import closed, half_open

PER_PROCESS = 24


def test_connections_past_the_process_cap_are_closed_at_once(tmp_path: Path) -> None:
    command = serve_command(
        tmp_path / "outlaws.db",
        "--max-connections", str(PER_PROCESS),
        "--client-connections", "1000",  # one address stands for many here
        "--header-timeout", "30",
    )  # fmt: skip
    with live_server(command) as (base, _):
        socks = [half_open(base) for _ in range(PER_PROCESS + 8)]
        try:
            # The ones within the cap are held (their headers may still come)...
            assert not any(closed(s, 0.3) for s in socks[PER_PROCESS - 4 : PER_PROCESS - 2])
            # ...the ones past the cap closed at once.
            assert all(closed(s, 2.0) for s in socks[PER_PROCESS:])
        finally:
            for sock in socks:
                sock.close()
        time.sleep(0.3)
        assert httpx.get(f"{base}/bots", timeout=5.0).status_code == 200


def test_the_default_cap_keeps_headroom_below_the_descriptor_limit() -> None:
    assert connections_for(256) == 256 - HEADROOM
    assert connections_for(65536) == 65536 - 65536 // 8
    assert 0 < connections_for() < 1 << 20
