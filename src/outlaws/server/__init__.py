"""The Outlaws server: games against bots and friends over HTTP and WebSockets.

``create_app(Settings(db_url=...))`` is the ASGI app; ``outlaws serve`` runs it. The
engine is the only judge of legality, the database (through SQLAlchemy, its schema made by
the Alembic migrations shipped here) the only memory, and every client is sent only the
engine's view for its seat.
"""

from .app import create_app
from .common.settings import Settings

__all__ = ["Settings", "create_app"]
