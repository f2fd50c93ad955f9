"""The judge reads a seat's view, never the position: what the other seat hides cannot
change how a decision is judged (R8.2, R8.3).

Each scenario is a pair of games, played by seeded bots, that differ only in something
the judged seat never saw: where the opponent placed two cards that stayed face down
(R3.1), or whether one of the opponent's moves was real or pretended (R5.1). The seat's
views at each of its decisions must be the same in both games, and so must every
judgement of its decisions, though the true positions differ.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from outlaws.analysis import Decision, analyse_decision, decisions, judge
from outlaws.engine import Record, State, seat_view
from outlaws.engine.actionspace import CHARACTER_ID
from tests.analysis.games import SMALL, bot_game, prefix, shown, street

#: The judgements compared in each scenario: the judged seat's last decisions, where it
#: has read most of the game.
JUDGED = 2


def unfinished(seed: int) -> Record:
    """The bot game of ``seed`` without its last action, which ended it and showed every
    card (R8.6)."""
    record = bot_game(seed)
    return prefix(record, len(record.actions) - 1)


def assert_judged_alike(game: Record, variant: Record, seat: int) -> None:
    """``seat`` decided alike in both games, saw the same, and is judged the same, while
    the other seat, who knows its own secrets, saw two different games."""
    assert game.replay().to_json() != variant.replay().to_json()
    mine: list[tuple[Decision, Decision]] = []
    theirs_differ = False
    for one, other in zip(decisions(game), decisions(variant), strict=True):
        assert (one.ply, one.seat) == (other.ply, other.seat)
        if one.seat == seat:
            assert (one.legal, one.played) == (other.legal, other.played)
            assert one.before.to_json() == other.before.to_json()
            assert one.after.to_json() == other.after.to_json()
            mine.append((one, other))
        else:
            theirs_differ |= one.after.to_json() != other.after.to_json()
    assert theirs_differ
    assert len(mine) >= JUDGED
    for one, other in mine[-JUDGED:]:
        assert (
            analyse_decision(one, 9, SMALL).to_json() == analyse_decision(other, 9, SMALL).to_json()
        )


@pytest.mark.parametrize(("seed", "opponent"), [(1, 1), (2, 0), (2, 1), (7, 1)])
def test_where_the_opponent_placed_unseen_cards_does_not_change_the_judgement(
    seed: int, opponent: int
) -> None:
    """R3.1, R8.3: the opponent arranged its street in secret. Two of its cards that no
    action ever showed change places in its starting arrangement; the other seat cannot
    tell the two games apart, and its decisions are judged alike."""
    game = unfinished(seed)
    unseen = sorted(set(street(game, opponent, 0)) - shown(game, opponent))
    assert len(unseen) >= 2, "the scenario needs two cards nobody saw"
    assert game.setup is not None
    cards = list(game.setup.streets[opponent])
    first, second = cards.index(CHARACTER_ID[unseen[0]]), cards.index(CHARACTER_ID[unseen[1]])
    cards[first], cards[second] = cards[second], cards[first]
    streets = list(game.setup.streets)
    streets[opponent] = tuple(cards)
    setup = replace(game.setup, streets=(streets[0], streets[1]))
    assert_judged_alike(game, replace(game, setup=setup), 1 - opponent)


@pytest.mark.parametrize(("seed", "ply"), [(1, 5), (2, 14), (7, 8), (11, 3), (12, 7)])
def test_whether_the_opponent_really_swapped_does_not_change_the_judgement(
    seed: int, ply: int
) -> None:
    """R5.1, R8.2: the opponent's move of two cards may be real or pretended, and only
    the opponent knows which. The same game with that move's choice turned the other way
    (neither card shown afterwards) is judged alike for the other seat."""
    game = unfinished(seed)
    move = game.actions[ply]
    assert move.type == "move" and move.swap is not None and move.a and move.b
    mover = game.replay(ply).to_act
    assert mover is not None
    cards = street(game, mover, ply)
    assert not {cards[move.a - 1], cards[move.b - 1]} & shown(game, mover, ply)
    actions = list(game.actions)
    actions[ply] = replace(move, swap=not move.swap)
    assert_judged_alike(game, replace(game, actions=tuple(actions)), 1 - mover)


def test_a_decision_holds_views_only() -> None:
    """R8.3: a decision hands on what its seat may know (its views before and after) and
    the legal actions, never the position itself."""
    for decision in decisions(unfinished(1)):
        values = [getattr(decision, field.name) for field in fields(decision)]
        assert not any(isinstance(value, State) for value in values)
        assert decision.before.viewer == decision.after.viewer == decision.seat


def test_the_judge_refuses_a_spectators_view() -> None:
    """A decision is a seat's: the judge weighs what that seat may know, so a view that
    is nobody's (a spectator's) is refused rather than judged."""
    game = unfinished(1)
    state = game.replay(3)
    legal = tuple(state.legal_actions())
    with pytest.raises(ValueError, match="seat's view"):
        judge(seat_view(state, None), legal, legal[0], seed=0, budget=SMALL)
