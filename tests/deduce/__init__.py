"""Tests of ``outlaws.deduce``: the belief over the other seat's street, and move models."""
