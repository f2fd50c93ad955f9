"""The guided game, played by clicks in Chromium from the lobby to its Election win and
the offer of a first real game, in every language of the page.

The opponent (the bot ``tutorial``) answers at once, but the coach shows every step of
the lesson in order (tutorial.js): an explanation stays, the table shut, until the
learner has read it and clicked "Next", however far the bot has already played; a Move
asks "swap for real or only pretend?" as at any table, with the lesson's answer the only
one open; and a reload resumes at the step reached. At each step the test clicks the card
the coach points at and the one action type offered, confirms when asked, and reads the
coach's words from the catalogue of the page's language. No text a learner reads, on any
step, says null, undefined, NaN or [object Object].
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.tablekit import (
    ARTIFACTS,
    WORDS_WATCH,
    game_and_token,
    placeholder_words,
    publish,
    seat_view,
)

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "src" / "outlaws" / "web" / "i18n"
LESSON_JS = ROOT / "src" / "outlaws" / "web" / "learn" / "tutorial.js"
LEARNER = 0

#: The lesson's steps in order (id, does it wait for an action?), read from tutorial.js.
STEPS: list[tuple[str, bool]] = [
    (found.group(1), "expect:" in line)
    for line in LESSON_JS.read_text(encoding="utf-8").splitlines()
    if (found := re.match(r'\s*\{ id: "(\w+)", key: "tutorial\.step\.', line))
]
#: The learner's actions: at each step that asks for one, the card the coach points at
#: (None: the reaction prompt answers), the action type, and the Move's answer.
ACTIONS: dict[str, tuple[int | None, str, str | None]] = {
    "swap": (6, "move", "swap"),
    "look": (4, "look", None),
    "pretend": (4, "move", "pretend"),
    "lookVote": (7, "look", None),
    "intercept": (None, "intercept", None),
    "take": (7, "take", None),
    "hitman": (2, "hitman", None),
    "election": (4, "take", None),
}
#: The explanation at which the page is reloaded: the Vote seen, the opponent's Hitman
#: has already shot and the learner's answer is awaited (not offered before "Next").
RELOAD_AT = "lookedVote"
#: How long a step may take (ms): a loaded machine animates and answers slowly.
WAIT = 30_000
#: Pictures of the lesson for the documentation (English, desktop 1280×900).
PICTURES = {
    "swap": "tutorial-swap.png",
    "looked": "tutorial-step-election.png",
    "lookedVote": "tutorial-step-vote.png",
    "intercept": "tutorial-intercept.png",
    "missed": "tutorial-step-miss.png",
    "end": "tutorial-end.png",
}
#: Every coach's box drawn, in order ({step, count}), kept by the page from its start.
WATCH_COACH = """() => {
  window.coachSeen = [];
  const look = () => {
    const box = document.querySelector('[data-testid="tutorial"]');
    if (!box) return;
    const count = box.querySelector('[data-testid="tutorial-count"]');
    const now = { step: box.dataset.step, count: count ? count.textContent : "" };
    const last = window.coachSeen[window.coachSeen.length - 1];
    if (!last || last.step !== now.step || last.count !== now.count) window.coachSeen.push(now);
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-step"],
  });
}"""
#: The table asked to confirm the action (true), or the lesson moved on without asking.
ASKED_OR_MOVED_ON = """(step) => {
  const dialog = document.querySelector('[data-testid="confirm-action"]');
  if (dialog && dialog.open) return true;
  const box = document.querySelector('[data-testid="tutorial"]');
  return box && box.dataset.step !== step ? "moved" : false;
}"""


def catalogue(lang: str) -> dict[str, str]:
    return dict(json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8")))


def progress(words: dict[str, str], index: int) -> str:
    """The step count the coach shows at step ``index`` (0-based)."""
    text = words["tutorial.progress"].replace("{n}", str(index + 1))
    return text.replace("{total}", str(len(STEPS)))


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


def wait_for_the_opponent(page: Page, api: httpx.Client) -> None:
    """Until the opponent has answered (the server awaits the learner, or the game is
    over) and the page has shown it all."""
    game, token = game_and_token(page)
    status = page.get_by_test_id("status")
    for _ in range(WAIT // 100):
        served = seat_view(api, game, token)
        if served["status"] == "over" or served["view"]["to_act"] == LEARNER:
            expect(status).to_have_attribute("data-to-act", str(LEARNER), timeout=WAIT)
            expect(page.get_by_test_id("skip")).to_have_count(0, timeout=WAIT)
            return
        page.wait_for_timeout(100)
    raise AssertionError("the opponent never answered")


def snap(page: Page, step: str, shoot: bool) -> None:
    """The picture of ``step`` for the documentation, as the learner sees the page."""
    name = PICTURES.get(step)
    if not shoot or not name:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(1, 1)  # no card's tooltip over the picture
    # Reveals are shown for a moment, paced to be followed: a loaded machine makes it longer.
    expect(page.locator("[data-flash], .fx-swap, .fx-slide")).to_have_count(0, timeout=WAIT)
    page.get_by_test_id("tutorial").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / name))
    publish(name)


def play(page: Page, step: str, words: dict[str, str], shoot: bool) -> None:
    """The learner's action at ``step``: the card the coach points at, the one action
    type offered, the Move's answer the lesson teaches (the other one shown, shut)."""
    col, kind, answer = ACTIONS[step]
    if col is None:
        prompt = page.get_by_test_id("prompt")
        expect(prompt).to_be_visible(timeout=WAIT)
        # Only the lesson's answer is offered: intercept, not pass.
        expect(prompt.get_by_test_id("choice")).to_have_count(1, timeout=WAIT)
        # R4.2: the shot is not over while the learner decides: their Hitman, which the
        # prompt points at, stays face up on the table.
        theirs = page.locator(f'[data-testid^="card-{1 - LEARNER}-"].face[data-held="hitman"]')
        expect(theirs).to_have_count(1, timeout=WAIT)
        snap(page, step, shoot)
        prompt.locator(f'[data-testid="choice"][data-value="{kind}"]').click()
        confirm_if_asked(page, step)
        return
    card = page.get_by_test_id(f"card-0-{col}")
    expect(card).to_have_class(has_class("tutorial-hl"), timeout=WAIT)
    expect(card).to_be_enabled(timeout=WAIT)
    # Only the lesson's cards can be picked.
    expect(page.locator('.card.mine:not([disabled])[data-testid^="card-0-"]')).to_have_count(
        2 if kind == "move" else 1, timeout=WAIT
    )
    pick_card(page, card)
    page.get_by_test_id(f"act-{kind}").click()
    if answer is not None:
        # R5.3: every Move asks "swap for real, or only pretend?", here as at any table.
        panel = page.get_by_test_id("action-panel")
        expect(panel.locator("#step-prompt")).to_have_text(words["step.swap"])
        choices = '[data-step="swap"] [data-testid="choice"]'
        expect(panel.locator(choices)).to_have_count(2)
        taught = panel.locator(f'{choices}[data-value="{answer}"]')
        expect(taught).to_be_enabled()
        other = "pretend" if answer == "swap" else "swap"
        expect(panel.locator(f'{choices}[data-value="{other}"]')).to_be_disabled()
        snap(page, step, shoot)
        taught.click()
    confirm_if_asked(page, step)


def reload_resumes(page: Page, words: dict[str, str], index: int) -> None:
    """A reload shows the same step; so does one in which this browser forgot how far the
    learner read (the game's record tells the first step not yet read)."""
    box = page.get_by_test_id("tutorial")
    game, _ = game_and_token(page)
    for forget in (False, True):
        if forget:
            page.evaluate("(key) => localStorage.removeItem(key)", f"outlaws.tutorial.{game}")
        page.reload()
        expect(box).to_have_attribute("data-step", STEPS[index][0], timeout=WAIT)
        expect(box.get_by_test_id("tutorial-count")).to_have_text(progress(words, index))
        expect(page.get_by_test_id("prompt")).to_be_hidden()
    seen = page.evaluate("() => window.coachSeen")
    assert [entry["step"] for entry in seen if entry["step"] != "waiting"] == [STEPS[index][0]]


def open_tutorial(new_context: Any, lang: str, motion: str) -> tuple[Page, list[str]]:
    """The guided game started from the lobby in ``lang`` (desktop), and the page's errors."""
    words = catalogue(lang)
    context = new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    context.add_init_script(f"({WATCH_COACH})()")
    context.add_init_script(WORDS_WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    page.get_by_test_id("lang").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    start = page.get_by_test_id("start-tutorial")
    expect(start).to_have_text(words["lobby.tutorial.button"])
    start.click()
    expect(page.get_by_test_id("tutorial")).to_have_attribute("data-step", "welcome", timeout=WAIT)
    expect(page.get_by_test_id("street-0")).to_have_class(has_class("tutorial-hl"))
    return page, errors


def walk(
    page: Page, api: httpx.Client, words: dict[str, str], *, patient: bool, shoot: bool
) -> None:
    """Every step in order, checking its count and words. ``patient``: at each
    explanation, wait for the opponent's answer to be in and on screen and check that
    the step stays, the table shut, before reading on (and reload at RELOAD_AT); else
    click "Next" the moment it is there."""
    box = page.get_by_test_id("tutorial")
    seen: list[str] = []
    for index, (step, asks) in enumerate(STEPS):
        expect(box).to_have_attribute("data-step", step, timeout=WAIT)
        expect(box.get_by_test_id("tutorial-count")).to_have_text(progress(words, index))
        if step == "end":
            break
        expect(box.get_by_test_id("tutorial-text")).to_have_text(words[f"tutorial.step.{step}"])
        if asks:
            play(page, step, words, shoot)
            continue
        if patient:
            wait_for_the_opponent(page, api)
            expect(box).to_have_attribute("data-step", step)
            mine = page.locator('.card.mine:not([disabled])[data-testid^="card-0-"]')
            expect(mine).to_have_count(0)
            expect(page.get_by_test_id("held-hint")).to_have_text(words["tutorial.readFirst"])
            if step == RELOAD_AT:
                seen += [entry["step"] for entry in page.evaluate("() => window.coachSeen")]
                reload_resumes(page, words, index)
            snap(page, step, shoot)
        box.get_by_test_id("tutorial-next").click()
    seen += [entry["step"] for entry in page.evaluate("() => window.coachSeen")]
    shown = [step for step in seen if step != "waiting"]
    # Every step, in order, once (a reload shows the step it left once more).
    assert [s for i, s in enumerate(shown) if i == 0 or s != shown[i - 1]] == [s for s, _ in STEPS]


def won(page: Page, words: dict[str, str]) -> None:
    """The game over, won the Good way (R9.1), and the coach's last step."""
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible(timeout=WAIT)
    expect(over).to_have_attribute("data-how", "good")
    expect(over).to_have_attribute("data-winner", "0")
    expect(over.locator("h2")).to_have_text(words["over.youWon"])
    box = page.get_by_test_id("tutorial")
    expect(box.get_by_test_id("tutorial-text")).to_have_text(words["tutorial.step.end"])
    expect(box.get_by_test_id("first-game")).to_have_text(words["tutorial.firstGame"])


@pytest.mark.parametrize("lang", ["en", "pt", "it", "ja"])
def test_the_guided_game_shows_every_step_in_order_each_until_read_then_offers_a_first_game(
    new_context: Any, api: httpx.Client, lang: str
) -> None:
    """R5.3 (a Move is real or pretended), R6.3.3 and R6.9.2 (the interception the
    Reverend cancels), R9.1 (the Election win): every step 1..N shown, none skipped,
    each explanation until it is read, and a reload resumes at the step reached."""
    words = catalogue(lang)
    shoot = lang == "en"
    page, errors = open_tutorial(new_context, lang, "reduce")
    walk(page, api, words, patient=True, shoot=shoot)
    won(page, words)
    snap(page, "end", shoot)
    tutorial_url = page.url
    page.get_by_test_id("tutorial").get_by_test_id("first-game").click()
    page.wait_for_url(lambda url: url != tutorial_url and "#/game/" in url, timeout=WAIT)
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing", timeout=WAIT)
    # A real game: no coach, against the Beginner bot.
    expect(page.get_by_test_id("tutorial")).to_have_count(0)
    assert errors == []
    bad = placeholder_words(page)
    assert bad == [], f"texts that say null, undefined, NaN or [object Object] ({lang}): {bad}"


def test_a_learner_who_reads_on_while_the_opponent_is_still_shown_misses_no_step(
    new_context: Any, api: httpx.Client
) -> None:
    """With the animations on, "Next" clicked the moment it is there (the opponent's
    actions still being shown): every step still comes in order, and the game is won."""
    words = catalogue("en")
    page, errors = open_tutorial(new_context, "en", "no-preference")
    walk(page, api, words, patient=False, shoot=False)
    won(page, words)
    assert errors == []


def has_class(name: str) -> Any:
    """A class pattern that matches an element having class ``name`` among others."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")
