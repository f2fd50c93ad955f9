"""Scenario tests for docs/rules.md R1 (components), R2 (table), R3 (setup), R4 (turn) and
R5 (the four actions).

Every test names the rule id it covers in its docstring, so that ``grep -w R5.6 tests/``
finds it. Positions are dealt explicitly (R3.4) with ``scenario.table``; actions are
written in the notation of docs/notation.md.

Unless a test says otherwise the table is the default one of ``scenario``: both seats have
Governor 1, Hitman 2, Sheriff 3, Indian 4, Storekeep 5, Dancer 6, Reporter 7, Bandit 8 and
Reverend, Mayor in the Saloon; the slots hold vote, bogus, vote, election, bullet, vote,
bogus, handcuffs and the reserve vote, bogus, vote, bogus, vote (top first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from outlaws.engine import (
    CHARACTERS,
    Action,
    FormatError,
    IllegalAction,
    OutlawsError,
    Record,
    Setup,
    State,
    record_of,
    seat_view,
)
from tests.scenario import SALOON, STREET, TOKENS, act, events, play, street, table

VIEWERS: tuple[int | None, ...] = (0, 1, None)
HIDDEN: list[None] = [None] * 8
#: R1.2: the 17 tokens of the game.
ALL_TOKENS = Counter(bullet=3, handcuffs=3, vote=6, bogus=4, election=1)
#: R5.5: what each character may call out and take.
MAY_TAKE: dict[str, set[str]] = {
    ch: {"election"}
    if ch == "governor"
    else {"vote", "bullet"}
    if ch == "hitman"
    else {"vote", "handcuffs"}
    if ch == "sheriff"
    else {"vote"}
    for ch in CHARACTERS
}
TOKEN_NAMES = ("bullet", "handcuffs", "vote", "bogus", "election")


# -- helpers ----------------------------------------------------------------------------


def line(placed: Mapping[int, str], saloon: Sequence[str] = SALOON) -> tuple[str, ...]:
    """A street with ``placed`` characters at their columns (1-based); the other
    characters not in ``saloon`` fill the free columns in the order of R1.1."""
    rest = [ch for ch in CHARACTERS if ch not in placed.values() and ch not in saloon]
    return tuple(placed[c] if c in placed else rest.pop(0) for c in range(1, 9))


def deal(*first: str) -> tuple[str, ...]:
    """The 13 shuffled tokens (R3.2) starting with ``first``, the others after them."""
    rest = list(TOKENS)
    for token in first:
        rest.remove(token)
    return (*first, *rest)


def seated(seat: int, own: Sequence[str], saloon: Sequence[str], **rest: Any) -> State:
    """A table where ``seat`` has the street ``own`` and the Saloon ``saloon``."""
    cards: dict[str, Any] = {f"street{seat}": own, f"saloon{seat}": saloon}
    return table(**cards, **rest)


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything observable: the true state, the three views, the history."""
    return (
        state.to_json(),
        [seat_view(state, v).to_json() for v in VIEWERS],
        list(state.history),
    )


def listed(state: State, action: Action) -> bool:
    """Whether ``action`` is among the legal actions the engine lists."""
    try:
        action_id = state.encode(action)
    except IllegalAction:
        return False
    return action_id in state.legal_action_ids()


def legal(state: State, text: str) -> bool:
    """Whether the action is legal; the engine's check and its list must agree."""
    action = act(text)
    ok = state.is_legal(action)
    assert ok == listed(state, action), f"{text}: is_legal says {ok}, the legal list disagrees"
    return ok


def reject(state: State, text: str, rule: str) -> IllegalAction:
    """Apply ``text``, expecting a rejection naming ``rule`` that changes nothing."""
    before = snapshot(state)
    action = act(text)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, str(info.value)
    assert snapshot(state) == before
    assert not state.is_legal(action)
    assert not listed(state, action)
    return info.value


def legal_texts(state: State, kind: str) -> set[str]:
    return {str(action) for action in state.legal_actions() if action.type == kind}


def view(state: State, viewer: int | None) -> dict[str, Any]:
    return seat_view(state, viewer).to_json()


def log(state: State, viewer: int | None) -> list[dict[str, Any]]:
    return view(state, viewer)["log"]


def reveals(entries: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
    """The (seat, column, card) of every reveal in a log."""
    return [(e["seat"], e["col"], e["card"]) for e in entries if e["type"] == "reveal"]


def census(state: State) -> Counter[str]:
    """Where the tokens are, from the true state: slots, reserve, stashes, discard."""
    data = state.to_json()
    count = Counter(t for t in data["slots"] if t is not None) + Counter(data["reserve"])
    for seat in data["seats"]:
        for token in ("bullet", "handcuffs", "vote", "election"):
            count[token] += seat["stash"][token]
    count["bullet"] += data["discard"]["bullet"]
    count["handcuffs"] += data["discard"]["handcuffs"]
    return +count


def immobilized_bandit() -> State:
    """Seat 1's Sheriff at 7 immobilized seat 0's Bandit at 7 (seat 0's Reverend is in the
    Saloon, so seat 0 could only pass); seat 1 then ended its turn. Seat 0 to act.

    Seat 0: Governor Hitman Sheriff Indian Storekeep Dancer Bandit Reporter.
    Seat 1: Governor Hitman Reporter Storekeep Dancer Indian Sheriff Mayor.
    """
    state = table(
        street0=("governor", "hitman", "sheriff", "indian", "storekeep", "dancer", "bandit",
                 "reporter"),
        street1=("governor", "hitman", "reporter", "storekeep", "dancer", "indian", "sheriff",
                 "mayor"),
        saloon1=("bandit", "reverend"),
        first=1,
    )  # fmt: skip
    play(state, "sheriff 7 bandit", "pass", "move 1 2 pretend")
    assert state.to_json()["seats"][0]["immobilized"] == [7]
    assert state.to_act == 0
    return state


def drained() -> State:
    """Six Votes taken from slot 1 emptied the reserve (R5.6): slot 8 is empty.

    Seat 0 (Indian at 1) holds 4 Votes, seat 1 (Hitman at 1, Storekeep at 8) 2; seat 1
    is to act, with slots: bullet handcuffs bogus bogus bogus bogus election, empty.
    """
    state = table(
        street0=("indian", "governor", "hitman", "sheriff", "storekeep", "dancer", "reporter",
                 "bandit"),
        street1=("hitman", "governor", "sheriff", "indian", "dancer", "reporter", "bandit",
                 "storekeep"),
        tokens=("vote",) * 6 + ("bullet", "handcuffs") + ("bogus",) * 4 + ("election",),
    )  # fmt: skip
    play(state, *["take 1 vote"] * 6)
    assert state.to_act == 1
    return state


# -- R1 Components ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2024])
def test_r1_1_two_seats_each_own_the_same_ten_characters(seed: int) -> None:
    """R1.1: two seats, 0 and 1, each with Governor, Hitman, Sheriff, Indian, Storekeep,
    Dancer, Reporter, Bandit, Reverend and Mayor, once each."""
    for state in (State.new(seed=seed), table()):
        seats = state.to_json()["seats"]
        assert len(seats) == 2
        for seat in seats:
            assert sorted(seat["street"] + seat["saloon"]) == sorted(CHARACTERS)
            assert len(CHARACTERS) == 10


def test_r1_1_an_arrangement_with_a_character_twice_is_refused() -> None:
    """R1.1: a seat owns each character exactly once; a Hitman twice (and no Indian)
    cannot be dealt."""
    with pytest.raises(FormatError, match=r"R1\.1"):
        table(street0=("governor", "hitman", "sheriff", "hitman", "storekeep", "dancer",
                       "reporter", "bandit"))  # fmt: skip


def test_r1_2_the_seventeen_tokens_are_all_on_the_table_at_the_start() -> None:
    """R1.2: 3 Bullet, 3 Handcuffs, 6 Vote, 4 Bogus, 1 Election."""
    assert census(table()) == ALL_TOKENS
    for seed in range(20):
        assert census(State.new(seed=seed)) == ALL_TOKENS


def test_r1_2_tokens_are_never_created_or_lost_by_play() -> None:
    """R1.2: a shot, a Take, a missed arrest and a Storekeep's trade with the reserve move
    tokens between slots, reserve, stashes and discard; there are always 17."""
    state = table()
    for move in (
        "hitman 2",  # seat 1's card at 2 is its Hitman, not the Governor: Bullet spent
        "take 3 vote",
        "storekeep 5 5 supply",
        "sheriff 3 hitman",  # seat 0's card at 3 is the Sheriff: wrong call, cuffs spent
        "take 2 bullet",  # a miss: the bogus stays
        "take 8 vote",  # the Bandit: a Vote came into slot 8 with the first Take
    ):
        play(state, move)
        assert census(state) == ALL_TOKENS, move
    data = state.to_json()
    assert data["discard"] == {"bullet": 1, "handcuffs": 1}
    assert data["seats"][0]["stash"]["vote"] == 2


def test_r1_2_a_deal_of_the_wrong_tokens_is_refused() -> None:
    """R1.2: a game holds exactly the 17 tokens; a deal with a second Election or a
    missing Bogus cannot be set up."""
    with pytest.raises(FormatError, match=r"setup\.tokens"):
        table(tokens=("election", *TOKENS[1:]))
    with pytest.raises(FormatError, match=r"setup\.tokens"):
        table(tokens=TOKENS[:-1])


def test_r1_3_three_headline_markers_each_and_no_fourth_report() -> None:
    """R1.3: 6 Headline markers, 3 per player: a seat whose Reporter has spent its three
    cannot report again, while the other still holds 3."""
    state = table()
    assert [s["stash"]["headline"] for s in state.to_json()["seats"]] == [3, 3]
    # Seat 1's card at 7 is the Reporter: calling the Hitman is wrong, the marker is spent.
    play(state, "reporter 7 hitman", "reporter 7 bandit")
    play(state, "move 1 2 pretend", "move 1 2 pretend")
    play(state, "reporter 7 dancer")
    assert [s["stash"]["headline"] for s in state.to_json()["seats"]] == [0, 3]
    assert view(state, 1)["seats"][0]["stash"]["headline"] == 0
    reject(state, "reporter 7 reporter", "R6.7")


# -- R2 Table and coordinates -----------------------------------------------------------


SEAT1_STREET = ("storekeep", "bandit", "governor", "reporter", "hitman", "indian", "dancer",
                "sheriff")  # fmt: skip


@pytest.mark.parametrize("col", range(1, 9))
def test_r2_1_a_column_holds_two_opposite_cards_and_the_slot_between(col: int) -> None:
    """R2.1: the Indian at column c reveals the opponent's card at the same column c, and
    the card at c looks at the token in slot c."""
    state = table(street0=line({col: "indian"}), street1=SEAT1_STREET)
    assert len(state.to_json()["slots"]) == 8
    assert [len(s["street"]) for s in state.to_json()["seats"]] == [8, 8]
    play(state, f"indian {col}", f"look {col}")
    seen = reveals(log(state, 1))
    assert (1, col, SEAT1_STREET[col - 1]) in seen
    assert (0, col, "indian") in seen
    assert view(state, 0)["slots"][col - 1] == TOKENS[col - 1]
    assert [i for i, t in enumerate(view(state, 0)["slots"]) if t] == [col - 1]


@pytest.mark.parametrize(
    ("seat", "indian", "mayor", "ok"),
    [
        (0, 5, 4, True),  # seat 0: the Mayor at c-1 is to the Indian's left
        (0, 5, 6, False),
        (1, 5, 6, True),  # seat 1: the Mayor at c+1 is to the Indian's left
        (1, 5, 4, False),
        (0, 8, 7, True),
        (1, 1, 2, True),
        (0, 1, 2, False),  # nothing to the left of seat 0's column 1
        (1, 8, 7, False),  # nothing to the left of seat 1's column 8
    ],
)
def test_r2_2_the_mayor_stands_to_the_left_as_its_owner_sees_it(
    seat: int, indian: int, mayor: int, ok: bool
) -> None:
    """R2.2: "immediately to the left" is column c-1 for seat 0 and c+1 for seat 1, so
    the Mayor that extends a card at c stands at c-1 for seat 0 and at c+1 for seat 1."""
    saloon = ("reverend", "dancer")
    state = seated(seat, line({indian: "indian", mayor: "mayor"}, saloon), saloon, first=seat)
    target = indian + 1 if indian < 8 else indian - 1
    text = f"indian {indian} @{target} +mayor"
    assert legal(state, text) == ok
    if not ok:
        reject(state, text, "R6.10")
        return
    play(state, text)
    other = street(state, 1 - seat)[target - 1]
    assert reveals(log(state, 1 - seat)) == [
        (seat, indian, "indian"),
        (seat, mayor, "mayor"),
        (1 - seat, target, other),
    ]


@pytest.mark.parametrize(
    ("seat", "bandit", "reverend", "ok"),
    [
        (0, 4, 5, True),  # seat 0: the Bandit at c-1 is to the Reverend's left
        (0, 5, 4, False),
        (1, 5, 4, True),  # seat 1: the Bandit at c+1 is to the Reverend's left
        (1, 4, 5, False),
    ],
)
def test_r2_2_the_reverend_reads_left_from_his_own_seat(
    seat: int, bandit: int, reverend: int, ok: bool
) -> None:
    """R2.2: the Reverend cancels the immobilization of (R6.9.2), and later frees
    (R6.9.1), the Bandit immediately to his left: c-1 for seat 0, c+1 for seat 1."""
    other = 1 - seat
    saloon = ("mayor", "dancer")
    own = line({bandit: "bandit", reverend: "reverend"}, saloon)
    enemy: dict[str, Any] = {f"street{other}": line({bandit: "sheriff"})}
    state = seated(seat, own, saloon, **enemy, first=other)
    play(state, f"sheriff {bandit} bandit")
    assert state.to_act == seat
    assert legal_texts(state, "cancel") | legal_texts(state, "pass") == (
        {"cancel", "pass"} if ok else {"pass"}
    )
    if not ok:
        reject(state, "cancel", "R6.9.2")
    play(state, "pass", "move 1 2 pretend")
    assert state.to_json()["seats"][seat]["immobilized"] == [bandit]
    text = f"reverend {reverend}"
    assert legal(state, text) == ok
    if not ok:
        reject(state, text, "R6.9.1")
        return
    play(state, text)
    assert state.to_json()["seats"][seat]["immobilized"] == []
    assert events(state, other)[-1] == {"turn": 2, "type": "freed", "seat": seat, "col": bandit}


@pytest.mark.parametrize(
    ("seat", "col"),
    [
        (0, 1),
        (1, 8),
    ],
)
def test_r2_2_nothing_stands_left_of_the_row_end(seat: int, col: int) -> None:
    """R2.2: to the left of seat 0's column 1, and of seat 1's column 8, there is no card;
    a Reverend there has no Bandit to free (R6.9.1)."""
    saloon = ("mayor", "dancer")
    state = seated(seat, line({col: "reverend"}, saloon), saloon, first=seat)
    assert legal_texts(state, "reverend") == set()
    reject(state, f"reverend {col}", "R6.9.1")


def storekeep_options(col: int, slots: Sequence[int], mayor: bool = False) -> set[str]:
    """The Storekeep's exchanges at ``col`` among ``slots`` (R6.5), as notation."""
    tail = " +mayor" if mayor else ""
    pairs = {f"storekeep {col} {a} {b}{tail}" for a in slots for b in slots if a < b}
    return pairs | {f"storekeep {col} {a} supply{tail}" for a in slots}


@pytest.mark.parametrize(
    ("col", "adjacent", "beyond"),
    [(1, [1, 2], 3), (2, [1, 2, 3], 4), (5, [4, 5, 6], 3), (5, [4, 5, 6], 7), (8, [7, 8], 6)],
)
def test_r2_3_adjacent_slots_are_the_opposite_and_the_two_diagonals(
    col: int, adjacent: list[int], beyond: int
) -> None:
    """R2.3: the tokens adjacent to a card at c are slots c-1, c, c+1 that exist; the
    Storekeep cannot reach a slot two columns away."""
    state = table(street0=line({col: "storekeep"}))
    assert legal_texts(state, "storekeep") == storekeep_options(col, adjacent)
    low, high = sorted((col, beyond))
    reject(state, f"storekeep {col} {low} {high}", "R6.5")
    reject(state, f"storekeep {col} {beyond} supply", "R6.5")


def test_r2_3_with_the_mayor_the_adjacent_slots_widen_to_two_columns() -> None:
    """R2.3: with the Mayor the Storekeep at c reaches slots c-2..c+2."""
    state = table(street0=line({4: "mayor", 5: "storekeep"}, ("reverend", "dancer")),
                  saloon0=("reverend", "dancer"))  # fmt: skip
    assert legal_texts(state, "storekeep") == storekeep_options(5, [4, 5, 6]) | storekeep_options(
        5, [3, 4, 5, 6, 7], mayor=True
    )
    reject(state, "storekeep 5 3 7", "R6.5")
    reject(state, "storekeep 5 2 7 +mayor", "R6.10")
    play(state, "storekeep 5 3 7 +mayor")
    slots = state.to_json()["slots"]
    assert (slots[2], slots[6]) == (TOKENS[6], TOKENS[2]) == ("bogus", "vote")
    assert events(state, 1)[-3:] == [
        {"turn": 1, "type": "storekeep", "seat": 0, "col": 5, "slots": [3, 7],
         "supply": False, "mayor": True},
        {"turn": 1, "type": "reveal", "seat": 0, "col": 5, "card": "storekeep"},
        {"turn": 1, "type": "reveal", "seat": 0, "col": 4, "card": "mayor"},
    ]  # fmt: skip


def test_r2_3_the_mayors_reach_stops_at_the_end_of_the_street() -> None:
    """R2.3: seat 1's Storekeep at column 1 with its Mayor at 2 reaches slots 1..3 (the
    slots -1 and 0 do not exist)."""
    own = line({1: "storekeep", 2: "mayor"}, ("reverend", "dancer"))
    state = table(street1=own, saloon1=("reverend", "dancer"), first=1)
    assert legal_texts(state, "storekeep") == storekeep_options(1, [1, 2]) | storekeep_options(
        1, [1, 2, 3], mayor=True
    )


def test_r2_4_saloons_are_face_up_to_both_seats() -> None:
    """R2.4: each Saloon holds 2 characters, face up, visible to both seats and to
    spectators, while the street stays hidden from the opponent."""
    state = table(saloon1=("dancer", "mayor"), street1=line({}, ("dancer", "mayor")))
    for viewer in VIEWERS:
        seats = view(state, viewer)["seats"]
        assert seats[0]["saloon"] == ["reverend", "mayor"]
        assert seats[1]["saloon"] == ["dancer", "mayor"]
    assert view(state, 1)["seats"][0]["street"] == HIDDEN
    assert view(state, 0)["seats"][1]["street"] == HIDDEN


def test_r2_4_a_saloon_card_cannot_act() -> None:
    """R2.4: the Hitman and the Mayor in the Saloon have no ability: no column can use
    the Hitman (R5.7), and no action is extended by the Mayor (R6.10)."""
    saloon = ("hitman", "mayor")
    state = table(street0=line({3: "sheriff", 4: "indian"}, saloon), saloon0=saloon)
    actions = state.legal_actions()
    assert not [a for a in actions if a.type == "hitman"]
    assert not [a for a in actions if a.mayor]
    for col in range(1, 9):
        reject(state, f"hitman {col}", "R5.7")
    reject(state, "sheriff 3 hitman @4 +mayor", "R6.10")
    reject(state, "indian 4 @5 +mayor", "R6.10")


def test_r2_4_a_saloon_reverend_cannot_cancel() -> None:
    """R2.4: seat 0's Reverend sits in the Saloon, so when seat 1's Sheriff immobilizes
    seat 0's Bandit, the prompt (R8.5) allows only `pass`."""
    state = table(first=1, street1=line({8: "sheriff"}))
    play(state, "sheriff 8 bandit")
    assert state.pending_reaction == "cancel"
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    reject(state, "cancel", "R6.9.2")
    play(state, "pass")
    assert state.to_json()["seats"][0]["immobilized"] == [8]


def test_r2_4_the_opponent_cannot_move_saloon_cards() -> None:
    """R2.4: seat 1's Dancer slides seat 0's street cards; seat 0's Saloon is untouched,
    and no pull can name a Saloon card."""
    state = table(first=1)
    assert {a.from_ for a in state.legal_actions() if a.type == "dancer"} == {4, 5, 7, 8}
    play(state, "dancer 6 @8")
    data = state.to_json()["seats"][0]
    assert data["saloon"] == ["reverend", "mayor"]
    assert data["street"] == ["governor", "hitman", "sheriff", "indian", "storekeep",
                              "bandit", "dancer", "reporter"]  # fmt: skip


def test_r2_5_the_reserve_is_a_face_down_stack_dealt_from_the_top() -> None:
    """R2.5: the reserve (top first) is known to the true state only; a view shows its
    size. A Take deals its top into slot 8, face down."""
    state = table()
    assert state.to_json()["reserve"] == list(TOKENS[8:])
    assert [view(state, v)["reserve"] for v in VIEWERS] == [5, 5, 5]
    play(state, "take 3 vote")
    data = state.to_json()
    assert data["slots"][7] == TOKENS[8] == "vote"
    assert data["reserve"] == list(TOKENS[9:])
    assert [view(state, v)["reserve"] for v in VIEWERS] == [4, 4, 4]
    assert [view(state, v)["slots"][7] for v in VIEWERS] == [None, None, None]


def test_r2_5_a_token_traded_into_the_reserve_goes_under_the_stack() -> None:
    """R2.5: the Storekeep trades slot 5 with the reserve's top; the slot's token goes to
    the bottom, and the seat that had looked at slot 5 no longer knows it."""
    state = table()
    play(state, "look 5", "storekeep 5 5 supply")
    data = state.to_json()
    assert data["slots"][4] == "vote"
    assert data["reserve"] == ["bogus", "vote", "bogus", "vote", "bullet"]
    assert view(state, 0)["slots"] == HIDDEN


# -- R3 Setup ---------------------------------------------------------------------------


def test_r3_1_each_arrangement_is_secret_from_the_other_seat() -> None:
    """R3.1: each seat places 8 characters on its side, 2 in its Saloon, secretly: the
    opponent sees only the Saloon."""
    state = table(street1=SEAT1_STREET)
    assert view(state, 0)["seats"][0]["street"] == list(STREET)
    assert view(state, 1)["seats"][1]["street"] == list(SEAT1_STREET)
    assert view(state, 0)["seats"][1]["street"] == HIDDEN
    assert view(state, 1)["seats"][0]["street"] == HIDDEN
    assert view(state, None)["seats"][0]["street"] == HIDDEN


@pytest.mark.parametrize("seat", [0, 1])
def test_r3_1_the_governor_may_never_start_in_the_saloon(seat: int) -> None:
    """R3.1: an arrangement with the Governor in the Saloon is refused."""
    saloon = ("governor", "mayor")
    with pytest.raises(FormatError, match=r"R3\.1"):
        seated(seat, line({}, saloon), saloon)


def test_r3_1_eight_on_the_street_and_two_in_the_saloon() -> None:
    """R3.1: a street of 7 with a Saloon of 3 is refused; every random deal puts 8 on the
    street, 2 in the Saloon and the Governor on the street."""
    with pytest.raises(FormatError, match=r"R3\.1"):
        table(street0=STREET[:7], saloon0=(*SALOON, "bandit"))
    for seed in range(100):
        setup = Setup.random(seed)
        for seat in (0, 1):
            assert len(setup.streets[seat]) == 8
            assert len(setup.saloons[seat]) == 2
            assert CHARACTERS.index("governor") in setup.streets[seat]


def test_r3_2_stashes_start_with_a_bullet_handcuffs_and_three_markers() -> None:
    """R3.2: each seat starts with 1 Bullet, 1 Handcuffs, 3 Headline markers; the 13
    other tokens are dealt, 8 to slots 1..8 and 5 to the reserve, in the given order."""
    state = table()
    data = state.to_json()
    for seat in data["seats"]:
        assert seat["stash"] == {"bullet": 1, "handcuffs": 1, "vote": 0, "election": 0,
                                 "headline": 3}  # fmt: skip
    assert data["discard"] == {"bullet": 0, "handcuffs": 0}
    assert data["slots"] == list(TOKENS[:8])
    assert data["reserve"] == list(TOKENS[8:])
    assert view(state, 0)["slots"] == HIDDEN


def test_r3_2_random_deals_shuffle_the_thirteen_tokens() -> None:
    """R3.2: a random deal puts 1 Bullet, 1 Handcuffs, 6 Vote, 4 Bogus and 1 Election on
    the slots and in the reserve, in varying order."""
    orders = set()
    for seed in range(30):
        data = State.new(seed=seed).to_json()
        dealt = data["slots"] + data["reserve"]
        assert len(data["slots"]) == 8 and len(data["reserve"]) == 5
        assert Counter(dealt) == Counter(bullet=1, handcuffs=1, vote=6, bogus=4, election=1)
        orders.add(tuple(dealt))
    assert len(orders) > 1


def test_r3_3_the_first_seat_is_drawn_at_random() -> None:
    """R3.3: over many seeds both seats start; the same seed always gives the same seat."""
    firsts = [State.new(seed=seed).to_act for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [State.new(seed=seed).to_act for seed in range(40)]


@pytest.mark.parametrize("first", [0, 1])
def test_r3_3_the_first_seat_gets_two_actions(first: int) -> None:
    """R3.3 (Decision): the first seat takes 2 actions like every later turn."""
    state = table(first=first)
    assert (state.to_act, state.actions_left, state.turn) == (first, 2, 1)
    play(state, "look 1")
    assert (state.to_act, state.actions_left, state.turn) == (first, 1, 1)
    play(state, "look 2")
    assert (state.to_act, state.actions_left, state.turn) == (1 - first, 2, 2)


def test_r3_4_an_explicit_setup_is_dealt_exactly() -> None:
    """R3.4: both arrangements, the token order (slots then reserve, top first) and the
    first seat are reproduced exactly."""
    street1 = ("bandit", "reporter", "dancer", "storekeep", "indian", "sheriff", "hitman",
               "governor")  # fmt: skip
    tokens = deal("handcuffs", "election", "bullet")
    state = table(street1=street1, saloon1=("mayor", "reverend"), tokens=tokens, first=1)
    data = state.to_json()
    assert data["seats"][0]["street"] == list(STREET)
    assert data["seats"][1]["street"] == list(street1)
    assert data["seats"][1]["saloon"] == ["mayor", "reverend"]
    assert data["slots"] == list(tokens[:8])
    assert data["reserve"] == list(tokens[8:])
    assert data["to_act"] == 1
    setup = state.setup
    assert Setup.from_json(setup.to_json()) == setup
    again = State.new(seed=99, setup=Setup.from_json(setup.to_json()))
    assert again.to_json() == data


def test_r3_4_a_record_of_an_explicit_setup_replays_to_the_same_position() -> None:
    """R3.4: a record with an explicit setup replays, through its JSON text, to the very
    same true state and the same views."""
    state = table(tokens=deal("vote", "vote", "election"), first=1)
    play(state, "look 4", "move 2 5 swap", "take 3 vote", "saloon mayor 1 6 dancer mayor")
    copy = Record.loads(record_of(state).dumps()).replay()
    assert copy.to_json() == state.to_json()
    for viewer in VIEWERS:
        assert view(copy, viewer) == view(state, viewer)


# -- R4 Turn ----------------------------------------------------------------------------


def test_r4_1_two_actions_then_the_other_seat_even_the_same_action_twice() -> None:
    """R4.1: a seat takes exactly 2 actions, the same one twice if it likes, then the
    other seat's turn begins."""
    state = table()
    play(state, "look 1")
    assert (state.to_act, state.actions_left, state.turn) == (0, 1, 1)
    play(state, "look 1")
    assert (state.to_act, state.actions_left, state.turn) == (1, 2, 2)
    play(state, "move 2 5 swap", "move 2 5 swap")
    assert street(state, 1) == list(STREET)
    assert (state.to_act, state.actions_left, state.turn) == (0, 2, 3)
    assert [e["seat"] for e in events(state) if e["type"] == "turn"] == [0, 1, 0]


def test_r4_1_the_same_take_twice_takes_two_tokens() -> None:
    """R4.1: the Indian at column 1 takes the Vote in slot 1 twice in one turn; the
    second Vote slid into slot 1 after the first Take (R5.6)."""
    state = table(street0=line({1: "indian"}), tokens=deal("vote", "vote"))
    play(state, "take 1 vote", "take 1 vote")
    assert state.to_json()["seats"][0]["stash"]["vote"] == 2
    assert state.to_act == 1


def test_r4_1_a_reaction_is_not_one_of_the_two_actions() -> None:
    """R4.1: seat 0's Sheriff immobilizes seat 1's Bandit; seat 1's `pass` answers the
    prompt, and seat 0 still has its second action."""
    state = table(street0=line({8: "sheriff"}))
    play(state, "sheriff 8 bandit")
    assert (state.to_act, state.pending_reaction) == (1, "cancel")
    play(state, "pass")
    assert (state.to_act, state.actions_left, state.turn) == (0, 1, 1)
    play(state, "look 1")
    assert (state.to_act, state.actions_left, state.turn) == (1, 2, 2)


def test_r4_1_a_refused_action_does_not_count() -> None:
    """R4.1: an illegal action leaves the seat with both its actions."""
    state = table()
    reject(state, "hitman 3", "R5.7")
    assert (state.to_act, state.actions_left) == (0, 2)


def test_r4_2_a_revealed_card_is_shown_to_both_then_turns_face_down() -> None:
    """R4.2: the Indian's reveal shows both cards to both seats (and spectators) in the
    log; when the action ends both are face down again in every view."""
    state = table(street1=SEAT1_STREET)
    play(state, "indian 4")
    expected = [(0, 4, "indian"), (1, 4, "reporter")]
    for viewer in VIEWERS:
        assert reveals(log(state, viewer)) == expected
        assert view(state, viewer)["seats"][1]["street"] == (
            list(SEAT1_STREET) if viewer == 1 else HIDDEN
        )
        assert view(state, viewer)["seats"][0]["street"] == (
            list(STREET) if viewer == 0 else HIDDEN
        )


def test_r4_2_a_headlined_card_stays_face_up_where_it_goes() -> None:
    """R4.2: a card revealed by a right Reporter call keeps its marker and stays face up
    for both seats, even after its owner moves it."""
    state = table()
    play(state, "reporter 7 reporter", "move 1 2 pretend")
    for viewer in VIEWERS:
        seat1 = view(state, viewer)["seats"][1]
        assert seat1["headlined"] == [7]
        assert seat1["street"][6] == "reporter"
    play(state, "move 7 1 swap")
    for viewer in (0, None):
        seat1 = view(state, viewer)["seats"][1]
        assert seat1["headlined"] == [1]
        assert seat1["street"] == ["reporter", *[None] * 7]


def test_r4_2_an_immobilized_card_stays_face_up() -> None:
    """R4.2: the immobilized Bandit stays face up in its column for both seats while the
    turns go on."""
    state = immobilized_bandit()
    play(state, "move 6 8 swap", "move 1 2 swap")
    for viewer in (1, None):
        seat0 = view(state, viewer)["seats"][0]
        assert seat0["immobilized"] == [7]
        assert seat0["street"] == [None] * 6 + ["bandit", None]


@pytest.mark.parametrize(
    "text",
    [
        "bandit 7 hitman",
        "look 7",
        "take 7 vote",
        "move 7 8 swap",
        "move 1 7 pretend",
        "saloon reverend 7 8 bandit reporter",
        "saloon reverend 6 7 reverend bandit",
        "saloon reverend 6 7 dancer reverend",  # even one that would leave it in place
        "saloon mayor 1 7 mayor bandit",
    ],
)
def test_r4_3_an_immobilized_card_takes_part_in_no_action_of_its_owner(text: str) -> None:
    """R4.3: seat 0's immobilized Bandit at 7 cannot be revealed to act, looked or taken
    with (R5.7), swapped, even in pretence, or sent to or passed through the Saloon."""
    reject(immobilized_bandit(), text, "R4.3")


def test_r4_3_the_owner_has_no_action_naming_the_immobilized_column() -> None:
    """R4.3: none of seat 0's legal actions names column 7; its other cards still move
    around it and it stays at 7."""
    state = immobilized_bandit()
    for action in state.legal_actions():
        assert 7 not in (action.a, action.b, action.col), str(action)
    play(state, "move 6 8 swap")
    assert street(state, 0)[6] == "bandit"
    assert state.to_json()["seats"][0]["immobilized"] == [7]


@pytest.mark.parametrize(
    ("prep", "text", "rule"),
    [
        (None, "sheriff 7 bandit", "R4.3"),
        (None, "sheriff 7 hitman", "R4.3"),
        (None, "sheriff 7 bandit @7 +mayor", "R4.3"),
        ("move 6 7 swap", "indian 7", "R4.3"),
        ("move 7 8 swap", "indian 6 @7 +mayor", "R4.3"),
        ("move 2 7 swap", "hitman 7", "R4.3"),
        ("move 3 7 swap", "reporter 7 bandit", "R4.3"),
        # The Dancer's slide: the immobilized card would be pulled or shift (R6.6).
        (None, "dancer 5 @7", "R6.6"),
        ("move 5 6 swap", "dancer 6 @8", "R6.6"),
        ("move 5 8 swap", "dancer 8 @6", "R6.6"),
        ("move 5 8 swap", "dancer 8 @7", "R6.6"),
    ],
)
def test_r4_3_the_opponent_cannot_target_or_slide_an_immobilized_card(
    prep: str | None, text: str, rule: str
) -> None:
    """R4.3: seat 1 can neither aim an ability at seat 0's immobilized Bandit (rules-notes
    #2) nor slide it with its Dancer (R6.6)."""
    state = immobilized_bandit()
    play(state, "move 1 2 pretend", "move 1 2 pretend")
    if prep:
        play(state, prep)
    reject(state, text, rule)


def test_r4_3_a_slide_that_does_not_reach_the_immobilized_card_is_fine() -> None:
    """R4.3: seat 1's Dancer at 5 pulls seat 0's card at 3 or 6; the Bandit at 7 is not in
    the way and stays, and a neighbour of it may still be targeted."""
    state = immobilized_bandit()
    play(state, "move 1 2 pretend", "move 1 2 pretend")
    assert legal_texts(state, "dancer") == {"dancer 5 @3", "dancer 5 @4", "dancer 5 @6"}
    play(state, "dancer 5 @6")
    assert street(state, 0) == ["governor", "hitman", "sheriff", "indian", "dancer",
                                "storekeep", "bandit", "reporter"]  # fmt: skip
    assert legal(state, "sheriff 7 hitman @8 +mayor")


# -- R5 The four actions ----------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_r5_1_the_opponent_learns_the_columns_never_the_swap(seat: int) -> None:
    """R5.1: a swap exchanges the two cards, a pretence does not; the opponent (and a
    spectator) sees the same thing either way: the columns i and j."""
    swapped = play(table(first=seat), "move 2 5 swap")
    pretended = play(table(first=seat), "move 2 5 pretend")
    assert street(swapped, seat)[1:5] == ["storekeep", "sheriff", "indian", "hitman"]
    assert street(pretended, seat) == list(STREET)
    for viewer in (1 - seat, None):
        assert view(swapped, viewer) == view(pretended, viewer)
        assert log(swapped, viewer)[-1] == {"turn": 1, "type": "move", "seat": seat,
                                            "a": 2, "b": 5}  # fmt: skip
    assert log(swapped, seat)[-1]["swap"] is True
    assert log(pretended, seat)[-1]["swap"] is False
    assert reveals(events(swapped)) == []


def test_r5_1_a_move_needs_two_different_columns() -> None:
    """R5.1: i must differ from j."""
    reject(table(), "move 3 3 swap", "R5.1")


def saloon_cases() -> list[Any]:
    """Every Saloon exchange of seat 0 (R5.2): the card coming out (Reverend, the first
    Saloon card, or Mayor, the second), columns a and b in both orders, the card going in
    (the one that came out, or the one from a, or from b) and the card ending at a."""
    cases = []
    for card in SALOON:
        for a, b in ((2, 5), (5, 2)):
            three = {"out": card, "a": STREET[a - 1], "b": STREET[b - 1]}
            for role in three:
                kept = [three[r] for r in three if r != role]
                for at_a in kept:
                    ident = f"{card}-{a}{b}-in:{role}-at_a:{at_a}"
                    cases.append(pytest.param(card, a, b, three[role], at_a, id=ident))
    return cases


@pytest.mark.parametrize(("card", "a", "b", "to_saloon", "at_a"), saloon_cases())
def test_r5_2_a_saloon_exchange_puts_each_card_where_it_says(
    card: str, a: int, b: int, to_saloon: str, at_a: str
) -> None:
    """R5.2: of the Saloon card and the cards at a and b, one ends in the Saloon (in the
    place of the card that came out), one at a and the third at b."""
    state = table()
    three = [card, STREET[a - 1], STREET[b - 1]]
    at_b = next(ch for ch in three if ch not in (to_saloon, at_a))
    play(state, f"saloon {card} {a} {b} {to_saloon} {at_a}")
    expected_street = list(STREET)
    expected_street[a - 1], expected_street[b - 1] = at_a, at_b
    expected_saloon = [to_saloon if ch == card else ch for ch in SALOON]
    data = state.to_json()["seats"][0]
    assert data["street"] == expected_street
    assert data["saloon"] == expected_saloon
    assert sorted(data["street"] + data["saloon"]) == sorted(CHARACTERS)


def test_r5_2_every_listed_saloon_exchange_does_what_it_says() -> None:
    """R5.2: each Saloon exchange the engine lists as legal, once applied, leaves its
    `to_saloon` in the Saloon, its `at_a` at a and the third card at b, and never sends
    the Governor to the Saloon."""
    state = table(street0=line({4: "governor"}))
    exchanges = [a for a in state.legal_actions() if a.type == "saloon"]
    # 2 Saloon cards x 28 column pairs x 6 outcomes, less those that would put the
    # Governor at column 4 in the Saloon (7 pairs x 2 outcomes x 2 Saloon cards).
    assert len(exchanges) == 2 * 28 * 6 - 2 * 7 * 2
    before = state.to_json()["seats"][0]
    for action in exchanges:
        assert action.to_saloon != "governor"
        copy = state.clone()
        copy.apply(action)
        seat = copy.to_json()["seats"][0]
        assert seat["street"][action.a - 1] == action.at_a, str(action)
        assert seat["saloon"][before["saloon"].index(action.card)] == action.to_saloon
        three = {action.card, before["street"][action.a - 1], before["street"][action.b - 1]}
        (third,) = three - {action.to_saloon, action.at_a}
        assert seat["street"][action.b - 1] == third, str(action)


@pytest.mark.parametrize(
    "text", ["saloon reverend 1 5 governor storekeep", "saloon mayor 5 1 governor storekeep"]
)
def test_r5_2_the_governor_never_goes_to_the_saloon(text: str) -> None:
    """R5.2: the Governor (at column 1) may not be the card put in the Saloon."""
    reject(table(), text, "R5.2")


def test_r5_2_the_governor_may_change_columns_through_an_exchange() -> None:
    """R5.2: the Governor may be one of the two cards placed back on the street."""
    state = play(table(), "saloon reverend 1 5 reverend storekeep")
    assert street(state, 0)[:5] == ["storekeep", "hitman", "sheriff", "indian", "governor"]
    assert state.to_json()["seats"][0]["saloon"] == ["reverend", "mayor"]


@pytest.mark.parametrize(
    "text",
    [
        "saloon hitman 2 5 hitman storekeep",  # the Hitman is not in the Saloon
        "saloon reverend 2 2 reverend hitman",  # i = j
        "saloon reverend 2 5 indian hitman",  # the Indian is not one of the three
        "saloon reverend 2 5 hitman hitman",  # the card in the Saloon cannot also be at a
    ],
)
def test_r5_2_malformed_saloon_exchanges_are_refused(text: str) -> None:
    """R5.2: the card must come out of the Saloon, the columns differ, and the three
    cards are exactly the Saloon card and the cards at i and j."""
    reject(table(), text, "R5.2")


def test_r5_2_the_opponent_learns_columns_and_saloon_cards_not_the_order() -> None:
    """R5.2: the opponent learns i, j, the card that left the Saloon and the one now in
    it, never which of the two placed cards went to which column."""
    hitman_in = [
        play(table(), "saloon reverend 2 5 hitman reverend"),
        play(table(), "saloon reverend 2 5 hitman storekeep"),
    ]
    reverend_back = [
        play(table(), "saloon reverend 2 5 reverend hitman"),  # nothing moves
        play(table(), "saloon reverend 2 5 reverend storekeep"),  # a hidden swap
    ]
    for first, second in (hitman_in, reverend_back):
        assert street(first, 0) != street(second, 0)
        for viewer in (1, None):
            assert view(first, viewer) == view(second, viewer)
    assert log(hitman_in[0], 1)[-1] == {"turn": 1, "type": "saloon", "seat": 0,
                                        "card": "reverend", "a": 2, "b": 5,
                                        "to_saloon": "hitman"}  # fmt: skip
    assert log(hitman_in[0], 0)[-1]["at_a"] == "reverend"
    assert view(hitman_in[0], 1)["seats"][0]["saloon"] == ["hitman", "mayor"]
    assert reveals(events(hitman_in[0])) == []


def test_r5_3_a_look_tells_only_the_looker_the_token() -> None:
    """R5.3: seat 0's Indian at 4 looks at slot 4 (the Election): seat 0 knows it, seat 1
    and spectators see the Indian revealed and the slot named, not the token."""
    state = table()
    play(state, "look 4")
    assert state.to_json()["slots"] == list(TOKENS[:8])
    assert view(state, 0)["slots"] == [None, None, None, "election", None, None, None, None]
    assert view(state, 1)["slots"] == HIDDEN
    assert view(state, None)["slots"] == HIDDEN
    for viewer in (1, None):
        assert log(state, viewer)[-2:] == [
            {"turn": 1, "type": "look", "seat": 0, "col": 4},
            {"turn": 1, "type": "reveal", "seat": 0, "col": 4, "card": "indian"},
        ]
    assert log(state, 0)[-2]["token"] == "election"
    play(state, "move 1 2 pretend", "move 1 2 pretend", "move 1 2 pretend")
    assert view(state, 0)["slots"][3] == "election"


def test_r5_4_a_right_call_takes_the_token_and_refills() -> None:
    """R5.4: the Sheriff at 3 calls Vote and slot 3 holds a Vote: it goes to the stash,
    the gap closes and the reserve's top comes in (R5.6). Both seats see the token."""
    state = table()
    play(state, "take 3 vote")
    data = state.to_json()
    assert data["seats"][0]["stash"]["vote"] == 1
    assert data["slots"] == ["vote", "bogus", "election", "bullet", "vote", "bogus",
                             "handcuffs", "vote"]  # fmt: skip
    assert log(state, 1)[-2:] == [
        {"turn": 1, "type": "reveal", "seat": 0, "col": 3, "card": "sheriff"},
        {"turn": 1, "type": "take", "seat": 0, "col": 3, "call": "vote", "token": "vote",
         "taken": True},
    ]  # fmt: skip


def test_r5_4_a_take_that_calls_the_wrong_token_leaves_it_face_down_known_to_both() -> None:
    """R5.4: the Hitman at 2 calls Bullet on slot 2, which holds a Bogus: nothing moves,
    and the Bogus is now known to both seats and to spectators (rules-notes #11)."""
    state = table()
    before = state.to_json()
    play(state, "take 2 bullet")
    after = state.to_json()
    assert after["slots"] == before["slots"]
    assert after["reserve"] == before["reserve"]
    assert after["seats"] == before["seats"]
    for viewer in VIEWERS:
        assert view(state, viewer)["slots"] == [None, "bogus", *[None] * 6]
        assert log(state, viewer)[-1] == {"turn": 1, "type": "take", "seat": 0, "col": 2,
                                          "call": "bullet", "token": "bogus",
                                          "taken": False}  # fmt: skip
        assert reveals(log(state, viewer)) == [(0, 2, "hitman")]


def test_r5_4_a_wrong_call_of_a_takeable_token_leaves_it_too() -> None:
    """R5.4: the Sheriff at 8 calls Vote on the Handcuffs he could have taken: the
    Handcuffs stay, known to both."""
    state = play(table(), "move 3 8 swap", "take 8 vote")
    assert state.to_json()["slots"][7] == "handcuffs"
    assert state.to_json()["seats"][0]["stash"]["handcuffs"] == 1
    assert [view(state, v)["slots"][7] for v in VIEWERS] == ["handcuffs"] * 3


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("take 4 bullet", "R5.4"),  # the Indian
        ("take 2 handcuffs", "R5.4"),  # the Hitman
        ("take 3 bullet", "R5.4"),  # the Sheriff
        ("take 1 vote", "R5.4"),  # the Governor
        ("take 5 election", "R5.4"),  # the Storekeep
        ("take 8 handcuffs", "R5.4"),  # the Bandit
        ("take 2 bogus", "R5.5"),
    ],
)
def test_r5_4_the_call_must_be_a_token_the_revealed_card_may_take(text: str, rule: str) -> None:
    """R5.4 (Decision): a Take calls a type its character may take (R5.5)."""
    reject(table(), text, rule)


#: Seats 0 and 1 both have the Indian at 1 and the Governor at 4; the six Votes come first.
VOTE_RACE: dict[str, Any] = {
    "street0": line({1: "indian", 4: "governor"}),
    "street1": line({1: "indian", 4: "governor"}),
    "tokens": ("vote",) * 6 + ("bogus", "bogus", "bogus", "bogus", "election", "bullet",
                               "handcuffs"),
}  # fmt: skip
PASS_ACTION = "move 2 3 pretend"


@pytest.mark.parametrize(
    ("votes", "script", "ok"),
    [
        ((0, 0), [], False),
        ((1, 0), ["take 1 vote"], True),
        ((1, 1), ["take 1 vote", PASS_ACTION, "take 1 vote", PASS_ACTION], False),
        ((2, 1), ["take 1 vote", "take 1 vote", "take 1 vote", PASS_ACTION], True),
        ((1, 2), ["take 1 vote", PASS_ACTION, "take 1 vote", "take 1 vote"], False),
    ],
)
def test_r5_4_the_governor_calls_the_election_only_while_ahead_in_votes(
    votes: tuple[int, int], script: list[str], ok: bool
) -> None:
    """R5.4 (Decision): calling Election with the Governor is legal only while you hold
    more Votes than the opponent; ties do not count."""
    state = play(table(**VOTE_RACE), *script)
    assert state.to_act == 0
    assert tuple(s["stash"]["vote"] for s in state.to_json()["seats"]) == votes
    assert legal(state, "take 4 election") == ok
    if not ok:
        reject(state, "take 4 election", "R5.4")


def test_r5_4_the_governor_takes_the_election_and_wins() -> None:
    """R5.4, R5.5, R9.1: seat 0's Indian takes the Vote in slot 1, the Election slides to
    slot 3, and the Governor at 3, now ahead, calls it and takes it."""
    state = table(street0=line({1: "indian", 3: "governor"}),
                  tokens=deal("vote", "bogus", "bogus", "election"))  # fmt: skip
    play(state, "take 1 vote")
    assert state.to_json()["slots"][2] == "election"
    play(state, "take 3 election")
    data = state.to_json()
    assert (data["status"], data["winner"], data["how"]) == ("over", 0, "good")
    assert data["seats"][0]["stash"]["election"] == 1
    assert "election" not in data["slots"]


def test_r5_4_the_governor_who_calls_the_election_on_a_vote_misses() -> None:
    """R5.4: the Governor may call the Election on any slot while ahead; on a Vote (which
    he may not take, R5.5) the call misses and the Vote stays, known to both."""
    state = table(street0=line({1: "indian", 2: "governor"}), tokens=deal("vote", "bogus", "vote"))
    play(state, "take 1 vote", "take 2 election")
    data = state.to_json()
    assert data["status"] == "playing"
    assert data["slots"][1] == "vote"
    assert data["seats"][0]["stash"] == {"bullet": 1, "handcuffs": 1, "vote": 1, "election": 0,
                                         "headline": 3}  # fmt: skip
    assert [view(state, v)["slots"][1] for v in VIEWERS] == ["vote"] * 3


@pytest.mark.parametrize("character", CHARACTERS)
def test_r5_5_who_may_call_what(character: str) -> None:
    """R5.5: Vote: anyone but the Governor; Handcuffs: the Sheriff; Bullet: the Hitman;
    Election: the Governor (here ahead 1-0, R5.4); Bogus: nobody."""
    taker = "storekeep" if character != "storekeep" else "indian"
    saloon = tuple(ch for ch in ("reverend", "mayor", "dancer") if ch != character)[:2]
    state = table(street0=line({1: taker, 2: character}, saloon), saloon0=saloon,
                  tokens=deal("vote"))  # fmt: skip
    play(state, "take 1 vote")
    for token in TOKEN_NAMES:
        text = f"take 2 {token}"
        ok = token in MAY_TAKE[character]
        assert legal(state, text) == ok, text
        if not ok:
            reject(state, text, "R5.5" if token == "bogus" else "R5.4")


@pytest.mark.parametrize(
    ("character", "token"),
    [(ch, token) for ch in CHARACTERS for token in sorted(MAY_TAKE[ch]) if token != "election"],
)
def test_r5_5_each_card_takes_what_it_may(character: str, token: str) -> None:
    """R5.5: a right call by a card that may take the token puts it in the stash."""
    saloon = tuple(ch for ch in ("reverend", "mayor", "dancer") if ch != character)[:2]
    state = table(street0=line({2: character}, saloon), saloon0=saloon,
                  tokens=deal("bogus", token))  # fmt: skip
    before = state.to_json()["seats"][0]["stash"][token]
    play(state, f"take 2 {token}")
    assert state.to_json()["seats"][0]["stash"][token] == before + 1
    assert census(state) == ALL_TOKENS


def test_r5_6_the_gap_closes_toward_column_1_and_the_reserve_refills_slot_8() -> None:
    """R5.6: a Take at slot 3 moves slots 4..8 to 3..7; the reserve's top is dealt face
    down into slot 8, unknown to both."""
    state = play(table(), "take 3 vote")
    data = state.to_json()
    assert data["slots"] == [*TOKENS[:2], *TOKENS[3:9]]
    assert data["reserve"] == list(TOKENS[9:])
    assert [view(state, v)["slots"] for v in VIEWERS] == [HIDDEN] * 3


def test_r5_6_a_take_at_slot_8_refills_it() -> None:
    """R5.6: the Sheriff takes the Handcuffs from slot 8; the reserve's top takes its
    place."""
    state = play(table(), "move 3 8 swap", "take 8 handcuffs")
    assert state.to_json()["slots"] == [*TOKENS[:7], TOKENS[8]]
    assert state.to_json()["seats"][0]["stash"]["handcuffs"] == 2


def test_r5_6_knowledge_of_a_token_travels_with_it() -> None:
    """R5.6: seat 0 looked at slots 5 and 7, seat 1 at slot 6, and seat 1's missed Take
    showed slot 8 to all. After a Take at slot 3 each token is one slot lower and each
    seat still knows exactly the tokens it knew."""
    state = table()
    play(state, "look 5", "look 7")  # seat 0: bullet, bogus
    play(state, "look 6", "take 8 vote")  # seat 1: vote; the Bandit misses the Handcuffs
    play(state, "take 3 vote")  # seat 0's Sheriff
    assert state.to_json()["slots"] == ["vote", "bogus", "election", "bullet", "vote",
                                        "bogus", "handcuffs", "vote"]  # fmt: skip
    assert view(state, 0)["slots"] == [None, None, None, "bullet", None, "bogus",
                                       "handcuffs", None]  # fmt: skip
    assert view(state, 1)["slots"] == [None, None, None, None, "vote", None, "handcuffs", None]
    assert view(state, None)["slots"] == [None] * 6 + ["handcuffs", None]


def test_r5_6_a_token_before_the_gap_keeps_its_slot_and_its_knowledge() -> None:
    """R5.6: only slots g+1..8 slide; seat 0's knowledge of slot 1 stays at slot 1."""
    state = table(street0=line({1: "indian", 3: "hitman"}))
    play(state, "look 1", "move 2 4 pretend", "move 1 2 pretend", "move 1 2 pretend")
    play(state, "take 3 vote")
    assert view(state, 0)["slots"] == ["vote", *[None] * 7]


def test_r5_6_with_an_empty_reserve_slot_8_stays_empty() -> None:
    """R5.6: the sixth Take of the game empties slot 8 for good, and each Take after that
    leaves one more empty slot at the end; views show the empty slots as `filled`."""
    state = drained()
    data = state.to_json()
    assert data["reserve"] == []
    assert data["slots"] == ["bullet", "handcuffs", "bogus", "bogus", "bogus", "bogus",
                             "election", None]  # fmt: skip
    assert [s["stash"]["vote"] for s in data["seats"]] == [4, 2]
    for viewer in VIEWERS:
        assert (view(state, viewer)["filled"], view(state, viewer)["reserve"]) == (7, 0)
    play(state, "take 1 bullet")
    assert state.to_json()["slots"] == ["handcuffs", "bogus", "bogus", "bogus", "bogus",
                                        "election", None, None]  # fmt: skip
    assert [view(state, v)["filled"] for v in VIEWERS] == [6, 6, 6]
    assert census(state) == ALL_TOKENS


def test_r5_7_an_ability_reveals_the_card_to_both() -> None:
    """R5.7: the Indian at 4 is revealed to use its ability, to both seats."""
    state = play(table(), "indian 4")
    for viewer in VIEWERS:
        assert log(state, viewer)[-3:] == [
            {"turn": 1, "type": "indian", "seat": 0, "col": 4, "target": 4, "mayor": False},
            {"turn": 1, "type": "reveal", "seat": 0, "col": 4, "card": "indian"},
            {"turn": 1, "type": "reveal", "seat": 1, "col": 4, "card": "indian"},
        ]


@pytest.mark.parametrize(
    "text",
    [
        "hitman 3",
        "sheriff 2 hitman",
        "indian 5",
        "storekeep 4 4 5",
        "dancer 7 @8",
        "reporter 6 bandit",
        "bandit 1 hitman",
        "reverend 8",  # the Reverend is in the Saloon
    ],
)
def test_r5_7_an_ability_needs_that_character_at_that_column(text: str) -> None:
    """R5.7: the ability named must be the one of your card at column c."""
    reject(table(), text, "R5.7")


def test_r5_7_saloon_cards_have_no_ability() -> None:
    """R5.7: with the Storekeep and the Dancer in the Saloon, no column offers their
    abilities."""
    saloon = ("storekeep", "dancer")
    state = table(street0=line({}, saloon), saloon0=saloon)
    assert legal_texts(state, "storekeep") == legal_texts(state, "dancer") == set()
    for col in range(1, 9):
        reject(state, f"storekeep {col} {max(col - 1, 1)} {max(col - 1, 1) + 1}", "R5.7")
        reject(state, f"dancer {col} @{col + 1 if col < 8 else col - 1}", "R5.7")


def test_r5_7_an_immobilized_card_has_no_ability() -> None:
    """R5.7, R4.3: seat 0's immobilized Bandit cannot use its ability."""
    state = immobilized_bandit()
    assert legal_texts(state, "bandit") == set()
    reject(state, "bandit 7 sheriff", "R4.3")


@pytest.mark.parametrize(
    "text",
    [
        "look 0",
        "look 9",
        "take 9 vote",
        "move 0 3 swap",
        "hitman 9",
        "indian 8 @9 +mayor",
        "sheriff 1 hitman @0 +mayor",
        "dancer 2 @0",
        "dancer 8 @10",
        "storekeep 8 8 9",
    ],
)
def test_r5_8_no_action_names_a_column_outside_1_to_8(text: str) -> None:
    """R5.8: a column or slot outside 1..8 cannot even be written."""
    with pytest.raises(FormatError, match=r"R5\.8"):
        act(text)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "look", "col": 9},
        {"type": "take", "col": 0, "call": "vote"},
        {"type": "indian", "col": 1, "target": 0, "mayor": True},
        {"type": "storekeep", "col": 8, "slots": [8, 9], "mayor": True},
    ],
)
def test_r5_8_no_record_action_names_a_column_outside_1_to_8(data: dict[str, Any]) -> None:
    """R5.8: a record's action with a column outside 1..8 is refused."""
    with pytest.raises(FormatError, match=r"R5\.8"):
        Action.from_json(data)


@pytest.mark.parametrize(
    "action",
    [
        Action("look", col=9),
        Action("look", col=0),
        Action("indian", col=8, target=9, mayor=True),
        Action("move", a=0, b=3, swap=True),
        Action("dancer", col=1, from_=0),
    ],
    ids=str,
)
def test_r5_8_an_action_object_outside_the_street_is_refused(action: Action) -> None:
    """R5.8: an Action built in code with a column outside 1..8 is refused by the rules
    engine like any illegal action, naming R5.8, and changes nothing."""
    state = table()
    before = snapshot(state)
    assert not state.is_legal(action)
    with pytest.raises(OutlawsError, match=r"R5\.8"):
        state.apply(action)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("look 8", "R5.8"),
        ("take 8 vote", "R5.8"),
        ("storekeep 8 7 8", "R5.8"),
        ("storekeep 8 7 supply", "R6.5"),  # and the reserve is empty as well
    ],
)
def test_r5_8_no_action_names_an_empty_slot(text: str, rule: str) -> None:
    """R5.8: once slot 8 is empty (R5.6), no Look, Take or Storekeep exchange names it;
    the Storekeep at 8 has nothing left to trade (slot 7 alone, an empty reserve)."""
    state = drained()
    reject(state, text, rule)
    assert legal_texts(state, "storekeep") == set()
    for action in state.legal_actions():
        if action.type in ("look", "take"):
            assert action.col != 8, str(action)


def test_r5_8_the_dancer_pulls_only_from_columns_that_exist() -> None:
    """R5.8: a Dancer at column 1 pulls from 2 or 3, one at 8 from 6 or 7."""
    state = table(street0=line({1: "dancer"}), street1=line({8: "dancer"}))
    assert legal_texts(state, "dancer") == {"dancer 1 @2", "dancer 1 @3"}
    play(state, "move 4 5 pretend", "move 4 5 pretend")
    assert legal_texts(state, "dancer") == {"dancer 8 @6", "dancer 8 @7"}


def test_r5_8_the_mayors_extra_targets_stop_at_the_street_end() -> None:
    """R5.8: seat 0's Sheriff at 8 with the Mayor at 7 may aim at 7 or 8, not beyond."""
    saloon = ("reverend", "dancer")
    state = table(street0=line({7: "mayor", 8: "sheriff"}, saloon), saloon0=saloon)
    targets = {(a.target, a.mayor) for a in state.legal_actions() if a.type == "sheriff"}
    assert targets == {(8, False), (7, True), (8, True)}
