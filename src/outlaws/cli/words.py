"""Actions in plain English words, for the terminal's prompts (the game log's words come
from the catalogue the browser reads, :mod:`~outlaws.cli.gamelog`). The words of an action
are written from the acting seat's view: its own cards by name, the opponent's only where
that seat may know them (R8.3).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine import Action, View

#: A rule id in the engine's words: "(R3.1)", "(R5.4, R5.5)", or "R5.4: " before a reason.
RULE_ID = re.compile(r"\s*\(R\d+(?:\.\d+)*(?:,\s*R\d+(?:\.\d+)*)*\)|\bR\d+(?:\.\d+)*:\s*")


def plain(text: str) -> str:
    """The engine's ``text`` without its rule ids: a player reads the reason, not the
    number of the rule."""
    return RULE_ID.sub("", text)


def card_words(name: str | None) -> str:
    """A character's name as a word ('?' for a card not known)."""
    return name.capitalize() if name else "?"


def join_or(words: Sequence[str]) -> str:
    """``a, b or c``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def action_words(action: Action, view: View) -> str:
    """What ``action`` of the seat ``view.viewer`` does, in a few words."""
    me = view.viewer
    assert me is not None
    mine, theirs = view.seats[me].street, view.seats[1 - me].street

    def own(col: int | None) -> str:
        assert col is not None
        return f"your {card_words(mine[col - 1])} ({col})"

    def their(col: int | None) -> str:
        assert col is not None
        name = theirs[col - 1]
        return f"their {card_words(name)} at {col}" if name else f"their card at {col}"

    t = action.type
    mayor = ", revealing your Mayor" if action.mayor else ""
    if t == "move":
        both = f"{own(action.a)} and {own(action.b)}"
        return f"swap {both}" if action.swap else f"only pretend to swap {both}"
    if t == "saloon":
        assert action.a is not None and action.b is not None
        three = [action.card, mine[action.a - 1], mine[action.b - 1]]
        rest = [name for name in three if name not in (action.to_saloon, action.at_a)]
        at_b = rest[0] if rest else action.card
        return (
            f"{card_words(action.card)} out, {card_words(action.to_saloon)} in;"
            f" {card_words(action.at_a)} at {action.a}, {card_words(at_b)} at {action.b}"
        )
    if t == "look":
        return f"reveal {own(action.col)}, look at slot {action.col}"
    if t == "take":
        return f"reveal {own(action.col)}, take slot {action.col} if it is a {action.call}"
    if t == "hitman":
        return f"pay a Bullet, shoot {their(action.col)}"
    if t in ("sheriff", "reporter"):
        pay = "a Handcuffs" if t == "sheriff" else "a Headline marker"
        return f"pay {pay}, call {their(action.target)} the {card_words(action.call)}{mayor}"
    if t == "indian":
        return f"look at {their(action.target)}{mayor}"
    if t == "storekeep":
        slots = action.slots or ()
        if action.supply:
            return f"exchange slot {slots[0]} with the reserve's top token{mayor}"
        return f"exchange the tokens of slots {slots[0]} and {slots[-1]}{mayor}"
    if t == "dancer":
        return f"pull {their(action.from_)} to column {action.col}"
    if t == "bandit":
        loot = "a Bullet" if action.call == "hitman" else "a Handcuffs"
        return f"call {their(action.col)} the {card_words(action.call)}: if right, steal {loot}"
    if t == "reverend":
        return "free your immobilized Bandit at his left"
    if t == "intercept":
        return "pay a Handcuffs, reveal your Sheriff beside your Governor: arrest their Hitman"
    if t == "cancel":
        return "reveal your Reverend: cancel what their Sheriff did"
    return "do not react"
