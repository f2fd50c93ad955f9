"""The game log in words, for the terminal: the browser's log (``web/game/log.js``) line for line.

Each event type of docs/events.md is said through the template of the shared catalogue
(:mod:`~outlaws.cli.catalogue`) that the browser uses, chosen the same way: a ``.self``
variant for the reader's own events, the known variants when the reader's view holds a
secret field, the card that looks or takes named in the action's own line and its reveal
then left out. ``tests/cli/test_words.py`` holds this to the page's own lines, event by
event, in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import ACTION_TYPES, Event
from .catalogue import Catalogue


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads the log: ``viewer`` (None: a spectator), how each seat is called
    (``names``, seat 0 first), and in which language."""

    catalogue: Catalogue
    viewer: int | None
    names: tuple[str, str]

    @classmethod
    def facing(cls, catalogue: Catalogue, seat: int, opponent: str) -> Reader:
        """The reader sitting at ``seat``: "You", against ``opponent`` (its name)."""
        you = catalogue.t("player.you")
        return cls(catalogue, seat, (you, opponent) if seat == 0 else (opponent, you))


def describe(event: Event, reader: Reader, actor_card: str | None = None) -> str:
    """The line of one event. ``actor_card``: the card revealed to look or take, named
    in the same line."""
    words = reader.catalogue
    actor = words.card(actor_card) if actor_card else None
    own = reader.viewer is not None and event.seat == reader.viewer
    f = event.get

    def say(key: str, **params: Any) -> str:
        chosen = f"{key}.self" if own and words.has(f"{key}.self") else key
        who = "" if event.seat is None else reader.names[event.seat]
        return words.t(chosen, **{"who": who, "turn": event.turn, **params})

    def with_mayor(text: str) -> str:
        return words.sentences([text, words.t("log.withMayor")]) if f("mayor") else text

    kind = event.type
    if kind == "turn":
        return say("log.turn")
    if kind == "move":
        if "swap" in event:
            return say("log.move.swap" if f("swap") else "log.move.pretend", a=f("a"), b=f("b"))
        return say("log.move", a=f("a"), b=f("b"))
    if kind == "saloon":
        params = {
            "card": words.card(f("card")),
            "a": f("a"),
            "b": f("b"),
            "to_saloon": words.card(f("to_saloon")),
        }
        # The card that came out may be the one that went back in (R5.2).
        base = "log.saloon.same" if f("card") == f("to_saloon") else "log.saloon"
        if "at_a" in event:
            return say(f"{base}.known", **params, at_a=words.card(f("at_a")))
        return say(base, **params)
    if kind == "look":
        # With the card revealed to look, one line says both.
        key = ("log.look.token" if "token" in event else "log.look") + (".card" if actor else "")
        token = words.token(f("token")) if "token" in event else ""
        return say(key, col=f("col"), card=actor, token=token)
    if kind == "take":
        key = ("log.take.taken" if f("taken") else "log.take.missed") + (".card" if actor else "")
        return say(
            key,
            col=f("col"),
            card=actor,
            call=words.token(f("call")),
            token=words.token(f("token")),
        )
    if kind == "reveal":
        return say("log.reveal", col=f("col"), card=words.card(f("card")))
    if kind == "hitman":
        return say("log.hitman", col=f("col"))
    if kind in ("sheriff", "reporter"):
        call = words.card(f("call"))
        return with_mayor(say(f"log.{kind}", col=f("col"), call=call, target=f("target")))
    if kind == "indian":
        return with_mayor(say("log.indian", col=f("col"), target=f("target")))
    if kind == "storekeep":
        slots: tuple[int, ...] = tuple(f("slots") or ())
        s1, s2, *_ = (*slots, None, None)
        key = "log.storekeep.supply" if f("supply") else "log.storekeep"
        return with_mayor(say(key, col=f("col"), s1=s1, s2=s2))
    if kind == "dancer":
        return say("log.dancer", col=f("col"), **{"from": f("from")})
    if kind == "headline":
        return say("log.headline", col=f("col"), card=words.card(f("card")))
    if kind == "bandit":
        return say("log.bandit", col=f("col"), call=words.card(f("call")))
    if kind == "steal":
        return say("log.steal", token=words.token(f("token")))
    if kind in ("reverend", "freed", "intercept", "cancel", "immobilized"):
        return say(f"log.{kind}", col=f("col"))
    if kind == "prompt":
        return say("log.prompt.cancel" if f("reaction") == "cancel" else "log.prompt.intercept")
    if kind in ("pass", "recovered", "sudden_death", "limit"):
        return say(f"log.{kind}")
    if kind == "win":
        return say("log.win", how=words.t(f"how.short.{f('how')}"))
    return words.t("log.unknown", type=kind)


#: Abilities whose line names the card that acts: its own reveal adds nothing. Every
#: action but the four that any card does, and passing.
NAMES_ITS_CARD = frozenset(ACTION_TYPES) - {"move", "saloon", "look", "take", "pass"}


def _own_reveal(action: Event | None, other: Event | None) -> bool:
    """Whether ``other`` is the reveal of the card that does ``action`` (same seat and
    column)."""
    return (
        action is not None
        and other is not None
        and other.type == "reveal"
        and other.seat == action.seat
        and other.get("col") == action.get("col")
    )


def _miss_at(events: Sequence[Event], i: int) -> str | None:
    """When ``events[i]`` reveals the target of a shot or a call that missed, the
    catalogue key of the sentence saying what it cost (the Bullet, the Handcuffs, the
    Headline marker), else None. The action is the event just before the run of reveals
    that follows it."""
    reveal = events[i]
    j = i - 1
    while j >= 0 and events[j].type == "reveal":
        j -= 1
    if j < 0 or events[j].seat == reveal.seat:
        return None
    action = events[j]
    if action.type == "hitman":
        aimed = reveal.get("col") == action.get("col")
        return "log.miss.hitman" if aimed and reveal.get("card") != "governor" else None
    if action.type in ("sheriff", "reporter"):
        aimed = reveal.get("col") == action.get("target")
        wrong = aimed and reveal.get("card") != action.get("call")
        return f"log.miss.{action.type}" if wrong else None
    return None


def describe_at(events: Sequence[Event], i: int, reader: Reader) -> str | None:
    """The line of ``events[i]``, or None when the line of its action already says it:
    the reveal of the card that looks (logged after the look), takes (before the take)
    or uses an ability is folded into that action's line, so that no line is said twice."""
    event = events[i]
    before = events[i - 1] if i > 0 else None
    after = events[i + 1] if i + 1 < len(events) else None
    if event.type == "reveal":
        if (
            before is not None
            and (before.type == "look" or before.type in NAMES_ITS_CARD)
            and _own_reveal(before, event)
        ):
            return None
        if after is not None and after.type == "take" and _own_reveal(after, event):
            return None
    if event.type == "reveal":
        miss = _miss_at(events, i)
        if miss is not None:
            return reader.catalogue.sentences([describe(event, reader), reader.catalogue.t(miss)])
    if event.type == "look" and after is not None and _own_reveal(event, after):
        return describe(event, reader, after["card"])
    if event.type == "take" and before is not None and _own_reveal(event, before):
        return describe(event, reader, before["card"])
    return describe(event, reader)
