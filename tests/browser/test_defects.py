"""Defects of the table, each with the test named after it (issue "A table that teaches",
item 7). The log's words and the names of the bots are also checked in node
(tests/js/words.test.mjs)."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import act, bearer, seat_view


def friend_game(api: httpx.Client, name: str = "Ann") -> tuple[str, dict[int, str], int, str]:
    made = api.post(
        "/games", json={"opponent": "friend", "seat": 0, "placement": "random", "name": name}
    ).json()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    tokens = {0: made["token"], 1: joined["token"]}
    first = seat_view(api, made["game"], tokens[0])["view"]["to_act"]
    return made["game"], tokens, first, made["invite"]


def resign(api: httpx.Client, game: str, token: str) -> None:
    answer = api.post(f"/games/{game}/resign", headers=bearer(token))
    assert answer.status_code == 200, answer.text


def test_the_log_does_not_repeat_a_reveal_after_a_take_and_a_look_with_one_card(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, first, _ = friend_game(api)
    take = next(a for a in seat_view(api, game, tokens[first])["legal"] if a["type"] == "take")
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{game}/{tokens[first]}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    act(api, game, tokens[first], take)
    act(api, game, tokens[first], {"type": "look", "col": take["col"]})
    log = page.locator('[data-testid="log"] li')
    expect(page.locator('[data-testid="log"] li[data-type="look"]')).to_have_count(1)
    texts = log.all_inner_texts()
    assert len(texts) == len(set(texts)), texts
    assert not any("is revealed" in text for text in texts), texts
    assert any(re.match(rf"Your \w+ at column {take['col']} called", text) for text in texts), texts
    assert any(
        re.match(rf"Your \w+ at column {take['col']} looked at slot", text) for text in texts
    ), texts
    assert console_errors == []


def test_the_lobby_names_the_bots_by_rank_and_the_sides_by_column(page: Page) -> None:
    page.goto("/")
    options = page.locator("#bot-level option")
    # The list is drawn (and translated) once the page has loaded: wait for all of it,
    # then read values and names in one go.
    expect(options).to_have_count(6)
    labels = dict(options.evaluate_all("os => os.map(o => [o.value, o.textContent.trim()])"))
    assert labels == {
        "novice:1": "Beginner", "novice:3": "Easy", "heuristic": "Medium", "search:3": "Hard",
        "expert": "Expert", "random": "Random moves",
    }  # fmt: skip
    seats = page.locator("#seat option").all_inner_texts()
    assert seats == ["Drawn at random", "Column 1 on your left", "Column 1 on your right"]
    assert not any("Seat" in text for text in seats)


def test_a_bots_turn_reads_by_its_rank_not_bot_level(page: Page, console_errors: list[str]) -> None:
    page.goto("/")
    page.get_by_test_id("bot-level").select_option("random")
    page.get_by_test_id("lobby-placement-random").check()
    page.get_by_test_id("new-bot").click()
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-status", "playing")
    bot = 1 - int(status.get_attribute("data-seat") or "0")
    expect(page.get_by_test_id(f"seat-name-{bot}")).to_have_text("Random moves bot")
    expect(page.locator('[data-testid="log"] li[data-type="turn"]').first).to_be_visible()
    texts = " ".join(page.locator('[data-testid="log"] li').all_inner_texts())
    assert "level" not in texts and "Bot," not in texts, texts
    assert "level" not in status.inner_text()
    assert console_errors == []


def test_the_handcuffs_token_is_named_in_full(new_context: Any, api: httpx.Client) -> None:
    # The replay shows every token: find a deal with the Handcuffs in a slot.
    for _ in range(20):
        game, tokens, first, _ = friend_game(api)
        resign(api, game, tokens[first])
        steps = api.get(f"/games/{game}/replay").json()["steps"]
        if "handcuffs" in steps[0]["state"]["slots"]:
            break
    # (cut to "Handcu…" at 1440 px wide before: the name has room at every width now)
    for width, height in ((1440, 900), (1280, 860), (1024, 768), (768, 900)):
        page = new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(f"/#/replay/{game}")
        names = page.locator(".tok-name")
        expect(names.filter(has_text="Handcuffs")).to_have_count(1)
        cut = names.evaluate_all(
            "els => els.filter(el => el.offsetParent && el.scrollWidth > el.clientWidth + 1)"
            ".map(el => el.textContent)"
        )
        assert cut == [], (width, cut)


def test_the_spectators_panel_is_headed_watching(page: Page, api: httpx.Client) -> None:
    game, _, _, _ = friend_game(api)
    page.goto(f"/#/watch/{game}")
    panel = page.get_by_test_id("action-panel")
    expect(panel.locator("h2")).to_have_text("Watching")
    expect(panel).to_have_attribute("aria-label", "Watching")
    expect(page.get_by_text("Your move")).to_have_count(0)


def test_the_waiting_seats_panel_says_it_is_the_opponents_move(
    page: Page, api: httpx.Client
) -> None:
    game, tokens, first, _ = friend_game(api)
    page.goto(f"/#/game/{game}/{tokens[1 - first]}")
    panel = page.get_by_test_id("action-panel")
    expect(panel.locator("h2")).to_have_text("Their move")
    expect(panel).to_have_attribute("aria-label", "Their move")
    expect(panel.get_by_test_id("wait-hint")).to_contain_text("Waiting for")


def test_a_wrong_seat_token_shows_the_error_and_the_way_back_to_the_lobby(
    page: Page, api: httpx.Client
) -> None:
    game, _, _, _ = friend_game(api)
    page.goto(f"/#/game/{game}/not-the-seat-key")
    status = page.get_by_test_id("status")
    expect(status.get_by_test_id("refused")).to_have_text(
        "This link's seat key does not belong to this game."
    )
    expect(status).not_to_contain_text("Connecting")
    status.get_by_test_id("to-lobby").click()
    expect(page.get_by_test_id("new-bot")).to_be_visible()


def test_a_wrong_seat_token_says_so_once_with_no_empty_panels(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, _, _, _ = friend_game(api)
    for url, words in (
        (f"/#/game/{game}/garbage", "This link's seat key does not belong to this game."),
        ("/#/game/no-such-game/garbage", "No such game."),
    ):
        page.goto(url)
        refused = page.get_by_test_id("status").get_by_test_id("refused")
        expect(refused).to_have_text(words)
        expect(refused).to_have_attribute("role", "alert")
        expect(page.get_by_text(words)).to_have_count(1)
        expect(page.get_by_test_id("error")).to_be_hidden()
        # The table's panels (the actions, the log) have nothing to show: none is drawn.
        for testid in ("action-panel", "log", "game-over", "notebook"):
            expect(page.get_by_test_id(testid)).to_be_hidden()
        # A change of language says it again, in the new words, still once.
        page.get_by_test_id("lang").select_option("pt")
        expect(refused).not_to_have_text(words)
        expect(page.get_by_test_id("refused")).to_have_count(1)
        expect(page.get_by_test_id("action-panel")).to_be_hidden()
        page.get_by_test_id("lang").select_option("en")
        expect(page.get_by_test_id("refused")).to_have_text(words)
    assert console_errors == []


def test_a_reused_invite_offers_the_seat_to_its_browser_and_says_it_is_used_elsewhere(
    new_context: Any, api: httpx.Client
) -> None:
    made = api.post("/games", json={"opponent": "friend", "seat": 0, "placement": "random"}).json()
    invite = made["invite"]
    friend = new_context().new_page()
    friend.goto(f"/#/join/{invite}")
    friend.get_by_test_id("join-name").fill("Bob")
    friend.get_by_test_id("join").click()
    expect(friend.get_by_test_id("status")).to_have_attribute("data-seat", "1")
    seat_url = friend.url
    # The same browser opens the invite again: the way back to its seat, no form.
    friend.goto("/#/")
    friend.goto(f"/#/join/{invite}")
    expect(friend.get_by_test_id("invite-notice")).to_contain_text("You already took this seat.")
    expect(friend.get_by_test_id("join")).to_have_count(0)
    friend.get_by_test_id("open-seat").click()
    expect(friend.get_by_test_id("status")).to_have_attribute("data-seat", "1")
    assert friend.url == seat_url
    # Another browser: the invite is used, and the page says so, with the way to the lobby.
    other = new_context().new_page()
    other.goto(f"/#/join/{invite}")
    expect(other.get_by_test_id("invite-notice")).to_contain_text(
        "This invite is unknown or already used."
    )
    expect(other.get_by_test_id("join")).to_have_count(0)
    other.get_by_test_id("to-lobby").click()
    expect(other.get_by_test_id("new-bot")).to_be_visible()


def test_the_replay_of_a_seat_1_player_shows_their_side_as_at_the_table(
    page: Page, api: httpx.Client
) -> None:
    game, tokens, first, _ = friend_game(api)
    page.goto(f"/#/game/{game}/{tokens[1]}")  # this browser now holds seat 1
    expect(page.get_by_test_id("status")).to_have_attribute("data-seat", "1")

    def geometry() -> dict[str, float]:
        boxes = {
            key: page.get_by_test_id(key).bounding_box()
            for key in ("card-1-1", "card-1-8", "card-0-1")
        }
        assert all(boxes.values()), boxes
        return {
            "mine_below": boxes["card-1-1"]["y"] > boxes["card-0-1"]["y"],  # type: ignore[index]
            "col1_right": boxes["card-1-1"]["x"] > boxes["card-1-8"]["x"],  # type: ignore[index]
        }

    at_table = geometry()
    assert at_table == {"mine_below": True, "col1_right": True}
    act(api, game, tokens[first], {"type": "move", "a": 1, "b": 2, "swap": True})
    resign(api, game, tokens[first])
    page.goto(f"/#/replay/{game}")
    expect(page.get_by_test_id("replay-step")).to_be_visible()
    assert geometry() == at_table
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-step")).to_have_attribute("data-step", "0")
    assert geometry() == at_table


def test_the_game_over_panel_leaves_one_lobby_button(page: Page, api: httpx.Client) -> None:
    game, tokens, first, _ = friend_game(api)
    page.goto(f"/#/game/{game}/{tokens[0]}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    resign(api, game, tokens[first])
    expect(page.get_by_test_id("game-over")).to_be_visible()
    lobby = page.locator('main a[href="#/"]').filter(has_text="Lobby")
    expect(lobby).to_have_count(1)


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
