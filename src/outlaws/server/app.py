"""The ASGI app: ``create_app(settings)`` mounts every feature's routes, the middleware
and the error handlers, and builds the server's parts at start-up (:mod:`.wiring`).
``outlaws serve`` runs it under uvicorn."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import Scope

from .accounts import routes as accountroutes
from .analysis import routes as analysisroutes
from .chat import routes as chatroutes
from .cluster import health
from .common.errors import ApiError
from .common.settings import Settings
from .games import play_routes, record_routes, routes
from .http.guard import BodyTimeout
from .http.limits import BodyLimit
from .http.logs import hide_secrets_in_logs
from .http.routing import error_response
from .http.widths import FixedWidthAnswers
from .live import signout_routes
from .live import socket as ws
from .lobby import rematch_routes
from .lobby import routes as lobbyroutes
from .ratings import routes as ratingroutes
from .wiring import House

DESCRIPTION = """\
The table of **Outlaws: Last Man Standing**, server side.

Create a game against a bot or a friend (`POST /games`); each seat gets a secret token
that alone lets it act and see its cards. Play over HTTP (`POST /games/{id}/actions`) or,
live, over the WebSocket `/ws/games/{id}` (docs/protocol.md). Everything a seat
or a spectator is sent is the engine's view for it, and nothing else.

Errors have one shape: `{"error": {"code", "message", "field" | "rule"}}`.
"""

#: The browser table: static files (no build step), served at ``/`` and ``/static/``.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


#: Headers of the browser table's pages (``/`` and ``/static/``).
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' "
    "'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


class WebFiles(StaticFiles):
    """The table's files, revalidated on every load (``no-cache`` with their ETag): after
    an upgrade no browser mixes old and new modules."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.setdefault("Cache-Control", "no-cache")
        return response


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server app for ``settings`` (default: ./outlaws.db)."""
    settings = settings or Settings()
    hide_secrets_in_logs()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        house = House(settings)
        await house.start()
        house.install(app)
        app.state.stopping = False
        try:
            yield
        finally:
            # First: a balancer's readiness probe now says "stopping" (server/cluster/health.py).
            health.mark_stopping(app)
            await house.stop()

    app = FastAPI(
        title="Outlaws server",
        version="1",
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.settings = settings
    #: The WebSockets open from each client address (``server/live/socket.py``'s limits): its
    #: spectators' and lobby's, and those waiting for their hello.
    app.state.sockets_of_client = {}
    app.state.waiting_of_client = {}
    app.include_router(routes.router)
    app.include_router(play_routes.router)
    app.include_router(record_routes.router)
    app.include_router(analysisroutes.router)
    app.include_router(accountroutes.router)
    app.include_router(routes.account)
    app.include_router(signout_routes.router)
    app.include_router(ratingroutes.players)
    app.include_router(chatroutes.router)
    app.include_router(ws.router)
    app.include_router(lobbyroutes.router)
    app.include_router(rematch_routes.router)
    # /healthz and /readyz for load balancers: no token, nothing hidden (server/cluster/health.py).
    app.include_router(health.router)
    # Answers about games in fixed width like the WebSocket's: their lengths tell nothing.
    app.add_middleware(FixedWidthAnswers)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    # Added after BodyLimit, so around it (the last added is the outermost): the body
    # BodyLimit reads is timed. Inside the page headers' middleware, which needs an answer.
    app.add_middleware(BodyTimeout, timeout=settings.body_timeout)

    @app.get("/", include_in_schema=False)
    async def _home() -> FileResponse:
        # The browser table (src/outlaws/web); its pages are hash routes (/#/game/...),
        # so that seat tokens in them never reach the server or its logs.
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    @app.middleware("http")
    async def _page_headers(request: Request, call_next: Any) -> Response:
        # The table's pages: no framing, no other origin's scripts, no referrer.
        response: Response = await call_next(request)
        path = request.url.path
        if path == "/" or path.startswith("/static/"):
            response.headers.update(PAGE_HEADERS)
        return response

    app.mount("/static", WebFiles(directory=WEB_DIR), name="static")

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_response(error)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(_from_validation(error.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http")
        return error_response(ApiError(error.status_code, code, str(error.detail)))

    return app


def _from_validation(errors: Any) -> ApiError:
    """FastAPI's validation errors, in this API's shape: the first one, with its field."""
    first = errors[0] if errors else {}
    if first.get("type") == "json_invalid":
        return ApiError(
            400, "malformed_json", f"not valid JSON: {first.get('ctx', {}).get('error', '')}"
        )
    loc = [str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path")]
    field = ".".join(loc) or None
    message = first.get("msg", "bad request")
    if field:
        message = f"{field}: {message}"
    return ApiError(422, "invalid", message, field=field)
