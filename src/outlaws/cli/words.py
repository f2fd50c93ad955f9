"""Events in plain English words, for the terminal (the web table has its own catalogues)."""

from __future__ import annotations

from ..engine import Event


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
