"""The novice: a bot that plays like a person still learning the game.

A random bot loses to anyone and teaches nothing; the heuristic never blunders. Between
them a beginner needs an opponent it can beat that still plays the game: one that makes
the mistakes people make. The novice judges positions exactly as the heuristic does
(:class:`~outlaws.bots.heuristic.HeuristicBot`, from its own view only), then errs the
way a person does:

- **Near misses, rarely blunders.** It picks among the actions by a softmax of their
  scores at ``temperature`` points: an action slightly worse than the best is played
  often, one that throws the game away almost never (a person overlooks a subtlety far
  more often than they hand over their Governor).
- **Tunnel vision.** With probability ``focus``, it looks at one of its own cards only
  (drawn at random, as a person's eye falls on one card) and plays the best it sees for
  that card, missing a better play elsewhere on the table.
- **Inattention.** When the opponent's action can be answered (an interception by the
  Sheriff, a cancellation by the Reverend), it notices with probability ``watchful``
  only, and otherwise lets it pass.

Each level (1 to 5) sets the three; level 5 errs least. Reproducible from its seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Action, View
from .heuristic import HeuristicBot


@dataclass(frozen=True, slots=True)
class Lapses:
    """How a level errs: softmax temperature (points), chance of tunnel vision, chance
    of noticing that an action can be answered."""

    temperature: float
    focus: float
    watchful: float


#: The levels, weakest first.
LEVELS: dict[int, Lapses] = {
    1: Lapses(temperature=160.0, focus=0.4, watchful=0.4),
    2: Lapses(temperature=80.0, focus=0.25, watchful=0.6),
    3: Lapses(temperature=40.0, focus=0.15, watchful=0.75),
    4: Lapses(temperature=20.0, focus=0.08, watchful=0.9),
    5: Lapses(temperature=8.0, focus=0.03, watchful=1.0),
}


def _cards(action: Action) -> tuple[str, ...]:
    """The places of its own cards an action names: its columns, a Saloon card."""
    columns = (f"column {c}" for c in (action.col, action.a, action.b) if c is not None)
    saloon = () if action.card is None else (f"saloon {action.card}",)
    return (*columns, *saloon)


class NoviceBot(HeuristicBot):
    """The heuristic's judgement, with a person's lapses (:data:`LEVELS`)."""

    name = "novice"

    def __init__(self, seed: int | None = None, level: int = 2) -> None:
        super().__init__(seed)
        if level not in LEVELS:
            raise ValueError(f"novice levels are 1 to 5, not {level}")
        self.level = level
        self.lapses = LEVELS[level]
        self.name = f"novice:{level}"  # as the search names its level

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.pending is not None:
            answers = [a for a in legal if a.type in ("intercept", "cancel")]
            if answers and self.rng.random() < self.lapses.watchful:
                return answers[0]
            others = [a for a in legal if a.type not in ("intercept", "cancel")]
            return others[0] if others else legal[0]
        self.observe(view)
        options = list(legal)
        if len(options) > 1 and self.rng.random() < self.lapses.focus:
            places = sorted({place for a in options for place in _cards(a)})
            if places:
                looked_at = self.rng.choice(places)
                seen = [a for a in options if looked_at in _cards(a)]
                options = seen or options
        scores = self.scores(view, options)
        best = max(scores)
        weights = [math.exp((s - best) / self.lapses.temperature) for s in scores]
        return self.rng.choices(options, weights=weights)[0]
