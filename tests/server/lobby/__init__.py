"""Tests of ``outlaws.server.lobby``: the lobby and rematches."""
