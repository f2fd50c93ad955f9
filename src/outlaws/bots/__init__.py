"""Opponents. A bot is given a seat's :class:`~outlaws.engine.View` and the legal actions
the engine computed for it, never the true state."""

from .base import Bot, play_game
from .random_bot import RandomBot
from .registry import bot_names, make_bot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "play_game"]
