"""The terminal's chooser: the human is only ever offered what leads to a legal action.

Scenarios on dealt positions (tests/scenario.py) and a property over random positions:
every path through the chooser ends in one of the engine's legal actions and every legal
action has a path (so no option is a dead end and nothing legal is hidden); a reaction
prompt offers reactions only (R8.5); nothing is offered from an immobilized card (R4.3);
typed notation is taken only when it is a legal action, and otherwise says what is.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from outlaws.cli.chooser import SHORT, Step, next_step, paths
from outlaws.cli.steps import anchors_of
from outlaws.cli.typed import NoMatch, match_notation
from outlaws.engine import Action, State, View, seat_view
from tests.scenario import SHERIFF_BY_GOVERNOR, play, table


def for_seat_to_act(state: State) -> tuple[list[Action], View]:
    assert state.to_act is not None
    return state.legal_actions(), seat_view(state, state.to_act)


def walk(legal: list[Action], view: View) -> Iterator[tuple[tuple[str, ...], Step | Action]]:
    """Every step and every action reached, through the public :func:`next_step`."""
    todo: list[tuple[str, ...]] = [()]
    while todo:
        picks = todo.pop()
        result = next_step(legal, picks, view)
        yield picks, result
        if isinstance(result, Step):
            todo += [(*picks, option.value) for option in result.options]


def random_positions(count: int) -> Iterator[State]:
    """Positions of games dealt by ``State.new(seed)`` and played forward by random
    legal actions, reactions included, stopped at a random point before the end."""
    for seed in range(count):
        rng = random.Random(seed)
        state = State.new(seed=seed)
        for _ in range(rng.randrange(0, 150)):
            if state.over:
                break
            state.apply_id(rng.choice(state.legal_action_ids()))
        if not state.over:
            yield state


def variants(action: Action, view: View) -> list[str]:
    """Other spellings of ``action`` the notation allows (docs/notation.md): a move's
    and a Saloon exchange's columns the other way round, a Storekeep's slots too."""
    out = [str(action)]
    if action.type == "move":
        out.append(f"MOVE {action.b} {action.a} {'swap' if action.swap else 'pretend'}")
    if action.type == "saloon":
        assert action.a is not None and action.b is not None and view.viewer is not None
        street = view.seats[view.viewer].street
        three = [action.card, street[action.a - 1], street[action.b - 1]]
        at_b = next(c for c in three if c not in (action.to_saloon, action.at_a))
        out.append(f"saloon {action.card} {action.b} {action.a} {action.to_saloon} {at_b}")
    if action.type == "storekeep" and action.slots and len(action.slots) == 2:
        mayor = " +mayor" if action.mayor else ""
        out.append(f"storekeep {action.col} {action.slots[1]} {action.slots[0]}{mayor}")
    return out


# -- properties ------------------------------------------------------------------------------


def test_every_path_ends_in_a_legal_action_and_every_legal_action_is_reachable() -> None:
    """Over random positions (R4.1 turns, R8.5 reactions among them): the actions the
    chooser reaches are exactly the legal ones, and each one's notation, in any of its
    spellings, matches that very action."""
    positions = 0
    for state in random_positions(30):
        legal, view = for_seat_to_act(state)
        reached = {action for _, action in paths(legal, view)}
        assert reached == set(legal), state.to_json()
        for action in legal:
            for text in variants(action, view):
                assert match_notation(legal, text, view) == action, text
        positions += 1
    assert positions >= 15


def test_every_step_offers_a_real_choice_and_leads_somewhere() -> None:
    """Through the public next_step, from a dealt position and a random one later:
    each step has at least two options, with different keys, each leading on (a step
    with one option is no choice and is taken at once)."""
    for state in (State.new(seed=3), next(random_positions(9))):
        legal, view = for_seat_to_act(state)
        reached = set()
        for _, result in walk(legal, view):
            if isinstance(result, Action):
                assert result in legal
                reached.add(result)
                continue
            keys = [option.key for option in result.options]
            assert len(keys) >= 2 and len(set(keys)) == len(keys), result
            assert set(result.remaining) <= set(legal)
            if result.name == "action":
                assert 2 <= len(result.options) <= SHORT
        assert reached == set(legal)


def test_the_words_depend_on_the_view_only() -> None:
    """R8.3: two deals that differ only in the opponent's arrangement ask the same
    questions with the same options, word for word."""
    other = ("bandit", "reporter", "dancer", "storekeep", "indian", "sheriff", "hitman", "governor")
    a, b = table(), table(street1=other)

    def everything(state: State) -> list[object]:
        return [result for _, result in walk(*for_seat_to_act(state))]

    assert everything(a) == everything(b)


# -- scenarios -------------------------------------------------------------------------------


def immobilized_bandit() -> State:
    """Seat 0 swaps its Sheriff to column 8 and immobilizes seat 1's Bandit there (R6.3,
    R7.3); seat 1 cannot cancel (its Reverend is in the Saloon) and passes: seat 1 to act."""
    state = table()
    play(state, "move 3 8 swap", "sheriff 8 bandit", "pass")
    assert state.to_act == 1 and seat_view(state, 1).seats[1].immobilized == (8,)
    return state


def test_nothing_is_offered_from_an_immobilized_card() -> None:
    """R4.3, R7.3: seat 1's immobilized Bandit at column 8 cannot move, be moved, act or
    go to the Saloon: column 8 is no option of the first step (said in its note), and no
    path leads to an action that names it."""
    legal, view = for_seat_to_act(immobilized_bandit())
    step = next_step(legal, (), view)
    assert isinstance(step, Step)
    # Seat 1 reads its columns growing to its left (R2.2): listed as the table shows them.
    assert [option.key for option in step.options] == ["7", "6", "5", "4", "3", "2", "1", "9", "10"]
    assert "Bandit at column 8" in step.note
    for _, action in paths(legal, view):
        assert "col:8" not in anchors_of(action), action


def test_typed_notation_from_an_immobilized_card_says_what_is_possible() -> None:
    """R4.3: "move 8 1 swap" and "look 8" match nothing; the answer names the first part
    no legal action has and what the legal actions have there instead."""
    legal, view = for_seat_to_act(immobilized_bandit())
    moved = match_notation(legal, "move 8 1 swap", view)
    assert isinstance(moved, NoMatch)
    assert moved.start == "move 8"
    assert moved.possible == tuple(f"move {c}" for c in range(1, 8))
    looked = match_notation(legal, "look 8", view)
    assert isinstance(looked, NoMatch) and looked.start == "look 8"
    assert "look 1" in looked.possible and "look 8" not in looked.possible


def test_only_reactions_are_offered_while_a_reaction_is_pending() -> None:
    """R6.3.3, R8.5: their Hitman at column 2 finds our Governor and our Sheriff stands
    beside it: the only question is how to answer, intercept or pass."""
    street0 = SHERIFF_BY_GOVERNOR  # columns 1..8
    state = play(table(street0=street0, first=1), "hitman 2")
    assert state.to_act == 0 and state.pending_reaction == "intercept"
    legal, view = for_seat_to_act(state)
    step = next_step(legal, (), view)
    assert isinstance(step, Step)
    assert step.question == "How do you answer?"
    assert [option.value for option in step.options] == ["intercept", "pass"]
    assert {action.type for _, action in paths(legal, view)} == {"intercept", "pass"}
    refused = match_notation(legal, "look 1", view)
    assert isinstance(refused, NoMatch) and refused.possible == ("intercept", "pass")


def test_an_impossible_reaction_leaves_pass_alone() -> None:
    """R8.5: the Reverend is asked for even when it cannot cancel (it is in the Saloon);
    then pass is the one legal answer and no choice is offered."""
    state = table()
    play(state, "move 3 8 swap", "sheriff 8 bandit")
    legal, view = for_seat_to_act(state)
    assert next_step(legal, (), view) == Action("pass")
    refused = match_notation(legal, "cancel", view)
    assert isinstance(refused, NoMatch) and refused.possible == ("pass",)


def test_the_first_step_names_each_card_by_its_column() -> None:
    """R2.1, R2.4: the cards of the first step are keyed by their column (the Saloon's
    after them, 9 and 10), say what each may do, and answer to their names too."""
    legal, view = for_seat_to_act(table())
    step = next_step(legal, (), view)
    assert isinstance(step, Step)
    assert [o.key for o in step.options] == [str(n) for n in range(1, 11)]
    assert [o.label for o in step.options][:3] == ["Governor", "Hitman", "Sheriff"]
    assert step.options[1].note == "look · take · ability · move · Saloon"
    assert step.options[8].label == "Reverend" and "Saloon" in step.options[8].note
    assert step.find("3") == (step.options[2],)
    assert step.find("SHERIFF") == (step.options[2],)
    assert step.find("rev") == (step.options[8],)
    assert len(step.find("s")) == 2  # the Sheriff and the Storekeep
    assert step.find("nobody") == ()


def test_a_card_then_its_actions_then_their_fields() -> None:
    """R5.1: the Hitman at column 2, then Move, then the other column, then swap or
    pretend; each step says where the choice stands."""
    legal, view = for_seat_to_act(table())
    kinds = next_step(legal, ("col:2",), view)
    assert isinstance(kinds, Step) and kinds.trail == ("Hitman (column 2)",)
    assert [o.label for o in kinds.options] == ["Look", "Take", "Ability", "Move", "Saloon"]
    other = next_step(legal, ("col:2", "move"), view)
    assert (
        isinstance(other, Step)
        and other.question == "Swap your Hitman (2) with which of your cards?"
    )
    assert [o.key for o in other.options] == ["1", "3", "4", "5", "6", "7", "8"]
    how = next_step(legal, ("col:2", "move", "5"), view)
    assert isinstance(how, Step)
    assert [o.value for o in how.options] == ["swap", "pretend"]
    assert next_step(legal, ("col:2", "move", "5", "pretend"), view) == Action(
        "move", a=2, b=5, swap=False
    )
    with pytest.raises(ValueError):
        next_step(legal, ("col:2", "fly"), view)


def test_a_saloon_exchange_is_asked_step_by_step() -> None:
    """R5.2: out of the Saloon, which two columns, which card goes in (never the
    Governor, so he is not offered), and where the other two end."""
    legal, view = for_seat_to_act(table())
    into = next_step(legal, ("saloon:mayor", "1", "4"), view)
    assert isinstance(into, Step) and into.question == "Which of the three goes into the Saloon?"
    assert [o.value for o in into.options] == ["mayor", "indian"]  # not the Governor at 1
    where = next_step(legal, ("saloon:mayor", "1", "4", "indian"), view)
    assert isinstance(where, Step)
    assert [o.label for o in where.options] == [
        "Mayor at column 1, Governor at 4",
        "Governor at column 1, Mayor at 4",
    ]


def test_the_mayor_widens_the_reach_and_says_so() -> None:
    """R6.10, R6.5: with the Mayor immediately to the left of the Storekeep (column 4 for
    seat 0's Storekeep at 5), her slots run from 3 to 7; the plain exchanges and those
    that reveal the Mayor are all offered, the latter saying so."""
    street0 = (
        "governor",
        "hitman",
        "sheriff",
        "mayor",
        "storekeep",
        "dancer",
        "reporter",
        "bandit",
    )  # columns 1..8
    legal, view = for_seat_to_act(table(street0=street0, saloon0=("reverend", "indian")))
    how = next_step(legal, ("col:5", "storekeep"), view)
    assert isinstance(how, Step)
    assert [o.label for o in how.options] == ["Two slots", "With the reserve"]
    first = next_step(legal, ("col:5", "storekeep", "exchange"), view)
    assert isinstance(first, Step)
    assert [o.key for o in first.options] == ["3", "4", "5", "6", "7"]
    last = next_step(legal, ("col:5", "storekeep", "exchange", "3"), view)
    assert isinstance(last, Step) and last.question == "Exchange slot 3 with which slot?"
    assert [o.key for o in last.options] == ["4", "5", "6", "7"]
    assert str(next_step(legal, ("col:5", "storekeep", "exchange", "3", "7"), view)) == (
        "storekeep 5 3 7 +mayor"
    )
    whole = next_step(legal, ("col:5", "storekeep", "exchange", "4"), view)
    assert isinstance(whole, Step) and whole.name == "action"
    assert [o.value for o in whole.options] == [
        "storekeep 5 4 5",
        "storekeep 5 4 6",
        "storekeep 5 3 4 +mayor",
        "storekeep 5 4 5 +mayor",
        "storekeep 5 4 6 +mayor",
        "storekeep 5 4 7 +mayor",
    ]
    revealing = [o.note.endswith("revealing your Mayor") for o in whole.options]
    assert revealing == [False, False, True, True, True, True]


@pytest.mark.parametrize(
    ("typed", "start", "possible"),
    [
        # R6.3: the Sheriff (seat 0's at column 3) calls out the Hitman or the Bandit.
        ("sheriff 3 governor", "sheriff 3 governor", ("sheriff 3 hitman", "sheriff 3 bandit")),
        # R6.7 needs a Reporter on Main Street: seat 0's is at column 7.
        ("reporter 4 hitman", "reporter 4", ("reporter 7",)),
        # R5.4: the Governor calls the Election only while holding more Votes.
        ("take 1 election", "take 1", tuple(f"take {c}" for c in range(2, 9))),
        # R6.10: the Mayor never extends the Hitman.
        ("hitman 2 +mayor", "hitman 2 +mayor", ("hitman 2",)),
        # R8.5: no reaction is awaited.
        ("pass", "pass", ("look", "take", "hitman", "sheriff", "indian", "storekeep")),
    ],
)
def test_illegal_notation_names_its_first_impossible_part(
    typed: str, start: str, possible: tuple[str, ...]
) -> None:
    """Typed notation that is no legal action (R6.3, R6.7, R5.4, R6.10, R8.5) is answered
    with its first part no legal action has, and what the legal actions have there."""
    legal, view = for_seat_to_act(table())
    found = match_notation(legal, typed, view)
    assert isinstance(found, NoMatch)
    assert found.start == start
    assert found.possible[: len(possible)] == possible
