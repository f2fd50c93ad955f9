"""Property tests of the engine: random legal play, conservation, legality, leak-proof views.

Games are dealt from seeds drawn by Hypothesis and played by a random policy: either one
that picks an action kind uniformly and then an action of that kind, or a "seeking" one
that cheats with the true state to take tokens, spend Bullets and Handcuffs and avoid
winning, so that games reach the long positions (three Votes each, sudden death, R9.4).
Each test names the rules it covers in its docstring.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, target
from hypothesis import strategies as st

from outlaws.engine import (
    CHARACTERS,
    NUM_ACTIONS,
    TOKENS,
    Action,
    IllegalAction,
    Record,
    Setup,
    State,
    parse_notation,
    record_of,
    seat_frame,
    seat_view,
)
from outlaws.engine.actions import (
    K_HITMAN,
    K_INTERCEPT,
    K_LOOK,
    K_MOVE,
    K_PASS,
    K_SALOON,
    K_SHERIFF,
    K_TAKE,
    SPEC_ID,
    SPECS,
)
from outlaws.engine.names import ELECTION, GOVERNOR, HITMAN, VOTE

#: Chooses one element of a non-empty sequence (``random.Random.choice`` or a Hypothesis draw).
Pick = Callable[[Sequence[int]], int]

#: R1.2: the 17 tokens.
TOKEN_TOTALS = {"bullet": 3, "handcuffs": 3, "vote": 6, "bogus": 4, "election": 1}
#: R1.3: the Headline markers.
HEADLINE_TOTAL = 6
REACTION_KINDS = frozenset(range(K_INTERCEPT, K_PASS + 1))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- policies and walks ------------------------------------------------------------------


def seeking_ids(state: State) -> list[int]:
    """Legal ids that push the game toward sudden death (R9.4) without ending it: Takes
    whose call is right (a Vote only below 3 Votes, never the Election), Hitman shots at
    a card that is not the Governor, Sheriff calls that are wrong."""
    me = state.active
    other = 1 - me
    out = []
    for i in state.legal_action_ids():
        spec = SPECS[i]
        kind = spec[0]
        if kind == K_TAKE:
            token = state.slots[spec[1]]
            if token == spec[2] and token != ELECTION:
                if token != VOTE or state.stash[me][VOTE] < 3:
                    out.append(i)
        elif kind == K_HITMAN:
            if state.street[other][spec[1]] != GOVERNOR:
                out.append(i)
        elif kind == K_SHERIFF and state.street[other][spec[3]] != spec[2]:
            out.append(i)
    return out


def ends_game(state: State, action_id: int) -> bool:
    """Whether a seeking game avoids this id: an Election, a shot at the Governor, an
    arrest of the Hitman."""
    spec = SPECS[action_id]
    other = 1 - state.active
    if spec[0] == K_TAKE:
        return spec[2] == ELECTION
    if spec[0] == K_HITMAN:
        return state.street[other][spec[1]] == GOVERNOR
    if spec[0] == K_SHERIFF:
        return spec[2] == HITMAN and state.street[other][spec[3]] == HITMAN
    return False


def choose(
    state: State, pick: Pick, seek: bool = False, banned: frozenset[int] = frozenset()
) -> int | None:
    """One legal action id of the seat to act: a kind first, then an action of that kind.
    ``banned`` action kinds are left out; None when nothing is left."""
    ids = [i for i in state.legal_action_ids() if SPECS[i][0] not in banned]
    if seek and not state.pending:
        good = seeking_ids(state)
        if good and pick(range(4)) != 0:
            return pick(good)
        ids = [i for i in ids if not ends_game(state, i)] or ids
    if not ids:
        return None
    by_kind: dict[int, list[int]] = {}
    for i in ids:
        by_kind.setdefault(SPECS[i][0], []).append(i)
    return pick(by_kind[pick(sorted(by_kind))])


def rng_pick(seed: int) -> Pick:
    return random.Random(seed).choice


def play(state: State, pick: Pick, seek: bool = False, steps: int | None = None) -> list[State]:
    """Play until the game ends (or ``steps`` actions); return every position met,
    the first included (as clones)."""
    seen = [state.clone()]
    while not state.over and (steps is None or len(seen) <= steps):
        action_id = choose(state, pick, seek)
        assert action_id is not None
        state.apply_id(action_id)
        seen.append(state.clone())
    return seen


def dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def snapshot(state: State) -> tuple[str, tuple[Any, ...], tuple[int, ...], str]:
    """Everything a state holds: its JSON, log, history and every internal field."""
    # ``__weakref__`` only lets the views cache the log as each viewer reads it.
    internals = repr([getattr(state, name) for name in State.__slots__ if name != "__weakref__"])
    return dump(state.to_json()), tuple(state.log), tuple(state.history), internals


def game(seed: int, turn_limit: int | None = None) -> State:
    return State.new(seed=seed, turn_limit=turn_limit)


# -- 1. random legal play ------------------------------------------------------------------


@settings(FAST, max_examples=40)
@given(data=st.data(), seed=seeds, turn_limit=st.integers(1, 40), seek=st.booleans())
def test_random_legal_play_ends_under_turn_limit(
    data: st.DataObject, seed: int, turn_limit: int, seek: bool
) -> None:
    """R9.5, R4.1, R3.3: legal play never raises and ends by the turn limit; every turn is
    exactly two actions of one seat (reactions aside), the seats alternate, the first
    seat of the setup starts."""
    state = game(seed, turn_limit)

    def pick(seq: Sequence[int]) -> int:
        return data.draw(st.sampled_from(seq))

    main: list[tuple[int, int]] = []  # (turn, active seat) of every non-reaction action
    budget = 3 * 2 * turn_limit
    while not state.over:
        budget -= 1
        assert budget >= 0, "the game outlived its turn limit"
        before = (state.turn, state.active)
        was_pending = state.pending_reaction
        action_id = choose(state, pick, seek)
        assert action_id is not None, "a game in progress always has a legal action"
        state.apply_id(action_id)
        if was_pending is None:
            main.append(before)
        else:
            assert SPECS[action_id][0] in REACTION_KINDS
        assert state.turn <= turn_limit
    assert state.legal_action_ids() == []
    assert state.to_act is None
    if state.how == "limit":
        assert state.winner is None and state.turn == turn_limit
    else:
        assert state.how in ("good", "bad", "ugly") and state.winner in (0, 1)
    per_turn = Counter(turn for turn, _ in main)
    assert sorted(per_turn) == list(range(1, state.turn + 1))
    for turn, active in main:
        assert active == (state.setup.first + turn - 1) % 2
    for turn, count in per_turn.items():
        if turn < state.turn or state.how == "limit":
            assert count == 2, f"turn {turn} had {count} actions"
        else:
            assert count in (1, 2)


# -- 2. conservation -------------------------------------------------------------------------


class Conservation:
    """Checks R1.1-R1.3 and R3.1 after every action, tracking the discarded markers."""

    def __init__(self, state: State) -> None:
        self.seen_log = 0
        self.wrong_calls = 0
        self.stash_markers = [HEADLINE_TOTAL // 2] * 2
        self.check(state)

    def check(self, state: State) -> None:
        data = state.to_json()
        tokens: Counter[str] = Counter(t for t in data["slots"] if t is not None)
        tokens.update(data["reserve"])
        tokens.update(data["discard"])
        for seat in data["seats"]:
            for name in ("bullet", "handcuffs", "vote", "election"):
                tokens[name] += seat["stash"][name]
        tokens.update(data["aside"])  # R9.4: set aside by sudden death
        assert dict(tokens) == TOKEN_TOTALS, f"R1.2: {dict(tokens)}"
        assert len(data["slots"]) == 8
        filled = [t for t in data["slots"] if t is not None]
        assert data["slots"][: len(filled)] == filled, "R5.6: the gap ends at slot 8"
        for s, seat in enumerate(data["seats"]):
            assert len(seat["street"]) == 8 and len(seat["saloon"]) == 2
            assert sorted(seat["street"] + seat["saloon"]) == sorted(CHARACTERS), "R1.1"
            assert "governor" not in seat["saloon"], "R3.1"
            for col in seat["immobilized"]:
                assert seat["street"][col - 1] == "bandit", "R7.3"
            markers = seat["stash"]["headline"]
            assert markers <= self.stash_markers[s], "R1.3: a stash gained a marker"
            self.stash_markers[s] = markers
        for raw in state.log[self.seen_log :]:
            if raw[0] == "reporter":
                self.wrong_calls += 1
            elif raw[0] == "headline":
                self.wrong_calls -= 1
        self.seen_log = len(state.log)
        on_cards = sum(bin(mask).count("1") for mask in state.headlined)
        total = sum(self.stash_markers) + on_cards + self.wrong_calls
        assert total == HEADLINE_TOTAL, "R1.3"


def conserved_walk(seed: int, turn_limit: int, seek: bool) -> State:
    state = game(seed, turn_limit)
    checker = Conservation(state)
    pick = rng_pick(seed)
    while not state.over:
        action_id = choose(state, pick, seek)
        assert action_id is not None
        state.apply_id(action_id)
        checker.check(state)
    return state


@settings(FAST, max_examples=30)
@given(seed=seeds, turn_limit=st.integers(1, 40), steps=st.integers(0, 200))
def test_a_copy_without_its_past_plays_on_as_the_game_does(
    seed: int, turn_limit: int, steps: int
) -> None:
    """No rule reads the log or the history: a copy that starts them empty reaches the
    same position after every action as the game itself (R4, R9)."""
    rng = random.Random(seed)
    state = game(seed, turn_limit)
    for _ in range(steps):
        if state.over:
            break
        state.apply_id(rng.choice(state.legal_action_ids()))
    ahead = state.clone(past=False)
    assert ahead.log == [] and ahead.history == []
    while not state.over:
        action_id = rng.choice(state.legal_action_ids())
        assert ahead.legal_action_ids() == state.legal_action_ids()
        state.apply_id(action_id)
        ahead.apply_id(action_id)
        assert (ahead.to_act, ahead.turn, ahead.pending, ahead.over, ahead.winner) == (
            state.to_act,
            state.turn,
            state.pending,
            state.over,
            state.winner,
        )
        assert ahead.street == state.street and ahead.slots == state.slots
        assert ahead.stash == state.stash and ahead.saloon == state.saloon
    assert ahead.how == state.how


@settings(FAST, max_examples=100)
@given(seed=seeds, turn_limit=st.integers(1, 60), seek=st.booleans())
def test_conservation_after_every_action(seed: int, turn_limit: int, seek: bool) -> None:
    """R1.1, R1.2, R1.3, R3.1, R5.6, R7.3, R9.4: 17 tokens of the right types (slots,
    reserve, stashes, discard, the tokens set aside), 10 distinct cards a seat, no
    Governor in a Saloon, 6 Headline markers (stashes, cards, wrong calls), filled slots
    first, the immobilized card is the Bandit."""
    conserved_walk(seed, turn_limit, seek)


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_conservation_through_sudden_death(seed: int) -> None:
    """R9.4, R1.2: the tokens stay accounted for through one or more sudden deaths."""
    state = conserved_walk(seed, 60, seek=True)
    assert state.sudden_death


# -- 3. generator and validator agree ----------------------------------------------------


def check_generator(state: State, try_illegal: bool) -> None:
    legal = state.legal_action_ids()
    assert len(legal) == len(set(legal))
    valid = {i for i in range(NUM_ACTIONS) if state._illegal(SPECS[i]) is None}
    assert set(legal) == valid
    # The mask of the research interfaces: the same set, as bits.
    assert state.legal_action_mask() == sum(1 << i for i in valid)
    if try_illegal:
        before = snapshot(state)
        for i in range(NUM_ACTIONS):
            if i not in valid:
                with pytest.raises(IllegalAction):
                    state.apply_id(i)
        for i in (-1, NUM_ACTIONS, NUM_ACTIONS + 7):
            with pytest.raises(IllegalAction):
                state.apply_id(i)
        assert snapshot(state) == before


@settings(FAST, max_examples=20)
@given(seed=seeds, turn_limit=st.integers(1, 40), seek=st.booleans())
def test_generator_and_validator_agree(seed: int, turn_limit: int, seek: bool) -> None:
    """R4, R5, R6, R8.5: ``legal_action_ids`` is exactly the set of ids the validator
    accepts, and every other id raises IllegalAction."""
    rng = random.Random(seed)
    for i, state in enumerate(play(game(seed, turn_limit), rng.choice, seek)):
        check_generator(state, try_illegal=i % 8 == 0 or state.over)


# -- 4. a rejected action changes nothing --------------------------------------------------

columns = st.integers(1, 8)
characters = st.sampled_from(CHARACTERS)
flag = st.booleans()


def _ability(kind: str, required: dict[str, Any], optional: dict[str, Any]) -> Any:
    return st.fixed_dictionaries(
        {"type": st.just(kind), "col": columns, **required}, optional={"mayor": flag, **optional}
    )


#: Action objects that docs/format.md can parse, whatever the position makes of them.
action_objects = st.one_of(
    st.fixed_dictionaries({"type": st.just("move"), "a": columns, "b": columns, "swap": flag}),
    st.fixed_dictionaries(
        {
            "type": st.just("saloon"),
            "card": characters,
            "a": columns,
            "b": columns,
            "to_saloon": characters,
            "at_a": characters,
        }
    ),
    st.fixed_dictionaries({"type": st.just("look"), "col": columns}),
    st.fixed_dictionaries(
        {"type": st.just("take"), "col": columns, "call": st.sampled_from(TOKENS)}
    ),
    _ability("hitman", {}, {}),
    _ability("sheriff", {"call": characters}, {"target": columns}),
    _ability("indian", {}, {"target": columns}),
    _ability("storekeep", {"slots": st.lists(columns, min_size=1, max_size=2)}, {"supply": flag}),
    _ability("dancer", {"from": columns}, {}),
    _ability("reporter", {"call": characters}, {"target": columns}),
    _ability("bandit", {"call": characters}, {}),
    _ability("reverend", {}, {}),
    st.sampled_from([{"type": "intercept"}, {"type": "cancel"}, {"type": "pass"}]),
)


@settings(FAST, max_examples=30)
@given(
    seed=seeds,
    steps=st.integers(0, 60),
    objects=st.lists(action_objects, min_size=10, max_size=40),
)
def test_rejected_action_changes_nothing(seed: int, steps: int, objects: list[Any]) -> None:
    """R4, R5.8, R8.5: an action that is rejected raises IllegalAction (never another
    error) and leaves the state, its log and its history exactly as they were; an
    action that is accepted was among the legal actions."""
    rng = random.Random(seed)
    state = play(game(seed, 40), rng.choice, steps=steps)[-1]
    for obj in objects:
        action = Action.from_json(obj)
        legal = state.legal_action_ids()
        illegal = [i for i in rng.sample(range(NUM_ACTIONS), 20) if i not in legal]
        before = snapshot(state)
        for i in illegal:
            with pytest.raises(IllegalAction):
                state.apply_id(i)
        assert snapshot(state) == before
        try:
            state.apply(action)
        except IllegalAction:
            assert snapshot(state) == before, f"{action} was rejected but changed the state"
            assert not state.is_legal(action)
        else:
            assert state.history[-1] in legal, f"{action} was applied but is not legal"
        if state.over:
            break


# -- 5. leak-proof views ----------------------------------------------------------------


def spectator(state: State) -> str:
    return dump(seat_view(state, None).to_json())


def seat_json(state: State, seat: int) -> str:
    return dump(seat_view(state, seat).to_json())


#: What else a seat is given of a position, to compare like its view (an observation).
Observe = Callable[[State, int], object]


#: Whether an action id, about to be played in two games, must not show them apart.
Quiet = Callable[[State, State, int], bool]


def compare_walk(
    a: State,
    b: State,
    pick: Pick,
    steps: int,
    seat_one_looks: bool = True,
    quiet: Quiet | None = None,
    observe: Observe | None = None,
) -> tuple[int, int]:
    """Play the same actions in ``a`` and ``b`` (chosen among ``a``'s legal actions) and,
    wherever a spectator cannot tell them apart, check that seat 1 cannot either (its
    views byte for byte, its frames, what ``observe`` makes of them, and the legal
    actions when it is to act). After an action that ``quiet`` says reveals nothing that
    differs, a spectator must still see no difference.

    Returns (positions compared, informative ones: where seat 0's views differ)."""
    compared = informative = 0
    banned = frozenset() if seat_one_looks else frozenset({K_LOOK})
    must_be_alike = False
    for _ in range(steps + 1):
        public_a, public_b = seat_view(a, None), seat_view(b, None)
        alike = dump(public_a.to_json()) == dump(public_b.to_json())
        assert alike or not must_be_alike, "R8.3: a quiet action showed the games apart"
        if public_a.log != public_b.log:
            break  # the public logs diverged: they never meet again
        if alike:
            compared += 1
            assert seat_json(a, 1) == seat_json(b, 1), "R8.3: seat 1 can tell the games apart"
            assert seat_frame(a, 1) == seat_frame(b, 1), "R8.3: seat 1's frames differ"
            if observe is not None:
                assert observe(a, 1) == observe(b, 1), "R8.3: seat 1's observations differ"
            if a.to_act == 1:
                assert a.legal_action_ids() == b.legal_action_ids(), "R8.3: seat 1's actions"
            informative += seat_json(a, 0) != seat_json(b, 0)
        if a.over or b.over:
            break
        action_id = choose(a, pick, banned=banned if a.to_act == 1 else frozenset())
        if action_id is None or b._illegal(SPECS[action_id]) is not None:
            break
        must_be_alike = alike and quiet is not None and quiet(a, b, action_id)
        a.apply_id(action_id)
        b.apply_id(action_id)
    return compared, informative


def fork_arrangement(seed: int, order: Sequence[int]) -> tuple[State, State]:
    """(a) The same deal, except that seat 0's street is permuted by ``order``."""
    setup = Setup.random(seed)
    street = tuple(setup.streets[0][i] for i in order)
    other = Setup(setup.first, (street, setup.streets[1]), setup.saloons, setup.tokens)
    return State.new(seed=seed, setup=setup), State.new(seed=seed, setup=other)


def to_seat_zero(state: State, pick: Pick, prefix: int) -> bool:
    """Play ``prefix`` actions, then on until seat 0 may act; False if the game ended."""
    for _ in range(prefix):
        if state.over:
            return False
        action_id = choose(state, pick)
        assert action_id is not None
        state.apply_id(action_id)
    while not state.over and (state.to_act != 0 or state.pending):
        action_id = choose(state, pick)
        assert action_id is not None
        state.apply_id(action_id)
    return not state.over


def headlined(state: State, seat: int, card: int) -> bool:
    return bool((state.headlined[seat] >> card) & 1)


def fork_move(seed: int, prefix: int, saloon: bool) -> tuple[State, State] | None:
    """(b) seat 0 swaps in one game and pretends in the other, or (c) its Saloon
    exchange puts the two cards at a and b in the two orders. Only cards that are not
    headlined are involved (a headlined card's place is public, R8.4)."""
    pick = rng_pick(seed)
    a = game(seed)
    if not to_seat_zero(a, pick, prefix):
        return None
    street, options = a.street[0], []
    for i in a.legal_action_ids():
        spec = SPECS[i]
        if not saloon and spec[0] == K_MOVE and spec[3] == 1:
            cards = [street[spec[1]], street[spec[2]]]
            options.append((i, SPEC_ID[(*spec[:3], 0)], cards))
        elif saloon and spec[0] == K_SALOON and spec[5] == 0:
            three = [a.saloon[0][spec[1]], street[spec[2]], street[spec[3]]]
            cards = [card for k, card in enumerate(three) if k != spec[4]]
            options.append((i, SPEC_ID[(*spec[:5], 1)], cards))
    options = [o for o in options if not any(headlined(a, 0, card) for card in o[2])]
    if not options:
        return None
    first, second, _ = options[pick(range(len(options)))]
    b = a.clone()
    a.apply_id(first)
    b.apply_id(second)
    assert spectator(a) == spectator(b), "R5.1/R5.2: the opponent learns only the columns"
    return a, b


def fork_tokens(seed: int, i: int, j: int) -> tuple[State, State] | None:
    """(d) The same deal, except that the tokens dealt at positions i and j (slots 1..8,
    then the reserve) are exchanged."""
    setup = Setup.random(seed)
    tokens = list(setup.tokens)
    if tokens[i] == tokens[j]:
        return None
    tokens[i], tokens[j] = tokens[j], tokens[i]
    other = Setup(setup.first, setup.streets, setup.saloons, tuple(tokens))
    return State.new(seed=seed, setup=setup), State.new(seed=seed, setup=other)


def token_quiet(a: State, b: State, action_id: int) -> bool:
    """In games whose tokens differ, every action but a Take of a differing token must
    keep them publicly alike (R5.3: only the looker learns the token; R5.4 reveals)."""
    spec = SPECS[action_id]
    return spec[0] != K_TAKE or a.slots[spec[1]] == b.slots[spec[1]]


def look_first(a: State, b: State, pick: Pick) -> None:
    """Seat 0 looks at a slot where the two games hold different tokens, if it may."""
    while a.to_act != 0 and not a.over:
        action_id = choose(a, pick, banned=frozenset({K_LOOK}))
        if action_id is None or b._illegal(SPECS[action_id]) is not None:
            return
        a.apply_id(action_id)
        b.apply_id(action_id)
    for c in range(8):
        look = SPEC_ID[(K_LOOK, c)]
        if a.slots[c] != b.slots[c] and a._illegal(SPECS[look]) is None:
            if spectator(a) == spectator(b):
                a.apply_id(look)
                b.apply_id(look)
                assert spectator(a) == spectator(b), "R5.3: only the looker learns the token"
            return


VIEW_SETTINGS = settings(FAST, max_examples=15)


@VIEW_SETTINGS
@given(seed=seeds, order=st.permutations(range(8)), transpose=st.booleans())
def test_views_hide_the_arrangement(seed: int, order: list[int], transpose: bool) -> None:
    """R8.2, R8.3, R3.1: seat 1's views are the same for two deals that differ only in
    seat 0's hidden arrangement, as long as a spectator sees no difference."""
    if transpose:  # two cards only: the games stay publicly alike for longer
        x, y = order[:2]
        order = list(range(8))
        order[x], order[y] = order[y], order[x]
    a, b = fork_arrangement(seed, order)
    assert spectator(a) == spectator(b), "R3.1: the arrangement is secret"
    compared, informative = compare_walk(a, b, rng_pick(seed), steps=40)
    assert compared >= 1
    assert informative >= 1 or order == list(range(8))


@VIEW_SETTINGS
@given(seed=seeds, prefix=st.integers(0, 12))
def test_views_hide_real_or_pretended_swaps(seed: int, prefix: int) -> None:
    """R5.1, R8.2, R8.3, R8.4: seat 1 cannot tell a real swap from a pretended one."""
    pair = fork_move(seed, prefix, saloon=False)
    assume(pair is not None)
    assert pair is not None
    compared, informative = compare_walk(*pair, rng_pick(seed + 1), steps=30)
    assert compared >= 1 and informative >= 1


@VIEW_SETTINGS
@given(seed=seeds, prefix=st.integers(0, 12))
def test_views_hide_where_the_saloon_exchange_put_cards(seed: int, prefix: int) -> None:
    """R5.2, R8.2, R8.3, R8.4: seat 1 cannot tell where a Saloon exchange put the two
    cards (``at_a``)."""
    pair = fork_move(seed, prefix, saloon=True)
    assume(pair is not None)
    assert pair is not None
    compared, informative = compare_walk(*pair, rng_pick(seed + 1), steps=30)
    assert compared >= 1 and informative >= 1


@VIEW_SETTINGS
@given(seed=seeds, i=st.integers(0, 7), j=st.integers(0, 12))
def test_views_hide_the_tokens_looked_at(seed: int, i: int, j: int) -> None:
    """R5.3, R5.6, R6.5, R8.2, R8.3: what seat 0 saw when it looked at a token never
    reaches seat 1 (two deals that differ in tokens seat 1 never looks at)."""
    pair = fork_tokens(seed, i, j)
    assume(pair is not None)
    assert pair is not None
    a, b = pair
    look_first(a, b, rng_pick(seed + 1))
    _, informative = compare_walk(
        a, b, rng_pick(seed), steps=30, seat_one_looks=False, quiet=token_quiet
    )
    # Seat 1 may have revealed a differing token before seat 0 could look: then nothing
    # private is left to compare. test_view_walks_compare_many_positions checks that
    # these walks are not vacuous.
    target(informative)


def test_view_walks_compare_many_positions() -> None:
    """R8.3: the view walks above are not vacuous: over fixed seeds they compare many
    positions where seat 0 knows something that seat 1 must not."""
    totals: Counter[str] = Counter()
    for seed in range(12):
        walks: dict[str, tuple[State, State] | None] = {
            "arrangement": fork_arrangement(seed, [1, 0, *range(2, 8)]),
            "swap": fork_move(seed, seed % 7, saloon=False),
            "saloon": fork_move(seed, seed % 5, saloon=True),
            "tokens": fork_tokens(seed, seed % 8, 8 + seed % 5),
        }
        for name, pair in walks.items():
            if pair is None:
                continue
            if name == "tokens":
                look_first(*pair, rng_pick(seed + 1))
            tokens = name == "tokens"
            _, informative = compare_walk(
                *pair,
                rng_pick(seed),
                steps=40,
                seat_one_looks=not tokens,
                quiet=token_quiet if tokens else None,
            )
            totals[name] += informative
    for name in ("arrangement", "swap", "saloon", "tokens"):
        assert totals[name] >= 12, (name, totals)


# -- 6. records and notation round trip ----------------------------------------------------


def check_round_trips(state: State) -> None:
    legal = state.legal_action_ids()
    assert state.legal_actions() == [state.decode(i) for i in legal]
    for i in legal:
        action = state.decode(i)
        assert state.encode(action) == i
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
        assert parse_notation(str(action)) == action
        if action.type == "saloon":  # the same exchange, columns named the other way
            street = state.street[state.active]
            placed = [
                action.card,
                CHARACTERS[street[action.a - 1]],
                CHARACTERS[street[action.b - 1]],
            ]
            placed.remove(action.to_saloon)
            placed.remove(action.at_a)
            mirror = Action(
                "saloon",
                card=action.card,
                a=action.b,
                b=action.a,
                to_saloon=action.to_saloon,
                at_a=placed[0],
            )
            assert state.encode(mirror) == i


@settings(FAST, max_examples=20)
@given(seed=seeds, turn_limit=st.integers(1, 40), seek=st.booleans())
def test_records_and_actions_round_trip(seed: int, turn_limit: int, seek: bool) -> None:
    """R3.4, R8.3, R8.6, docs/format.md: a record dumped, loaded and replayed gives the same
    state and the same views; every legal action survives JSON, notation and the id
    space."""
    rng = random.Random(seed)
    positions = play(game(seed, turn_limit), rng.choice, seek)
    for state in rng.sample(positions, min(4, len(positions))):
        check_round_trips(state)
    final = positions[-1]
    record = record_of(final)
    text = record.dumps()
    loaded = Record.loads(text)
    assert loaded == record
    assert loaded.dumps() == text
    replayed = loaded.replay()
    assert dump(replayed.to_json()) == dump(final.to_json())
    for seat in (0, 1, None):
        assert dump(seat_view(replayed, seat).to_json()) == dump(seat_view(final, seat).to_json())
    assert replayed.history == final.history


@settings(FAST, max_examples=20)
@given(seed=seeds, steps=st.integers(0, 60))
def test_saloon_actions_do_what_they_say(seed: int, steps: int) -> None:
    """R5.2: a Saloon action puts ``to_saloon`` in the Saloon in place of ``card``,
    ``at_a`` at column a and the third card at column b."""
    rng = random.Random(seed)
    state = play(game(seed), rng.choice, steps=steps)[-1]
    assume(not state.over and not state.pending)
    saloon_ids = [i for i in state.legal_action_ids() if SPECS[i][0] == K_SALOON]
    for i in rng.sample(saloon_ids, min(10, len(saloon_ids))):
        after = state.clone()
        action = after.decode(i)
        s = after.active
        street = after.street[s]
        three = {action.card, CHARACTERS[street[action.a - 1]], CHARACTERS[street[action.b - 1]]}
        slot = after.saloon[s].index(CHARACTERS.index(action.card))
        after.apply(action)
        street = after.to_json()["seats"][s]["street"]
        assert after.to_json()["seats"][s]["saloon"][slot] == action.to_saloon
        assert street[action.a - 1] == action.at_a
        assert {street[action.b - 1], action.at_a, action.to_saloon} == three


# -- 7. clone -------------------------------------------------------------------------------


@settings(FAST, max_examples=25)
@given(seed=seeds, steps=st.integers(0, 60), more=st.integers(1, 30))
def test_clone_is_independent(seed: int, steps: int, more: int) -> None:
    """R3.4, R8.3: a clone shares nothing with its original, and the same actions on a
    clone and on the original give identical states."""
    rng = random.Random(seed)
    state = play(game(seed, 40), rng.choice, steps=steps)[-1]
    before = snapshot(state)
    copy_ = state.clone()
    assert snapshot(copy_) == before
    played = play(copy_, rng.choice, steps=more)
    assert snapshot(state) == before, "playing on a clone changed the original"
    twin = state.clone()
    for position in played[1:]:
        action_id = position.history[-1]
        state.apply_id(action_id)
        twin.apply_id(action_id)
        assert snapshot(state) == snapshot(position) == snapshot(twin)
        for seat in (0, 1, None):
            mine, theirs = seat_view(state, seat), seat_view(position, seat)
            assert dump(mine.to_json()) == dump(theirs.to_json())
