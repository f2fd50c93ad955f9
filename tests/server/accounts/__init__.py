"""Tests of ``outlaws.server.accounts``: accounts."""
