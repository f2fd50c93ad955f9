"""Server tests: each test runs its own app on an SQLite file in its tmp_path."""

from __future__ import annotations

import warnings

# Starlette's test client announces a future move to another HTTP client library; the
# tests use it as documented today. Imported once here, quietly.
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    import fastapi.testclient  # noqa: F401

# The fixtures of several apps on one database and one bus, for every server test.
from processkit import buses, database  # noqa: F401
