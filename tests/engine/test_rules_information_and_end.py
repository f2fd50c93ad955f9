"""Scenario tests for docs/rules.md R8 (information) and R9 (end of the game).

R8: what each seat's view and a spectator's view hold, and what they must not hold.
R9: the three ways to win, sudden death and the simulation turn limit.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

import pytest

from outlaws.engine import NUM_ACTIONS, Event, IllegalAction, SeatView, State, View, seat_view
from outlaws.engine.names import BOGUS, BULLET, ELECTION, HANDCUFFS, TOKENS, VOTE
from outlaws.engine.state import EMPTY
from tests.scenario import STREET, events, play, street, table

VIEWERS = (0, 1, None)
#: The one field of an event that only the acting seat may read (R8.2).
PRIVATE = {"move": "swap", "saloon": "at_a", "look": "token"}
HIDDEN = (None,) * 8


def row(cards: str) -> tuple[str, ...]:
    """An arrangement, column 1 first: ``row("governor hitman ...")``."""
    return tuple(cards.split())


def legal(state: State) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def log_of(state: State, viewer: int | None) -> list[dict]:
    return seat_view(state, viewer).to_json()["log"]


def public_part(event: dict) -> dict:
    private = PRIVATE.get(event["type"])
    return {key: value for key, value in event.items() if key != private}


def of_type(log: list[dict], etype: str) -> list[dict]:
    return [event for event in log if event["type"] == etype]


def token_census(state: State) -> Counter:
    """Where the 17 tokens are: stashes, discard, Main Street, reserve, set aside."""
    count: Counter = Counter()
    for stash in state.stash:
        for token in range(len(TOKENS)):
            count[TOKENS[token]] += stash[token]
    count["bullet"] += state.discard[BULLET]
    count["handcuffs"] += state.discard[HANDCUFFS]
    for token in state.slots + state.reserve:
        if token != EMPTY:
            count[TOKENS[token]] += 1
    for token, n in enumerate(state.aside):
        count[TOKENS[token]] += n
    return +count


R1_2 = Counter(bullet=3, handcuffs=3, vote=6, bogus=4, election=1)


# == R8 Information =====================================================================


def test_r8_2_each_seat_sees_its_own_arrangement_only():
    """R8.2 / R8.3: a seat's view holds its own street whole and the opponent's face-down
    cards as null; a spectator sees no face-down card at all. Saloons are public (R8.1)."""
    mine = row("hitman governor indian sheriff storekeep dancer reporter bandit")
    state = table(street0=STREET, street1=mine, saloon1=("mayor", "reverend"))

    me, you, spectator = seat_view(state, 0), seat_view(state, 1), seat_view(state, None)
    assert me.seats[0].street == STREET
    assert me.seats[1].street == HIDDEN
    assert you.seats[1].street == mine
    assert you.seats[0].street == HIDDEN
    assert spectator.seats[0].street == spectator.seats[1].street == HIDDEN
    for view in (me, you, spectator):
        assert view.seats[0].saloon == ("reverend", "mayor")
        assert view.seats[1].saloon == ("mayor", "reverend")
        assert view.slots == HIDDEN  # nobody has seen a token yet
    assert me.to_json()["seats"][1]["street"] == [None] * 8
    assert you.to_json()["seats"][0]["street"] == [None] * 8


def test_r8_1_tokens_stashes_discard_and_reserve_size_are_public():
    """R8.1: a token revealed by a missed Take, a taken token, every stash (Votes,
    Headline markers, Handcuffs), the discard and the reserve's size read the same in
    every view; the reserve's order does not reach any view."""
    state = table()
    # Seat 0's Hitman calls a Bullet on slot 2: it is a Bogus, now known to all.
    play(state, "take 2 bullet")
    # Seat 0's Sheriff takes the Vote of slot 3; the reserve's Vote refills slot 8.
    play(state, "take 3 vote")
    # Seat 1's Reporter headlines seat 0's Reporter; its Sheriff guesses wrong.
    play(state, "reporter 7 reporter", "sheriff 3 bandit")

    for viewer in VIEWERS:
        view = seat_view(state, viewer)
        assert view.slots[1] == "bogus"
        assert view.slots == (None, "bogus", None, None, None, None, None, None)
        assert dict(view.seats[0].stash) == {
            "bullet": 1,
            "handcuffs": 1,
            "vote": 1,
            "election": 0,
            "headline": 3,
        }
        assert dict(view.seats[1].stash) == {
            "bullet": 1,
            "handcuffs": 0,
            "vote": 0,
            "election": 0,
            "headline": 2,
        }
        assert dict(view.discard) == {"bullet": 0, "handcuffs": 1}
        assert view.reserve == 4
        assert view.to_json()["reserve"] == 4
        assert view.seats[0].headlined == (7,)
        assert view.seats[0].street[6] == "reporter"
        take = of_type(log_of(state, viewer), "take")
        assert [(t["col"], t["call"], t["token"], t["taken"]) for t in take] == [
            (2, "bullet", "bogus", False),
            (3, "vote", "vote", True),
        ]
    # The whole state still has the reserve in order; no view does.
    assert state.to_json()["reserve"] == ["bogus", "vote", "bogus", "vote"]


def test_r8_1_revealed_cards_and_named_columns_are_in_every_log():
    """R8.1 / R4.2: every revealed card and where it was, and the columns and slots each
    action names, are in every viewer's log; the logs differ only by private fields."""
    street1 = row("hitman governor indian sheriff storekeep dancer reporter bandit")
    state = table(street1=street1)
    play(state, "move 2 5 swap", "indian 4")
    play(state, "storekeep 5 4 6", "look 6")

    full = events(state, "all")
    for viewer in VIEWERS:
        log = log_of(state, viewer)
        assert [public_part(e) for e in log] == [public_part(e) for e in full]
        move = of_type(log, "move")[0]
        assert (move["seat"], move["a"], move["b"]) == (0, 2, 5)
        reveals = [(e["seat"], e["col"], e["card"]) for e in of_type(log, "reveal")]
        assert reveals == [
            (0, 4, "indian"),
            (1, 4, "sheriff"),
            (1, 5, "storekeep"),
            (1, 6, "dancer"),
        ]
        storekeep = of_type(log, "storekeep")[0]
        assert (storekeep["col"], storekeep["slots"], storekeep["supply"]) == (5, [4, 6], False)
        # Revealed cards turned face down again: no view shows them in the street (R4.2).
        assert seat_view(state, viewer).seats[1 if viewer != 1 else 0].street == HIDDEN


def test_r8_2_a_swap_is_private_to_the_mover():
    """R8.2 / R8.3 / R5.1: whether a swap was real reaches only the mover: the
    opponent's and the spectator's views are identical after `swap` and after `pretend`,
    and their log shows the move without `swap`."""
    real = play(table(), "move 2 5 swap")
    fake = play(table(), "move 2 5 pretend")

    assert seat_view(real, 1).to_json() == seat_view(fake, 1).to_json()
    assert seat_view(real, None).to_json() == seat_view(fake, None).to_json()
    assert seat_view(real, 0).seats[0].street[1] == "storekeep"
    assert seat_view(fake, 0).seats[0].street[1] == "hitman"
    assert of_type(log_of(real, 0), "move") == [
        {"turn": 1, "type": "move", "seat": 0, "a": 2, "b": 5, "swap": True}
    ]
    for viewer in (1, None):
        assert of_type(log_of(real, viewer), "move") == [
            {"turn": 1, "type": "move", "seat": 0, "a": 2, "b": 5}
        ]


def test_r8_2_where_a_saloon_exchange_put_the_cards_is_private():
    """R8.2 / R8.3 / R5.2: the opponent learns the columns, the card that left the Saloon
    and the card now in it, never `at_a`; its view is the same whichever order was chosen."""
    one = play(table(), "saloon reverend 2 5 hitman reverend")
    two = play(table(), "saloon reverend 2 5 hitman storekeep")

    assert seat_view(one, 1).to_json() == seat_view(two, 1).to_json()
    assert seat_view(one, None).to_json() == seat_view(two, None).to_json()
    assert seat_view(one, 0).seats[0].street[1:5] == ("reverend", "sheriff", "indian", "storekeep")
    assert seat_view(two, 0).seats[0].street[1:5] == ("storekeep", "sheriff", "indian", "reverend")
    for viewer in VIEWERS:
        # The card that entered the Saloon takes the place of the one that left (public).
        assert seat_view(one, viewer).seats[0].saloon == ("hitman", "mayor")
        (saloon,) = of_type(log_of(one, viewer), "saloon")
        assert (saloon["card"], saloon["a"], saloon["b"], saloon["to_saloon"]) == (
            "reverend",
            2,
            5,
            "hitman",
        )
        assert ("at_a" in saloon) is (viewer == 0)
    assert of_type(log_of(one, 0), "saloon")[0]["at_a"] == "reverend"


def test_r8_2_a_looked_at_token_is_known_only_to_the_seat_that_looked():
    """R8.2 / R5.3 / R5.6: after a Look only the looker's view holds the token (and keeps
    it when the token slides); the other seat and spectators see the slot named, no token."""
    state = table()
    play(state, "look 4")  # seat 0's Indian looks at slot 4: the Election
    assert seat_view(state, 0).slots[3] == "election"
    assert seat_view(state, 1).slots[3] is None
    assert seat_view(state, None).slots[3] is None
    assert of_type(log_of(state, 0), "look")[0]["token"] == "election"
    for viewer in (1, None):
        (look,) = of_type(log_of(state, viewer), "look")
        assert look == {"turn": 1, "type": "look", "seat": 0, "col": 4}

    # Taking slot 3 slides the Election to slot 3: seat 0 still knows it there.
    play(state, "take 3 vote")
    assert seat_view(state, 0).slots[2] == "election"
    assert seat_view(state, 0).slots[3] is None
    assert seat_view(state, 1).slots == seat_view(state, None).slots == HIDDEN

    # Seat 1 looks at slot 3 in turn: now both seats know it, a spectator still does not.
    play(state, "look 3")
    assert seat_view(state, 1).slots[2] == "election"
    assert seat_view(state, 0).slots[2] == "election"
    assert seat_view(state, None).slots[2] is None
    assert "token" not in of_type(log_of(state, 0), "look")[1]


def test_r8_2_token_knowledge_travels_with_the_token_and_is_lost_in_the_reserve():
    """R8.2 / R5.6 / R6.5: a looked-at token moved by the Storekeep is still known, at its
    new slot, to the seat that looked; once it goes under the reserve nobody knows it."""
    state = table()
    play(state, "look 4", "storekeep 5 4 5")  # the Election moves from slot 4 to slot 5
    assert seat_view(state, 0).slots[3:5] == (None, "election")
    assert seat_view(state, 1).slots == seat_view(state, None).slots == HIDDEN
    for viewer in VIEWERS:
        (storekeep,) = of_type(log_of(state, viewer), "storekeep")
        assert (storekeep["slots"], storekeep["supply"]) == ([4, 5], False)
    play(state, "storekeep 5 5 supply")  # seat 1 sends it under the reserve
    for viewer in VIEWERS:
        assert seat_view(state, viewer).slots == HIDDEN
        assert seat_view(state, viewer).reserve == 5
    assert state.to_json()["reserve"][-1] == "election"


def test_r8_2_the_look_tells_the_opponent_nothing_about_the_token():
    """R8.2 / R8.3: the opponent's view after a Look is the same whatever the token."""
    election_at_4 = table()
    tokens = list(election_at_4.setup.tokens)
    tokens[2], tokens[3] = tokens[3], tokens[2]  # the Election at slot 3, a Vote at slot 4
    vote_at_4 = table(tokens=[TOKENS[t] for t in tokens])

    play(election_at_4, "look 4")
    play(vote_at_4, "look 4")
    assert seat_view(election_at_4, 1).to_json() == seat_view(vote_at_4, 1).to_json()
    assert seat_view(election_at_4, None).to_json() == seat_view(vote_at_4, None).to_json()
    assert seat_view(election_at_4, 0).slots[3] == "election"
    assert seat_view(vote_at_4, 0).slots[3] == "vote"


def test_r8_3_a_spectator_log_carries_no_private_field():
    """R8.3: a spectator's log holds no `swap`, no `at_a`, no looked-at `token`, and each
    seat's log holds only its own; the views hold no looked-at token of the other seat."""
    state = table()
    play(state, "move 2 5 swap", "look 6")
    play(state, "saloon mayor 4 6 mayor indian", "look 1")
    play(state, "move 3 8 pretend", "saloon reverend 1 3 reverend governor")
    play(state, "look 8", "move 1 2 swap")

    for event in log_of(state, None):
        assert PRIVATE.get(event["type"]) not in event
    for seat in (0, 1):
        for event in log_of(state, seat):
            if event["type"] in PRIVATE:
                assert (PRIVATE[event["type"]] in event) is (event["seat"] == seat)
    assert seat_view(state, None).slots == HIDDEN
    # Seat 0 looked at slot 6, seat 1 at slots 1 and 8.
    assert [i + 1 for i, t in enumerate(seat_view(state, 0).slots) if t] == [6]
    assert [i + 1 for i, t in enumerate(seat_view(state, 1).slots) if t] == [1, 8]


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through dataclass fields, tuples, lists, sets
    and mappings (keys and values)."""
    seen: set[int] = set()
    out: list[object] = []
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        out.append(obj)
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            stack.extend(getattr(obj, f.name) for f in dataclasses.fields(obj))
        elif isinstance(obj, Mapping):
            for key, value in obj.items():
                stack += [key, value]
        elif isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
    return out


def _state_containers(state: State) -> set[int]:
    """The ids of every mutable container the state holds."""
    ids = {id(state)}
    for name in State.__slots__:
        value = getattr(state, name)
        if isinstance(value, list):
            ids.add(id(value))
            ids.update(id(item) for item in value if isinstance(item, list))
    return ids


def _mid_game_with_a_pending_reaction() -> State:
    street1 = row("sheriff governor hitman indian storekeep dancer reporter bandit")
    state = table(street1=street1)
    play(state, "look 4", "reporter 7 reporter")
    play(state, "move 4 5 swap", "look 6")
    play(state, "hitman 2")  # seat 1's Governor is hit: the interception prompt
    assert state.pending_reaction == "intercept"
    return state


@pytest.mark.parametrize("viewer", VIEWERS)
def test_r8_3_a_view_holds_no_reference_to_the_state(viewer):
    """R8.3: a view is a detached copy of immutable values: nothing reachable from it is
    the State or one of the State's lists, and every leaf is a plain value."""
    state = _mid_game_with_a_pending_reaction()
    view = seat_view(state, viewer)
    forbidden = _state_containers(state)
    allowed = (View, SeatView, Event, tuple, MappingProxyType, str, int, bool, type(None))
    for obj in _reachable(view):
        assert not isinstance(obj, State)
        assert id(obj) not in forbidden
        assert isinstance(obj, allowed), f"a view holds a {type(obj).__name__}"
        assert not isinstance(obj, list | dict | set)


def test_r8_3_a_view_is_for_a_seat_or_a_spectator_only():
    """R8.3: the engine builds views for seat 0, seat 1 and spectators (None), nothing else."""
    state = table()
    for viewer in (2, -1, "all"):
        with pytest.raises(ValueError):
            seat_view(state, viewer)  # type: ignore[arg-type]


def test_r8_3_views_are_frozen_and_do_not_follow_the_state():
    """R8.3: assigning to a view, a seat view, an event or a stash raises; a view taken
    earlier does not change when the game goes on, and changing it cannot reach the game."""
    state = _mid_game_with_a_pending_reaction()
    view = seat_view(state, 1)
    before = view.to_json()
    truth = state.to_json()

    with pytest.raises(AttributeError):
        view.status = "over"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.seats[0].street = STREET  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.log[-1].seat = 0  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):  # no new attribute either
        view.state = state  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        view.seats[1].stash["handcuffs"] = 9  # type: ignore[index]
    with pytest.raises(TypeError):
        view.discard["bullet"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        view.slots[0] = "vote"  # type: ignore[index]
    assert state.to_json() == truth

    play(state, "intercept", "pass")  # the game ends: seat 1 wins
    assert state.over
    assert view.to_json() == before
    assert view.status == "playing"
    assert view.seats[0].street == HIDDEN


def test_r8_4_headlined_and_immobilized_cards_are_face_up_in_every_view():
    """R8.4 / R8.1: a headlined card and an immobilized Bandit show in every view at
    their column; a headlined card that moves still shows, at its new column, so the
    `swap` of that move is public (rules-notes 15)."""
    street1 = row("governor hitman bandit indian storekeep sheriff dancer reporter")
    state = table(street1=street1)
    play(state, "reporter 7 dancer")  # seat 1's Dancer is headlined
    play(state, "sheriff 3 bandit")  # seat 1's Bandit is caught
    assert legal(state) == {"pass"}  # seat 1's Reverend is in the Saloon
    play(state, "pass")

    for viewer in VIEWERS:
        seat1 = seat_view(state, viewer).seats[1]
        assert seat1.immobilized == (3,)
        assert seat1.headlined == (7,)
        if viewer != 1:
            assert seat1.street == (None, None, "bandit", None, None, None, "dancer", None)

    play(state, "move 7 1 swap")  # the headlined Dancer moves, face up
    for viewer in VIEWERS:
        seat1 = seat_view(state, viewer).seats[1]
        assert seat1.headlined == (1,)
        assert seat1.street[0] == "dancer"
        assert seat1.street[2] == "bandit"
        if viewer != 1:
            assert seat1.street[6] is None
        (move,) = of_type(log_of(state, viewer), "move")
        assert (move["a"], move["b"], move["swap"]) == (1, 7, True)

    play(state, "saloon mayor 1 2 dancer mayor")  # and enters the Saloon: still public
    for viewer in VIEWERS:
        seat1 = seat_view(state, viewer).seats[1]
        assert seat1.saloon == ("reverend", "dancer")
        assert seat1.headlined == ()
        assert seat1.immobilized == (3,)
        if viewer != 1:
            assert seat1.street == (None, None, "bandit", None, None, None, None, None)
        # The two cards that stay on the street are face down: where they went is private.
        (saloon,) = of_type(log_of(state, viewer), "saloon")
        assert ("at_a" in saloon) is (viewer == 1)


def test_r8_4_a_pretended_move_of_a_headlined_card_is_public_too():
    """R8.4 / R5.1 (rules-notes 15): a face-up card that does not move shows the move was
    a pretence; every log says so. A move of two face-down cards stays private."""
    state = table()
    play(state, "reporter 7 reporter", "move 2 3 pretend")  # seat 1's Reporter headlined
    play(state, "move 7 2 pretend", "move 3 4 swap")
    for viewer in VIEWERS:
        moves = of_type(log_of(state, viewer), "move")
        assert [m.get("swap") for m in moves] == [
            False if viewer == 0 else None,
            False,
            True if viewer == 1 else None,
        ]
        assert seat_view(state, viewer).seats[1].street[6] == "reporter"


# -- R8.5 reactions ---------------------------------------------------------------------

#: Seat 1 arrangements for seat 0's Hitman at column 2 hitting seat 1's Governor.
SHERIFF_BESIDE = row("sheriff governor hitman indian storekeep dancer reporter bandit")
SHERIFF_AWAY = row("hitman governor indian sheriff storekeep dancer reporter bandit")
SHERIFF_IN_SALOON = row("hitman governor indian reverend storekeep dancer reporter bandit")


def test_r8_5_interception_is_offered_even_when_the_sheriff_is_in_the_saloon():
    """R8.5 / R9.2: the Governor is hit and seat 1 holds a Handcuffs, so it is asked, though
    its Sheriff sits in the Saloon for all to see; `pass` is the only answer; seat 0 wins."""
    state = table(street1=SHERIFF_IN_SALOON, saloon1=("sheriff", "mayor"))
    play(state, "hitman 2")
    assert state.to_act == 1
    assert state.pending_reaction == "intercept"
    assert seat_view(state, 0).pending == seat_view(state, None).pending == "intercept"
    assert legal(state) == {"pass"}
    with pytest.raises(IllegalAction) as error:
        play(state, "intercept")
    assert error.value.rule == "R6.3.3"
    play(state, "pass")
    assert (state.status, state.winner, state.how) == ("over", 0, "bad")


def test_r8_5_the_interception_prompt_reveals_nothing():
    """R8.5: whether seat 1's Sheriff stands beside its Governor or not, the attacker and
    a spectator see exactly the same prompt; only seat 1's legal answers differ."""
    beside = play(table(street1=SHERIFF_BESIDE), "hitman 2")
    away = play(table(street1=SHERIFF_AWAY), "hitman 2")

    assert legal(beside) == {"intercept", "pass"}
    assert legal(away) == {"pass"}
    for viewer in (0, None):
        assert seat_view(beside, viewer).to_json() == seat_view(away, viewer).to_json()
    ask_beside = of_type(log_of(beside, 1), "prompt")
    ask_away = of_type(log_of(away, 1), "prompt")
    assert (
        ask_beside
        == ask_away
        == [{"turn": 1, "type": "prompt", "seat": 1, "reaction": "intercept"}]
    )
    for viewer in VIEWERS:
        assert of_type(log_of(beside, viewer), "prompt") == ask_beside

    # Declining tells nothing either: both games end the same way for the public.
    play(beside, "pass")
    play(away, "pass")
    assert seat_view(beside, None).to_json()["log"] == seat_view(away, None).to_json()["log"]


def test_r8_5_no_interception_prompt_without_handcuffs():
    """R8.5 / R9.2: seat 1 holds no Handcuffs (public), so the Governor is assassinated
    at once: no prompt, seat 0 wins."""
    state = table(street1=SHERIFF_BESIDE, first=1)
    play(state, "sheriff 1 bandit", "move 4 5 pretend")  # wrong call: seat 1's Handcuffs spent
    assert seat_view(state, 0).seats[1].stash["handcuffs"] == 0
    play(state, "hitman 2")
    assert of_type(events(state), "prompt") == []
    assert (state.status, state.winner, state.how) == ("over", 0, "bad")


def test_r8_5_a_reaction_must_be_answered_before_anything_else():
    """R8.5: while a reaction is awaited the reacting seat acts, and only `intercept`,
    `cancel` or `pass` answer it; the attacker's remaining action waits."""
    state = play(table(street1=SHERIFF_BESIDE), "hitman 2")
    assert (state.to_act, state.actions_left) == (1, 2)
    for text in ("move 4 5 swap", "look 4", "cancel"):
        with pytest.raises(IllegalAction) as error:
            play(state, text)
        assert error.value.rule == "R8.5"
    play(state, "intercept")  # the Governor is saved; seat 0 may cancel the arrest
    assert (state.to_act, state.pending_reaction) == (0, "cancel")
    assert legal(state) == {"pass"}  # seat 0's Reverend is in the Saloon


#: Seat 1 arrangements for seat 0's Sheriff at column 3 calling seat 1's card at column 3.
#: Seat 1 reads left from its own seat: its Reverend's left is column c+1 (R2.2).
REVEREND_ABLE = row("governor reverend hitman indian storekeep dancer reporter bandit")
REVEREND_WRONG_SIDE = row("governor indian hitman reverend storekeep dancer reporter bandit")
REVEREND_IN_SALOON = row("governor sheriff hitman indian storekeep dancer reporter bandit")


def test_r8_5_the_reverend_prompt_is_offered_even_when_he_is_in_the_saloon():
    """R8.5 / R9.3: seat 0's Sheriff arrests seat 1's Hitman; seat 1 is asked although its
    Reverend sits in the Saloon; `pass` is the only answer, and seat 0 wins (ugly)."""
    state = table(street1=REVEREND_IN_SALOON)
    play(state, "sheriff 3 hitman")
    assert (state.to_act, state.pending_reaction) == (1, "cancel")
    assert legal(state) == {"pass"}
    with pytest.raises(IllegalAction) as error:
        play(state, "cancel")
    assert error.value.rule == "R6.9.2"
    play(state, "pass")
    assert (state.status, state.winner, state.how) == ("over", 0, "ugly")


@pytest.mark.parametrize("call", ["hitman", "bandit"])
def test_r8_5_the_reverend_prompt_reveals_nothing(call):
    """R8.5: for an arrest and for an immobilization alike, the attacker and a spectator
    cannot tell whether seat 1's Reverend stands where he could cancel."""
    able = list(REVEREND_ABLE)
    wrong = list(REVEREND_WRONG_SIDE)
    if call == "bandit":  # the Bandit takes the Hitman's column
        able[2], able[7] = able[7], able[2]
        wrong[2], wrong[7] = wrong[7], wrong[2]
    can = play(table(street1=able, saloon1=("sheriff", "mayor")), f"sheriff 3 {call}")
    cannot = play(table(street1=wrong, saloon1=("sheriff", "mayor")), f"sheriff 3 {call}")

    assert legal(can) == {"cancel", "pass"}
    assert legal(cannot) == {"pass"}
    for viewer in (0, None):
        assert seat_view(can, viewer).to_json() == seat_view(cannot, viewer).to_json()
    for viewer in VIEWERS:
        assert of_type(log_of(can, viewer), "prompt") == [
            {"turn": 1, "type": "prompt", "seat": 1, "reaction": "cancel"}
        ]


def test_r8_5_a_cancelled_immobilization_and_a_declined_one():
    """R8.5 / R6.3.2: the Reverend cancels: the Bandit stays free and the Handcuffs stay
    discarded; declining: the Bandit is immobilized and the Handcuffs come back."""
    able = row("governor reverend bandit indian storekeep dancer reporter hitman")
    cancelled = play(
        table(street1=able, saloon1=("sheriff", "mayor")), "sheriff 3 bandit", "cancel"
    )
    declined = play(table(street1=able, saloon1=("sheriff", "mayor")), "sheriff 3 bandit", "pass")

    for viewer in VIEWERS:
        view = seat_view(cancelled, viewer)
        assert view.seats[1].immobilized == ()
        assert view.seats[0].stash["handcuffs"] == 0
        assert view.discard["handcuffs"] == 1
        view = seat_view(declined, viewer)
        assert view.seats[1].immobilized == (3,)
        assert view.seats[1].street[2] == "bandit"
        assert view.seats[0].stash["handcuffs"] == 1
        assert view.discard["handcuffs"] == 0
    for state in (cancelled, declined):
        assert (state.status, state.to_act, state.actions_left) == ("playing", 0, 1)


def test_r8_5_no_prompt_after_a_wrong_call():
    """R8.5: a wrong call harms nothing, so nobody is asked."""
    state = play(table(street1=REVEREND_ABLE, saloon1=("sheriff", "mayor")), "sheriff 3 bandit")
    assert state.pending_reaction is None
    assert of_type(events(state), "prompt") == []
    assert (state.to_act, state.actions_left) == (0, 1)


# -- R8.6 ---------------------------------------------------------------------------------


def test_r8_6_both_arrangements_become_public_when_the_game_ends():
    """R8.6 / R9.2: after seat 0's Hitman assassinates seat 1's Governor, every view shows
    both true arrangements, as they stand after every swap and Saloon exchange."""
    street1 = row("hitman indian sheriff storekeep governor dancer reporter bandit")
    state = table(street1=street1, first=1)
    play(state, "sheriff 3 bandit", "saloon reverend 1 2 hitman indian")
    play(state, "move 2 5 swap")
    for viewer in (0, None):
        assert seat_view(state, viewer).seats[1].street == HIDDEN
    assert seat_view(state, None).seats[0].street == HIDDEN

    play(state, "hitman 5")
    assert (state.status, state.winner, state.how) == ("over", 0, "bad")
    final0 = row("governor storekeep sheriff indian hitman dancer reporter bandit")
    final1 = row("indian reverend sheriff storekeep governor dancer reporter bandit")
    assert tuple(street(state, 0)) == final0
    assert tuple(street(state, 1)) == final1
    for viewer in VIEWERS:
        view = seat_view(state, viewer)
        assert view.status == "over"
        assert view.seats[0].street == final0
        assert view.seats[1].street == final1
        assert view.seats[1].saloon == ("hitman", "mayor")
        assert view.to_json()["seats"][1]["street"] == list(final1)


# == R9 End of the game ==================================================================

#: The Election at slot 1, under the Governors; three Votes right after it.
ELECTION_FIRST = (
    "election", "vote", "vote", "vote", "bogus", "bogus", "bogus", "bogus",
    "bullet", "handcuffs", "vote", "vote", "vote",
)  # fmt: skip


def test_r9_1_good_the_governor_takes_the_election_with_more_votes():
    """R9.1 / R5.4: with as many Votes as the opponent the Election cannot be called;
    with more, seat 0's Governor takes it and wins (good)."""
    state = table(tokens=ELECTION_FIRST)
    play(state, "take 2 vote", "move 4 5 pretend")
    play(state, "take 2 vote", "look 1")  # seat 1 evens the Votes and sees the Election
    assert [state.stash[s][VOTE] for s in (0, 1)] == [1, 1]
    with pytest.raises(IllegalAction) as error:
        play(state, "take 1 election")
    assert error.value.rule == "R5.4"
    assert state.status == "playing"

    play(state, "take 2 vote")
    assert "take 1 election" in legal(state)
    play(state, "take 1 election")
    assert (state.status, state.winner, state.how, state.to_act) == ("over", 0, "good", None)
    assert state.stash[0][ELECTION] == 1
    for viewer in VIEWERS:
        view = seat_view(state, viewer)
        assert (view.status, view.winner, view.how) == ("over", 0, "good")
        assert of_type(view.to_json()["log"], "win") == [
            {"turn": 3, "type": "win", "seat": 0, "how": "good"}
        ]


def test_r9_2_bad_the_hitman_assassinates_the_governor():
    """R9.2: a Hitman's miss ends nothing; hitting the Governor of a seat without
    Handcuffs wins at once (bad), the Bullet spent."""
    miss = table(street1=SHERIFF_AWAY)
    play(miss, "move 2 3 swap", "hitman 3")  # seat 1's Indian is no Governor
    assert (miss.status, miss.winner, miss.to_act) == ("playing", None, 1)
    assert (miss.stash[0][BULLET], miss.discard[BULLET]) == (0, 1)

    state = table(street1=SHERIFF_BESIDE, first=1)
    play(state, "sheriff 1 bandit", "move 4 5 pretend")  # seat 1 spends its Handcuffs
    play(state, "hitman 2")
    assert (state.status, state.winner, state.how, state.to_act) == ("over", 0, "bad", None)
    assert (state.stash[0][BULLET], state.discard[BULLET]) == (0, 1)
    for viewer in VIEWERS:
        assert (seat_view(state, viewer).winner, seat_view(state, viewer).how) == (0, "bad")


def test_r9_3_ugly_the_sheriff_arrests_the_hitman():
    """R9.3 by R6.3.2: seat 0's Sheriff calls and finds seat 1's Hitman; seat 1 cannot
    cancel, so seat 0 wins (ugly)."""
    state = table(street1=REVEREND_WRONG_SIDE, saloon1=("sheriff", "mayor"))
    play(state, "sheriff 3 hitman")
    assert state.status == "playing"
    play(state, "pass")
    assert (state.status, state.winner, state.how, state.to_act) == ("over", 0, "ugly", None)
    for viewer in VIEWERS:
        assert (seat_view(state, viewer).winner, seat_view(state, viewer).how) == (0, "ugly")


def test_r9_3_an_arrest_cancelled_by_the_reverend_is_no_win():
    """R9.3 / R6.9.2: seat 1's Reverend, with the Hitman immediately to his left,
    cancels the arrest: the game goes on, the Handcuffs stay discarded."""
    state = table(street1=REVEREND_ABLE, saloon1=("sheriff", "mayor"))
    play(state, "sheriff 3 hitman", "cancel")
    assert (state.status, state.winner, state.to_act, state.actions_left) == ("playing", None, 0, 1)
    assert (state.stash[0][HANDCUFFS], state.discard[HANDCUFFS]) == (0, 1)


def test_r9_3_ugly_by_interception():
    """R9.3 by R6.3.3: seat 1's Sheriff beside its Governor intercepts seat 0's Hitman;
    seat 0 cannot cancel, so seat 1 wins (ugly) in seat 0's own turn."""
    state = table(street1=SHERIFF_BESIDE)
    play(state, "hitman 2", "intercept")
    assert (state.to_act, state.pending_reaction) == (0, "cancel")
    play(state, "pass")
    assert (state.status, state.winner, state.how, state.to_act) == ("over", 1, "ugly", None)
    assert (state.discard[BULLET], state.discard[HANDCUFFS]) == (1, 1)


def test_r9_3_a_cancelled_interception_saves_the_governor_and_the_game_goes_on():
    """R9.3 / R6.3.3 Decision: seat 0's Reverend cancels the arrest of its Hitman: no
    winner, the Governor is saved, the Bullet and the Handcuffs stay discarded."""
    street0 = row("governor hitman reverend indian storekeep dancer reporter bandit")
    state = table(street0=street0, saloon0=("sheriff", "mayor"), street1=SHERIFF_BESIDE)
    play(state, "hitman 2", "intercept")
    assert legal(state) == {"cancel", "pass"}
    play(state, "cancel")
    assert (state.status, state.winner, state.how) == ("playing", None, None)
    assert (state.to_act, state.actions_left) == (0, 1)
    assert (state.discard[BULLET], state.discard[HANDCUFFS]) == (1, 1)
    assert street(state, 1)[1] == "governor"


# -- R9.4 sudden death ------------------------------------------------------------------


def _three_votes_each(seed: int = 0) -> State:
    """Both seats hold 3 Votes; seat 0 keeps its last Bullet; every other Bullet and
    Handcuffs is in the discard; the 4 Bogus and the Election lie on slots 1..5."""
    state = table(seed=seed)
    state.stash[0][BULLET], state.stash[0][HANDCUFFS], state.stash[0][VOTE] = 1, 0, 3
    state.stash[1][BULLET], state.stash[1][HANDCUFFS], state.stash[1][VOTE] = 0, 0, 3
    state.discard[BULLET], state.discard[HANDCUFFS] = 2, 3
    state.slots[:] = [BOGUS, ELECTION, BOGUS, BOGUS, BOGUS, EMPTY, EMPTY, EMPTY]
    state.filled = 5
    state.reserve[:] = []
    assert token_census(state) == R1_2
    return state


def _to_sudden_death(seed: int = 0) -> State:
    state = _three_votes_each(seed)
    play(state, "look 2", "take 3 handcuffs")  # seat 0 sees the Election; all see a Bogus
    play(state, "look 4", "move 4 5 pretend")
    assert state.sudden_death is False
    play(state, "hitman 2")  # seat 0's last Bullet misses seat 1's Hitman
    return state


def test_r9_4_sudden_death_deals_bullets_and_handcuffs_when_the_last_is_spent():
    """R9.4: both seats hold 3 Votes; the last Bullet goes to the discard, and the check
    after that action deals 3 Bullets, 3 Handcuffs and 2 Bogus face down onto slots
    1..8 with an empty reserve; all token knowledge is gone; play continues."""
    state = _three_votes_each()
    play(state, "look 2", "take 3 handcuffs")
    play(state, "look 4", "move 4 5 pretend")
    assert seat_view(state, 0).slots[:4] == (None, "election", "bogus", None)
    assert seat_view(state, 1).slots[:4] == (None, None, "bogus", "bogus")
    assert seat_view(state, None).slots[:4] == (None, None, "bogus", None)

    play(state, "hitman 2")
    assert state.sudden_death is True
    assert Counter(TOKENS[t] for t in state.slots) == Counter(bullet=3, handcuffs=3, bogus=2)
    assert state.reserve == []
    assert (state.discard[BULLET], state.discard[HANDCUFFS]) == (0, 0)
    assert token_census(state) == R1_2
    assert (state.status, state.to_act, state.actions_left) == ("playing", 0, 1)
    for viewer in VIEWERS:
        view = seat_view(state, viewer)
        assert view.sudden_death is True
        assert view.slots == HIDDEN
        assert (view.filled, view.reserve) == (8, 0)
        assert dict(view.discard) == {"bullet": 0, "handcuffs": 0}
        # The tokens set aside are public, like the discard: all 17 stay accounted for.
        assert dict(view.aside) == {
            "bullet": 0,
            "handcuffs": 0,
            "vote": 0,
            "bogus": 2,
            "election": 1,
        }
        assert [e["type"] for e in view.to_json()["log"][-1:]] == ["sudden_death"]
    # The Election is gone from Main Street: only a Bad or Ugly win remains.
    assert all("election" not in action for action in legal(state))


def test_r9_4_the_sudden_death_deal_depends_on_the_seed_only():
    """R9.4: the shuffle is driven by the game's seed: the same seed deals the same
    tokens, and different seeds deal differently."""
    assert _to_sudden_death(7).slots == _to_sudden_death(7).slots
    deals = {tuple(_to_sudden_death(seed).slots) for seed in range(8)}
    assert len(deals) > 1


def test_r9_4_after_sudden_death_the_bullets_and_handcuffs_can_be_used():
    """R9.4 / R9.2: play continues in sudden death until a Bad or Ugly win: seat 0's
    Hitman takes a Bullet dealt on Main Street and assassinates seat 1's Governor."""
    state = _to_sudden_death()
    col = state.slots.index(BULLET) + 1
    # Seat 0's Hitman walks to the Bullet's column, takes it, then faces the Governor.
    play(state, f"move 2 {col} swap" if col != 2 else "move 4 5 pretend")
    play(state, "move 4 5 pretend", "move 4 5 pretend")
    play(state, f"take {col} bullet")
    assert (state.stash[0][BULLET], state.filled, state.reserve) == (1, 7, [])
    assert token_census(state) == R1_2
    play(state, f"move {col} 1 swap" if col != 1 else "move 4 5 pretend")
    play(state, "look 1", "look 2")
    play(state, "hitman 1")
    assert (state.status, state.winner, state.how) == ("over", 0, "bad")


def test_r9_4_the_check_runs_after_a_reaction_too():
    """R9.4: seat 0's last Bullet hits the Governor, seat 1's last Handcuffs intercepts,
    seat 0's Reverend cancels the arrest: that action ends with every Bullet and
    Handcuffs in the discard, and the sudden death deal follows at once."""
    street0 = row("governor hitman reverend indian storekeep dancer reporter bandit")
    state = table(street0=street0, saloon0=("sheriff", "mayor"), street1=SHERIFF_BESIDE)
    state.stash[0][BULLET], state.stash[0][HANDCUFFS], state.stash[0][VOTE] = 1, 0, 3
    state.stash[1][BULLET], state.stash[1][HANDCUFFS], state.stash[1][VOTE] = 0, 1, 3
    state.discard[BULLET], state.discard[HANDCUFFS] = 2, 2
    state.slots[:] = [BOGUS, ELECTION, BOGUS, BOGUS, BOGUS, EMPTY, EMPTY, EMPTY]
    state.filled = 5
    state.reserve[:] = []
    assert token_census(state) == R1_2

    play(state, "hitman 2", "intercept")
    assert state.sudden_death is False
    play(state, "cancel")
    assert (state.status, state.sudden_death, state.to_act, state.actions_left) == (
        "playing",
        True,
        0,
        1,
    )
    assert Counter(TOKENS[t] for t in state.slots) == Counter(bullet=3, handcuffs=3, bogus=2)
    assert token_census(state) == R1_2


@pytest.mark.parametrize(
    "where",
    ["bullet on the street", "handcuffs in the reserve", "handcuffs in a stash", "votes 3 and 2"],
)
def test_r9_4_no_sudden_death_while_the_condition_fails(where):
    """R9.4: no deal while a Bullet or Handcuffs is left outside the discard, or while
    the Votes are not 3 each."""
    state = _three_votes_each()
    if where == "bullet on the street":
        state.stash[0][BULLET] = 0
        state.slots[5], state.filled = BULLET, 6
    elif where == "handcuffs in the reserve":
        state.discard[HANDCUFFS] = 2
        state.reserve[:] = [HANDCUFFS]
    elif where == "handcuffs in a stash":
        state.discard[HANDCUFFS] = 2
        state.stash[1][HANDCUFFS] = 1
    else:
        state.stash[1][VOTE] = 2
        state.slots[5], state.filled = VOTE, 6
    assert token_census(state) == R1_2
    play(state, "look 3", "move 4 5 pretend")
    play(state, "look 4", "move 6 7 swap")
    if state.stash[0][BULLET]:
        play(state, "hitman 2")
    assert state.sudden_death is False
    assert of_type(events(state), "sudden_death") == []
    assert token_census(state) == R1_2


def test_r9_4_sudden_death_deals_again_when_everything_is_spent_again():
    """R9.4 (rules-notes 8): in sudden death, once every Bullet and Handcuffs is in the
    discard again, the check deals again from the discard and two Bogus set aside."""
    state = _to_sudden_death()
    # Fast-forward: the six tokens dealt are spent again; two Bogus remain on the street.
    state.slots[:] = [BOGUS, BOGUS] + [EMPTY] * 6
    state.filled = 2
    state.stash[0][BULLET] = 1
    state.discard[BULLET], state.discard[HANDCUFFS] = 2, 3
    assert token_census(state) == R1_2
    play(state, "move 4 5 pretend")
    play(state, "look 1", "look 2")
    assert state.sudden_death and state.filled == 2
    play(state, "hitman 2")
    assert Counter(TOKENS[t] for t in state.slots) == Counter(bullet=3, handcuffs=3, bogus=2)
    assert (state.filled, state.reserve) == (8, [])
    assert seat_view(state, 0).slots == HIDDEN
    assert len(of_type(events(state), "sudden_death")) == 2
    assert token_census(state) == R1_2


# -- R9.5 turn limit --------------------------------------------------------------------


def test_r9_5_the_turn_limit_ends_the_game_with_no_winner():
    """R9.5: with a limit of 2 turns the game is over right after turn 2's last action:
    status over, no winner, how "limit"; both arrangements become public (R8.6)."""
    state = table(turn_limit=2)
    play(state, "move 2 5 swap", "look 4")
    play(state, "look 4")
    assert (state.status, state.turn, state.to_act) == ("playing", 2, 1)
    play(state, "move 1 8 pretend")
    assert (state.status, state.winner, state.how, state.to_act) == ("over", None, "limit", None)
    assert state.turn == 2
    for viewer in VIEWERS:
        view = seat_view(state, viewer)
        assert (view.status, view.winner, view.how, view.turn) == ("over", None, "limit", 2)
        assert view.seats[0].street == tuple(street(state, 0))
        assert view.seats[1].street == STREET
        assert [e["type"] for e in view.to_json()["log"]][-1] == "limit"


def test_r9_5_a_reaction_in_the_last_action_is_answered_before_the_limit():
    """R9.5 (rules-notes 10): turn 1 is the last; its last action immobilizes a Bandit,
    the Reverend prompt is answered first, then the game ends."""
    street1 = row("governor hitman bandit indian storekeep dancer reporter sheriff")
    state = table(street1=street1, turn_limit=1)
    play(state, "look 4", "sheriff 3 bandit")
    assert (state.status, state.to_act, state.pending_reaction) == ("playing", 1, "cancel")
    play(state, "pass")
    assert (state.status, state.winner, state.how) == ("over", None, "limit")
    assert seat_view(state, None).seats[1].immobilized == (3,)


def test_r9_5_a_win_in_the_last_turn_is_a_real_win():
    """R9.5 / R9.2: a win in the limit's last turn is a win, not a limit."""
    state = table(street1=SHERIFF_IN_SALOON, saloon1=("sheriff", "mayor"), turn_limit=1)
    play(state, "look 4", "hitman 2", "pass")
    assert (state.status, state.winner, state.how) == ("over", 0, "bad")


# -- no action once the game is over ---------------------------------------------------


def _good() -> State:
    return play(table(tokens=ELECTION_FIRST), "take 2 vote", "take 1 election")


def _bad() -> State:
    return play(table(street1=SHERIFF_AWAY), "hitman 2", "pass")


def _ugly() -> State:
    return play(table(street1=SHERIFF_BESIDE), "hitman 2", "intercept", "pass")


def _limit() -> State:
    return play(table(turn_limit=1), "look 1", "look 2")


@pytest.mark.parametrize("ending", [_good, _bad, _ugly, _limit])
def test_r9_no_action_is_legal_once_the_game_is_over(ending):
    """R9.1 R9.2 R9.3 R9.5: once the game is over, no action is legal: every action id is
    refused and the state does not change."""
    state = ending()
    assert state.over and state.to_act is None
    assert state.legal_action_ids() == []
    assert state.legal_actions() == []
    before = (state.to_json(), len(state.log), len(state.history))
    for action_id in range(NUM_ACTIONS):
        with pytest.raises(IllegalAction):
            state.apply_id(action_id)
    for text in ("move 4 5 swap", "look 3", "pass", "intercept", "cancel"):
        with pytest.raises(IllegalAction) as error:
            play(state, text)
        assert error.value.rule == "R9"
    assert (state.to_json(), len(state.log), len(state.history)) == before
