"""No surprises, and know your exposure: the confirmation before an action that shows a
card or spends a token (and its setting), the warning before one that gives the Governor
away (R5.3, R5.4), the exposure drawn on the seat's own cards, and the reaction prompt
beside the board (R6.3.3).

Games are friend games whose seats place a known arrangement (R3.1); the page plays the
seat that acts first, or the one that must react, and the other seat plays over HTTP.
"""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.browser.tablekit import ARTIFACTS, act, bearer, publish

#: Both seats place this (column 1 first): the Indian (it may take only a Vote) at 2, the
#: Governor at 3 and the Bandit at 4; the Sheriff far from the Governor, at 6.
STREET = ["hitman", "indian", "governor", "bandit", "storekeep", "sheriff", "reporter", "dancer"]
#: The same with the Sheriff beside the Governor, at 4: he may intercept.
GUARDED = ["hitman", "indian", "governor", "sheriff", "storekeep", "bandit", "reporter", "dancer"]
SALOON = ["mayor", "reverend"]


def placed_game(api: httpx.Client, street: list[str]) -> tuple[str, dict[int, str], int]:
    """A friend game both of whose seats placed ``street``: its id, the seats' tokens and
    the seat to act first."""
    made = api.post("/games", json={"opponent": "friend", "seat": 0, "name": "Ann"}).json()
    joined = api.post(f"/invites/{made['invite']}", json={"name": "Bob"}).json()
    tokens = {0: made["token"], 1: joined["token"]}
    for seat in (0, 1):
        placed = api.post(
            f"/games/{made['game']}/placement",
            json={"street": street, "saloon": SALOON},
            headers=bearer(tokens[seat]),
        )
        assert placed.status_code == 200, placed.text
    game = api.get(f"/games/{made['game']}", headers=bearer(tokens[0])).json()
    return made["game"], tokens, int(game["view"]["to_act"])


def actions_of(api: httpx.Client, game: str) -> int:
    return int(api.get(f"/games/{game}").json()["actions"])


def open_seat(page: Page, game: str, token: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/#/game/{game}/{token}")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")


def start(page: Page, seat: int, col: int, kind: str) -> None:
    """Pick my card at ``col`` and the action ``kind``."""
    page.get_by_test_id(f"card-{seat}-{col}").click()
    page.get_by_test_id(f"act-{kind}").click()


def my_turn(page: Page) -> None:
    """The panel asks for a card: once the other seat's actions have been shown."""
    expect(page.get_by_test_id("pick-hint")).to_be_visible(timeout=15_000)


# -- confirmations -----------------------------------------------------------------------
def test_a_take_with_a_single_call_out_asks_and_cancel_changes_nothing(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, me = placed_game(api, STREET)
    open_seat(page, game, tokens[me])
    my_turn(page)
    # The Indian may only call a Vote (R5.5): one call-out, yet the Take is not sent.
    start(page, me, 2, "take")
    dialog = page.get_by_test_id("confirm-action")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Take with your Indian (column 2)")
    expect(dialog).to_contain_text("Vote")
    expect(dialog.get_by_test_id("confirm-warning")).to_have_count(0)
    dialog.get_by_test_id("confirm-no").click()
    expect(dialog).to_be_hidden()
    assert actions_of(api, game) == 0
    # One step back: the action types of the Indian are offered again.
    expect(page.get_by_test_id("act-take")).to_be_visible()
    expect(page.get_by_test_id("status")).to_have_attribute("data-actions-left", "2")
    # Confirmed, it is sent.
    page.get_by_test_id("act-take").click()
    dialog.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-actions-left", "1")
    assert actions_of(api, game) == 1
    # A plain Move is never asked about.
    start(page, me, 1, "move")
    page.locator('[data-testid="choice"][data-value="5"]').click()
    page.locator('[data-testid="choice"][data-value="pretend"]').click()
    expect(page.get_by_test_id("status")).not_to_have_attribute("data-to-act", str(me))
    expect(dialog).to_be_hidden()
    assert actions_of(api, game) == 2
    assert console_errors == []


def test_the_setting_turns_the_confirmations_off_and_is_kept(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, me = placed_game(api, STREET)
    open_seat(page, game, tokens[me])
    my_turn(page)
    setting = page.get_by_test_id("confirm-setting")
    expect(setting).to_be_checked()
    expect(page.locator("label.confirm-setting")).to_contain_text(
        "Ask before revealing or spending"
    )
    setting.uncheck()
    page.reload()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("confirm-setting")).not_to_be_checked()
    my_turn(page)
    start(page, me, 2, "take")
    expect(page.get_by_test_id("status")).to_have_attribute("data-actions-left", "1")
    expect(page.get_by_test_id("confirm-action")).to_have_count(0)
    assert actions_of(api, game) == 1
    # The Governor is still warned of: that warning is not a confirmation to turn off.
    start(page, me, 3, "look")
    dialog = page.get_by_test_id("confirm-action")
    expect(dialog.get_by_test_id("confirm-warning")).to_be_visible()
    dialog.get_by_test_id("confirm-no").click()
    assert actions_of(api, game) == 1
    page.get_by_test_id("confirm-setting").check()
    page.evaluate("() => localStorage.removeItem('outlaws.confirm')")
    assert console_errors == []


def test_a_look_with_the_governor_warns_and_the_exposure_shows_on_my_cards(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    game, tokens, me = placed_game(api, STREET)
    open_seat(page, game, tokens[me])
    my_turn(page)
    # R5.3: the Look reveals the looking card, the Governor.
    start(page, me, 3, "look")
    dialog = page.get_by_test_id("confirm-action")
    warning = dialog.get_by_test_id("confirm-warning")
    expect(warning).to_have_attribute("data-warning", "reveal")
    expect(warning).to_have_text(
        "This reveals your Governor: the opponent will know where he is. Do it anyway?"
    )
    dialog.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-actions-left", "1")
    # A swap of the Governor with the Bandit at 4, real: the opponent cannot tell (R5.1).
    start(page, me, 3, "move")
    page.locator('[data-testid="choice"][data-value="4"]').click()
    page.locator('[data-testid="choice"][data-value="swap"]').click()
    expect(page.get_by_test_id("status")).not_to_have_attribute("data-to-act", str(me))
    other = tokens[1 - me]
    for _ in range(2):
        act(api, game, other, {"type": "move", "a": 1, "b": 2, "swap": False})
    my_turn(page)
    # The exposure: the Governor at 3 or 4 to the opponent, even odds; 0 elsewhere.
    toggle = page.get_by_test_id("exposure-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    for col in (3, 4):
        mark = page.get_by_test_id(f"card-{me}-{col}").get_by_test_id(f"exposure-{col}")
        expect(mark).to_have_attribute("data-governor", "0.5")
        expect(mark).to_contain_text("50%")
    for col in (1, 2, 5, 6, 7, 8):
        mark = page.get_by_test_id(f"exposure-{col}")
        expect(mark).to_have_attribute("data-governor", "0")
        expect(mark).to_have_attribute("data-sure", "false")
    expect(page.get_by_test_id(f"card-{me}-3")).to_have_attribute(
        "aria-label", re.compile("Governor 50%")
    )
    # The picture once the opponent's moves have been shown.
    expect(page.locator("[data-flash], .fx-swap, .fx-slide")).to_have_count(0, timeout=10_000)
    expect(page.get_by_test_id("status")).not_to_contain_text("Showing")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "exposure.png"), full_page=True)
    publish("exposure.png")
    # Showing the Bandit now at 3 would say the swap was real: the Governor is given away.
    start(page, me, 3, "look")
    expect(warning).to_have_attribute("data-warning", "certain")
    dialog.get_by_test_id("confirm-no").click()
    # The Hitman at 1 tells nothing of him: only the confirmation.
    page.get_by_test_id("cancel").click()  # back from the Bandit's actions to the cards
    start(page, me, 1, "look")
    expect(dialog).to_be_visible()
    expect(warning).to_have_count(0)
    dialog.get_by_test_id("confirm-no").click()
    assert actions_of(api, game) == 4
    assert console_errors == []


# -- the reaction prompt -----------------------------------------------------------------
def shoot(api: httpx.Client, game: str, token: str) -> None:
    """The attacker's turn: its Hitman (column 1) swapped to 3, then it fires at the
    Governor opposite (R6.2)."""
    act(api, game, token, {"type": "move", "a": 1, "b": 3, "swap": True})
    act(api, game, token, {"type": "hitman", "col": 3})


def boxes_apart(page: Page, a: str, b: str) -> bool:
    one = page.get_by_test_id(a).bounding_box()
    two = page.get_by_test_id(b).bounding_box()
    assert one and two
    return (
        one["x"] + one["width"] <= two["x"]
        or two["x"] + two["width"] <= one["x"]
        or one["y"] + one["height"] <= two["y"]
        or two["y"] + two["height"] <= one["y"]
    )


def test_the_reaction_prompt_leaves_the_board_in_sight_and_says_what_passing_costs(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    game, tokens, attacker = placed_game(api, STREET)
    me = 1 - attacker
    open_seat(page, game, tokens[me])
    shoot(api, game, tokens[attacker])
    prompt = page.get_by_test_id("prompt")
    expect(prompt).to_be_visible()
    # The Sheriff stands at 6, far from the Governor at 3: Pass is the only answer.
    expect(prompt.get_by_test_id("choice")).to_have_count(1)
    only = prompt.get_by_test_id("pass-only")
    expect(only).to_contain_text("Pass is your only answer, and it loses your Governor")
    expect(prompt.get_by_test_id("reaction-cards")).to_contain_text(
        "their Hitman (column 3) and your Governor (column 3)"
    )
    for card in (f"card-{attacker}-3", f"card-{me}-3"):
        expect(page.get_by_test_id(card)).to_have_class(re.compile(r"\bconcerned\b"))
        expect(page.get_by_test_id(card)).to_be_in_viewport()
        assert boxes_apart(page, "prompt", card), card
    # Not modal: the rest of the page is not inert (the log can still be scrolled).
    assert page.evaluate("() => !document.querySelector('[data-testid=prompt]').matches(':modal')")
    prompt.locator('[data-value="pass"]').click()
    expect(page.get_by_test_id("game-over")).to_have_attribute("data-how", "bad")
    assert console_errors == []


def test_an_interception_says_what_each_answer_leads_to_and_is_confirmed(
    page: Page, api: httpx.Client, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    game, tokens, attacker = placed_game(api, GUARDED)
    me = 1 - attacker
    open_seat(page, game, tokens[me])
    shoot(api, game, tokens[attacker])
    prompt = page.get_by_test_id("prompt")
    expect(prompt.get_by_test_id("choice")).to_have_count(2)
    why = prompt.get_by_test_id("reaction-why")
    expect(why.locator('[data-answer="intercept"]')).to_contain_text("their Hitman is arrested")
    expect(why.locator('[data-answer="pass"]')).to_contain_text("You lose the game")
    expect(prompt.get_by_test_id("pass-only")).to_have_count(0)
    for card in (f"card-{attacker}-3", f"card-{me}-3"):
        expect(page.get_by_test_id(card)).to_have_class(re.compile(r"\bconcerned\b"))
        assert boxes_apart(page, "prompt", card), card
    page.screenshot(path=str(ARTIFACTS / "reaction.png"), full_page=False)
    publish("reaction.png")
    # The interception spends a Handcuffs: it is confirmed like every such action.
    prompt.locator('[data-value="intercept"]').click()
    dialog = page.get_by_test_id("confirm-action")
    expect(dialog).to_contain_text("It spends one of your Handcuffs.")
    dialog.get_by_test_id("confirm-no").click()
    expect(prompt).to_be_visible()
    assert actions_of(api, game) == 2
    prompt.locator('[data-value="intercept"]').click()
    dialog.get_by_test_id("confirm-yes").click()
    # The attacker is asked for its Reverend (R8.5: in its Saloon here, so it passes).
    expect(prompt).to_be_hidden()
    act(api, game, tokens[attacker], {"type": "pass"})
    over = page.get_by_test_id("game-over")
    expect(over).to_have_attribute("data-how", "ugly")
    expect(over).to_have_attribute("data-winner", str(me))
    assert console_errors == []
