"""Tests of ``outlaws.server.ratings``: ratings."""
