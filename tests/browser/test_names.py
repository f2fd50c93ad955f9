"""Players' names in Chromium: one name per player on every screen (the lobby, the
opponent's table, the spectators', the game over, the replay), long names shortened with
"…" where the table has little room, and bots by their rank on the ladder in the lobby
and at the table, in the reader's language; the lobby names the sides by their column 1."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import bearer, page_errors
from tests.server.serverkit import legal_of

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "outlaws" / "web" / "i18n"


def words(lang: str, key: str, **params: Any) -> str:
    """The catalogue's text of ``key`` in ``lang``, its placeholders filled."""
    text = str(json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))[key])
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), text)


def bot_name(lang: str, rank: str) -> str:
    return words(lang, "bot.ranked", rank=words(lang, f"bot.rank.{rank}"))


def created(api: httpx.Client, **body: Any) -> dict[str, Any]:
    made = api.post("/games", json={"placement": "random", **body})
    assert made.status_code == 201, made.text
    return dict(made.json())


def live_players(page: Page, game: str) -> Any:
    """The names of ``game`` in the lobby's list of games being played."""
    row = page.locator("li", has=page.locator(f'[data-value="{game}"]'))
    return row.get_by_test_id("live-players")


def test_a_nameless_guest_is_guest_on_every_screen(
    page: Page, new_context: Any, api: httpx.Client
) -> None:
    """A guest opens a game to the lobby without giving a name; Bob takes it. The lobby,
    Bob at the table, a spectator, the game over and the replay all call the guest
    "Guest": never "Opponent", "Player 1" or a seat number."""
    guest_name = words("en", "player.guest")
    made = created(api, opponent="friend", open=True)
    game, guest = made["game"], made["seat"]
    bob_seat = 1 - guest
    errors = [page_errors(page)]
    page.goto(f"/#/game/{game}/{made['token']}")  # the guest at the table: the game is listed
    onlooker = new_context().new_page()
    errors.append(page_errors(onlooker))
    onlooker.goto("/")
    seek = onlooker.locator(f'[data-testid="seek"][data-game="{game}"]')
    expect(seek.locator(".who")).to_have_text(guest_name)

    joined = api.post(f"/seeks/{game}", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    seated = ["", ""]
    # Bob is a guest too, under a name of his own: marked as a guest's.
    bob_shown = words("en", "player.guestNamed", name="Bob")
    seated[guest], seated[bob_seat] = guest_name, bob_shown
    expect(live_players(onlooker, game)).to_have_text(" – ".join(seated))

    bob = new_context().new_page()
    errors.append(page_errors(bob))
    bob.goto(f"/#/game/{game}/{joined.json()['token']}")
    expect(bob.get_by_test_id(f"seat-name-{guest}")).to_have_text(guest_name)
    expect(page.get_by_test_id(f"seat-name-{bob_seat}")).to_have_text(bob_shown)

    onlooker.goto(f"/#/watch/{game}")
    expect(onlooker.get_by_test_id(f"seat-name-{guest}")).to_have_text(guest_name)
    expect(onlooker.get_by_test_id(f"seat-name-{bob_seat}")).to_have_text(bob_shown)

    resigned = api.post(f"/games/{game}/resign", headers=bearer(joined.json()["token"]))
    assert resigned.status_code == 200, resigned.text
    over = onlooker.get_by_test_id("game-over")
    expect(over.locator("h2")).to_have_text(words("en", "over.won", who=guest_name))

    onlooker.goto(f"/#/replay/{game}")
    expect(onlooker.get_by_test_id(f"seat-name-{guest}")).to_have_text(guest_name)
    for screen in (page, bob, onlooker):
        text = screen.locator("body").inner_text()
        for other in (words("en", "player.seat", n=1), words("en", "player.seat", n=2)):
            assert other not in text
        assert not re.search(r"\bOpponent\b", text)
    assert errors == [[], [], []]


#: Each seat's name: 24 characters, the widest letters.
LONG = ["W" * 24, "M" * 24]
#: What the page may show of them in a sentence: guests' names, marked as such.
SHOWN = re.compile(r"^(W|M){15}… \(guest\)$")


def test_a_24_character_name_is_shortened_in_the_panel_and_the_log_at_1280(
    new_context: Any, api: httpx.Client
) -> None:
    """Two players of 24 wide letters each: at 1280 wide the waiting seat's panel and
    log say the other's name shortened with "…" and nothing overflows its box; the
    seat's label keeps the whole name as its title."""
    made = created(api, opponent="friend", seat=0, name=LONG[0])
    joined = api.post(f"/invites/{made['invite']}", json={"name": LONG[1]}).json()
    tokens = [made["token"], joined["token"]]
    game = made["game"]
    first = api.get(f"/games/{game}", headers=bearer(tokens[0])).json()["view"]["to_act"]
    legal = legal_of(api.get(f"/games/{game}", headers=bearer(tokens[first])).json()) or []
    move = next(action for action in legal if action["type"] == "move")
    moved = api.post(f"/games/{game}/actions", json=move, headers=bearer(tokens[first]))
    assert moved.status_code == 200, moved.text

    page = new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors = page_errors(page)
    page.goto(f"/#/game/{game}/{tokens[1 - first]}")
    hint = page.get_by_test_id("wait-hint")
    expect(hint).to_contain_text("…")
    expect(page.locator(".log li").last).to_contain_text("…")
    label = page.get_by_test_id(f"seat-name-{first}")
    expect(label).to_have_attribute("title", words("en", "player.guestNamed", name=LONG[first]))
    assert SHOWN.match(label.inner_text()), label.inner_text()

    boxes = page.evaluate(
        """() => [...document.querySelectorAll(
              '[data-testid="wait-hint"], .log li, [data-testid="status"], .seat-label')]
            .map((el) => ({ text: el.textContent, over: el.scrollWidth - el.clientWidth }))"""
    )
    assert boxes and all(box["over"] <= 0 for box in boxes), boxes
    assert not any(LONG[first] in box["text"] for box in boxes), boxes
    assert errors == []


def test_being_played_now_names_the_bots_by_their_ladder_rank_in_english_and_portuguese(
    page: Page, api: httpx.Client
) -> None:
    """Games against the beginner, the easy and the expert bot are listed among the
    games being played with the bots' ranks, in the reader's language, and never with
    their specs (novice:1, novice:3, expert)."""
    specs = {"novice:1": "beginner", "novice:3": "easy", "expert": "expert"}
    games = {
        spec: created(api, opponent="bot", bot=spec, seat=0, name="Ada")["game"] for spec in specs
    }
    errors = page_errors(page)
    page.goto("/")
    for lang in ("en", "pt"):
        page.get_by_test_id("lang").select_option(lang)
        for spec, rank in specs.items():
            ada = words(lang, "player.guestNamed", name="Ada")  # a guest's name, marked
            expect(live_players(page, games[spec])).to_have_text(f"{ada} – {bot_name(lang, rank)}")
        listed = page.get_by_test_id("live-games").inner_text()
        assert not any(spec in listed for spec in specs), listed
    assert errors == []


def test_the_game_over_panel_changes_language_whole_rematch_included(
    page: Page, api: httpx.Client
) -> None:
    made = created(api, opponent="bot", bot="novice:1", seat=0)
    resigned = api.post(f"/games/{made['game']}/resign", headers=bearer(made["token"]))
    assert resigned.status_code == 200, resigned.text
    errors = page_errors(page)
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    offer = page.get_by_test_id("rematch-offer")
    expect(offer).to_have_text(words("en", "rematch.offer"))
    page.get_by_test_id("lang").select_option("pt")
    heading = page.get_by_test_id("game-over").get_by_role("heading")
    expect(heading).to_have_text(words("pt", "over.youLost"))
    expect(offer).to_have_text(words("pt", "rematch.offer"))
    expect(page.get_by_test_id("rematch")).to_contain_text(words("pt", "rematch.hintBot"))
    assert errors == []


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
