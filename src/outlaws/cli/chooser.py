"""Choosing one of the legal actions step by step, as the terminal asks for it.

The chooser knows no rule. Every option it offers is a value found in the engine's list
of legal actions, and each choice only filters that list until one action is left, as
the browser's chooser does (src/outlaws/web/game/actions.js). So at every step each option
leads to at least one legal action, and every legal action can be reached. The seat's
:class:`~outlaws.engine.View` gives the words of the options (the card at a column, a
token already seen); it never decides what is offered.

The steps (:mod:`outlaws.cli.steps`): which card (a column of Main Street, or a Saloon
card), then which of the actions legal for it, then each field left open. A step with
one option is no choice and is taken at once; once at most :data:`SHORT` actions are
left, they are offered whole, as one numbered list, unless the next step is the last.

>>> from outlaws.engine import State, seat_view
>>> state = State.new(seed=1)
>>> legal, view = state.legal_actions(), seat_view(state, state.to_act)
>>> next_step(legal, (), view).question
'Which of your cards?'
>>> str(next_step(legal, ("col:3", "look"), view))
'look 3'

Typed notation goes through :func:`outlaws.cli.typed.match_notation` instead, which
answers with one of the legal actions too, or says which part matched none of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..engine import Action, View, to_notation
from .steps import (
    ANCHOR,
    TYPE_ORDER,
    Field,
    Option,
    next_field,
    not_offered,
    option_of,
    question_of,
    singles_out,
    trail_words,
    values_of,
)
from .words import action_words

#: At most this many actions left: they are offered whole, as one list.
SHORT = 8
#: Types asked step by step to the end: their whole actions are too long to list.
STEPWISE = frozenset({"saloon"})


@dataclass(frozen=True, slots=True)
class Step:
    """A question of the chooser and its options, each leading to a legal action.

    ``remaining``: the legal actions still possible; ``trail``: the choices so far in
    words (those taken at once included); ``note``: what is not offered, and why.
    """

    name: str
    question: str
    options: tuple[Option, ...]
    remaining: tuple[Action, ...]
    trail: tuple[str, ...] = ()
    note: str = ""

    def find(self, answer: str) -> tuple[Option, ...]:
        """The options ``answer`` names: by key, by a whole name, else by the start of
        a name (several when that start fits several)."""
        word = answer.strip().lower()
        for test in (
            lambda o: o.key == word,
            lambda o: word in o.names,
            lambda o: any(name.startswith(word) for name in o.names),
        ):
            found = tuple(o for o in self.options if word and test(o))
            if found:
                return found
        return ()


# -- the chooser --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Cursor:
    """Where a choice stands: the legal actions still possible, the values picked by
    step name (those taken at once included), and the picks in words."""

    cands: tuple[Action, ...]
    chosen: Mapping[str, str]
    trail: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Stop:
    """A choice to make at ``cursor``: the ``values`` of ``field`` (``offers``: what each
    action still possible offers there), or the whole actions left when ``field`` is
    None."""

    cursor: _Cursor
    field: Field | None
    values: tuple[str, ...]
    offers: tuple[tuple[str, ...], ...] = ()


def _settle(cursor: _Cursor, view: View) -> Action | _Stop:
    """Take the steps that are no choice: stop at the action reached or the next choice."""
    while True:
        cands, chosen = cursor.cands, cursor.chosen
        if len(cands) == 1:
            return cands[0]
        field = next_field(chosen)
        offers = tuple(field.values(a, chosen) for a in cands) if field else ()
        if field is None or (
            len(cands) <= SHORT and chosen.get("type") not in STEPWISE and not singles_out(offers)
        ):
            return _Stop(cursor, None, tuple(to_notation(a) for a in _ranked(cands)))
        values = values_of(field, offers, view.viewer or 0)
        stop = _Stop(cursor, field, tuple(values), offers)
        if len(stop.values) > 1:
            return stop
        cursor = _choose(stop, stop.values[0], view)


def _choose(stop: _Stop, value: str, view: View) -> _Cursor:
    cursor, field = stop.cursor, stop.field
    if value not in stop.values:
        step = field.name if field else "action"
        raise ValueError(f"{value!r} is not an option of the step {step!r}")
    if field is None:
        chosen = tuple(a for a in cursor.cands if to_notation(a) == value)
        return _Cursor(chosen, cursor.chosen, cursor.trail)
    number = stop.values.index(value) + 1
    option = option_of(field, value, number, cursor.cands, cursor.chosen, view, brief=True)
    return _Cursor(
        tuple(a for a, offer in zip(cursor.cands, stop.offers, strict=True) if value in offer),
        {**cursor.chosen, field.name: value},
        (*cursor.trail, trail_words(field, option)),
    )


def next_step(legal: Sequence[Action], picks: Sequence[str], view: View) -> Step | Action:
    """The step after the choices ``picks`` (the values of the options chosen, in
    order), or the legal action they single out.

    Only ``legal`` decides what is offered; ``view`` (the seat to act's) gives the words.
    Raises :class:`ValueError` for a pick that was not an option of its step.
    """
    if not legal:
        raise ValueError("there is no legal action to choose from")
    where = _settle(_Cursor(tuple(legal), {}, ()), view)
    for pick in picks:
        if isinstance(where, Action):
            raise ValueError(f"{pick!r}: the action is already chosen")
        where = _settle(_choose(where, pick, view), view)
    return where if isinstance(where, Action) else _step(where, view)


def paths(legal: Sequence[Action], view: View) -> Iterator[tuple[tuple[str, ...], Action]]:
    """Every way through the chooser: each sequence of picks with the action it reaches
    (for the tests: every path ends in a legal action, every legal action has one)."""
    todo: list[tuple[tuple[str, ...], Action | _Stop]] = [
        ((), _settle(_Cursor(tuple(legal), {}, ()), view))
    ]
    while todo:
        picks, where = todo.pop()
        if isinstance(where, Action):
            yield picks, where
            continue
        for value in where.values:
            todo.append(((*picks, value), _settle(_choose(where, value, view), view)))


def _step(stop: _Stop, view: View) -> Step:
    cursor, field = stop.cursor, stop.field
    if field is None:
        return _whole(_ranked(cursor.cands), view, cursor.trail)
    options = tuple(
        option_of(field, v, i, cursor.cands, cursor.chosen, view)
        for i, v in enumerate(stop.values, 1)
    )
    return Step(
        field.name,
        question_of(field, cursor.cands, cursor.chosen, view),
        options,
        cursor.cands,
        cursor.trail,
        not_offered(stop.values, view) if field is ANCHOR else "",
    )


def _ranked(cands: Sequence[Action]) -> tuple[Action, ...]:
    """The whole actions in the order they are listed: by type, those that reveal the
    Mayor after the others, then as the engine lists them."""
    order = sorted(
        range(len(cands)), key=lambda i: (TYPE_ORDER.index(cands[i].type), cands[i].mayor, i)
    )
    return tuple(cands[i] for i in order)


def _whole(ranked: Sequence[Action], view: View, trail: tuple[str, ...]) -> Step:
    """The actions left, offered whole: the notation, then what it does."""
    options = tuple(
        Option(str(n), to_notation(a), to_notation(a), action_words(a, view), (to_notation(a),))
        for n, a in enumerate(ranked, 1)
    )
    question = "Which one?" if trail else "Which action?"
    if all(a.type in ("intercept", "cancel", "pass") for a in ranked):
        question = "How do you answer?"
    return Step("action", question, options, tuple(ranked), trail)
