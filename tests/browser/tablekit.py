"""Helpers shared by the browser tests: the seat's HTTP calls, when the page says it is
this seat's turn, and one action taken by clicks."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

#: Every 100 ms, on any screen, the texts a player reads (the page's lines, the tab's
#: title, and the title, ARIA label, placeholder and alt of every element) that say null,
#: undefined, NaN or [object Object], gathered once each in ``window.__bad`` with the
#: screen they were on. Installed before a page's scripts (``add_init_script``).
WORDS_WATCH = """(() => {
  const BAD = /\\b(null|undefined|NaN)\\b|\\[object Object\\]/;
  const ATTRIBUTES = ["title", "aria-label", "placeholder", "alt"];
  window.__bad = [];
  function badTexts() {
    const lines = document.body ? document.body.innerText.split("\\n") : [];
    const found = lines.filter((line) => BAD.test(line));
    if (BAD.test(document.title)) found.push(`tab title: ${document.title}`);
    for (const el of document.querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(","))) {
      for (const name of ATTRIBUTES) {
        const value = el.getAttribute(name);
        if (value && BAD.test(value)) found.push(`${name}: ${value}`);
      }
    }
    return found;
  }
  setInterval(() => {
    for (const text of badTexts()) {
      if (window.__bad.some((b) => b.text === text)) continue;
      window.__bad.push({ screen: location.hash || "#/", text });
    }
  }, 100);
})();"""


def placeholder_words(page: Page) -> list[dict[str, str]]:
    """What WORDS_WATCH found on ``page`` so far: [] when no text said null and the like."""
    found: list[dict[str, str]] = page.evaluate("window.__bad || []")
    return found


#: Whose turn it is, read from the page: "turn" (mine, nothing in progress), "react" (the
#: reaction prompt asks me, R6.3/R6.9: a bot's shot, arrest or ability may come at any
#: time), or "over".
WAIT_TURN_OR_OVER = """() => {
  const over = document.querySelector('[data-testid="game-over"]');
  if (over && !over.hidden) return "over";
  const prompt = document.querySelector('[data-testid="prompt"]');
  if (prompt && prompt.open && prompt.querySelector('[data-value="pass"]')) return "react";
  const s = document.querySelector('[data-testid="status"]');
  if (s && s.dataset.status === "playing" && s.dataset.toAct === s.dataset.seat
      && document.querySelector('[data-testid="pick-hint"]')) return "turn";
  return false;
}"""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seat_view(api: httpx.Client, game: str, token: str) -> dict[str, Any]:
    """The game as the seat of ``token`` is served it."""
    answer = api.get(f"/games/{game}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def act(api: httpx.Client, game: str, token: str, action: dict[str, Any]) -> None:
    """Play ``action`` for the seat of ``token`` over HTTP."""
    answer = api.post(f"/games/{game}/actions", json=action, headers=bearer(token))
    assert answer.status_code == 200, answer.text


def friend_game(api: httpx.Client, name: str = "Ann") -> tuple[str, dict[int, str], int, str]:
    """A friend game with both seats taken (``name`` and Bob), cards placed at random: its
    id, the seats' tokens, the seat to act first and the invite."""
    made = api.post(
        "/games", json={"opponent": "friend", "seat": 0, "placement": "random", "name": name}
    ).json()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    tokens = {0: made["token"], 1: joined["token"]}
    first = seat_view(api, made["game"], tokens[0])["view"]["to_act"]
    return made["game"], tokens, first, made["invite"]


def resign(api: httpx.Client, game: str, token: str) -> None:
    """The seat of ``token`` resigns over HTTP."""
    answer = api.post(f"/games/{game}/resign", headers=bearer(token))
    assert answer.status_code == 200, answer.text


def wait_turn_or_over(page: Page, timeout: float = 20_000) -> str:
    """Wait until it is this seat's turn ("turn") or the game is over ("over"); a
    reaction asked of it meanwhile is answered with Pass (the one answer always there)."""
    for _ in range(20):
        state = str(page.wait_for_function(WAIT_TURN_OR_OVER, timeout=timeout).json_value())
        if state != "react":
            return state
        page.locator('[data-testid="prompt"] [data-value="pass"]').click()
        page.wait_for_function(
            "() => { const p = document.querySelector('[data-testid=\"prompt\"]');"
            " return !p || !p.open || !p.querySelector('[data-value=\"pass\"]'); }",
            timeout=timeout,
        )
    raise AssertionError("a reaction was asked 20 times in a row")


def game_and_token(page: Page) -> tuple[str, str]:
    found = re.search(r"#/game/([^/]+)/([^/]+)$", page.url)
    assert found, page.url
    return found.group(1), found.group(2)


def my_seat(page: Page) -> int:
    seat = page.get_by_test_id("status").get_attribute("data-seat")
    assert seat in ("0", "1"), seat
    return int(seat)


def confirm(page: Page) -> None:
    """Say yes to the confirmation the table asks before an action that shows a card or
    spends a token (every type but move and saloon)."""
    page.get_by_test_id("confirm-action").get_by_test_id("confirm-yes").click()


def play_one_action(page: Page, prefer: list[str]) -> str:
    """Take one action by clicks: the first card that can act, the first of ``prefer``
    among the action types offered for it, then the first option of every step."""
    seat = my_seat(page)
    page.locator(f'[data-testid^="card-{seat}-"]:not([disabled])').first.click()
    offered = page.locator('[data-testid^="act-"]')
    expect(offered.first).to_be_visible()
    types = [offered.nth(i).get_attribute("data-type") for i in range(offered.count())]
    kind = next((t for t in prefer if t in types), types[0])
    assert kind is not None
    page.get_by_test_id(f"act-{kind}").click()
    panel = page.get_by_test_id("action-panel")
    asking = page.get_by_test_id("confirm-action")
    for _ in range(12):
        choices = panel.get_by_test_id("choice")
        # The last choice of an action that shows a card opens the confirmation, which
        # then stands over the panel (its choices stay drawn behind it).
        if asking.is_visible() or choices.count() == 0:
            break
        with contextlib.suppress(PlaywrightTimeoutError):
            choices.first.click(timeout=3_000)
    if kind not in ("move", "saloon"):
        confirm(page)
    expect(panel.get_by_test_id("choice")).to_have_count(0)
    return kind


ROOT = Path(__file__).resolve().parents[2]
#: Where the browser tests leave their pictures (not kept in the repository).
ARTIFACTS = Path(__file__).parent / "artifacts"


def publish(name: str) -> None:
    """Copy the picture ``ARTIFACTS/name`` to docs/img, only when asked
    (OUTLAWS_UPDATE_SCREENSHOTS=1): a test run never changes the work tree."""
    if os.environ.get("OUTLAWS_UPDATE_SCREENSHOTS") != "1":
        return
    image = ROOT / "docs" / "img" / name
    image.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ARTIFACTS / name, image)


def keep(target: Page | Locator, name: str, *, full_page: bool = False) -> None:
    """A picture of ``target`` for the documentation (:func:`publish`)."""
    ARTIFACTS.mkdir(exist_ok=True)
    if isinstance(target, Page):
        target.screenshot(path=str(ARTIFACTS / name), full_page=full_page)
    else:
        target.screenshot(path=str(ARTIFACTS / name))
    publish(name)


def page_errors(page: Page) -> list[str]:
    """The console errors and uncaught exceptions of ``page`` from now on.

    The browser's own request for ``/favicon.ico`` (made for a page that names no icon)
    is not the page's doing: its failure is left out."""
    errors: list[str] = []

    def on_console(message: Any) -> None:
        url = message.location.get("url", "") if message.location else ""
        if message.type == "error" and not url.endswith("/favicon.ico"):
            errors.append(f"console: {message.text} ({url})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    return errors


#: A password the server takes, for the accounts the tests sign up.
PASSWORD = "a long enough secret"
#: How long a sign-up may take: the password is hashed with argon2id, slow on purpose,
#: and slower still on a busy machine.
SIGN_UP_MS = 20_000


def sign_up(page: Page, name: str) -> None:
    """Sign up as ``name`` through the header's account menu, and wait until signed in."""
    account = page.get_by_test_id("account")
    account.get_by_test_id("account-toggle").click()
    account.get_by_test_id("account-name-input").fill(name)
    account.get_by_test_id("account-password").fill(PASSWORD)
    account.get_by_test_id("sign-up").click()
    expect(account.get_by_test_id("account-name")).to_contain_text(name, timeout=SIGN_UP_MS)
