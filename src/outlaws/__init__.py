"""Outlaws: Last Man Standing — rules engine, bots and tables.

The rules live in :mod:`outlaws.engine`; everything else stands on it.
"""

__version__ = "0.1.0"
