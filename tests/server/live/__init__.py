"""Tests of ``outlaws.server.live``: live connections."""
