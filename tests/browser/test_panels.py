"""What the table's panels say, in Chromium: the action panel is headed for its reader
(the seat to act, the waiting seat, a spectator), the game-over panel leaves one way back
to the lobby, and the log tells a card's reveal once. The log's words and the names of
the bots are also checked in node (tests/js/words.test.mjs)."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import act, friend_game, resign, seat_view
from tests.server.serverkit import legal_of


def test_the_log_does_not_repeat_a_reveal_after_a_take_and_a_look_with_one_card(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, first, _ = friend_game(api)
    legal = legal_of(seat_view(api, game, tokens[first])) or []
    take = next(a for a in legal if a["type"] == "take")
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{game}/{tokens[first]}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    act(api, game, tokens[first], take)
    act(api, game, tokens[first], {"type": "look", "col": take["col"]})
    log = page.locator('[data-testid="log"] li')
    expect(page.locator('[data-testid="log"] li[data-type="look"]')).to_have_count(1)
    texts = log.all_inner_texts()
    assert len(texts) == len(set(texts)), texts
    assert not any("is revealed" in text for text in texts), texts
    assert any(re.match(rf"Your \w+ at column {take['col']} called", text) for text in texts), texts
    assert any(
        re.match(rf"Your \w+ at column {take['col']} looked at slot", text) for text in texts
    ), texts
    assert console_errors == []


def test_the_spectators_panel_is_headed_watching(page: Page, api: httpx.Client) -> None:
    game, _, _, _ = friend_game(api)
    page.goto(f"/#/watch/{game}")
    panel = page.get_by_test_id("action-panel")
    expect(panel.locator("h2")).to_have_text("Watching")
    expect(panel).to_have_attribute("aria-label", "Watching")
    expect(page.get_by_text("Your move")).to_have_count(0)


def test_the_waiting_seats_panel_says_it_is_the_opponents_move(
    page: Page, api: httpx.Client
) -> None:
    game, tokens, first, _ = friend_game(api)
    page.goto(f"/#/game/{game}/{tokens[1 - first]}")
    panel = page.get_by_test_id("action-panel")
    expect(panel.locator("h2")).to_have_text("Their move")
    expect(panel).to_have_attribute("aria-label", "Their move")
    expect(panel.get_by_test_id("wait-hint")).to_contain_text("Waiting for")


def test_the_game_over_panel_leaves_one_lobby_button(page: Page, api: httpx.Client) -> None:
    game, tokens, first, _ = friend_game(api)
    page.goto(f"/#/game/{game}/{tokens[0]}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    resign(api, game, tokens[first])
    expect(page.get_by_test_id("game-over")).to_be_visible()
    lobby = page.locator('main a[href="#/"]').filter(has_text="Lobby")
    expect(lobby).to_have_count(1)
