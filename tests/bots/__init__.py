"""Tests of ``outlaws.bots``: the bots, their registry, placement, ladder and the tutorial."""
