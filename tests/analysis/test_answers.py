"""An answer to the opponent (R8.5) is judged like any other decision, though a position
cannot be rebuilt in the middle of one: each world is rebuilt before the question."""

from __future__ import annotations

from outlaws.analysis import analyse_decision, decisions
from outlaws.bots import make_bot, play_game
from outlaws.engine import State, record_of
from tests.analysis.games import SMALL


def test_the_reverends_cancel_of_an_arrest_is_ranked_above_letting_it_stand() -> None:
    """Game 38 of a heuristic bot (seed 1) against another (seed 38): at action 7 the
    Sheriff arrests a Hitman that stands just left of its Reverend, and the Reverend may
    cancel the arrest (R6.9.2); letting it stand loses the game (R9.3)."""
    state = State.new(seed=38)
    play_game(state, [make_bot("heuristic", seed=1), make_bot("heuristic", seed=38)])
    answer = next(d for d in decisions(record_of(state)) if d.ply == 7)
    assert answer.before.pending == "cancel" and answer.question is not None
    assert answer.question.view.viewer == answer.seat  # the asked seat's own view
    judged = analyse_decision(answer, seed=0, budget=SMALL).judgement
    assert [option.action.type for option in judged.options] == ["cancel", "pass"]
    assert judged.options[1].chance == 0.0
    assert all(option.worlds > 0 for option in judged.options)
