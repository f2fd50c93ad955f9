"""Storage: the SQL schema, its migrations and the games' rows (SQLAlchemy Core, Alembic)."""
