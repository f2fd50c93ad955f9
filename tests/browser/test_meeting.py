"""Two strangers meet, in two browsers: Ada signs up and opens a rated game to
anyone; Bob, who reads the site in Portuguese, signs up and finds her game in the
lobby's live list, takes the seat in one click; they chat (a quick phrase reaches each in
their own language), play, Bob resigns; both ratings move; Ada offers a rematch from the
game-over panel, Bob accepts, and both are at the new game with the seats swapped.

Played once on one server, and once with each player on a server of their own (two
``outlaws serve`` processes sharing PostgreSQL and Redis, ``OUTLAWS_TEST_DEPLOY=1``).
Pictures: docs/img/lobby-live.png, lobby-live-phone-pt.png and rematch.png (written
with OUTLAWS_UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import os
import time

from playwright.sync_api import Browser, Page, expect

from tests.browser.tablekit import (
    WAIT_TURN_OR_OVER,
    game_and_token,
    keep,
    my_seat,
    play_one_action,
    sign_up,
    wait_turn_or_over,
)
from tests.server.deploykit import NEEDS_DEPLOY, local_topology


def rating_of(page: Page, base: str, name: str) -> str:
    page.goto(f"{base}/#/player/{name}")
    rating = page.get_by_test_id("rating-players")
    expect(rating).to_be_visible()
    return str(rating.inner_text())


def play_some(*pages: Page, actions: int) -> None:
    """``actions`` actions by clicks, each by whichever page is to act (a reaction asked
    meanwhile is passed)."""
    played = 0
    deadline = time.monotonic() + 90
    while played < actions and time.monotonic() < deadline:
        for page in pages:
            state = page.evaluate(WAIT_TURN_OR_OVER)
            if state == "over":
                return
            if state in ("turn", "react") and wait_turn_or_over(page) == "turn":
                play_one_action(page, ["move", "look"])
                played += 1
        time.sleep(0.05)
    assert played >= actions, f"{played} actions in 90 s"


def meet_play_and_rematch(
    browser: Browser, ada_url: str, bob_url: str, suffix: str, pictures: bool
) -> None:
    ada_name, bob_name = f"Ada{suffix}", f"Bob{suffix}"
    ada = browser.new_context(base_url=ada_url, viewport={"width": 1280, "height": 900}).new_page()
    bob_context = browser.new_context(
        base_url=bob_url, locale="pt-BR", viewport={"width": 390, "height": 844}
    )
    bob = bob_context.new_page()
    errors: list[str] = []
    for page in (ada, bob):
        page.on("pageerror", lambda error: errors.append(str(error)))

    # Ada signs up and opens a rated game to anyone: she waits at its table.
    ada.goto("/")
    sign_up(ada, ada_name)
    ada.get_by_test_id("lobby-placement-random").check()
    ada.get_by_test_id("clock").select_option("600:30")  # a rated game has a clock
    lobby = ada.get_by_test_id("live-lobby")
    lobby.get_by_test_id("seek-rated").check()
    lobby.get_by_test_id("seek-open").click()
    expect(ada.get_by_test_id("waiting")).to_be_visible()
    expect(ada.get_by_test_id("waiting-text")).to_contain_text("lobby")

    # Bob, in Portuguese on his phone, signs up; Ada's game is in his lobby, live.
    bob.goto("/")
    sign_up(bob, bob_name)
    seek = bob.get_by_test_id("seek").filter(has_text=ada_name)
    expect(seek).to_be_visible(timeout=15_000)
    expect(seek).to_contain_text("valendo pontos")
    expect(bob.get_by_test_id("online")).to_contain_text(ada_name)
    if pictures:  # the whole page: no scrolling to an entry the live list may redraw
        keep(bob, "lobby-live-phone-pt.png", full_page=True)
    seek.get_by_test_id("seek-join").click()

    # Both are at the game, which starts (the cards dealt at random).
    for page in (ada, bob):
        expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    game, _ = game_and_token(ada)
    assert game_and_token(bob)[0] == game

    # They chat: Ada writes, and sends a quick phrase that Bob reads in Portuguese.
    ada.get_by_test_id("chat-input").fill("Good luck, Bob!")
    ada.get_by_test_id("chat-send").click()
    expect(bob.get_by_test_id("chat-list")).to_contain_text("Good luck, Bob!")
    ada.locator('[data-testid="chat-phrase"][data-value="gl"]').click()
    expect(bob.get_by_test_id("chat-list")).to_contain_text("Boa sorte")

    # A few turns by clicks, then Bob resigns: Ada wins.
    play_some(ada, bob, actions=4)
    bob.get_by_test_id("resign").click()
    bob.get_by_test_id("resign-yes").click()
    for page in (ada, bob):
        expect(page.get_by_test_id("game-over")).to_be_visible()

    # Ada offers a rematch; Bob accepts; both are at the new game, seats swapped.
    seat_before = my_seat(ada)
    ada.get_by_test_id("rematch-offer").click()
    expect(ada.get_by_test_id("rematch-sent")).to_be_visible()
    expect(bob.get_by_test_id("rematch-offered")).to_be_visible()
    if pictures:
        keep(ada, "rematch.png", full_page=True)
    bob.get_by_test_id("rematch-accept").click()
    for page in (ada, bob):
        page.wait_for_url(lambda url, game=game: "#/game/" in url and game not in url)
        expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    assert game_and_token(ada)[0] == game_and_token(bob)[0]
    assert my_seat(ada) == 1 - seat_before

    # The rated game moved both ratings, which their profiles show.
    assert rating_of(ada, ada_url, ada_name) != "1500"
    assert rating_of(bob, bob_url, bob_name) != "1500"
    if pictures:  # both back in the lobby: each sees the other online
        bob.goto("/")
        ada.goto("/")
        expect(ada.get_by_test_id("online")).to_contain_text(bob_name, timeout=15_000)
        keep(ada, "lobby-live.png", full_page=True)
    assert errors == []
    ada.context.close()
    bob_context.close()


def test_two_strangers_meet_in_the_lobby_play_rated_chat_and_rematch(
    browser: Browser, live_server: str
) -> None:
    meet_play_and_rematch(browser, live_server, live_server, str(os.getpid() % 10000), True)


def test_they_meet_and_rematch_with_each_on_a_server_process_of_their_own(
    browser: Browser,
) -> None:
    with local_topology(servers=2) as topology:
        first, second = topology.servers
        meet_play_and_rematch(browser, first, second, f"{os.getpid() % 10000}d", False)


for _mark in NEEDS_DEPLOY:  # the two-process scenario needs the whole topology
    test_they_meet_and_rematch_with_each_on_a_server_process_of_their_own = _mark(
        test_they_meet_and_rematch_with_each_on_a_server_process_of_their_own
    )
