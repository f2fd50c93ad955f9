"""Bots by name: ``random``, ``heuristic``, ``search:3`` (a level from 1 to 5)."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

#: name -> factory(level, seed). Filled in below and by the modules of the other bots.
_FACTORIES: dict[str, Callable[[int | None, int | None], Bot]] = {
    "random": lambda level, seed: RandomBot(seed),
    "heuristic": lambda level, seed: HeuristicBot(seed),
    "search": lambda level, seed: SearchBot(seed, level=level or 3),
}


def register(name: str, factory: Callable[[int | None, int | None], Bot]) -> None:
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
