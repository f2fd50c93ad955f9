"""The chat at the table in Chromium: the two players of a friend game talk (text, and a
quick phrase each reads in their own language), markup stays text, a player mutes the
other (and the page remembers it), spectators talk among themselves unseen by the
players, and a game against a bot has no chat for its player. Pictures of the panel:
docs/img/chat.png (desktop), chat-phone.png (375 px wide) and chat-pt.png (in
Portuguese), written with OUTLAWS_UPDATE_SCREENSHOTS=1."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Locator, Page, expect

from tests.browser.tablekit import ARTIFACTS, keep


def watched(page: Page, errors: list[str]) -> Page:
    """``page``, its console errors and uncaught exceptions gathered in ``errors``."""
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def friend_game(api: httpx.Client) -> tuple[str, list[str]]:
    """A friend game of Ann (seat 0) and Bob (seat 1), cards dealt: its id and tokens."""
    made = api.post(
        "/games", json={"opponent": "friend", "seat": 0, "placement": "random", "name": "Ann"}
    )
    assert made.status_code == 201, made.text
    joined = api.post(f"/invites/{made.json()['invite']}", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    return made.json()["game"], [made.json()["token"], joined.json()["token"]]


def messages(page: Page) -> Locator:
    return page.get_by_test_id("chat").get_by_test_id("chat-message")


def say(page: Page, text: str) -> None:
    """Type ``text`` in the chat and send it with Enter, as a keyboard user does."""
    box = page.get_by_test_id("chat-input")
    box.fill(text)
    box.press("Enter")
    expect(box).to_have_value("")


def test_two_players_chat_mute_each_other_and_never_see_the_spectators(
    new_context: Any, api: httpx.Client
) -> None:
    errors: list[str] = []
    game, tokens = friend_game(api)
    ann = watched(new_context(viewport={"width": 1280, "height": 900}).new_page(), errors)
    bob = watched(
        new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR").new_page(), errors
    )
    ann.goto(f"/#/game/{game}/{tokens[0]}")
    bob.goto(f"/#/game/{game}/{tokens[1]}")
    for page in (ann, bob):
        expect(page.get_by_test_id("chat")).to_be_visible()
    expect(ann.get_by_test_id("chat-title")).to_have_text("Chat")
    expect(bob.get_by_test_id("chat-title")).to_have_text("Conversa")
    expect(ann.get_by_test_id("chat-count")).to_have_text("0/200")

    # Ann writes; Bob reads it at once, as text (the markup is not made into elements),
    # and his screen reader is told.
    markup = "Howdy <b>partner</b> <img src=x onerror=alert(1)>"
    say(ann, markup)
    expect(messages(bob)).to_have_count(1)
    expect(messages(bob).first.locator(".chat-text")).to_have_text(markup)
    # Ann plays as a guest: Bob reads her name with the guest mark, in his language.
    expect(messages(bob).first.locator(".chat-author")).to_have_text("Ann (convidado)")
    assert bob.get_by_test_id("chat").locator("b, img").count() == 0
    expect(bob.get_by_test_id("chat-live")).to_contain_text("Howdy")
    expect(messages(ann).first.locator(".chat-author")).to_have_text("You")

    # A quick phrase in English on Ann's page reads in Portuguese on Bob's.
    gg = ann.locator('[data-testid="chat-phrase"][data-value="gg"]')
    expect(gg).to_have_text("Good game!")
    gg.click()
    expect(messages(bob)).to_have_count(2)
    expect(messages(bob).nth(1).locator(".chat-text")).to_have_text("Boa partida!")
    expect(messages(ann).nth(1).locator(".chat-text")).to_have_text("Good game!")
    say(bob, "Obrigado, Ann! Boa sorte.")
    expect(messages(ann)).to_have_count(3)
    expect(messages(ann).nth(2)).to_contain_text("Bob (guest)")

    # The counter says when a message is too long, and the page will not send it.
    ann.get_by_test_id("chat-input").fill("x" * 201)
    expect(ann.get_by_test_id("chat-count")).to_have_text("201/200")
    expect(ann.get_by_test_id("chat-send")).to_be_disabled()
    ann.get_by_test_id("chat-input").fill("")
    ann.mouse.move(0, 0)  # no button under the pointer in the pictures
    keep(ann.get_by_test_id("chat"), "chat.png")
    keep(bob.get_by_test_id("chat"), "chat-pt.png")

    # A spectator talks in the spectators' room, under a name given once.
    fan = watched(new_context(viewport={"width": 1280, "height": 900}).new_page(), errors)
    fan.goto(f"/#/watch/{game}")
    expect(fan.get_by_test_id("chat-title")).to_have_text("Spectators' chat")
    expect(fan.get_by_test_id("chat-mute")).to_be_hidden()
    expect(fan.get_by_test_id("chat-empty")).to_be_visible()  # not the players' words
    fan.get_by_test_id("chat").screenshot(path=str(ARTIFACTS / "chat-guest.png"))
    fan.get_by_test_id("chat-name").fill("Cleo")
    fan.get_by_test_id("chat-name").press("Enter")
    expect(fan.get_by_test_id("chat-who")).to_contain_text("Cleo")
    say(fan, "Ann bluffs, col 3 is the hitman")
    expect(messages(fan)).to_have_count(1)
    fan.get_by_test_id("chat").screenshot(path=str(ARTIFACTS / "chat-spectators.png"))
    # Ann's next words reach Bob, and nothing of the spectator ever did.
    say(ann, "your move")
    expect(messages(bob)).to_have_count(4)
    expect(bob.get_by_test_id("chat")).not_to_contain_text("hitman")
    expect(ann.get_by_test_id("chat")).not_to_contain_text("hitman")
    expect(messages(fan)).to_have_count(1)
    fan.reload()
    expect(messages(fan)).to_have_count(1)  # the name is remembered; the room read again
    expect(fan.get_by_test_id("chat-name-form")).to_be_hidden()

    # Ann mutes Bob: his messages are hidden, and counted; the choice outlives a reload.
    ann.get_by_test_id("chat-mute").click()
    expect(ann.get_by_test_id("chat-mute")).to_have_attribute("aria-pressed", "true")
    expect(messages(ann)).to_have_count(3)
    expect(ann.get_by_test_id("chat-hidden")).to_have_text(
        "1 message from your opponent is hidden (muted)."
    )
    say(bob, "ainda aqui?")
    expect(ann.get_by_test_id("chat-hidden")).to_have_text(
        "2 messages from your opponent are hidden (muted)."
    )
    expect(ann.get_by_test_id("chat")).not_to_contain_text("ainda aqui")
    ann.reload()
    expect(ann.get_by_test_id("chat-mute")).to_have_attribute("aria-pressed", "true")
    expect(ann.get_by_test_id("chat-hidden")).to_contain_text("2 messages")
    ann.get_by_test_id("chat-mute").click()
    expect(messages(ann)).to_have_count(5)
    expect(ann.get_by_test_id("chat-hidden")).to_be_hidden()

    # At phone width the panel fits, nothing runs off the side.
    phone = watched(
        new_context(
            viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True
        ).new_page(),
        errors,
    )
    phone.goto(f"/#/game/{game}/{tokens[0]}")
    expect(messages(phone)).to_have_count(5)
    phone.get_by_test_id("chat-input").fill("On my phone")
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
    assert phone.evaluate(overflow) <= 0
    keep(phone.get_by_test_id("chat"), "chat-phone.png")
    assert errors == []


def test_the_player_of_a_bot_game_has_no_chat_and_its_spectators_do(
    page: Page, new_context: Any, api: httpx.Client, console_errors: list[str]
) -> None:
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "seat": 0, "placement": "random"}
    )
    assert made.status_code == 201, made.text
    game = made.json()["game"]
    page.goto(f"/#/game/{game}/{made.json()['token']}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("chat")).to_be_hidden()
    fan = new_context().new_page()
    fan.goto(f"/#/watch/{game}")
    expect(fan.get_by_test_id("chat")).to_be_visible()
    expect(fan.get_by_test_id("chat-title")).to_have_text("Spectators' chat")
    assert console_errors == []
