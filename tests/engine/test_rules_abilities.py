"""Scenario tests of the abilities (docs/rules.md R6) and the states of a card (R7).

Every position is dealt explicitly (R3.4) with ``scenario.table``; the streets are written
column 1 first. Remember R2.2: seat 1 sits across the table, so for a seat-1 card at
column c, "immediately to its left" is column c+1 (the Mayor of a seat-1 card at c stands
at c+1; a seat-1 Reverend at c frees or protects the card at c+1).
"""

from __future__ import annotations

import pytest

from outlaws.engine import FormatError, IllegalAction, State, seat_view
from tests.scenario import events, play, street, table

# -- helpers ---------------------------------------------------------------------------


def line(text: str) -> tuple[str, ...]:
    """A street or a token order written as one string, column 1 first."""
    return tuple(text.split())


def legal(state: State) -> set[str]:
    """The legal actions of the seat to act, in notation."""
    return {str(action) for action in state.legal_actions()}


def legal_of(state: State, kind: str) -> set[str]:
    return {str(action) for action in state.legal_actions() if action.type == kind}


def rejected(state: State, text: str) -> str:
    """Apply ``text``, expect it refused, check nothing changed, return the rule named."""
    before = state.to_json()
    log_size = len(state.log)
    with pytest.raises(IllegalAction) as caught:
        play(state, text)
    assert state.to_json() == before
    assert len(state.log) == log_size
    assert text not in legal(state)
    return caught.value.rule


def since(state: State, mark: int, viewer: int | str | None = "all") -> list[dict]:
    """The events logged after ``mark`` (a former ``len(state.log)``)."""
    return events(state, viewer)[mark:]


def kinds(evts: list[dict]) -> list[str]:
    return [e["type"] for e in evts]


def reveals(evts: list[dict]) -> list[tuple[int, int, str]]:
    """(owner, column, card) of every card revealed in ``evts``."""
    return [(e["seat"], e["col"], e["card"]) for e in evts if e["type"] == "reveal"]


def view(state: State, seat: int | None) -> dict:
    return seat_view(state, seat).to_json()


def seat_json(state: State, seat: int) -> dict:
    return state.to_json()["seats"][seat]


def around(placed: dict[int, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A street with the ``placed`` cards at their columns, the others filled in the
    usual order (Governor first, so he is never left in the Saloon); then the Saloon."""
    rest = [c for c in ORDER if c not in placed.values()]
    street = [placed.get(col) or rest.pop(0) for col in range(1, 9)]
    return tuple(street), tuple(rest)


ORDER = line("governor hitman sheriff indian storekeep dancer reporter bandit reverend mayor")
#: Seat 0's usual arrangement: Governor 1, Hitman 2, Sheriff 3, Indian 4, Storekeep 5,
#: Dancer 6, Reporter 7, Bandit 8; Reverend and Mayor in the Saloon.
DEFAULT = line("governor hitman sheriff indian storekeep dancer reporter bandit")
#: Slots 1..8, then the reserve from the top (the default of ``scenario.table``).
DEFAULT_TOKENS = line(
    "vote bogus vote election bullet vote bogus handcuffs vote bogus vote bogus vote"
)


# == R6.1 Governor ========================================================================


def test_r6_1_governor_has_no_ability_of_his_own():
    """R6.1: the Governor at column 1 may only be revealed to Look (or for the Election);
    every ability named at his column is refused."""
    state = table()
    at_col_1 = {
        text
        for text in legal(state)
        if text.split()[0] not in ("move", "saloon") and text.split()[1] == "1"
    }
    assert at_col_1 == {"look 1"}
    for text in (
        "hitman 1",
        "sheriff 1 hitman",
        "indian 1",
        "storekeep 1 1 2",
        "dancer 1 @2",
        "reporter 1 mayor",
        "bandit 1 hitman",
        "reverend 1",
    ):
        assert rejected(state, text) == "R5.7"


def test_r6_1_governor_wins_with_the_election_once_ahead_in_votes():
    """R6.1 (R9.1): the Governor's only way to act on the street is the Election, and
    only while his seat holds more Votes."""
    tokens = line("election vote bogus vote bullet vote bogus handcuffs vote bogus vote bogus vote")
    state = table(tokens=tokens)
    assert rejected(state, "take 1 election") == "R5.4"
    play(state, "take 2 vote")  # the Hitman takes the Vote at slot 2
    assert "take 1 election" in legal(state)
    play(state, "take 1 election")
    result = state.to_json()
    assert (result["status"], result["winner"], result["how"]) == ("over", 0, "good")
    assert result["seats"][0]["stash"]["election"] == 1


# == R6.2 Hitman ==========================================================================


def test_r6_2_hitman_assassinates_the_governor_when_no_handcuffs_can_intercept():
    """R6.2 (R9.2): seat 1 has spent its only Handcuffs; seat 0's Hitman pays his Bullet,
    reveals the Governor opposite and wins "bad" at once, with no interception offered."""
    state = table(
        street1=line("indian governor storekeep sheriff hitman dancer reporter bandit"),
        first=1,
    )
    play(state, "sheriff 4 bandit", "move 6 7 pretend")  # a wrong call spends the Handcuffs
    assert seat_json(state, 1)["stash"]["handcuffs"] == 0
    mark = len(state.log)
    play(state, "hitman 2")
    result = state.to_json()
    assert (result["status"], result["winner"], result["how"]) == ("over", 0, "bad")
    assert result["to_act"] is None and result["pending"] is None
    assert result["seats"][0]["stash"]["bullet"] == 0
    assert result["discard"] == {"bullet": 1, "handcuffs": 1}
    evts = since(state, mark)
    assert kinds(evts) == ["hitman", "reveal", "reveal", "win"]
    assert reveals(evts) == [(0, 2, "hitman"), (1, 2, "governor")]
    assert evts[-1]["how"] == "bad" and evts[-1]["seat"] == 0


def test_r6_2_hitman_misses_and_both_cards_turn_face_down():
    """R6.2: the card opposite is not the Governor: the Bullet is spent, both cards were
    shown to both seats, and the game goes on with both cards face down again."""
    state = table()  # seat 1's Hitman stands opposite seat 0's Hitman at column 2
    mark = len(state.log)
    play(state, "hitman 2")
    result = state.to_json()
    assert result["status"] == "playing" and result["pending"] is None
    assert (result["to_act"], result["actions_left"]) == (0, 1)
    assert result["seats"][0]["stash"]["bullet"] == 0
    assert result["seats"][1]["stash"]["bullet"] == 1
    assert result["discard"] == {"bullet": 1, "handcuffs": 0}
    for seat in (0, 1):
        assert reveals(since(state, mark, seat)) == [(0, 2, "hitman"), (1, 2, "hitman")]
    assert view(state, 0)["seats"][1]["street"][1] is None
    assert view(state, 1)["seats"][0]["street"][1] is None


def test_r6_2_hitman_needs_a_bullet_to_pay():
    """R6.2: with the one Bullet spent, the Hitman cannot shoot again."""
    state = table()
    play(state, "hitman 2")
    assert rejected(state, "hitman 2") == "R6.2"
    assert legal_of(state, "hitman") == set()


def test_r6_2_seat_1_hitman_kills_seat_0_governor_after_a_declined_interception():
    """R6.2 (R6.3.3, R9.2): seat 0 holds a Handcuffs, so it is asked; it passes and seat
    1's Hitman wins "bad"."""
    state = table(
        street0=line("indian hitman governor storekeep sheriff dancer reporter bandit"),
        street1=line("governor indian hitman sheriff storekeep dancer reporter bandit"),
        first=1,
    )
    play(state, "hitman 3")
    assert state.to_json()["pending"] == "intercept"
    assert state.to_act == 0
    play(state, "pass")
    result = state.to_json()
    assert (result["status"], result["winner"], result["how"]) == ("over", 1, "bad")
    assert result["discard"] == {"bullet": 1, "handcuffs": 0}
    assert result["seats"][0]["stash"]["handcuffs"] == 1


# == R6.3 Sheriff =========================================================================

#: Seat 1 with its Hitman at column 3, opposite seat 0's Sheriff.
HITMAN_AT_3 = line("governor sheriff hitman indian storekeep dancer reporter bandit")
#: Seat 1 with its Bandit at column 3, opposite seat 0's Sheriff.
BANDIT_AT_3 = line("governor sheriff bandit indian storekeep dancer reporter hitman")


def test_r6_3_1_sheriff_pays_handcuffs_and_reveals_the_card_opposite():
    """R6.3.1 (R6.3): the Handcuffs goes to the discard as the Sheriff and the card
    opposite are revealed."""
    state = table(street1=HITMAN_AT_3)
    mark = len(state.log)
    play(state, "sheriff 3 hitman")
    result = state.to_json()
    assert result["seats"][0]["stash"]["handcuffs"] == 0
    assert result["discard"]["handcuffs"] == 1
    evts = since(state, mark, 1)
    assert evts[0] == {
        "turn": 1, "type": "sheriff", "seat": 0, "col": 3, "call": "hitman", "target": 3,
        "mayor": False,
    }  # fmt: skip
    assert reveals(evts) == [(0, 3, "sheriff"), (1, 3, "hitman")]


def test_r6_3_2_sheriff_arrests_the_hitman_and_wins_ugly():
    """R6.3.2 (R6.3, R9.3): the call is right; seat 1 is asked for its Reverend (it has
    none on the street, so only `pass`), and seat 0 wins "ugly"."""
    state = table(street1=HITMAN_AT_3)
    mark = len(state.log)
    play(state, "sheriff 3 hitman")
    result = state.to_json()
    assert (result["pending"], result["to_act"], result["actions_left"]) == ("cancel", 1, 2)
    assert since(state, mark)[-1] == {"turn": 1, "type": "prompt", "seat": 1, "reaction": "cancel"}
    assert legal(state) == {"pass"}
    play(state, "pass")
    result = state.to_json()
    assert (result["status"], result["winner"], result["how"]) == ("over", 0, "ugly")
    assert result["discard"]["handcuffs"] == 1


def test_r6_3_2_seat_1_sheriff_arrests_seat_0_hitman():
    """R6.3.2 (R6.3, R9.3): the same arrest from the other side of the table."""
    state = table(
        street1=line("governor sheriff hitman indian storekeep dancer reporter bandit"), first=1
    )
    play(state, "sheriff 2 hitman")  # seat 0's Hitman stands at column 2
    assert state.to_act == 0 and legal(state) == {"pass"}
    play(state, "pass")
    result = state.to_json()
    assert (result["status"], result["winner"], result["how"]) == ("over", 1, "ugly")


def test_r6_3_2_sheriff_immobilizes_the_bandit_and_gets_the_handcuffs_back():
    """R6.3.2 (R6.3, R7.3): the Bandit is immobilized face up in its column and the
    Handcuffs come back from the discard to the Sheriff's stash."""
    state = table(street1=BANDIT_AT_3)
    play(state, "sheriff 3 bandit")
    assert state.to_json()["discard"]["handcuffs"] == 1
    assert legal(state) == {"pass"}
    mark = len(state.log)
    play(state, "pass")
    result = state.to_json()
    assert result["status"] == "playing"
    assert result["seats"][1]["immobilized"] == [3]
    assert result["seats"][0]["stash"]["handcuffs"] == 1
    assert result["discard"]["handcuffs"] == 0
    assert (result["to_act"], result["actions_left"]) == (0, 1)
    assert kinds(since(state, mark)) == ["pass", "immobilized", "recovered"]
    for viewer in (0, None):
        assert view(state, viewer)["seats"][1]["street"] == [None, None, "bandit"] + [None] * 5


@pytest.mark.parametrize(
    ("opposite", "call"),
    [(HITMAN_AT_3, "bandit"), (BANDIT_AT_3, "hitman")],
    ids=["bandit-called-on-hitman", "hitman-called-on-bandit"],
)
def test_r6_3_2_wrong_call_does_nothing_and_the_handcuffs_stay_discarded(opposite, call):
    """R6.3.2 (R6.3): a wrong call arrests and immobilizes nothing, asks nothing, and the
    Handcuffs stay in the discard."""
    state = table(street1=opposite)
    mark = len(state.log)
    play(state, f"sheriff 3 {call}")
    result = state.to_json()
    assert result["status"] == "playing" and result["pending"] is None
    assert (result["to_act"], result["actions_left"]) == (0, 1)
    assert result["seats"][1]["immobilized"] == []
    assert result["seats"][0]["stash"]["handcuffs"] == 0
    assert result["discard"]["handcuffs"] == 1
    assert kinds(since(state, mark)) == ["sheriff", "reveal", "reveal"]
    assert view(state, 0)["seats"][1]["street"][2] is None
    assert rejected(state, "sheriff 3 hitman") == "R6.3"  # no Handcuffs left


def test_r6_3_sheriff_calls_out_only_the_hitman_or_the_bandit():
    """R6.3.1 (R6.3): any other call is refused."""
    state = table(street1=HITMAN_AT_3)
    for call in ("governor", "indian", "sheriff", "reverend"):
        assert rejected(state, f"sheriff 3 {call}") == "R6.3"
    assert legal_of(state, "sheriff") == {"sheriff 3 hitman", "sheriff 3 bandit"}


def test_r6_9_2_reverend_cancels_the_arrest_of_his_hitman():
    """R6.9.2 (R6.3.2, R6.3, R2.2): seat 1's Reverend at column 2 has column 3 on his left;
    he cancels the arrest: no winner, the Handcuffs stay discarded."""
    state = table(
        street1=line("governor reverend hitman indian storekeep dancer sheriff bandit"),
        saloon1=("reporter", "mayor"),
    )
    play(state, "sheriff 3 hitman")
    assert legal(state) == {"cancel", "pass"}
    mark = len(state.log)
    play(state, "cancel")
    result = state.to_json()
    assert (result["status"], result["winner"], result["pending"]) == ("playing", None, None)
    assert (result["to_act"], result["actions_left"]) == (0, 1)
    assert result["discard"]["handcuffs"] == 1
    assert result["seats"][0]["stash"]["handcuffs"] == 0
    evts = since(state, mark, 0)
    assert kinds(evts) == ["cancel", "reveal"]
    assert reveals(evts) == [(1, 2, "reverend")]
    assert street(state, 1)[2] == "hitman"


def test_r6_9_2_seat_0_reverend_cancels_the_arrest_mirrored():
    """R6.9.2 (R6.3.2, R2.2): seat 0's Reverend at column 4 has column 3 on his left."""
    state = table(
        street0=line("governor indian hitman reverend storekeep dancer reporter sheriff"),
        saloon0=("bandit", "mayor"),
        first=1,
    )
    play(state, "sheriff 3 hitman")
    assert legal(state) == {"cancel", "pass"}
    play(state, "cancel")
    result = state.to_json()
    assert (result["status"], result["to_act"], result["actions_left"]) == ("playing", 1, 1)
    assert result["discard"]["handcuffs"] == 1


def test_r6_9_2_reverend_cancels_the_immobilization_and_the_handcuffs_stay_discarded():
    """R6.9.2 (R6.3.2, R6.3): a cancelled immobilization leaves the Bandit free and the
    Handcuffs in the discard."""
    state = table(
        street1=line("governor reverend bandit indian storekeep dancer sheriff hitman"),
        saloon1=("reporter", "mayor"),
    )
    play(state, "sheriff 3 bandit")
    assert legal(state) == {"cancel", "pass"}
    mark = len(state.log)
    play(state, "cancel")
    result = state.to_json()
    assert result["seats"][1]["immobilized"] == []
    assert result["seats"][0]["stash"]["handcuffs"] == 0
    assert result["discard"]["handcuffs"] == 1
    assert "immobilized" not in kinds(since(state, mark))
    assert "recovered" not in kinds(since(state, mark))
    assert view(state, 0)["seats"][1]["street"][2] is None


@pytest.mark.parametrize(
    ("street1", "saloon1"),
    [
        # R2.2: a seat-1 Reverend at column 4 has column 5 on his left, not 3.
        (
            line("governor indian hitman reverend storekeep dancer sheriff bandit"),
            ("reporter", "mayor"),
        ),
        # The Reverend in the Saloon cannot act.
        (HITMAN_AT_3, ("reverend", "mayor")),
    ],
    ids=["reverend-on-the-wrong-side", "reverend-in-saloon"],
)
def test_r6_9_2_reverend_out_of_place_cannot_cancel_only_pass(street1, saloon1):
    """R6.9.2 (R8.5, R2.2): seat 1 is still asked, but `pass` is its only answer."""
    state = table(street1=street1, saloon1=saloon1)
    play(state, "sheriff 3 hitman")
    assert state.to_json()["pending"] == "cancel"
    assert legal(state) == {"pass"}
    assert rejected(state, "cancel") == "R6.9.2"
    play(state, "pass")
    assert (state.winner, state.how) == (0, "ugly")


def test_r6_9_2_seat_0_reverend_on_the_wrong_side_cannot_cancel():
    """R6.9.2 (R2.2): seat 0's Reverend at column 2 has column 1 on his left; his Hitman
    at column 3 is on his right."""
    state = table(
        street0=line("governor reverend hitman indian storekeep dancer reporter sheriff"),
        saloon0=("bandit", "mayor"),
        first=1,
    )
    play(state, "sheriff 3 hitman")
    assert legal(state) == {"pass"}
    assert rejected(state, "cancel") == "R6.9.2"


# == R6.3.3 Interception ==================================================================

ATTACKER = line("governor indian hitman sheriff storekeep dancer reporter bandit")  # Hitman 3


@pytest.mark.parametrize("defender", [0, 1])
@pytest.mark.parametrize(
    ("guarded", "sheriff_col"),
    [
        (line("indian sheriff governor hitman storekeep dancer reporter bandit"), 2),  # g-1
        (line("indian hitman governor sheriff storekeep dancer reporter bandit"), 4),  # g+1
    ],
    ids=["sheriff-at-g-1", "sheriff-at-g+1"],
)
def test_r6_3_3_sheriff_next_to_the_governor_intercepts_the_hitman(defender, guarded, sheriff_col):
    """R6.3.3 (R6.3, R9.3): the Hitman reveals the Governor at column 3; the defender's
    Sheriff beside him pays a Handcuffs, saves him and arrests the Hitman: "ugly" win."""
    attacker = 1 - defender
    streets = {defender: guarded, attacker: ATTACKER}
    state = table(street0=streets[0], street1=streets[1], first=attacker)
    play(state, "hitman 3")
    result = state.to_json()
    assert (result["pending"], result["to_act"]) == ("intercept", defender)
    assert legal(state) == {"intercept", "pass"}
    mark = len(state.log)
    play(state, "intercept")
    evts = since(state, mark, attacker)
    assert evts[0] == {"turn": 1, "type": "intercept", "seat": defender, "col": sheriff_col}
    assert reveals(evts) == [(defender, sheriff_col, "sheriff")]
    # The attacker's Reverend is in the Saloon: asked, but only `pass` remains.
    assert (state.to_json()["pending"], state.to_act) == ("cancel", attacker)
    assert legal(state) == {"pass"}
    play(state, "pass")
    result = state.to_json()
    assert (result["status"], result["winner"], result["how"]) == ("over", defender, "ugly")
    assert result["discard"] == {"bullet": 1, "handcuffs": 1}
    assert result["seats"][defender]["stash"]["handcuffs"] == 0


@pytest.mark.parametrize("defender", [0, 1])
@pytest.mark.parametrize(
    ("guarded", "saloon"),
    [
        (
            line("indian hitman governor storekeep sheriff dancer reporter bandit"),
            ("reverend", "mayor"),
        ),
        (
            line("indian hitman governor storekeep reverend dancer reporter bandit"),
            ("sheriff", "mayor"),
        ),
    ],
    ids=["sheriff-two-columns-away", "sheriff-in-saloon"],
)
def test_r6_3_3_no_interception_without_the_sheriff_beside_the_governor(defender, guarded, saloon):
    """R6.3.3 (R8.5, R6.2): the defender holds a Handcuffs, so it is asked, but its
    Sheriff is not at g-1 or g+1: `pass` is the only answer and the Hitman wins "bad"."""
    attacker = 1 - defender
    streets = {defender: guarded, attacker: ATTACKER}
    saloons = {defender: saloon, attacker: ("reverend", "mayor")}
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1],
        first=attacker,
    )  # fmt: skip
    play(state, "hitman 3")
    assert state.to_json()["pending"] == "intercept"
    assert legal(state) == {"pass"}
    assert rejected(state, "intercept") == "R6.3.3"
    play(state, "pass")
    result = state.to_json()
    assert (result["status"], result["winner"], result["how"]) == ("over", attacker, "bad")
    assert result["seats"][defender]["stash"]["handcuffs"] == 1


@pytest.mark.parametrize(
    ("attacker", "attacking_street"),
    [
        # R2.2: a seat-1 Reverend at column 2 has column 3 on his left.
        (1, line("governor reverend hitman indian storekeep dancer reporter bandit")),
        # A seat-0 Reverend at column 4 has column 3 on his left.
        (0, line("governor indian hitman reverend storekeep dancer reporter bandit")),
    ],
    ids=["attacker-seat-1", "attacker-seat-0"],
)
def test_r6_3_3_cancelled_interception_saves_the_governor_and_the_game_goes_on(
    attacker, attacking_street
):
    """R6.3.3 (R6.3, R6.9.2): the attacker's Reverend cancels the arrest; the Governor is
    still saved, both the Bullet and the Handcuffs stay discarded, and play goes on."""
    defender = 1 - attacker
    guarded = line("indian sheriff governor hitman storekeep dancer reporter bandit")
    streets = {defender: guarded, attacker: attacking_street}
    saloons = {defender: ("reverend", "mayor"), attacker: ("sheriff", "mayor")}
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1],
        first=attacker,
    )  # fmt: skip
    play(state, "hitman 3", "intercept")
    assert state.to_act == attacker and legal(state) == {"cancel", "pass"}
    mark = len(state.log)
    play(state, "cancel")
    result = state.to_json()
    assert (result["status"], result["winner"], result["pending"]) == ("playing", None, None)
    assert (result["to_act"], result["actions_left"]) == (attacker, 1)
    assert result["discard"] == {"bullet": 1, "handcuffs": 1}
    assert result["seats"][attacker]["stash"]["bullet"] == 0
    assert result["seats"][defender]["stash"]["handcuffs"] == 0
    assert street(state, defender)[2] == "governor"
    assert kinds(since(state, mark)) == ["cancel", "reveal"]
    assert rejected(state, "hitman 3") == "R6.2"  # no second Bullet
    play(state, "move 5 6 pretend")
    assert (state.to_act, state.turn) == (defender, 2)


# == R6.4 Indian ==========================================================================


@pytest.mark.parametrize("actor", [0, 1])
def test_r6_4_indian_reveals_the_card_opposite_and_nothing_else(actor):
    """R6.4 (R7.2): both seats see the card opposite; nothing else changes, and the card
    is face down again afterwards."""
    other = line("governor hitman sheriff reporter storekeep dancer indian bandit")
    streets = {actor: DEFAULT, 1 - actor: other}
    state = table(street0=streets[0], street1=streets[1], first=actor)
    before = state.to_json()
    mark = len(state.log)
    play(state, "indian 4")
    after = state.to_json()
    assert after["actions_left"] == 1
    assert {k: v for k, v in after.items() if k != "actions_left"} == {
        k: v for k, v in before.items() if k != "actions_left"
    }
    for viewer in (0, 1, None):
        evts = since(state, mark, viewer)
        assert kinds(evts) == ["indian", "reveal", "reveal"]
        assert reveals(evts) == [(actor, 4, "indian"), (1 - actor, 4, "reporter")]
    assert view(state, actor)["seats"][1 - actor]["street"][3] is None


def test_r6_4_indian_alone_reaches_only_the_card_opposite():
    """R6.4 (R6.10): without the Mayor the Indian cannot look at a neighbour."""
    state = table()
    assert rejected(state, "indian 4 @5") == "R6.10"
    assert rejected(state, "indian 4 @3") == "R6.10"
    assert legal_of(state, "indian") == {"indian 4"}


# == R6.5 Storekeep =======================================================================


def test_r6_5_storekeep_exchanges_two_of_the_three_adjacent_tokens():
    """R6.5 (R2.3): the Storekeep at column 5 reaches slots 4, 5 and 6 (or the reserve);
    the tokens stay face down and both seats see which slots were touched."""
    state = table()
    assert legal_of(state, "storekeep") == {
        "storekeep 5 4 5", "storekeep 5 4 6", "storekeep 5 5 6",
        "storekeep 5 4 supply", "storekeep 5 5 supply", "storekeep 5 6 supply",
    }  # fmt: skip
    assert rejected(state, "storekeep 5 3 5") == "R6.5"
    assert rejected(state, "storekeep 5 4 7") == "R6.5"
    assert rejected(state, "storekeep 5 3 supply") == "R6.5"
    mark = len(state.log)
    play(state, "storekeep 5 4 6")
    result = state.to_json()
    assert result["slots"] == list(line("vote bogus vote vote bullet election bogus handcuffs"))
    assert result["reserve"] == list(DEFAULT_TOKENS[8:])
    evts = since(state, mark, 1)
    assert evts[0] == {
        "turn": 1, "type": "storekeep", "seat": 0, "col": 5, "slots": [4, 6], "supply": False,
        "mayor": False,
    }  # fmt: skip
    assert reveals(evts) == [(0, 5, "storekeep")]
    assert view(state, 1)["slots"] == [None] * 8


def test_r6_5_knowledge_travels_with_the_exchanged_tokens():
    """R6.5 (R5.6): seat 0 looked at slot 4 (the Election); the exchange carries that
    knowledge to slot 6. Seat 1's exchange with the reserve then sends it under the
    reserve, forgotten, and slot 6 holds the reserve's top, unknown to both."""
    state = table()
    play(state, "look 4")
    assert view(state, 0)["slots"][3] == "election"
    play(state, "storekeep 5 4 6")
    assert view(state, 0)["slots"] == [None] * 5 + ["election", None, None]
    assert view(state, 1)["slots"] == [None] * 8
    mark = len(state.log)
    play(state, "storekeep 5 6 supply")  # seat 1's Storekeep at column 5
    result = state.to_json()
    assert result["slots"][5] == "vote"  # the reserve's old top
    assert result["reserve"] == ["bogus", "vote", "bogus", "vote", "election"]
    assert view(state, 0)["slots"] == [None] * 8
    assert view(state, 1)["slots"] == [None] * 8
    assert view(state, 0)["reserve"] == 5
    assert since(state, mark, 0)[0] == {
        "turn": 2, "type": "storekeep", "seat": 1, "col": 5, "slots": [6], "supply": True,
        "mayor": False,
    }  # fmt: skip


def test_r6_5_no_exchange_with_an_empty_reserve():
    """R6.5 (R5.6): five Votes taken at slot 4 empty the reserve; the Storekeep may still
    exchange two slots but no longer with the reserve."""
    tokens = line("bogus bullet handcuffs vote vote vote vote vote vote election bogus bogus bogus")
    state = table(tokens=tokens)
    play(state, "take 4 vote", "take 4 vote", "take 4 vote", "take 4 vote", "take 4 vote")
    result = state.to_json()
    assert result["reserve"] == []
    assert result["slots"] == list(line("bogus bullet handcuffs vote election bogus bogus bogus"))
    assert rejected(state, "storekeep 5 5 supply") == "R6.5"
    assert legal_of(state, "storekeep") == {"storekeep 5 4 5", "storekeep 5 4 6", "storekeep 5 5 6"}


# == R6.6 Dancer ==========================================================================

DANCER_AT_4 = line("governor hitman sheriff dancer storekeep indian reporter bandit")


@pytest.mark.parametrize(
    ("pull", "after"),
    [
        (6, "governor hitman sheriff dancer indian storekeep reporter bandit"),
        (5, "governor hitman sheriff storekeep indian dancer reporter bandit"),
        (3, "governor hitman indian sheriff storekeep dancer reporter bandit"),
        (2, "governor sheriff indian hitman storekeep dancer reporter bandit"),
    ],
)
def test_r6_6_dancer_slides_a_card_and_the_cards_between_shift(pull, after):
    """R6.6: seat 0's Dancer at column 4 pulls seat 1's card from column 6, 5, 3 or 2 to
    column 4; the cards in between shift one column toward the gap. The pulled card stays
    face down: seat 0 learns nothing of seat 1's street."""
    state = table(street0=DANCER_AT_4)
    mark = len(state.log)
    play(state, f"dancer 4 @{pull}")
    assert street(state, 1) == list(line(after))
    assert street(state, 0) == list(DANCER_AT_4)
    evts = since(state, mark, 0)
    assert evts[0] == {"turn": 1, "type": "dancer", "seat": 0, "col": 4, "from": pull}
    assert reveals(evts) == [(0, 4, "dancer")]
    assert view(state, 0)["seats"][1]["street"] == [None] * 8
    assert view(state, 1)["seats"][1]["street"] == list(line(after))


def test_r6_6_seat_1_dancer_pulls_seat_0_card():
    """R6.6: seat 1's Dancer at column 6 pulls seat 0's Indian from column 4 to column 6;
    seat 0's Storekeep and Dancer shift toward column 4."""
    state = table(first=1)
    play(state, "dancer 6 @4")
    assert street(state, 0) == list(
        line("governor hitman sheriff storekeep dancer indian reporter bandit")
    )
    assert street(state, 1) == list(DEFAULT)


def test_r6_6_dancer_reaches_only_two_columns_and_never_with_the_mayor():
    """R6.6 (R6.10): columns c-2..c+2 but not c itself; the Mayor cannot extend her."""
    state = table(
        street0=line("governor hitman mayor dancer storekeep indian reporter bandit"),
        saloon0=("reverend", "sheriff"),
    )
    assert legal_of(state, "dancer") == {"dancer 4 @2", "dancer 4 @3", "dancer 4 @5", "dancer 4 @6"}
    assert rejected(state, "dancer 4 @7") == "R6.6"
    assert rejected(state, "dancer 4 @1") == "R6.6"
    assert rejected(state, "dancer 4 @4") == "R6.6"
    assert rejected(state, "dancer 4 @7 +mayor") == "R6.10"
    assert rejected(state, "dancer 4 @6 +mayor") == "R6.10"


def test_r6_6_dancer_blocked_by_an_immobilized_card():
    """R6.6 (R7.3, R4.3): seat 1's Bandit is immobilized at column 3. Seat 0's Dancer at
    column 4 may pull from 5 or 6 (the Bandit stays put) but not from 3 (the Bandit itself)
    or 2 (the Bandit would shift); from column 3 she cannot pull at all."""
    state = table(street0=DANCER_AT_4, street1=BANDIT_AT_3)
    play(state, "sheriff 3 bandit", "pass")
    assert seat_json(state, 1)["immobilized"] == [3]
    assert legal_of(state, "dancer") == {"dancer 4 @5", "dancer 4 @6"}
    assert rejected(state, "dancer 4 @3") == "R6.6"
    assert rejected(state, "dancer 4 @2") == "R6.6"
    play(state, "move 3 4 swap")  # the Dancer now faces the immobilized Bandit
    play(state, "move 1 2 pretend", "move 4 5 pretend")
    assert legal_of(state, "dancer") == set()
    for pull in (1, 2, 4, 5):
        assert rejected(state, f"dancer 3 @{pull}") == "R6.6"
    assert street(state, 1)[2] == "bandit"


# == R6.7 Reporter ========================================================================

#: Seat 1 with its Mayor at column 7, opposite seat 0's Reporter; its Reporter in the Saloon.
MAYOR_AT_7 = line("governor hitman sheriff indian storekeep dancer mayor bandit")


def test_r6_7_reporter_right_call_puts_a_headline_on_the_card():
    """R6.7 (R7.1, R8.4): the marker is spent and the Mayor opposite stays face up."""
    state = table(street1=MAYOR_AT_7, saloon1=("reverend", "reporter"))
    mark = len(state.log)
    play(state, "reporter 7 mayor")
    result = state.to_json()
    assert result["seats"][0]["stash"]["headline"] == 2
    assert result["seats"][1]["headlined"] == [7]
    evts = since(state, mark, None)
    assert kinds(evts) == ["reporter", "reveal", "reveal", "headline"]
    assert evts[-1] == {"turn": 1, "type": "headline", "seat": 1, "col": 7, "card": "mayor"}
    for viewer in (0, None):
        assert view(state, viewer)["seats"][1]["street"] == [None] * 6 + ["mayor", None]
        assert view(state, viewer)["seats"][1]["headlined"] == [7]


def test_r6_7_headlined_card_stays_face_up_when_it_moves():
    """R6.7 (R7.1, rules-notes 4): the headlined Mayor moves by its owner's swap, by seat
    0's Dancer, into the Saloon and back out, face up all the way."""
    state = table(street1=MAYOR_AT_7, saloon1=("reverend", "reporter"))
    play(state, "reporter 7 mayor", "move 1 2 pretend")
    play(state, "move 5 7 swap")  # seat 1 moves its Mayor to column 5
    assert seat_json(state, 1)["headlined"] == [5]
    assert view(state, 0)["seats"][1]["street"] == [None] * 4 + ["mayor", None, None, None]
    play(state, "move 1 2 pretend")
    play(state, "dancer 6 @5")  # seat 0's Dancer pulls the Mayor to column 6
    assert seat_json(state, 1)["headlined"] == [6]
    assert view(state, 0)["seats"][1]["street"][5] == "mayor"
    play(state, "move 1 2 pretend")
    play(state, "saloon reverend 6 8 mayor reverend")  # the Mayor goes to the Saloon
    assert seat_json(state, 1)["headlined"] == []
    assert view(state, 0)["seats"][1]["saloon"] == ["mayor", "reporter"]
    play(state, "saloon mayor 6 8 reverend mayor")  # and comes back out at column 6
    assert seat_json(state, 1)["headlined"] == [6]
    assert view(state, 0)["seats"][1]["street"] == [None] * 5 + ["mayor", None, None]


def test_r6_7_reporter_wrong_call_loses_the_marker():
    """R6.7: the call is wrong: the marker is discarded, nothing stays face up."""
    state = table(street1=MAYOR_AT_7, saloon1=("reverend", "reporter"))
    mark = len(state.log)
    play(state, "reporter 7 hitman")
    result = state.to_json()
    assert result["seats"][0]["stash"]["headline"] == 2
    assert result["seats"][1]["headlined"] == []
    assert kinds(since(state, mark)) == ["reporter", "reveal", "reveal"]
    assert view(state, 0)["seats"][1]["street"] == [None] * 8


def test_r6_7_reporter_needs_a_marker():
    """R6.7: three markers, three wrong calls, then the Reporter has nothing to spend."""
    state = table(street1=MAYOR_AT_7, saloon1=("reverend", "reporter"))
    play(state, "reporter 7 hitman", "reporter 7 sheriff")
    play(state, "move 1 2 pretend", "move 1 2 pretend")
    play(state, "reporter 7 indian")
    assert seat_json(state, 0)["stash"]["headline"] == 0
    assert rejected(state, "reporter 7 mayor") == "R6.7"
    assert legal_of(state, "reporter") == set()


def test_r6_7_reporter_never_calls_the_governor_nor_marks_a_card_twice():
    """R6.7 (rules-notes 3): `governor` is no call; a headlined card takes no second
    marker."""
    state = table(street1=line("governor hitman sheriff indian storekeep dancer reporter bandit"))
    assert rejected(state, "reporter 7 governor") == "R6.7"
    assert "reporter 7 governor" not in legal(state)
    play(state, "reporter 7 reporter")
    assert seat_json(state, 1)["headlined"] == [7]
    assert rejected(state, "reporter 7 reporter") == "R6.7"
    assert legal_of(state, "reporter") == set()


# == R6.8 Bandit ==========================================================================


@pytest.mark.parametrize(("card", "token"), [("hitman", "bullet"), ("sheriff", "handcuffs")])
def test_r6_8_bandit_steals_from_the_opponent_stash(card, token):
    """R6.8: a right call takes the matching token from the opponent's stash."""
    rest = [c for c in ("hitman", "sheriff") if c != card]
    other = line(f"governor {rest[0]} bandit indian storekeep dancer reporter {card}")
    state = table(street1=other)
    mark = len(state.log)
    play(state, f"bandit 8 {card}")
    result = state.to_json()
    assert result["seats"][0]["stash"][token] == 2
    assert result["seats"][1]["stash"][token] == 0
    evts = since(state, mark, 1)
    assert kinds(evts) == ["bandit", "reveal", "reveal", "steal"]
    assert evts[-1] == {"turn": 1, "type": "steal", "seat": 0, "token": token}
    assert reveals(evts) == [(0, 8, "bandit"), (1, 8, card)]


def test_r6_8_bandit_wrong_call_takes_nothing():
    """R6.8: the Sheriff called, the Hitman revealed: nothing is taken."""
    state = table(street1=line("governor sheriff bandit indian storekeep dancer reporter hitman"))
    before = state.to_json()
    play(state, "bandit 8 sheriff")
    result = state.to_json()
    assert result["seats"] == before["seats"]
    assert "steal" not in kinds(events(state))


def test_r6_8_bandit_right_call_on_an_empty_stash_takes_nothing():
    """R6.8 (rules-notes 7): seat 1's Hitman has spent his Bullet; the Bandit's right call
    still reveals him, and there is nothing to take."""
    state = table(
        street1=line("governor sheriff bandit indian storekeep dancer reporter hitman"), first=1
    )
    play(state, "hitman 8", "move 1 2 pretend")  # misses seat 0's Bandit
    mark = len(state.log)
    play(state, "bandit 8 hitman")
    result = state.to_json()
    assert result["seats"][0]["stash"]["bullet"] == 1
    assert result["seats"][1]["stash"]["bullet"] == 0
    assert kinds(since(state, mark)) == ["bandit", "reveal", "reveal"]


def test_r6_8_bandit_calls_hitman_or_sheriff_and_never_with_the_mayor():
    """R6.8 (R6.10)."""
    state = table(
        street0=line("governor hitman sheriff indian storekeep dancer mayor bandit"),
        saloon0=("reverend", "reporter"),
    )
    assert legal_of(state, "bandit") == {"bandit 8 hitman", "bandit 8 sheriff"}
    assert rejected(state, "bandit 8 governor") == "R6.8"
    assert rejected(state, "bandit 8 bandit") == "R6.8"
    assert rejected(state, "bandit 8 hitman +mayor") == "R6.10"


def test_r6_8_stolen_handcuffs_leave_no_interception():
    """R6.8 (R6.3.3): seat 0's Bandit takes seat 1's only Handcuffs; seat 0's Hitman then
    kills the Governor at once, though seat 1's Sheriff stands beside him."""
    state = table(
        street0=line("bandit hitman indian reporter storekeep dancer sheriff governor"),
        street1=line("sheriff governor indian hitman storekeep dancer reporter bandit"),
    )
    play(state, "bandit 1 sheriff")
    assert seat_json(state, 1)["stash"]["handcuffs"] == 0
    assert seat_json(state, 0)["stash"]["handcuffs"] == 2
    mark = len(state.log)
    play(state, "hitman 2")
    assert kinds(since(state, mark)) == ["hitman", "reveal", "reveal", "win"]
    assert (state.winner, state.how) == (0, "bad")


# == R6.9.1 Reverend frees the Bandit =====================================================


def test_r6_9_1_seat_1_reverend_frees_the_bandit_on_his_left():
    """R6.9.1 (R6.9, R7.3, R2.2): seat 1's Bandit is immobilized at column 3. Its Reverend
    at column 4 has column 5 on his left and cannot free it; moved to column 2 (column 3
    on his left) he frees it, and the Bandit turns face down and may act again."""
    state = table(
        street1=line("governor hitman bandit reverend indian dancer reporter sheriff"),
        saloon1=("storekeep", "mayor"),
    )
    play(state, "sheriff 3 bandit")
    assert legal(state) == {"pass"}
    play(state, "pass", "move 4 5 pretend")
    assert state.to_act == 1
    assert rejected(state, "reverend 4") == "R6.9.1"
    assert legal_of(state, "reverend") == set()
    play(state, "move 2 4 swap")
    assert legal_of(state, "reverend") == {"reverend 2"}
    mark = len(state.log)
    play(state, "reverend 2")
    result = state.to_json()
    assert result["seats"][1]["immobilized"] == []
    evts = since(state, mark, 0)
    assert kinds(evts) == ["reverend", "reveal", "freed", "turn"]
    assert evts[2] == {"turn": 2, "type": "freed", "seat": 1, "col": 3}
    assert view(state, 0)["seats"][1]["street"] == [None] * 8
    play(state, "move 4 5 pretend", "move 4 5 pretend")
    play(state, "bandit 3 sheriff")  # the freed Bandit takes seat 0's Handcuffs back
    assert seat_json(state, 1)["stash"]["handcuffs"] == 2


def test_r6_9_1_seat_0_reverend_frees_the_bandit_on_his_left():
    """R6.9.1 (R6.9, R2.2): seat 0's Reverend at column 4 has column 3 on his left; he
    let the Sheriff's call stand (he could have cancelled it) and frees the Bandit later."""
    state = table(
        street0=line("governor hitman bandit reverend indian dancer reporter sheriff"),
        saloon0=("storekeep", "mayor"),
        first=1,
    )
    play(state, "sheriff 3 bandit")
    assert legal(state) == {"cancel", "pass"}
    play(state, "pass", "move 4 5 pretend")
    assert seat_json(state, 0)["immobilized"] == [3]
    assert legal_of(state, "reverend") == {"reverend 4"}
    play(state, "reverend 4")
    assert seat_json(state, 0)["immobilized"] == []
    assert events(state)[-1] == {"turn": 2, "type": "freed", "seat": 0, "col": 3}


def test_r6_9_1_seat_0_reverend_on_the_wrong_side_cannot_free():
    """R6.9.1 (R2.2): seat 0's Reverend at column 2 has column 1 on his left."""
    state = table(
        street0=line("governor reverend bandit hitman indian dancer reporter sheriff"),
        saloon0=("storekeep", "mayor"),
        first=1,
    )
    play(state, "sheriff 3 bandit", "pass", "move 4 5 pretend")
    assert rejected(state, "reverend 2") == "R6.9.1"
    assert legal_of(state, "reverend") == set()


@pytest.mark.parametrize(
    ("seat", "arrangement", "col"),
    [
        (0, "reverend governor hitman sheriff indian storekeep dancer bandit", 1),
        (0, "governor hitman sheriff reverend bandit storekeep dancer indian", 4),
        (1, "governor hitman sheriff reverend bandit storekeep dancer indian", 4),
        (1, "governor hitman sheriff indian storekeep dancer bandit reverend", 8),
    ],
    ids=["seat0-col1", "seat0-col4", "seat1-col4", "seat1-col8"],
)
def test_r6_9_1_reverend_cannot_act_without_an_immobilized_bandit(seat, arrangement, col):
    """R6.9.1 (Decision: illegal when there is no such Bandit), at the street's edges too."""
    streets = {seat: line(arrangement), 1 - seat: DEFAULT}
    saloons = {seat: ("reporter", "mayor"), 1 - seat: ("reverend", "mayor")}
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1], first=seat
    )
    assert legal_of(state, "reverend") == set()
    assert rejected(state, f"reverend {col}") == "R6.9.1"


# == R6.10 Mayor ==========================================================================


@pytest.mark.parametrize("target", [2, 3, 4])
def test_r6_10_mayor_widens_the_seat_0_sheriff(target):
    """R6.10 (R6.3, R2.2): seat 0's Mayor at column 2 stands immediately left of the
    Sheriff at 3; both are revealed and the Sheriff may reach columns 2, 3 or 4."""
    other = ["governor", "indian", "storekeep", "dancer", "reporter", "bandit", "sheriff"]
    other.insert(target - 1, "hitman")
    state = table(
        street0=line("governor mayor sheriff indian storekeep dancer reporter bandit"),
        saloon0=("reverend", "hitman"),
        street1=tuple(other),
    )
    assert legal_of(state, "sheriff") == {
        "sheriff 3 hitman", "sheriff 3 bandit",
        "sheriff 3 hitman @2 +mayor", "sheriff 3 bandit @2 +mayor",
        "sheriff 3 hitman +mayor", "sheriff 3 bandit +mayor",
        "sheriff 3 hitman @4 +mayor", "sheriff 3 bandit @4 +mayor",
    }  # fmt: skip
    mark = len(state.log)
    play(state, f"sheriff 3 hitman @{target} +mayor")
    evts = since(state, mark, 1)
    assert evts[0]["mayor"] is True and evts[0]["target"] == target
    assert reveals(evts) == [(0, 3, "sheriff"), (0, 2, "mayor"), (1, target, "hitman")]
    play(state, "pass")
    assert (state.winner, state.how) == (0, "ugly")


def test_r6_10_mayor_widens_the_seat_1_sheriff_mirrored():
    """R6.10 (R6.3, R2.2): for seat 1 the Mayor immediately left of the Sheriff at 3 is
    at column 4; the Hitman of seat 0 at column 2 is then within reach."""
    state = table(
        street1=line("governor indian sheriff mayor storekeep dancer reporter bandit"),
        saloon1=("reverend", "hitman"),
        first=1,
    )
    mark = len(state.log)
    play(state, "sheriff 3 hitman @2 +mayor")
    assert reveals(since(state, mark)) == [(1, 3, "sheriff"), (1, 4, "mayor"), (0, 2, "hitman")]
    play(state, "pass")
    assert (state.winner, state.how) == (1, "ugly")


@pytest.mark.parametrize(
    ("seat", "arrangement"),
    [
        (0, "governor indian sheriff mayor storekeep dancer reporter bandit"),  # Mayor at 4
        (1, "governor mayor sheriff indian storekeep dancer reporter bandit"),  # Mayor at 2
    ],
)
def test_r6_10_mayor_on_the_wrong_side_does_not_help(seat, arrangement):
    """R6.10 (R2.2): the Mayor must stand immediately to the card's left as its owner
    sees it: column 2 for seat 0's Sheriff at 3, column 4 for seat 1's."""
    streets = {seat: line(arrangement), 1 - seat: DEFAULT}
    saloons = {seat: ("reverend", "hitman"), 1 - seat: ("reverend", "mayor")}
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1], first=seat
    )
    for target in (2, 3, 4):
        assert rejected(state, f"sheriff 3 hitman @{target} +mayor") == "R6.10"
    assert legal_of(state, "sheriff") == {"sheriff 3 hitman", "sheriff 3 bandit"}


def test_r6_10_mayor_in_the_saloon_extends_nothing():
    """R6.10: the Mayor must be on Main Street."""
    state = table()  # seat 0's Mayor is in the Saloon
    assert rejected(state, "indian 4 @5 +mayor") == "R6.10"
    assert rejected(state, "indian 4 +mayor") == "R6.10"
    assert rejected(state, "storekeep 5 3 7 +mayor") == "R6.10"


def test_r6_10_mayor_may_be_revealed_for_a_target_in_plain_range():
    """R6.10 (rules-notes 1): revealing the Mayor is a choice; the opposite card stays
    within the wider reach."""
    state = table(
        street0=line("governor mayor sheriff indian storekeep dancer reporter bandit"),
        saloon0=("reverend", "hitman"),
        street1=HITMAN_AT_3,
    )
    mark = len(state.log)
    play(state, "sheriff 3 hitman +mayor")
    assert reveals(since(state, mark)) == [(0, 3, "sheriff"), (0, 2, "mayor"), (1, 3, "hitman")]


@pytest.mark.parametrize(
    ("seat", "arrangement", "mayor_col"),
    [
        (0, "governor hitman indian mayor storekeep sheriff reporter bandit", 4),
        (1, "governor hitman sheriff indian storekeep mayor reporter bandit", 6),
    ],
)
def test_r6_10_mayor_widens_the_storekeep_to_five_slots(seat, arrangement, mayor_col):
    """R6.10 (R6.5, R2.3, R2.2): with the Mayor the Storekeep at 5 reaches slots 3..7;
    seat 0's Mayor stands at column 4, seat 1's at column 6."""
    streets = {seat: line(arrangement), 1 - seat: DEFAULT}
    saloons = {seat: ("reverend", "dancer"), 1 - seat: ("reverend", "mayor")}
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1], first=seat
    )
    assert len(legal_of(state, "storekeep")) == 6 + 10 + 5
    assert rejected(state, "storekeep 5 3 7") == "R6.5"
    assert rejected(state, "storekeep 5 2 5 +mayor") == "R6.10"
    assert rejected(state, "storekeep 5 8 supply +mayor") == "R6.10"
    mark = len(state.log)
    play(state, "storekeep 5 3 7 +mayor")
    assert state.to_json()["slots"][2] == "bogus" and state.to_json()["slots"][6] == "vote"
    evts = since(state, mark, 1 - seat)
    assert evts[0]["slots"] == [3, 7] and evts[0]["mayor"] is True
    assert reveals(evts) == [(seat, 5, "storekeep"), (seat, mayor_col, "mayor")]
    play(state, "storekeep 5 3 supply +mayor")
    assert state.to_json()["reserve"][-1] == "bogus"


@pytest.mark.parametrize(
    ("seat", "arrangement", "mayor_col", "target"),
    [
        (0, "governor hitman sheriff indian storekeep mayor reporter bandit", 6, 8),
        (1, "governor hitman sheriff indian storekeep dancer reporter mayor", 8, 6),
    ],
)
def test_r6_10_mayor_widens_the_reporter(seat, arrangement, mayor_col, target):
    """R6.10 (R6.7, R2.2): the Reporter at 7 reaches a neighbour of the card opposite."""
    streets = {seat: line(arrangement), 1 - seat: DEFAULT}
    saloons = {
        seat: ("reverend", "dancer" if seat == 0 else "bandit"),
        1 - seat: ("reverend", "mayor"),
    }
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1], first=seat
    )
    card = DEFAULT[target - 1]
    assert rejected(state, f"reporter 7 {card} @{target}") == "R6.10"
    mark = len(state.log)
    play(state, f"reporter 7 {card} @{target} +mayor")
    assert reveals(since(state, mark)) == [
        (seat, 7, "reporter"),
        (seat, mayor_col, "mayor"),
        (1 - seat, target, card),
    ]
    assert seat_json(state, 1 - seat)["headlined"] == [target]


@pytest.mark.parametrize(
    ("seat", "arrangement", "col", "target"),
    [
        (0, "governor hitman sheriff mayor indian storekeep dancer bandit", 5, 6),
        (1, "governor hitman sheriff indian mayor storekeep dancer bandit", 4, 3),
    ],
)
def test_r6_10_mayor_widens_the_indian(seat, arrangement, col, target):
    """R6.10 (R6.4, R2.2): seat 0's Indian at 5 with the Mayor at 4; seat 1's Indian at 4
    with the Mayor at 5."""
    streets = {seat: line(arrangement), 1 - seat: DEFAULT}
    saloons = {seat: ("reverend", "reporter"), 1 - seat: ("reverend", "mayor")}
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1], first=seat
    )
    assert legal_of(state, "indian") == {
        f"indian {col}",
        f"indian {col} @{col - 1} +mayor",
        f"indian {col} +mayor",
        f"indian {col} @{col + 1} +mayor",
    }
    play(state, f"indian {col} @{target} +mayor")
    assert reveals(events(state))[-1] == (1 - seat, target, DEFAULT[target - 1])


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize(
    ("card", "text"),
    [
        ("hitman", "hitman 4 +mayor"),
        ("dancer", "dancer 4 @5 +mayor"),
        ("bandit", "bandit 4 hitman +mayor"),
        ("reverend", "reverend 4 +mayor"),
    ],
)
def test_r6_10_mayor_never_extends_hitman_dancer_bandit_or_reverend(seat, card, text):
    """R6.10: the Mayor stands immediately left of the card (column 3 for seat 0, 5 for
    seat 1), yet cannot be revealed with it."""
    mayor_col = 3 if seat == 0 else 5
    arrangement = around({4: card, mayor_col: "mayor"})
    streets = {seat: arrangement[0], 1 - seat: DEFAULT}
    saloons = {seat: arrangement[1], 1 - seat: ("reverend", "mayor")}
    state = table(
        street0=streets[0], saloon0=saloons[0], street1=streets[1], saloon1=saloons[1], first=seat
    )
    assert rejected(state, text) == "R6.10"


@pytest.mark.parametrize("text", ["look 4 +mayor", "take 4 vote +mayor"])
def test_r6_10_mayor_never_extends_look_or_take(text):
    """R6.10: "not for Look or Take": a Look or Take asking for the Mayor is refused, and
    nothing changes."""
    state = table(
        street0=line("governor hitman mayor indian storekeep dancer reporter bandit"),
        saloon0=("reverend", "sheriff"),
    )
    before = state.to_json()
    with pytest.raises((IllegalAction, FormatError)):
        play(state, text)
    assert state.to_json() == before


def test_r6_10_look_and_take_never_reveal_the_mayor():
    """R6.10: a Look or a Take reveals only the card that looks or takes."""
    state = table(
        street0=line("governor hitman mayor indian storekeep dancer reporter bandit"),
        saloon0=("reverend", "sheriff"),
        tokens=line(
            "bogus bogus vote vote bullet vote bogus handcuffs vote bogus vote election vote"
        ),
    )
    mark = len(state.log)
    play(state, "look 4", "take 4 vote")
    assert reveals(since(state, mark)) == [(0, 4, "indian"), (0, 4, "indian")]
    assert all(not a.mayor for a in state.legal_actions() if a.type in ("look", "take"))


# == R7 States of a card ==================================================================


def test_r7_1_cards_start_face_down_except_the_saloon():
    """R7.1 (R2.4): each seat sees its own street, the other's Saloon, and nothing of the
    other's street."""
    state = table()
    for seat in (0, 1):
        seen = view(state, seat)["seats"]
        assert seen[seat]["street"] == list(DEFAULT)
        assert seen[1 - seat]["street"] == [None] * 8
        assert seen[1 - seat]["saloon"] == ["reverend", "mayor"]
    assert view(state, None)["seats"][0]["street"] == [None] * 8


def test_r7_1_headlined_and_immobilized_cards_are_face_up():
    """R7.1 (R8.4): after a headline and an immobilization both cards show to everyone."""
    state = table(
        street1=line("governor sheriff bandit indian storekeep dancer mayor hitman"),
        saloon1=("reverend", "reporter"),
    )
    play(state, "sheriff 3 bandit", "pass", "reporter 7 mayor")
    for viewer in (0, None):
        shown = view(state, viewer)["seats"][1]
        assert shown["street"] == [None, None, "bandit", None, None, None, "mayor", None]
        assert (shown["immobilized"], shown["headlined"]) == ([3], [7])


def test_r7_2_a_revealed_card_is_face_up_only_for_its_action():
    """R7.2 (R4.2): the Indian's reveal is in both logs, not on the street afterwards."""
    state = table()
    play(state, "indian 4")
    for seat in (0, 1):
        assert view(state, seat)["seats"][1 - seat]["street"] == [None] * 8
        assert (0, 4, "indian") in reveals(view(state, seat)["log"])
        assert (1, 4, "indian") in reveals(view(state, seat)["log"])


def test_r7_3_immobilized_bandit_cannot_move_act_or_be_used():
    """R7.3 (R4.3, R7.1): seat 1's immobilized Bandit at column 3 stays face up and put:
    its owner may not move it, send it to the Saloon, or reveal it for a Look, a Take or
    its ability, and no legal action names its column."""
    state = table(street1=BANDIT_AT_3)
    play(state, "sheriff 3 bandit", "pass", "move 1 2 pretend")
    assert state.to_act == 1
    for text in (
        "move 3 4 swap",
        "move 2 3 pretend",
        "saloon reverend 3 4 bandit reverend",
        "look 3",
        "take 3 vote",
        "bandit 3 sheriff",
    ):
        assert rejected(state, text) == "R4.3"
    assert not any(3 in (a.col, a.a, a.b) for a in state.legal_actions())
    play(state, "move 1 2 swap", "move 4 8 swap")
    assert street(state, 1)[2] == "bandit"
    assert seat_json(state, 1)["immobilized"] == [3]
    assert view(state, 0)["seats"][1]["street"][2] == "bandit"


@pytest.mark.parametrize(
    ("arrangement", "saloon", "text"),
    [
        ("mayor sheriff hitman governor indian storekeep dancer bandit", "reporter", "hitman 3"),
        ("mayor sheriff indian governor hitman storekeep dancer bandit", "reporter", "indian 3"),
        (
            "mayor sheriff reporter governor hitman storekeep dancer bandit",
            "indian",
            "reporter 3 bandit",
        ),
        (
            "mayor sheriff bandit governor hitman storekeep dancer indian",
            "reporter",
            "bandit 3 sheriff",
        ),
        (
            "mayor sheriff bandit governor hitman storekeep dancer indian",
            "reporter",
            "sheriff 2 bandit @3 +mayor",
        ),
    ],
    ids=["hitman", "indian", "reporter", "bandit", "sheriff"],
)
def test_r7_3_immobilized_bandit_cannot_be_targeted(arrangement, saloon, text):
    """R7.3 (R4.3, rules-notes 2, R6.10): seat 0's Sheriff at column 2, widened by the
    Mayor at column 1, immobilizes seat 1's Bandit at column 3; seat 0's card at column 3
    may then not target it."""
    state = table(street0=line(arrangement), saloon0=("reverend", saloon), street1=BANDIT_AT_3)
    play(state, "sheriff 2 bandit @3 +mayor", "pass")
    assert seat_json(state, 1)["immobilized"] == [3]
    assert seat_json(state, 0)["stash"]["handcuffs"] == 1
    assert rejected(state, text) == "R4.3"
