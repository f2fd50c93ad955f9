"""Actions: the docs/format.md action objects, their text notation, and the integer action space.

An :class:`Action` is the self-contained, JSON-shaped decision of docs/format.md ("take 3 vote").
The engine also numbers every action a seat could ever take (:data:`NUM_ACTIONS` ids,
relative to the acting seat), as python-chess numbers squares: the search and the
research interfaces work on these integers, the records and the UI on :class:`Action`.
The id space is fixed: the same id means the same columns and options in every position.
Only Saloon exchanges (R5.2) name cards, so turning their ids into actions and back needs
the position (:meth:`outlaws.engine.State.decode` / :meth:`~outlaws.engine.State.encode`).
Code outside the engine reaches the id tables through :mod:`outlaws.engine.actionspace`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import FormatError
from .names import (
    BANDIT,
    BULLET,
    CHARACTER_ID,
    CHARACTERS,
    COLUMNS,
    ELECTION,
    GOVERNOR,
    HANDCUFFS,
    HITMAN,
    SHERIFF,
    TOKEN_ID,
    TOKENS,
    VOTE,
)

# Action kinds, the first element of every action spec tuple.
(
    K_MOVE,
    K_SALOON,
    K_LOOK,
    K_TAKE,
    K_HITMAN,
    K_SHERIFF,
    K_INDIAN,
    K_STOREKEEP,
    K_DANCER,
    K_REPORTER,
    K_BANDIT,
    K_REVEREND,
    K_INTERCEPT,
    K_CANCEL,
    K_PASS,
) = range(15)  # the three reactions come last: the engine tests `kind >= K_INTERCEPT`

ACTION_TYPES: tuple[str, ...] = (
    "move",
    "saloon",
    "look",
    "take",
    "hitman",
    "sheriff",
    "indian",
    "storekeep",
    "dancer",
    "reporter",
    "bandit",
    "reverend",
    "intercept",
    "cancel",
    "pass",
)
KIND_OF_TYPE: dict[str, int] = {name: i for i, name in enumerate(ACTION_TYPES)}
ABILITY_TYPES = frozenset(ACTION_TYPES[K_HITMAN : K_REVEREND + 1])
RANGED_TYPES = frozenset({"sheriff", "indian", "reporter"})
# Types whose JSON always spells out ``mayor``: those the Mayor can extend (R6.10).
_EXPLICIT_MAYOR = RANGED_TYPES | {"storekeep"}

_COL = "col"
# The JSON fields each action type knows, as (name, required). docs/format.md "Actions".
_FIELDS: dict[str, tuple[tuple[str, bool], ...]] = {
    "move": (("a", True), ("b", True), ("swap", True)),
    "saloon": (("card", True), ("a", True), ("b", True), ("to_saloon", True), ("at_a", True)),
    "look": ((_COL, True),),
    "take": ((_COL, True), ("call", True)),
    "hitman": ((_COL, True), ("mayor", False)),
    "sheriff": ((_COL, True), ("call", True), ("target", False), ("mayor", False)),
    "indian": ((_COL, True), ("target", False), ("mayor", False)),
    "storekeep": ((_COL, True), ("slots", True), ("supply", False), ("mayor", False)),
    "dancer": ((_COL, True), ("from", True), ("mayor", False)),
    "reporter": ((_COL, True), ("call", True), ("target", False), ("mayor", False)),
    "bandit": ((_COL, True), ("call", True), ("mayor", False)),
    "reverend": ((_COL, True), ("mayor", False)),
    "intercept": (),
    "cancel": (),
    "pass": (),
}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision, exactly as docs/format.md writes it in JSON.

    Columns are 1..8 and always the acting seat's own (``col``, ``a``, ``b``) or the
    opponent's (``target``, ``from_``). ``target`` defaults to ``col``. Which fields a type
    uses is docs/format.md's table; the others stay ``None``.
    """

    type: str
    col: int | None = None
    a: int | None = None
    b: int | None = None
    swap: bool | None = None
    card: str | None = None
    to_saloon: str | None = None
    at_a: str | None = None
    call: str | None = None
    target: int | None = None
    mayor: bool = False
    slots: tuple[int, ...] | None = None
    supply: bool = False
    from_: int | None = None

    def __post_init__(self) -> None:
        if self.type in RANGED_TYPES and self.target is None:
            object.__setattr__(self, "target", self.col)

    # -- JSON ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The docs/format.md JSON object. Every field of the type is written, defaults
        included, so that a record is explicit; only ``mayor`` of the abilities the Mayor
        cannot extend (R6.10) is left out while false."""
        out: dict[str, Any] = {"type": self.type}
        for name, _ in _FIELDS[self.type]:
            value = getattr(self, "from_" if name == "from" else name)
            if name == "mayor" and not value and self.type not in _EXPLICIT_MAYOR:
                continue
            if name == "slots":
                value = list(value or ())
            out[name] = value
        return out

    @classmethod
    def from_json(cls, data: Any, where: str = "action") -> Action:
        """Parse a docs/format.md action object; :class:`FormatError` names the faulty field.

        Unknown fields are an error: a typo must not silently change a move.
        """
        if not isinstance(data, Mapping):
            raise FormatError(where, "an action must be a JSON object")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in _FIELDS:
            raise FormatError(
                f"{where}.type", f"unknown action type {kind!r}; one of {', '.join(ACTION_TYPES)}"
            )
        known = dict(_FIELDS[kind])
        for key in data:
            if key != "type" and key not in known:
                raise FormatError(f"{where}.{key}", f"'{kind}' has no field {key!r}")
        values: dict[str, Any] = {}
        for name, required in _FIELDS[kind]:
            if name not in data:
                if required:
                    raise FormatError(f"{where}.{name}", f"'{kind}' needs the field {name!r}")
                continue
            values["from_" if name == "from" else name] = _parse_field(
                kind, name, data[name], f"{where}.{name}"
            )
        return cls(kind, **values)

    # -- notation --------------------------------------------------------------------
    def __str__(self) -> str:
        return to_notation(self)


def fields_of(action_type: str) -> tuple[str, ...]:
    """The required fields of an action type, as :class:`Action` attribute names."""
    return _REQUIRED[action_type]


#: :func:`fields_of` each action type (every action the engine checks asks for them).
_REQUIRED: dict[str, tuple[str, ...]] = {
    kind: tuple("from_" if name == "from" else name for name, required in fields if required)
    for kind, fields in _FIELDS.items()
}


def _parse_field(kind: str, name: str, value: Any, where: str) -> Any:
    if name in ("col", "a", "b", "target", "from"):
        return _column(value, where)
    if name in ("swap", "mayor", "supply"):
        if not isinstance(value, bool):
            raise FormatError(where, f"must be true or false, not {value!r}")
        return value
    if name in ("card", "to_saloon", "at_a"):
        return _character(value, where)
    if name == "call":
        if kind == "take":
            if not isinstance(value, str) or value not in TOKEN_ID:
                raise FormatError(
                    where, f"must be a token name ({', '.join(TOKENS)}), not {value!r}"
                )
            return value
        return _character(value, where)
    if name == "slots":
        if not isinstance(value, list) or not 1 <= len(value) <= 2:
            raise FormatError(where, "must be a list of one or two slots")
        return tuple(_column(v, f"{where}[{i}]") for i, v in enumerate(value))
    raise AssertionError(name)  # pragma: no cover - _FIELDS and this function agree


def _column(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= COLUMNS:
        raise FormatError(where, f"must be a column from 1 to {COLUMNS}, not {value!r} (R5.8)")
    return value


def _character(value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in CHARACTER_ID:
        raise FormatError(
            where, f"must be a character name ({', '.join(CHARACTERS)}), not {value!r}"
        )
    return value


# -- text notation (docs/notation.md) --------------------------------------------------


def to_notation(action: Action) -> str:
    """The short human notation of ``action``: ``sheriff 4 hitman @5 +mayor``."""
    t = action.type
    if t == "move":
        return f"move {action.a} {action.b} {'swap' if action.swap else 'pretend'}"
    if t == "saloon":
        return f"saloon {action.card} {action.a} {action.b} {action.to_saloon} {action.at_a}"
    if t in ("intercept", "cancel", "pass"):
        return t
    parts = [t, str(action.col)]
    if t == "storekeep":
        parts += [str(s) for s in action.slots or ()]
        if action.supply:
            parts.append("supply")
    elif t == "dancer":
        parts.append(f"@{action.from_}")
    elif action.call is not None:
        parts.append(action.call)
    if t in RANGED_TYPES and action.target != action.col:
        parts.append(f"@{action.target}")
    if action.mayor:
        parts.append("+mayor")
    return " ".join(parts)


def parse_notation(text: str) -> Action:
    """Parse the notation of :func:`to_notation` (case and extra spaces do not matter)."""
    words = text.strip().lower().split()
    if not words:
        raise FormatError("notation", "empty action")
    kind, args = words[0], words[1:]
    if kind not in _FIELDS:
        raise FormatError("notation", f"unknown action {kind!r}; one of {', '.join(ACTION_TYPES)}")
    try:
        return _parse_words(kind, args)
    except (IndexError, ValueError) as exc:
        if isinstance(exc, FormatError):
            raise
        raise FormatError(
            "notation", f"cannot read {text.strip()!r}: see docs/notation.md"
        ) from None


def _parse_words(kind: str, args: list[str]) -> Action:
    def col(word: str, field: str = "col") -> int:
        if not (word.isascii() and word.isdigit()):  # int() reads "٣" and "３" as 3
            raise FormatError(f"notation.{field}", f"a column is written 1..8, not {word!r}")
        return _column(int(word), f"notation.{field}")

    def done(rest: list[str]) -> None:
        if rest:
            raise FormatError("notation", f"unexpected {' '.join(rest)!r}")

    if kind in ("intercept", "cancel", "pass"):
        done(args)
        return Action(kind)
    if kind == "move":
        a, b, how = args[0], args[1], args[2]
        done(args[3:])
        if how not in ("swap", "pretend"):
            raise FormatError("notation.swap", "write 'swap' or 'pretend'")
        return Action("move", a=col(a, "a"), b=col(b, "b"), swap=how == "swap")
    if kind == "saloon":
        card, a, b, to_saloon, at_a = args[:5]
        done(args[5:])
        return Action(
            "saloon",
            card=_character(card, "notation.card"),
            a=col(a, "a"),
            b=col(b, "b"),
            to_saloon=_character(to_saloon, "notation.to_saloon"),
            at_a=_character(at_a, "notation.at_a"),
        )
    fields: dict[str, Any] = {"col": col(args[0])}
    rest = args[1:]
    if "+mayor" in rest:
        fields["mayor"] = True
        rest = [w for w in rest if w != "+mayor"]
    targets = [w for w in rest if w.startswith("@")]
    rest = [w for w in rest if not w.startswith("@")]
    if len(targets) > 1:
        raise FormatError("notation", "one @target at most")
    if targets and kind == "storekeep":
        raise FormatError("notation.target", "the Storekeep names slots, not an @target")
    if kind == "dancer":
        if not targets:
            raise FormatError("notation.from", "write the column to pull as @N")
        fields["from_"] = col(targets[0][1:], "from")
        done(rest)
    elif kind == "storekeep":
        if rest and rest[-1] == "supply":
            fields["supply"] = True
            rest = rest[:-1]
        fields["slots"] = tuple(col(w, "slots") for w in rest)
        if not 1 <= len(fields["slots"]) <= 2:
            raise FormatError("notation.slots", "one or two slots")
    else:
        if targets:
            if kind not in RANGED_TYPES:
                raise FormatError("notation.target", f"'{kind}' takes no @target")
            fields["target"] = col(targets[0][1:], "target")
        if kind in ("take", "sheriff", "reporter", "bandit"):
            call = rest[0]
            done(rest[1:])
            if kind == "take":
                if call not in TOKEN_ID:
                    raise FormatError("notation.call", f"not a token name: {call!r}")
                fields["call"] = call
            else:
                fields["call"] = _character(call, "notation.call")
        else:
            done(rest)
    return Action(kind, **fields)


# -- the integer action space ----------------------------------------------------------

#: Tokens a Take may call, in id order.
TAKE_CALLS: tuple[int, ...] = (VOTE, BULLET, HANDCUFFS, ELECTION)
SHERIFF_CALLS: tuple[int, ...] = (HITMAN, BANDIT)
BANDIT_CALLS: tuple[int, ...] = (HITMAN, SHERIFF)
REPORTER_CALLS: tuple[int, ...] = tuple(ch for ch in range(10) if ch != GOVERNOR)


def _ranged_targets(c: int) -> list[tuple[int, bool]]:
    """(target, mayor) options of a ranged ability at column c: opposite, or with the
    Mayor one of c-1..c+1 (R6.10)."""
    return [(c, False)] + [(t, True) for t in (c - 1, c, c + 1) if 0 <= t < COLUMNS]


def _build_specs() -> list[tuple[int, ...]]:
    specs: list[tuple[int, ...]] = []
    pairs = [(a, b) for a in range(COLUMNS) for b in range(a + 1, COLUMNS)]
    for a, b in pairs:
        for swap in (1, 0):
            specs.append((K_MOVE, a, b, swap))
    for k in (0, 1):
        for a, b in pairs:
            for role in (0, 1, 2):
                for order in (0, 1):
                    specs.append((K_SALOON, k, a, b, role, order))
    for c in range(COLUMNS):
        specs.append((K_LOOK, c))
    for c in range(COLUMNS):
        for token in TAKE_CALLS:
            specs.append((K_TAKE, c, token))
    for c in range(COLUMNS):
        specs.append((K_HITMAN, c))
    for c in range(COLUMNS):
        for call in SHERIFF_CALLS:
            for t, mayor in _ranged_targets(c):
                specs.append((K_SHERIFF, c, call, t, int(mayor)))
    for c in range(COLUMNS):
        for t, mayor in _ranged_targets(c):
            specs.append((K_INDIAN, c, t, int(mayor)))
    for c in range(COLUMNS):
        for extended in (0, 1):  # with the Mayor, the Storekeep reaches two slots away
            reach = 2 if extended else 1
            near = [s for s in range(c - reach, c + reach + 1) if 0 <= s < COLUMNS]
            for i, s1 in enumerate(near):
                for s2 in near[i + 1 :]:
                    specs.append((K_STOREKEEP, c, s1, s2, extended))
            for s1 in near:
                specs.append((K_STOREKEEP, c, s1, -1, extended))
    for c in range(COLUMNS):
        for f in (c - 2, c - 1, c + 1, c + 2):
            if 0 <= f < COLUMNS:
                specs.append((K_DANCER, c, f))
    for c in range(COLUMNS):
        for call in REPORTER_CALLS:
            for t, mayor in _ranged_targets(c):
                specs.append((K_REPORTER, c, call, t, int(mayor)))
    for c in range(COLUMNS):
        for call in BANDIT_CALLS:
            specs.append((K_BANDIT, c, call))
    for c in range(COLUMNS):
        specs.append((K_REVEREND, c))
    specs += [(K_INTERCEPT,), (K_CANCEL,), (K_PASS,)]
    return specs


#: SPECS[id]: the action's internal tuple (kind first, 0-based columns). See docs/notation.md.
SPECS: tuple[tuple[int, ...], ...] = tuple(_build_specs())
#: The inverse of SPECS.
SPEC_ID: dict[tuple[int, ...], int] = {spec: i for i, spec in enumerate(SPECS)}
NUM_ACTIONS = len(SPECS)
INTERCEPT_ID = SPEC_ID[(K_INTERCEPT,)]
CANCEL_ID = SPEC_ID[(K_CANCEL,)]
PASS_ID = SPEC_ID[(K_PASS,)]


def spec_to_action(
    spec: tuple[int, ...], saloon_names: tuple[int, int, int] | None = None
) -> Action:
    """The :class:`Action` of a spec. A Saloon spec needs the three cards it handles, as
    (Saloon card, card at a, card at b)."""
    kind = spec[0]
    t = ACTION_TYPES[kind]
    if kind == K_MOVE:
        return Action(t, a=spec[1] + 1, b=spec[2] + 1, swap=bool(spec[3]))
    if kind == K_SALOON:
        assert saloon_names is not None
        _, _, a, b, role, order = spec
        rest = [i for i in (0, 1, 2) if i != role]
        at_a = rest[order]
        return Action(
            t,
            card=CHARACTERS[saloon_names[0]],
            a=a + 1,
            b=b + 1,
            to_saloon=CHARACTERS[saloon_names[role]],
            at_a=CHARACTERS[saloon_names[at_a]],
        )
    if kind in (K_INTERCEPT, K_CANCEL, K_PASS):
        return Action(t)
    col = spec[1] + 1
    if kind in (K_LOOK, K_HITMAN, K_REVEREND):
        return Action(t, col=col)
    if kind == K_TAKE:
        return Action(t, col=col, call=TOKENS[spec[2]])
    if kind in (K_SHERIFF, K_REPORTER):
        return Action(t, col=col, call=CHARACTERS[spec[2]], target=spec[3] + 1, mayor=bool(spec[4]))
    if kind == K_INDIAN:
        return Action(t, col=col, target=spec[2] + 1, mayor=bool(spec[3]))
    if kind == K_STOREKEEP:
        if spec[3] < 0:
            return Action(t, col=col, slots=(spec[2] + 1,), supply=True, mayor=bool(spec[4]))
        return Action(t, col=col, slots=(spec[2] + 1, spec[3] + 1), mayor=bool(spec[4]))
    if kind == K_DANCER:
        return Action(t, col=col, from_=spec[2] + 1)
    if kind == K_BANDIT:
        return Action(t, col=col, call=CHARACTERS[spec[2]])
    raise AssertionError(spec)  # pragma: no cover


#: ACTION_OF_ID[id]: the (immutable, shared) Action of every id but the Saloon exchanges,
#: whose cards depend on the position (None there).
ACTION_OF_ID: tuple[Action | None, ...] = tuple(
    None if spec[0] == K_SALOON else spec_to_action(spec) for spec in SPECS
)
