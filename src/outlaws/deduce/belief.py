"""What one seat can deduce from its view: :class:`Belief`.

A belief is built from a :class:`~outlaws.engine.View` alone (never the true state) and
kept up to date with :meth:`Belief.update`, which reads only the events it has not yet
read. It answers where each opponent card may be (exact marginals), what each token slot
may hold, and samples complete hidden worlds consistent with everything the seat saw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..engine import CHARACTERS, COLUMNS, TOKENS, Event, State, View
from ..engine.actionspace import CHARACTER_ID, TOKEN_COUNTS, TOKEN_ID
from .arrangement import ArrangementBelief, MoveModel, slide_order, swap_order

_STASHED = ("bullet", "handcuffs", "vote", "election")


@dataclass(frozen=True, slots=True)
class World:
    """One complete guess at what the seat cannot see.

    ``street``: the opponent's characters at columns 1..8; ``slots``: every slot's token
    (``None`` for an empty slot); ``reserve``: the reserve from top to bottom.
    """

    street: tuple[str, ...]
    slots: tuple[str | None, ...]
    reserve: tuple[str, ...]


class Belief:
    """The exact posterior of ``view.viewer`` over the opponent's hidden arrangement and
    the unseen tokens, given every event of the view's log.

    With ``about=view.viewer`` it is instead what the *opponent* can deduce of the
    viewer's own cards: the same filter fed with public facts only (the viewer's own
    secrets — real or pretended swaps, where a Saloon exchange put its cards — are
    treated as the opponent sees them). Bots use it to know how exposed they are.
    """

    def __init__(
        self, view: View, about: int | None = None, movers: MoveModel | None = None
    ) -> None:
        if view.viewer is None:
            raise ValueError("a belief belongs to a seat: give it a seat's view, not a spectator's")
        self.seat = view.viewer
        #: The seat whose hidden arrangement this belief is about.
        self.opponent = 1 - self.seat if about is None else about
        #: Who holds the belief: the viewer, or the other seat for an exposure belief.
        self.observer = 1 - self.opponent
        saloon = [CHARACTER_ID[c] for c in _initial_saloon(view, self.opponent)]
        labels = [ch for ch in range(len(CHARACTERS)) if ch not in saloon]
        self.arrangement = ArrangementBelief(labels)
        #: How the opponent is expected to move its cards out of sight (None: any pair,
        #: real or pretended with even odds; the exact posterior of the rules alone).
        self.movers = movers
        self._face_up: set[tuple[int, int]] = set()
        #: their_slots[slot]: the seat this belief is about knows that slot's token (it
        #: looked at it and has not forgotten it); which token it is may be hidden.
        self.their_slots = [False] * COLUMNS
        self.read = 0
        self.view = view
        self.update(view)

    def update(self, view: View) -> None:
        """Read the events of ``view`` that came after the last update."""
        if view.viewer != self.seat:
            raise ValueError("that view belongs to another seat")
        belief = self.arrangement
        o = self.opponent
        for event in view.log[self.read :]:
            t = event.type
            if t == "reveal" and event.seat == o:
                belief.observe(event["col"] - 1, CHARACTER_ID[event["card"]])
            elif t == "move" and event.seat == o:
                a, b = event["a"] - 1, event["b"] - 1
                if "swap" in event and self._public(event):
                    if event["swap"]:
                        belief.permute(swap_order(a, b))
                elif self.movers is not None:
                    belief.modelled_swap(a, b, self.movers)
                else:
                    belief.maybe_swap(a, b)
            elif t == "saloon" and event.seat == o:
                a, b = event["a"] - 1, event["b"] - 1
                belief.enter_saloon(
                    a, b, CHARACTER_ID[event["to_saloon"]], CHARACTER_ID[event["card"]]
                )
                if "at_a" in event and self._public(event):
                    belief.observe(a, CHARACTER_ID[event["at_a"]])
            elif t == "dancer" and event.seat == self.observer:
                belief.permute(slide_order(event["col"] - 1, event["from"] - 1))
            self._track_token_knowledge(event)
        self.read = len(view.log)
        # What is face up now: headlined and immobilized cards, everything once the game is
        # over. (A view shows the viewer all of its own cards, so an exposure belief about
        # the viewer reads only the face-up ones.)
        side = view.seats[o]
        if view.over or o != self.seat:
            face_up = [c for c, name in enumerate(side.street) if name is not None]
        else:
            face_up = [c - 1 for c in (*side.headlined, *side.immobilized)]
        # Observing a fact twice changes nothing, and a face-up card that moved did so
        # in a public event already read: only new facts need filtering.
        facts = {
            (col, CHARACTER_ID[name]) for col in face_up if (name := side.street[col]) is not None
        }
        for col, card in facts - self._face_up:
            belief.observe(col, card)
        self._face_up = facts
        self.view = view

    def _track_token_knowledge(self, event: Event) -> None:
        """Follow which slots the seat this belief is about has seen and still knows: the
        ones it looked at, and a token a missed Take left face down, shown to both (R5.4).
        R5.6: knowledge travels with the token; R6.5: the reserve makes it forget."""
        known = self.their_slots
        t = event.type
        if t == "look" and event.seat == self.opponent:
            known[event["col"] - 1] = True
        elif t == "take":
            if event["taken"]:
                del known[event["col"] - 1]
                known.append(False)
            else:  # the token stays in its slot, shown to both (R5.4)
                known[event["col"] - 1] = True
        elif t == "storekeep":
            slots = [s - 1 for s in event["slots"]]
            if event["supply"]:
                known[slots[0]] = False
            else:
                known[slots[0]], known[slots[1]] = known[slots[1]], known[slots[0]]
        elif t == "sudden_death":
            known[:] = [False] * COLUMNS

    def _public(self, event: Event) -> bool:
        """Whether a private field present in ``event`` is known to the observer: always
        for the opponent's events (the engine only shows it when public); for the
        viewer's own events only when the spectators see it too (a headlined card)."""
        return self.observer == self.seat or event.public

    def fork(self) -> Belief:
        """A copy to follow a hypothetical continuation played on a fresh position (as
        :func:`world_state` makes): it will read that position's log from its start."""
        other = Belief.__new__(Belief)
        other.seat, other.opponent, other.observer = self.seat, self.opponent, self.observer
        other.arrangement = self.arrangement.copy()
        other.movers = self.movers
        other._face_up = self._face_up
        other.their_slots = list(self.their_slots)
        other.read = 0
        other.view = self.view
        return other

    # -- the opponent's cards ----------------------------------------------------------
    def marginals(self) -> npt.NDArray[np.float64]:
        """(8 columns × 10 characters): P(the opponent's card at column c is character i).
        Rows are columns 1..8; columns follow :data:`outlaws.engine.CHARACTERS`."""
        return self.arrangement.marginals()

    def where(self, character: str) -> npt.NDArray[np.float64]:
        """P(``character`` stands at each column 1..8); all zero if it is in the Saloon."""
        return self.marginals()[:, CHARACTER_ID[character]]

    def most_likely(self, character: str, n: int = 3) -> list[tuple[int, float]]:
        """The ``n`` likeliest columns (1-based) of ``character``, with probabilities."""
        p = self.where(character)
        order = np.argsort(-p, kind="stable")[:n]
        return [(int(c) + 1, float(p[c])) for c in order if p[c] > 0]

    def probability(self, *facts: tuple[int, str]) -> float:
        """P(all of ``facts`` at once), each a (column 1..8, character) of the seat this
        belief is about: ``probability((4, "governor"), (5, "sheriff"))``."""
        return self.arrangement.probability(*((col - 1, CHARACTER_ID[name]) for col, name in facts))

    def arrangements(self) -> int:
        """How many arrangements are still possible."""
        return self.arrangement.support()

    # -- tokens ------------------------------------------------------------------------
    def unseen_tokens(self) -> Counter[str]:
        """The tokens this seat has not located: on unknown slots or in the reserve."""
        return unseen_tokens(self.view)

    def token_marginals(self) -> npt.NDArray[np.float64]:
        """(8 slots × 5 tokens): P(slot holds token), from this seat's view."""
        return token_marginals(self.view)

    # -- worlds ------------------------------------------------------------------------
    def sample(self, rng: np.random.Generator, n: int = 1) -> list[World]:
        """``n`` hidden worlds drawn from the posterior: the opponent's arrangement, and
        the unseen tokens dealt at random over the unknown slots and the reserve."""
        view = self.view
        streets = self.arrangement.sample(rng, n)
        pool = [name for name, count in sorted(self.unseen_tokens().items()) for _ in range(count)]
        unknown = [slot for slot in range(view.filled) if view.slots[slot] is None]
        worlds = []
        for street in streets:
            tokens = list(rng.permutation(pool)) if pool else []
            slots: list[str | None] = list(view.slots)
            for slot in unknown:
                slots[slot] = str(tokens.pop())
            worlds.append(
                World(
                    street=tuple(CHARACTERS[ch] for ch in street),
                    slots=tuple(slots),
                    reserve=tuple(str(t) for t in tokens),
                )
            )
        return worlds


def unseen_tokens(view: View) -> Counter[str]:
    """The tokens ``view``'s seat has not located: on unknown slots or in the reserve."""
    pool = Counter({TOKENS[t]: n for t, n in TOKEN_COUNTS.items()})
    for seat in view.seats:
        for name in _STASHED:
            pool[name] -= seat.stash[name]
    for name, n in view.discard.items():
        pool[name] -= n
    for name, n in view.aside.items():
        pool[name] -= n
    for token in view.slots:
        if token is not None:
            pool[token] -= 1
    return +pool


def token_marginals(view: View) -> npt.NDArray[np.float64]:
    """(8 slots × 5 tokens): P(slot holds token) for ``view``'s seat; known slots are
    certain, unknown slots share the unseen pool evenly, empty slots are all zero."""
    pool = unseen_tokens(view)
    total = sum(pool.values())
    share = np.array([pool[name] / total if total else 0.0 for name in TOKENS])
    out = np.zeros((COLUMNS, len(TOKENS)))
    for slot in range(view.filled):
        token = view.slots[slot]
        if token is None:
            out[slot] = share
        else:
            out[slot, TOKEN_ID[token]] = 1.0
    return out


def world_state(view: View, world: World, their_slots: Sequence[bool] = ()) -> State:
    """The full :class:`~outlaws.engine.State` that ``world`` completes ``view`` into:
    the position a search plays on. Its log starts empty; the viewer knows the slots its
    view shows, and the opponent the slots of ``their_slots`` (see
    :attr:`Belief.their_slots`): in this world it knows what they hold."""
    data = view.to_json()
    opponent = 1 - view.viewer if view.viewer is not None else 0
    data["seats"][opponent]["street"] = list(world.street)
    data["slots"] = list(world.slots)
    data["reserve"] = list(world.reserve)
    mine, theirs = 1 << (1 - opponent), 1 << opponent  # knowledge bits
    known = [mine if token is not None else 0 for token in view.slots]
    for slot, knows in enumerate(their_slots):
        if knows and slot < view.filled:
            known[slot] |= theirs
    return State.from_json(data, known=known)


def _initial_saloon(view: View, seat: int) -> Sequence[str]:
    """The Saloon ``seat`` started with: today's, with its Saloon exchanges undone."""
    saloon = list(view.seats[seat].saloon)
    for event in reversed(view.log):
        if event.type == "saloon" and event.seat == seat:
            saloon[saloon.index(event["to_saloon"])] = event["card"]
    return saloon
