"""Shared by every folder of tests (tests/README.md says how the suite runs).

Helpers are modules of the ``tests`` package, imported by their names
(``tests.scenario``, ``tests.server.serverkit``, ``tests.browser.tablekit``, ...). The
fixtures of several server processes on one database and one bus (``database`` and
``buses``, from tests/server/processkit.py) serve the server and the security tests.
"""

pytest_plugins = ["tests.server.processkit"]
