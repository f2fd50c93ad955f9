"""Presence: who is connected, to this process and to the others.

Each process counts its own connections (the lobby's and the games') and publishes them
on the bus (:data:`PRESENCE_CHANNEL`) when they change and every :data:`PRESENCE_EVERY`
seconds; a process not heard of for :data:`PRESENCE_LEASE` seconds is forgotten (it
died). Signed-in players are named; guests are counted, one per browser, and
:data:`GUESTS_PER_ADDRESS` at most from one address (a browser's id is its own word:
made-up ones count no more). A seat at an open game's table says its creator is there
(the lobby lists a seek only then).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..common.bus import Bus, Message

#: The bus channel of presence: ``{"from": process, "players": [names], "guests":
#: [browser ids], "seeking": [game ids]}``, or ``{"from": process, "gone": true}``.
PRESENCE_CHANNEL = "presence"
#: Seconds between two presence messages of a process that saw no change.
PRESENCE_EVERY = 10.0
#: Seconds after which a process not heard of is taken for gone.
PRESENCE_LEASE = 25.0
#: Guests counted from one address (on one process): a household's browsers.
GUESTS_PER_ADDRESS = 4


@dataclass(frozen=True, slots=True)
class Here:
    """One connection's presence: the account's name (None: a guest), the guest's
    browser (its lobby id) and address, and the open game whose creator it is (at its
    table)."""

    name: str | None
    browser: str | None = None
    seeking: str | None = None
    client: str = ""


class Presence:
    """Who is connected to this process, and what the others said of theirs."""

    def __init__(self, bus: Bus, process_id: str, now: Callable[[], float]) -> None:
        self.bus = bus
        self.process_id = process_id
        self.now = now
        self._here: dict[object, Here] = {}
        #: Each other process's last message, and when it was heard.
        self._others: dict[str, tuple[float, Message]] = {}
        #: Called when what the lobby shows of presence may have changed.
        self.changed: Callable[[], None] = lambda: None
        self._last_sent: Message | None = None

    def arrive(self, key: object, here: Here) -> None:
        self._here[key] = here
        self.changed()

    def depart(self, key: object) -> None:
        if self._here.pop(key, None) is not None:
            self.changed()

    def mine(self) -> Message:
        """This process's presence, as published."""
        names = sorted({h.name for h in self._here.values() if h.name})
        browsers: dict[str, set[str]] = {}
        for h in self._here.values():
            if h.name is None and h.browser:
                browsers.setdefault(h.client, set()).add(h.browser)
        guests = sorted(
            b for found in browsers.values() for b in sorted(found)[:GUESTS_PER_ADDRESS]
        )
        seeking = sorted({h.seeking for h in self._here.values() if h.seeking})
        return {"from": self.process_id, "players": names, "guests": guests, "seeking": seeking}

    def publish(self, *, force: bool = False) -> None:
        """Publish this process's presence if it changed (or ``force``: the periodic
        message that keeps it alive in the others)."""
        message = self.mine()
        if force or message != self._last_sent:
            self._last_sent = message
            self.bus.publish(PRESENCE_CHANNEL, message)

    def gone(self) -> None:
        self.bus.publish(PRESENCE_CHANNEL, {"from": self.process_id, "gone": True})

    def heard(self, message: Message) -> None:
        sender = message.get("from")
        if not isinstance(sender, str) or sender == self.process_id:
            return
        before = self._others.get(sender)
        if message.get("gone"):
            self._others.pop(sender, None)
        else:
            self._others[sender] = (self.now(), message)
        if before is None or before[1] != message:
            self.changed()

    def _everyone(self) -> list[Message]:
        horizon = self.now() - PRESENCE_LEASE
        for sender, (at, _) in list(self._others.items()):
            if at < horizon:
                del self._others[sender]
        return [self.mine(), *(message for _, message in self._others.values())]

    def online(self) -> tuple[list[str], int]:
        """The names of the signed-in players online, and how many guests."""
        names: set[str] = set()
        guests: set[str] = set()
        for message in self._everyone():
            names.update(n for n in message.get("players", ()) if isinstance(n, str))
            guests.update(g for g in message.get("guests", ()) if isinstance(g, str))
        return sorted(names, key=str.casefold), len(guests)

    def seeking(self) -> set[str]:
        """The open games whose creator is at the table, on any process."""
        found: set[str] = set()
        for message in self._everyone():
            found.update(g for g in message.get("seeking", ()) if isinstance(g, str))
        return found
