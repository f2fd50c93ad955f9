"""Bots by name: ``random``, ``heuristic``, ``search:3`` (a level from 1 to 5), and
``openspiel-ismcts:3`` (OpenSpiel's IS-MCTS at ``search``'s time budget for that level;
it needs the ``rl`` extra: :mod:`outlaws.adapters.openspiel`).

The bot modules are imported when a bot is made, so that commands that need no bot
(``outlaws replay``) start without loading the deduction layer and NumPy.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from .base import Bot


def _lazy(module: str, cls: str, levelled: bool = False) -> Callable[[int | None, int | None], Bot]:
    def factory(level: int | None, seed: int | None) -> Bot:
        bot_class = getattr(import_module(module, __package__), cls)
        return bot_class(seed, level=level or 3) if levelled else bot_class(seed)

    return factory


def _openspiel_ismcts(level: int | None, seed: int | None) -> Bot:
    """OpenSpiel's IS-MCTS (outlaws.adapters.openspiel): needs the ``rl`` extra."""
    try:
        module = import_module("..adapters.openspiel", __package__)
    except ImportError as error:
        raise ValueError(
            f"openspiel-ismcts needs the rl extra (pip install 'outlaws[rl]'): {error}"
        ) from None
    return module.OpenSpielISMCTSBot(seed, level=level or 3)


#: name -> factory(level, seed).
_FACTORIES: dict[str, Callable[[int | None, int | None], Bot]] = {
    "random": _lazy(".random_bot", "RandomBot"),
    "heuristic": _lazy(".heuristic", "HeuristicBot"),
    "search": _lazy(".search", "SearchBot", levelled=True),
    "openspiel-ismcts": _openspiel_ismcts,
}


def register(name: str, factory: Callable[[int | None, int | None], Bot]) -> None:
    """Make another bot known by ``name`` (``factory(level, seed)`` builds one)."""
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    return sorted(_FACTORIES)


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """The bot a spec names: ``"random"``, ``"heuristic"``, ``"search:3"``.

    Raises ValueError with the known names for an unknown spec.
    """
    name, _, level_text = spec.strip().partition(":")
    if name not in _FACTORIES:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    level = None
    if level_text:
        if not level_text.isdigit() or not 1 <= int(level_text) <= 5:
            raise ValueError(f"bot level must be 1 to 5, not {level_text!r}")
        level = int(level_text)
    return _FACTORIES[name](level, seed)
