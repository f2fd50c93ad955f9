"""The analysis of a finished game in Chromium: opened from a replay or from the game-over
panel, its graph fills as the server judges the decisions; a decision chosen with the
keyboard moves the replay to it and takes it apart: the action played, the best options
(each outlined on the board), and what the action told the opponent. Pictures:
docs/img/analysis-desktop.png and analysis-phone.png (written with
OUTLAWS_UPDATE_SCREENSHOTS=1). The live server judges with a small budget (conftest.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import act, bearer, friend_game, keep, resign, seat_view
from tests.server.serverkit import legal_of

#: A 16-action game that ends at its turn limit (tests/js's fixture: its record).
RECORD: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "js" / "fixtures" / "analysis-game.json").read_text(
        encoding="utf-8"
    )
)["record"]
DESKTOP = {"width": 1280, "height": 900}
TALL_DESKTOP = {"width": 1280, "height": 1300}
PHONE = {"width": 375, "height": 812}
#: How long the server may take to judge the 16 decisions with its small budget.
JUDGED_MS = 90_000


#: Every count of points the graph showed, in order (the page redraws the panel at each poll).
WATCH_GRAPH = """() => {
  window.pointsSeen = [];
  new MutationObserver(() => {
    const graph = document.querySelector('[data-testid="analysis-graph"]');
    const n = graph ? Number(graph.dataset.points) : 0;
    if (n && n !== window.pointsSeen.at(-1)) window.pointsSeen.push(n);
  }).observe(document.body, {childList: true, subtree: true});
}"""


def imported(api: httpx.Client) -> str:
    """The record imported, with its players' names: its id."""
    answer = api.post("/imports", json={**RECORD, "players": [{"name": "Ann"}, {"name": "Bob"}]})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["game"])


def test_a_replay_is_analysed_and_a_decision_taken_apart_with_the_keyboard(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game = imported(api)
    page.set_viewport_size(DESKTOP)
    page.goto(f"/#/replay/{game}")
    page.evaluate(WATCH_GRAPH)
    page.get_by_test_id("open-analysis").click()
    expect(page.get_by_test_id("analysis-title")).to_be_focused()
    status = page.get_by_test_id("analysis-status")
    expect(status).to_have_attribute("data-total", str(len(RECORD["actions"])))
    # The graph fills as the decisions are judged: one point a decision, each seat's own.
    expect(status).to_have_attribute("data-phase", "done", timeout=JUDGED_MS)
    points = page.get_by_test_id("analysis-point")
    expect(points).to_have_count(len(RECORD["actions"]))
    seen = page.evaluate("window.pointsSeen")
    assert seen == sorted(seen) and seen[-1] == len(RECORD["actions"]), seen
    verdicts = points.evaluate_all("els => els.map(el => el.dataset.verdict)")
    marked = next(i for i, verdict in enumerate(verdicts) if verdict != "good")
    ply = points.nth(marked).get_attribute("data-ply")

    # The keyboard: one stop for the whole graph, the arrows walk it, Enter chooses.
    points.first.focus()
    for _ in range(marked):
        page.keyboard.press("ArrowRight")
    expect(points.nth(marked)).to_be_focused()
    step = page.get_by_test_id("replay-step")
    expect(step).to_have_attribute("data-step", "16")  # the arrows did not step the replay
    page.keyboard.press("Enter")
    expect(step).to_have_attribute("data-step", str(ply))
    expect(points.nth(marked)).to_have_attribute("aria-pressed", "true")
    expect(points.nth(marked)).to_be_focused()

    decision = page.get_by_test_id("analysis-decision")
    expect(decision).to_have_attribute("data-ply", str(ply))
    expect(decision.get_by_test_id("analysis-verdict")).to_have_attribute(
        "data-verdict", verdicts[marked]
    )
    expect(page.get_by_test_id("analysis-fair")).to_contain_text("true position")
    expect(page.get_by_test_id("analysis-played")).to_contain_text("% chance of winning")
    alternatives = page.get_by_test_id("analysis-alternative")
    assert 1 <= alternatives.count() <= 3
    # What the action told the opponent: three cards, 8 columns before and after.
    learned = page.get_by_test_id("analysis-learned")
    expect(learned).to_have_count(3)
    for card in range(3):
        rows = learned.nth(card).locator("tbody tr")
        expect(rows).to_have_count(2)
        for row in range(2):
            cells = rows.nth(row).locator(".cell .sr-only").all_inner_texts()
            saloon = rows.nth(row).locator(".in-saloon").count()
            assert (len(cells), saloon) in ((8, 0), (0, 1)), cells
            assert all(re.fullmatch(r"Column [1-8]: \d+%", text) for text in cells), cells

    # An option outlined on the board (the true position, said so above it).
    note = page.get_by_test_id("analysis-board-note")
    for i in range(alternatives.count()):
        option = alternatives.nth(i)
        option.click()
        expect(option).to_have_attribute("aria-pressed", "true")
        words = option.locator(".option-words").inner_text()
        expect(note).to_contain_text(words)
        expect(page.locator(".analysis-mark").first).to_be_visible()
    page.get_by_test_id("analysis-played").click()
    expect(page.get_by_test_id("analysis-played")).to_have_attribute("aria-pressed", "true")
    alternatives.first.click()
    # The picture: the whole panel in sight, the best option outlined on the board.
    page.set_viewport_size(TALL_DESKTOP)
    page.evaluate("window.scrollTo(0, 0)")
    keep(page, "analysis-desktop.png")

    # At a phone's width the graph scales into the panel, under the board.
    page.set_viewport_size(PHONE)
    graph = page.get_by_test_id("analysis-graph").bounding_box()
    assert graph is not None and graph["width"] <= PHONE["width"] - 20
    panel = page.get_by_test_id("analysis-panel")
    board = page.get_by_test_id("board").bounding_box()
    box = panel.bounding_box()
    assert board is not None and box is not None and box["y"] >= board["y"] + board["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    panel.evaluate("el => el.scrollIntoView({block: 'start'})")
    keep(page, "analysis-phone.png")

    page.get_by_test_id("analysis-close").click()
    expect(panel).to_have_count(0)
    expect(page.get_by_test_id("open-analysis")).to_be_focused()
    assert console_errors == []


def test_the_game_over_panel_opens_the_analysis_of_the_game(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, first, _ = friend_game(api)
    # A turn each (looks where the engine offers them), then Bob resigns.
    seat = first
    for _ in range(4):
        served = seat_view(api, game, tokens[seat])
        seat = served["view"]["to_act"]
        legal = legal_of(seat_view(api, game, tokens[seat])) or []
        looks = [a for a in legal if a["type"] == "look"] or legal
        act(api, game, tokens[seat], looks[0])
    resign(api, game, tokens[1])
    assert api.get(f"/games/{game}", headers=bearer(tokens[0])).json()["status"] == "over"

    page.goto(f"/#/game/{game}/{tokens[0]}")
    page.locator('.game-over [data-testid="open-analysis"]').click()
    expect(page).to_have_url(re.compile(rf"#/replay/{game}/analysis$"))
    status = page.get_by_test_id("analysis-status")
    expect(status).to_have_attribute("data-phase", "done", timeout=JUDGED_MS)
    expect(page.get_by_test_id("analysis-point")).to_have_count(4)
    assert console_errors == []
