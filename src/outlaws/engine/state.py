"""The true state of a game and the rules that change it (docs/rules.md R3-R9).

:class:`State` is the one place where the rules live. It answers whose decision is next,
the complete list of legal actions, applies an action or rejects it (naming the rule and
leaving the state untouched), and says who won and how. It is integer-backed for speed:
cards and tokens are small ints, columns are 0-based inside, and actions are ids of the
fixed action space of :mod:`outlaws.engine.actions`.

The true state must never reach a seat: hand out
:func:`~outlaws.engine.views.seat_view` of it instead (the views module decides what a
seat sees; this one knows nothing of views).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeVar

from .actions import (
    ABILITY_TYPES,
    ACTION_OF_ID,
    BANDIT_CALLS,
    CANCEL_ID,
    INTERCEPT_ID,
    K_BANDIT,
    K_CANCEL,
    K_DANCER,
    K_HITMAN,
    K_INDIAN,
    K_INTERCEPT,
    K_LOOK,
    K_MOVE,
    K_PASS,
    K_REPORTER,
    K_REVEREND,
    K_SALOON,
    K_SHERIFF,
    K_STOREKEEP,
    K_TAKE,
    NUM_ACTIONS,
    PASS_ID,
    SHERIFF_CALLS,
    SPEC_ID,
    SPECS,
    Action,
    fields_of,
    spec_to_action,
)
from .errors import FormatError, IllegalAction
from .names import (
    ALL_KNOW,
    BANDIT,
    BOGUS,
    BULLET,
    CHARACTER_ID,
    CHARACTERS,
    COLUMNS,
    DANCER,
    ELECTION,
    GOVERNOR,
    HANDCUFFS,
    HEADLINE,
    HITMAN,
    INDIAN,
    KNOWS,
    LEFT,
    MAYOR,
    REPORTER,
    REVEREND,
    RIGHT,
    SHERIFF,
    STASH_KEYS,
    STOREKEEP,
    TAKEABLE,
    TOKEN_COUNTS,
    TOKEN_ID,
    TOKENS,
    VOTE,
)
from .setup import Setup
from .tables import AS_BITS, AS_IDS, TARGETS, LegalTables

#: "No column": the immobilized column of a seat without an immobilized Bandit.
NO_COL = COLUMNS
EMPTY = -1

# Pending reactions (R8.5).
NO_PENDING, PENDING_INTERCEPT, PENDING_CANCEL = 0, 1, 2
PENDING_NAMES: tuple[Reaction | None, ...] = (None, "intercept", "cancel")
# What a Reverend's cancel would undo (R6.9.2).
EFFECT_ARREST, EFFECT_IMMOBILIZE = 0, 1

#: A game is being played or is over (docs/format.md's ``status``).
Status = Literal["playing", "over"]
#: How a game ended (R9): the Good (an election), the Bad (an assassination), the Ugly
#: (an arrest), or the turn limit (R9.5) with no winner.
How = Literal["good", "bad", "ugly", "limit"]
#: The reaction a pending prompt waits for (R8.5).
Reaction = Literal["intercept", "cancel"]

STATUS_PLAYING: Status = "playing"
STATUS_OVER: Status = "over"
HOW_GOOD: How = "good"
HOW_BAD: How = "bad"
HOW_UGLY: How = "ugly"
HOW_LIMIT: How = "limit"

_ABILITY_OF_KIND = {
    K_HITMAN: HITMAN,
    K_SHERIFF: SHERIFF,
    K_INDIAN: INDIAN,
    K_STOREKEEP: STOREKEEP,
    K_DANCER: DANCER,
    K_REPORTER: REPORTER,
    K_BANDIT: BANDIT,
    K_REVEREND: REVEREND,
}
_RULE_OF_ABILITY = {
    HITMAN: "R6.2",
    SHERIFF: "R6.3",
    INDIAN: "R6.4",
    STOREKEEP: "R6.5",
    DANCER: "R6.6",
    REPORTER: "R6.7",
    BANDIT: "R6.8",
    REVEREND: "R6.9",
}


_COLUMN_FIELDS = ("col", "a", "b", "target", "from_")


_T = TypeVar("_T")


def _given(value: _T | None) -> _T:
    """A field :func:`_check_shape` found present (it refuses an action missing one)."""
    if value is None:  # pragma: no cover - _check_shape ran first
        raise IllegalAction("R4", "the action misses a field")
    return value


def _check_shape(action: Action) -> None:
    """Refuse an :class:`Action` built in code with fields no docs/format.md action can have
    (JSON and notation parsing already refuse them): columns off the street (R5.8), the
    Mayor on a Look or a Take (R6.10), a field its type does not use."""
    for name in _COLUMN_FIELDS:
        value = getattr(action, name)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= COLUMNS
        ):
            raise IllegalAction(
                "R5.8", f"{name.rstrip('_')} must be a column from 1 to {COLUMNS}, not {value!r}"
            )
    for value in action.slots or ():
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= COLUMNS:
            raise IllegalAction("R5.8", f"slots must be slots from 1 to {COLUMNS}, not {value!r}")
    if action.mayor and action.type not in ABILITY_TYPES:
        raise IllegalAction("R6.10", f"the Mayor never extends a {action.type.capitalize()}")
    missing = [name for name in fields_of(action.type) if getattr(action, name) is None]
    if missing:
        article = "an" if action.type[:1] in "aeiou" else "a"
        raise IllegalAction("R5", f"{article} {action.type} action needs {', '.join(missing)}")


#: _PLACED[role][order]: which of (Saloon card, card at a, card at b) end at a and at b.
_PLACED = tuple(
    (tuple(i for i in (0, 1, 2) if i != role), tuple(reversed([i for i in (0, 1, 2) if i != role])))
    for role in (0, 1, 2)
)


class State:
    """A game in progress: the true, complete state (never show it to a seat).

    Create one with :meth:`new`. Ask :attr:`to_act`, :meth:`legal_actions` (or the fast
    :meth:`legal_action_ids`), then :meth:`apply` (or :meth:`apply_id`). An illegal action
    raises :class:`IllegalAction` naming the rule and changes nothing.
    """

    __slots__ = (
        # The views module keeps each live state's rendered log in a weak mapping.
        "__weakref__",
        "actions_left",
        "active",
        "aside",
        "context",
        "discard",
        "filled",
        "headlined",
        "history",
        "how",
        "immobile",
        "known",
        "log",
        "over",
        "pending",
        "reserve",
        "saloon",
        "seed",
        "setup",
        "slots",
        "stash",
        "street",
        "sudden_death",
        "sudden_deaths",
        "to_act",
        "turn",
        "turn_limit",
        "winner",
    )

    setup: Setup | None
    seed: int
    turn_limit: int | None
    street: list[list[int]]
    saloon: list[list[int]]
    slots: list[int]
    known: list[int]
    filled: int
    reserve: list[int]
    stash: list[list[int]]
    discard: list[int]
    aside: list[int]
    immobile: list[int]
    headlined: list[int]
    active: int
    to_act: int | None
    actions_left: int
    pending: int
    context: tuple[int, ...]
    turn: int
    over: bool
    winner: int | None
    how: How | None
    sudden_death: bool
    sudden_deaths: int
    log: list[tuple[Any, ...]]
    history: list[int]

    # -- creation ----------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int = 0, setup: Setup | None = None, turn_limit: int | None = None) -> State:
        """A new game: dealt from ``seed`` (R3), or from an explicit ``setup`` (R3.4).

        ``seed`` also drives every later random event (the R9.4 shuffle). ``turn_limit``
        ends the game with no winner once that many turns have been played (R9.5).
        """
        if turn_limit is not None and turn_limit < 1:
            raise ValueError("turn_limit must be at least 1 (R9.5)")
        if setup is None:
            setup = Setup.random(seed)
        self = cls.__new__(cls)
        self.setup = setup
        self.seed = seed
        self.turn_limit = turn_limit
        self.street = [list(setup.streets[0]), list(setup.streets[1])]
        self.saloon = [list(setup.saloons[0]), list(setup.saloons[1])]
        self.slots = list(setup.tokens[:COLUMNS])
        self.known = [0] * COLUMNS
        self.filled = COLUMNS
        self.reserve = list(setup.tokens[COLUMNS:])
        # R3.2: 1 Bullet, 1 Handcuffs and 3 Headline markers each (indexed by token id).
        self.stash = [[1, 1, 0, 0, 0, 3], [1, 1, 0, 0, 0, 3]]
        self.discard = [0, 0]
        self.aside = [0] * len(TOKENS)
        self.immobile = [NO_COL, NO_COL]
        self.headlined = [0, 0]
        self.active = self.to_act = setup.first
        self.actions_left = 2
        self.pending = NO_PENDING
        self.context = ()
        self.turn = 1
        self.over = False
        self.winner = None
        self.how = None
        self.sudden_death = False
        self.sudden_deaths = 0
        self.log = [("turn", 1, setup.first)]
        self.history = []
        return self

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        *,
        seed: int = 0,
        turn_limit: int | None = None,
        known: Sequence[int] | None = None,
    ) -> State:
        """A position from the whole-state JSON of :meth:`to_json` (like a chess FEN):
        for tests, analysis and the search's sampled worlds.

        ``known[slot]`` is the knowledge of each slot's token as bits (1: seat 0 knows it,
        2: seat 1, 4: shown to all; default: nobody). A pending reaction cannot be set up
        this way (its columns are not part of the state). The position has no history:
        :func:`~outlaws.engine.record_of` needs a game started with :meth:`new`.
        Raises :class:`FormatError` naming the field at fault.
        """
        return _position(cls, data, seed, turn_limit, known)

    def clone(self, past: bool = True) -> State:
        """An independent copy (the search's other inner loop). ``past=False``: without
        the log and the history, which start empty (no rule reads them): a copy to look
        ahead on that costs as little late in a game as early."""
        other = State.__new__(State)
        other.setup = self.setup
        other.seed = self.seed
        other.turn_limit = self.turn_limit
        s0, s1 = self.street
        other.street = [s0[:], s1[:]]
        s0, s1 = self.saloon
        other.saloon = [s0[:], s1[:]]
        other.slots = self.slots[:]
        other.known = self.known[:]
        other.filled = self.filled
        other.reserve = self.reserve[:]
        s0, s1 = self.stash
        other.stash = [s0[:], s1[:]]
        other.discard = self.discard[:]
        other.aside = self.aside[:]
        other.immobile = self.immobile[:]
        other.headlined = self.headlined[:]
        other.active = self.active
        other.to_act = self.to_act
        other.actions_left = self.actions_left
        other.pending = self.pending
        other.context = self.context
        other.turn = self.turn
        other.over = self.over
        other.winner = self.winner
        other.how = self.how
        other.sudden_death = self.sudden_death
        other.sudden_deaths = self.sudden_deaths
        other.log = self.log[:] if past else []
        other.history = self.history[:] if past else []
        return other

    # -- questions ---------------------------------------------------------------------
    @property
    def status(self) -> Status:
        return STATUS_OVER if self.over else STATUS_PLAYING

    @property
    def pending_reaction(self) -> Reaction | None:
        """``"intercept"`` or ``"cancel"`` while a reaction is awaited (R8.5), else None."""
        return PENDING_NAMES[self.pending]

    def legal_action_ids(self) -> list[int]:
        """Every legal action of the seat :attr:`to_act`, as action ids, each once, in
        an order fixed by the position (empty once the game is over)."""
        ids: list[int] = self._legal(AS_IDS, [])
        return ids

    def legal_action_mask(self) -> int:
        """The legal action ids of :meth:`legal_action_ids` as the bits of an int (bit
        ``i`` set when id ``i`` is legal; 0 once the game is over): a mask without a list,
        for the research interfaces."""
        bits: int = self._legal(AS_BITS, 0)
        return bits

    def _legal(self, tables: LegalTables, out: Any) -> Any:
        """Add up the parts of ``tables`` legal here onto ``out`` (a list of ids or an int
        of bits): one table lookup per feature of the position (R5, R6)."""
        if self.over:
            return out
        if self.pending:
            if self.pending == PENDING_INTERCEPT:
                can = self._intercepting_sheriff() >= 0
                out += tables.intercept_or_pass if can else tables.only_pass
            else:
                can = self._cancelling_reverend() >= 0
                out += tables.cancel_or_pass if can else tables.only_pass
            return out
        s = self.active
        o = 1 - s
        street = self.street[s]
        imm = self.immobile[s]
        oimm = self.immobile[o]
        g = street.index(GOVERNOR)
        out += tables.move_saloon[g][imm]
        stash = self.stash[s]
        filled = self.filled
        # Look and Take (R5.3, R5.4): one table lookup per filled slot.
        look_take = tables.look_take
        for c in range(filled):
            if c != imm:
                out += look_take[c][street[c]]
        if g < filled and stash[VOTE] > self.stash[o][VOTE]:
            out += tables.election[g]
        # The column whose Mayor stands immediately to its left (R6.10), if any.
        mayored = street.index(MAYOR) - LEFT[s] if MAYOR in street else -9
        for c in range(COLUMNS):
            ch = street[c]
            if ch == HITMAN:
                if stash[BULLET] and c != oimm:
                    out += tables.hitman[c]
            elif ch == SHERIFF:
                if stash[HANDCUFFS]:
                    out += tables.sheriff[c][c == mayored][oimm]
            elif ch == INDIAN:
                out += tables.indian[c][c == mayored][oimm]
            elif ch == STOREKEEP:
                out += tables.storekeep[c][c == mayored][filled][bool(self.reserve)]
            elif ch == DANCER:
                out += tables.dancer[c][oimm]
            elif ch == REPORTER:
                if stash[HEADLINE]:
                    ostreet = self.street[o]
                    marked = self.headlined[o]
                    reporter = tables.reporter[c]
                    for t, m in TARGETS[c][c == mayored]:
                        if t != oimm and not (marked >> ostreet[t]) & 1:
                            out += reporter[t, m]
            elif ch == BANDIT:
                if c != oimm and c != imm:
                    out += tables.bandit[c]
            elif ch == REVEREND:
                if imm != NO_COL and imm == c + LEFT[s]:
                    out += tables.reverend[c]
        return out

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat :attr:`to_act`, as docs/format.md actions."""
        return [self.decode(i) for i in self.legal_action_ids()]

    def is_legal(self, action: Action) -> bool:
        try:
            return self._illegal(SPECS[self.encode(action)]) is None
        except IllegalAction:
            return False

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (rule id and reason) unless ``action`` is legal."""
        spec = SPECS[self.encode(action)]
        error = self._illegal(spec)
        if error:
            raise IllegalAction(*error)

    # -- action ids <-> actions ----------------------------------------------------------
    def decode(self, action_id: int) -> Action:
        """The :class:`Action` of an action id, for the seat to act in this position."""
        action = ACTION_OF_ID[action_id]
        if action is not None:
            return action
        spec = SPECS[action_id]
        if spec[0] == K_SALOON:
            s = self.active
            street = self.street[s]
            return spec_to_action(spec, (self.saloon[s][spec[1]], street[spec[2]], street[spec[3]]))
        return spec_to_action(spec)

    def encode(self, action: Action) -> int:
        """The id of ``action`` for the seat to act. Raises :class:`IllegalAction` when the
        action cannot exist at all (a column out of reach, a call its character can never
        make, a Saloon card that is not in the Saloon)."""
        s = self.active
        return encode_action(action, self.saloon[s], self.street[s])

    # -- legality ----------------------------------------------------------------------
    def _illegal(self, spec: tuple[int, ...]) -> tuple[str, str] | None:
        """Why the action ``spec`` is illegal here, as (rule id, reason), or None."""
        if self.over:
            return ("R9", "the game is over")
        kind = spec[0]
        if self.pending:
            if kind == K_PASS:
                return None
            if kind == K_INTERCEPT and self.pending == PENDING_INTERCEPT:
                if self._intercepting_sheriff() < 0:
                    return ("R6.3.3", "no Sheriff of yours stands beside your Governor")
                return None
            if kind == K_CANCEL and self.pending == PENDING_CANCEL:
                if self._cancelling_reverend() < 0:
                    return (
                        "R6.9.2",
                        "no Reverend of yours stands with that card immediately to his left",
                    )
                return None
            reaction = PENDING_NAMES[self.pending]
            return ("R8.5", f"answer the {reaction} prompt: {reaction} or pass")
        if kind >= K_INTERCEPT:
            return ("R8.5", "no reaction is awaited")
        s = self.active
        street = self.street[s]
        imm = self.immobile[s]
        if kind == K_MOVE:
            if imm in (spec[1], spec[2]):
                return ("R4.3", f"your immobilized Bandit at column {imm + 1} cannot move")
            return None
        if kind == K_SALOON:
            _, _, a, b, role, _ = spec
            if imm in (a, b):
                return ("R4.3", f"your immobilized Bandit at column {imm + 1} cannot move")
            if (role == 1 and street[a] == GOVERNOR) or (role == 2 and street[b] == GOVERNOR):
                return ("R5.2", "the Governor may never go to the Saloon")
            return None
        o = 1 - s
        c = spec[1]
        if c == imm:
            return ("R4.3", f"your Bandit at column {c + 1} is immobilized and cannot act")
        ch = street[c]
        if kind in (K_LOOK, K_TAKE):
            if c >= self.filled:
                return ("R5.8", f"slot {c + 1} is empty")
            if kind == K_TAKE:
                token = spec[2]
                if token not in TAKEABLE[ch]:
                    return ("R5.4", f"the {CHARACTERS[ch]} may not take a {TOKENS[token]} (R5.5)")
                if token == ELECTION and self.stash[s][VOTE] <= self.stash[o][VOTE]:
                    return (
                        "R5.4",
                        "the Governor calls the Election only while you hold more Votes",
                    )
            return None
        needed = _ABILITY_OF_KIND[kind]
        if ch != needed:
            return ("R5.7", f"your card at column {c + 1} is not the {CHARACTERS[needed]}")
        rule = _RULE_OF_ABILITY[needed]
        mayor = spec[-1] if kind in (K_SHERIFF, K_INDIAN, K_STOREKEEP, K_REPORTER) else 0
        if mayor:
            m = c + LEFT[s]
            if not (0 <= m < COLUMNS and street[m] == MAYOR):
                return (
                    "R6.10",
                    "your Mayor is not immediately to the left of that card on Main Street",
                )
        stash = self.stash[s]
        oimm = self.immobile[o]
        if kind == K_HITMAN:
            if not stash[BULLET]:
                return (rule, "you hold no Bullet")
            if c == oimm:
                return ("R4.3", "the card opposite is immobilized")
        elif kind in (K_SHERIFF, K_INDIAN, K_REPORTER):
            target = spec[3] if kind != K_INDIAN else spec[2]
            if kind == K_SHERIFF and not stash[HANDCUFFS]:
                return (rule, "you hold no Handcuffs")
            if kind == K_REPORTER:
                if not stash[HEADLINE]:
                    return (rule, "you hold no Headline marker")
                if (self.headlined[o] >> self.street[o][target]) & 1:
                    return (rule, "that card already carries a Headline marker")
            if target == oimm:
                return ("R4.3", f"the card at column {target + 1} is immobilized")
        elif kind == K_STOREKEEP:
            _, _, s1, s2, _ = spec
            if max(s1, s2) >= self.filled:
                return ("R5.8", "the Storekeep names an empty slot")
            if s2 < 0 and not self.reserve:
                return (rule, "the reserve is empty")
        elif kind == K_DANCER:
            f = spec[2]
            if min(c, f) <= oimm <= max(c, f):
                return (rule, "an immobilized card would have to move (R4.3)")
        elif kind == K_BANDIT:
            if c == oimm:
                return ("R4.3", "the card opposite is immobilized")
        elif kind == K_REVEREND:
            if imm == NO_COL or imm != c + LEFT[s]:
                return ("R6.9.1", "no immobilized Bandit of yours stands immediately to his left")
        return None

    def _reacting(self) -> int:
        """The seat a pending reaction waits for (R8.5): the seat to act."""
        seat = self.to_act
        if seat is None:  # pragma: no cover - a reaction is only pending in a live game
            raise IllegalAction("R8.5", "no reaction is pending")
        return seat

    def _intercepting_sheriff(self) -> int:
        """The column of the defender's Sheriff that may intercept (R6.3.3), or -1."""
        d = self._reacting()
        g = self.context[0]
        street = self.street[d]
        if not self.stash[d][HANDCUFFS]:
            return -1
        for col in (g - 1, g + 1):
            if 0 <= col < COLUMNS and street[col] == SHERIFF and col != self.immobile[d]:
                return col
        return -1

    def _cancelling_reverend(self) -> int:
        """The column of the reacting seat's Reverend that may cancel (R6.9.2), or -1."""
        r = self._reacting()
        col = self.context[2] + RIGHT[r]
        if 0 <= col < COLUMNS and self.street[r][col] == REVEREND and col != self.immobile[r]:
            return col
        return -1

    # -- applying ----------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a docs/format.md action for the seat to act, or raise :class:`IllegalAction`
        (the state is then unchanged)."""
        self.apply_id(self.encode(action))

    def apply_id(self, action_id: int) -> None:
        """Apply an action id for the seat to act, or raise :class:`IllegalAction`."""
        if not 0 <= action_id < NUM_ACTIONS:
            raise IllegalAction("R4", f"no action has the id {action_id}")
        spec = SPECS[action_id]
        error = self._illegal(spec)
        if error:
            raise IllegalAction(*error)
        self.history.append(action_id)
        _APPLY[spec[0]](self, spec)

    def _reveal(self, seat: int, col: int) -> None:
        self.log.append(("reveal", self.turn, seat, col, self.street[seat][col]))

    def _reveal_actor(self, s: int, c: int, mayor: int) -> None:
        self._reveal(s, c)
        if mayor:
            self._reveal(s, c + LEFT[s])

    def _move(self, spec: tuple[int, ...]) -> None:
        _, a, b, swap = spec
        s = self.active
        street = self.street[s]
        # A headlined card moves face up (R8.4): then whether it moved is public.
        public = ((self.headlined[s] >> street[a]) | (self.headlined[s] >> street[b])) & 1
        if swap:
            street[a], street[b] = street[b], street[a]
        self.log.append(("move", self.turn, s, a, b, swap, public))
        self._end_action()

    def _saloon(self, spec: tuple[int, ...]) -> None:
        _, k, a, b, role, order = spec
        s = self.active
        street = self.street[s]
        saloon = self.saloon[s]
        three = (saloon[k], street[a], street[b])
        at_a, at_b = _PLACED[role][order]
        saloon[k] = three[role]
        street[a] = three[at_a]
        street[b] = three[at_b]
        public = ((self.headlined[s] >> three[at_a]) | (self.headlined[s] >> three[at_b])) & 1
        self.log.append(("saloon", self.turn, s, three[0], a, b, three[role], three[at_a], public))
        self._end_action()

    def _look(self, spec: tuple[int, ...]) -> None:
        c = spec[1]
        s = self.active
        self.log.append(("look", self.turn, s, c, self.slots[c]))
        self._reveal(s, c)
        self.known[c] |= KNOWS[s]
        self._end_action()

    def _take(self, spec: tuple[int, ...]) -> None:
        _, c, call = spec
        s = self.active
        token = self.slots[c]
        taken = token == call
        self._reveal(s, c)
        self.log.append(("take", self.turn, s, c, call, token, taken))
        if not taken:
            self.known[c] = ALL_KNOW
            self._end_action()
            return
        self.stash[s][token] += 1
        self._remove_slot(c)
        if token == ELECTION:
            self._win(s, HOW_GOOD)
            return
        self._end_action()

    def _remove_slot(self, c: int) -> None:
        """R5.6: close the gap toward column 1 and deal the reserve's top into slot 8."""
        del self.slots[c]
        del self.known[c]
        if self.reserve:
            self.slots.append(self.reserve.pop(0))
        else:
            self.slots.append(EMPTY)
            self.filled -= 1
        self.known.append(0)

    def _hitman(self, spec: tuple[int, ...]) -> None:
        c = spec[1]
        s = self.active
        o = 1 - s
        self.stash[s][BULLET] -= 1
        self.discard[BULLET] += 1
        self.log.append(("hitman", self.turn, s, c))
        self._reveal(s, c)
        self._reveal(o, c)
        if self.street[o][c] != GOVERNOR:
            self._end_action()
        elif self.stash[o][HANDCUFFS]:
            self._prompt(PENDING_INTERCEPT, o, (c,))
        else:
            self._win(s, HOW_BAD)

    def _sheriff(self, spec: tuple[int, ...]) -> None:
        _, c, call, t, mayor = spec
        s = self.active
        o = 1 - s
        self.stash[s][HANDCUFFS] -= 1
        self.discard[HANDCUFFS] += 1
        self.log.append(("sheriff", self.turn, s, c, call, t, mayor))
        self._reveal_actor(s, c, mayor)
        self._reveal(o, t)
        card = self.street[o][t]
        if card != call:
            self._end_action()
        else:
            effect = EFFECT_ARREST if card == HITMAN else EFFECT_IMMOBILIZE
            self._prompt(PENDING_CANCEL, o, (effect, s, t))

    def _indian(self, spec: tuple[int, ...]) -> None:
        _, c, t, mayor = spec
        s = self.active
        self.log.append(("indian", self.turn, s, c, t, mayor))
        self._reveal_actor(s, c, mayor)
        self._reveal(1 - s, t)
        self._end_action()

    def _storekeep(self, spec: tuple[int, ...]) -> None:
        _, c, s1, s2, mayor = spec
        s = self.active
        self.log.append(("storekeep", self.turn, s, c, s1, s2, mayor))
        self._reveal_actor(s, c, mayor)
        slots = self.slots
        if s2 >= 0:
            known = self.known
            slots[s1], slots[s2] = slots[s2], slots[s1]
            known[s1], known[s2] = known[s2], known[s1]
        else:
            # The slot's token goes under the reserve, forgotten; the top comes out unseen.
            top = self.reserve.pop(0)
            self.reserve.append(slots[s1])
            slots[s1] = top
            self.known[s1] = 0
        self._end_action()

    def _dancer(self, spec: tuple[int, ...]) -> None:
        _, c, f = spec
        s = self.active
        self.log.append(("dancer", self.turn, s, c, f))
        self._reveal(s, c)
        street = self.street[1 - s]
        street.insert(c, street.pop(f))
        self._end_action()

    def _reporter(self, spec: tuple[int, ...]) -> None:
        _, c, call, t, mayor = spec
        s = self.active
        o = 1 - s
        self.stash[s][HEADLINE] -= 1
        self.log.append(("reporter", self.turn, s, c, call, t, mayor))
        self._reveal_actor(s, c, mayor)
        self._reveal(o, t)
        if self.street[o][t] == call:
            self.headlined[o] |= 1 << call
            self.log.append(("headline", self.turn, o, t, call))
        self._end_action()

    def _bandit(self, spec: tuple[int, ...]) -> None:
        _, c, call = spec
        s = self.active
        o = 1 - s
        self.log.append(("bandit", self.turn, s, c, call))
        self._reveal(s, c)
        self._reveal(o, c)
        if self.street[o][c] == call:
            token = BULLET if call == HITMAN else HANDCUFFS
            if self.stash[o][token]:
                self.stash[o][token] -= 1
                self.stash[s][token] += 1
                self.log.append(("steal", self.turn, s, token))
        self._end_action()

    def _reverend(self, spec: tuple[int, ...]) -> None:
        c = spec[1]
        s = self.active
        self.log.append(("reverend", self.turn, s, c))
        self._reveal(s, c)
        self.log.append(("freed", self.turn, s, self.immobile[s]))
        self.immobile[s] = NO_COL
        self._end_action()

    def _intercept(self, spec: tuple[int, ...]) -> None:
        d = self._reacting()
        col = self._intercepting_sheriff()
        self.stash[d][HANDCUFFS] -= 1
        self.discard[HANDCUFFS] += 1
        self.log.append(("intercept", self.turn, d, col))
        self._reveal(d, col)
        # The Governor is saved; the Hitman is arrested unless his Reverend cancels.
        self._prompt(PENDING_CANCEL, self.active, (EFFECT_ARREST, d, self.context[0]))

    def _cancel(self, spec: tuple[int, ...]) -> None:
        r = self._reacting()
        col = self._cancelling_reverend()
        self.log.append(("cancel", self.turn, r, col))
        self._reveal(r, col)
        self._end_action()

    def _pass(self, spec: tuple[int, ...]) -> None:
        r = self._reacting()
        self.log.append(("pass", self.turn, r))
        if self.pending == PENDING_INTERCEPT:
            self._win(self.active, HOW_BAD)
            return
        effect, sheriff_seat, col = self.context
        if effect == EFFECT_ARREST:
            self._win(sheriff_seat, HOW_UGLY)
            return
        self.immobile[r] = col
        self.log.append(("immobilized", self.turn, r, col))
        # R6.3.2: the Handcuffs come back from the discard.
        self.discard[HANDCUFFS] -= 1
        self.stash[sheriff_seat][HANDCUFFS] += 1
        self.log.append(("recovered", self.turn, sheriff_seat))
        self._end_action()

    def _prompt(self, pending: int, seat: int, context: tuple[int, ...]) -> None:
        self.pending = pending
        self.context = context
        self.to_act = seat
        self.log.append(("prompt", self.turn, seat, pending))

    def _win(self, seat: int, how: How) -> None:
        self.over = True
        self.actions_left = 0
        self.winner = seat
        self.how = how
        self.to_act = None
        self.pending = NO_PENDING
        self.log.append(("win", self.turn, seat, how))

    def _end_action(self) -> None:
        """After every complete action: R9.4 check, then count the turn's actions (R4.1)."""
        self.pending = NO_PENDING
        if self.stash[0][VOTE] == 3 and self.sudden_death_due():
            self._deal_sudden_death()
        self.actions_left -= 1
        if self.actions_left == 0:
            if self.turn_limit is not None and self.turn >= self.turn_limit:
                # R9.5: the last turn is played out; nobody is to act, nothing is left.
                self.over = True
                self.actions_left = 0
                self.how = HOW_LIMIT
                self.to_act = None
                self.log.append(("limit", self.turn, None))
                return
            self.active = 1 - self.active
            self.actions_left = 2
            self.turn += 1
            self.log.append(("turn", self.turn, self.active))
        self.to_act = self.active

    def sudden_death_due(self) -> bool:
        """R9.4: both seats hold 3 Votes and no Bullet or Handcuffs is left anywhere but
        the discard."""
        stash0, stash1 = self.stash
        if stash0[VOTE] != 3 or stash1[VOTE] != 3:
            return False
        if stash0[BULLET] or stash0[HANDCUFFS] or stash1[BULLET] or stash1[HANDCUFFS]:
            return False
        tokens = self.slots + self.reserve
        return BULLET not in tokens and HANDCUFFS not in tokens

    def _deal_sudden_death(self) -> None:
        aside = self.aside
        for token in self.slots + self.reserve:
            if token != EMPTY:
                aside[token] += 1
        # 3 Bullets and 3 Handcuffs from the discard, 2 Bogus from the tokens set aside.
        deal = (
            [BULLET] * self.discard[BULLET] + [HANDCUFFS] * self.discard[HANDCUFFS] + [BOGUS, BOGUS]
        )
        self.discard = [0, 0]
        aside[BOGUS] -= 2
        self.sudden_deaths += 1
        random.Random(f"{self.seed}/sudden-death/{self.sudden_deaths}").shuffle(deal)
        self.slots = deal
        self.known = [0] * COLUMNS
        self.filled = COLUMNS
        self.reserve = []
        self.sudden_death = True
        self.log.append(("sudden_death", self.turn, None))

    # -- output ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole true state, in docs/format.md's shape (what ``outlaws replay`` prints),
        then ``aside``: the tokens sudden death set aside, so that all 17 are accounted for."""
        return {
            "status": self.status,
            "winner": self.winner,
            "how": self.how,
            "to_act": self.to_act,
            "actions_left": self.actions_left,
            "pending": self.pending_reaction,
            "turn": self.turn,
            "sudden_death": self.sudden_death,
            "slots": [TOKENS[t] if t != EMPTY else None for t in self.slots],
            "reserve": [TOKENS[t] for t in self.reserve],
            "discard": {"bullet": self.discard[BULLET], "handcuffs": self.discard[HANDCUFFS]},
            "seats": [self._seat_json(s) for s in (0, 1)],
            "aside": self.aside_json(),
        }

    def aside_json(self) -> dict[str, int]:
        """The tokens set aside by sudden death (R9.4), by type: public, like the discard."""
        return {name: self.aside[t] for t, name in enumerate(TOKENS)}

    def _seat_json(self, seat: int) -> dict[str, Any]:
        """One seat's whole part of the true state (what a seat may see of it is the
        views module's business)."""
        street = self.street[seat]
        marked = self.headlined[seat]
        imm = self.immobile[seat]
        return {
            "street": [CHARACTERS[ch] for ch in street],
            "saloon": [CHARACTERS[ch] for ch in self.saloon[seat]],
            "stash": {name: self.stash[seat][i] for name, i in STASH_KEYS},
            "immobilized": [imm + 1] if imm != NO_COL else [],
            "headlined": [c + 1 for c, ch in enumerate(street) if (marked >> ch) & 1],
        }


_APPLY_BY_KIND: dict[int, Callable[[State, tuple[int, ...]], None]] = {
    K_MOVE: State._move,
    K_SALOON: State._saloon,
    K_LOOK: State._look,
    K_TAKE: State._take,
    K_HITMAN: State._hitman,
    K_SHERIFF: State._sheriff,
    K_INDIAN: State._indian,
    K_STOREKEEP: State._storekeep,
    K_DANCER: State._dancer,
    K_REPORTER: State._reporter,
    K_BANDIT: State._bandit,
    K_REVEREND: State._reverend,
    K_INTERCEPT: State._intercept,
    K_CANCEL: State._cancel,
    K_PASS: State._pass,
}
#: What applies each kind of action, indexed by kind (a list: the hot path of apply).
_APPLY = [_APPLY_BY_KIND[k] for k in range(len(_APPLY_BY_KIND))]


def _position(
    cls: type[State],
    data: Mapping[str, Any],
    seed: int,
    turn_limit: int | None,
    known: Sequence[int] | None,
) -> State:
    """:meth:`State.from_json`: read and check a whole-state object."""

    def need(key: str, where: Mapping[str, Any] = data, path: str = "") -> Any:
        if key not in where:
            raise FormatError(f"{path}{key}", "missing")
        return where[key]

    def names(value: Any, ids: Mapping[str, int], path: str, allow_none: bool = False) -> list[int]:
        if not isinstance(value, list):
            raise FormatError(path, "must be a list")
        out = []
        for i, name in enumerate(value):
            if name is None and allow_none:
                out.append(EMPTY)
            elif isinstance(name, str) and name in ids:
                out.append(ids[name])
            else:
                raise FormatError(f"{path}[{i}]", f"unknown name {name!r}")
        return out

    if need("status") != "playing":
        raise FormatError("status", "a position to play from must be 'playing'")
    if data.get("pending") is not None:
        raise FormatError("pending", "a position cannot start in a pending reaction")
    self = cls.__new__(cls)
    self.setup = None
    self.seed = seed
    self.turn_limit = turn_limit
    self.slots = names(need("slots"), TOKEN_ID, "slots", allow_none=True)
    if len(self.slots) != COLUMNS:
        raise FormatError("slots", f"must list {COLUMNS} slots")
    self.filled = sum(1 for t in self.slots if t != EMPTY)
    if any(t == EMPTY for t in self.slots[: self.filled]):
        raise FormatError("slots", "empty slots come last (R5.6)")
    self.known = list(known) if known is not None else [0] * COLUMNS
    if len(self.known) != COLUMNS:
        raise FormatError("known", f"must list {COLUMNS} slots")
    self.reserve = names(need("reserve"), TOKEN_ID, "reserve")
    discard = need("discard")
    self.discard = [
        int(need("bullet", discard, "discard.")),
        int(need("handcuffs", discard, "discard.")),
    ]
    aside = data.get("aside") or {}
    self.aside = [int(aside.get(name, 0)) for name in TOKENS]
    seats = need("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise FormatError("seats", "must list 2 seats")
    self.street, self.saloon, self.stash = [], [], []
    self.immobile, self.headlined = [NO_COL, NO_COL], [0, 0]
    for s, seat in enumerate(seats):
        path = f"seats[{s}]."
        street = names(need("street", seat, path), CHARACTER_ID, f"{path}street")
        saloon = names(need("saloon", seat, path), CHARACTER_ID, f"{path}saloon")
        if len(street) != COLUMNS or len(saloon) != 2 or sorted(street + saloon) != list(range(10)):
            raise FormatError(
                f"{path}street", "street and Saloon must hold the 10 characters once (R1.1)"
            )
        if GOVERNOR in saloon:
            raise FormatError(f"{path}saloon", "the Governor may never be in a Saloon (R3.1)")
        stash = need("stash", seat, path)
        self.stash.append([int(stash.get(name, 0)) if name != "bogus" else 0 for name in TOKENS])
        self.stash[s].append(int(stash.get("headline", 0)))
        self.street.append(street)
        self.saloon.append(saloon)
        for col in seat.get("immobilized", []):
            if not (isinstance(col, int) and 1 <= col <= COLUMNS and street[col - 1] == BANDIT):
                raise FormatError(
                    f"{path}immobilized", "only a Bandit on the street is immobilized (R7.3)"
                )
            self.immobile[s] = col - 1
        for col in seat.get("headlined", []):
            if not (isinstance(col, int) and 1 <= col <= COLUMNS and street[col - 1] != GOVERNOR):
                raise FormatError(
                    f"{path}headlined", f"no headlined card can stand at {col!r} (R6.7)"
                )
            self.headlined[s] |= 1 << street[col - 1]
    counts = [0] * len(TOKENS)
    for token in self.slots[: self.filled] + self.reserve:
        counts[token] += 1
    for stash in self.stash:
        for t in (BULLET, HANDCUFFS, VOTE, ELECTION):
            counts[t] += stash[t]
    counts[BULLET] += self.discard[0]
    counts[HANDCUFFS] += self.discard[1]
    for t in range(len(TOKENS)):
        counts[t] += self.aside[t]
    if counts != [TOKEN_COUNTS[t] for t in range(len(TOKENS))]:
        raise FormatError("slots", "the 17 tokens are not all accounted for (R1.2)")
    to_act = need("to_act")
    if to_act not in (0, 1):
        raise FormatError("to_act", "must be 0 or 1")
    self.active = self.to_act = to_act
    self.actions_left = int(need("actions_left"))
    if self.actions_left not in (1, 2):
        raise FormatError("actions_left", "must be 1 or 2 (R4.1)")
    self.pending = NO_PENDING
    self.context = ()
    self.turn = int(need("turn"))
    self.over = False
    self.winner = None
    self.how = None
    self.sudden_death = bool(need("sudden_death"))
    self.sudden_deaths = int(self.sudden_death)
    self.log = []
    self.history = []
    return self


def encode_action(action: Action, saloon: Sequence[int], street: Sequence[int]) -> int:
    """The id of ``action`` for a seat whose Saloon and street are ``saloon`` and
    ``street`` (character ids): what the seat itself knows, so a bot handed a view can
    name its actions by id. Raises :class:`IllegalAction` when the action cannot exist at
    all (a column out of reach, a call its character can never make, a Saloon card that
    is not in the Saloon)."""
    t = action.type
    _check_shape(action)
    if t == "move":
        if action.a == action.b:
            raise IllegalAction("R5.1", "a move needs two different columns")
        a, b = sorted((_given(action.a) - 1, _given(action.b) - 1))
        return SPEC_ID[(K_MOVE, a, b, int(bool(action.swap)))]
    if t == "saloon":
        return _saloon_id(action, saloon, street)
    if t in ("intercept", "cancel", "pass"):
        return {"intercept": INTERCEPT_ID, "cancel": CANCEL_ID, "pass": PASS_ID}[t]
    c = _given(action.col) - 1
    if t == "look":
        return SPEC_ID[(K_LOOK, c)]
    if t == "take":
        token = TOKEN_ID[_given(action.call)]
        if token == BOGUS:
            raise IllegalAction("R5.5", "Bogus tokens are never taken")
        return SPEC_ID[(K_TAKE, c, token)]
    mayor = int(action.mayor)
    if mayor and t in ("hitman", "dancer", "bandit", "reverend"):
        raise IllegalAction("R6.10", f"the Mayor cannot extend the {t.capitalize()}")
    if t == "hitman":
        return SPEC_ID[(K_HITMAN, c)]
    if t == "reverend":
        return SPEC_ID[(K_REVEREND, c)]
    if t == "dancer":
        f = _given(action.from_) - 1
        if abs(f - c) not in (1, 2):
            raise IllegalAction("R6.6", "the Dancer pulls a card 1 or 2 columns from hers")
        return SPEC_ID[(K_DANCER, c, f)]
    if t == "bandit":
        call = CHARACTER_ID[_given(action.call)]
        if call not in BANDIT_CALLS:
            raise IllegalAction("R6.8", "the Bandit calls out the Hitman or the Sheriff")
        return SPEC_ID[(K_BANDIT, c, call)]
    if t == "storekeep":
        slots = sorted(s - 1 for s in action.slots or ())
        reach = 2 if mayor else 1
        if action.supply:
            if len(slots) != 1:
                raise IllegalAction("R6.5", "an exchange with the reserve names one slot")
            slots.append(-1)
        elif len(slots) != 2 or slots[0] == slots[1]:
            raise IllegalAction("R6.5", "the Storekeep exchanges two different slots")
        if any(s >= 0 and abs(s - c) > reach for s in slots):
            rule = "R6.10" if mayor else "R6.5"
            raise IllegalAction(
                rule, f"the Storekeep reaches slots {c + 1 - reach}..{c + 1 + reach} only"
            )
        key = (
            (K_STOREKEEP, c, slots[0], slots[1], mayor)
            if slots[1] >= 0
            else (K_STOREKEEP, c, slots[0], -1, mayor)
        )
        return SPEC_ID[key]
    # The ranged abilities: sheriff, indian, reporter.
    target = _given(action.target) - 1
    if abs(target - c) > mayor:
        where = f"column {c + 1} or a neighbour" if mayor else f"column {c + 1}, opposite"
        raise IllegalAction("R6.10", f"the target must be {where} (only the Mayor widens it)")
    if t == "indian":
        return SPEC_ID[(K_INDIAN, c, target, mayor)]
    call = CHARACTER_ID[_given(action.call)]
    if t == "sheriff":
        if call not in SHERIFF_CALLS:
            raise IllegalAction("R6.3", "the Sheriff calls out the Hitman or the Bandit")
        return SPEC_ID[(K_SHERIFF, c, call, target, mayor)]
    if call == GOVERNOR:
        raise IllegalAction("R6.7", "the Reporter may never call out the Governor")
    return SPEC_ID[(K_REPORTER, c, call, target, mayor)]


def _saloon_id(action: Action, saloon: Sequence[int], street: Sequence[int]) -> int:
    """The id of a Saloon exchange (R5.2): which Saloon card, the columns, which card goes
    in and which ends at the lower column."""
    card = CHARACTER_ID[_given(action.card)]
    if card not in saloon:
        raise IllegalAction("R5.2", f"the {action.card} is not in your Saloon")
    if action.a == action.b:
        raise IllegalAction("R5.2", "a Saloon move needs two different columns")
    a, b = _given(action.a) - 1, _given(action.b) - 1
    three = [card, street[a], street[b]]
    to_saloon = CHARACTER_ID[_given(action.to_saloon)]
    at_a = CHARACTER_ID[_given(action.at_a)]
    if to_saloon not in three:
        raise IllegalAction("R5.2", f"the {action.to_saloon} is not one of the three cards moved")
    if at_a not in three or at_a == to_saloon:
        raise IllegalAction("R5.2", f"the {action.at_a} cannot end at column {action.a}")
    role = three.index(to_saloon)
    placed = [i for i in (0, 1, 2) if i != role]
    at_a_index = three.index(at_a)
    if a > b:  # ids name the lower column first; the card at old a ends at new b
        a, b = b, a
        three[1], three[2] = three[2], three[1]
        role = three.index(to_saloon)
        placed = [i for i in (0, 1, 2) if i != role]
        at_a_index = next(i for i in placed if three[i] != at_a)
    return SPEC_ID[(K_SALOON, saloon.index(card), a, b, role, placed.index(at_a_index))]
