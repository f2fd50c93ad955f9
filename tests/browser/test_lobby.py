"""The lobby, the languages, spectating, resigning, the replay and records, in Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import act, friend_game, keep, page_errors, resign
from tests.server.serverkit import legal_of

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "outlaws" / "web" / "i18n"


def catalogue_text(lang: str, key: str) -> str:
    """What the page must show for ``key`` in ``lang``: that catalogue's text, or
    English's when the catalogue (or the key) is missing, as the page's loader does."""
    english = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
    path = CATALOGUES / f"{lang}.json"
    own = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return own.get(key) or english[key]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_switching_the_language_changes_the_words_and_html_lang(
    page: Page, new_context: Any, console_errors: list[str]
) -> None:
    page.goto("/")
    title = page.locator(".hero h1")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(title).to_have_text(catalogue_text("en", "lobby.title"))
    for lang in ("pt", "it", "ja", "en"):
        page.get_by_test_id("lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(title).to_have_text(catalogue_text(lang, "lobby.title"))
        expect(page.get_by_test_id("new-bot")).to_have_text(catalogue_text(lang, "lobby.newBot"))
        expect(page.locator("#bot-level option").first).to_have_text(
            catalogue_text(lang, "bot.rank.beginner")
        )
    # The choice is remembered.
    page.get_by_test_id("lang").select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_test_id("lang")).to_have_value("ja")
    # A browser that prefers Italian gets Italian; one whose languages are unknown, English.
    italian = new_context(locale="it-IT").new_page()
    italian.goto("/")
    expect(italian.locator("html")).to_have_attribute("lang", "it")
    expect(italian.locator(".hero h1")).to_have_text(catalogue_text("it", "lobby.title"))
    other = new_context(locale="de-DE").new_page()
    other.goto("/")
    expect(other.locator("html")).to_have_attribute("lang", "en")
    assert console_errors == []


def test_a_lobby_that_could_not_read_the_ladder_at_start_reads_it_again(page: Page) -> None:
    """The page reads the bots' ladder (GET /bots) when it starts; when that fails, the
    lobby asks once more and offers it, weakest first, a newcomer's rung chosen."""
    refused: list[str] = []

    def refuse_once(route: Any) -> None:
        if refused:
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/bots", refuse_once)
    page.goto("/")
    options = page.locator("#bot-level option")
    expect(options.first).to_have_text(catalogue_text("en", "bot.rank.beginner"))
    expect(options).to_have_count(6)
    expect(page.get_by_test_id("bot-level")).to_have_value("novice:3")
    assert len(refused) == 1


def test_the_lobby_offers_the_expert_at_the_top_of_the_ladder(new_context: Any) -> None:
    """The Expert rung is offered, named and explained in each language, on a
    desktop and at phone width."""
    screens = (
        ({"width": 1280, "height": 860}, "en", "lobby-expert.png"),
        ({"width": 375, "height": 812}, "ja", "lobby-expert-phone-ja.png"),
    )
    for viewport, lang, name in screens:
        context = new_context(viewport=viewport, is_mobile=viewport["width"] < 600)
        page = context.new_page()
        errors = page_errors(page)
        page.goto("/")
        page.get_by_test_id("lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        levels = page.get_by_test_id("bot-level")
        expect(levels.locator("option").nth(4)).to_have_text(
            catalogue_text(lang, "bot.rank.expert")
        )
        levels.select_option("expert")
        expect(levels.locator("option:checked")).to_have_attribute("value", "expert")
        expect(page.get_by_text(catalogue_text(lang, "lobby.botHint"))).to_be_visible()
        keep(page.locator("section.new-game"), name)
        assert errors == []
        context.close()


def test_the_table_speaks_the_chosen_language(page: Page, api: httpx.Client) -> None:
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "seat": 0, "placement": "random"}
    ).json()
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    card = page.get_by_test_id("card-0-1")
    character = card.get_attribute("data-card")
    assert character
    for lang in ("ja", "pt", "en"):
        page.get_by_test_id("lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(card.locator(".full")).to_have_text(catalogue_text(lang, f"card.{character}"))
        expect(page.get_by_test_id("saloon-0-0")).to_be_visible()


def test_a_spectator_sees_the_public_view_with_seat_0_at_the_bottom(
    page: Page, api: httpx.Client
) -> None:
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "seat": 1, "placement": "random"}
    ).json()
    page.goto("/")
    page.get_by_test_id("watch-id").fill(made["game"])
    page.get_by_test_id("watch").click()
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-status", "playing")
    expect(status).to_have_attribute("data-seat", "")
    public = api.get(f"/games/{made['game']}").json()["view"]
    rows = page.locator('[data-testid^="street-"]')
    expect(rows.last).to_have_attribute("data-testid", "street-0")
    for seat in (0, 1):
        for col in range(1, 9):
            card = public["seats"][seat]["street"][col - 1]
            expect(page.get_by_test_id(f"card-{seat}-{col}")).to_have_attribute(
                "data-card", card or "hidden"
            )
    expect(page.locator('[data-testid^="act-"]')).to_have_count(0)
    expect(page.get_by_test_id("resign")).to_have_count(0)


def test_resigning_asks_first_then_ends_the_game(page: Page, console_errors: list[str]) -> None:
    page.goto("/")
    page.get_by_test_id("bot-level").select_option("random")
    page.get_by_test_id("seat").select_option("1")
    page.get_by_test_id("lobby-placement-random").check()
    page.get_by_test_id("new-bot").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    confirm = page.get_by_test_id("confirm-resign")
    page.get_by_test_id("resign").click()
    expect(confirm).to_be_visible()
    page.get_by_test_id("resign-no").click()
    expect(confirm).to_be_hidden()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    page.get_by_test_id("resign").click()
    page.get_by_test_id("resign-yes").click()
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible()
    expect(over).to_have_attribute("data-how", "resign")
    expect(over).to_have_attribute("data-winner", "0")
    expect(page.get_by_test_id("resign")).to_have_count(0)
    assert console_errors == []


def test_a_finished_game_is_replayed_exported_and_imported(
    page: Page, api: httpx.Client, tmp_path: Path, console_errors: list[str]
) -> None:
    made = api.post(
        "/games",
        json={
            "opponent": "bot",
            "bot": "random",
            "seat": 0,
            "turn_limit": 3,
            "placement": "random",
        },
    ).json()
    game, token = made["game"], made["token"]
    # Seat 0 plays its turns over HTTP (looks), until the turn limit ends the game.
    for _ in range(40):
        state = api.get(f"/games/{game}", headers=bearer(token)).json()
        if state["status"] == "over":
            break
        legal = legal_of(state)
        if legal:
            looks = [a for a in legal if a["type"] == "look"] or legal
            api.post(f"/games/{game}/actions", json=looks[0], headers=bearer(token))
        else:
            page.wait_for_timeout(100)
    replay = api.get(f"/games/{game}/replay").json()
    last = len(replay["steps"]) - 1
    how = replay["record"]["result"]["how"]

    page.goto(f"/#/replay/{game}")
    step = page.get_by_test_id("replay-step")
    expect(step).to_have_attribute("data-step", str(last))
    expect(page.get_by_test_id("replay-result")).to_have_attribute("data-how", how)
    page.get_by_test_id("replay-first").click()
    expect(step).to_have_attribute("data-step", "0")
    # Both hands are shown, as the deal put them.
    deal = replay["steps"][0]["state"]
    for seat in (0, 1):
        for col in range(1, 9):
            expect(page.get_by_test_id(f"card-{seat}-{col}")).to_have_attribute(
                "data-card", deal["seats"][seat]["street"][col - 1]
            )
    page.get_by_test_id("replay-next").click()
    expect(step).to_have_attribute("data-step", "1")
    page.get_by_test_id("replay-slider").fill(str(last - 1))
    expect(step).to_have_attribute("data-step", str(last - 1))
    page.keyboard.press("End")
    expect(step).to_have_attribute("data-step", str(last))
    end = "limit" if how == "limit" else "win"
    expect(page.locator(f'[data-testid="replay-log"] li[data-type="{end}"]')).to_have_count(1)

    with page.expect_download() as download:
        page.get_by_test_id("export").click()
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["format"] == "outlaws/1" and len(record["actions"]) == last

    page.goto("/")
    page.get_by_test_id("import-file").set_input_files(str(saved))
    page.get_by_test_id("import").click()
    expect(page).to_have_url(re.compile(r"#/replay/[^/]+$"))
    assert game not in page.url
    expect(step).to_have_attribute("data-step", str(last))
    assert console_errors == []


def test_the_home_page_is_the_table_and_the_api_pages_stay(api: httpx.Client) -> None:
    home = api.get("/", follow_redirects=False)
    assert home.status_code == 200 and "text/html" in home.headers["content-type"]
    assert '<script type="module" src="/static/app.js">' in home.text
    script = api.get("/static/app.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert api.get("/static/i18n/en.json").json()["app.title"]
    assert "swagger" in api.get("/docs").text.lower()
    assert "/games" in api.get("/openapi.json").json()["paths"]
    missing = api.get("/games/no-such-game")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_game"


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
