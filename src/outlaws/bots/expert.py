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
import random
from collections.abc import Sequence
from functools import cache
from importlib.resources import files

import numpy as np

from ..deduce import MoveModel
from ..engine import Action, View
from .evaluation import Evaluation
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
    fewer simulated actions (another search level's budget for tests); ``disguise``: the
    share of its moves that name two columns at random (see :meth:`choose`)."""

    def __init__(self, seed: int | None = None, level: int = 3, disguise: float = 0.0) -> None:
        super().__init__(seed, level=level, movers=movers())
        if level == 3:
            self.max_steps = STEPS
        self.disguise = disguise
        # A stream of its own, so that the search draws what it drew without disguises.
        self.disguise_rng = random.Random(seed)
        self.name = "expert"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The search's choice, except that a move, ``disguise`` of the time, names two
        columns drawn at random; whether the cards then change places is what the
        evaluation prefers (the opponent never sees it). A watcher who learned which
        cards the search moves (its Governor with the Hitman or the Sheriff, four times
        as often as chance) then learns a mixture, and reads less from each move. The
        shipped expert does not disguise (0): what a disguise costs and saves is being
        measured (docs/bots.md, "Can the expert be read?")."""
        action = super().choose(view, legal)
        if action.type != "move" or self.disguise_rng.random() >= self.disguise:
            return action
        moves = [a for a in legal if a.type == "move"]
        pair = self.disguise_rng.choice(sorted({(a.a or 0, a.b or 0) for a in moves}))
        heuristic = self.heuristic
        assert heuristic.belief is not None and heuristic.exposure is not None
        judge = Evaluation(view, heuristic.belief, heuristic.exposure)
        return max((a for a in moves if (a.a, a.b) == pair), key=judge.score)


__all__ = ["STEPS", "ExpertBot", "movers"]
