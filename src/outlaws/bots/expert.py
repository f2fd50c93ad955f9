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
    share of its moves whose pair is a decoy, and ``margin``: how many points more than the
    decoy's the search's own move must be worth, by the search's values, for it to be
    played instead (None: never; see :meth:`choose`)."""

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
        knows. Undisguised, the search names its Governor's column with the Hitman's or
        the Sheriff's four times as often as chance, and a watcher who learned that reads
        where he stands; a decoy tells the watcher nothing new.

        The decoy's two moves (the cards exchanged, or only pretended) are weighed by the
        search beside its own candidates, over the same worlds and the opponent's reply,
        and the better of them is played; whether the cards change places the opponent
        never sees. With a ``margin``, the search's own move is kept where its mean value
        is more than ``margin`` points above the decoy's: a pair then gives itself away
        only where the decoy would cost the most (a Governor in the line of fire).
        """
        moves = [i for i, action in enumerate(legal) if action.type == "move"]
        if view.pending is not None or not self.disguise or not moves:
            return super().choose(view, legal)
        heuristic = self.heuristic
        heuristic.observe(view)
        assert heuristic.exposure is not None
        pairs = sorted({(legal[i].a or 0, legal[i].b or 0) for i in moves})
        pair = decoy_pair(heuristic.exposure, pairs, self.disguise_rng)
        decoys = [i for i in moves if (legal[i].a, legal[i].b) == pair]
        weighed = self.weigh(view, legal, extra=decoys)
        pick = weighed.alive[self._mixed(weighed.alive_means)]
        if legal[weighed.candidates[pick]].type != "move":
            return legal[weighed.candidates[pick]]
        if self.disguise_rng.random() >= self.disguise:
            return legal[weighed.candidates[pick]]
        decoy = max(
            (k for k, i in enumerate(weighed.candidates) if i in decoys),
            key=lambda k: weighed.means[k],
        )
        if self.margin is not None and weighed.means[pick] - weighed.means[decoy] > self.margin:
            return legal[weighed.candidates[pick]]
        return legal[weighed.candidates[decoy]]


__all__ = ["STEPS", "ExpertBot", "movers"]
