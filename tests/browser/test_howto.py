"""How to play and the cards' tooltips, in Chromium against a live server.

How to play opens from the lobby and from the table in each language, shows every
character with its picture, and the "?" of a hint opens the section it is about. No rule
id (``R5.4``) is left in what a player reads. A face-up card explains its ability on hover,
on keyboard focus, and on a long press on a touch screen.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.tablekit import play_one_action, wait_turn_or_over

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "src" / "outlaws" / "web" / "i18n"
LANGS = ("en", "pt", "it", "ja")
CHARACTERS = (
    "governor", "hitman", "sheriff", "indian", "storekeep",
    "dancer", "reporter", "bandit", "reverend", "mayor",
)  # fmt: skip
#: A rule id as the rules spell it: "R5.4", "(R9.1)", "R6.3.3".
#: Longer than a long press (tooltip.js LONG_PRESS_MS, 500 ms).
LONG_PRESS_WAIT = 800
RULE_ID = re.compile(r"\bR\d+(\.\d+)+\b|\(R\d+\)")


def text(lang: str, key: str) -> str:
    messages = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
    english = json.loads((CATALOGUES / "en.json").read_text("utf-8"))
    return str(messages.get(key) or english[key])


def in_language(page: Page, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('outlaws.lang', '{lang}')")


def new_bot_game(api: httpx.Client, **extra: Any) -> tuple[str, str]:
    body = {"opponent": "bot", "bot": "random", "seat": 0, "placement": "random", **extra}
    answer = api.post("/games", json=body)
    assert answer.status_code in (200, 201), answer.text
    data = answer.json()
    return data["game"], data["token"]


def open_table(page: Page, game: str, token: str) -> None:
    page.goto(f"/#/game/{game}/{token}")
    wait_turn_or_over(page)


def assert_no_rule_id(page: Page, where: str) -> None:
    shown = page.evaluate("() => document.body.innerText")
    found = RULE_ID.search(shown)
    assert found is None, f"a rule id is shown in {where}: {found.group(0)!r}"


def check_howto_dialog(page: Page, lang: str) -> None:
    dialog = page.get_by_test_id("howto-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text(text(lang, "howto.title"))
    for key in ("howto.win.election", "howto.win.assassination", "howto.win.arrest"):
        expect(dialog.locator(".howto-wins li", has_text=text(lang, key))).to_have_count(1)
    for section in ("move", "saloon", "look", "take", "turn"):
        expect(dialog.locator(f'[data-section="{section}"] h3')).to_have_text(
            text(lang, f"howto.{section}.title")
        )
    cards = dialog.get_by_test_id("howto-characters").locator(".howto-card")
    expect(cards).to_have_count(len(CHARACTERS))
    for card in CHARACTERS:
        item = dialog.locator(f'.howto-card[data-card="{card}"]')
        expect(item.locator("h4")).to_have_text(text(lang, f"card.{card}"))
        expect(item.locator(".howto-pic svg.icon")).to_have_count(1)
        expect(item.locator("p")).to_have_text(text(lang, f"howto.ability.{card}"))
    assert_no_rule_id(page, f"How to play ({lang})")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize("lang", LANGS)
def test_how_to_play_opens_from_the_lobby(page: Page, lang: str, console_errors: list[str]) -> None:
    in_language(page, lang)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert_no_rule_id(page, "the lobby")
    button = page.locator(".hero").get_by_test_id("howto-open")
    expect(button).to_have_text(text(lang, "howto.button"))
    button.click()
    check_howto_dialog(page, lang)
    # The newcomers' link opens it as a page of its own.
    link = page.get_by_test_id("howto-link")
    expect(link).to_have_text(text(lang, "howto.newcomerLink"))
    link.click()
    expect(page.get_by_test_id("howto-page")).to_be_visible()
    expect(page.locator(".howto-page .howto-card")).to_have_count(len(CHARACTERS))
    assert_no_rule_id(page, "the How-to-play page")
    assert console_errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_how_to_play_opens_from_the_table(
    page: Page, api: httpx.Client, lang: str, console_errors: list[str]
) -> None:
    in_language(page, lang)
    open_table(page, *new_bot_game(api))
    assert_no_rule_id(page, "the table")
    button = page.locator(".toolbar").get_by_test_id("howto-open")
    expect(button).to_have_text(text(lang, "howto.button"))
    button.click()
    check_howto_dialog(page, lang)
    # Escape closed How to play only: the table is as it was.
    expect(page.get_by_test_id("board")).to_be_visible()
    assert console_errors == []


def test_a_hint_links_to_its_section_and_no_rule_id_is_shown(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    open_table(page, *new_bot_game(api))
    page.locator('[data-testid^="card-0-"]:not([disabled])').first.click()
    expect(page.get_by_test_id("act-look")).to_be_visible()
    assert_no_rule_id(page, "the action panel")
    for kind in ("look", "move"):
        row = page.locator(".act-row", has=page.get_by_test_id(f"act-{kind}"))
        link = row.get_by_test_id("help-link")
        expect(link).to_have_attribute("data-section", kind)
        link.click()
        dialog = page.get_by_test_id("howto-dialog")
        expect(dialog).to_be_visible()
        section = dialog.locator(f'[data-section="{kind}"]')
        expect(section).to_have_class(re.compile(r"\bhowto-target\b"))
        expect(section.locator("h3")).to_be_focused()
        expect(section.locator("h3")).to_be_in_viewport()
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        # The choice in progress survived: the panel still offers the actions.
        expect(page.get_by_test_id(f"act-{kind}")).to_be_visible()
    assert console_errors == []


def test_the_game_over_panel_explains_the_ending_without_a_rule_id(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    open_table(page, *new_bot_game(api, turn_limit=1))
    for _ in range(4):
        if wait_turn_or_over(page) == "over":
            break
        # Two moves (a swap or a bluff): the cheapest actions, always legal.
        page.locator('[data-testid^="card-0-"]:not([disabled])').first.click()
        page.get_by_test_id("act-move").click()
        panel = page.get_by_test_id("action-panel")
        for _ in range(4):
            choices = panel.get_by_test_id("choice")
            if choices.count() == 0:
                break
            choices.first.click()
        dialog = page.locator(
            '[data-testid="confirm-action"][open], [data-testid="prompt-confirm"][open]'
        )
        if dialog.count():
            dialog.locator("button").first.click()
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible()
    expect(over).to_have_attribute("data-how", "limit")
    assert_no_rule_id(page, "the game-over panel")
    over.get_by_test_id("help-link").click()
    section = page.get_by_test_id("howto-dialog").locator('[data-section="end"]')
    expect(section).to_have_class(re.compile(r"\bhowto-target\b"))
    assert console_errors == []


def test_a_card_explains_itself_on_hover_and_on_focus(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    open_table(page, *new_bot_game(api))
    tip = page.get_by_test_id("card-tip")
    saloon = page.get_by_test_id("saloon-0-0")
    card = saloon.get_attribute("data-card")
    saloon.hover()
    expect(tip).to_be_visible()
    expect(tip).to_have_attribute("role", "tooltip")
    expect(tip).to_contain_text(text("en", f"place.ability.{card}"))
    page.mouse.move(2, 2)
    expect(tip).to_be_hidden()
    # Keyboard: a card of the seat's own street, focused, describes itself.
    mine = page.locator('[data-testid^="card-0-"]:not([disabled])').first
    mine.focus()
    card = mine.get_attribute("data-card")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(text("en", f"place.ability.{card}"))
    expect(mine).to_have_attribute("aria-describedby", re.compile(r"\bcard-tip\b"))
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    expect(mine).not_to_have_attribute("aria-describedby", re.compile(r"card-tip"))
    # A face-down card says nothing.
    page.get_by_test_id("card-1-1").hover()
    expect(tip).to_be_hidden()
    assert console_errors == []


def test_a_placement_card_explains_itself(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    answer = api.post("/games", json={"opponent": "bot", "bot": "random", "seat": 0})
    data = answer.json()
    page.goto(f"/#/game/{data['game']}/{data['token']}")
    place = page.get_by_test_id("place-col-3")
    expect(place).to_be_visible()
    assert_no_rule_id(page, "the placement screen")
    card = place.get_attribute("data-card")
    place.focus()
    tip = page.get_by_test_id("card-tip")
    expect(tip).to_contain_text(text("en", f"place.ability.{card}"))
    # The screen's own description stays, the tooltip's is added.
    expect(place).to_have_attribute("aria-describedby", "placement-howto card-tip")
    page.get_by_test_id("place-saloon-0").hover()
    saloon_card = page.get_by_test_id("place-saloon-0").get_attribute("data-card")
    expect(tip).to_contain_text(text("en", f"place.ability.{saloon_card}"))
    assert console_errors == []


def long_press(page: Page, x: float, y: float, ms: int = LONG_PRESS_WAIT) -> None:
    """A finger held on (x, y) for `ms`, through the DevTools protocol's touch events."""
    cdp = page.context.new_cdp_session(page)
    point = [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_long_press_explains_a_card_on_a_phone(
    browser: Any, base_url: str, api: httpx.Client
) -> None:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_table(page, *new_bot_game(api))
        tip = page.get_by_test_id("card-tip")
        saloon = page.get_by_test_id("saloon-0-0")
        saloon.scroll_into_view_if_needed()
        box = saloon.bounding_box()
        assert box is not None
        card = saloon.get_attribute("data-card")
        long_press(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(tip).to_be_visible()
        expect(tip).to_contain_text(text("en", f"place.ability.{card}"))
        # The long press did not start an action with the card.
        expect(page.get_by_test_id("pick-hint")).to_be_visible()
        # A touch elsewhere puts it away; a short tap on a card shows nothing.
        status = page.get_by_test_id("status").bounding_box()
        assert status is not None
        page.touchscreen.tap(status["x"] + 5, status["y"] + 5)
        expect(tip).to_be_hidden()
        theirs = page.get_by_test_id("saloon-1-0")
        theirs.scroll_into_view_if_needed()
        other = theirs.bounding_box()
        assert other is not None
        page.touchscreen.tap(other["x"] + other["width"] / 2, other["y"] + other["height"] / 2)
        page.wait_for_timeout(LONG_PRESS_WAIT)
        expect(tip).to_be_hidden()
        # How to play fits the phone's width.
        page.locator(".toolbar").get_by_test_id("howto-open").click()
        dialog = page.get_by_test_id("howto-dialog")
        expect(dialog).to_be_visible()
        width = dialog.evaluate("el => el.getBoundingClientRect().width")
        scroll = dialog.evaluate("el => el.scrollWidth - el.clientWidth")
        assert width <= 390 and scroll <= 1, (width, scroll)
        assert errors == []
    finally:
        context.close()


def box_of(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return dict(box)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_a_click_puts_the_tooltip_away_and_it_never_covers_the_card_picked_up(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    answer = api.post("/games", json={"opponent": "bot", "bot": "random", "seat": 0})
    data = answer.json()
    page.goto(f"/#/game/{data['game']}/{data['token']}")
    tip = page.get_by_test_id("card-tip")
    third = page.get_by_test_id("place-col-3")
    third.hover()
    expect(tip).to_be_visible()
    assert not overlap(box_of(tip), box_of(third))
    # A click picks the card up: the tooltip goes, and stays away while the pointer rests.
    third.click()
    expect(third).to_have_class(re.compile(r"\bpicked\b"))
    expect(tip).to_be_hidden()
    page.wait_for_timeout(600)
    expect(tip).to_be_hidden()
    # Another card's tooltip covers neither that card nor the one picked up, wherever it
    # stands: the Saloon's under the street, the street's next to it.
    for testid in ("place-saloon-0", "place-saloon-1", "place-col-4", "place-col-2"):
        other = page.get_by_test_id(testid)
        other.hover()
        expect(tip).to_be_visible()
        expect(tip).to_have_attribute("data-card", other.get_attribute("data-card") or "")
        shown = box_of(tip)
        assert not overlap(shown, box_of(other)), testid
        assert not overlap(shown, box_of(third)), testid
    assert console_errors == []


def test_at_the_table_the_tooltip_leaves_the_acting_card_in_sight(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    open_table(page, *new_bot_game(api))
    tip = page.get_by_test_id("card-tip")
    mine = page.locator('.card.mine.selectable[data-testid^="card-0-"]').first
    mine.hover()
    expect(tip).to_be_visible()
    mine.click()
    expect(mine).to_have_class(re.compile(r"\bselected\b"))
    expect(tip).to_be_hidden()
    acting = box_of(page.locator(".card.selected"))
    for other in (page.get_by_test_id("saloon-1-0"), page.get_by_test_id("saloon-0-1")):
        other.hover()
        expect(tip).to_be_visible()
        shown = box_of(tip)
        assert not overlap(shown, box_of(other))
        assert not overlap(shown, acting)
    assert console_errors == []


def test_an_action_taken_by_clicks_leaves_no_tooltip_over_the_tokens(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    open_table(page, *new_bot_game(api))
    tip = page.get_by_test_id("card-tip")
    play_one_action(page, ["move"])
    # The focus comes back to one of the seat's cards, unasked: no tooltip there, as it
    # would cover the tokens in front of the cards.
    focused_card = page.locator('[data-testid^="card-0-"]:focus')
    expect(focused_card).to_have_count(1)
    page.wait_for_timeout(400)
    expect(tip).to_be_hidden()
    # The keyboard, walking along the row, still has every card explain itself.
    page.keyboard.press("ArrowRight")
    expect(tip).to_be_visible()
    walked_to = page.locator(".card:focus").get_attribute("data-card")
    expect(tip).to_have_attribute("data-card", walked_to or "")
    assert console_errors == []


def test_after_an_action_by_keyboard_no_tooltip_opens_unless_the_pointer_is_on_a_card(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    """R5.3: a look taken with the keyboard alone, the pointer resting off the table: when
    the page redraws and hands the focus back to a card, no tooltip opens over the slots;
    the tooltip is the player's to ask for (a key along the row, the pointer on a card)."""
    open_table(page, *new_bot_game(api))
    page.mouse.move(1, 1)
    tip = page.get_by_test_id("card-tip")
    # Not the first card: the focus comes back to the first one, not the one that acted.
    page.locator('[data-testid^="card-0-"]:not([disabled])').last.focus()
    page.keyboard.press("Enter")
    look = page.get_by_test_id("act-look")
    expect(look).to_be_visible()
    look.focus()
    page.keyboard.press("Enter")
    asking = page.get_by_test_id("confirm-action")
    choices = page.get_by_test_id("action-panel").get_by_test_id("choice")
    for _ in range(3):  # the slot to look at, when there is a choice
        page.wait_for_timeout(200)
        if asking.is_visible() or choices.count() == 0:
            break
        choices.first.focus()
        page.keyboard.press("Enter")
    asking.get_by_test_id("confirm-yes").focus()
    page.keyboard.press("Enter")
    wait_turn_or_over(page)
    for _ in range(4):  # the redraws of the action, then of the bot's answer
        page.wait_for_timeout(300)
        expect(tip).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(tip).to_be_visible()
    page.keyboard.press("Escape")
    mine = page.locator('.card.mine.selectable[data-testid^="card-0-"]').first
    mine.hover()
    expect(tip).to_have_attribute("data-card", mine.get_attribute("data-card") or "")
    expect(tip).to_be_visible()
    assert console_errors == []
