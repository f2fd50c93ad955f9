"""Secrets never reach a log line.

A seat's token is the only key to its hidden cards, and an invite gives away a seat.
Tokens no longer travel in URLs (``server/http/auth.py``: a ``?token=`` is refused), but a
client may still put one there, and uvicorn logs every WebSocket it accepts, with the
URL, even with the access log off; at ``--log-level debug`` the WebSocket library logs
every frame through uvicorn's logger too, a seat's hello with its token. Defence in
depth: a filter on uvicorn's loggers blanks, before any handler sees the record, the
value of every query parameter that :func:`.auth.names_a_token` (however it is spelt or
encoded) and of ``invite``, every invite code in a path, the token of a JSON message
(``"token": "…"``) and of an ``Authorization: Bearer`` header.
"""

from __future__ import annotations

import logging
import re

from .auth import names_a_token, plain_name

#: ``token=VALUE`` in a query string, the code in an invite path, a JSON message's
#: ``"token": "VALUE"`` (any key naming a token), a ``Bearer VALUE``.
_SECRET = re.compile(
    r"(token=|/invites/)[^&\s\"'/?]+"
    r"|([\"'][^\"']*(?:token|invite)[^\"']*[\"']\s*:\s*[\"'])[^\"']*"
    r"|(?i:(bearer\s+))\S+"
)
HIDDEN = "<hidden>"
#: The loggers uvicorn writes request lines to.
LOGGERS = ("uvicorn.error", "uvicorn.access")


#: Any query parameter: its name is read percent-decoded (``tok%65n=`` is ``token=``).
_PARAM = re.compile(r"([?&;])([^=&;\s\"'?#]+)=([^&;\s\"'#]*)")


def _hide_param(match: re.Match[str]) -> str:
    name = match.group(2)
    if names_a_token(name) or plain_name(name) == "invite":
        return f"{match.group(1)}{name}={HIDDEN}"
    return match.group(0)


def _hide_secret(match: re.Match[str]) -> str:
    kept = next(group for group in match.groups() if group is not None)
    return f"{kept}{HIDDEN}"


def redact(text: str) -> str:
    """``text`` with every token and invite code replaced by ``<hidden>``."""
    return _PARAM.sub(_hide_param, _SECRET.sub(_hide_secret, text))


class RedactSecrets(logging.Filter):
    """Rewrites a record's message, its arguments put in (a frame the WebSocket library
    logs is an object, written out only then), without the secrets in it."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # arguments that do not fit: logged as they are
            return True
        hidden = redact(message)
        if hidden != message:
            record.msg, record.args = hidden, ()
        return True


def hide_secrets_in_logs() -> None:
    """Install the filter on uvicorn's loggers (once, however often it is called)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
