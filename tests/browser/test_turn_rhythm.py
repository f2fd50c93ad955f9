"""One turn, one rhythm: the table tells one moment at a time, and never says null.

A bot answers within a blink, but its actions are shown one after the other. Whole games
against bots are played by clicks, with "Ask before revealing" on, while the page is
sampled every 100 ms; every sample must agree with itself:

- while the other seat's action is shown ("Showing …'s action", Skip), the status never
  says it is this seat's turn, the panel and the board take no click, no confirmation or
  reaction prompt is open, the tab is not marked "Your move", and the log has not yet
  listed the turn that follows the action;
- whenever the panel or the board takes a click, the status says it is this seat's turn;
  whenever the status says so, the panel does not say to wait;
- "The game is over" comes with the game-over panel, after the last action is shown: the
  bot's last action, when it ended the game, was shown first.

The same walk, through the lobby, the placement screen, the table (its confirmations, the
notebook, the resignation dialog), the game over, the replay and the lobby again, in each
of the four languages, fails on any text a player reads (or a title or ARIA label) that
says null, undefined, NaN or [object Object].

Picture: docs/img/bot-turn-shown.png, a bot's action being shown (written
with OUTLAWS_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import itertools
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.tablekit import (
    WORDS_WATCH,
    game_and_token,
    keep,
    placeholder_words,
    play_one_action,
    seat_view,
    wait_turn_or_over,
)

#: Every 100 ms, what the page shows: the status bar, the action panel, the board, the
#: log, the dialogs (the texts that say null and the like: tablekit's WORDS_WATCH).
#: Installed before the page's own scripts, so it follows every screen.
SAMPLER = """(() => {
  const ENABLED = ":not([disabled])";
  const BOARD = ["card", "saloon", "slot"];
  window.__frames = [];
  window.__screens = [];
  const q = (selector) => document.querySelector(selector);
  const count = (selector) => document.querySelectorAll(selector).length;
  const shown = (el) => Boolean(el) && !el.hidden && el.getClientRects().length > 0;
  const open = (testid) => {
    const dialog = q(`[data-testid="${testid}"]`);
    return Boolean(dialog && dialog.open);
  };
  function sample() {
    const screen = location.hash.split("/")[1] || "lobby";
    if (!window.__screens.includes(screen)) window.__screens.push(screen);
    const status = q('[data-testid="status"]');
    const layout = q(".table-col");
    const atTable = location.hash.startsWith("#/game/") && shown(layout);
    if (!status || !status.dataset.status || !atTable) return;
    const panel = q('[data-testid="action-panel"]');
    const log = [...document.querySelectorAll('[data-testid="log"] li')];
    const hint = panel && panel.querySelector("[data-testid]");
    window.__frames.push({
      t: Math.round(performance.now()),
      status: status.dataset.status,
      follow: status.dataset.follow || "",
      toAct: status.dataset.toAct,
      seat: status.dataset.seat,
      mine: status.classList.contains("mine"),
      text: status.innerText.replace(/\\s+/g, " "),
      skip: Boolean(q('[data-testid="skip"]')),
      panel: panel && !panel.hidden ? (hint ? hint.dataset.testid : "") : "hidden",
      panelButtons: panel && !panel.hidden ? panel.querySelectorAll(`button${ENABLED}`).length : 0,
      board: count(BOARD.map((prefix) => `button[data-testid^="${prefix}-"]${ENABLED}`).join()),
      log: log.length,
      lastLog: log.length ? log[log.length - 1].dataset.type : null,
      confirm: open("confirm-action"),
      prompt: open("prompt"),
      over: shown(q('[data-testid="game-over"]')),
      title: document.title,
    });
  }
  setInterval(sample, 100);
})();"""

#: The events that begin an action of a seat (docs/events.md).
ACTIONS = {
    "move", "saloon", "look", "take", "hitman", "sheriff", "indian", "storekeep", "dancer",
    "reporter", "bandit", "reverend", "intercept", "cancel", "pass",
}  # fmt: skip
#: Each language plays a whole game against one of the bots the lobby offers.
WALKS = [("en", "novice:1"), ("pt", "heuristic"), ("it", "novice:1"), ("ja", "heuristic")]
#: The action types tried in turn: a reveal, a swap, a take or look, an ability.
ROTATION = [
    ["look"],
    ["move"],
    ["take", "look"],
    ["sheriff", "indian", "storekeep", "hitman", "move"],
]


def my_turn_by_status(frame: dict[str, Any]) -> bool:
    return bool(
        frame["status"] == "playing"
        and frame["toAct"] == frame["seat"]
        and frame["follow"] != "following"
    )


def disagreements(frame: dict[str, Any]) -> list[str]:
    """What one sample of the table says of two different moments."""
    wrong = []
    following = frame["follow"] == "following"
    takes_clicks = frame["panelButtons"] > 0 or frame["board"] > 0 or frame["prompt"]
    if following:
        if not frame["skip"]:
            wrong.append("an action is shown without its Skip")
        if frame["mine"]:
            wrong.append("the status is marked as this seat's turn while an action is shown")
        if takes_clicks:
            wrong.append("the panel, the board or a prompt takes clicks while an action is shown")
        if frame["confirm"]:
            wrong.append("a confirmation is open over an action being shown")
        if frame["over"]:
            wrong.append("the game-over panel is up while an action is shown")
        if " · " in frame["title"]:
            wrong.append("the tab says 'Your move' while an action is shown")
        if frame["lastLog"] == "turn":
            wrong.append("the log already lists the turn after the action being shown")
    if takes_clicks and not my_turn_by_status(frame):
        wrong.append("the panel or the board takes clicks, the status says it is another's turn")
    if frame["confirm"] and not my_turn_by_status(frame):
        wrong.append("a confirmation is open, the status says it is not this seat's turn")
    if my_turn_by_status(frame) and frame["panel"] in ("wait-hint", "showing-hint"):
        wrong.append("the status says it is this seat's turn, the panel says to wait")
    if frame["over"] != (frame["status"] == "over"):
        wrong.append("the game-over panel and the status disagree on whether the game is over")
    return wrong


def check_one_moment_at_a_time(frames: list[dict[str, Any]]) -> None:
    bad = [(reason, frame) for frame in frames for reason in disagreements(frame)]
    bad += [
        ("the log took back a line it had shown", frame)
        for before, frame in itertools.pairwise(frames)
        if frame["log"] < before["log"]
    ]
    assert not bad, f"{len(bad)} disagreeing samples, the first ones:\n" + "\n".join(
        f"{reason}: {frame}" for reason, frame in bad[:6]
    )


def check_last_action_shown_before_the_end(
    frames: list[dict[str, Any]], log: list[dict[str, Any]]
) -> None:
    """The bot's action that ended the game was shown before "The game is over"."""
    seat = frames[-1]["seat"]
    actions = [e for e in log if e["type"] in ACTIONS]
    if not actions or str(actions[-1].get("seat")) == seat:
        return  # this seat ended the game: nothing of the other seat to show
    first_over = next(i for i, f in enumerate(frames) if f["over"])
    last_mine = max((i for i, f in enumerate(frames[:first_over]) if f["mine"]), default=-1)
    shown = [f for f in frames[last_mine + 1 : first_over] if f["follow"] == "following"]
    last = actions[-1]
    assert shown, f"the game ended on the bot's {last}, never shown: {frames[last_mine:first_over]}"


#: "following" once the bot's action is being shown, or "turn"/"over" first.
FOLLOWING_OR_TURN = """() => {
  const s = document.querySelector('[data-testid="status"]');
  if (s && s.dataset.follow === "following") return "following";
  if (s && s.dataset.status === "over") return "over";
  const turn = '[data-testid="pick-hint"], [data-testid="prompt"][open]';
  return document.querySelector(turn) ? "turn" : false;
}"""


def walk_the_lobby(page: Page, bot: str) -> None:
    page.goto("/")
    page.get_by_test_id("bot-level").select_option(bot)
    page.get_by_test_id("turn-limit").fill("4")
    page.get_by_test_id("lobby-placement-choose").check()
    page.get_by_test_id("new-bot").click()


def walk_the_placement(page: Page) -> None:
    expect(page.get_by_test_id("placement")).to_be_visible()
    page.get_by_test_id("placement-random").click()
    expect(page.get_by_test_id("placement-confirm")).to_be_visible()
    page.wait_for_timeout(150)  # one sample of the dialog
    page.get_by_test_id("placement-yes").click()
    expect(page.get_by_test_id("status")).to_have_attribute(
        "data-status", "playing", timeout=20_000
    )


def walk_the_toolbar(page: Page) -> None:
    """The notebook, and the resignation dialog (not confirmed)."""
    page.get_by_test_id("notebook-toggle").click()
    expect(page.get_by_test_id("notebook")).to_be_visible()
    page.wait_for_timeout(150)
    page.get_by_test_id("notebook-toggle").click()
    page.get_by_test_id("resign").click()
    expect(page.get_by_test_id("confirm-resign")).to_be_visible()
    page.wait_for_timeout(150)
    page.get_by_test_id("resign-no").click()


def play_to_the_end(page: Page, picture: str | None) -> None:
    """This seat's actions by clicks until the game is over; with ``picture``, a picture
    of the first action of the bot being shown."""
    for taken in range(40):
        if (
            picture
            and page.wait_for_function(FOLLOWING_OR_TURN, timeout=60_000).json_value()
            == "following"
        ):
            page.mouse.move(0, 0)  # no tooltip over the board
            keep(page, picture)
            picture = None
        if wait_turn_or_over(page, timeout=60_000) == "over":
            return
        if taken == 0:
            walk_the_toolbar(page)
        play_one_action(page, ROTATION[taken % len(ROTATION)])
    raise AssertionError("the game did not end in 40 actions of this seat")


def walk_the_end(page: Page) -> None:
    expect(page.get_by_test_id("game-over")).to_be_visible()
    page.wait_for_timeout(300)
    page.get_by_test_id("open-replay").click()
    step = page.get_by_test_id("replay-step")
    expect(step).to_be_visible()
    page.get_by_test_id("replay-first").click()
    page.get_by_test_id("replay-next").click()
    page.wait_for_timeout(150)
    page.goto("/#/")
    expect(page.get_by_test_id("my-games")).to_be_visible()
    page.wait_for_timeout(150)


@pytest.mark.parametrize(("lang", "bot"), WALKS, ids=[f"{lang}-{bot}" for lang, bot in WALKS])
def test_a_whole_game_against_a_bot_tells_one_moment_at_a_time_and_never_says_null(
    new_context: Any, api: httpx.Client, lang: str, bot: str
) -> None:
    context = new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(
        f"localStorage.setItem('outlaws.lang', '{lang}');"
        "localStorage.setItem('outlaws.confirm', 'on');"
    )
    context.add_init_script(SAMPLER)
    context.add_init_script(WORDS_WATCH)
    page = context.new_page()
    walk_the_lobby(page, bot)
    walk_the_placement(page)
    game, token = game_and_token(page)
    play_to_the_end(page, "bot-turn-shown.png" if lang == "en" else None)
    page.wait_for_function("() => window.__frames.length && window.__frames.at(-1).over")
    frames = page.evaluate("window.__frames")
    walk_the_end(page)
    bad = placeholder_words(page)
    screens = page.evaluate("window.__screens")
    context.close()
    assert {"lobby", "game", "replay"} <= set(screens), screens
    assert bad == [], f"texts that say null, undefined, NaN or [object Object] ({lang}): {bad}"
    assert any(f["follow"] == "following" for f in frames), (
        "no action of the bot was seen being shown"
    )
    check_one_moment_at_a_time(frames)
    check_last_action_shown_before_the_end(frames, seat_view(api, game, token)["view"]["log"])
