"""The guided game, played by clicks in Chromium from the lobby to its Election win and
the offer of a first real game, in every language of the page.

At each step the page offers only the lesson's action (tutorial.js): the test clicks the
card the coach points at and the one action type offered, confirms when asked, and reads
the coach's words from the catalogue of the page's language.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).parent / "artifacts"
CATALOGUES = ROOT / "src" / "outlaws" / "web" / "i18n"

#: The lesson's actions in order: the step, then the learner's card and action type
#: (None: the reaction prompt's answer).
ACTIONS: list[tuple[str, int | None, str]] = [
    ("swap", 6, "move"),
    ("look", 4, "look"),
    ("pretend", 4, "move"),
    ("lookVote", 7, "look"),
    ("intercept", None, "intercept"),
    ("take", 7, "take"),
    ("hitman", 2, "hitman"),
    ("election", 4, "take"),
]
#: How long a step may take (ms): a loaded machine animates and answers slowly.
WAIT = 30_000
#: Pictures of the lesson for the documentation (English, desktop).
PICTURES = {
    "swap": "tutorial-swap.png",
    "intercept": "tutorial-intercept.png",
    "end": "tutorial-end.png",
}


def catalogue(lang: str) -> dict[str, str]:
    return dict(json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8")))


#: The table asked to confirm the action (true), or the lesson moved on without asking.
ASKED_OR_MOVED_ON = """(step) => {
  const dialog = document.querySelector('[data-testid="confirm-action"]');
  if (dialog && dialog.open) return true;
  const box = document.querySelector('[data-testid="tutorial"]');
  return box && box.dataset.step !== step ? "moved" : false;
}"""


def confirm_if_asked(page: Page, step: str) -> None:
    """The table asks before an action that shows a card or spends a token (after
    reckoning what the opponent could learn from it): say yes, once it asks."""
    answer = page.wait_for_function(ASKED_OR_MOVED_ON, arg=step, timeout=WAIT).json_value()
    if answer is True:
        page.get_by_test_id("confirm-action").get_by_test_id("confirm-yes").click()


def pick_card(page: Page, card: Locator) -> None:
    """Click the lesson's card until its one action is offered: a click that lands while
    the table redraws the card (a beat of the bot's move ending) is lost with it."""
    offered = page.locator('[data-testid^="act-"]')
    for attempt in range(3):
        card.click()
        try:
            expect(offered).to_have_count(1, timeout=WAIT / 3)
            return
        except AssertionError:
            if attempt == 2 or offered.count() > 0:
                raise


def read_until(page: Page, step: str) -> None:
    """Click "Next" through the explanations until the coach shows ``step``."""
    box = page.get_by_test_id("tutorial")
    deadline = time.monotonic() + 2 * WAIT / 1000
    while time.monotonic() < deadline:
        current = box.get_attribute("data-step", timeout=WAIT)
        if current == step:
            return
        nxt = box.get_by_test_id("tutorial-next")
        if current != "waiting" and nxt.count():
            # The coach may move on by itself between the count and the click (the
            # button is then gone): read the step again rather than wait for it.
            with contextlib.suppress(PlaywrightTimeoutError):
                nxt.click(timeout=2_000)
        else:
            page.wait_for_timeout(200)
    expect(box).to_have_attribute("data-step", step, timeout=WAIT)


def snap(page: Page, name: str, shoot: bool) -> None:
    if not shoot:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(1, 1)  # no card's tooltip over the picture
    # Reveals are shown for a moment, paced to be followed: a loaded machine makes it longer.
    expect(page.locator("[data-flash], .fx-swap, .fx-slide")).to_have_count(0, timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    image = ROOT / "docs" / "img" / name
    if not image.exists() or os.environ.get("OUTLAWS_UPDATE_SCREENSHOTS") == "1":
        image.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ARTIFACTS / name, image)


@pytest.mark.parametrize("lang", ["en", "pt", "it", "ja"])
def test_the_guided_game_is_played_to_its_election_win_then_offers_a_first_game(
    new_context: Any, lang: str
) -> None:
    words = catalogue(lang)
    shoot = lang == "en"
    context = new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    page.get_by_test_id("lang").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    start = page.get_by_test_id("start-tutorial")
    expect(start).to_have_text(words["lobby.tutorial.button"])
    start.click()
    box = page.get_by_test_id("tutorial")
    expect(box).to_have_attribute("data-step", "welcome", timeout=WAIT)
    expect(box.get_by_test_id("tutorial-text")).to_have_text(words["tutorial.step.welcome"])
    expect(page.get_by_test_id("street-0")).to_have_class(has_class("tutorial-hl"))

    for step, col, kind in ACTIONS:
        read_until(page, step)
        expect(box.get_by_test_id("tutorial-text")).to_have_text(
            words[f"tutorial.step.{step}"], timeout=WAIT
        )
        if col is None:
            prompt = page.get_by_test_id("prompt")
            expect(prompt).to_be_visible(timeout=WAIT)
            # Only the lesson's answer is offered: intercept, not pass.
            expect(prompt.get_by_test_id("choice")).to_have_count(1, timeout=WAIT)
            snap(page, PICTURES.get(step, ""), shoot and step in PICTURES)
            prompt.locator(f'[data-testid="choice"][data-value="{kind}"]').click()
            confirm_if_asked(page, step)
            continue
        card = page.get_by_test_id(f"card-0-{col}")
        expect(card).to_have_class(has_class("tutorial-hl"), timeout=WAIT)
        expect(card).to_be_enabled(timeout=WAIT)
        # Only the lesson's cards can be picked.
        expect(page.locator('.card.mine:not([disabled])[data-testid^="card-0-"]')).to_have_count(
            2 if kind == "move" else 1, timeout=WAIT
        )
        snap(page, PICTURES.get(step, ""), shoot and step in PICTURES)
        pick_card(page, card)
        page.get_by_test_id(f"act-{kind}").click()
        confirm_if_asked(page, step)

    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible(timeout=WAIT)
    expect(over).to_have_attribute("data-how", "good")
    expect(over).to_have_attribute("data-winner", "0")
    expect(over.locator("h2")).to_have_text(words["over.youWon"])
    expect(box).to_have_attribute("data-step", "end", timeout=WAIT)
    expect(box.get_by_test_id("tutorial-text")).to_have_text(words["tutorial.step.end"])
    first = box.get_by_test_id("first-game")
    expect(first).to_have_text(words["tutorial.firstGame"])
    snap(page, PICTURES["end"], shoot)
    tutorial_url = page.url
    first.click()
    page.wait_for_url(lambda url: url != tutorial_url and "#/game/" in url, timeout=WAIT)
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing", timeout=WAIT)
    # A real game: no coach, against the Beginner bot.
    expect(page.get_by_test_id("tutorial")).to_have_count(0)
    assert errors == []


def has_class(name: str) -> Any:
    """A class pattern that matches an element having class ``name`` among others."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")
