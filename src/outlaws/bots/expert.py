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

from ..deduce import Belief, MoveModel
from ..engine import Action, View
from ..engine.actionspace import CHARACTER_ID
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


#: What flattening the opponent's picture of each card is worth to a decoy: the
#: evaluation's threats to an exposed Governor and an exposed Hitman (450 : 400).
DECOY_CARDS = ((CHARACTER_ID["governor"], 1.0), (CHARACTER_ID["hitman"], 0.9))
#: How sharply the decoy prefers the pairs that flatten most: a pair whose gain is this
#: much below the best is drawn e times less often.
DECOY_TEMPERATURE = 0.02


def decoy_pair(
    exposure: Belief, pairs: Sequence[tuple[int, int]], rng: random.Random
) -> tuple[int, int]:
    """Two columns for a move to name, drawn from what the opponent already knows of my
    cards (my exposure, a belief fed with public facts only) and nothing else.

    A move mixes the opponent's picture of the two columns it names (R5.1). Naming the
    column it suspects most with one it suspects least flattens that picture most: the
    gain of a pair is the drop in the expected squared certainty, ``sum(p**3)``, of where
    the Governor and the Hitman stand. Since the draw reads nothing the opponent does not
    know, the pair tells it nothing new, however well it has learned how the expert moves.
    """
    seen = exposure.marginals()
    gains = []
    for a, b in pairs:
        gain = 0.0
        for card, weight in DECOY_CARDS:
            pa, pb = float(seen[a - 1, card]), float(seen[b - 1, card])
            mean = (pa + pb) / 2
            gain += weight * (pa**3 + pb**3 - 2 * mean**3)
        gains.append(gain)
    best = max(gains)
    weights = [np.exp((gain - best) / DECOY_TEMPERATURE) for gain in gains]
    return rng.choices(list(pairs), weights=weights)[0]


class ExpertBot(SearchBot):
    """``search:3``'s candidates and worlds, the move model in its belief, and a fifth
    fewer simulated actions (another search level's budget for tests); ``disguise``: the
    share of its moves whose pair is a decoy, and ``margin``: how many points more the
    search's own move must be worth for it to be played instead (None: never; see
    :meth:`choose`)."""

    def __init__(
        self,
        seed: int | None = None,
        level: int = 3,
        disguise: float = 0.0,
        margin: float | None = None,
    ) -> None:
        super().__init__(seed, level=level, movers=movers())
        if level == 3:
            self.max_steps = STEPS
        self.disguise = disguise
        self.margin = margin
        # A stream of its own, so that the search draws what it drew without disguises,
        # and seeded apart from the search's, so that the two streams do not draw alike.
        self.disguise_rng = random.Random(None if seed is None else f"disguise {seed}")
        self.name = "expert"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The search's choice, except that a move, ``disguise`` of the time, names the
        two columns of a decoy (:func:`decoy_pair`), drawn from what the opponent already
        knows; whether the cards then change places is what the evaluation prefers (the
        opponent never sees it). Undisguised, the search names its Governor's column with
        the Hitman's or the Sheriff's four times as often as chance, and a watcher who
        learned that reads where he stands; a decoy tells the watcher nothing new.

        With a ``margin``, the search's own move is kept when the evaluation rates it more
        than ``margin`` points above the decoy's best: a pair then gives itself away only
        where the decoy would cost the most (a Governor in the line of fire, a Hitman to
        bring opposite his target).
        """
        action = super().choose(view, legal)
        if action.type != "move" or self.disguise_rng.random() >= self.disguise:
            return action
        moves = [a for a in legal if a.type == "move"]
        heuristic = self.heuristic
        assert heuristic.belief is not None and heuristic.exposure is not None
        pairs = sorted({(a.a or 0, a.b or 0) for a in moves})
        pair = decoy_pair(heuristic.exposure, pairs, self.disguise_rng)
        judge = Evaluation(view, heuristic.belief, heuristic.exposure)
        scored = [(judge.score(a), a) for a in moves if (a.a, a.b) == pair]
        decoy_score, decoy = max(scored, key=lambda scored_move: scored_move[0])
        if self.margin is not None and judge.score(action) - decoy_score > self.margin:
            return action
        return decoy


__all__ = ["STEPS", "ExpertBot", "movers"]
