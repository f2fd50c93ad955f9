"""Tests of ``outlaws.arena``: bots played against each other, and results merged."""
