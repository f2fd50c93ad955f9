"""Tests of ``outlaws.cli``: the terminal game, its chooser and words, and ``outlaws replay``."""
