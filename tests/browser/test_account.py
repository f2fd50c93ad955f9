"""Accounts in Chromium: a guest plays, signs up in the lobby and keeps the
game (the header's Sign in button opens the form); on a second device (another browser
context) they sign in and open it there; a rated game moves their rating, which their
profile shows. Pictures:
docs/img/account-lobby.png, profile.png, and at phone width profile-phone.png and, in
Portuguese, profile-phone-pt.png and account-phone-pt.png (written with
OUTLAWS_UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import os
import time
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import PASSWORD, SIGN_UP_MS, bearer, game_and_token, keep, sign_up


def test_a_guest_signs_up_and_finds_the_game_again_on_another_device(
    page: Page, new_context: Any, live_server: str, console_errors: list[str]
) -> None:
    name = f"Belle{os.getpid() % 100000}"
    page.goto("/")
    # A guest's game against a bot.
    page.get_by_test_id("bot-level").select_option("random")
    page.get_by_test_id("lobby-placement-random").check()
    page.get_by_test_id("new-bot").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    game, _ = game_and_token(page)
    # Back in the lobby, the guest signs up (the header's Sign in button opens the
    # form): the game becomes the account's.
    page.goto("/")
    account = page.get_by_test_id("account")
    account.get_by_test_id("account-toggle").click()
    account.get_by_test_id("account-name-input").fill(name)
    account.get_by_test_id("account-password").fill("short")
    account.get_by_test_id("sign-up").click()
    expect(account.get_by_test_id("account-error")).to_be_visible()
    console_errors.clear()  # the refusal (422) the browser logs: expected here
    account.get_by_test_id("account-password").fill(PASSWORD)
    account.get_by_test_id("sign-up").click()
    expect(account.get_by_test_id("account-name")).to_contain_text(name, timeout=SIGN_UP_MS)
    keep(page, "account-lobby.png", full_page=True)

    # Another device: it signs in, and opens the game with a token of its own.
    laptop = new_context(viewport={"width": 1280, "height": 900}).new_page()
    laptop.goto(f"{live_server}/")
    other = laptop.get_by_test_id("account")
    other.get_by_test_id("account-toggle").click()
    other.get_by_test_id("account-name-input").fill(name.lower())
    other.get_by_test_id("account-password").fill(PASSWORD)
    other.get_by_test_id("sign-in").click()
    expect(other.get_by_test_id("account-name")).to_contain_text(name)
    found = laptop.locator(f'[data-testid="account-game"][data-game="{game}"]')
    expect(found).to_be_visible()
    found.get_by_test_id("open-here").click()
    expect(laptop.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    here, token = game_and_token(laptop)
    assert here == game
    seen = httpx.get(f"{live_server}/games/{game}", headers=bearer(token), timeout=10).json()
    assert seen["mode"] == "play"
    # A rated game against a bot, given up: the profile shows the rating it moved.
    made = laptop.evaluate(
        """async () => {
            const me = await (await fetch('/account')).json();
            const r = await fetch('/games', {method: 'POST', headers: {'Content-Type':
              'application/json', 'X-CSRF-Token': me.csrf}, body: JSON.stringify({opponent:
              'bot', bot: 'random', placement: 'random', rated: true,
              clock: {bank: 300, per_turn: 30}})});
            return r.json();
        }"""
    )
    resigned = httpx.post(
        f"{live_server}/games/{made['game']}/resign", headers=bearer(made["token"]), timeout=10
    )
    assert resigned.status_code == 200
    laptop.goto(f"{live_server}/")
    laptop.get_by_test_id("account-toggle").click()
    laptop.get_by_test_id("account-profile").click()
    expect(laptop.get_by_test_id("pool-bots")).to_be_visible(timeout=10_000)
    rating = int(laptop.get_by_test_id("rating-bots").inner_text())
    assert rating < 1500
    keep(laptop, "profile.png", full_page=True)
    # At phone width nothing runs off the side, and the lobby's account panel fits too.
    laptop.set_viewport_size({"width": 390, "height": 844})
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
    assert laptop.evaluate(overflow) <= 0
    keep(laptop, "profile-phone.png", full_page=True)
    # In Portuguese: the profile's words follow the reader's language.
    laptop.get_by_test_id("lang").select_option("pt")
    expect(laptop.get_by_test_id("pool-bots")).to_contain_text("Classificação contra bots")
    keep(laptop, "profile-phone-pt.png", full_page=True)
    # Signed out, the header offers the forms again (at phone width: they fit).
    laptop.goto(f"{live_server}/")
    laptop.get_by_test_id("account-toggle").click()
    laptop.get_by_test_id("sign-out").click()
    toggle = laptop.get_by_test_id("account-toggle")
    expect(toggle).to_have_text("Entrar")
    toggle.click()
    expect(laptop.get_by_test_id("sign-in")).to_have_text("Entrar")
    expect(laptop.get_by_test_id("account-password")).to_be_visible()
    assert laptop.evaluate(overflow) <= 0
    form = laptop.get_by_test_id("account").bounding_box()
    assert form and form["x"] >= 0 and form["x"] + form["width"] <= 390
    keep(laptop, "account-phone-pt.png", full_page=True)
    assert console_errors == []


def test_a_slow_answer_on_the_session_keeps_what_the_guest_typed(page: Page) -> None:
    """On a slow connection the page learns late that this browser is a guest: the name
    and password typed in the meantime stay, and signing up with them works."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        if route.request.method == "GET":
            held.append(route)  # answered below, once the guest has typed
        else:
            route.continue_()

    page.route("**/account", hold)
    page.goto("/")
    account = page.get_by_test_id("account")
    account.get_by_test_id("account-toggle").click()
    name = f"Slow{os.getpid() % 10000}"
    account.get_by_test_id("account-name-input").fill(name)
    account.get_by_test_id("account-password").fill(PASSWORD)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page asks whether it is signed in"
    for route in held:
        route.continue_()
    page.unroute("**/account", hold)
    page.wait_for_timeout(500)  # the answer is in: the form must not be drawn again
    expect(account.get_by_test_id("account-name-input")).to_have_value(name)
    account.get_by_test_id("sign-up").click()
    expect(account.get_by_test_id("account-name")).to_contain_text(name, timeout=SIGN_UP_MS)


def test_a_rated_game_opened_from_the_lobby_says_its_terms_a_clock_and_no_turn_limit(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    """A rated game always has a clock (a player who runs out of time loses) and no turn
    limit (R9.5: it ends by the rules): ticking Rated with "No clock" and a turn limit in
    the form, the player is shown the clock the game takes instead and told the limit
    does not apply; the game opens on those terms."""
    name = f"Rae{os.getpid() % 100000}"
    page.goto("/")
    sign_up(page, name)
    page.get_by_test_id("lobby-placement-random").check()
    clock = page.get_by_test_id("clock")
    expect(clock).to_have_value("")  # "No clock"
    page.get_by_test_id("turn-limit").fill("40")
    lobby = page.get_by_test_id("live-lobby")
    terms = lobby.get_by_test_id("rated-terms")
    expect(terms).to_be_hidden()

    lobby.get_by_test_id("seek-rated").check()
    expect(clock).to_have_value("600:30")  # the clock a rated game takes, in the form
    expect(terms).to_have_text(
        "This rated game: 10 min + 30 s a turn, a player whose time runs out loses,"
        " no turn limit. The turn limit does not apply: a rated game ends by the rules."
    )
    # "No clock" chosen again: the terms still name the clock the game will have.
    clock.select_option("")
    expect(terms).to_contain_text("10 min + 30 s a turn")
    expect(terms).to_contain_text("instead of “No clock”")
    clock.select_option("180:15")
    expect(terms).to_contain_text("This rated game: 3 min + 15 s a turn")

    lobby.get_by_test_id("seek-open").click()
    expect(page.get_by_test_id("waiting")).to_be_visible()
    game, _ = game_and_token(page)
    # GET /lobby answers from the copy the lobby's feed keeps, brought up to date within
    # a moment: the new game is listed once it is.
    deadline = time.monotonic() + 10
    seeks: dict[str, Any] = {}
    while game not in seeks and time.monotonic() < deadline:
        seeks = {seek["game"]: seek for seek in api.get("/lobby").json()["seeks"]}
        time.sleep(0.5)  # within the lobby's 2 calls a second
    assert seeks[game]["rated"] is True
    assert seeks[game]["clock"] == {"bank": 180, "per_turn": 15}
    assert console_errors == []
