"""How a bot places its cards before the first action (R3.1).

:func:`bot_placement` is the one entry: the game service, the arena and the terminal game
ask it for a bot seat's placement. It receives the bot's spec and a seed, never anything
of the opponent (both seats place at the same time, unseen: RULES.md R3.1), and answers the
same placement for the same seed.
"""

from __future__ import annotations

import random

from ..engine import Placement


def bot_placement(spec: str, seed: int) -> Placement:
    """The placement the bot ``spec`` makes in a game whose placement seed is ``seed``.

    >>> bot_placement("heuristic", 3) == bot_placement("heuristic", 3)
    True
    """
    return Placement.random(random.Random(f"{seed}/placement/{spec}"))


__all__ = ["bot_placement"]
