"""Tests of ``outlaws.server.cluster``: several processes."""
