"""Typed notation in the terminal, matched against the engine's legal actions.

A typed action (docs/notation.md) is taken only when it is one of the legal actions; the
engine's ``apply`` never sees anything else. When it is none of them, the answer says
which part of it no legal action has, and what the legal actions have there instead.

>>> from outlaws.engine import State, seat_view
>>> state = State.new(seed=1)
>>> legal, view = state.legal_actions(), seat_view(state, state.to_act)
>>> str(match_notation(legal, "look 3", view))
'look 3'
>>> match_notation(legal, "take 1 election", view).start
'take 1 election'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..engine import Action, View, parse_notation
from .steps import TYPE_ORDER, saloon_places


@dataclass(frozen=True, slots=True)
class NoMatch:
    """Typed notation that is none of the legal actions.

    ``start``: its shortest start, in notation, that no legal action has (``"sheriff 1"``);
    ``possible``: the starts of the same length the legal actions have instead.
    """

    typed: str
    start: str
    possible: tuple[str, ...]


def match_notation(legal: Sequence[Action], text: str, view: View) -> Action | NoMatch:
    """The legal action ``text`` (docs/notation.md) writes, or why none matches.

    The columns of a move or a Saloon exchange may come in either order, and the slots
    of a Storekeep too. Raises :class:`~outlaws.engine.FormatError` for text that is not
    notation at all."""
    raw = parse_notation(text)
    typed = _normal(raw, view)
    for action in legal:
        if action.type == typed.type and action == typed:
            return action
    # A move is explained in the order typed: its checks do not depend on the order.
    return _explain(raw if raw.type == "move" else typed, legal, text.strip())


def _normal(action: Action, view: View) -> Action:
    """``action`` as the engine lists it: a move's and an exchange's columns in order,
    a Storekeep's slots too."""
    if action.type == "move" and action.a and action.b and action.a > action.b:
        return replace(action, a=action.b, b=action.a)
    if action.type == "saloon" and action.a and action.b and action.a > action.b:
        at_b = saloon_places(action, view)[1]
        return replace(action, a=action.b, b=action.a, at_a=at_b)
    if action.type == "storekeep" and action.slots and not action.supply:
        return replace(action, slots=tuple(sorted(action.slots)))
    return action


Part = Callable[[Action], set[str]]


def _checks(t: Action) -> list[tuple[Part, str]]:
    """The parts of the typed action ``t`` in the chooser's order, as (what a legal
    action offers there, what was typed), each written as in the notation."""
    kind = t.type
    if kind == "move":
        return [
            (lambda a: {str(a.a), str(a.b)}, str(t.a)),
            (lambda a: {str(a.b if a.a == t.a else a.a)}, str(t.b)),
            (lambda a: {"swap" if a.swap else "pretend"}, "swap" if t.swap else "pretend"),
        ]
    if kind == "saloon":
        return [
            (lambda a: {str(a.card)}, str(t.card)),
            (lambda a: {f"{a.a} {a.b}"}, f"{t.a} {t.b}"),
            (lambda a: {str(a.to_saloon)}, str(t.to_saloon)),
            (lambda a: {str(a.at_a)}, str(t.at_a)),
        ]
    out: list[tuple[Part, str]] = [(lambda a: {str(a.col)}, str(t.col))]
    if kind in ("take", "sheriff", "reporter", "bandit"):
        out.append((lambda a: {str(a.call)}, str(t.call)))
    if kind in ("sheriff", "indian", "reporter"):
        out.append((lambda a: {_at(a.target, a.col)}, _at(t.target, t.col)))
    if kind == "dancer":
        out.append((lambda a: {f"@{a.from_}"}, f"@{t.from_}"))
    if kind == "storekeep":
        out.append((lambda a: {_slot_words(a)}, _slot_words(t)))
    out.append((lambda a: {"+mayor" if a.mayor else ""}, "+mayor" if t.mayor else ""))
    return out


def _at(target: int | None, col: int | None) -> str:
    """A target as the notation writes it: nothing for the card opposite."""
    return "" if target == col else f"@{target}"


def _slot_words(action: Action) -> str:
    slots = [str(s) for s in action.slots or ()]
    return " ".join([*slots, "supply"] if action.supply else slots)


def _explain(typed: Action, legal: Sequence[Action], text: str) -> NoMatch:
    """Follow ``typed`` part by part through the legal actions: the first part that
    none of them has is why nothing matched, and what they have there is possible."""
    cands = [a for a in legal if a.type == typed.type]
    if not cands:
        kinds = dict.fromkeys(a.type for a in legal)
        return NoMatch(text, typed.type, tuple(t for t in TYPE_ORDER if t in kinds))
    done = [typed.type]
    for part, want in _checks(typed):
        keep = [a for a in cands if want in part(a)]
        if not keep:
            begun = " ".join(done)
            values = dict.fromkeys(v for a in cands for v in sorted(part(a), key=_by_number))
            possible = tuple(f"{begun} {v}".strip() for v in values)
            return NoMatch(text, f"{begun} {want}".strip(), possible)
        cands = keep
        if want:
            done.append(want)
    return NoMatch(text, text, tuple(str(a) for a in cands))  # pragma: no cover - normalized


def _by_number(word: str) -> tuple[int, str]:
    return (int(word), "") if word.isdigit() else (0, word)
