"""The heuristic bot: one look ahead, guided by the exact posterior.

It keeps two beliefs up to date from its view: where the opponent's cards are
(:class:`~outlaws.deduce.Belief`) and what the opponent can know of its own cards (the
same filter fed with public facts: its *exposure*). Every legal action gets a score in
"points" from an :class:`~outlaws.bots.evaluation.Evaluation` of the position (a win is
worth :data:`~outlaws.bots.evaluation.WIN`), and it plays the best one.

Ties and near-ties are broken at random (seeded), so it is reproducible but not rigid.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..deduce import Belief, MoveModel
from ..engine import Action, View
from .evaluation import Evaluation


class HeuristicBot:
    """Scores every legal action with the posterior and plays the best one."""

    name = "heuristic"

    def __init__(
        self, seed: int | None = None, noise: float = 1.0, movers: MoveModel | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        #: How the opponent is expected to move its cards (None: the rules alone).
        self.movers = movers
        self.belief: Belief | None = None
        self.exposure: Belief | None = None

    # -- beliefs -----------------------------------------------------------------------
    def observe(self, view: View) -> None:
        """Bring both beliefs up to date (a new game or seat starts them afresh)."""
        belief, exposure = self.belief, self.exposure
        if (
            belief is None
            or exposure is None
            or belief.seat != view.viewer
            or len(view.log) < belief.read
            or view.log[:1] != belief.view.log[:1]
        ):
            self.belief = Belief(view, movers=self.movers)
            self.exposure = Belief(view, about=view.viewer)
        else:
            belief.update(view)
            exposure.update(view)

    # -- choosing ----------------------------------------------------------------------
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.pending is not None:
            # Intercepting or cancelling is never worse than letting the effect stand.
            for action in legal:
                if action.type in ("intercept", "cancel"):
                    return action
            return legal[0]
        self.observe(view)
        scores = self.scores(view, legal)
        best = max(scores)
        near = [a for a, s in zip(legal, scores, strict=True) if s >= best - self.noise]
        return self.rng.choice(near)

    def scores(self, view: View, legal: Sequence[Action]) -> list[float]:
        """The score of each legal action."""
        assert self.belief is not None and self.exposure is not None
        ctx = Evaluation(view, self.belief, self.exposure)
        return [ctx.score(action) + self.rng.random() * 1e-3 for action in legal]
