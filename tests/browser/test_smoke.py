"""The browser tests' own infrastructure: Chromium opens the live server's home page."""

from __future__ import annotations

from typing import Any


def test_the_home_page_loads(page: Any, console_errors: list[str], live_server: str) -> None:
    response = page.goto("/")
    assert response is not None and response.ok, response and response.status
    assert page.url.startswith(live_server)
    # The page's scripts ran and its first requests were answered.
    page.wait_for_load_state("networkidle")
    assert page.title().strip(), "the home page has no title"
    assert console_errors == []
