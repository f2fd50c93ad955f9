"""The guided game's opponent: a fixed starting position and the opponent's moves in it.

The tutorial (``POST /games`` with ``"tutorial": true``, docs/protocol.md) is a real game
from :func:`tutorial_setup`: seat 0 (the learner) plays first, seat 1 is the bot
``tutorial``. The learner's part is :data:`LEARNER_SCRIPT`, the bot's
:data:`OPPONENT_SCRIPT`; played in turn they end in an Election win for the learner
(R9.1), after a Look, a Take, a shot of the Hitman, and an interception by the learner's
Sheriff that the opponent's Reverend cancels (R6.3.3), so that the game goes on.

Like every bot, :class:`TutorialBot` decides from its view and the legal list only: it
finds its scripted action by the turn, the actions left and the reaction awaited, plays
it if the engine lists it as legal, and otherwise (the learner left the script) a quiet
legal action: a pretended move, or a pass.

>>> from outlaws.engine import State
>>> state = State.new(setup=tutorial_setup())
>>> for action in script_in_order():
...     state.apply(action)
>>> state.winner, state.how
(0, 'good')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, Setup, View, parse_notation

#: The learner's seat, and the position: the learner's Governor at column 4 with the
#: Election token beneath him, a Vote in slot 7; the opponent's Hitman at column 6 and
#: its Reverend at 3 (immediately to the right of column 4, as seat 1 sees it).
LEARNER = 0
_SETUP = {
    "first": 0,
    "seats": [
        {
            "street": [
                "reporter",
                "hitman",
                "indian",
                "governor",
                "storekeep",
                "sheriff",
                "bandit",
                "dancer",
            ],
            "saloon": ["mayor", "reverend"],
        },
        {
            "street": [
                "indian",
                "dancer",
                "reverend",
                "sheriff",
                "reporter",
                "hitman",
                "governor",
                "mayor",
            ],
            "saloon": ["storekeep", "bandit"],
        },
    ],
    # Slots 1..8, then the reserve from the top (R3.4).
    "tokens": [
        "bogus",
        "vote",
        "bullet",
        "election",
        "bogus",
        "handcuffs",
        "vote",
        "bogus",
        "vote",
        "vote",
        "bogus",
        "vote",
        "vote",
    ],
}

#: The learner's actions, by the number of actions the record holds before each.
LEARNER_SCRIPT: dict[int, str] = {
    0: "move 5 6 swap",  # the Sheriff comes beside the Governor
    1: "look 4",  # the Governor shows himself, and sees the Election
    4: "move 3 4 pretend",  # a bluff: the Governor stays at 4
    5: "look 7",  # the Bandit sees a Vote
    7: "intercept",  # the Sheriff saves the Governor (R6.3.3)
    10: "take 7 vote",
    11: "hitman 2",  # the opponent's card at 2 is its Dancer: a miss
    14: "take 4 election",  # 1 Vote to 0: the Good win (R9.1)
}

#: The opponent's actions, by (turn, actions left, reaction awaited).
OPPONENT_SCRIPT: dict[tuple[int, int, str | None], str] = {
    (2, 2, None): "move 4 6 swap",  # its Hitman comes opposite the Governor seen at 4
    (2, 1, None): "move 1 5 pretend",
    (4, 2, None): "hitman 4",  # shoots the Governor: the learner may intercept
    (4, 2, "cancel"): "cancel",  # its Reverend at 3 cancels the arrest (R6.9.2)
    (4, 1, None): "move 2 8 pretend",
    (6, 2, None): "look 1",
    (6, 1, None): "move 5 8 pretend",
}


def tutorial_setup() -> Setup:
    """The guided game's starting position (a new object at every call)."""
    return Setup.from_json(_SETUP)


def script_in_order() -> list[Action]:
    """Both scripts as one list of actions, in the order they are played (for tests and
    the documentation)."""
    opponent = [parse_notation(text) for text in OPPONENT_SCRIPT.values()]
    learner = dict(LEARNER_SCRIPT)
    out: list[Action] = []
    while learner or opponent:
        index = len(out)
        if index in learner:
            out.append(parse_notation(learner.pop(index)))
        else:
            out.append(opponent.pop(0))
    return out


class TutorialBot:
    """The guided game's opponent: its scripted action when legal, else a quiet one."""

    name = "tutorial"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        text = OPPONENT_SCRIPT.get((view.turn, view.actions_left, view.pending))
        if text is not None:
            scripted = parse_notation(text)
            if scripted in legal:
                return scripted
        for action in legal:
            if action.type == "move" and not action.swap:
                return action
        for action in legal:
            if action.type == "pass":
                return action
        return legal[0]
