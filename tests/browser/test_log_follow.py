"""The game log keeps its newest line in sight as the game goes on, also when lines come
in while the page is still scrolling it to the end, and the notebook takes some of its
height; a reader who scrolled up is left where they are."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.tablekit import play_one_action, wait_turn_or_over

#: The log's last line lies within the log's visible box.
LAST_LINE_IN_SIGHT = """() => {
  const log = document.querySelector('ol.log');
  const box = log.getBoundingClientRect();
  const last = log.lastElementChild.getBoundingClientRect();
  return log.clientHeight > 0 && last.top >= box.top - 2 && last.bottom <= box.bottom + 2;
}"""


#: A long log, scrolled to its end; then lines come in at once, before the page has
#: handled the scroll event (two events rendered in one go).
LINES_DURING_A_SCROLL = """async () => {
  const log = document.querySelector('ol.log');
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  const frames = async () => { await frame(); await frame(); };
  const lines = (n) => {
    for (let i = 0; i < n; i += 1) {
      const line = document.createElement('li');
      line.textContent = 'line ' + i;
      log.append(line);
    }
  };
  lines(30);
  await frames();
  log.scrollTop = log.scrollHeight;
  lines(10);
  await frames();
}"""


def start_game(page: Page) -> None:
    page.goto("/")
    page.get_by_test_id("bot-level").select_option("random")
    page.get_by_test_id("lobby-placement-random").check()
    page.get_by_test_id("new-bot").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")


def test_the_log_keeps_its_newest_line_in_sight_with_the_notebook_open(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    start_game(page)
    assert wait_turn_or_over(page) == "turn"
    page.evaluate(LINES_DURING_A_SCROLL)
    page.get_by_test_id("notebook-toggle").click()
    for _ in range(3):
        if wait_turn_or_over(page) == "over":
            break
        play_one_action(page, ["move"])
    page.wait_for_timeout(1_000)
    assert page.evaluate(LAST_LINE_IN_SIGHT)


def test_a_reader_who_scrolled_up_the_log_is_left_there(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    start_game(page)
    assert wait_turn_or_over(page) == "turn"
    page.evaluate(LINES_DURING_A_SCROLL)
    page.evaluate("() => { document.querySelector('ol.log').scrollTop = 0; }")
    page.wait_for_timeout(200)
    play_one_action(page, ["move"])
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.querySelector('ol.log').scrollTop") == 0
