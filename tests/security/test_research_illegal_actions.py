"""An illegal action id given to a research interface is refused with the engine's
reason (the rule it breaks), and the game is left as it was: the compiled rules, which
now play the game, check an id before applying it (R4, R8.5, R9)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import outlaws.adapters.openspiel  # noqa: E402,F401 - registers python_outlaws
from outlaws.adapters.kernel.mirror import MirroredGame  # noqa: E402
from outlaws.engine import NUM_ACTIONS, IllegalAction, Setup  # noqa: E402


def test_an_illegal_id_is_refused_by_the_mirrored_game_and_changes_nothing() -> None:
    game = MirroredGame(5, Setup.random(5), 300)
    rng = random.Random(5)
    for _ in range(30):
        game.apply(rng.choice(game.legal_ids()))
    before = (game.games.rows.copy(), list(game.history), game.state.to_json())
    illegal = next(i for i in range(NUM_ACTIONS) if i not in game.legal_ids())
    for bad in (illegal, -1, NUM_ACTIONS, 2**70):
        with pytest.raises(IllegalAction) as refused:
            game.apply(bad)
        assert refused.value.rule  # the engine's reason, naming its rule
    assert (game.games.rows == before[0]).all()
    assert game.history == before[1] and game.state.to_json() == before[2]


def test_pyspiel_refuses_an_illegal_action_with_the_rule() -> None:
    game = pyspiel.load_game("python_outlaws", {"seed": 5})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    text, history = str(state), state.history()
    illegal = next(i for i in range(NUM_ACTIONS) if i not in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply_action(illegal)
    assert str(state) == text and state.history() == history
