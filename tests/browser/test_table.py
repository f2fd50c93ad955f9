"""The browser table, played by clicks and keys in Chromium against a live server.

Every choice is made by clicking what the page offers (cards, action buttons, the
``choice`` buttons); the HTTP API is used only to set games up, to play the other seat
of a test that needs it, and to compare what the page shows with the engine's view.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.tablekit import (
    ARTIFACTS,
    bearer,
    confirm,
    game_and_token,
    play_one_action,
    publish,
    seat_view,
    wait_turn_or_over,
)
from tests.server.serverkit import legal_of

CHARACTERS = {
    "governor", "hitman", "sheriff", "indian", "storekeep",
    "dancer", "reporter", "bandit", "reverend", "mayor",
}  # fmt: skip


def check_cards_match_view(page: Page, view: dict[str, Any]) -> None:
    """Every card of the page shows exactly what the engine's view holds: a character
    where the view has one, a card back (``hidden``) where it has ``null``."""
    for seat in (0, 1):
        for col in range(1, 9):
            card = view["seats"][seat]["street"][col - 1]
            expect(page.get_by_test_id(f"card-{seat}-{col}")).to_have_attribute(
                "data-card", card or "hidden"
            )
        for i, card in enumerate(view["seats"][seat]["saloon"]):
            expect(page.get_by_test_id(f"saloon-{seat}-{i}")).to_have_attribute("data-card", card)


# -- a whole game against a bot --------------------------------------------------------
def test_a_whole_game_against_a_bot_is_played_by_clicks_to_its_end(
    page: Page, console_errors: list[str]
) -> None:
    page.goto("/")
    page.get_by_test_id("bot-level").select_option("random")
    page.get_by_test_id("turn-limit").fill("4")
    page.get_by_test_id("lobby-placement-random").check()
    page.get_by_test_id("new-bot").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    game, _ = game_and_token(page)
    rotation = [["look"], ["move"], ["take", "look"], ["saloon", "move"]]
    taken: list[str] = []
    for _ in range(12):
        if wait_turn_or_over(page) == "over":
            break
        # The tab says it is this seat's move (for a player busy in another tab).
        expect(page).to_have_title("● Your move · Outlaws")
        taken.append(play_one_action(page, rotation[len(taken) % len(rotation)]))
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible(timeout=20_000)
    assert taken, "the game ended before this seat could act"
    how = over.get_attribute("data-how")
    winner = over.get_attribute("data-winner")
    assert how in ("limit", "good", "bad", "ugly"), how
    assert winner in ("0", "1", "none")
    if how == "limit":
        assert winner == "none"
        expect(page.locator('[data-testid="log"] li[data-type="limit"]')).to_have_count(1)
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "over")
    expect(page).to_have_title("Outlaws")
    # The lobby lists the game among mine, finished.
    page.get_by_test_id("to-lobby").click()
    expect(page.locator(f'[data-testid="my-game"][data-game="{game}"]')).to_be_visible()
    assert console_errors == []


# -- two players, two browsers ---------------------------------------------------------
def test_two_players_in_two_browsers_each_see_only_their_own_cards(
    new_context: Any, api: httpx.Client, live_server: str
) -> None:
    ann = new_context().new_page()
    bob = new_context().new_page()
    ann.emulate_media(reduced_motion="reduce")
    ann.goto("/")
    ann.get_by_test_id("player-name").fill("Ann")
    ann.get_by_test_id("seat").select_option("0")
    ann.get_by_test_id("lobby-placement-random").check()
    ann.get_by_test_id("new-friend").click()
    link = ann.get_by_test_id("invite-link").input_value()
    assert link.startswith(f"{live_server}/#/join/"), link
    ann.get_by_test_id("open-game").click()
    expect(ann.get_by_test_id("status")).to_have_attribute("data-status", "waiting")
    expect(ann.get_by_test_id("waiting").get_by_test_id("invite-link")).to_have_value(link)

    bob.goto(link)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join").click()
    for page in (ann, bob):
        expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    game, ann_token = game_and_token(ann)
    assert game_and_token(bob)[0] == game
    seats = {ann: 0, bob: 1}
    tokens = {ann: ann_token, bob: game_and_token(bob)[1]}
    for page, seat in seats.items():
        expect(page.get_by_test_id("status")).to_have_attribute("data-seat", str(seat))
        view = seat_view(api, game, tokens[page])["view"]
        own = view["seats"][seat]["street"]
        assert set(own) <= CHARACTERS and len(set(own)) == 8
        assert view["seats"][1 - seat]["street"] == [None] * 8
        check_cards_match_view(page, view)
        # The viewer's own row is the one nearest to them (drawn last).
        rows = page.locator('[data-testid^="street-"]')
        expect(rows.last).to_have_attribute("data-testid", f"street-{seat}")

    # The seat to act looks at a token: its card is revealed to both, for a moment.
    first = int(ann.get_by_test_id("status").get_attribute("data-to-act") or "0")
    actor, watcher = (ann, bob) if first == 0 else (bob, ann)
    wait_turn_or_over(actor)
    actor.locator(f'[data-testid^="card-{first}-"]:not([disabled])').first.click()
    col = int(actor.locator(".card.selected").get_attribute("data-col") or "0")
    actor.get_by_test_id("act-look").click()
    confirm(actor)
    shown = seat_view(api, game, tokens[actor])["view"]["seats"][first]["street"][col - 1]
    card = watcher.get_by_test_id(f"card-{first}-{col}")
    expect(card).to_have_attribute("data-flash", shown)
    # The look's line names the card it revealed (no separate line for that reveal).
    look = watcher.locator('[data-testid="log"] li[data-type="look"]')
    expect(look).to_have_count(1)
    expect(look).to_contain_text(re.compile(shown, re.IGNORECASE))
    expect(card).not_to_have_attribute("data-flash", shown, timeout=5_000)
    for page in (ann, bob):
        check_cards_match_view(page, seat_view(api, game, tokens[page])["view"])
    # Only the looker learns the token (R5.3).
    slot = actor.get_by_test_id(f"slot-{col}")
    expect(slot).not_to_have_attribute("data-token", "hidden")
    expect(watcher.get_by_test_id(f"slot-{col}")).to_have_attribute("data-token", "hidden")


# -- a reaction ------------------------------------------------------------------------
def friend_game(api: httpx.Client) -> tuple[str, dict[int, str]]:
    made = api.post("/games", json={"opponent": "friend", "seat": 0, "placement": "random"}).json()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    return made["game"], {0: made["token"], 1: joined["token"]}


def test_an_interception_is_asked_in_a_modal_prompt_with_the_legal_answers(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    # A friend game whose first seat has its Hitman on the street (not in its Saloon).
    for _ in range(20):
        game, tokens = friend_game(api)
        attacker = seat_view(api, game, tokens[0])["view"]["to_act"]
        street = seat_view(api, game, tokens[attacker])["view"]["seats"][attacker]["street"]
        if "hitman" in street:
            break
    else:
        pytest.fail("no deal put the first seat's Hitman on the street")
    defender = 1 - attacker
    defender_street = seat_view(api, game, tokens[defender])["view"]["seats"][defender]["street"]
    hitman, governor = street.index("hitman") + 1, defender_street.index("governor") + 1

    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{game}/{tokens[defender]}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")

    def attack(action: dict[str, Any]) -> None:
        answer = api.post(f"/games/{game}/actions", json=action, headers=bearer(tokens[attacker]))
        assert answer.status_code == 200, answer.text

    if hitman != governor:
        attack({"type": "move", "a": hitman, "b": governor, "swap": True})
    attack({"type": "hitman", "col": governor})

    prompt = page.get_by_test_id("prompt")
    expect(prompt).to_be_visible()
    legal = legal_of(seat_view(api, game, tokens[defender])) or []
    answers = prompt.get_by_test_id("choice")
    expect(answers).to_have_count(len(legal))
    offered = {answers.nth(i).get_attribute("data-value") for i in range(answers.count())}
    assert offered == {action["type"] for action in legal}
    assert "pass" in offered
    # Both cards were revealed (the log says so), and the attacker's Hitman went face
    # down again: the defender's page shows a card back there, as its view does.
    # (the Hitman's own reveal is said by the shot's line, the Governor's on a line of its own)
    expect(page.locator('[data-testid="log"] li[data-type="hitman"]')).to_have_count(1)
    expect(page.locator('[data-testid="log"] li[data-type="reveal"]')).to_have_count(1)
    expect(page.locator('[data-testid="log"] li[data-type="prompt"]')).to_have_count(1)
    expect(page.get_by_test_id(f"card-{attacker}-{governor}")).to_have_attribute(
        "data-card", "hidden"
    )
    expect(page.get_by_test_id(f"card-{defender}-{governor}")).to_have_attribute(
        "data-card", "governor"
    )
    prompt.locator('[data-value="pass"]').click()
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible()
    expect(over).to_have_attribute("data-how", "bad")
    expect(over).to_have_attribute("data-winner", str(attacker))
    expect(prompt).to_be_hidden()
    assert console_errors == []


# -- the keyboard ----------------------------------------------------------------------
def test_an_action_is_taken_with_the_keyboard_only(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "placement": "random"}
    ).json()
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    assert wait_turn_or_over(page) == "turn"
    seat = made["seat"]
    focused = "() => document.activeElement && document.activeElement.dataset.testid || ''"

    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(focused).startswith(f"card-{seat}-"):
            break
    else:
        pytest.fail("Tab never reached one of my cards")
    start = page.evaluate(focused)
    page.keyboard.press("ArrowRight")
    moved = page.evaluate(focused)
    assert moved.startswith(f"card-{seat}-") and moved != start
    # Enter picks the card and moves the focus to the actions; Escape goes back.
    page.keyboard.press("Enter")
    assert page.evaluate(focused).startswith("act-")
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid^="act-"]')).to_have_count(0)
    assert page.evaluate(focused) == moved
    looks = page.locator('[data-testid="log"] li[data-type="look"]')
    before = looks.count()
    page.keyboard.press("Enter")
    for _ in range(12):
        if page.evaluate(focused) == "act-look":
            break
        page.keyboard.press("Tab")
    assert page.evaluate(focused) == "act-look"
    page.keyboard.press("Enter")
    # The Look is confirmed with the keys too (the answer that reveals the Governor is
    # not the one in focus).
    expect(page.get_by_test_id("confirm-action")).to_be_visible()
    if page.evaluate(focused) == "confirm-no":
        page.keyboard.press("Shift+Tab")
    assert page.evaluate(focused) == "confirm-yes"
    page.keyboard.press("Enter")
    expect(looks).to_have_count(before + 1)
    assert console_errors == []


# -- pictures --------------------------------------------------------------------------
def test_screenshots_of_the_table_on_a_desktop_and_on_a_phone(
    new_context: Any, api: httpx.Client
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    made = api.post(
        "/games",
        json={"opponent": "bot", "bot": "random", "seat": 0, "name": "Ann", "placement": "random"},
    ).json()
    url = f"/#/game/{made['game']}/{made['token']}"
    desktop = new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    page = desktop.new_page()
    page.goto(url)
    for prefer in (["look"], ["take", "look"]):
        if wait_turn_or_over(page) == "over":
            break
        play_one_action(page, prefer)
    wait_turn_or_over(page)
    expect(page.locator("[data-flash], .fx-swap, .fx-slide")).to_have_count(0, timeout=10_000)
    page.get_by_test_id("notebook-toggle").click()
    expect(page.get_by_test_id("notebook-table")).to_be_visible()
    expect(page.get_by_test_id("last-seen")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "table.png"), full_page=True)
    publish("table.png")  # the README's picture

    phone = new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    small = phone.new_page()
    small.goto(url)
    expect(small.get_by_test_id("card-0-8")).to_be_visible()
    # The eight columns fit the width: nothing sticks out, nothing scrolls sideways.
    assert small.evaluate("document.documentElement.scrollWidth") <= 360
    for seat in (0, 1):
        for col in (1, 8):
            box = small.get_by_test_id(f"card-{seat}-{col}").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    small.screenshot(path=str(ARTIFACTS / "table-phone.png"), full_page=True)
    assert (ARTIFACTS / "table.png").stat().st_size > 10_000


def test_both_cards_of_a_move_and_of_a_saloon_exchange_stay_marked(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    """R5.1, R5.2: once the second card is chosen, both cards keep the red frame and
    carry the swap mark while the last step (swap or not, which card goes in) is asked;
    a step back unmarks the second one."""
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "seat": 0, "placement": "random"}
    ).json()
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    wait_turn_or_over(page)
    first, second = page.get_by_test_id("card-0-2"), page.get_by_test_id("card-0-5")
    first.click()
    page.get_by_test_id("act-move").click()
    expect(first).to_have_class(re.compile(r"\bpicked\b"))
    expect(second).not_to_have_class(re.compile(r"\bpicked\b"))
    second.click()
    expect(page.locator('[data-testid="choice"][data-value="swap"]')).to_be_visible()
    for card in (first, second):
        expect(card).to_have_class(re.compile(r"\bpicked\b.*\bswapping\b"))
        expect(card.locator(".swap-mark")).to_be_visible()
    expect(second).to_have_attribute("aria-label", re.compile(r", chosen$"))
    ARTIFACTS.mkdir(exist_ok=True)
    page.get_by_test_id("board").screenshot(path=str(ARTIFACTS / "move-pair.png"))
    page.keyboard.press("Escape")
    expect(second).not_to_have_class(re.compile(r"\bpicked\b"))
    expect(page.locator(".swap-mark")).to_have_count(0)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    expect(page.locator(".card.picked")).to_have_count(0)
    # A Saloon exchange: the Saloon card and both columns are marked.
    first.click()
    page.get_by_test_id("act-saloon").click()
    saloon = page.get_by_test_id("saloon-0-0")
    saloon.click()
    expect(saloon).to_have_class(re.compile(r"\bpicked\b"))
    third = page.get_by_test_id("card-0-6")
    third.click()
    for card in (first, third):
        expect(card).to_have_class(re.compile(r"\bpicked\b.*\bswapping\b"))
    expect(saloon).to_have_class(re.compile(r"\bpicked\b"))
    page.get_by_test_id("board").screenshot(path=str(ARTIFACTS / "saloon-pair.png"))
    assert console_errors == []
