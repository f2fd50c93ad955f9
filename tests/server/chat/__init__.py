"""Tests of ``outlaws.server.chat``: chat."""
