"""R3.1: each seat places its own ten characters; a game starts from two placements."""

from __future__ import annotations

import random

import pytest

from outlaws.engine import Placement, PlacementError, Record, Setup, State, record_of, seat_view

MINE = "governor hitman sheriff indian storekeep dancer reporter bandit | reverend mayor"
THEIRS = "mayor reverend bandit reporter dancer storekeep governor sheriff | indian hitman"


def test_a_game_starts_from_both_placements_with_the_deal_from_its_seed() -> None:
    """R3.1, R3.2, R3.3: the placements are the streets and Saloons; tokens and first
    seat come from the seed alone, the same whatever was placed."""
    mine, theirs = Placement.parse(MINE), Placement.parse(THEIRS)
    setup = Setup.placed(42, [mine, theirs])
    state = State.new(seed=42, setup=setup)
    assert seat_view(state, 0).seats[0].street == tuple(MINE.split("|")[0].split())
    assert seat_view(state, 1).seats[1].saloon == ("indian", "hitman")
    other = Setup.placed(42, [theirs, mine])
    assert (other.tokens, other.first) == (setup.tokens, setup.first)
    assert {Setup.placed(seed, [mine, theirs]).first for seed in range(20)} == {0, 1}


def test_a_placed_game_is_recorded_and_replayed_like_any_other() -> None:
    """docs/format.md: the placements are the record's setup."""
    state = State.new(seed=5, setup=Setup.placed(5, [Placement.parse(MINE)] * 2))
    rng = random.Random(5)
    for _ in range(30):
        if state.over:
            break
        state.apply_id(rng.choice(state.legal_action_ids()))
    record = Record.from_json(record_of(state).to_json())
    assert record.setup is not None and record.setup.placement(0) == Placement.parse(MINE)
    assert record.replay().to_json() == state.to_json()


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        (
            "hitman sheriff indian storekeep dancer reporter bandit reverend | governor mayor",
            "placement.saloon",
            "Governor may never be in a Saloon",
        ),
        (
            "governor hitman sheriff indian storekeep dancer reporter | bandit reverend mayor",
            "placement.street",
            "must hold 8 characters",
        ),
        (
            "governor hitman sheriff indian storekeep dancer reporter hitman | reverend mayor",
            "placement.street[7]",
            "placed twice",
        ),
        (
            "governor hitman sheriff indian storekeep dancer reporter bandit | reverend gold",
            "placement.saloon[1]",
            "not a character",
        ),
        (
            "governor hitman s indian storekeep dancer reporter bandit | reverend mayor",
            "placement.street[2]",
            "could be sheriff or storekeep",
        ),
        (
            "governor hitman sheriff indian storekeep dancer reporter bandit reverend mayor",
            "placement",
            "'|'",
        ),
    ],
)
def test_a_bad_placement_names_the_field_and_r3_1(text: str, field: str, words: str) -> None:
    """R3.1: exactly the ten characters, eight on the street, two in the Saloon, the
    Governor never in the Saloon; the error says where and why."""
    with pytest.raises(PlacementError) as caught:
        Placement.parse(text)
    assert caught.value.field == field and words in caught.value.reason
    assert caught.value.rule == "R3.1"


def test_placements_read_and_write_format_json() -> None:
    """docs/format.md: a placement is one seat of a setup, ``{"street", "saloon"}``."""
    placement = Placement.parse(MINE)
    assert Placement.from_json(placement.to_json()) == placement
    assert Placement.parse(placement.to_notation()) == placement
    assert placement.governor_column == 1
    with pytest.raises(PlacementError) as caught:
        Placement.from_json({"street": placement.to_json()["street"]})
    assert caught.value.field == "placement.saloon"
    with pytest.raises(PlacementError) as caught:
        Placement.from_json({**placement.to_json(), "extra": 1})
    assert caught.value.field == "placement.extra"


def test_a_random_placement_is_legal_and_covers_every_column() -> None:
    """R3.1: a seat may ask for a random placement; the Governor can stand anywhere."""
    rng = random.Random(1)
    columns = {Placement.random(rng).governor_column for _ in range(200)}
    assert columns == set(range(1, 9))
