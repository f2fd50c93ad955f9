"""The page's layout in Chromium: the lobby leads with the ways to play (signing in is a
small button in the header), and during play the whole table is in view, on a laptop and
on a phone, where every card and token still names itself in full words. Pictures: docs/img/
lobby.png, lobby-phone.png, table-1280x800.png, table-phone.png (written with
OUTLAWS_UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import act, bearer, friend_game, keep, page_errors, resign, seat_view
from tests.server.serverkit import legal_of

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "outlaws" / "web" / "i18n"
CHARACTERS = (
    "governor", "hitman", "sheriff", "indian", "storekeep",
    "dancer", "reporter", "bandit", "reverend", "mayor",
)  # fmt: skip
LAPTOP = {"width": 1280, "height": 900}
LOW_LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}
#: The ways to play the lobby offers: a bot of the ladder, someone online now, a friend,
#: the guided game.
PLAY_CONTROLS = ("bot-level", "new-bot", "seek-open", "new-friend", "start-tutorial")
ACCOUNT_FORM = ("account-name-input", "account-password", "sign-in", "sign-up")

#: Where an element stands: its box, and whether all of it is inside the window.
IN_VIEW = """el => {
  const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          inside: r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
                  && r.bottom <= window.innerHeight && r.right <= window.innerWidth};
}"""

#: Each face-up card's name as the reader sees it (the visible one of its two labels,
#: soft hyphens left out) and whether it overflows its card.
CARD_NAMES = """() => [...document.querySelectorAll('.board .card.face')].map(card => {
  const shown = [...card.querySelectorAll('.label > span')].filter(s => s.checkVisibility());
  const label = card.querySelector('.label');
  const c = card.getBoundingClientRect();
  const l = label.getBoundingClientRect();
  return {
    card: card.dataset.card,
    text: shown.map(s => s.textContent.replace(/\\u00ad/g, '')).join(''),
    clipped: label.scrollWidth > label.clientWidth + 1
             || label.scrollHeight > label.clientHeight + 1,
    outside: l.left < c.left - 0.5 || l.right > c.right + 0.5 || l.top < c.top - 0.5
             || l.bottom > c.bottom + 0.5,
  };
})"""

#: The words the tokens of both stashes show beside their emblems.
STASH_WORDS = """() => [...document.querySelectorAll('.stash-item')].map(item => {
  const word = item.querySelector('.stash-word');
  return word && word.checkVisibility() ? word.textContent.trim() : '';
})"""


def catalogue(lang: str) -> dict[str, str]:
    words: dict[str, str] = json.loads((CATALOGUES / f"{lang}.json").read_text("utf-8"))
    return words


def box(page: Page, testid: str) -> dict[str, Any]:
    """Where the first element of ``testid`` stands, found and measured in one step of the
    page: a section drawn again meanwhile (the lobby redraws at every change of the
    server's games) never leaves a detached element measured as an empty box."""
    page.get_by_test_id(testid).first.wait_for(state="attached")
    found: dict[str, Any] = page.evaluate(
        f'id => ({IN_VIEW})(document.querySelector(`[data-testid="${{id}}"]`))', testid
    )
    return found


def new_bot_game(api: httpx.Client) -> tuple[str, str]:
    made = api.post(
        "/games", json={"opponent": "bot", "bot": "random", "seat": 0, "placement": "random"}
    ).json()
    return made["game"], made["token"]


def assert_whole_table_in_view(page: Page, seat: int) -> None:
    """The own Saloon, the own stash and the newest line of the log: all in the window."""
    for testid in (f"saloon-{seat}-0", f"saloon-{seat}-1", f"stash-{seat}"):
        where = box(page, testid)
        assert where["inside"], f"{testid} is cut off: {where}"
    last = page.locator('[data-testid="log"] li').last
    expect(last).to_be_visible()
    where = last.evaluate(IN_VIEW)
    assert where["inside"], f"the newest log line is cut off: {where}"


def test_the_lobby_leads_with_the_ways_to_play(new_context: Any) -> None:
    context = new_context(viewport=LAPTOP)
    page = context.new_page()
    errors = page_errors(page)
    page.goto("/")
    expect(
        page.get_by_test_id("seeks-empty").or_(page.get_by_test_id("seek")).first
    ).to_be_visible()
    for testid in PLAY_CONTROLS:
        where = box(page, testid)
        assert where["inside"], f"{testid} is below the first screen: {where}"
    # Signing in is a small button in the header; its form is not open by default.
    toggle = page.get_by_test_id("account-toggle")
    expect(toggle).to_have_text("Sign in")
    assert page.locator(".site-header").get_by_test_id("account-toggle").count() == 1
    for testid in ACCOUNT_FORM:
        expect(page.get_by_test_id(testid)).to_be_hidden()
    keep(page, "lobby.png")
    # Asked for, the form drops down; Escape puts it away again.
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_test_id("account-name-input")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("account-password")).to_be_hidden()
    expect(toggle).to_be_focused()
    assert errors == []
    context.close()


def test_on_a_phone_playing_comes_before_the_account_form(new_context: Any) -> None:
    context = new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    errors = page_errors(page)
    page.goto("/")
    first_play = box(page, "bot-level")
    assert first_play["inside"], first_play
    assert box(page, "new-bot")["inside"]
    toggle = box(page, "account-toggle")
    assert toggle["bottom"] - toggle["top"] <= 44, "the header's Sign in button stays small"
    for testid in ACCOUNT_FORM:
        expect(page.get_by_test_id(testid)).to_be_hidden()
    keep(page, "lobby-phone.png")
    # Opened, the form fits the phone's width and the page does not scroll sideways.
    page.get_by_test_id("account-toggle").click()
    form = box(page, "account-password")
    assert form["left"] >= 0 and form["right"] <= PHONE["width"], form
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0
    # The page's own content holds no account form: it begins with the ways to play.
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("account-password")).to_be_hidden()
    account_in_main = ", ".join(f"main [data-testid='{t}']" for t in ("account", *ACCOUNT_FORM))
    expect(page.locator(account_in_main)).to_have_count(0)
    first = page.locator("main select, main button, main input").first
    expect(first).to_have_attribute("data-testid", "bot-level")
    assert errors == []
    context.close()


def test_the_whole_table_is_in_view_on_a_laptop(new_context: Any, api: httpx.Client) -> None:
    """At 1280×800, during a game against a bot and during the guided game, the player's
    Saloon, stash and the newest log line need no scrolling."""
    context = new_context(viewport=LOW_LAPTOP)
    page = context.new_page()
    errors = page_errors(page)
    game, token = new_bot_game(api)
    page.goto(f"/#/game/{game}/{token}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    expect(page.locator('[data-testid="log"] li').first).to_be_visible()
    assert_whole_table_in_view(page, 0)
    keep(page, "table-1280x800.png")
    # The guided game: its coach's box stands beside the board, not above it.
    page.goto("/")
    page.get_by_test_id("start-tutorial").click()
    expect(page.get_by_test_id("tutorial")).to_be_visible()
    expect(page.locator('[data-testid="log"] li').first).to_be_visible()
    seat = int(page.get_by_test_id("status").get_attribute("data-seat") or "0")
    assert_whole_table_in_view(page, seat)
    assert errors == []
    context.close()


#: Whether the middle of an element is its own on screen: nothing drawn over it.
UNCOVERED = """el => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return el === top || el.contains(top);
}"""


def test_in_the_guided_game_a_card_picked_leaves_the_toolbar_in_sight(
    new_context: Any,
) -> None:
    """At 1280×800 the coach's box takes part of the side column; a card picked opens its
    choices there too. The action's choices and the toolbar (the notebook, resigning,
    the rules) are still in the window, nothing over them."""
    page = new_context(viewport=LOW_LAPTOP).new_page()
    errors = page_errors(page)
    page.goto("/")
    page.get_by_test_id("start-tutorial").click()
    coach = page.get_by_test_id("tutorial")
    for step in ("welcome", "goal", "tokens"):
        expect(coach).to_have_attribute("data-step", step)
        coach.get_by_test_id("tutorial-next").click()
    expect(coach).to_have_attribute("data-step", "swap")
    page.get_by_test_id("card-0-6").click()
    expect(page.get_by_test_id("act-move")).to_be_visible()
    for testid in ("act-move", "notebook-toggle", "resign", "howto-open"):
        control = page.get_by_test_id(testid)
        assert box(page, testid)["inside"], f"{testid} is out of the window: {box(page, testid)}"
        assert control.evaluate(UNCOVERED), f"{testid} is covered"
    assert errors == []


def test_on_a_phone_every_card_and_token_names_itself_in_words(
    new_context: Any, api: httpx.Client
) -> None:
    context = new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    errors = page_errors(page)
    game, token = new_bot_game(api)
    page.goto(f"/#/game/{game}/{token}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    for lang in ("en", "ja", "pt", "it"):
        page.get_by_test_id("lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        words = catalogue(lang)
        names = page.evaluate(CARD_NAMES)
        assert len(names) >= 12, "the own Main Street and both Saloons are face up"
        for name in names:
            # In English and Japanese the narrow card says the card's very name; a
            # longer one may be written shorter, still in whole words.
            narrow = words[f"card.narrow.{name['card']}"].replace("\u00ad", "")
            whole = words[f"card.{name['card']}"] if lang in ("en", "ja") else narrow
            assert name["text"] == whole, f"{lang}: {name['card']} reads {name['text']!r}"
            assert len(name["text"]) >= (2 if lang == "ja" else 4), name
            assert not name["clipped"] and not name["outside"], f"{lang}: {name} overflows"
        stash = page.evaluate(STASH_WORDS)
        assert len(stash) == 10 and all(stash), f"{lang}: a token without its word: {stash}"
        if lang == "en":
            keep(page, "table-phone.png")
    assert errors == []
    context.close()


def test_a_token_looked_at_shows_its_word_on_a_phone(new_context: Any, api: httpx.Client) -> None:
    """A token the player has seen lies face up in its slot (to them): on a phone too its
    emblem comes with its name."""
    made = api.post("/games", json={"opponent": "friend", "seat": 0, "placement": "random"}).json()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    tokens = {0: made["token"], 1: joined["token"]}
    first = seat_view(api, made["game"], tokens[0])["view"]["to_act"]
    legal = legal_of(seat_view(api, made["game"], tokens[first])) or []
    look = next(a for a in legal if a["type"] == "look")
    act(api, made["game"], tokens[first], look)
    context = new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.goto(f"/#/game/{made['game']}/{tokens[first]}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    seen = page.locator(".slot.known .tok-name")
    expect(seen.first).to_be_visible()
    word = seen.first.inner_text().strip()
    assert word in {
        catalogue("en")[f"token.{kind}"]
        for kind in ("bullet", "handcuffs", "vote", "bogus", "election")
    }
    context.close()


def test_a_phone_is_not_told_of_keys_it_has_not(new_context: Any, api: httpx.Client) -> None:
    """On a touch screen the Cancel button and the placement's hint say nothing of Esc or
    arrow keys; with a mouse and a keyboard, both say which key does it."""
    words = catalogue("en")
    made = api.post("/games", json={"opponent": "friend", "seat": 0, "placement": "choose"}).json()
    for touch, says_keys in ((True, False), (False, True)):
        options = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if touch else {}
        context = new_context(**({"viewport": LAPTOP} | options))
        page = context.new_page()
        page.goto(f"/#/game/{made['game']}/{made['token']}")
        hint = page.locator("#placement-howto")
        expect(hint).to_contain_text(words["place.howTo"])
        keys = hint.locator(".keyhint")
        if says_keys:
            expect(keys).to_be_visible()
        else:
            expect(keys).to_be_hidden()
        context.close()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    tokens = {0: made["token"], 1: joined["token"]}
    for token in tokens.values():
        api.post(f"/games/{made['game']}/placement", json={"random": True}, headers=bearer(token))
    first = seat_view(api, made["game"], tokens[0])["view"]["to_act"]
    for touch, says_keys in ((True, False), (False, True)):
        options = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if touch else {}
        context = new_context(**({"viewport": LAPTOP} | options))
        page = context.new_page()
        page.goto(f"/#/game/{made['game']}/{tokens[first]}")
        page.get_by_test_id(f"card-{first}-1").click()
        cancel = page.get_by_test_id("cancel")
        expect(cancel).to_contain_text(words["act.cancel"])
        expect(cancel).to_have_attribute("aria-keyshortcuts", "Escape")
        key = cancel.locator(".keyhint")
        if says_keys:
            expect(key).to_be_visible()
        else:
            expect(key).to_be_hidden()
        context.close()


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
