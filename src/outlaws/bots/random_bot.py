"""The random bot: a uniformly random legal action. Seedable and reproducible."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Action, View


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)
