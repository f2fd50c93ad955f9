"""Tests of ``outlaws.server.common``: what every feature shares."""
