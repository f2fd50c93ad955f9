"""Secrets never reach a log line.

A seat's token is the only key to its hidden cards, and an invite gives away a seat.
Tokens no longer travel in URLs (``server/auth.py``: a ``?token=`` is refused), but a
client may still put one there, and uvicorn logs every WebSocket it accepts, with the
URL, even with the access log off. Defence in depth: a filter on uvicorn's loggers
blanks every ``token=`` value and invite code before any handler sees the record.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

#: ``token=VALUE`` in a query string, and the code in an invite path.
_SECRET = re.compile(r"(token=|/invites/)[^&\s\"'/?]+")
HIDDEN = r"\1<hidden>"
#: The loggers uvicorn writes request lines to.
LOGGERS = ("uvicorn.error", "uvicorn.access")


#: Any query parameter: its name is read percent-decoded (``tok%65n=`` is ``token=``).
_PARAM = re.compile(r"([?&;])([^=&;\s\"'?#]+)=([^&;\s\"'#]*)")
_SECRET_NAMES = frozenset({"token", "invite", "authorization"})


def _hide_param(match: re.Match[str]) -> str:
    name = unquote_plus(match.group(2)).strip().lower()
    if name in _SECRET_NAMES:
        return f"{match.group(1)}{match.group(2)}=<hidden>"
    return match.group(0)


def redact(text: str) -> str:
    """``text`` with every token and invite code replaced by ``<hidden>``."""
    return _PARAM.sub(_hide_param, _SECRET.sub(HIDDEN, text))


class RedactSecrets(logging.Filter):
    """Rewrites a record's message and string arguments without the secrets in them."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def hide_secrets_in_logs() -> None:
    """Install the filter on uvicorn's loggers (once, however often it is called)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
