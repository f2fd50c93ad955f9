"""Helpers shared by the browser tests: the seat's HTTP calls, and when the page says it
is this seat's turn."""

from __future__ import annotations

from typing import Any

import httpx

#: Whose turn it is, read from the page: "turn" (mine, nothing in progress) or "over".
WAIT_TURN_OR_OVER = """() => {
  const over = document.querySelector('[data-testid="game-over"]');
  if (over && !over.hidden) return "over";
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
