"""The expert: the search, reading how its opponent moves its cards.

A move names two columns and hides whether the cards changed places (R5.1). The exact
posterior treats the pair as drawn at random; players do not: they move to guard their
Governor and their Hitman. The expert is the level-3 search whose belief reads moves with
a :class:`~outlaws.deduce.MoveModel` measured in games (``bench/move_model.py``, shipped
as ``movers.json`` beside this module). It locates the enemy Governor sooner, and shoots
sooner. What the opponent can know of the expert's own cards (its exposure) stays the
exact posterior: the expert does not assume the opponent reads it so.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

import numpy as np

from ..deduce import MoveModel
from .search import SearchBot


@cache
def movers() -> MoveModel:
    """The move model shipped with the package."""
    data = json.loads(files(__package__).joinpath("movers.json").read_text(encoding="utf-8"))
    return MoveModel(np.array(data["pair"], dtype=float), np.array(data["swap"], dtype=float))


#: Simulated actions at most per decision: level 3's 600, less a fifth, so that a decision
#: with the model's updates stays within a second of one core (bench/bots.py).
STEPS = 480


class ExpertBot(SearchBot):
    """``search:3``'s candidates and worlds, the move model in its belief, and a fifth
    fewer simulated actions (another search level's budget for tests)."""

    def __init__(self, seed: int | None = None, level: int = 3) -> None:
        super().__init__(seed, level=level, movers=movers())
        if level == 3:
            self.max_steps = STEPS
        self.name = "expert"


__all__ = ["STEPS", "ExpertBot", "movers"]
