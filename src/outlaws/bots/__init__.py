"""Opponents. A bot is given a seat's :class:`~outlaws.engine.View` and the legal actions
the engine computed for it, never the true state."""

from .base import Bot, play_game
from .random_bot import RandomBot
from .registry import BotKind, bot_kind, bot_names, bot_specs, make_bot, register

__all__ = [
    "Bot",
    "BotKind",
    "RandomBot",
    "bot_kind",
    "bot_names",
    "bot_specs",
    "make_bot",
    "play_game",
    "register",
]
