"""The page and its scripts come with the headers that keep another site from framing
them (clickjacking) and keep their address out of the requests they make elsewhere."""

from __future__ import annotations

from pathlib import Path

from tests.server.serverkit import running


def test_the_page_sends_its_security_headers(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        for path in ("/", "/static/app.js"):
            headers = client.get(path).headers
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert headers["x-frame-options"] == "DENY"
            assert headers["referrer-policy"] == "no-referrer"
