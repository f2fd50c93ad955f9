"""What the research adapters add to the rest of the package, as the registries see it.

pyproject.toml names these objects in entry points, so that the lower layers find them
without naming this package (layers only point down). This module imports nothing heavy:
OpenSpiel is imported when a bot is made.
"""

from __future__ import annotations

from ..bots.registry import BotKind

#: ``openspiel-ismcts:N``: OpenSpiel's own Python IS-MCTS, given about the CPU time of
#: ``search:N`` a decision (:class:`outlaws.adapters.openspiel.OpenSpielISMCTSBot`).
OPENSPIEL_ISMCTS = BotKind(
    "outlaws.adapters.openspiel:OpenSpielISMCTSBot",
    levels=True,
    extra="outlaws[rl]",
    requires=("pyspiel", "open_spiel"),
    summary="OpenSpiel's IS-MCTS, at the CPU time of search for the same level",
)

#: ``learned:PATH``: a trained policy read from a file (NumPy only,
#: :class:`outlaws.adapters.learned.LearnedBot`); never offered by the server.
LEARNED = BotKind(
    "outlaws.adapters.learned:LearnedBot",
    path=True,
    summary="a trained policy read from a file (examples/train_ppo.py makes one)",
)

__all__ = ["LEARNED", "OPENSPIEL_ISMCTS"]
