"""The pages pass axe-core's accessibility checks, in English and in Japanese.

axe-core (package.json, installed by ``make test``) is loaded into the live page and run
on the lobby, the placement screen and the table (on a desktop and at a phone's width,
375×812, where the cards wear their narrow names; and with the notebook open, its
odds written on the face-down cards): it must report no violation at all. The table
also has one heading, a log the keyboard can scroll, and a focus ring unlike the outline
of a card that can be picked.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.tablekit import act, friend_game, wait_turn_or_over

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LANGS = ("en", "ja")


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands."""
    if not AXE.exists():
        reason = f"{AXE} is missing: `make test` installs it (npm ci)"
        if os.environ.get("OUTLAWS_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail(reason)  # CI (conftest.py): the browser tests must all run
        pytest.skip(reason)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate("async () => (await axe.run(document)).violations")
    return found


def assert_accessible(page: Page, where: str) -> None:
    found = violations(page)
    summary = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]]) for v in found]
    assert found == [], f"axe-core finds violations on {where}: {summary}"


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The page's Content-Security-Policy allows its own scripts only: axe-core, added by
    the test, is let through."""
    return {**browser_context_args, "bypass_csp": True}


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest, page: Page) -> str:
    code = str(request.param)
    page.add_init_script(f"localStorage.setItem('outlaws.lang', '{code}')")
    return code


def test_the_lobby_passes_the_accessibility_checks(page: Page, lang: str) -> None:
    page.goto("/")
    expect(page.get_by_test_id("new-bot")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert_accessible(page, f"the lobby ({lang})")


def test_the_placement_screen_passes_the_accessibility_checks(
    page: Page, api: httpx.Client, lang: str
) -> None:
    made = api.post("/games", json={"opponent": "bot", "bot": "random", "seat": 0}).json()
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    expect(page.get_by_test_id("place-col-3")).to_be_visible()
    assert_accessible(page, f"the placement screen ({lang})")
    # A card picked up changes the cards' names: they still pass.
    page.get_by_test_id("place-col-3").click()
    expect(page.get_by_test_id("placement-picked")).to_be_visible()
    assert_accessible(page, f"the placement screen with a card picked up ({lang})")
    # A card's tooltip, shown, is part of the page's landmarks too.
    page.get_by_test_id("place-col-5").hover()
    expect(page.get_by_test_id("card-tip")).to_be_visible()
    assert_accessible(page, f"the placement screen with a tooltip ({lang})")


def at_the_table(page: Page, api: httpx.Client) -> None:
    """A game against the random bot, the cards dealt, at the page's turn (or its end)."""
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "seat": 0, "placement": "random"}
    ).json()
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    wait_turn_or_over(page)
    page.mouse.move(1, 1)  # no card's tooltip over the table


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)], ids=["desktop", "phone"])
def test_the_table_passes_the_accessibility_checks(
    page: Page, api: httpx.Client, lang: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    at_the_table(page, api)
    assert_accessible(page, f"the table at {width}x{height} ({lang})")


def test_a_token_the_seat_knows_is_named_as_it_reads_R5_3(page: Page, api: httpx.Client) -> None:
    """A slot whose token the seat has seen shows its number and the token's name: its
    label holds them as they read ("Slot 1: Bullet" for "1 Bullet")."""
    game, tokens, first, _ = friend_game(api)
    act(api, game, tokens[first], {"type": "look", "col": 1})
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{game}/{tokens[first]}")
    wait_turn_or_over(page)
    expect(page.get_by_test_id("slot-1")).to_have_class(re.compile(r"\bknown\b"))
    page.mouse.move(1, 1)
    assert_accessible(page, "the table with a token the seat looked at")


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)], ids=["desktop", "phone"])
def test_the_table_with_the_notebook_open_passes_the_accessibility_checks(
    page: Page, api: httpx.Client, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    at_the_table(page, api)
    page.get_by_test_id("notebook-toggle").click()
    expect(page.get_by_test_id("notebook-table")).to_be_visible()
    # Its odds are written on the face-down cards too: each card's name still matches.
    expect(page.locator('[data-testid^="nb-"]').first).to_be_attached()
    assert_accessible(page, f"the table with the notebook open at {width}x{height}")


def test_the_table_has_an_h1_and_a_log_the_keyboard_can_scroll(
    page: Page, api: httpx.Client
) -> None:
    game, tokens, _, _ = friend_game(api)
    page.goto(f"/#/game/{game}/{tokens[0]}")
    expect(page.locator("main h1")).to_have_count(1)
    expect(page.locator("main h1")).to_have_text("Outlaws: the table")
    log = page.get_by_test_id("log")
    expect(log).to_have_attribute("tabindex", "0")
    expect(log).to_have_accessible_name("Log")
    log.focus()
    assert page.evaluate("document.activeElement.dataset.testid") == "log"


def test_the_focus_ring_is_distinct_from_the_selectable_outline(
    page: Page, api: httpx.Client
) -> None:
    game, tokens, first, _ = friend_game(api)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{game}/{tokens[first]}")
    cards = page.locator(".card.mine.selectable")
    expect(cards.first).to_be_visible()
    style = "el => { const s = getComputedStyle(el); return [s.outlineColor, s.outlineStyle, "
    style += "s.boxShadow]; }"
    picked = cards.nth(1).evaluate(style)
    page.keyboard.press("Tab")  # the keyboard is in use: focus rings show
    cards.first.focus()
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    focused = cards.first.evaluate(style)
    assert focused[0] != picked[0], (focused, picked)
    assert focused[2] != picked[2] and focused[2] != "none", (focused, picked)
