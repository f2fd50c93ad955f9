"""The placement screen before the first turn (docs/rules.md R3.1), in Chromium.

The seat arranges its ten characters by clicks, drags or keys, sends them once, and the
game that follows shows its street in that order. A friend game shows each seat whether
the other is done; a spectator sees who is done and never a placement.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.tablekit import ARTIFACTS, bearer, publish

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "src" / "outlaws" / "web" / "i18n"
CHARACTERS = {
    "governor", "hitman", "sheriff", "indian", "storekeep",
    "dancer", "reporter", "bandit", "reverend", "mayor",
}  # fmt: skip

FOCUSED = "() => (document.activeElement && document.activeElement.dataset.testid) || ''"


def words(key: str, lang: str = "en") -> str:
    return str(json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))[key])


@pytest.fixture(scope="module")
def placing_server(api: httpx.Client) -> httpx.Client:
    """The live server, once it is known to hold games in a placement phase."""
    made = api.post("/games", json={"opponent": "bot", "bot": "random", "placement": "choose"})
    game = api.get(f"/games/{made.json()['game']}", headers=bearer(made.json()["token"]))
    if made.status_code != 201 or game.json().get("phase") != "placing":
        pytest.skip(
            "the server has no placement phase yet (POST /games placement 'choose', "
            "GET /games/{id} phase/placement, POST /games/{id}/placement)"
        )
    return api


def bot_game(api: httpx.Client, seat: int = 0) -> dict[str, Any]:
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "seat": seat, "placement": "choose"}
    )
    assert made.status_code == 201, made.text
    return dict(made.json())


def arrangement(page: Page) -> dict[str, list[str]]:
    """The arrangement the placement screen shows, column 1 first."""
    street = [
        page.get_by_test_id(f"place-col-{col}").get_attribute("data-card") or ""
        for col in range(1, 9)
    ]
    saloon = [
        page.get_by_test_id(f"place-saloon-{i}").get_attribute("data-card") or "" for i in (0, 1)
    ]
    return {"street": street, "saloon": saloon}


def place_of(page: Page, card: str) -> str:
    """The test id of the place holding ``card``."""
    found = page.locator(f'[data-testid^="place-"][data-card="{card}"]')
    expect(found).to_have_count(1)
    return str(found.get_attribute("data-testid"))


def confirm_placement(page: Page) -> None:
    page.get_by_test_id("placement-send").click()
    dialog = page.get_by_test_id("placement-confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(words("place.confirm.text"))
    page.get_by_test_id("placement-yes").click()


def expect_street(
    page: Page, seat: int, placed: dict[str, list[str]], *, playing: bool = True
) -> None:
    """The table (in play, unless told otherwise) shows the seat's own cards there."""
    if playing:
        expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("placement")).to_have_count(0)
    for col, card in enumerate(placed["street"], start=1):
        expect(page.get_by_test_id(f"card-{seat}-{col}")).to_have_attribute("data-card", card)
    saloon = sorted(
        page.get_by_test_id(f"saloon-{seat}-{i}").get_attribute("data-card") or "" for i in (0, 1)
    )
    assert saloon == sorted(placed["saloon"])


def expect_placed_against_bot(
    page: Page, api: httpx.Client, seat: int, placed: dict[str, list[str]]
) -> None:
    """The game against a bot started from ``placed``, and the table shows the seat's cards.

    The bot may move first, and its Dancer may slide one of our cards (R6.6) before the
    table is read: so the game is resigned, its record's setup is compared with what was
    placed, and the table with where the cards stand at the end.
    """
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("placement")).to_have_count(0)
    game, token = page.url.rsplit("/", 2)[-2:]
    resigned = api.post(f"/games/{game}/resign", headers=bearer(token))
    assert resigned.status_code == 200, resigned.text
    setup = api.get(f"/games/{game}/record").json()["setup"]["seats"][seat]
    assert setup["street"] == placed["street"]
    assert sorted(setup["saloon"]) == sorted(placed["saloon"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "over")
    final = api.get(f"/games/{game}", headers=bearer(token)).json()["view"]["seats"][seat]
    expect_street(page, seat, {"street": final["street"], "saloon": final["saloon"]}, playing=False)


def last_saved(page: Page) -> Any:
    """The last arrangement this browser sent (without the seat it was made at). It is
    kept once the server's answer to the placement is in, which may come after the
    socket already said the game is being played: waited for."""
    page.wait_for_function("() => localStorage.getItem('outlaws.lastPlacement') !== null")
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('outlaws.lastPlacement'))")
    return {"street": saved["street"], "saloon": saved["saloon"]}


# -- by mouse -----------------------------------------------------------------------------
def test_cards_are_placed_by_click_to_swap_and_drag_and_the_game_shows_that_street(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    page.goto("/")
    page.get_by_test_id("bot-level").select_option("random")
    page.get_by_test_id("seat").select_option("0")
    expect(page.get_by_test_id("lobby-placement-choose")).to_be_checked()
    page.get_by_test_id("new-bot").click()
    expect(page.get_by_test_id("placement")).to_be_visible()
    expect(page.get_by_test_id("status")).to_have_attribute("data-phase", "placing")
    expect(page.get_by_test_id("placement-abilities").locator("li")).to_have_count(10)
    expect(page.get_by_test_id("board")).to_have_count(0)
    start = arrangement(page)
    assert set(start["street"] + start["saloon"]) == CHARACTERS
    assert "governor" not in start["saloon"]

    # A click picks a card up, a click on another swaps them.
    first = page.get_by_test_id("place-col-1")
    first.click()
    expect(first).to_have_class(re.compile(r"\bpicked\b"))
    expect(first).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("place-col-8").click()
    expect(page.locator(".pl-card.picked")).to_have_count(0)
    now = arrangement(page)
    assert now["street"][0] == start["street"][7] and now["street"][7] == start["street"][0]
    expect(page.get_by_test_id("live")).to_contain_text("Swapped")

    # A card taken up and clicked again is put back, nothing moved.
    page.get_by_test_id("place-col-3").click()
    page.get_by_test_id("place-col-3").click()
    assert arrangement(page) == now

    # A street card swapped with a Saloon card (never the Governor, refused below).
    street_card = "hitman" if now["street"].index("governor") != 1 else "sheriff"
    if street_card in now["saloon"]:
        street_card = next(c for c in now["street"] if c != "governor")
    page.get_by_test_id(place_of(page, street_card)).click()
    page.get_by_test_id("place-saloon-0").click()
    expect(page.get_by_test_id("place-saloon-0")).to_have_attribute("data-card", street_card)

    # Drag and drop swaps too.
    before = arrangement(page)
    page.get_by_test_id("place-col-4").drag_to(page.get_by_test_id("place-col-5"))
    expect(page.get_by_test_id("place-col-4")).to_have_attribute("data-card", before["street"][4])
    expect(page.get_by_test_id("place-col-5")).to_have_attribute("data-card", before["street"][3])

    placed = arrangement(page)
    # Not sent before it is confirmed: "Keep arranging" goes back to the screen.
    page.get_by_test_id("placement-send").click()
    page.get_by_test_id("placement-no").click()
    expect(page.get_by_test_id("placement-confirm")).to_be_hidden()
    expect(page.get_by_test_id("placement")).to_be_visible()
    confirm_placement(page)
    expect_placed_against_bot(page, placing_server, 0, placed)
    assert last_saved(page) == placed
    assert console_errors == []


def test_the_governor_is_refused_by_the_saloon_with_the_reason_in_words(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    made = bot_game(placing_server)
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    expect(page.get_by_test_id("placement")).to_be_visible()
    start = arrangement(page)
    reason = page.get_by_test_id("placement-reason")
    expect(reason).to_be_hidden()
    governor = page.get_by_test_id(place_of(page, "governor"))

    governor.click()
    page.get_by_test_id("place-saloon-1").click()
    expect(reason).to_be_visible()
    expect(reason).to_have_text(words("place.reason.governorSaloon"))
    assert "R3" not in (reason.text_content() or "")
    assert arrangement(page) == start
    # The other way round, and by a drag: refused the same.
    page.get_by_test_id("place-saloon-0").click()
    governor.click()
    expect(reason).to_have_text(words("place.reason.governorSaloon"))
    page.get_by_test_id("place-saloon-0").drag_to(governor)
    expect(reason).to_be_visible()
    assert arrangement(page) == start
    # The reason follows the language, and goes at the next change.
    page.get_by_test_id("lang").select_option("pt")
    expect(reason).to_have_text(words("place.reason.governorSaloon", "pt"))
    page.get_by_test_id("lang").select_option("en")
    page.get_by_test_id("placement-shuffle").click()
    expect(reason).to_be_hidden()
    # The server never received anything: the seat is still to place.
    state = placing_server.get(f"/games/{made['game']}", headers=bearer(made["token"])).json()
    assert state["phase"] == "placing" and state["placement"]["done"][0] is False
    assert console_errors == []


# -- by keyboard ----------------------------------------------------------------------------
def test_cards_are_placed_with_the_keyboard_only_on_the_mirrored_side(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    made = bot_game(placing_server, seat=1)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    expect(page.get_by_test_id("placement")).to_be_visible()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED).startswith("place-"):
            break
    else:
        pytest.fail("Tab never reached a card of the placement")
    start = arrangement(page)
    # Seat 1 sits across the table: its column 8 is on its left (R2.2).
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED) == "place-col-8"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == "place-col-7"
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("place-col-7")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("live")).to_contain_text("picked up")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == "place-col-5"
    # The focus ring and the "picked up" look are not the same thing.
    styles = page.evaluate(
        """() => {
          const look = (id) => {
            const s = getComputedStyle(document.querySelector(`[data-testid="${id}"]`));
            return {outline: s.outlineStyle, border: s.borderTopColor, transform: s.transform};
          };
          return {focused: look("place-col-5"), picked: look("place-col-7")};
        }"""
    )
    assert styles["focused"]["outline"] == "dashed", styles
    assert styles["picked"]["outline"] == "none", styles
    assert styles["picked"]["transform"] != "none", styles
    page.keyboard.press("Space")
    expect(page.get_by_test_id("place-col-5")).to_have_attribute("data-card", start["street"][6])
    expect(page.get_by_test_id("place-col-7")).to_have_attribute("data-card", start["street"][4])
    expect(page.get_by_test_id("live")).to_contain_text("Swapped")
    assert page.evaluate(FOCUSED) == "place-col-5", "the focus stays where the card was put"
    # Escape lets a picked card go.
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    expect(page.locator(".pl-card.picked")).to_have_count(0)
    # Down to the Saloon, and a Saloon card exchanged with a street card (not the Governor).
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED).startswith("place-saloon-")
    saloon_id = page.evaluate(FOCUSED)
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    target = page.evaluate(FOCUSED)
    assert target.startswith("place-col-")
    if page.get_by_test_id(target).get_attribute("data-card") == "governor":
        page.keyboard.press("ArrowLeft")
        target = page.evaluate(FOCUSED)
    moved = page.get_by_test_id(target).get_attribute("data-card")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id(saloon_id)).to_have_attribute("data-card", moved or "")
    placed = arrangement(page)
    # Tab on to "Place these cards", confirm with the keyboard.
    for _ in range(20):
        if page.evaluate(FOCUSED) == "placement-send":
            break
        page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "placement-send"
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("placement-confirm")).to_be_visible()
    assert page.evaluate(FOCUSED) == "placement-yes"
    page.keyboard.press("Enter")
    expect_placed_against_bot(page, placing_server, 1, placed)
    assert console_errors == []


# -- at random, and the last arrangement again -----------------------------------------------
def test_random_placement_then_the_last_arrangement_is_offered_next_time(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    made = bot_game(placing_server)
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    expect(page.get_by_test_id("placement")).to_be_visible()
    page.get_by_test_id("placement-random").click()
    expect(page.get_by_test_id("placement-confirm")).to_contain_text(words("place.random.text"))
    page.get_by_test_id("placement-yes").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    dealt = last_saved(page)
    assert set(dealt["street"]) | set(dealt["saloon"]) == CHARACTERS
    # The arrangement kept is the one the server dealt (its record's setup).
    expect_placed_against_bot(page, placing_server, 0, dealt)

    # The next game offers that arrangement back.
    again = bot_game(placing_server)
    page.goto(f"/#/game/{again['game']}/{again['token']}")
    expect(page.get_by_test_id("placement")).to_be_visible()
    page.get_by_test_id("placement-last").click()
    assert arrangement(page) == {"street": dealt["street"], "saloon": dealt["saloon"]}
    page.get_by_test_id("placement-shuffle").click()
    shuffled = arrangement(page)
    assert set(shuffled["street"] + shuffled["saloon"]) == CHARACTERS
    assert "governor" not in shuffled["saloon"]
    # At the other seat the street is seen from across the table: the same arrangement as
    # its player saw it is the columns reversed (every card keeps its left and right).
    across = bot_game(placing_server, seat=1)
    page.goto(f"/#/game/{across['game']}/{across['token']}")
    expect(page.get_by_test_id("placement")).to_be_visible()
    page.get_by_test_id("placement-last").click()
    assert arrangement(page) == {"street": dealt["street"][::-1], "saloon": dealt["saloon"]}
    assert console_errors == []


def test_a_fresh_browser_has_no_last_arrangement_to_offer(
    page: Page, placing_server: httpx.Client
) -> None:
    made = bot_game(placing_server)
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    expect(page.get_by_test_id("placement-last")).to_be_disabled()


# -- two players, a spectator ---------------------------------------------------------------
def friend_game(api: httpx.Client) -> tuple[str, dict[int, str]]:
    made = api.post(
        "/games", json={"opponent": "friend", "seat": 0, "name": "Ann", "placement": "choose"}
    ).json()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    return made["game"], {0: made["token"], 1: joined["token"]}


def test_in_a_friend_game_the_first_to_place_waits_and_sees_the_other_become_done(
    new_context: Any, placing_server: httpx.Client
) -> None:
    game, tokens = friend_game(placing_server)
    ann = new_context(reduced_motion="reduce").new_page()
    bob = new_context(reduced_motion="reduce").new_page()
    ann.goto(f"/#/game/{game}/{tokens[0]}")
    bob.goto(f"/#/game/{game}/{tokens[1]}")
    for page in (ann, bob):
        expect(page.get_by_test_id("placement")).to_be_visible()
        expect(page.get_by_test_id("opponent-placement")).to_have_attribute("data-done", "false")

    ann_placed = arrangement(ann)
    confirm_placement(ann)
    waiting = ann.get_by_test_id("placement-wait")
    expect(waiting).to_be_visible()
    expect(ann.get_by_test_id("opponent-placement")).to_have_text(words("place.waitingOpponent"))
    expect(ann.get_by_test_id("opponent-placement")).to_have_attribute("data-done", "false")
    # Ann sees her own arrangement, read only.
    expect(waiting.get_by_test_id("place-col-1")).to_have_attribute(
        "data-card", ann_placed["street"][0]
    )
    expect(waiting.get_by_test_id("place-col-1")).to_be_disabled()
    # Bob is told Ann is done, and sees nothing of her cards.
    expect(bob.get_by_test_id("opponent-placement")).to_have_attribute("data-done", "true")
    expect(bob.get_by_test_id("opponent-placement")).to_have_text(words("place.opponentDone"))

    bob_placed = arrangement(bob)
    confirm_placement(bob)
    expect_street(ann, 0, ann_placed)
    expect_street(bob, 1, bob_placed)
    for page, seat in ((ann, 0), (bob, 1)):
        view = placing_server.get(f"/games/{game}", headers=bearer(tokens[seat])).json()["view"]
        assert view["seats"][1 - seat]["street"] == [None] * 8
        for col in range(1, 9):
            expect(page.get_by_test_id(f"card-{1 - seat}-{col}")).to_have_attribute(
                "data-card", "hidden"
            )


def test_a_spectator_sees_who_has_placed_and_never_a_placement(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens = friend_game(placing_server)
    placed = placing_server.post(
        f"/games/{game}/placement", json={"random": True}, headers=bearer(tokens[0])
    )
    assert placed.status_code == 200, placed.text
    page.goto(f"/#/watch/{game}")
    watch = page.get_by_test_id("placement-watch")
    expect(watch).to_be_visible()
    expect(watch.locator("h1")).to_have_text(words("place.watch.title"))
    expect(page.get_by_test_id("placing-seat-0")).to_have_attribute("data-done", "true")
    expect(page.get_by_test_id("placing-seat-1")).to_have_attribute("data-done", "false")
    expect(page.get_by_test_id("status")).to_have_attribute("data-seat", "")
    # No card of anyone's placement anywhere on the page.
    expect(page.locator("[data-card]")).to_have_count(0)
    expect(page.locator('[data-testid^="place-"]')).to_have_count(0)
    text = page.locator("main").inner_text()
    for card in CHARACTERS:
        assert words(f"card.{card}") not in text

    again = placing_server.post(
        f"/games/{game}/placement", json={"random": True}, headers=bearer(tokens[1])
    )
    assert again.status_code == 200, again.text
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    for seat in (0, 1):
        for col in range(1, 9):
            expect(page.get_by_test_id(f"card-{seat}-{col}")).to_have_attribute(
                "data-card", "hidden"
            )
    assert console_errors == []


# -- pictures -----------------------------------------------------------------------------


def test_screenshots_of_the_placement_on_a_desktop_and_on_a_phone(
    new_context: Any, placing_server: httpx.Client
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    made = placing_server.post(
        "/games",
        json={"opponent": "bot", "bot": "random", "seat": 0, "name": "Ann", "placement": "choose"},
    ).json()
    url = f"/#/game/{made['game']}/{made['token']}"
    desktop = new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    page = desktop.new_page()
    page.goto(url)
    expect(page.get_by_test_id("placement")).to_be_visible()
    # A card picked up (its ability marked in the list) and the keyboard's ring elsewhere.
    page.get_by_test_id("place-col-3").click()
    page.get_by_test_id("place-col-6").focus()
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    page.screenshot(path=str(ARTIFACTS / "placement.png"), full_page=True)
    publish("placement.png")

    phone = new_context(
        viewport={"width": 375, "height": 812},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    small = phone.new_page()
    small.goto(url)
    expect(small.get_by_test_id("placement")).to_be_visible()
    # Everything fits the width: the eight columns, the Saloon, the buttons.
    assert small.evaluate("document.documentElement.scrollWidth") <= 375
    for testid in [f"place-col-{c}" for c in range(1, 9)] + ["place-saloon-0", "place-saloon-1"]:
        box = small.get_by_test_id(testid).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375, testid
        assert box["width"] >= 36, f"{testid} is too narrow to tap: {box}"
    for testid in ("placement-shuffle", "placement-last", "placement-random", "placement-send"):
        box = small.get_by_test_id(testid).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 375 and box["height"] >= 40, testid
    # Taps swap as clicks do.
    start = arrangement(small)
    small.get_by_test_id("place-col-1").tap()
    small.get_by_test_id("place-col-2").tap()
    expect(small.get_by_test_id("place-col-1")).to_have_attribute("data-card", start["street"][1])
    small.get_by_test_id("place-col-5").tap()
    small.screenshot(path=str(ARTIFACTS / "placement-phone.png"), full_page=True)
    publish("placement-phone.png")
    assert (ARTIFACTS / "placement.png").stat().st_size > 10_000


def test_a_seat_may_place_before_its_friend_joins_with_the_invite_at_hand(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    page.goto("/")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("seat").select_option("0")
    page.get_by_test_id("new-friend").click()
    link = page.get_by_test_id("invite-link").input_value()
    page.get_by_test_id("open-game").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "waiting")
    expect(page.get_by_test_id("status")).to_have_attribute("data-phase", "placing")
    # The placement screen's invite (the table's panel, under it, is drawn hidden).
    invite_panel = page.locator('[data-testid="waiting"]:visible')
    expect(invite_panel.get_by_test_id("invite-link")).to_have_value(link)
    # Nobody has the other seat yet: only the invite says so, no line about their placing.
    expect(invite_panel.get_by_test_id("waiting-text")).to_have_text(words("place.friendHint"))
    expect(page.get_by_test_id("opponent-placement")).to_have_count(0)
    placed = arrangement(page)
    confirm_placement(page)
    expect(page.get_by_test_id("placement-wait")).to_be_visible()
    expect(page.get_by_test_id("opponent-placement")).to_have_count(0)
    # The friend joins and places at random: the game starts on Ann's page by itself.
    invite = link.rsplit("/", 1)[-1]
    joined = placing_server.post(f"/invites/{invite}", json={"name": "Bob"}).json()
    answer = placing_server.post(
        f"/games/{joined['game']}/placement", json={"random": True}, headers=bearer(joined["token"])
    )
    assert answer.status_code == 200, answer.text
    expect_street(page, 0, placed)
    assert console_errors == []


def test_a_timed_placement_shows_the_time_left_to_place(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    """With a clock (3 minutes + 15 s a turn), placing is timed too: the status bar says
    how long is left to place, a full minute at least (not a turn's 15 s), counting down."""
    made = placing_server.post(
        "/games",
        json={
            "opponent": "bot",
            "bot": "random",
            "seat": 0,
            "placement": "choose",
            "clock": {"bank": 180, "per_turn": 15, "on_timeout": "lose"},
        },
    ).json()
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    clock = page.get_by_test_id("placing-clock")
    expect(clock).to_contain_text(re.compile(r"Time to place: (1:00|0:[3-5]\d)"))
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=3_000)  # it counts down
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "placement-clock.png"))
    publish("placement-clock.png")
    assert console_errors == []


def test_an_open_game_says_only_that_it_waits_for_an_opponent_until_one_sits_down(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    page.goto("/")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("live-lobby").get_by_test_id("seek-open").click()
    expect(page.get_by_test_id("placement")).to_be_visible()
    # The placement screen's own invite panel (the table's, under it, is drawn hidden).
    waiting = page.locator('[data-testid="waiting"]:visible')
    expect(waiting.locator("h2")).to_have_text(words("waiting.titleOpen"))
    expect(waiting.get_by_test_id("waiting-text")).to_have_text(words("place.openHint"))
    expect(page.get_by_test_id("opponent-placement")).to_have_count(0)
    expect(page.get_by_text(words("place.opponentPlacing"))).to_have_count(0)
    expect(page.get_by_text(words("waiting.title"), exact=True)).to_have_count(0)
    # Bob takes the seat from the lobby: the invite goes, his placing is told.
    game = page.url.rsplit("/", 2)[-2]
    taken = placing_server.post(f"/seeks/{game}", json={"name": "Bob"})
    assert taken.status_code in (200, 201), taken.text
    expect(waiting).to_have_count(0)
    expect(page.get_by_test_id("opponent-placement")).to_have_text(words("place.opponentPlacing"))
    assert console_errors == []


def test_the_arrangement_in_progress_survives_a_reload(
    page: Page, placing_server: httpx.Client, console_errors: list[str]
) -> None:
    made = bot_game(placing_server)
    page.goto(f"/#/game/{made['game']}/{made['token']}")
    expect(page.get_by_test_id("placement")).to_be_visible()
    # Ann puts her Governor at column 1 and reloads the page before sending.
    governor = page.locator('[data-testid^="place-col-"][data-card="governor"]')
    if governor.get_attribute("data-testid") != "place-col-1":
        governor.click()
        page.get_by_test_id("place-col-1").click()
    expect(page.get_by_test_id("place-col-1")).to_have_attribute("data-card", "governor")
    before = arrangement(page)
    page.reload()
    expect(page.get_by_test_id("placement")).to_be_visible()
    assert arrangement(page) == before
    # Sent, it is forgotten: nothing of it is kept in the browser.
    confirm_placement(page)
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    drafts = page.evaluate("() => localStorage.getItem('outlaws.placementDrafts')")
    assert made["game"] not in (drafts or "")
    assert console_errors == []
