"""Attacks on the server, each refused."""
