"""Errors that reach a client: one shape everywhere.

Over HTTP an error is a status code and the body ``{"error": {"code", "message", ...}}``;
on a WebSocket it is the message ``{"type": "error", "error": {...}}``. ``field`` names
the JSON field at fault (docs/format.md's dotted path), ``rule`` the docs/rules.md id broken.
"""

from __future__ import annotations

from typing import Any

from ...engine import FormatError, IllegalAction, PlacementError, ReplayError


class ApiError(Exception):
    """A refusal to show the client. Raising it never changes a game."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        field: str | None = None,
        rule: str | None = None,
        action: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule
        self.action = action

    def body(self) -> dict[str, Any]:
        """The ``error`` object (without the envelope)."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        if self.rule is not None:
            out["rule"] = self.rule
        if self.action is not None:
            out["action"] = self.action
        return out


def unknown_game(game_id: str) -> ApiError:
    return ApiError(404, "unknown_game", f"no game {game_id!r} on this server")


def bad_token() -> ApiError:
    return ApiError(403, "bad_token", "this token holds no seat in this game", field="token")


def from_engine(error: Exception, code: str = "bad_action") -> ApiError:
    """The client's view of an engine error: a bad field (422, ``code``; a placement's
    also names R3.1) or a broken rule (409 ``illegal_action``). An error inside a record
    names the action's number too."""
    if isinstance(error, ReplayError):
        inner = from_engine(error.error, code)
        inner.action = error.number
        inner.message = str(error)
        return inner
    if isinstance(error, IllegalAction):
        return ApiError(409, "illegal_action", str(error), rule=error.rule)
    if isinstance(error, PlacementError):  # a bad field of a placement breaks R3.1 too
        return ApiError(422, code, str(error), field=error.field or None, rule=error.rule)
    if isinstance(error, FormatError):
        return ApiError(422, code, str(error), field=error.field or None)
    return ApiError(422, code, str(error))
