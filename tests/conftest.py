"""The whole suite's fixtures, shared by ``pytest_plugins`` rather than by imports: the
server's (several apps on one database and one bus: ``database``, ``buses``), which the
server tests and the attack tests both use. The markers and the environment switches
are in tests/README.md."""

pytest_plugins = ["tests.server.processkit"]
