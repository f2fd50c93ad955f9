"""Events and actions in plain English words, for the terminal (the web table has its
own catalogues). The words of an action are written from the acting seat's view: its own
cards by name, the opponent's only where that seat may know them (R8.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, Event, View


def _seat(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "The table"
    return "You" if seat == viewer else f"Seat {seat}"


def _card(name: str) -> str:
    return f"the {name.capitalize()}"


def describe(event: Event, viewer: int | None = None) -> str:
    """One line that says what ``event`` was, from ``viewer``'s chair."""
    who = _seat(event.seat, viewer)
    t = event.type
    f = event.get
    if t == "turn":
        return f"— Turn {event.turn}: {who.lower() if who == 'You' else who} to play —"
    if t == "move":
        how = {True: "swapped", False: "pretended to swap"}.get(f("swap"), "swapped or pretended")
        return f"{who} {how} the cards at columns {f('a')} and {f('b')}."
    if t == "saloon":
        where = f", {_card(f('at_a'))} ending at column {f('a')}" if "at_a" in event else ""
        return (
            f"{who} brought {_card(f('card'))} out of the Saloon"
            f" with columns {f('a')} and {f('b')};"
            f" {_card(f('to_saloon'))} is now in the Saloon{where}."
        )
    if t == "reveal":
        return (
            f"{who} {'show' if who == 'You' else 'shows'} {_card(f('card'))} at column {f('col')}."
        )
    if t == "look":
        token = f" It is a {f('token')}." if "token" in event else ""
        return f"{who} looked at the token in slot {f('col')}.{token}"
    if t == "take":
        result = "and took it" if f("taken") else "and left it in place"
        return f"{who} called {f('call')} at slot {f('col')}: it is a {f('token')}, {result}."
    if t == "hitman":
        return f"{who} fired the Hitman across column {f('col')}."
    if t in ("sheriff", "reporter"):
        mayor = " with the Mayor" if f("mayor") else ""
        return f"{who} used {_card(t)}{mayor}, calling {_card(f('call'))} at column {f('target')}."
    if t == "indian":
        mayor = " with the Mayor" if f("mayor") else ""
        return f"{who} sent the Indian{mayor} to look at column {f('target')}."
    if t == "storekeep":
        slots = " and ".join(str(s) for s in f("slots"))
        what = f"slot {slots} with the reserve" if f("supply") else f"slots {slots}"
        return f"{who} had the Storekeep exchange {what}."
    if t == "dancer":
        return f"{who} had the Dancer pull the card at column {f('from')} to column {f('col')}."
    if t == "headline":
        return (
            f"Headline! {_card(f('card'))} of {who.lower() if who == 'You' else who} stays face up."
        )
    if t == "bandit":
        return f"{who} sent the Bandit after {_card(f('call'))}."
    if t == "steal":
        return f"{who} stole a {f('token')}."
    if t == "reverend":
        return f"{who} revealed the Reverend at column {f('col')}."
    if t == "freed":
        return f"The Bandit at column {f('col')} is free again."
    if t == "prompt":
        return f"{who} may react: {f('reaction')} or pass."
    if t == "intercept":
        return f"{who} intercepted with the Sheriff at column {f('col')}!"
    if t == "cancel":
        return f"{who} cancelled it with the Reverend at column {f('col')}."
    if t == "pass":
        return f"{who} did not react."
    if t == "immobilized":
        return f"The Bandit at column {f('col')} is immobilized."
    if t == "recovered":
        return f"{who} got the Handcuffs back."
    if t == "sudden_death":
        return "Sudden death! Bullets and Handcuffs are dealt anew onto Main Street."
    if t == "win":
        how = {"good": "by election", "bad": "by assassination", "ugly": "by arresting the Hitman"}[
            f("how")
        ]
        return f"{who} won {how}."
    if t == "limit":
        return "The turn limit is reached: the game ends with no winner."
    return f"{who}: {t}"


# -- actions --------------------------------------------------------------------------------


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
