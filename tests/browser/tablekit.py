"""Helpers shared by the browser tests: the seat's HTTP calls, and when the page says it
is this seat's turn."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page

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
