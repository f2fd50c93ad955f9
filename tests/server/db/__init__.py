"""Tests of ``outlaws.server.db``: storage."""
