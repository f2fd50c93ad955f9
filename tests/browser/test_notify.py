"""The table's alerts in Chromium: the sound of a new turn, browser notifications, and
both clocks with their low-time warning.

The page's ``Notification`` and ``AudioContext`` are stand-ins (an init script) that
record what the page asks of them: no pop-up is shown and no sound is played, but every
permission asked, notification made and note started is counted. The same script lets a
test hide the tab (``document.hidden``, ``visibilityState`` and the ``visibilitychange``
event), and notes every text the screen readers' live region is given.
"""

from __future__ import annotations

import contextlib
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.tablekit import ARTIFACTS, play_one_action, publish, wait_turn_or_over

#: The first note of the turn's cue and of the reaction's (notify.js CUES), of the
#: low-time cue, and of the critical one.
TURN_NOTE, LOW_NOTE, CRITICAL_NOTE = 659.25, 523.25, 698.46

#: Stand-ins for the browser's notifications and audio, and a hideable tab. The
#: permission the browser holds at load is ``__PERMISSION__``; asking grants it.
STUBS = """
(() => {
  const calls = { asked: 0, notifications: [], notes: [], said: [] };
  window.__calls = calls;
  class FakeNotification {
    constructor(title, options = {}) {
      calls.notifications.push({ title, body: options.body, tag: options.tag });
    }
    close() {}
    static requestPermission() {
      calls.asked += 1;
      FakeNotification.permission = "granted";
      return Promise.resolve("granted");
    }
  }
  FakeNotification.permission = "__PERMISSION__";
  window.Notification = FakeNotification;

  let hidden = false;
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (hidden ? "hidden" : "visible"),
  });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };

  class Param {
    constructor() { this.values = []; }
    setValueAtTime(value) { this.values.push(value); }
    linearRampToValueAtTime() {}
    exponentialRampToValueAtTime() {}
  }
  class Node { connect(node) { return node; } disconnect() {} }
  class Oscillator extends Node {
    constructor() { super(); this.frequency = new Param(); this.type = "sine"; }
    start() { calls.notes.push(this.frequency.values[0]); }
    stop() {}
  }
  class Gain extends Node { constructor() { super(); this.gain = new Param(); } }
  class FakeAudioContext {
    constructor() { this.state = "running"; this.currentTime = 0; this.destination = new Node(); }
    createOscillator() { return new Oscillator(); }
    createGain() { return new Gain(); }
    resume() { return Promise.resolve(); }
    close() { return Promise.resolve(); }
  }
  window.AudioContext = FakeAudioContext;
  window.webkitAudioContext = FakeAudioContext;

  new MutationObserver(() => {
    const live = document.getElementById("live");
    const text = live ? live.textContent : "";
    if (text && calls.said[calls.said.length - 1] !== text) calls.said.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""


def stubbed(page: Page, permission: str = "default") -> Page:
    page.add_init_script(script=STUBS.replace("__PERMISSION__", permission))
    return page


def calls(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("window.__calls"))


def bot_game(api: httpx.Client, **extra: Any) -> str:
    """A game against the beginner bot, me in seat 0, cards dealt: its table's URL."""
    body = {"opponent": "bot", "bot": "random", "seat": 0, "placement": "random", **extra}
    made = api.post("/games", json=body)
    assert made.status_code in (200, 201), made.text
    return f"/#/game/{made.json()['game']}/{made.json()['token']}"


def play_to_my_next_turn(page: Page) -> bool:
    """From my turn, take my actions (moves) until the bot has played and my next turn
    has begun: True, or False if the game ended first."""
    status = page.get_by_test_id("status")
    start = int(status.get_attribute("data-turn") or "0")
    for _ in range(8):
        if wait_turn_or_over(page) == "over":
            return False
        if int(status.get_attribute("data-turn") or "0") > start:
            return True
        play_one_action(page, ["move"])
    raise AssertionError("my next turn never came")


# -- notifications -------------------------------------------------------------------------
def test_notifications_are_asked_for_on_a_click_and_shown_only_while_the_tab_is_hidden(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    """Ann opens her table against a bot: nothing is asked of the browser until she
    clicks "Notify me when it's my turn", which asks once and then says notifications are
    on. With her tab hidden, her next turn brings a notification naming the bot; with
    the tab in sight again, the turn after brings none."""
    stubbed(page).emulate_media(reduced_motion="reduce")
    page.goto(bot_game(api, name="Ann"))
    assert wait_turn_or_over(page) == "turn"
    settings = page.get_by_test_id("notify-settings")
    expect(settings).to_be_visible()
    state = page.get_by_test_id("notify-state")
    expect(state).to_have_attribute("data-state", "default")
    page.wait_for_timeout(500)
    assert calls(page)["asked"] == 0, "the permission was asked on load"

    page.get_by_test_id("notify-ask").click()
    expect(state).to_have_attribute("data-state", "granted")
    expect(state).to_contain_text("Notifications are on")
    expect(page.get_by_test_id("notify-ask")).to_have_count(0)
    assert calls(page)["asked"] == 1
    assert calls(page)["notifications"] == []

    page.evaluate("window.__setHidden(true)")
    assert play_to_my_next_turn(page)
    shown = calls(page)["notifications"]
    assert len(shown) >= 1, "no notification for a turn that came while hidden"
    assert {note["title"] for note in shown} == {"Your move — Outlaws"}
    assert all("Random moves bot" in note["body"] for note in shown), shown

    page.evaluate("window.__setHidden(false)")
    before = len(shown)
    if play_to_my_next_turn(page):
        assert len(calls(page)["notifications"]) == before, "a notification for a tab in sight"
    assert console_errors == []


def test_a_browser_that_blocks_notifications_says_how_to_allow_them(
    page: Page, api: httpx.Client
) -> None:
    """Notifications blocked in the browser's settings: no button, and words that say
    they are blocked and where to allow them."""
    stubbed(page, permission="denied").goto(bot_game(api))
    state = page.get_by_test_id("notify-state")
    expect(state).to_have_attribute("data-state", "denied")
    expect(state).to_contain_text("blocks notifications")
    expect(state).to_contain_text("To allow them")
    expect(page.get_by_test_id("notify-ask")).to_have_count(0)
    assert calls(page)["asked"] == 0


# -- the sound -------------------------------------------------------------------------------
def test_the_sound_is_off_by_default_remembered_when_on_and_plays_on_a_new_turn_only(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    """Off at first: a new turn is silent. Turned on, it plays its cue once to be heard,
    and stays on after a reload; the turn the page loads into is silent, the next turn
    plays the cue once, and redrawing the table plays nothing more."""
    stubbed(page).emulate_media(reduced_motion="reduce")
    page.goto(bot_game(api))
    toggle = page.get_by_test_id("sound-toggle")
    expect(toggle).to_have_text("Sound: off")
    assert wait_turn_or_over(page) == "turn"
    assert play_to_my_next_turn(page)
    assert calls(page)["notes"] == [], "a sound while the sound is off"

    toggle.click()
    expect(toggle).to_have_text("Sound: on")
    assert calls(page)["notes"][0] == TURN_NOTE, "the cue is played once to be heard"

    page.reload()
    expect(page.get_by_test_id("sound-toggle")).to_have_text("Sound: on")
    assert wait_turn_or_over(page) == "turn"
    page.wait_for_timeout(500)
    assert calls(page)["notes"] == [], "a cue for the turn the page loaded into"
    assert play_to_my_next_turn(page)
    notes = calls(page)["notes"]
    assert notes and notes[0] == TURN_NOTE, notes
    cues = notes.count(TURN_NOTE)
    # Redraws (the notebook shown and hidden, the clock's seconds) play nothing.
    page.get_by_test_id("notebook-toggle").click()
    page.get_by_test_id("notebook-toggle").click()
    page.wait_for_timeout(1500)
    assert calls(page)["notes"].count(TURN_NOTE) == cues
    assert console_errors == []


# -- the clocks --------------------------------------------------------------------------------
def clocks_in_view(page: Page, height: int) -> None:
    """Both clock faces lie wholly inside the window (once the page has settled: a
    scroll or a redraw may still be under way on a busy machine). The faces are measured
    in one script, as the clock's tick may redraw them between two separate reads."""
    boxes = """() => [0, 1].map((seat) => {
      const face = document.querySelector(`[data-testid="clock-${seat}"]`);
      if (!face) return null;
      const r = face.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    })"""
    inside = f"""() => ({boxes})().every((r) => r !== null
      && r.top >= 0 && r.bottom <= {height} && r.left >= 0 && r.right <= window.innerWidth)"""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(inside, timeout=5_000)
    width = page.evaluate("window.innerWidth")
    for seat, box in enumerate(page.evaluate(boxes)):
        assert box is not None, f"clock {seat} is not on the page"
        assert box["top"] >= 0 and box["bottom"] <= height, (seat, box)
        assert box["left"] >= 0 and box["right"] <= width, (seat, box)


def test_both_clocks_stay_in_sight_and_warn_of_low_time_on_a_desktop_and_a_phone(
    new_context: Any, api: httpx.Client
) -> None:
    """A 30-second turn clock against a bot (which no clock times), the sound on: both
    clocks are in the status bar, mine marked as running, the bot's as not timed. Near
    the end of my turn my clock warns (a sign and words), screen readers hear it once
    and its cue plays once; at 375 px, scrolled to the bottom of the page, both clocks
    are still in sight."""
    ARTIFACTS.mkdir(exist_ok=True)
    url = bot_game(api, name="Ann", clock={"bank": 0, "per_turn": 30, "on_timeout": "bot"})
    desktop = new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    phone = new_context(
        viewport={"width": 375, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    for context in (desktop, phone):
        context.add_init_script(script="localStorage.setItem('outlaws.sound', 'on');")
    page = stubbed(desktop.new_page())
    small = stubbed(phone.new_page())
    page.goto(url)
    assert wait_turn_or_over(page) == "turn"
    small.goto(url)

    mine, bot = page.get_by_test_id("clock-0"), page.get_by_test_id("clock-1")
    expect(mine).to_have_attribute("data-running", "true")
    expect(mine).to_contain_text("You")
    expect(mine).to_contain_text("running")
    expect(bot).to_have_attribute("data-running", "false")
    expect(bot).to_contain_text("not timed")
    expect(page.get_by_test_id("status")).to_have_class("status-bar mine timed")
    # 30 s a turn: warned at 8 s left, and at 3 s.
    expect(mine).to_have_attribute("data-level", "low", timeout=30_000)
    expect(mine.get_by_test_id("clock-warning")).to_have_text("Low time")
    page.screenshot(path=str(ARTIFACTS / "clocks-low.png"))

    small.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(small.get_by_test_id("clock-0")).to_have_attribute("data-level", "low")
    assert small.evaluate("window.scrollY") > 100, "the page did not scroll"
    clocks_in_view(small, 740)
    assert small.evaluate("document.documentElement.scrollWidth") <= 375
    small.screenshot(path=str(ARTIFACTS / "clocks-phone.png"))

    expect(mine).to_have_attribute("data-level", "critical", timeout=10_000)
    expect(mine.get_by_test_id("clock-warning")).to_have_text("Hurry!")
    # The live region is given its words a moment after the redraw (ui.js announce).
    page.wait_for_function(
        "() => window.__calls.said.filter((t) => t.includes('left on your clock')).length >= 2"
    )
    said = [text for text in calls(page)["said"] if "left on your clock" in text]
    assert len(said) == 2, said
    assert said[0].startswith("Low time: 0:0"), said
    assert said[1].startswith("Only 0:0"), said
    notes = calls(page)["notes"]
    assert notes.count(LOW_NOTE) == 2 and notes.count(CRITICAL_NOTE) == 3, notes
    publish("clocks-low.png")
    publish("clocks-phone.png")


def test_the_alerts_settings_in_japanese(page: Page, api: httpx.Client) -> None:
    """At a phone's width, in Japanese: the sound's switch and the notifications' button
    under the toolbar, scrolled to, with both clocks still in sight above."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 375, "height": 740})
    stubbed(page).emulate_media(reduced_motion="reduce")
    page.goto(bot_game(api, clock={"bank": 180, "per_turn": 15, "on_timeout": "bot"}))
    page.get_by_test_id("lang").select_option("ja")
    expect(page.get_by_test_id("sound-toggle")).to_have_text("サウンド：オフ")
    expect(page.get_by_test_id("notify-ask")).to_have_text("自分の手番になったら通知する")
    expect(page.get_by_test_id("clocks")).to_contain_text("あなた")
    page.get_by_test_id("notify-settings").evaluate("el => el.scrollIntoView({ block: 'center' })")
    clocks_in_view(page, 740)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.screenshot(path=str(ARTIFACTS / "notify-settings-ja.png"))
    publish("notify-settings-ja.png")
