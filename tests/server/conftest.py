"""Server tests: each test runs its own app on an SQLite file in its tmp_path; the
fixtures of several apps on one database and one bus come from the root conftest."""
