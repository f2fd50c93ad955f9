"""Links into a game, in Chromium: a seat link whose key is wrong says so once, in the
reader's language, with the way back to the lobby and no empty panel; an invite opened
again by the browser that took the seat leads back to that seat, and anywhere else says
it is used."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import friend_game


def test_a_wrong_seat_token_shows_the_error_and_the_way_back_to_the_lobby(
    page: Page, api: httpx.Client
) -> None:
    game, _, _, _ = friend_game(api)
    page.goto(f"/#/game/{game}/not-the-seat-key")
    status = page.get_by_test_id("status")
    expect(status.get_by_test_id("refused")).to_have_text(
        "This link's seat key does not belong to this game."
    )
    expect(status).not_to_contain_text("Connecting")
    status.get_by_test_id("to-lobby").click()
    expect(page.get_by_test_id("new-bot")).to_be_visible()


def test_a_wrong_seat_token_says_so_once_with_no_empty_panels(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, _, _, _ = friend_game(api)
    for url, words in (
        (f"/#/game/{game}/garbage", "This link's seat key does not belong to this game."),
        ("/#/game/no-such-game/garbage", "No such game."),
    ):
        page.goto(url)
        refused = page.get_by_test_id("status").get_by_test_id("refused")
        expect(refused).to_have_text(words)
        expect(refused).to_have_attribute("role", "alert")
        expect(page.get_by_text(words)).to_have_count(1)
        expect(page.get_by_test_id("error")).to_be_hidden()
        # The table's panels (the actions, the log) have nothing to show: none is drawn.
        for testid in ("action-panel", "log", "game-over", "notebook"):
            expect(page.get_by_test_id(testid)).to_be_hidden()
        # A change of language says it again, in the new words, still once.
        page.get_by_test_id("lang").select_option("pt")
        expect(refused).not_to_have_text(words)
        expect(page.get_by_test_id("refused")).to_have_count(1)
        expect(page.get_by_test_id("action-panel")).to_be_hidden()
        page.get_by_test_id("lang").select_option("en")
        expect(page.get_by_test_id("refused")).to_have_text(words)
    assert console_errors == []


def test_a_reused_invite_offers_the_seat_to_its_browser_and_says_it_is_used_elsewhere(
    new_context: Any, api: httpx.Client
) -> None:
    made = api.post("/games", json={"opponent": "friend", "seat": 0, "placement": "random"}).json()
    invite = made["invite"]
    friend = new_context().new_page()
    friend.goto(f"/#/join/{invite}")
    friend.get_by_test_id("join-name").fill("Bob")
    friend.get_by_test_id("join").click()
    expect(friend.get_by_test_id("status")).to_have_attribute("data-seat", "1")
    seat_url = friend.url
    # The same browser opens the invite again: the way back to its seat, no form.
    friend.goto("/#/")
    friend.goto(f"/#/join/{invite}")
    expect(friend.get_by_test_id("invite-notice")).to_contain_text("You already took this seat.")
    expect(friend.get_by_test_id("join")).to_have_count(0)
    friend.get_by_test_id("open-seat").click()
    expect(friend.get_by_test_id("status")).to_have_attribute("data-seat", "1")
    assert friend.url == seat_url
    # Another browser: the invite is used, and the page says so, with the way to the lobby.
    other = new_context().new_page()
    other.goto(f"/#/join/{invite}")
    expect(other.get_by_test_id("invite-notice")).to_contain_text(
        "This invite is unknown or already used."
    )
    expect(other.get_by_test_id("join")).to_have_count(0)
    other.get_by_test_id("to-lobby").click()
    expect(other.get_by_test_id("new-bot")).to_be_visible()
