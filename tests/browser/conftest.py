"""Browser tests: Playwright driving Debian's Chromium against a real server.

Fixtures (on top of pytest-playwright's ``page``, ``context``, ``new_context``, ``browser``):

- ``live_server`` (session): the base URL ``http://127.0.0.1:PORT`` of an ``outlaws
  serve`` subprocess on a fresh SQLite file. ``base_url`` is the same: pytest-playwright
  gives it to every context (``browser_context_args``), so ``page.goto("/")`` opens the
  table.
- ``api`` (session): an ``httpx.Client`` on that server, to set up games without clicks.
- ``console_errors``: the console errors and uncaught exceptions of ``page``, gathered
  from the moment the fixture is set up (assert it is empty at the end of a test).

Chromium is ``$OUTLAWS_CHROMIUM`` or ``/usr/bin/chromium`` (``apt-get install chromium``;
``.ci/run`` installs it), never a browser downloaded by ``playwright install``. Without
it the tests are skipped, unless ``OUTLAWS_REQUIRE_BROWSER=1`` (CI) makes that an error.
Every test under this folder is marked ``browser`` (``pytest -m "not browser"`` leaves
them out).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.tablekit import page_errors

HERE = Path(__file__).parent
DEFAULT_CHROMIUM = "/usr/bin/chromium"
#: The machine's network is closed: Chromium must not try its background connections.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Seconds the server has to answer after it is started.
START_TIMEOUT = 60.0
#: The live server's standard error, shown under a browser test that failed.
_SERVER_LOG: list[Path] = []


def browser_required() -> bool:
    return os.environ.get("OUTLAWS_REQUIRE_BROWSER", "") not in ("", "0")


def chromium_path() -> str:
    return os.environ.get("OUTLAWS_CHROMIUM") or DEFAULT_CHROMIUM


def _missing(reason: str) -> None:
    """Skip the test (a developer without Chromium), or fail it in CI."""
    if browser_required():
        pytest.fail(f"{reason} (OUTLAWS_REQUIRE_BROWSER is set: browser tests must run)")
    pytest.skip(reason)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # A conftest's hook sees every item of the session: mark only this folder's.
    plugin = importlib.util.find_spec("pytest_playwright") is not None
    reason = "pytest-playwright is not installed (pip install -e '.[test]')"
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)
            if not plugin:
                if browser_required():
                    raise pytest.UsageError(f"{reason}; OUTLAWS_REQUIRE_BROWSER is set")
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.failed and _SERVER_LOG and HERE in Path(str(item.path)).parents:
        text = _SERVER_LOG[0].read_text(errors="replace")[-8000:]
        if text.strip():
            report.sections.append(("live server stderr (last 8000 characters)", text))


# -- the server --------------------------------------------------------------------------
@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``outlaws serve`` on a free port and a fresh database; its base URL."""
    folder = tmp_path_factory.mktemp("live_server")
    out_path, err_path = folder / "stdout.txt", folder / "stderr.txt"
    command = [
        sys.executable,
        "-m",
        "outlaws",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",  # the server binds a free port itself and prints it: no race for a port
        "--db",
        f"sqlite:///{folder / 'outlaws.db'}",
        "--bot-workers",
        "1",
        "--sqlite-sync",
        "NORMAL",
        "--log-level",
        "warning",
        # The analyses judged in a blink (their panel is tested, not their judgement).
        "--analysis-budget",
        "4,3,60",
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, env=env, cwd=folder)
    _SERVER_LOG[:] = [err_path]
    try:
        url = _wait_until_up(process, out_path, err_path)
        yield url
    finally:
        _stop(process)


def _wait_until_up(process: subprocess.Popen[bytes], out_path: Path, err_path: Path) -> str:
    deadline = time.monotonic() + START_TIMEOUT
    url = None
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        if url is None:
            found = re.search(r"http://127\.0\.0\.1:(\d+)", out_path.read_text(errors="replace"))
            if found:
                url = f"http://127.0.0.1:{found.group(1)}"
        if url is not None:
            try:
                if httpx.get(f"{url}/bots", timeout=2.0).status_code == 200:
                    return url
            except httpx.HTTPError:
                pass
        time.sleep(0.1)
    state = (
        f"exited with status {process.returncode}"
        if process.poll() is not None
        else f"did not answer within {START_TIMEOUT:.0f} s"
    )
    _stop(process)
    pytest.fail(
        f"the live server {state}\n--- stdout ---\n{out_path.read_text(errors='replace')}"
        f"\n--- stderr ---\n{err_path.read_text(errors='replace')}",
        pytrace=False,
    )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@pytest.fixture(scope="session")
def api(live_server: str) -> Iterator[httpx.Client]:
    """An HTTP client of the live server (``api.post("/games", json=...)``)."""
    with httpx.Client(base_url=live_server, timeout=30.0) as client:
        yield client


# -- the browser -------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, with Debian's Chromium, headless."""
    executable = chromium_path()
    if not os.access(executable, os.X_OK):
        _missing(f"no Chromium at {executable} (apt-get install chromium, or set OUTLAWS_CHROMIUM)")
    return {
        **browser_type_launch_args,
        "executable_path": executable,
        "headless": browser_type_launch_args.get("headless", True),
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """pytest-playwright gives every context this ``base_url``: ``page.goto("/")``
    opens the live server's table."""
    return live_server


@pytest.fixture
def console_errors(page: Any) -> list[str]:
    """The console errors and uncaught exceptions of ``page`` from now on
    (:func:`tablekit.page_errors`)."""
    return page_errors(page)
