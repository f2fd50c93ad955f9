"""Tests of ``outlaws.server.games``: the games."""
