"""Tests of ``outlaws.ratings``: Glicko-2."""
