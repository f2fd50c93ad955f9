"""The legal actions as a mask of fixed length (R8.3: what a seat is sent of its own
choices must not tell others its cards): every position's legal ids come back from their
mask, the Saloon exchanges named from the seat's own view."""

from __future__ import annotations

import base64
import random

import pytest

from outlaws.engine import NUM_ACTIONS, State, seat_view
from outlaws.engine.actionspace import (
    ACTION_OF_ID,
    MASK_BYTES,
    MASK_CHARS,
    action_templates,
    actions_of_mask,
    legal_mask,
    mask_ids,
)


def positions(games: int = 6) -> list[State]:
    rng = random.Random(17)
    out = []
    for seed in range(games):
        state = State.new(seed=seed, turn_limit=30)
        while not state.over:
            out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


def test_every_position_s_legal_actions_come_back_from_their_mask() -> None:
    for state in positions():
        mask = legal_mask(state.legal_action_ids())
        assert len(mask) == MASK_CHARS
        assert mask_ids(mask) == sorted(state.legal_action_ids())
        view = seat_view(state, state.to_act)
        back = [action.to_json() for action in actions_of_mask(mask, view)]
        assert sorted(back, key=str) == sorted(
            (action.to_json() for action in state.legal_actions()), key=str
        )


def test_a_mask_is_as_long_whatever_it_holds() -> None:
    assert {len(legal_mask(ids)) for ids in ([], [0], range(NUM_ACTIONS))} == {MASK_CHARS}
    assert MASK_BYTES == 124 and MASK_CHARS == 168


def test_a_saloon_exchange_is_named_from_the_seat_s_own_cards_R5_2() -> None:
    state = State.new(seed=42)  # the seat to act: Storekeep in the Saloon, Sheriff at 1
    (action,) = actions_of_mask(legal_mask([58]), seat_view(state, state.to_act))
    assert str(action) == "saloon storekeep 1 2 sheriff storekeep"
    assert action_templates()[58] == {
        "type": "saloon",
        "card": {"saloon": 0},
        "a": 1,
        "b": 2,
        "to_saloon": {"col": 1},
        "at_a": {"saloon": 0},
    }


def test_the_templates_are_the_actions_of_every_other_id() -> None:
    templates = action_templates()
    assert len(templates) == NUM_ACTIONS
    for action_id, action in enumerate(ACTION_OF_ID):
        if action is not None:
            assert templates[action_id] == action.to_json()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not base64!", "base64"),
        (base64.b64encode(bytes(MASK_BYTES - 1)).decode(), "124 bytes"),
        (base64.b64encode(b"\xff" * MASK_BYTES).decode(), "past id 986"),
    ],
)
def test_what_is_not_a_mask_is_refused(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        mask_ids(text)


def test_a_mask_is_read_with_the_acting_seat_s_view_only() -> None:
    state = State.new(seed=1)
    with pytest.raises(ValueError, match="own view"):
        actions_of_mask(legal_mask(state.legal_action_ids()), seat_view(state, None))
