"""The notebook of ``outlaws play --notebook``: what the human seat can deduce.

Two beliefs (:class:`~outlaws.deduce.Belief`), both built from the seat's
:class:`~outlaws.engine.View` alone: what the opponent's face-down cards are likely to be,
and how sure the opponent can be of each of the seat's own cards. The rows drawn here go
under the two streets of the table (:mod:`outlaws.cli.screen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from ..engine import CHARACTERS, View
from .style import CARD_ABBR

if TYPE_CHECKING:  # the deduction layer (NumPy) loads only when the notebook is opened
    import numpy as np


@dataclass(frozen=True, slots=True)
class Notes:
    """What the notebook shows, all deduced from the seat's view.

    ``guesses``: P(their card at column c is character i), 8 × 10 (Belief.marginals);
    ``exposure``: for each of your columns 1..8, how sure *they* can be of the card there.
    """

    guesses: np.ndarray
    exposure: tuple[float, ...]


class Notebook:
    """Keeps the two beliefs of one seat up to date: about the opponent's cards, and
    what the opponent can deduce about this seat's own cards."""

    def __init__(self, view: View) -> None:
        from ..deduce import Belief

        self.belief = Belief(view)
        self.exposed = Belief(view, about=view.viewer)

    def notes(self, view: View) -> Notes:
        """Read the new events of ``view`` and return the notes to show."""
        self.belief.update(view)
        self.exposed.update(view)
        assert view.viewer is not None
        mine = view.seats[view.viewer].street
        about_me = self.exposed.marginals()
        exposure = tuple(
            float(about_me[c, CHARACTERS.index(name)]) if name is not None else 0.0
            for c, name in enumerate(mine)
        )
        return Notes(self.belief.marginals(), exposure)


def guess_rows(view: View, notes: Notes, columns: Sequence[int]) -> list[list[Text]]:
    """Under each of their face-down cards: the chance that it is their Governor, and
    the likeliest other character when one stands out."""
    assert view.viewer is not None
    street = view.seats[1 - view.viewer].street
    governor: list[Text] = []
    other: list[Text] = []
    for col in columns:
        if street[col - 1] is not None:
            governor.append(Text(""))
            other.append(Text(""))
            continue
        p = [float(x) for x in notes.guesses[col - 1]]
        g = p[0]
        style = "bold yellow" if g >= 0.5 else "yellow" if g > 0 else "dim"
        governor.append(Text(f"{CARD_ABBR['governor']} {g:>4.0%}", style=style))
        ranked = sorted(range(1, len(CHARACTERS)), key=lambda i: -p[i])
        best, second = ranked[0], ranked[1]
        if p[best] > p[second] + 1e-9:
            name = CHARACTERS[best]
            style = "bold red" if name == "hitman" else ""
            other.append(Text(f"{CARD_ABBR[name]} {p[best]:>4.0%}", style=style))
        else:
            other.append(Text(""))
    return [governor, other]


def exposure_row(notes: Notes, columns: Sequence[int]) -> list[Text]:
    """How sure the opponent can be of each of your cards."""
    cells = []
    for col in columns:
        p = float(notes.exposure[col - 1])
        style = "bold red" if p >= 0.995 else "yellow" if p >= 0.5 else "dim"
        cells.append(Text(f"{p:.0%}", style=style))
    return cells
