"""A server killed under a player: the table in Chromium, through HAProxy in
front of two servers (deploy/local.sh), loses its server with ``kill -9``. It says it is
reconnecting, connects again through the balancer by itself, to the other server, which
has taken the game over (its bot plays on), and the game is played to its end by clicks.

Needs the whole topology: runs only with ``OUTLAWS_TEST_DEPLOY=1``
(``tests/server/deploykit.py``)."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import bearer, game_and_token, play_one_action, wait_turn_or_over
from tests.server.deploykit import NEEDS_DEPLOY, Topology, local_topology

pytestmark = NEEDS_DEPLOY


def test_the_table_reconnects_through_the_balancer_to_a_server_that_took_the_game_over(
    page: Page, console_errors: list[str]
) -> None:
    # A killed server's games are taken over within 2 s (its lease).
    with local_topology(servers=2, serve_args="--bot-workers 1 --lease 2") as topology:
        play_through_a_killed_server(page, topology, console_errors)


def play_through_a_killed_server(page: Page, topology: Topology, console_errors: list[str]) -> None:
    # Server 2 down while the game starts: the page, the game and its socket all land on
    # server 1, which runs the game (plays its bot). Then server 2 comes back.
    topology.kill(2)
    page.goto(f"{topology.lb}/")
    page.get_by_test_id("bot-level").select_option("random")
    page.get_by_test_id("turn-limit").fill("6")
    page.get_by_test_id("lobby-placement-random").check()
    page.get_by_test_id("new-bot").click()
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-status", "playing")
    expect(status).to_have_attribute("data-connection", "open")
    game, token = game_and_token(page)
    topology.start_missing()
    taken = []
    if wait_turn_or_over(page) == "turn":
        taken.append(play_one_action(page, ["move"]))

    # Server 1 killed outright: the page notices, and reconnects by itself.
    topology.kill(1)
    expect(status).to_have_attribute("data-connection", "reconnecting", timeout=10_000)
    expect(status).to_have_attribute("data-connection", "open", timeout=20_000)

    # Server 2 runs the game now: its bot answers, and the game goes on to its end.
    for _ in range(16):
        if wait_turn_or_over(page, timeout=30_000) == "over":
            break
        taken.append(play_one_action(page, ["move", "look"]))
    expect(page.get_by_test_id("game-over")).to_be_visible(timeout=30_000)
    assert len(taken) >= 2
    stored = httpx.get(f"{topology.lb}/games/{game}", headers=bearer(token), timeout=10)
    assert stored.status_code == 200 and stored.json()["status"] == "over"
    # The page logged nothing wrong but the lost connection itself.
    assert [e for e in console_errors if "WebSocket" not in e] == []
