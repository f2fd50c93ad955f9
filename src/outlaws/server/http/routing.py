"""What every feature's routes share: a route class that refuses tokens in URLs, the
``Authorization`` header a seat's token travels in, the one shape of an error answer,
and :func:`part`, the FastAPI dependency that hands a route the part of the server it
needs (built once by :mod:`outlaws.server.wiring`)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, Any, TypeVar

from fastapi import Header, Request
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from starlette.requests import HTTPConnection

from ..common.errors import ApiError
from .auth import refuse_token_in_url

T = TypeVar("T")


class NoTokenInUrl(APIRoute):
    """A route that refuses a request with a token in its query string (400
    ``token_in_url``) before anything else: before its body is parsed, its parameters
    checked or its endpoint run, so that such a request never acts."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            refuse_token_in_url(request.query_params.keys())
            return await handler(request)

        return guarded


AuthHeader = Annotated[
    str | None,
    Header(
        description="`Bearer TOKEN`: your seat's secret token (none: the public view). "
        "Never in the URL: `?token=` is refused (400 `token_in_url`)."
    ),
]


def error_response(error: ApiError) -> JSONResponse:
    return JSONResponse({"error": error.body()}, status_code=error.status)


def part(name: str, kind: type[T]) -> Callable[[HTTPConnection], T]:
    """A dependency that gives a route (HTTP or WebSocket) the server's part ``name``, as
    the wiring put it on the app's state: ``Annotated[Chat, Depends(part("chat", Chat))]``."""

    def get(connection: HTTPConnection) -> T:
        found = getattr(connection.app.state, name)
        assert isinstance(found, kind), f"app.state.{name} is not a {kind.__name__}"
        return found

    get.__name__ = f"{name}_part"
    return get
