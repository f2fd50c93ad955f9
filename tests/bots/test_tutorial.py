"""The guided game (bots/tutorial.py): its fixed position, both scripts played through the
engine to the learner's Election win (R9.1), its bot deciding from views only, and the
server creating it (``POST /games`` with ``"tutorial": true``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from outlaws.bots import make_bot, play_game
from outlaws.bots.tutorial import (
    LEARNER,
    LEARNER_SCRIPT,
    OPPONENT_SCRIPT,
    TutorialBot,
    script_in_order,
    tutorial_setup,
)
from outlaws.engine import Action, State, View, parse_notation, seat_view


def test_the_script_is_legal_and_ends_in_the_learners_election_win() -> None:
    """R3.4, R5.1, R5.3, R5.4, R6.2, R6.3.3, R6.9.2, R9.1: every scripted action is legal
    where it is played, and the game ends with the learner's Governor taking the
    Election while the learner holds more Votes."""
    state = State.new(setup=tutorial_setup())
    kinds = []
    for index, action in enumerate(script_in_order()):
        assert state.is_legal(action), (index, str(action))
        seat = state.to_act
        if index in LEARNER_SCRIPT:
            assert seat == LEARNER, index
        else:
            assert seat == 1 - LEARNER, index
        kinds.append(action.type)
        state.apply(action)
    assert state.over and state.winner == LEARNER and state.how == "good"
    view = seat_view(state, LEARNER)
    assert view.seats[LEARNER].stash["vote"] == 1 and view.seats[1 - LEARNER].stash["vote"] == 0
    # What the lesson shows: a swap, a pretence, Look and Take, the Hitman, an
    # interception cancelled by the Reverend, and the Election.
    assert {"move", "look", "take", "hitman", "intercept", "cancel"} <= set(kinds)
    learner_moves = [parse_notation(LEARNER_SCRIPT[i]) for i in (0, 4)]
    assert [m.swap for m in learner_moves] == [True, False]


def test_the_interception_is_offered_and_the_reverend_cancels_the_arrest() -> None:
    """R6.3.3, R8.5, R6.9.2: the opponent's Hitman reveals the learner's Governor, the
    learner is asked; its interception is cancelled, the Governor is saved, play goes on."""
    state = State.new(setup=tutorial_setup())
    script = script_in_order()
    for action in script[:7]:
        state.apply(action)
    assert state.pending_reaction == "intercept" and state.to_act == LEARNER
    assert {a.type for a in state.legal_actions()} == {"intercept", "pass"}
    state.apply(script[7])
    assert state.pending_reaction == "cancel" and state.to_act == 1 - LEARNER
    state.apply(script[8])
    assert not state.over and state.to_act == 1 - LEARNER


def test_the_bot_plays_its_script_from_its_view_alone() -> None:
    """R8.3: the tutorial bot is handed the view and the legal list, like every bot, and
    with the learner on script it plays exactly its script."""
    seen: list[tuple[int, int, str | None]] = []

    class Watched(TutorialBot):
        def choose(self, view: View, legal: Sequence[Action]) -> Action:
            assert isinstance(view, View) and view.viewer == 1 - LEARNER
            seen.append((view.turn, view.actions_left, view.pending))
            return super().choose(view, legal)

    class Scripted:
        name = "learner"

        def choose(self, view: View, legal: Sequence[Action]) -> Action:
            action = script[counter[0]]
            assert action in legal
            return action

    script = script_in_order()
    counter = [0]
    state = State.new(setup=tutorial_setup())

    def advance(_state: State, _seat: int, _action: Action) -> None:
        counter[0] += 1

    play_game(state, [Scripted(), Watched()], on_action=advance)
    assert state.winner == LEARNER and state.how == "good"
    assert seen == list(OPPONENT_SCRIPT)


def test_a_learner_off_script_meets_a_quiet_legal_bot() -> None:
    """The bot's fallback: off script it still answers a legal action, a pretended move
    or a pass, never a shot it was not scripted to fire."""
    bot = make_bot("tutorial", seed=3)
    for seed in range(5):
        state = State.new(seed=seed, turn_limit=6)
        while not state.over:
            legal = state.legal_actions()
            if state.to_act == 1:
                action = bot.choose(seat_view(state, 1), legal)
                assert action in legal
                assert action.type in {"move", "pass", "cancel", "hitman", "look"}
            else:
                action = legal[seed % len(legal)]
            state.apply(action)


def test_the_server_creates_the_tutorial_from_its_fixed_position(tmp_path: Path) -> None:
    """POST /games {"opponent": "bot", "tutorial": true}: seat 0, playing at once (no
    placement phase), the learner's own street as in the fixed setup, the bot
    ``tutorial``; the tutorial bot is refused for other games."""
    from tests.server.serverkit import auth, http_game, running, wait_for_actions

    with running(tmp_path) as client:
        made = client.post("/games", json={"opponent": "bot", "tutorial": True})
        assert made.status_code == 201, made.text
        body = made.json()
        assert body["seat"] == LEARNER
        game = http_game(client, body["game"], body["token"])
        assert game["status"] == "playing" and game["phase"] == "play"
        assert game["players"][1]["bot"] == "tutorial"
        street = tutorial_setup().to_json()["seats"][LEARNER]["street"]
        assert game["view"]["seats"][LEARNER]["street"] == street
        token = body["token"]
        for index in (0, 1):
            text = LEARNER_SCRIPT[index]
            answer = client.post(f"/games/{body['game']}/actions", headers=auth(token), json=text)
            assert answer.status_code == 200, answer.text
        after = wait_for_actions(client, body["game"], 4)
        assert after["actions"] == 4 and after["view"]["to_act"] == LEARNER
        for bad in (
            {"opponent": "bot", "bot": "tutorial"},
            {"opponent": "friend", "tutorial": True},
            {"opponent": "bot", "tutorial": True, "level": 2},
            {"opponent": "bot", "tutorial": True, "seat": 1},
        ):
            assert client.post("/games", json=bad).status_code == 422, bad


@pytest.mark.parametrize("text", list(LEARNER_SCRIPT.values()) + list(OPPONENT_SCRIPT.values()))
def test_every_scripted_line_is_notation(text: str) -> None:
    """docs/notation.md: the scripts are written in the engine's own notation."""
    assert str(parse_notation(text)) == text
