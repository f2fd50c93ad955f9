"""How a bot places its cards before the first action (R3.1).

:func:`bot_placement` is the one entry: the game service, the arena and the terminal game
ask it for a bot seat's placement. It receives the bot's spec and a seed, never anything
of the opponent (both seats place at the same time, unseen: docs/rules.md R3.1), and answers the
same placement for the same seed.

**The strategy.** ``random`` places uniformly, as a player asking for a random placement
does. Every other bot places by a *learned score*. :data:`WEIGHTS` gives a feature of a
placement (:func:`features`) its effect on the odds of winning, in logits. The weights
come from a logistic regression on 2,242 heuristic games played from uniformly random
placements (``bench/placement.py``; docs/studies/placement.md has the table and the
command). Two features mattered:

- a Hitman waiting in the Saloon won 43.8% of games, against 51.8% on the street. From
  the Saloon he needs an exchange (R5.2) before he can shoot (R6.2);
- a Reverend immediately to the Hitman's right won 57.5%, against 49.4%. From there he
  cancels the Sheriff's arrest of the Hitman (R6.9.2), which would lose the game (R9.3).

Nothing else showed an effect: not the Governor's column, not a Sheriff beside him
(R6.3.3), not the Mayor's neighbour (R6.10), not the other Saloon cards. Those are left
to chance.

The bot draws :data:`CANDIDATES` uniform placements from its seed. It picks one with
probability proportional to ``exp(SHARPNESS * score)``. The strong placements come up
most, but never one placement. The Governor's column stays uniform, so the bot's habits
never tell the opponent where to aim its Hitman (R6.2).

Left and right are the owner's (R2.2), so which card stands to the Hitman's right
depends on the seat. A caller that knows the bot's seat passes it. Without the seat, the
Reverend's cover is left out of the score (half the time it would point the wrong way),
and the Hitman is still kept on the street.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

from ..engine import CHARACTERS, COLUMNS, Placement

_ID = {name: i for i, name in enumerate(CHARACTERS)}
GOVERNOR, HITMAN, SHERIFF = _ID["governor"], _ID["hitman"], _ID["sheriff"]
REVEREND = _ID["reverend"]
#: R2.2: the owner's "immediately to the right" as a column offset, for seats 0 and 1.
RIGHT = (1, -1)

#: The effect of each feature on the odds of winning, in logits (bench/placement.py --fit).
WEIGHTS: Mapping[str, float] = {"saloon_hitman": -0.3, "reverend_covers_hitman": 0.25}
#: How strongly the draw leans to high scores: probability ∝ exp(SHARPNESS · score).
#: At 10 the Hitman waits in the Saloon in under 1% of placements (20% by chance) and the
#: Reverend covers him in about 57% (7% by chance); the rest stays uniform.
SHARPNESS = 10.0
#: Uniform placements the draw chooses among.
CANDIDATES = 256


def features(placement: Placement, seat: int | None = None) -> dict[str, float]:
    """The features of ``placement`` the score weighs, as 0/1 values (``seat``: whose
    placement it is; None leaves out the left-and-right ones)."""
    street = placement.street
    gov = placement.governor_column
    out: dict[str, float] = {}

    def column(character: int) -> int | None:
        return street.index(character) + 1 if character in street else None

    sheriff, hitman = column(SHERIFF), column(HITMAN)
    # R6.3.3: only a Sheriff beside the Governor can intercept a shot at him.
    out["sheriff_beside_governor"] = float(sheriff is not None and abs(sheriff - gov) == 1)
    out["hitman_beside_governor"] = float(hitman is not None and abs(hitman - gov) == 1)
    for ch in placement.saloon:
        out[f"saloon_{CHARACTERS[ch]}"] = 1.0
    if seat is not None:
        right = RIGHT[seat]

        def right_of(character: int) -> int | None:
            at = column(character)
            if at is None or not 1 <= at + right <= COLUMNS:
                return None
            return street[at - 1 + right]

        # R6.9.2: the Reverend cancels the arrest of the card immediately to his left.
        out["reverend_covers_hitman"] = float(right_of(HITMAN) == REVEREND)
    return out


def score(placement: Placement, seat: int | None = None) -> float:
    """The placement's learned score: its features' summed effect on the odds of winning,
    in logits (only differences between placements mean anything)."""
    return sum(WEIGHTS.get(name, 0.0) * value for name, value in features(placement, seat).items())


def uses_strategy(spec: str) -> bool:
    """Whether the bot ``spec`` places by the score: every bot but ``random``."""
    return spec.partition(":")[0].strip() != "random"


def bot_placement(spec: str, seed: int, seat: int | None = None) -> Placement:
    """The placement the bot ``spec`` makes in a game whose placement seed is ``seed``
    (``seat``, if the caller knows it, lets left and right count: see the module).

    >>> bot_placement("heuristic", 3) == bot_placement("heuristic", 3)
    True
    """
    rng = random.Random(f"{seed}/placement/{spec}")
    if not uses_strategy(spec):
        return Placement.random(rng)
    candidates = [Placement.random(rng) for _ in range(CANDIDATES)]
    scores = [SHARPNESS * score(candidate, seat) for candidate in candidates]
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    return rng.choices(candidates, weights)[0]


__all__ = ["WEIGHTS", "bot_placement", "features", "score"]
