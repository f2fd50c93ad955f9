"""Tests of ``outlaws.server``: apps on SQLite files, and on PostgreSQL and Redis when given."""
