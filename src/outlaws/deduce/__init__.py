"""Deduction: what a seat can know of the hidden cards, from its view alone.

:class:`Belief` holds the exact posterior over the opponent's Main Street arrangement
(at most 8! = 40,320 arrangements, NumPy) and what each token slot may hold, updated event
by event, and samples complete hidden worlds for the search.
"""

from .arrangement import MoveModel
from .belief import Belief, World, token_marginals, unseen_tokens, world_state

__all__ = ["Belief", "MoveModel", "World", "token_marginals", "unseen_tokens", "world_state"]
