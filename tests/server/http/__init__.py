"""Tests of ``outlaws.server.http``: the HTTP edge."""
