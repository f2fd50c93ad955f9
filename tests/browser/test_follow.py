"""Following the other seat at the table.

The other seat's actions are played back at a pace a person can follow, and can be
skipped; the status bar waits for them; the last action stays marked on the board (and
said in words); a bot shows that it is thinking; the game-over panel shows the deciding
action and says how the game was won. Pictures: docs/img/thinking.png and
docs/img/gameover.png (written with OUTLAWS_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.browser.tablekit import act, keep, seat_view
from tests.server.serverkit import legal_of


def friend_game(api: httpx.Client, **extra: Any) -> tuple[str, dict[int, str], int]:
    """A friend game of Ann (seat 0) and Bob (seat 1), dealt at random; the seat to act."""
    made = api.post(
        "/games",
        json={"opponent": "friend", "seat": 0, "placement": "random", "name": "Ann", **extra},
    ).json()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    tokens = {0: made["token"], 1: joined["token"]}
    first = seat_view(api, made["game"], tokens[0])["view"]["to_act"]
    return made["game"], tokens, first


def test_the_other_seats_action_is_followed_and_skipped_before_the_status_says_your_turn(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, first = friend_game(api)
    me = 1 - first
    page.goto(f"/#/game/{game}/{tokens[me]}")
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-status", "playing")
    act(api, game, tokens[first], {"type": "move", "a": 1, "b": 2, "swap": False})
    act(api, game, tokens[first], {"type": "look", "col": 3})
    # The other seat's action is on screen: the status follows it, never "Your turn".
    expect(status).to_have_attribute("data-follow", "following")
    expect(status).to_have_attribute("data-to-act", str(me))
    # Both play as guests: their names carry the guest mark.
    expect(status.locator(".turn-text")).to_have_text(
        re.compile(r"Showing (Ann|Bob) \(guest\)'s action")
    )
    assert "Your turn" not in status.inner_text()
    expect(page.get_by_test_id("skip")).to_be_visible()
    page.keyboard.press("Escape")  # Skip, by its key
    expect(status).to_have_attribute("data-follow", "")
    expect(page.get_by_test_id("skip")).to_have_count(0)
    expect(status.locator(".turn-text")).to_have_text(re.compile("^Your turn"))
    expect(page.locator("[data-flash]")).to_have_count(0)
    # The last action (the look) stays marked: the looker's card and the slot, in words too.
    expect(page.get_by_test_id(f"card-{first}-3")).to_have_class(re.compile(r"\blast-touched\b"))
    expect(page.get_by_test_id("slot-3")).to_have_class(re.compile(r"\blast-touched\b"))
    expect(page.get_by_test_id("last-action")).to_have_text(
        re.compile(
            r"^Last action: (Ann|Bob) \(guest\)'s \w+ at column 3 looked at the token in slot 3\.$"
        )
    )
    assert console_errors == []


def test_the_other_seats_actions_are_paced_one_after_another(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, first = friend_game(api)
    me = 1 - first
    page.goto(f"/#/game/{game}/{tokens[me]}")
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-status", "playing")
    page.evaluate(
        """() => { window.followSeen = [];
        new MutationObserver(() => {
          const s = document.querySelector('[data-testid="status"]');
          const t = s && s.querySelector('.turn-text');
          window.followSeen.push([performance.now(), s.dataset.follow, t ? t.textContent : ""]);
        }).observe(document.querySelector('[data-testid="status"]'),
                   {childList: true, subtree: true, attributes: true}); }"""
    )
    act(api, game, tokens[first], {"type": "move", "a": 1, "b": 2, "swap": True})
    act(api, game, tokens[first], {"type": "move", "a": 3, "b": 4, "swap": False})
    expect(status.locator(".turn-text")).to_have_text(re.compile("^Your turn"), timeout=10_000)
    seen = page.evaluate("window.followSeen")
    following = [t for t, mode, _ in seen if mode == "following"]
    assert following, seen
    # Two swaps of the other seat: shown for at least 1.4 s each before "Your turn".
    settled = next(t for t, mode, text in seen if text.startswith("Your turn"))
    assert settled - following[0] >= 2 * 1400 - 100, settled - following[0]
    assert all(not text.startswith("Your turn") for t, mode, text in seen if t < settled)
    assert console_errors == []


class BotTurnHold:
    """The game's WebSocket, routed through the test: once the page has been told that the
    bot's seat is to act, the server's next messages (the bot's actions) are held back
    until :meth:`release`. However fast the bot decides, the page shows it thinking until
    then, so the checks of the indicator never race the bot."""

    def __init__(self, page: Page, bot_seat: int) -> None:
        self.bot_seat = bot_seat
        self.holding = False
        #: Once released, nothing is held again (the bot's later actions of the turn
        #: come as they are made).
        self.released = False
        self.held: list[str | bytes] = []
        self.route: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws/games/"), self._connect)

    def _connect(self, route: WebSocketRoute) -> None:
        self.route = route
        server = route.connect_to_server()
        server.on_message(self._from_server)

    def _from_server(self, message: str | bytes) -> None:
        if self.holding:
            self.held.append(message)
            return
        assert self.route is not None
        self.route.send(message)
        if self.released:
            return
        view = json.loads(message).get("view") or {}
        self.holding = view.get("to_act") == self.bot_seat and view.get("status") == "playing"

    def release(self) -> None:
        """Let the held messages through, and every later one."""
        assert self.route is not None
        self.holding, self.released = False, True
        for message in self.held:
            self.route.send(message)
        self.held.clear()


def test_a_bot_shows_that_it_is_thinking(
    new_context: Any, api: httpx.Client, console_errors: list[str]
) -> None:
    made = api.post(
        "/games",
        json={
            "opponent": "bot",
            "bot": "search:2",
            "seat": 0,
            "name": "Ann",
            "placement": "random",
        },
    ).json()
    game, token = made["game"], made["token"]
    context = new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    bot_turn = BotTurnHold(page, bot_seat=1)
    page.goto(f"/#/game/{game}/{token}")
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-status", "playing")
    # Seat 0 hands the turn over: pretended moves, and where the bot's first turn left it a
    # prompt (R8.5), the reaction rather than a pass where there is one, to keep its Governor
    # and Hitman in the game.
    for _ in range(4):
        state = seat_view(api, game, token)
        if state["view"]["to_act"] != 0:
            break
        if state["view"]["pending"] is None:
            act(api, game, token, {"type": "move", "a": 1, "b": 2, "swap": False})
        else:
            act(api, game, token, min(legal_of(state) or [], key=lambda a: a["type"] == "pass"))
    thinking = page.get_by_test_id("thinking")
    expect(thinking).to_have_text("Bot search:2 is thinking", timeout=10_000)
    keep(page, "thinking.png", full_page=True)
    expect(status.locator(".thinking-dots span")).to_have_count(3)
    assert "Your turn" not in status.inner_text()
    # The bot's turn ends (its actions shown): the indicator goes, and the page is this
    # seat's again: its turn, or the answer the bot's last action asks of it (R8.5), or the
    # end if that action won (the deal is random).
    bot_turn.release()
    expect(status).to_contain_text(
        re.compile("Your turn|Waiting for your answer|The game is over"), timeout=60_000
    )
    expect(thinking).to_have_count(0)
    context.close()


def test_the_game_over_panel_shows_the_deciding_action_and_says_how_the_game_was_won(
    new_context: Any, api: httpx.Client
) -> None:
    for _ in range(30):
        game, tokens, attacker = friend_game(api)
        street = seat_view(api, game, tokens[attacker])["view"]["seats"][attacker]["street"]
        if "hitman" in street:
            break
    else:
        pytest.fail("no deal put the first seat's Hitman on the street")
    defender = 1 - attacker
    target = (
        seat_view(api, game, tokens[defender])["view"]["seats"][defender]["street"].index(
            "governor"
        )
        + 1
    )
    hitman = street.index("hitman") + 1
    context = new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"/#/game/{game}/{tokens[attacker]}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    if hitman != target:
        act(api, game, tokens[attacker], {"type": "move", "a": hitman, "b": target, "swap": True})
    act(api, game, tokens[attacker], {"type": "hitman", "col": target})
    act(api, game, tokens[defender], {"type": "pass"})
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible(timeout=15_000)
    expect(over).to_have_attribute("data-how", "bad")
    expect(over.locator(".how")).to_contain_text(
        f"Your Hitman shot their Governor at column {target}: you win by assassination."
    )
    # The deciding shot stays marked on the board: the Hitman and the Governor it shot.
    for seat in (attacker, defender):
        expect(page.get_by_test_id(f"card-{seat}-{target}")).to_have_class(
            re.compile(r"\blast-touched\b")
        )
    expect(page.get_by_test_id("last-action")).to_contain_text(
        f"Your Hitman at column {target} pays a Bullet and shoots."
    )
    expect(page.locator("[data-flash]")).to_have_count(0, timeout=10_000)
    keep(page, "gameover.png", full_page=True)
    context.close()
