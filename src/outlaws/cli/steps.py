"""The steps of the terminal's chooser (:mod:`outlaws.cli.chooser`): what each step
offers, read from a legal action, and the words that ask it.

A step is a field of an action, like the browser's (src/outlaws/web/game/actions.js): which
card it starts from (``anchor``), its type, then the type's own fields in the order a
player thinks of them (a move's other column, then swap or pretend; a Sheriff's call,
then the target, then the Mayor). ``values`` reads what a legal action offers at the
step, so the options of a step are always values of legal actions. The words come from
the seat's :class:`~outlaws.engine.View`: its own cards by name, theirs only when known.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..engine import ACTION_TYPES, COLUMNS, Action, View
from .words import card_words

#: The order of the actions of one card: its own actions first, then moving it.
TYPE_ORDER: tuple[str, ...] = (
    "look",
    "take",
    *ACTION_TYPES[ACTION_TYPES.index("hitman") : ACTION_TYPES.index("reverend") + 1],
    "move",
    "saloon",
    "intercept",
    "cancel",
    "pass",
)
ABILITIES = frozenset(TYPE_ORDER[2:-5])
#: What each action does, for the step that picks one; {col} is the card's column.
TYPE_NOTES: dict[str, str] = {
    "look": "reveal it, secretly look at the token in slot {col}",
    "take": "reveal it, call out slot {col}'s token: take it if right",
    "move": "swap it with another of your cards, or pretend to",
    "saloon": "exchange it with a card of your Saloon",
    "hitman": "pay a Bullet, shoot their card opposite",
    "sheriff": "pay a Handcuffs, call out a Hitman or Bandit across",
    "indian": "look at their card across",
    "storekeep": "exchange two tokens near him, or one with the reserve",
    "dancer": "pull their card 1 or 2 columns away across from her",
    "reporter": "pay a Headline marker, call out their card across",
    "bandit": "call out a Hitman or Sheriff across, to steal from it",
    "reverend": "free your immobilized Bandit at his left",
}
TYPE_SHORT: dict[str, str] = {"look": "look", "take": "take", "move": "move", "saloon": "Saloon"}


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a step: typed as ``key`` (a number) or as one of ``names``."""

    key: str
    value: str
    label: str
    note: str = ""
    names: tuple[str, ...] = ()


# -- the fields -----------------------------------------------------------------------------

Picks = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Field:
    """A step: ``values`` gives what an action offers at it (none: it does not apply)."""

    name: str
    values: Callable[[Action, Picks], tuple[str, ...]]
    #: The values are columns or slots 1..8: each is its own key.
    columns: bool = False
    #: A fixed order for the values; else columns by number, others as the engine lists.
    order: tuple[str, ...] = ()


_COL_ANCHOR = tuple(f"col:{c}" for c in range(COLUMNS + 1))


def anchors_of(action: Action) -> tuple[str, ...]:
    """What an action starts from: ``"col:C"`` (one of the seat's own columns) or
    ``"saloon:CARD"`` (one of its Saloon cards). Reactions start from none."""
    if action.type == "move":
        return (_COL_ANCHOR[action.a or 0], _COL_ANCHOR[action.b or 0])
    if action.type == "saloon":
        return (f"saloon:{action.card}", _COL_ANCHOR[action.a or 0], _COL_ANCHOR[action.b or 0])
    if action.col is None:
        return ()
    return (_COL_ANCHOR[action.col],)


def _pivot(picks: Picks) -> int:
    """The column the other one is paired with: the card picked first, or the first
    column of a Saloon exchange started from the Saloon."""
    anchor = picks["anchor"]
    return int(anchor[4:]) if anchor.startswith("col:") else int(picks["first"])


def _other(action: Action, picks: Picks) -> tuple[str, ...]:
    pivot = _pivot(picks)
    return (str(action.b if action.a == pivot else action.a),)


def _slots(action: Action, picks: Picks) -> tuple[str, ...]:
    return tuple(str(s) for s in action.slots or ())


ANCHOR = Field("anchor", lambda a, p: anchors_of(a))
TYPE = Field("type", lambda a, p: (a.type,), order=TYPE_ORDER)
FIRST = Field("first", lambda a, p: (str(a.a), str(a.b)), columns=True)
OTHER = Field("other", _other, columns=True)
SWAP = Field("swap", lambda a, p: ("swap" if a.swap else "pretend",), order=("swap", "pretend"))
CARD = Field("card", lambda a, p: (str(a.card),))
TO_SALOON = Field("to_saloon", lambda a, p: (str(a.to_saloon),))
AT_A = Field("at_a", lambda a, p: (str(a.at_a),))
CALL = Field("call", lambda a, p: (str(a.call),))
TARGET = Field("target", lambda a, p: (str(a.target),), columns=True)
FROM = Field("from", lambda a, p: (str(a.from_),), columns=True)
MAYOR = Field("mayor", lambda a, p: ("yes" if a.mayor else "no",), order=("no", "yes"))
SUPPLY = Field(
    "supply", lambda a, p: ("reserve" if a.supply else "exchange",), order=("exchange", "reserve")
)
SLOT1 = Field("slot1", _slots, columns=True)
SLOT2 = Field("slot2", lambda a, p: tuple(s for s in _slots(a, p) if s != p["slot1"]), True)


def fields_after(picks: Picks) -> tuple[Field, ...]:
    """The steps of the action type picked, from the card picked."""
    kind = picks["type"]
    if kind == "move":
        return (OTHER, SWAP)
    if kind == "saloon":
        if picks["anchor"].startswith("col:"):
            return (CARD, OTHER, TO_SALOON, AT_A)
        return (FIRST, OTHER, TO_SALOON, AT_A)
    if kind in ("take", "bandit"):
        return (CALL,)
    if kind in ("sheriff", "reporter"):
        return (CALL, TARGET, MAYOR)
    if kind == "indian":
        return (TARGET, MAYOR)
    if kind == "storekeep":
        slots = (SLOT1,) if picks.get("supply") == "reserve" else (SLOT1, SLOT2)
        return (SUPPLY, *slots, MAYOR)
    if kind == "dancer":
        return (FROM,)
    return ()


def next_field(picks: Picks) -> Field | None:
    """The step after ``picks``: the card, the type, then the type's fields; None once
    every field is picked."""
    if "anchor" not in picks:
        return ANCHOR
    if "type" not in picks:
        return TYPE
    return next((f for f in fields_after(picks) if f.name not in picks), None)


def values_of(field: Field, offers: Sequence[tuple[str, ...]], seat: int = 0) -> list[str]:
    """The values of a step, in order, from what each action offers at it: columns as
    ``seat`` reads them on the table (R2.2), the Saloon's cards after them."""
    seen = dict.fromkeys(v for offer in offers for v in offer)
    if field.columns:
        return sorted(seen, key=int, reverse=seat == 1)
    if field is ANCHOR:
        return sorted(seen, key=lambda v: _anchor_rank(v, seat))
    if field.order:
        return sorted(seen, key=field.order.index)
    return list(seen)


def _anchor_rank(anchor: str, seat: int) -> tuple[int, int]:
    if anchor.startswith("col:"):
        col = int(anchor[4:])
        return (0, -col if seat == 1 else col)
    return (1, 0)  # the Saloon's cards, in the order the seat's view lists them


def singles_out(offers: Sequence[tuple[str, ...]]) -> bool:
    """Whether each value offered leads to exactly one action: then the step is the
    last one, and asking it reads better than listing the whole actions."""
    if any(len(offer) != 1 for offer in offers):
        return False
    distinct = {offer[0] for offer in offers}
    return 1 < len(distinct) == len(offers)


# -- words of the steps ---------------------------------------------------------------------


def _theirs(view: View, col: int) -> str:
    assert view.viewer is not None
    name = view.seats[1 - view.viewer].street[col - 1]
    return f"their {card_words(name)} at {col}" if name else f"their card at {col}"


def _slot(view: View, slot: int) -> str:
    token = view.slots[slot - 1] if slot <= view.filled else None
    return f"slot {slot} ({token.capitalize()})" if token else f"slot {slot}"


def saloon_places(action: Action, view: View) -> tuple[str, str]:
    """Where the two cards that stay on Main Street end: at ``a``, then at ``b``."""
    assert view.viewer is not None and action.a and action.b
    street = view.seats[view.viewer].street
    three = [action.card, street[action.a - 1], street[action.b - 1]]
    rest = [name for name in three if name not in (action.to_saloon, action.at_a)]
    return str(action.at_a), str(rest[0] if rest else action.card)


def option_of(
    field: Field,
    value: str,
    number: int,
    cands: Sequence[Action],
    picks: Picks,
    view: View,
    brief: bool = False,
) -> Option:
    """The option of ``value``; ``brief``: without what it leads to, for the trail."""
    key = value if field.columns else str(number)
    name = field.name
    if name == "anchor":
        return _anchor_option(value, () if brief else cands, view)
    if name == "type":
        col = int(picks["anchor"][4:]) if picks["anchor"].startswith("col:") else 0
        label = "Ability" if value in ABILITIES else TYPE_SHORT.get(value, value).capitalize()
        names = (value, "ability", "use") if value in ABILITIES else (value,)
        return Option(key, value, label, TYPE_NOTES.get(value, "").format(col=col), names)
    if name in ("first", "other"):
        name = str(_mine_name(view, int(value)))
        return Option(key, value, card_words(name), names=(name,))
    if name == "swap":
        if value == "swap":
            return Option(key, value, "Swap", "exchange the two cards for real", ("swap", "y"))
        note = "leave them in place: they cannot tell which you did"
        return Option(key, value, "Pretend", note, ("pretend", "n"))
    if name == "card":
        return Option(key, value, card_words(value), "out of your Saloon", (value,))
    if name == "to_saloon":
        action = cands[0]
        assert action.a and action.b
        col = action.a if _mine_name(view, action.a) == value else action.b
        where = "back where it came from" if value == action.card else f"now at column {col}"
        return Option(key, value, card_words(value), where, (value,))
    if name == "at_a":
        action = next(a for a in cands if a.at_a == value)
        at_a, at_b = saloon_places(action, view)
        label = f"{card_words(at_a)} at column {action.a}, {card_words(at_b)} at {action.b}"
        return Option(key, value, label, names=(value,))
    if name == "call":
        return Option(key, value, value.capitalize(), names=(value,))
    if name in ("target", "from"):
        return Option(key, value, _theirs(view, int(value)), _reach(field, value, cands), ())
    if name == "mayor":
        if value == "yes":
            return Option(key, value, "Yes", "reveal your Mayor too", ("yes", "y"))
        return Option(key, value, "No", "keep your Mayor hidden", ("no", "n"))
    if name == "supply":
        if value == "reserve":
            note = "one slot's token for the reserve's top one"
            return Option(key, value, "With the reserve", note, ("reserve", "supply"))
        return Option(key, value, "Two slots", "exchange the tokens of two slots", ("exchange",))
    return Option(key, value, _slot(view, int(value)))


def _mine_name(view: View, col: int) -> str | None:
    """The seat's own card at ``col`` (always known to it)."""
    assert view.viewer is not None
    return view.seats[view.viewer].street[col - 1]


def _reach(field: Field, value: str, cands: Sequence[Action]) -> str:
    """Why a column of theirs is in reach: opposite, or thanks to the Mayor."""
    col = int(value)
    actions = [a for a in cands if str(a.target if field is TARGET else a.from_) == value]
    if field is FROM:
        away = abs(col - (actions[0].col or col))
        return f"{away} column{'s' if away > 1 else ''} away"
    if all(a.mayor for a in actions):
        return "needs your Mayor"
    return "opposite" if actions[0].col == col else ""


def _anchor_option(value: str, cands: Sequence[Action], view: View) -> Option:
    kind, _, rest = value.partition(":")
    assert view.viewer is not None
    if kind == "saloon":
        key = str(COLUMNS + 1 + view.seats[view.viewer].saloon.index(rest))
        note = "in your Saloon: bring it out onto Main Street"
        return Option(key, value, card_words(rest), note, (rest,))
    name = str(_mine_name(view, int(rest)))
    kinds = dict.fromkeys(a.type for a in cands if value in anchors_of(a))
    words = [TYPE_SHORT.get(t, "ability") for t in TYPE_ORDER if t in kinds]
    return Option(rest, value, card_words(name), " · ".join(words), (name,))


def not_offered(values: Sequence[str], view: View) -> str:
    """The note of the first step: the columns left out, because no legal action
    starts from them (an immobilized Bandit, R4.3)."""
    idle = [c for c in range(1, COLUMNS + 1) if f"col:{c}" not in values]
    if not idle:
        return ""
    cards = ", ".join(f"{card_words(_mine_name(view, c))} at column {c}" for c in idle)
    return f"Not offered: {cards} (no legal action now)."


def question_of(field: Field, cands: Sequence[Action], picks: Picks, view: View) -> str:
    """The question that asks ``field``, once ``picks`` are made."""
    name = field.name
    action = cands[0]
    if name == "anchor":
        return "Which of your cards?"
    if name == "type":
        return "What should it do?"
    if name == "first":
        return f"The {card_words(action.card)} comes out with two of your cards: the first?"
    if name == "other":
        pivot = _pivot(picks)
        card = f"your {card_words(_mine_name(view, pivot))} ({pivot})"
        if picks["type"] == "move":
            return f"Swap {card} with which of your cards?"
        return f"Exchange {card} and which other card?"
    if name == "swap":
        return "For real, or only pretend?"
    if name == "card":
        return "Which card comes out of your Saloon?"
    if name == "to_saloon":
        return "Which of the three goes into the Saloon?"
    if name == "at_a":
        return "Where do the other two go?"
    if name == "call":
        what = "token" if action.type == "take" else "character"
        return f"Call out which {what}?"
    if name == "target":
        return "At which of their cards?"
    if name == "from":
        return "Pull which of their cards to across from her?"
    if name == "mayor":
        return "Reveal your Mayor too?"
    if name == "supply":
        return "Exchange which tokens?"
    if name == "slot1":
        return "Which slot?"
    return f"Exchange slot {picks['slot1']} with which slot?"


def trail_words(field: Field, option: Option) -> str:
    """A choice made, as the trail above the next step shows it."""
    if field is ANCHOR:
        where = f"column {option.key}" if option.value.startswith("col:") else "Saloon"
        return f"{option.label} ({where})"
    if field is TYPE:
        if option.value == "saloon":
            return "Saloon exchange"
        return option.label.lower() if option.value not in ABILITIES else "its ability"
    if field in (FIRST, OTHER, SLOT1, SLOT2):
        return f"{'slot' if field in (SLOT1, SLOT2) else 'column'} {option.value}"
    if field is CALL:
        return f"call {option.label}"
    if field is MAYOR:
        return "with the Mayor" if option.value == "yes" else "without the Mayor"
    if field is TO_SALOON:
        return f"{option.label} into the Saloon"
    return option.label
